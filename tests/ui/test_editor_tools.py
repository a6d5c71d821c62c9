"""The editor's tools: a quick drag of the brush paints the whole way, a side's new zone replaces its
zone, and a problem line cut short shows the whole problem when the mouse rests on it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.editor.document import ScenarioDoc
from game.terrain.terrain_map import DeploymentZone
from game.ui.app import App
from game.ui.editor.items import Selection
from game.ui.screens.editor import EditorScreen
from tests.editor.helpers import small_doc
from tests.ui.conftest import frames
from tests.ui.test_editor_e2e import choose, drag, press


@pytest.fixture
def user_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The player's data folder, in a temporary folder."""
    monkeypatch.setenv("DESTRIER_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data" / "scenarios"


def editor_on(app: App, doc: ScenarioDoc) -> EditorScreen:
    """The editor on a document, on top of the app and drawn."""
    editor = EditorScreen(app, doc)
    app.reset(editor)
    frames(app, 2)
    return editor


def test_a_quick_drag_of_the_brush_paints_the_whole_way(app: App, user_folder: Path) -> None:
    editor = editor_on(app, ScenarioDoc.blank())
    press(app, editor.kinds["woods"])
    choose(app, editor.chrome.brush_menu, '1"')
    view = editor.view
    drag(app, [view.to_screen(4.5, 10.5), view.to_screen(30.5, 10.5)])  # one motion, 26" at once
    doc = editor.doc
    assert [doc.kind_at(x, 10) for x in range(4, 31)] == ["woods"] * 27
    assert doc.kind_at(3, 10) == doc.kind_at(31, 10) == doc.kind_at(15, 11) == "open"
    assert len(editor.history.done) == 1  # one stroke, one undo step
    editor.step_history(back=True)
    assert doc.kinds().count("woods") == 0


def test_a_sides_new_zone_replaces_its_zone(app: App, user_folder: Path) -> None:
    editor = editor_on(app, ScenarioDoc.blank())
    doc = editor.doc
    blue = next(z for z in doc.zones if z.side == "blue")
    press(app, editor.tools["zone"])
    view = editor.view
    drag(app, [view.to_screen(2.0, 20.0), view.to_screen(10.0, 26.0)])
    assert doc.zones == [DeploymentZone("red", 2.0, 20.0, 8.0, 6.0), blue]
    form = editor.form
    assert form is not None
    choose(app, form.elements["side"], "blue")
    drag(app, [view.to_screen(20.0, 4.0), view.to_screen(30.0, 8.0)])
    assert sorted((z.side, z.x, z.y, z.w, z.h) for z in doc.zones) == [
        ("blue", 20.0, 4.0, 10.0, 4.0), ("red", 2.0, 20.0, 8.0, 6.0)]


def test_a_zone_given_to_the_other_side_replaces_that_sides_zone(app: App, user_folder: Path) -> None:
    doc = ScenarioDoc.blank()
    doc.zones.append(DeploymentZone("red", 10.0, 10.0, 4.0, 4.0))  # a map saved with two red zones
    editor = editor_on(app, doc)
    zone = editor.toolbox["zone"]
    editor.set_tool("zone")
    editor.editing.selected = Selection("zones", 2)
    editor.show_form()
    form = editor.form
    assert form is not None
    choose(app, form.elements["side"], "blue")
    zone.change(Selection("zones", 2))
    assert [(z.side, z.x) for z in doc.zones] == [("red", 0.0), ("blue", 10.0)]


def test_a_problem_line_cut_short_shows_the_whole_problem_under_the_mouse(app: App,
                                                                           user_folder: Path) -> None:
    doc = small_doc()
    long_name = "red archer one, who strayed from the red zone by the old well in the night"
    doc.forces[1] = replace(doc.forces[1], y=9.5, name=long_name)
    editor = editor_on(app, doc)
    item = next(i for i in editor.problem_list.item_list if "red archer one, who" in i["text"])
    assert item["text"].endswith("…") and long_name not in item["text"]  # cut to the list's width
    button = item["button_element"]
    assert button is not None and long_name in (button.tool_tip_text or "")  # the whole of it on hover
