"""Screens say where to go and the app goes there: places built by the navigation module, the
transitions applied by the app, and the window's full screen and size kept steady."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.persist import Match
from game.ui import navigation, places
from game.ui.app import App
from game.ui.battle.coach import Coach
from game.ui.battle.screen import BattleScreen
from game.ui.screens.dialog import MessageDialog
from game.ui.screens.load import LoadScreen
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseMenu
from game.ui.screens.rules import RulesScreen
from game.ui.settings import Settings
from tests.ui.conftest import frames
from tests.ui.test_play_e2e import key


def test_each_simple_place_is_built_into_its_screen(app: App) -> None:
    built = {type(navigation.build(app, place)).__name__ for place in (
        places.MainMenu(), places.ScenarioPicker("solo"), places.Rules("rule-dice"), places.Settings(),
        places.Load(), places.Handover("blue"), places.Message("Heading", "Words"),
        places.Confirm("Sure?", "Really.", lambda: places.Pop()), places.SoloSetup("the-ford", 1),
        places.WatchSetup("the-ford", 1))}
    assert built == {"MainMenu", "ScenarioPicker", "RulesScreen", "SettingsScreen", "LoadScreen",
                     "HandoverScreen", "MessageDialog", "ConfirmDialog", "SoloSetup", "WatchSetup"}


def test_a_battle_place_without_autosave_keeps_clear_of_the_saves(app: App) -> None:
    app.apply(places.Reset(places.Battle(Match.start("skirmish-field", 3), "hotseat", autosave=False)))
    assert isinstance(app.top, BattleScreen) and app.top.session.saves_dir is None
    app.apply(places.Reset(places.Battle(Match.start("skirmish-field", 3), "hotseat")))
    assert isinstance(app.top, BattleScreen) and app.top.session.saves_dir == app.saves_dir


def test_the_tutorial_puts_its_game_under_the_coach(app: App) -> None:
    app.apply(places.Reset(places.MainMenu()))
    app.apply(places.Push(places.Tutorial()))
    menu, battle, coach = app.stack
    assert isinstance(menu, MainMenu) and isinstance(battle, BattleScreen) and isinstance(coach, Coach)
    assert coach.battle is battle and battle.session.saves_dir is None


def test_the_pause_menu_saves_closes_and_the_table_says_so(app: App) -> None:
    battle = BattleScreen(app, Match.start("skirmish-field", 3), "hotseat")
    app.reset(battle)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseMenu) and pause.game is battle
    app.apply(pause.save())
    assert app.top is battle and battle.flash == "Saved to quicksave.json"
    assert (app.saves_dir / "quicksave.json").is_file()


def test_a_save_that_cannot_be_opened_says_why_over_the_load_screen(app: App, tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    app.reset(LoadScreen(app))
    app.apply(places.Push(places.OpenSave(bad)))
    assert isinstance(app.top, MessageDialog) and "broken.json" in app.top.message
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, LoadScreen)


def test_nothing_to_resume_is_told_not_crashed(app: App) -> None:
    app.apply(places.Reset(places.MainMenu()))
    app.apply(places.Push(places.Resume()))
    assert isinstance(app.top, MessageDialog) and len(app.stack) == 2


def test_the_rules_key_opens_the_rules_once_and_closes_them(app: App) -> None:
    app.apply(places.Reset(places.MainMenu()))
    key(app, pygame.K_F1)
    assert isinstance(app.top, RulesScreen) and len(app.stack) == 2
    key(app, pygame.K_F1)
    assert isinstance(app.top, MainMenu) and len(app.stack) == 1


# --- the window ------------------------------------------------------------------------------
@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    """Every time the display is made again."""
    calls: list[tuple[object, ...]] = []
    real = pygame.display.set_mode

    def spy(*args: object, **kwargs: object) -> pygame.Surface:
        calls.append(args)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pygame.display, "set_mode", spy)
    return calls


def _storm(app: App, size: tuple[int, int], n: int = 10) -> None:
    """The resize events a display sends after a change of mode, a frame apart."""
    for _ in range(n):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.step(1 / 60)


def test_full_screen_and_back_makes_the_window_once_each_way(app: App,
                                                             made: list[tuple[object, ...]]) -> None:
    app.apply(places.Reset(places.MainMenu()))
    key(app, pygame.K_F11)
    assert app.fullscreen and len(made) == 1
    _storm(app, app.surface.get_size())
    assert len(made) == 1
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.surface.get_size() == (1280, 720) and len(made) == 2
    _storm(app, (1280, 720))
    frames(app, 40)
    _storm(app, (1280, 720))  # the echo goes on after the moment has passed: still the same window
    assert len(made) == 2 and app.surface.get_size() == (1280, 720)


def test_the_player_resizing_the_window_is_followed(app: App, made: list[tuple[object, ...]]) -> None:
    app.apply(places.Reset(places.MainMenu()))
    _storm(app, (1000, 640), 3)
    assert app.surface.get_size() == (1000, 640) and len(made) == 1
    _storm(app, (300, 200), 1)
    assert app.surface.get_size() == (800, 500)


def test_the_ui_scale_follows_the_window_unless_the_player_chose_one(tmp_path: Path) -> None:
    big = App(settings=Settings(animation_speed=0), size=(1920, 1080), config_dir=tmp_path,
              saves_dir=tmp_path, build=navigation.build)
    assert big.settings.ui_scale == 1.5 and big.fonts.scale == 1.5
    big.window_resized((1280, 720))
    assert big.settings.ui_scale == 1.0 and big.fonts.scale == 1.0
    chosen = App(settings=Settings(ui_scale=1.25), size=(1920, 1080), config_dir=tmp_path,
                 saves_dir=tmp_path, build=navigation.build)
    assert chosen.settings.ui_scale == 1.25 and not chosen.settings.ui_scale_auto
    pygame.display.quit()
