"""The client's saves folder: DESTRIER_SAVES_DIR is honoured by saving and loading, and a save
linked out of the folder is listed as refused and refused when clicked."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.persist import Match, save_game
from game.persist.folders import SAVES_ENV, data_dir
from game.persist.schema import SaveError
from game.persist.slots import load_slot
from game.ui import navigation
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.screens.dialog import MessageDialog
from game.ui.screens.load import LoadScreen
from game.ui.settings import Settings
from tests.ui.conftest import frames
from tests.ui.test_play_e2e import click


def press(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    frames(app, 1)


@pytest.fixture
def own_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """An App that finds its saves folder itself, as main.py's does, with DESTRIER_SAVES_DIR set."""
    monkeypatch.setenv(SAVES_ENV, str(tmp_path / "chosen saves"))
    a = App(settings=Settings(animation_speed=0, blindfold=False), build=navigation.build)
    yield a
    pygame.display.quit()


def test_the_client_saves_and_loads_in_the_folder_the_variable_names(own_app: App, tmp_path: Path) -> None:
    chosen = tmp_path / "chosen saves"
    assert own_app.saves_dir == chosen and chosen.is_dir()
    battle = BattleScreen(own_app, Match.start("skirmish-field", 3), "hotseat")
    own_app.reset(battle)
    frames(own_app, 2)
    press(own_app, pygame.K_F5)  # quicksave
    assert (chosen / "quicksave.json").is_file()
    assert not (data_dir() / "saves" / "quicksave.json").exists()
    load = LoadScreen(own_app)
    own_app.reset(load)
    frames(own_app, 1)
    assert [s.path for s in load.saves] == [chosen / "quicksave.json"]
    click(own_app, load.buttons[0].rect.center)
    assert isinstance(own_app.top, BattleScreen)
    assert own_app.top.state.digest() == battle.state.digest()


def test_without_the_variable_the_saves_are_in_the_data_folder(app: App,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SAVES_ENV, raising=False)
    fresh = App(settings=Settings(animation_speed=0), build=navigation.build)
    assert fresh.saves_dir == data_dir() / "saves" and fresh.saves_dir.is_dir()


def test_a_save_linked_from_outside_the_folder_is_refused_when_listed_and_when_clicked(
        app: App, tmp_path: Path) -> None:
    (tmp_path / "outside").mkdir()
    outside = save_game(Match.start("skirmish-field", 5), tmp_path / "outside" / "game.json")
    app.saves_dir.mkdir(parents=True, exist_ok=True)
    link = app.saves_dir / "linked.json"
    link.symlink_to(outside)
    load = LoadScreen(app)
    app.reset(load)
    frames(app, 1)
    [info] = load.saves
    assert info.path == link and "outside the saves folder" in info.detail
    click(app, load.buttons[0].rect.center)
    assert isinstance(app.top, MessageDialog)  # refused, not loaded
    assert not any(isinstance(s, BattleScreen) for s in app.stack)
    with pytest.raises(SaveError, match="outside the saves folder"):
        load_slot(link)
    with pytest.raises(SaveError, match="outside the saves folder"):
        load_slot(outside, app.saves_dir)


def test_a_save_whose_file_name_is_not_text_is_listed_without_an_error(app: App) -> None:
    app.saves_dir.mkdir(parents=True, exist_ok=True)
    save_game(Match.start("skirmish-field", 5), app.saves_dir / os.fsdecode(b"caf\xe9.json"))
    load = LoadScreen(app)
    app.reset(load)
    frames(app, 2)
    assert load.buttons[0].label.startswith("caf\\xe9")  # the byte shown escaped, as everywhere
