"""What the engine remembers to play faster never changes an answer: the pool of candidates,
the walks shared by tables on one map, the commands made again from the same makings, the
looks for a river or a tall obstacle near a line, and the boxes round the obstacles."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial

import pytest
from pydantic import ValidationError

from game.ai import RandomPlayer
from game.content import load_content
from game.rules import legal
from game.rules.commands import Fight, Move
from game.rules.context import Table
from game.rules.engine import Engine
from game.rules.events import Activated, ActivationEnded, DiceRolled, Ev, TurnBegan, made
from game.rules.geometry import bearing_point
from game.rules.legal import BEARINGS, GAMBIT_FEATURE, Candidate, Pool, bearing_move
from game.rules.movement import walk
from game.rules.setup import deployment
from game.rules.state import Model
from game.scenario import cached_scenario, start_game
from game.terrain import Obstacle, TerrainMap, forget_map
from game.terrain.geometry import kind_near, obstacle_near, point_segment_distance
from tests.rules.played import eager_positions


def _states(scenario: str, seed: int, steps: int) -> list[Engine]:
    """Engines at several points of one seeded eager game, each on its own copy of the state."""
    return eager_positions(scenario, seed, steps, lambda n, e, out: n % 9 == 4 and bool(e.state.active_model))


STATES = _states("the-ford", 3, 200) + _states("skirmish-field", 4, 200)


def _ids(engine: Engine) -> str:
    return f"{engine.state.scenario}-t{engine.state.turn}"


def _fields(c: Candidate) -> tuple[object, ...]:
    make = (c.make.func, c.make.args) if isinstance(c.make, partial) else c.make  # a bearing's recipe
    return c.kind, make, tuple(c.args.items()), c.gambit, c.weight


@pytest.mark.parametrize("engine", STATES[::3], ids=_ids)
def test_the_pool_looked_at_by_index_is_the_pool_gone_through(engine: Engine) -> None:
    side = engine.state.acting_side
    assert side
    by_index = engine.candidates(side)
    assert isinstance(by_index, Pool)
    seen = [_fields(by_index[i]) for i in range(len(by_index))]
    assert [_fields(by_index[i]) for i in range(-len(by_index), 0)] == seen
    with pytest.raises(IndexError):
        by_index[len(by_index)]
    listed = [_fields(c) for c in engine.candidates(side)]
    assert seen == listed
    assert [_fields(c) for c in engine.candidates(side)[2:7]] == listed[2:7]
    # a player drawing from the pool by index draws what it would draw from the list
    pool = engine.candidates(side)
    every = list(engine.candidates(side))
    for seed in range(4):
        a, b = RandomPlayer(seed), RandomPlayer(seed)
        with engine.deciding():
            assert a.draw(engine, pool) == b.draw(engine, every)


@pytest.mark.parametrize("engine", STATES[::2], ids=_ids)
def test_a_feature_move_given_up_without_walking_is_one_the_walk_gives_up(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    table, state = engine.table, engine.state
    ways = [(m, bearing, how) for m in state.living() if not m.aboard
            for bearing in BEARINGS for how in GAMBIT_FEATURE]
    screened = [bearing_move(table, state, m, b, how, GAMBIT_FEATURE[how]) for m, b, how in ways]
    monkeypatch.setattr(legal, "_may_meet", lambda *args: True)  # walk every line to see
    walked = [bearing_move(table, state, m, b, how, GAMBIT_FEATURE[how]) for m, b, how in ways]
    assert screened == walked


def test_some_river_crossings_are_found_at_the_ford() -> None:
    crossings = [bearing_move(e.table, e.state, m, b, "river", "river_crossing")
                 for e in STATES if e.state.scenario == "the-ford"
                 for m in e.state.living() if not m.aboard for b in BEARINGS]
    assert any(crossings)  # the screen lets through the lines that meet the river


def test_walks_are_shared_on_one_map_and_numbers_and_never_across_mud() -> None:
    engine = start_game("the-ford", 1)
    table = engine.table
    other = Table(table.content, table.base_terrain or table.terrain)
    assert other.walks is table.walks  # the same map and numbers: the same walks
    harder = table.content.model_copy(update={"numbers": table.content.numbers.model_copy(
        update={"hard_going_factor": 3.0})})
    assert Table(harder, table.terrain).walks is not table.walks
    tmap = table.terrain
    row = next(y for y in range(tmap.height)
               if all(tmap.tiles[y * tmap.width + x] == "open" for x in range(10, 16)))
    line = [(10.5, row + 0.5), (15.5, row + 0.5)]
    assert walk(other, line, False).cost == pytest.approx(5.0)
    other.apply_mud([row * tmap.width + x for x in range(10, 16)])  # the line turns to Hard Going
    assert other.walks is not table.walks
    assert walk(other, line, False).cost == pytest.approx(10.0)  # not the dry walk remembered
    assert walk(table, line, False).cost == pytest.approx(5.0)  # the dry map keeps its own
    other.apply_mud([])
    assert other.walks is table.walks and walk(other, line, False).cost == pytest.approx(5.0)


def test_a_command_made_again_is_the_same_command_and_other_makings_make_another() -> None:
    engine = next(e for e in STATES if e.state.active_model)
    m = engine.state.model(engine.state.active_model)
    steed = legal._given(Fight, side=m.side, model=m.id, target="blue-1", at_steed=True)
    pull = legal._given(Fight, side=m.side, model=m.id, target="blue-1", pull_down=True)
    assert steed.command() == Fight(side=m.side, model=m.id, target="blue-1", at_steed=True)
    assert steed.command() is steed.command()
    assert pull.command() == Fight(side=m.side, model=m.id, target="blue-1", pull_down=True)
    assert pull.command() != steed.command()
    spot = legal._given(Move, 2.0, side=m.side, model=m.id, path=((m.x + 1.0, m.y),), gambit=None)
    charge = legal._given(Move, 2.0, side=m.side, model=m.id, path=((m.x + 1.0, m.y),), gambit="charge")
    assert spot.command() != charge.command()
    assert isinstance(charge.command(), Move) and charge.command().gambit == "charge"  # type: ignore[union-attr]


def _river_map(rows: list[str]) -> TerrainMap:
    tiles = ["river" if c == "~" else "open" for row in rows for c in row]
    return TerrainMap("test", len(rows[0]), len(rows), tiles)


def test_a_river_is_looked_for_in_the_tiles_the_map_has_now() -> None:
    rows = ["." * 20] * 12
    dry = _river_map(rows)
    assert not kind_near(dry, "river", (1.5, 6.5), (18.5, 6.5))
    wet = replace(dry, tiles=_river_map(rows[:6] + ["." * 9 + "~" + "." * 10] + rows[7:]).tiles)
    assert kind_near(wet, "river", (1.5, 6.5), (18.5, 6.5))  # a new map is counted afresh
    dry.tiles = list(wet.tiles)
    assert kind_near(dry, "river", (1.5, 6.5), (18.5, 6.5))  # and so is a new tile list
    assert not kind_near(wet, "river", (1.5, 2.5), (18.5, 2.5))  # four rows off: not near
    assert kind_near(wet, "river", (9.5, 5.6), (9.5, 0.5))  # one row off: beside a tile it passes
    assert not kind_near(wet, "river", (1.5, 1.5), (4.5, 11.5))  # a long line that keeps clear of it
    wet.tiles[6 * 20 + 9] = "open"  # painted over in place: forget_map says so
    forget_map(wet)
    assert not kind_near(wet, "river", (1.5, 6.5), (18.5, 6.5))


def test_a_line_said_to_meet_no_river_never_does() -> None:
    rows = ["." * 24] * 16
    rows = rows[:8] + ["." * 11 + "~~" + "." * 11] + rows[9:]
    tmap = _river_map(rows)
    for x0 in range(1, 23, 3):
        for y0 in range(1, 15, 3):
            for bearing in BEARINGS:
                a = (x0 + 0.3, y0 + 0.6)
                b = bearing_point(*a, bearing, 9.0)
                steps = [(a[0] + (b[0] - a[0]) * k / 400, a[1] + (b[1] - a[1]) * k / 400) for k in range(401)]
                touches = any(0 <= px < 24 and 0 <= py < 16 and tmap.kind_at(px, py) == "river"
                              for px, py in steps)
                assert kind_near(tmap, "river", a, b) or not touches


def test_obstacles_near_a_point_are_those_within_reach_whatever_the_radius() -> None:
    hedge = Obstacle(name="hedge", kind="hedge", points=((4.0, 4.0), (12.0, 4.0), (12.0, 10.0)), width=0.5,
                     tall=False)
    wall = Obstacle(name="wall", kind="wall", points=((2.0, 12.0), (9.0, 14.0)), width=1.0, tall=True)
    tmap = TerrainMap("test", 16, 16, ["open"] * 256, obstacles=[hedge, wall])
    for radius in (0.3, 0.5, 1.2, 0.5):
        for i in range(33):
            for j in range(33):
                p = (i * 0.5, j * 0.5)
                near = [o for o in (hedge, wall) if any(
                    point_segment_distance(*p, *a, *b)[0] < radius + o.width / 2 - 1e-9
                    for a, b in o.segments())]
                far = [o for o in (hedge, wall) if all(
                    point_segment_distance(*p, *a, *b)[0] > radius + o.width / 2 + 1e-9
                    for a, b in o.segments())]
                found = obstacle_near(tmap, p, radius)
                assert found not in far
                if near:  # the first of them in the map's order
                    assert found is near[0] or (found is hedge and near[0] is wall)


def _spots(models: Sequence[Model]) -> list[tuple[str, str, float, float, float]]:
    return [(m.id, m.profile, m.x, m.y, m.facing) for m in models]


def test_a_deployment_is_handed_out_again_only_for_the_same_map_content_and_retinues() -> None:
    sc = cached_scenario("the-ford")
    first, second = start_game("the-ford", 1), start_game("the-ford", 2)
    assert _spots(first.state.models) == _spots(second.state.models)  # the dice do not deploy
    first.state.models[0].x += 3.0  # a game's models are its own
    assert _spots(start_game("the-ford", 3).state.models) == _spots(second.state.models)
    table = Table(load_content(), sc.terrain)
    made = deployment(table, sc.retinues)
    assert deployment(Table(load_content(), sc.terrain), sc.retinues) is made
    moved = replace(sc.terrain, zones=[replace(z, x=z.x + 4.0) for z in sc.terrain.zones])
    elsewhere = deployment(Table(load_content(), moved), sc.retinues)
    assert _spots(elsewhere.models) != _spots(made.models)  # another map: deployed afresh
    assert all(m.x > n.x for m, n in zip(elsewhere.models, made.models, strict=True))
    swapped = {"red": sc.retinues["blue"], "blue": sc.retinues["red"]}
    assert _spots(deployment(table, swapped).models) != _spots(made.models)
    other = load_content().model_copy()
    again = deployment(Table(other, sc.terrain), sc.retinues)
    assert again is not made and _spots(again.models) == _spots(made.models)


def test_an_event_made_again_is_the_same_event_and_other_fields_make_another() -> None:
    first = made(Activated, model="red-1", in_command=True)
    assert made(Activated, model="red-1", in_command=True) is first
    assert first == Activated(model="red-1", in_command=True)
    assert made(Activated, model="red-1", in_command=False) == Activated(model="red-1", in_command=False)
    assert made(Activated, model="red-2", in_command=True).model == "red-2"
    assert made(ActivationEnded, model="red-1") == ActivationEnded(model="red-1")  # another type
    assert made(DiceRolled, purpose="feckless", sides=6, value=1) != made(
        DiceRolled, purpose="feckless", sides=6, value=2)
    roll = made(TurnBegan, turn=1)
    assert roll.turn == 1 and type(roll.turn) is int
    with pytest.raises(ValidationError):  # a field of the wrong type is refused, never matched
        made(TurnBegan, turn="one")
    engine = start_game("the-ford", 5)
    engine.submit(RandomPlayer(1).choose(engine, engine.state.acting_side))
    assert all(isinstance(e, Ev) and e.model_config.get("frozen") for e in engine.log)
