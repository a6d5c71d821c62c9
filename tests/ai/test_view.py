"""A view's table: it shares the game's terrain walks, and mud laid in a view stays in the view."""

from __future__ import annotations

from game.ai.view import ViewTable, determinise
from game.rules.commands import Move
from game.rules.dice import Dice
from game.scenario import start_game


def test_a_view_shares_the_walks_until_its_own_mud_changes_the_ground() -> None:
    engine = start_game("the-ford", 3)
    side = engine.state.acting_side
    assert side
    view = determinise(engine, side, Dice(5))
    assert isinstance(view.table, ViewTable)
    assert view.table.walks is engine.table.walks and view.table.terrain is engine.table.terrain
    engine.table.walks[("probe",)] = object()
    terrain, walks = engine.table.terrain, dict(engine.table.walks)
    open_tiles = [i for i, k in enumerate(terrain.tiles) if k == "open"][:20]
    view.table.apply_mud(open_tiles)  # as a muddy field turned up in the view would
    assert view.table.terrain is not terrain and view.table.walks is not engine.table.walks
    assert engine.table.terrain is terrain and engine.table.walks == walks  # the game is untouched
    assert all(view.table.terrain.tiles[i] == "ploughland" for i in open_tiles)
    assert all(terrain.tiles[i] == "open" for i in open_tiles)


def test_moves_worked_out_in_a_view_are_the_games_moves() -> None:
    engine = start_game("make-way", 4)
    side = engine.state.acting_side
    assert side
    view = determinise(engine, side, Dice(8))
    assert view.legal_commands(side) == engine.legal_commands(side)
    assert all(not isinstance(c, Move) or c.side == side for c in view.legal_commands(side))
