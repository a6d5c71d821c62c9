"""The supply wagon in Make Way! Clear the Road! (§10, §11.1): set-up, random Drives, determinism."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.physics.bolt import bearing_vector
from game.physics.ram import Body, blocked_by
from game.rules.commands import Command, Drive
from game.rules.context import Rejected
from game.rules.dice import Dice
from game.rules.driving import predict_drive
from game.rules.engine import Accepted, Engine
from game.rules.events import RamResolved, VehicleMoved
from game.rules.movement import position_problem
from game.rules.state import Vehicle
from game.rules.vehicles import overlapped_vehicle, profile_of, top_speed
from game.scenario import start_game

DRIVER = "red-4"  # Hick Wainman, a carter, in the wagon's Box


def _wagon(eng: Engine) -> Vehicle:
    (v,) = [v for v in eng.state.vehicles if v.escort_edge]
    return v


def _footprint(eng: Engine, v: Vehicle) -> Body:
    prof = profile_of(eng.table, v)
    return Body(v.id, "vehicle", v.x, v.y, v.heading, prof.length, prof.width)


def _corners(eng: Engine, v: Vehicle) -> list[tuple[float, float]]:
    prof = profile_of(eng.table, v)
    fx, fy = bearing_vector(v.heading)
    rx, ry = -fy, fx
    return [(v.x + fx * a * prof.length / 2 + rx * b * prof.width / 2,
             v.y + fy * a * prof.length / 2 + ry * b * prof.width / 2) for a in (1, -1) for b in (1, -1)]


def test_make_way_sets_up_the_wagon_and_its_crew() -> None:
    for seed in (1, 2):
        eng = start_game("make-way", seed)
        v = _wagon(eng)
        assert (v.profile, v.side, v.escort_edge, v.escort_valour) == ("supply_wagon", "red", "east", 6)
        assert (v.speed, v.health, v.disabled, v.removed) == (0.0, 20, False, "")
        crew = eng.state.aboard(v.id)
        assert sorted(m.seat for m in crew) == ["Box", "Box mate", "Tailboard"]
        assert all((m.x, m.y) == (v.x, v.y) and m.side == "red" for m in crew)
        assert eng.state.model(DRIVER).seat == "Box" and "carter" in eng.table.profile(
            eng.state.model(DRIVER)).skills
        prof = profile_of(eng.table, v)
        fx, fy = bearing_vector(v.heading)
        for m in eng.state.models:
            if m.aboard:
                continue
            assert overlapped_vehicle(eng.table, eng.state, m, m.x, m.y) is None, m.name
            along = (m.x - v.x) * fx + (m.y - v.y) * fy
            across = abs((m.x - v.x) * -fy + (m.y - v.y) * fx)
            ahead = 0.0 < along < prof.length / 2 + 8.0 and across < prof.width / 2 + eng.table.bases.radius
            assert not ahead, f"{m.name} deployed on the road in front of the wagon"


def _take_the_reins(eng: Engine) -> None:
    """Make the carter the active model (his Spear's card is up and he is activated)."""
    s = eng.state
    s.current_card, s.active_side, s.active_model = "red-1", "red", DRIVER
    d = s.model(DRIVER)
    d.activated, d.moved, d.feckless = True, False, ""


def _check(eng: Engine, res: Accepted) -> None:
    state, table = eng.state, eng.table
    for e in res.events:
        if e.type == "ram_resolved":
            assert e.impact_speed >= 0.0
    w, h = table.terrain.width, table.terrain.height
    for v in state.vehicles:
        if v.removed:
            continue
        ditch = table.content.vehicle_rules.narrow_ditch
        blocked = blocked_by(table.terrain, _footprint(eng, v), narrow_ditch=ditch)
        assert not [n for n in blocked if n.startswith("static:building")], (v.id, blocked)
        for x, y in _corners(eng, v):
            assert -0.01 <= x <= w + 0.01 and -0.01 <= y <= h + 0.01, (v.id, x, y)
        for m in state.aboard(v.id):
            assert (m.x, m.y) == (v.x, v.y)
    for m in state.models:
        if not m.removed and not m.aboard:
            assert overlapped_vehicle(table, state, m, m.x, m.y) is None, (m.name, m.x, m.y)


def _play(seed: int, drives: list[tuple[float, float]], ambush: list[tuple[int, float, float]],
          check: bool) -> Engine:
    """Blue models step onto the road, then the carter drives the wagon again and again."""
    eng = start_game("make-way", seed)
    state = eng.state
    blues = [m for m in state.models if m.side == "blue" and m.steed is None]
    for i, x, y in ambush:  # a few ambushers in the way (where they may legally stand)
        m = blues[i % len(blues)]
        if not position_problem(eng.table, state, m, x, y):
            m.x, m.y = x, y
    v = _wagon(eng)
    for turn, change in drives:
        driver = state.model(DRIVER)
        if state.over or driver.removed or v.removed or v.disabled:
            break
        _take_the_reins(eng)
        speed = round(max(0.0, min(top_speed(eng.table, v), v.speed + change)), 2)
        heading = v.heading if speed == 0.0 else (v.heading + turn) % 360.0
        cmd = Drive(side="red", model=DRIVER, heading=heading % 360.0, speed=speed)
        preview = predict_drive(eng.table, state, cmd)
        res = eng.submit(cmd)
        assert isinstance(res, Accepted), res
        assert not isinstance(preview, Rejected)
        moved = [e for e in res.events if isinstance(e, VehicleMoved)]
        if speed > 0:  # the client's dry run is exactly the move the engine makes (a carter: no test)
            assert (moved[0].path, moved[0].headings) == (preview.move.path, preview.move.headings)
            assert [c.other for c in preview.move.contacts] == [
                e.other for e in res.events if isinstance(e, RamResolved)]
        if check:
            _check(eng, res)
    return eng


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000),
       drives=st.lists(st.tuples(st.floats(-90.0, 90.0), st.floats(-4.0, 4.0)), min_size=1, max_size=6),
       ambush=st.lists(st.tuples(st.integers(0, 20), st.floats(7.0, 40.0), st.floats(13.5, 16.5)),
                       max_size=5))
def test_random_drives_keep_the_table_sound(seed: int, drives: list[tuple[float, float]],
                                            ambush: list[tuple[int, float, float]]) -> None:
    eng = _play(seed, drives, ambush, check=True)
    again = _play(seed, drives, ambush, check=False)
    assert eng.state.digest() == again.state.digest()
    assert [e.model_dump() for e in eng.log] == [e.model_dump() for e in again.log]


def test_same_seed_and_commands_give_the_same_game() -> None:
    """Legal play, driving whenever the wagon may, replayed command for command."""
    eng = start_game("make-way", 11)
    picker = Dice(4)
    played: list[Command] = []
    for _ in range(150):
        if eng.state.over:
            break
        cmds = eng.legal_commands(eng.state.acting_side)
        pool = ([c for c in cmds if isinstance(c, Drive)]  # drive whenever the carter may, and
                or [c for c in cmds if c.type != "end_spear"] or cmds)  # never skip a Spear's turn
        cmd = pool[picker.pick(len(pool))]
        assert isinstance(eng.submit(cmd), Accepted)
        played.append(cmd)
    assert any(e.type == "vehicle_moved" for e in eng.log)
    replay = start_game("make-way", 11)
    for cmd in played:
        assert isinstance(replay.submit(cmd), Accepted)
    assert replay.state.digest() == eng.state.digest()
    assert math.isclose(replay.state.vehicles[0].x, eng.state.vehicles[0].x)
