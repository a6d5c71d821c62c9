"""Edits of the scenario document: every one undone and redone exactly; brushes and flood fill."""

from __future__ import annotations

import copy

import pytest

from game.editor.brush import brush_cells, flood_fill, paint
from game.editor.document import ScenarioDoc
from game.editor.edits import History, add_item, move_point, remove_item, replace_item, resize, set_settings
from game.editor.tileset import shipped_tileset
from game.terrain.terrain_map import Objective, Obstacle
from tests.editor.helpers import small_doc


def _same(a: ScenarioDoc, b: ScenarioDoc) -> bool:
    return a == b


def test_every_kind_of_edit_undoes_and_redoes_exactly() -> None:
    doc = small_doc()
    history = History(doc)
    start = copy.deepcopy(doc)
    wall = doc.obstacles[0]
    states = [copy.deepcopy(doc)]
    for make in (lambda: paint(doc, brush_cells(doc, 6.0, 6.0, 3), "woods"),
                 lambda: flood_fill(doc, 20, 4, "marsh"),
                 lambda: add_item(doc, "objectives", Objective("the cart", "loot", 3.0, 3.0, 1.0, 1)),
                 lambda: move_point(doc, 0, 1, 11.3, 9.1),
                 lambda: replace_item(doc, "obstacles", 1,
                                      Obstacle("the hedge", "hedge", ((1.0, 1.0), (2.0, 2.0)), True, 2.0)),
                 lambda: remove_item(doc, "forces", 2),
                 lambda: set_settings(doc, steeds_stay=True, turns=8)):
        assert history.do(make())
        states.append(copy.deepcopy(doc))
    assert history.do(resize(doc, 30, 20))
    states.append(copy.deepcopy(doc))
    assert doc.width == 30 and len(doc.tiles) == 600 and doc.obstacles[0].points[1] == (11.25, 9.0)
    assert doc.obstacles[0] != wall and doc.settings.steeds_stay
    for want in reversed(states[:-1]):
        assert history.undo() is not None
        assert _same(doc, want)
    assert _same(doc, start) and history.undo() is None and not history.dirty
    for want in states[1:]:
        assert history.redo() is not None
        assert _same(doc, want)
    assert history.redo() is None


def test_a_new_edit_clears_redo_and_a_stroke_is_one_undo_step() -> None:
    doc = ScenarioDoc.blank(12, 12)
    history = History(doc)
    for x in range(2, 9):  # one drag of the brush: seven dabs
        history.do(paint(doc, brush_cells(doc, x + 0.5, 5.5, 1), "road", stroke=7))
    assert len(history.done) == 1
    assert [doc.kind_at(x, 5) for x in range(2, 9)] == ["road"] * 7
    history.undo()
    assert all(doc.kind_at(x, 5) == "open" for x in range(12))
    history.redo()
    assert doc.kind_at(8, 5) == "road"
    history.undo()
    history.do(paint(doc, brush_cells(doc, 1.5, 1.5, 1), "scrub"))
    assert history.redo() is None and doc.kind_at(1, 1) == "scrub" and doc.kind_at(8, 5) == "open"


def test_brush_sizes_cover_squares_round_the_point_and_stop_at_the_edge() -> None:
    doc = ScenarioDoc.blank(20, 20)
    assert brush_cells(doc, 5.5, 5.5, 1) == [5 * 20 + 5]
    assert len(brush_cells(doc, 5.0, 5.0, 2)) == 4
    three = brush_cells(doc, 5.5, 5.5, 3)
    assert len(three) == 9 and 5 * 20 + 5 in three
    five = brush_cells(doc, 10.5, 10.5, 5)
    assert 13 <= len(five) <= 25 and 8 * 20 + 8 not in five  # round: the corners stay out
    assert all(i // 20 <= 1 and i % 20 <= 1 for i in brush_cells(doc, 0.2, 0.2, 3))
    assert brush_cells(doc, -3.0, 4.0, 1) == []


def test_paint_keeps_the_look_of_squares_already_of_the_kind_and_roofs_face_north() -> None:
    doc = ScenarioDoc.blank(10, 10)
    ts = shipped_tileset()
    assert paint(doc, brush_cells(doc, 3.5, 3.5, 1), "open") is None
    edit = paint(doc, [3 * 10 + 3, 4 * 10 + 3], "building")
    assert edit is not None
    edit.apply(doc)
    assert ts.variants[doc.tiles[33]].endswith("-n") and ts.variants[doc.tiles[43]].endswith("-s")


def test_flood_fill_fills_the_patch_up_to_other_ground() -> None:
    doc = ScenarioDoc.blank(10, 10)
    history = History(doc)
    for y in range(10):  # a river down column 4 splits the table
        history.do(paint(doc, [y * 10 + 4], "river"))
    history.do(flood_fill(doc, 0, 0, "ploughland"))
    kinds = doc.kinds()
    assert all(kinds[y * 10 + x] == "ploughland" for y in range(10) for x in range(4))
    assert all(kinds[y * 10 + x] == "open" for y in range(10) for x in range(5, 10))
    assert flood_fill(doc, 0, 0, "ploughland") is None and flood_fill(doc, 40, 0, "woods") is None
    history.undo()
    assert doc.kinds().count("open") == 90


def test_table_size_limits() -> None:
    doc = ScenarioDoc.blank(72, 48)
    assert len(doc.tiles) == 72 * 48
    with pytest.raises(ValueError):
        ScenarioDoc.blank(73, 10)
    with pytest.raises(ValueError):
        resize(doc, 10, 49)
    assert resize(doc, 72, 48) is None


def test_resizing_keeps_a_zone_along_the_far_edge_and_cuts_zones_to_the_table() -> None:
    doc = ScenarioDoc.blank(36, 36)
    assert [(z.side, z.y, z.h) for z in doc.zones] == [("red", 0.0, 6.0), ("blue", 30.0, 6.0)]
    history = History(doc)
    history.do(resize(doc, 24, 18))
    assert [(z.side, z.x, z.y, z.w, z.h) for z in doc.zones] == [("red", 0.0, 0.0, 24.0, 6.0),
                                                                 ("blue", 0.0, 12.0, 24.0, 6.0)]
    history.undo()
    assert (doc.width, doc.height) == (36, 36) and doc.zones[1].y == 30.0
