"""Smoke tests: every screen constructs and renders a few frames under the dummy driver."""

from __future__ import annotations

import json

import pygame

from game.persist import Match
from game.ui.app import App
from game.ui.battle.layout import frame_of
from game.ui.battle.screen import BattleScreen
from game.ui.launch import play_ai
from game.ui.screens.dialog import MessageDialog
from game.ui.screens.handover import HandoverScreen
from game.ui.screens.load import LoadScreen
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseMenu
from game.ui.screens.result import ResultScreen
from game.ui.screens.rules import RulesScreen, parse_rules
from game.ui.screens.scenarios import ScenarioPicker
from game.ui.screens.settings_screen import SettingsScreen
from game.ui.settings import load_settings
from tests.ui.conftest import frames, open_battle


def test_menu_and_simple_screens_render(app: App) -> None:
    for make in (MainMenu, ScenarioPicker, SettingsScreen, RulesScreen, LoadScreen):
        app.reset(make(app))
        frames(app)
        assert app.running


def test_battle_handover_pause_and_result_render(app: App) -> None:
    match = Match.start("skirmish-field", 3)
    battle = BattleScreen(app, match, "hotseat")
    app.reset(battle)
    battle.show_rings = True
    frames(app)
    app.push(HandoverScreen(app, "blue", "why"))
    frames(app, 2)
    app.pop()
    app.push(PauseMenu(app, battle))
    frames(app, 2)
    app.pop()
    play_ai(match, 3000, 3)
    assert match.engine.state.over
    app.push(ResultScreen(app, match))
    frames(app, 2)


def test_watch_mode_plays_commands(app: App) -> None:
    battle = BattleScreen.new(app, "the-ford", 2, "watch")
    app.reset(battle)
    before = len(battle.session.engine.commands)
    for _ in range(40):
        app.step(0.1)
        battle.ai.thinker.wait()  # the AI chooses in a worker thread
    assert len(battle.session.engine.commands) > before


def test_rules_parse_keeps_anchors(app: App) -> None:
    blocks = parse_rules('# Title\n\n<a id="rule-x"></a>\n### Heading\n\n- a **bold** point\n')
    assert blocks[1].anchor == "rule-x" and blocks[2].body.startswith("• a bold")
    screen = RulesScreen(app, "rule-dice")
    app.reset(screen)
    frames(app, 1)
    assert screen.scroll > 0


def test_bad_save_shows_a_dialog_not_a_crash(app: App, tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    app.reset(LoadScreen(app))
    assert not open_battle(app, bad)
    assert isinstance(app.top, MessageDialog)
    frames(app, 2)


def test_corrupt_settings_fall_back_with_a_notice(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "settings.json").write_text(json.dumps({"ui_scale": "huge"}))
    settings, notice = load_settings(tmp_path)
    assert settings.ui_scale == 1.0 and "defaults" in notice


def test_f1_opens_rules_and_escape_closes(app: App) -> None:
    app.reset(MainMenu(app))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    frames(app, 1)
    assert isinstance(app.top, RulesScreen)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    frames(app, 1)
    assert isinstance(app.top, MainMenu)


def test_the_ai_banner_in_the_action_bar_shows_only_its_latest_words(app: App) -> None:
    battle = BattleScreen.new(app, "the-ford", 2, "watch")
    app.reset(battle)
    w, h = app.surface.get_size()
    bar_rect = frame_of((w, h), app.settings.ui_scale).bar_rect
    words = iter(["Orange AI is thinking...   Search (normal)  ·  TAB: skip to the end of its activation",
                  "Orange AI plays   Eager"])
    status = next(words)
    battle.ai.status = lambda skip_key: status  # type: ignore[method-assign]
    app.draw()
    status = next(words)  # the banner changes while the bar's buttons stay as they were
    app.draw()
    shown = pygame.image.tobytes(app.surface.subsurface(bar_rect), "RGB")
    battle.hud.bar.forget()
    app.surface.fill((0, 0, 0))
    app.draw()  # the bar drawn afresh with the latest words alone
    assert pygame.image.tobytes(app.surface.subsurface(bar_rect), "RGB") == shown
