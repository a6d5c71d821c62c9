"""The engine as a forward model: cheap candidates, check without change, legal_commands built
from them, a uniform random player, and the per-decision memory that must never outlive it."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import RandomPlayer
from game.rules.commands import Command
from game.rules.context import Rejected
from game.rules.engine import Engine
from game.rules.geometry import heading
from game.rules.movement import back_off, position_problem
from game.rules.paths import CONTACT_GAP, contact_points
from game.rules.state import Model
from tests.rules.played import eager_positions


def _states(scenario: str, seed: int, steps: int) -> list[Engine]:
    """Engines at several points of one seeded eager game (each a separate copy)."""
    return eager_positions(scenario, seed, steps, lambda n, e, out: n % 7 == 3)


STATES = _states("the-ford", 5, 160) + _states("skirmish-field", 2, 120)
TABLE = STATES[0].table  # the shipped content: its bases


def _key(cmd: Command) -> str:
    return cmd.model_dump_json()


@pytest.mark.parametrize("engine", STATES, ids=lambda e: f"{e.state.scenario}-t{e.state.turn}")
def test_legal_commands_are_the_accepted_candidates(engine: Engine) -> None:
    side = engine.state.acting_side
    before = engine.state.digest()
    resolved = [c.command() for c in engine.candidates(side)]
    accepted = {_key(c) for c in resolved if c is not None and not isinstance(engine.check(c), Rejected)}
    legal = {_key(c) for c in engine.legal_commands(side)}
    assert legal and legal <= accepted  # moves to one spot are listed once, so legal may be fewer
    assert {k for k in accepted if '"type":"move"' not in k} <= legal
    assert engine.state.digest() == before  # listing and checking changed nothing
    assert engine.table.memo is None  # the decision's memory is gone with it


@pytest.mark.parametrize("engine", STATES[::3], ids=lambda e: f"{e.state.scenario}-t{e.state.turn}")
def test_the_memory_of_a_decision_changes_no_answer(engine: Engine) -> None:
    side = engine.state.acting_side
    plain = [_key(c) for c in engine.legal_commands(side)]
    with engine.deciding():
        assert engine.table.memo is not None
        remembered = [_key(c) for c in engine.legal_commands(side)]
        assert engine.table.memo is not None  # a nested decision keeps the outer memory
    assert remembered == plain
    assert engine.table.memo is None


def test_the_random_player_is_uniform_over_the_legal_commands() -> None:
    engine = next(e for e in STATES if 4 <= len(e.legal_commands(e.state.acting_side)) <= 30)
    side = engine.state.acting_side
    legal = {_key(c) for c in engine.legal_commands(side)}
    counts: Counter[str] = Counter()
    draws = 3000
    player = RandomPlayer(11)
    for _ in range(draws):
        cmd = player.choose(engine, side)
        counts[_key(cmd)] += 1
    assert set(counts) <= legal | {k for k in counts if '"type":"move"' in k}
    moves = [k for k in counts if '"type":"move"' not in k]
    expected = draws / len(legal)
    for k in moves:  # every non-move command is drawn about equally often
        assert abs(counts[k] - expected) < 6 * math.sqrt(expected), (k, counts[k], expected)
    assert not isinstance(engine.check(player.choose(engine, side)), Rejected)


def _model(mid: str, side: str, x: float, y: float, facing: float, mounted: bool) -> Model:
    return Model(id=mid, side=side, name=mid, profile="squire", spear=mid, x=x, y=y, health=2,
                 facing=facing, steed="warhorse" if mounted else None)


@settings(max_examples=300, deadline=None)
@given(dx=st.floats(-6, 6), dy=st.floats(-6, 6), facing=st.floats(0, 360), own=st.booleans(),
       other=st.booleans())
def test_contact_points_touch_exactly(dx: float, dy: float, facing: float, own: bool, other: bool) -> None:
    if math.hypot(dx, dy) < 1e-3:
        return
    mover = _model("a", "red", 20 + dx, 20 + dy, 0.0, own)
    enemy = _model("e", "blue", 20, 20, facing, other)
    bases = TABLE.bases
    for p in contact_points(TABLE, mover, enemy):
        spot = bases.spine_at(p[0], p[1], heading(p, (enemy.x, enemy.y)), own)
        gap = bases.spine_gap(spot, bases.spine(enemy))
        assert abs(gap - CONTACT_GAP) < 1e-6


@pytest.mark.parametrize("engine", STATES[::4], ids=lambda e: f"{e.state.scenario}-t{e.state.turn}")
def test_back_off_stops_on_a_legal_spot(engine: Engine) -> None:
    table, state = engine.table, engine.state
    for m in state.living():
        for bearing in range(0, 360, 45):
            far = (m.x + 9 * math.sin(math.radians(bearing)), m.y - 9 * math.cos(math.radians(bearing)))
            end = back_off(table, state, m, [(m.x, m.y), far], far)
            face = heading((m.x, m.y), far)
            assert end == (m.x, m.y) or position_problem(table, state, m, *end, face) == ""



def _planning(engine: Engine) -> list[Command]:
    """The commands the engine plans from now on (check and submit both plan through Engine.plan)."""
    planned: list[Command] = []
    plan = engine.plan

    def counted(cmd: Command) -> object:
        planned.append(cmd)
        return plan(cmd)

    engine.plan = counted  # type: ignore[method-assign]
    return planned


def _a_move() -> tuple[Engine, Command]:
    """A copy of a game at an active model with a legal Move, and that Move."""
    for engine in STATES:
        if engine.state.active_model:
            moves = [c for c in engine.legal_commands(engine.state.acting_side) if c.type == "move"]
            if moves:
                return Engine(engine.table, engine.state.clone()), moves[0]
    raise AssertionError("no state with a legal Move")


def test_submit_carries_out_the_plan_check_just_made_and_only_that() -> None:
    engine, move = _a_move()
    planned = _planning(engine)
    assert not isinstance(engine.check(move), Rejected) and planned == [move]
    before = engine.snapshot()
    assert not isinstance(engine.submit(move), Rejected) and planned == [move]  # not planned again

    def planned_again(change: str) -> None:
        engine.restore(before)
        engine.check(move)
        del planned[:]
        if change == "restore":  # the model stands elsewhere: the plan checked is stale
            moved = before.clone()
            moved.model(moved.active_model).x += 2.0
            engine.restore(moved)
        elif change == "state":
            engine.state = engine.state.clone()
        elif change == "submit":
            other = next(c for c in engine.legal_commands(engine.state.acting_side) if c is not move)
            engine.submit(other)
            del planned[:]
        cmd = move.model_copy() if change == "copy" else move
        engine.submit(cmd)
        assert planned == [cmd], change

    for change in ("restore", "state", "submit", "copy"):
        planned_again(change)
