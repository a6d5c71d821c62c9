"""The hint (H): the default AI's best three commands for the person, worked out on a copy of the
game in a worker thread, drawn on the table and listed in the panel; it never changes the game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame

from game.__main__ import _parser
from game.ai import PLAYERS
from game.ai.heuristic import HeuristicPlayer
from game.persist import Match
from game.persist.schema import HUMAN
from game.rules.commands import Activate, Command, EndActivation, Fight, Move, PlayPerk, React, Shoot
from game.rules.context import Rejected
from game.rules.engine import Engine
from game.rules.state import Side
from game.scenario import start_game
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.hints import HintWorker, default_player, describe_command, hints, player_view
from game.ui.keys import Keymap
from game.ui.launch import first_screen
from game.ui.solo import ai_spec, solo_players
from tests.ui.conftest import frames
from tests.ui.test_play_e2e import click, key
from tests.ui.test_solo import ai_frames


def _charge_table(mode: str = "solo") -> Match:
    """The Ford, seed 4: John Heron (Blue's first card, the person's) faces Thomas Strangways
    (Red's) across open ground south of the river, Heron's billman Hugh Dodd close behind him (in
    his Command Range wherever a charge ends)."""
    engine = start_game("the-ford", 4)
    state = engine.state
    for mid, pos, facing in (("blue-9", (10.5, 31.0), 0.0), ("red-9", (10.5, 23.0), 180.0),
                             ("blue-11", (12.0, 28.0), 0.0)):
        m = state.model(mid)
        m.x, m.y = pos
        m.facing = facing
    players = solo_players("blue", "normal") if mode == "solo" else {"red": HUMAN, "blue": HUMAN}
    return Match(engine, mode, players)


def _hinted(app: App, battle: BattleScreen) -> None:
    """Press H and let the worker finish."""
    key(app, pygame.K_h)
    battle.hint.board.worker.wait()
    frames(app, 1)


def _activated(app: App, mode: str = "solo") -> BattleScreen:
    battle = BattleScreen(app, _charge_table(mode))
    app.reset(battle)
    frames(app, 2)
    cam = battle.camera
    cam.set_zoom(1.0)
    cam.look_at(10.5, 27.0)
    frames(app, 1)
    click(app, cam.to_screen(10.5, 31.0))
    assert battle.state.active_model == "blue-9" and battle.human_acting()
    return battle


def test_h_during_an_activation_shows_three_accepted_hints_and_changes_nothing(app: App) -> None:
    battle = _activated(app)
    engine = battle.session.engine
    digest, rng = engine.state.digest(), engine.state.rng
    log, commands = len(engine.log), len(engine.commands)
    key(app, pygame.K_h)
    assert battle.hint.board.active and battle.hint.board.thinking
    panel = battle.hint.panel(app.keys)
    assert panel is not None and panel.note.startswith("The AI is thinking")
    battle.hint.board.worker.wait()
    frames(app, 2)
    shown = battle.hint.shown()
    assert [h.rank for h in shown] == [1, 2, 3]
    for h in shown:
        assert not isinstance(engine.check(h.command), Rejected)
        assert h.command.side == "blue" and h.label.startswith(f"{h.rank}. ") and h.label.endswith(" VP")
    assert engine.state.digest() == digest and engine.state.rng == rng  # no die rolled, nothing changed
    assert len(engine.log) == log and len(engine.commands) == commands
    charge = next(h for h in shown if isinstance(h.command, Move) and h.command.gambit == "mounted_charge")
    assert charge.text == "Mounted Charge! on Thomas Strangways" and charge.target == "red-9"
    assert charge.kind == "move" and len(charge.path) >= 2 and "succeeds" in charge.summary
    panel = battle.hint.panel(app.keys)
    assert panel is not None and [f"{r.label} — {r.value}" for r in panel.rows] == [h.label for h in shown]
    frames(app, 1)
    assert [rank for _, rank in battle.layout().hint_rects] == [1, 2, 3]  # the panel lists them

    ours = len(engine.commands)
    key(app, pygame.K_SPACE)  # any command clears them
    assert len(engine.commands) == ours + 1 and not battle.hint.board.active and not battle.hint.shown()


def test_picking_a_hint_and_enter_plays_it_through_the_normal_path(app: App) -> None:
    battle = _activated(app)
    engine = battle.session.engine
    _hinted(app, battle)
    assert battle.hint.board.picked == 0
    before = len(engine.commands)
    key(app, pygame.K_RETURN)  # nothing picked: Enter belongs to the open list and does nothing...
    assert len(engine.commands) == before and engine.state.active_model
    assert battle.hint.board.active
    battle = _activated(app)
    engine = battle.session.engine
    _hinted(app, battle)
    rect, rank = battle.layout().hint_rects[1]
    click(app, rect.center)  # a click on a row of the panel highlights it
    assert rank == 2 and battle.hint.board.picked == 2
    key(app, pygame.K_3)  # and so does its number
    assert battle.hint.board.picked == 3
    chosen = battle.hint.board.chosen()
    assert chosen is not None and chosen.rank == 3
    before = len(engine.commands)
    key(app, pygame.K_RETURN)  # ...picked: Enter gives it, as a click would
    assert len(engine.commands) == before + 1 and engine.commands[-1] == chosen.command
    assert not battle.hint.board.active


def test_h_again_or_esc_hides_the_hints(app: App) -> None:
    battle = _activated(app, "hotseat")  # hot-seat players get hints too
    _hinted(app, battle)
    assert len(battle.hint.shown()) == 3
    key(app, pygame.K_h)
    assert not battle.hint.board.active and battle.hint.panel(app.keys) is None
    _hinted(app, battle)
    assert battle.hint.shown()
    key(app, pygame.K_ESCAPE)
    assert not battle.hint.board.active
    assert app.top is battle  # the first Esc hides the hints; it does not open the pause menu


def test_h_does_nothing_while_the_ai_acts_or_in_a_watched_game(app: App) -> None:
    app.settings.ai_speed = "slow"
    battle = BattleScreen.new(app, "the-ford", 1, "solo", solo_players("red", "normal"))
    app.reset(battle)  # Blue's (the AI's) card is first
    frames(app, 1)
    assert battle.ai.acting()
    key(app, pygame.K_h)
    board = battle.hint.board
    assert not board.active and not board.worker.busy and battle.hint.panel(app.keys) is None
    for _ in range(5):
        ai_frames(app, battle, 1)
    assert not battle.hint.shown()

    watch = BattleScreen.new(app, "the-ford", 1, "watch", {"red": "eager", "blue": "eager"})
    app.reset(watch)
    frames(app, 1)
    key(app, pygame.K_h)
    assert not watch.hint.board.active and not watch.hint.allowed()


def test_the_hints_go_when_the_turn_passes_to_the_ai(app: App) -> None:
    battle = _activated(app)
    _hinted(app, battle)
    assert battle.hint.shown()
    battle.submit(Move(side="blue", model="blue-9", path=((10.5, 25.01),), gambit="mounted_charge"))
    frames(app, 1)
    assert battle.ai.acting() and not battle.hint.board.active  # Red answers the charge


class _Suggesting:
    """A player with its own suggest: hints use it."""

    def __init__(self) -> None:
        self.asked: list[tuple[Side, int]] = []

    def choose(self, engine: Engine, side: Side) -> Command:
        raise AssertionError("a hint never asks for a choice")

    def suggest(self, engine: Engine, side: Side, n: int = 3) -> list[tuple[Command, float]]:
        self.asked.append((side, n))
        return [(EndActivation(side=side, model=engine.state.active_model), 0.25)]


def test_hints_use_the_players_own_suggest_else_the_heuristic() -> None:
    engine = start_game("the-ford", 4)
    engine.submit(Activate(side="blue", model="blue-9"))
    player = _Suggesting()
    assert hints(engine, "blue", 3, player) == [(EndActivation(side="blue", model="blue-9"), 0.25)]
    assert player.asked == [("blue", 3)]
    found = hints(engine, "blue", 3, HeuristicPlayer(1))  # it has no suggest: the heuristic's
    assert len(found) == 3 and all(not isinstance(engine.check(c), Rejected) for c, _ in found)
    assert found == sorted(found, key=lambda cs: -cs[1])
    name = ai_spec("normal").partition(":")[0]
    assert type(default_player()) is type(PLAYERS[name](0, "normal"))  # the default AI


def test_the_hint_sees_only_what_the_side_may_know() -> None:
    engine = start_game("the-ford", 4)
    state = engine.state
    view = player_view(engine, "blue").state
    assert view is not state and view.rng != state.rng and view.seed != state.seed
    assert sorted(view.hero_deck) == sorted(state.hero_deck)
    assert view.sides["blue"].perks == state.sides["blue"].perks  # its own hand
    assert len(view.sides["red"].perks) == len(state.sides["red"].perks)
    assert engine.state.digest() == state.digest()
    other = state.clone()
    other.rng ^= 12345
    other.hero_deck.reverse()
    other.sides["red"].perks, other.perk_deck[:2] = other.perk_deck[:2], other.sides["red"].perks
    again = player_view(Engine(engine.table, other), "blue").state
    assert again.digest() == view.digest()  # the hidden parts of the game do not reach the view


def test_the_worker_leaves_the_game_alone() -> None:
    engine = start_game("the-ford", 4)
    engine.submit(Activate(side="blue", model="blue-9"))
    digest = engine.state.digest()
    worker = HintWorker(engine.table)
    worker.start(engine.state, "blue", "token")
    worker.wait()
    found = worker.poll()
    assert found is not None and found[0] == "token" and isinstance(found[1], list) and len(found[1]) == 3
    assert engine.state.digest() == digest and worker.engine is not None
    assert worker.engine.state is not engine.state and worker.engine.table is not engine.table
    assert worker.engine.state.rng != engine.state.rng  # a view: other dice, deck orders and hand


def test_commands_are_described_in_words() -> None:
    engine = start_game("the-ford", 4)
    state = engine.state
    heron, thomas = state.model("blue-9"), state.model("red-9")
    assert describe_command(engine, Activate(side="blue", model="blue-9")) == f"Activate {heron.name}"
    assert describe_command(engine, Fight(side="blue", model="blue-9", target="red-9", option="thrust")) \
        == f"Fight {thomas.name} (Thrust)"
    assert describe_command(engine, Shoot(side="blue", model="blue-9", target="red-9")) \
        == f"Shoot at {thomas.name}"
    assert describe_command(engine, React(side="red", choice="counter_charge")) == "Answer: Counter Charge"
    assert describe_command(engine, EndActivation(side="blue", model="blue-9")) == "End activation"
    card = state.sides["blue"].perks[0]
    assert describe_command(engine, PlayPerk(side="blue", card=card, model="blue-9")).startswith("Play ")
    assert describe_command(engine, PlayPerk(side="blue", card=card, model="blue-9")).endswith(heron.name)


def test_the_hint_key_is_bound_and_rebindable(app: App) -> None:
    keys = Keymap()
    assert keys.is_action(pygame.K_h, "hint") and keys.is_action(pygame.K_2, "hint_2")
    assert Keymap({"hint": ["f2"]}).is_action(pygame.K_F2, "hint")


def test_the_hint_flag_stages_a_hint_for_the_docs(app: App) -> None:
    first_screen(app, _parser().parse_args(["--scenario", "the-ford", "--seed", "4", "--hint"]))
    battle = app.top
    assert isinstance(battle, BattleScreen)
    assert battle.hint.shown() and battle.hint.board.picked == 1
    frames(app, 2)


def test_the_hints_module_stays_free_of_pygame() -> None:
    code = "import sys; import game.ui.hints; sys.exit('pygame' in sys.modules)"
    root = Path(__file__).resolve().parents[2]
    assert subprocess.run([sys.executable, "-c", code], cwd=root).returncode == 0


class _Failing:
    """A player whose suggest fails: the panel says so and the game goes on."""

    def choose(self, engine: Engine, side: Side) -> Command:
        raise AssertionError("a hint never asks for a choice")

    def suggest(self, engine: Engine, side: Side, n: int = 3) -> list[tuple[Command, float]]:
        raise ValueError("out of ideas")


def test_a_failing_hint_is_reported_not_raised(app: App) -> None:
    battle = _activated(app)
    battle.hint.board.worker._player = _Failing()
    _hinted(app, battle)
    panel = battle.hint.panel(app.keys)
    assert panel is not None and "out of ideas" in panel.note and not battle.hint.shown()
    frames(app, 2)
    key(app, pygame.K_h)
    assert not battle.hint.board.active
