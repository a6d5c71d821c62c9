"""The AI driver's way to the edge: the supply wagon on make-way goes round the roadblock where
there is room for it to swing, and does not jam against the first hedge end it meets."""

from __future__ import annotations

import math

from game.ai import heuristic
from game.ai.eager import CLOSING, best_drive, driver_command_limit
from game.ai.route import CELL, route_field
from game.rules.commands import Drive, Move
from game.rules.context import Act
from game.rules.dice import Dice
from game.rules.ramming import move_vehicle
from game.rules.spears import command_range
from game.rules.vehicles import is_driver
from game.scenario import start_game


def test_the_wagon_driven_alone_goes_round_the_roadblock_and_off_the_table() -> None:
    """Only the driver acts: each turn the wagon takes `best_drive`'s Drive of those the engine
    offers. From the lane just short of the ox-cart (where it used to stand jammed at the end of
    the south hedgerow for the rest of the game) it leaves by the east edge within eight turns."""
    engine = start_game("make-way", 1)
    state, table = engine.state, engine.table
    wagon = next(v for v in state.vehicles if v.escort_edge)
    driver = next(m for m in state.aboard(wagon.id) if is_driver(table, state, m))
    wagon.x, wagon.y, wagon.heading, wagon.speed = 20.0, 15.0, 90.0, 4.0
    for m in state.aboard(wagon.id):
        m.x, m.y = wagon.x, wagon.y
    trail = []
    for _ in range(8):
        state.active_side, state.active_model = "red", driver.id
        driver.moved = False
        drives = [c for c in (cand.command() for cand in engine.candidates("red")) if isinstance(c, Drive)]
        assert drives
        cmd = best_drive(engine, drives)
        wagon.speed = cmd.speed
        move_vehicle(Act(table, state, Dice(1)), wagon, "drive", cmd.heading)
        wagon.moved = False
        trail.append((round(wagon.x, 1), round(wagon.y, 1)))
        if wagon.removed:
            break
    assert wagon.removed == "escaped", trail
    assert not wagon.disabled
    assert max(y for _, y in trail) > 17.6  # round by the open ground south of the lane


def test_the_way_keeps_the_wagon_s_corners_clear_of_the_south_hedgerow_end() -> None:
    """The field is closed within the wagon's room (halfway between its half-width and its
    half-length, and a margin) of the hedgerow that ends at 22" south of the lane: a cell a
    half-width and a margin off it, which let the wagon's corner hit it, is closed now."""
    engine = start_game("make-way", 1)
    wagon = next(v for v in engine.state.vehicles if v.escort_edge)
    field = route_field(engine.table, engine.state, wagon, "east")
    assert (int(20.0 / CELL), int(15.0 / CELL)) in field  # the lane is open
    assert (int(23.6 / CELL), int(16.6 / CELL)) not in field  # where it used to jam


def test_the_captain_left_behind_by_the_wagon_rides_after_it() -> None:
    """York's Captain leads the Spear the wagon's Carter drives in. Beside the road he keeps only
    moves that leave its next stretch in his Command Range; left far behind it, where no move of
    his reaches that, he keeps the moves that close on it (before, he kept none, every move paid
    for it and he stood still for the rest of the game), and the heuristic rides after it."""
    engine = start_game("make-way", 1)
    state, table = engine.state, engine.table
    wagon = next(v for v in state.vehicles if v.escort_edge)
    captain = next(m for m in state.living("red") if table.profile(m).role == "captain")
    assert any(is_driver(table, state, m) and m.spear == captain.id for m in state.aboard(wagon.id))
    wagon.x, wagon.y, wagon.heading, wagon.speed = 20.0, 15.0, 90.0, 4.0
    ahead = (24.0, 15.0)
    state.active_side, state.active_model, state.current_card = "red", captain.id, captain.id
    captain.activated = True
    reach = command_range(table, captain) - 1.0
    keeps = driver_command_limit(engine)
    assert keeps is not None
    near = Move(side="red", model=captain.id, path=((ahead[0] - reach + 0.5, 15.0),))
    assert keeps(near) and not keeps(Move(side="red", model=captain.id, path=((4.0, 5.0),)))
    captain.x, captain.y = 4.0, 11.6  # far behind: nothing he can reach is within his range of it
    keeps = driver_command_limit(engine)
    assert keeps is not None
    gap = math.dist((captain.x, captain.y), ahead)
    assert gap - CLOSING > reach + 10.0
    closer = Move(side="red", model=captain.id, path=((12.0, 13.0),))
    away = Move(side="red", model=captain.id, path=((3.0, 5.0),))
    assert keeps(closer) and not keeps(away)
    best = heuristic.best_command(engine, "red")
    assert isinstance(best, Move) and math.dist(best.path[-1], ahead) < gap - CLOSING
