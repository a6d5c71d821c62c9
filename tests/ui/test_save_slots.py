"""Saves by name: the pause menu's Save game opens a screen with a name to type, the saves below it
and Save and Cancel; a refused name says why and writes nothing; replacing a save asks first. Played
through posted keys, as a player would."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai import EagerPlayer
from game.persist import Match
from game.persist.saves import save_game
from game.persist.slots import load_slot, save_slot, validate_slot_name
from game.ui import navigation, places
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.persistence import list_saves
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.load import LoadScreen
from game.ui.screens.pause import PauseMenu
from game.ui.screens.save_game import SaveGameScreen
from game.ui.settings import Settings
from game.ui.widgets import Button
from tests.ui.conftest import frames
from tests.ui.test_play_e2e import click


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = App(settings=Settings(animation_speed=0, blindfold=False), config_dir=tmp_path / "config",
            saves_dir=tmp_path / "saves", build=navigation.build)
    yield a
    pygame.display.quit()


def played(commands: int, seed: int = 3) -> Match:
    """A game of the skirmish field some commands in (two eager players)."""
    match = Match.start("skirmish-field", seed)
    players = {"red": EagerPlayer(7), "blue": EagerPlayer(8)}
    for _ in range(commands):
        side = match.engine.state.acting_side
        match.submit(players[side].choose(match.engine, side))
    return match


def press(app: App, key: int, mod: int = 0) -> None:
    """Post a key and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    frames(app, 1)


def write(app: App, words: str) -> None:
    """Type letters, as the keyboard sends them (text input), and run a frame."""
    for letter in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    frames(app, 1)


def retype(app: App, words: str) -> None:
    """Select what the entry holds (Ctrl+A) and type over it."""
    press(app, pygame.K_a, pygame.KMOD_CTRL)
    write(app, words)


def open_save_screen(app: App, battle: BattleScreen) -> SaveGameScreen:
    """Esc on the table, Down to Save game, Enter."""
    app.reset(battle)
    frames(app, 2)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    screen = app.top
    assert isinstance(screen, SaveGameScreen)
    return screen


def label_of(button_label: str) -> str:
    """The name a save is listed by (before the scenario's title)."""
    return button_label.split(":")[0]


def save_button(screen: SaveGameScreen) -> Button:
    return next(b for b in screen.buttons if b.label == "Save (Enter)")


def test_a_game_saved_under_a_typed_name_is_listed_by_it_and_loads_as_it_was(app: App) -> None:
    battle = BattleScreen(app, played(12), "hotseat")
    screen = open_save_screen(app, battle)
    assert screen.typed() == f"Skirmish Field, turn {battle.state.turn}"  # offered: the scenario and turn
    assert screen.typing and save_button(screen).enabled
    retype(app, "before_the_charge")
    assert screen.typed() == "before_the_charge"
    press(app, pygame.K_RETURN)
    assert app.top is battle and battle.flash == "Saved as before_the_charge"
    assert (app.saves_dir / "before_the_charge.json").is_file()
    battle.say("")

    app.apply(places.Push(places.Load()))
    load = app.top
    assert isinstance(load, LoadScreen)
    frames(app, 1)
    row = next(b for b in load.buttons if label_of(b.label) == "before_the_charge")
    assert "Skirmish Field" in row.label and f"turn {battle.state.turn}/" in row.label
    click(app, row.rect.center)
    loaded = app.top
    assert isinstance(loaded, BattleScreen) and loaded is not battle
    assert loaded.state.digest() == battle.state.digest()
    assert loaded.session.engine.commands == battle.session.engine.commands


@pytest.mark.parametrize("name", ["my save!", "autosave", "ford.v2", "x" * 41])
def test_a_refused_name_says_why_greys_save_and_writes_nothing(app: App, name: str) -> None:
    with pytest.raises(ValueError) as refused:
        validate_slot_name(name)
    battle = BattleScreen(app, played(4), "hotseat")
    screen = open_save_screen(app, battle)
    before = sorted(p.name for p in app.saves_dir.glob("*.json"))
    retype(app, name)
    line, _ = screen.note()
    assert line.lower() == str(refused.value).lower()
    assert not save_button(screen).enabled
    press(app, pygame.K_RETURN)  # Enter in the entry: nothing
    click(app, save_button(screen).rect.center)  # the greyed Save: nothing
    assert app.top is screen and battle.flash == ""
    assert sorted(p.name for p in app.saves_dir.glob("*.json")) == before
    retype(app, "fine_name")  # a good name again lights Save
    assert screen.note()[0] != line and save_button(screen).enabled


def test_replacing_a_save_asks_first_and_no_leaves_it_untouched(app: App) -> None:
    app.saves_dir.mkdir(parents=True)
    old = save_slot(played(2, seed=5), app.saves_dir, "keep")
    old_bytes = old.read_bytes()
    battle = BattleScreen(app, played(10), "hotseat")
    screen = open_save_screen(app, battle)
    retype(app, "keep")
    assert "exists" in screen.note()[0]
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, ConfirmDialog) and "keep" in app.top.message
    press(app, pygame.K_n)  # No: back to naming, the save as it was
    assert app.top is screen and screen.typed() == "keep"
    assert old.read_bytes() == old_bytes
    press(app, pygame.K_ESCAPE)  # Cancel: back to the game, nothing saved
    assert app.top is battle and old.read_bytes() == old_bytes

    screen = open_save_screen(app, battle)
    retype(app, "keep")
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, ConfirmDialog)
    press(app, pygame.K_RETURN)  # Yes
    assert app.top is battle and battle.flash == "Saved as keep"
    assert load_slot(old).engine.state.digest() == battle.state.digest()


def test_choosing_a_save_of_the_list_takes_its_name(app: App) -> None:
    app.saves_dir.mkdir(parents=True)
    save_slot(played(2, seed=5), app.saves_dir, "older_one")
    screen = open_save_screen(app, BattleScreen(app, played(3), "hotseat"))
    row = next(b for b in screen.buttons if b.label.startswith("older_one"))
    click(app, row.rect.center)
    assert screen.typed() == "older_one" and screen.typing and "exists" in screen.note()[0]


def test_the_keys_go_round_the_entry_the_saves_save_and_cancel(app: App) -> None:
    app.saves_dir.mkdir(parents=True)
    save_slot(played(2, seed=5), app.saves_dir, "older_one")
    battle = BattleScreen(app, played(3), "hotseat")
    screen = open_save_screen(app, battle)
    assert screen.typing and screen.focused() is None
    press(app, pygame.K_TAB)
    assert not screen.typing and (focused := screen.focused()) and focused.label.startswith("older_one")
    press(app, pygame.K_DOWN)
    assert (focused := screen.focused()) and focused.label == "Save (Enter)"
    press(app, pygame.K_TAB)
    assert (focused := screen.focused()) and focused.label == "Cancel (Esc)"
    press(app, pygame.K_TAB)  # round to the entry
    assert screen.typing
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # and back to Cancel
    assert (focused := screen.focused()) and focused.label == "Cancel (Esc)"
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    assert (focused := screen.focused()) and focused.label.startswith("older_one")
    press(app, pygame.K_RETURN)  # Enter on a save takes its name, the entry takes the keys
    assert screen.typing and screen.typed() == "older_one"
    write(app, "_2")  # typing goes on where the name ends
    assert screen.typed() == "older_one_2"
    press(app, pygame.K_TAB)
    write(app, "x")  # typing with the focus on a button brings it back to the entry
    assert screen.typing and screen.typed() == "older_one_2x"
    press(app, pygame.K_ESCAPE)
    assert app.top is battle and battle.flash == ""
    assert not (app.saves_dir / "older_one_2x.json").exists()


def test_quick_save_stays_in_the_pause_menu_and_on_its_key(app: App) -> None:
    battle = BattleScreen(app, played(3), "hotseat")
    app.reset(battle)
    frames(app, 2)
    press(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseMenu)
    quick = next(b for b in pause.buttons if b.label == "Quick save (F5)")
    click(app, quick.rect.center)
    assert app.top is battle and battle.flash == "Saved to quicksave.json"
    (app.saves_dir / "quicksave.json").unlink()
    press(app, pygame.K_F5)
    assert (app.saves_dir / "quicksave.json").is_file()


def test_the_load_screen_names_the_autosave_and_lists_newest_first(app: App) -> None:
    app.saves_dir.mkdir(parents=True)
    save_game(played(2), app.saves_dir / "autosave.json")
    later = save_slot(played(3), app.saves_dir, "named_one")
    stamp = (app.saves_dir / "autosave.json").stat().st_mtime + 5
    os.utime(later, (stamp, stamp))
    labels = [label_of(info.label) for info in list_saves(app.saves_dir)]
    assert labels == ["named_one", "Autosave"]
