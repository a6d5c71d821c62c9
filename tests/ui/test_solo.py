"""Solo play through the client: the menu and its form, the AI playing and answering through the
battle screen, the skip key, saving and resuming a solo game, and the command line."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from game.__main__ import _parser
from game.ai import PLAYERS, EagerPlayer
from game.persist import Match, load_save
from game.persist.schema import HUMAN
from game.rules.commands import Command
from game.rules.engine import Engine
from game.rules.events import ActivationEnded, ReactionOffered, SpearEnded
from game.rules.state import NoSide, Side
from game.scenario import start_game
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.launch import first_screen
from game.ui.persistence import list_saves, save_to_slot
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.menu import MainMenu
from game.ui.screens.scenarios import ScenarioPicker
from game.ui.screens.settings_screen import SettingsScreen
from game.ui.screens.setup import SoloSetup, WatchSetup
from game.ui.settings import load_settings
from game.ui.solo import ai_spec, describe, solo_players
from tests.ui.conftest import frames, open_battle, resume
from tests.ui.test_play_e2e import click, key


def ai_frames(app: App, battle: BattleScreen, n: int) -> None:
    """Run frames, letting the AI's worker finish each choice before the next frame."""
    for _ in range(n):
        app.step(1 / 60)
        battle.ai.thinker.wait()


def press(app: App, label: str) -> None:
    """Click the button of the top screen with this label."""
    top = app.top
    buttons = top.layout().buttons if isinstance(top, BattleScreen) else getattr(top, "buttons", [])
    found = [b for b in buttons if b.label == label]
    assert found, f"no button {label!r} in {[b.label for b in buttons]}"
    click(app, found[0].rect.center)


def gui_click(app: App, element: object) -> None:
    """Click a pygame_gui element of a form; its press arrives as an event in the next frame."""
    rect = element.rect  # type: ignore[attr-defined]
    click(app, rect.center)
    frames(app, 1)


def test_new_solo_game_from_the_menu(app: App) -> None:
    app.reset(MainMenu(app))
    frames(app, 1)
    press(app, "New solo game")
    assert isinstance(app.top, ScenarioPicker) and app.top.mode == "solo"
    press(app, "Choose your side")
    form = app.top
    assert isinstance(form, SoloSetup)
    frames(app, 1)
    gui_click(app, form.side_buttons["blue"])
    gui_click(app, form.level_buttons["hard"])
    assert form.side == "blue" and form.difficulty == "hard"
    assert form.level_buttons["hard"].is_selected and not form.level_buttons["normal"].is_selected
    assert form.start_button is not None
    gui_click(app, form.start_button)
    battle = app.top
    assert isinstance(battle, BattleScreen) and battle.mode == "solo"
    assert battle.session.match.players == {"blue": HUMAN, "red": ai_spec("hard")}
    assert set(battle.ai.players) == {"red"} and battle.human == "blue"
    assert [type(s).__name__ for s in app.stack] == ["MainMenu", "BattleScreen"]


def test_solo_form_names_the_retinues(app: App) -> None:
    form = SoloSetup(app, "the-ford", 4)
    app.reset(form)
    frames(app, 2)
    labels = {s: b.text for s, b in form.side_buttons.items()}
    assert all(":" in text and len(text.split(":", 1)[1].strip()) > 2 for text in labels.values())
    assert labels["red"] != labels["blue"]
    assert describe(ai_spec("normal")) in form.who.text and form.who.text.startswith("Blue")
    form.choose(side="blue", difficulty="easy")
    assert describe(ai_spec("easy")) in form.who.text and form.who.text.startswith("Orange")


def test_watch_ai_lets_the_player_choose_both_players(app: App) -> None:
    app.reset(MainMenu(app))
    frames(app, 1)
    press(app, "Watch AI")
    press(app, "Choose the players")
    form = app.top
    assert isinstance(form, WatchSetup)
    frames(app, 1)
    menu = form.menus["blue"]
    gui_click(app, menu)  # open the list, then pick a player from it
    options = [o for o in menu.options_list if (o[1] if isinstance(o, tuple) else o) == "random:easy"]
    assert options
    item = next(b for b in menu.current_state.options_selection_list.item_list  # type: ignore[attr-defined]
                if b["text"] == "Random (easy)")
    gui_click(app, item["button_element"])
    frames(app, 3)  # the list's choice reaches the form through a chain of events
    assert form.choice["blue"] == "random:easy"
    form.choose("red", "eager:hard")
    assert form.start_button is not None
    gui_click(app, form.start_button)
    battle = app.top
    assert isinstance(battle, BattleScreen) and battle.mode == "watch"
    assert battle.session.match.players == {"red": "eager:hard", "blue": "random:easy"}
    assert battle.session.saves_dir is None  # a watched game is not autosaved


def _charge_table() -> Match:
    """The Ford, seed 4: John Heron (Blue's first card, the person's) rides at Thomas Strangways
    (Red's, the AI's) across open ground south of the river."""
    engine = start_game("the-ford", 4)
    state = engine.state
    assert state.current_card == "blue-9"
    for mid, pos, facing in (("blue-9", (10.5, 31.0), 0.0), ("red-9", (10.5, 23.0), 180.0)):
        m = state.model(mid)
        m.x, m.y = pos
        m.facing = facing
    return Match(engine, "solo", solo_players("blue", "normal"))


def test_solo_e2e_the_person_charges_the_ai_answers_then_plays_its_spear(app: App) -> None:
    app.settings.ai_speed = "instant"
    match = _charge_table()
    battle = BattleScreen(app, match)
    app.reset(battle)
    frames(app, 2)
    cam, state = battle.camera, match.engine.state
    cam.set_zoom(1.0)
    cam.look_at(10.5, 27.0)
    frames(app, 1)

    click(app, cam.to_screen(10.5, 31.0))  # the person activates their Hero...
    assert state.active_model == "blue-9" and battle.human_acting()
    key(app, pygame.K_c)  # ...declares a Mounted Charge! and clicks the enemy rider
    click(app, cam.to_screen(10.5, 23.0))
    offer = [e for e in match.engine.log if isinstance(e, ReactionOffered)]
    assert offer and offer[-1].side == "red" and "counter_charge" in offer[-1].options
    assert battle.ai.acting() and not battle.human_acting()
    assert battle.layout().actions == ()  # the person waits
    assert battle.ai.status(app.keys.label("skip_ai")).startswith("Orange AI")
    ai_frames(app, battle, 4)  # the AI answers in the middle of the person's activation
    assert match.commands[-1].type == "react" and match.commands[-1].side == "red"
    assert state.pending is None and state.active_model == "blue-9" and battle.human_acting()

    ours = len(match.commands)
    for _ in range(20):  # the person ends the activation and the Spear
        if state.acting_side != "blue":
            break
        if isinstance(app.top, ConfirmDialog):
            key(app, pygame.K_RETURN)  # yes, end the Spear with models still to activate
        else:
            key(app, pygame.K_SPACE if state.active_model else pygame.K_e)
    assert {c.side for c in match.commands[ours:]} == {"blue"}
    assert state.acting_side == "red"
    assert app.settings.blindfold and app.top is battle  # no handover screen in a solo game

    theirs = len(match.commands)
    for _ in range(300):
        ai_frames(app, battle, 1)
        if state.acting_side == "blue" or state.over:
            break
    played: list[Command] = match.commands[theirs:]
    assert {c.side for c in played} == {"red"}  # the AI never acts for the person's side
    assert sum(c.type == "activate" for c in played) >= 2
    spear_over = [e for step in match.steps[theirs:] for e in step.events if isinstance(e, SpearEnded)]
    assert spear_over and spear_over[0].card.startswith("red")  # its whole Spear, through the client
    ended = [e for e in match.engine.log if isinstance(e, ActivationEnded) and e.model.startswith("red")]
    assert len(ended) >= 2
    names = {m.name for m in state.models if m.side == "red"}
    assert any(any(n in line.body for n in names) for line in battle.hud.log)  # its events are logged
    assert (app.saves_dir / "autosave.json").is_file()  # autosaved as any game


def test_the_skip_key_plays_the_ai_activation_out_at_once(app: App) -> None:
    app.settings.ai_speed = "slow"
    app.settings.animation_speed = 1.0
    battle = BattleScreen.new(app, "the-ford", 1, "solo", solo_players("red", "normal"))
    app.reset(battle)  # Blue's (the AI's) card is first, and it activates Richard Tunstall
    state = battle.state
    for _ in range(600):
        ai_frames(app, battle, 1)
        if state.active_model:
            break
    assert state.active_model.startswith("blue")
    model = state.active_model
    key(app, pygame.K_TAB)
    assert battle.ai.skipping
    for _ in range(40):
        ai_frames(app, battle, 1)
        if any(isinstance(e, ActivationEnded) and e.model == model for e in battle.session.engine.log):
            break
    assert any(isinstance(e, ActivationEnded) and e.model == model for e in battle.session.engine.log)
    assert not battle.ai.skipping  # only that activation: the next one goes at the chosen pace again


def _solo_game(app: App) -> BattleScreen:
    """A solo game on The Ford (the person Orange, the AI Blue) a few commands in."""
    app.settings.ai_speed = "instant"
    battle = BattleScreen.new(app, "the-ford", 4, "solo", solo_players("red", "easy"))
    app.reset(battle)
    for _ in range(200):
        ai_frames(app, battle, 1)
        if battle.human_acting():
            break
    assert battle.human_acting() and battle.session.engine.commands
    return battle


def test_a_solo_game_saves_and_loads_with_its_players(app: App) -> None:
    battle = _solo_game(app)
    path = save_to_slot(battle.session.match, app.saves_dir, "solo1")
    save = load_save(path)
    assert save.mode == "solo" and save.players == {"red": HUMAN, "blue": ai_spec("easy")}
    app.reset(MainMenu(app))
    assert open_battle(app, path, replace=False)
    loaded = app.top
    assert isinstance(loaded, BattleScreen) and loaded.mode == "solo"
    assert loaded.session.match.players == save.players and set(loaded.ai.players) == {"blue"}
    assert loaded.session.engine.state.digest() == save.state_hash
    assert loaded.human_acting()


def test_resume_restores_a_solo_game_as_solo(app: App) -> None:
    battle = _solo_game(app)
    side = battle.state.acting_side
    for _ in range(20):  # the person ends an activation or a Spear: the autosave is written
        battle.input.end_activation() if battle.state.active_model else battle.input.press_button("End Spear")
        if (app.saves_dir / "autosave.json").is_file() or battle.state.acting_side != side:
            break
    battle.session.autosave()
    app.reset(MainMenu(app))
    frames(app, 1)
    resume(app)
    resumed = app.top
    assert isinstance(resumed, BattleScreen) and resumed.mode == "solo"
    assert resumed.session.match.players == {"red": HUMAN, "blue": ai_spec("easy")}
    assert resumed.session.saves_dir == app.saves_dir


def test_command_line_solo_goes_straight_to_the_table_and_the_ai_plays(app: App,
                                                                      tmp_path: Path) -> None:
    args = _parser().parse_args(["--scenario", "the-ford", "--mode", "solo", "--side", "red",
                                 "--difficulty", "hard", "--seed", "4", "--frames", "90"])
    app.settings.ai_speed = "instant"
    first_screen(app, args)
    battle = app.top
    assert isinstance(battle, BattleScreen) and battle.mode == "solo"
    assert battle.session.match.players == {"red": HUMAN, "blue": ai_spec("hard")}
    shot = tmp_path / "solo.png"
    deadline = time.monotonic() + 20
    app.run(90, str(shot))
    while not battle.human_acting() and time.monotonic() < deadline:
        ai_frames(app, battle, 1)
    assert shot.is_file() and any(c.side == "blue" for c in battle.session.engine.commands)
    assert not (app.saves_dir / "autosave.json").exists()  # a scripted run keeps the player's autosave


def test_command_line_watch_takes_both_players(app: App) -> None:
    args = _parser().parse_args(["--scenario", "the-ford", "--mode", "watch", "--red", "random:easy",
                                 "--blue", "eager:hard"])
    first_screen(app, args)
    battle = app.top
    assert isinstance(battle, BattleScreen)
    assert battle.session.match.players == {"red": "random:easy", "blue": "eager:hard"}


def test_the_load_screen_says_a_save_is_solo(app: App) -> None:
    battle = _solo_game(app)
    save_to_slot(battle.session.match, app.saves_dir, "solo2")
    info = next(s for s in list_saves(app.saves_dir) if s.path.name == "solo2.json")
    assert info.detail.startswith(f"solo as Orange vs {describe(ai_spec('easy'))}")


class _Slow:
    """An AI player that takes its time (as a searching one would), then plays like eager."""

    def __init__(self, seed: int, level: str) -> None:
        self.inner = EagerPlayer(seed)
        self.go = threading.Event()

    def choose(self, engine: Engine, side: Side | NoSide) -> Command:
        """Wait until told, then choose."""
        self.go.wait(10)
        return self.inner.choose(engine, side)


def test_the_window_keeps_drawing_while_the_ai_thinks(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(PLAYERS, "slow", _Slow)
    app.settings.ai_speed = "instant"
    battle = BattleScreen.new(app, "the-ford", 1, "solo", {"red": HUMAN, "blue": "slow:hard"})
    app.reset(battle)
    player = battle.ai.players["blue"]
    assert isinstance(player, _Slow)
    frames(app, 2)
    assert battle.ai.thinker.busy
    before = app.frame
    frames(app, 30)  # the frame loop runs on while the worker waits
    assert app.frame == before + 30 and battle.ai.thinker.busy and not battle.session.engine.commands
    assert "is thinking" in battle.ai.status(app.keys.label("skip_ai"))
    assert battle.layout().actions == ()
    player.go.set()
    battle.ai.thinker.wait()
    frames(app, 1)
    assert battle.session.engine.commands and battle.session.engine.commands[0].side == "blue"


def test_the_ai_moves_leave_a_trail_and_a_click_only_looks(app: App) -> None:
    app.settings.ai_speed = "slow"
    battle = BattleScreen.new(app, "the-ford", 1, "solo", solo_players("red", "normal"))
    app.reset(battle)
    for _ in range(900):
        ai_frames(app, battle, 1)
        if battle.ai.trails:
            break
    assert battle.ai.trails and battle.ai.trails[0][1] == "blue"
    assert battle.ai.acting()
    commands = len(battle.session.engine.commands)
    state = battle.state
    enemy = next(m for m in state.models if m.side == "red")
    pos = battle.camera.to_screen(enemy.x, enemy.y)
    battle.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert battle.ctl.selected == enemy.id and len(battle.session.engine.commands) == commands


def test_the_ai_speed_setting_cycles_and_is_saved(app: App) -> None:
    screen = SettingsScreen(app)
    app.reset(screen)
    frames(app, 1)
    assert app.settings.ai_speed == "normal"
    seen = []
    for _ in range(4):
        press(app, f"AI speed: {app.settings.ai_speed}")
        seen.append(app.settings.ai_speed)
    assert seen == ["fast", "instant", "slow", "normal"]
    saved, _ = load_settings(app.config_dir)
    assert saved.ai_speed == "normal" and screen.message == "Saved."


def test_the_log_text_and_the_solo_rules_stay_free_of_pygame() -> None:
    code = ("import sys; import game.ui.eventtext, game.ui.solo, game.ui.sides; "
            "sys.exit('pygame' in sys.modules)")
    root = Path(__file__).resolve().parents[2]
    assert subprocess.run([sys.executable, "-c", code], cwd=root).returncode == 0  # players import them


def test_the_hidden_screen_flag_opens_the_forms(app: App) -> None:
    for name, form in (("solo-setup", SoloSetup), ("watch-setup", WatchSetup)):
        app.reset(MainMenu(app))
        first_screen(app, _parser().parse_args(["--screen", name, "--scenario", "make-way"]))
        assert isinstance(app.top, form) and app.top.scenario == "make-way"
        frames(app, 2)

