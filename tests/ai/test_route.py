"""The AI driver's way to the edge: the supply wagon on make-way goes round the roadblock where
there is room for it to swing, and does not jam against the first hedge end it meets."""

from __future__ import annotations

from game.ai.eager import best_drive
from game.ai.route import CELL, route_field
from game.rules.commands import Drive
from game.rules.context import Act
from game.rules.dice import Dice
from game.rules.ramming import move_vehicle
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
