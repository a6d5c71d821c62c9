"""The editor screen: problems shown on the table, saving that asks, shipped maps kept, --mode editor."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.editor.tmx_io import read_map
from game.scenario import MAPS_DIR
from game.ui import places
from game.ui.app import App
from game.ui.launch import editor_place
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.editor import EditorScreen
from game.ui.screens.menu import MainMenu
from tests.editor.helpers import small_doc
from tests.ui.conftest import frames
from tests.ui.test_editor_e2e import click, key, press


@pytest.fixture
def user_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The player's data folder, in a temporary folder."""
    monkeypatch.setenv("DESTRIER_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data" / "scenarios"


def test_clicking_a_problem_marks_its_place_on_the_table(app: App, user_folder: Path) -> None:
    doc = small_doc()
    doc.forces[1] = replace(doc.forces[1], y=9.5)  # red's first archer strays from his zone
    editor = EditorScreen(app, doc)
    app.reset(editor)
    frames(app, 2)
    assert "outside_zone" in [p.rule for p in editor.problems]
    items = editor.problem_list.item_list
    line = next(i for i in items if i["text"].startswith("red's red archer one (red-2) at (13, 9.5): stands"))
    press(app, line["button_element"])
    assert editor.mark == (13.0, 9.5)


def test_a_shipped_map_is_saved_as_a_copy_and_a_file_is_replaced_only_when_asked(app: App,
                                                                                 user_folder: Path) -> None:
    before = (MAPS_DIR / "the-ford.tmx").read_bytes()
    app.apply(places.Reset(editor_place("the-ford")))
    editor = app.top
    assert isinstance(editor, EditorScreen)
    frames(app, 2)
    assert editor.doc == read_map(MAPS_DIR / "the-ford.tmx")
    key(app, pygame.K_s, pygame.KMOD_CTRL)  # Save on a shipped map asks where
    assert editor.files.dialog is not None and editor.files.pending == ("save_as", None)
    press(app, editor.files.dialog.ok_button)
    copy = user_folder / "The-Ford.tmx"
    assert copy.is_file() and (MAPS_DIR / "the-ford.tmx").read_bytes() == before
    other = user_folder / "other.tmx"
    other.write_text("not a map")
    app.apply(editor.files.picked(other))  # as the Save as dialog gives it
    frames(app, 1)
    asking = app.top
    assert other.read_text() == "not a map"
    assert isinstance(asking, ConfirmDialog) and "other.tmx exists" in asking.message
    key(app, pygame.K_RETURN)  # Yes
    assert app.top is editor
    assert read_map(other) == editor.doc and editor.editing.path == other.resolve()


def test_leaving_with_unsaved_changes_asks_first(app: App, user_folder: Path) -> None:
    app.reset(MainMenu(app))
    editor = EditorScreen(app)
    app.push(editor)
    frames(app, 2)
    press(app, editor.kinds["marsh"])
    click(app, editor.view.to_screen(5.5, 5.5))
    assert editor.doc.kind_at(5, 5) == "marsh" and editor.history.dirty
    key(app, pygame.K_ESCAPE)
    asking = app.top
    assert app.stack[-2] is editor
    assert isinstance(asking, ConfirmDialog) and "Leave the editor" in asking.message
    key(app, pygame.K_RETURN)  # Yes
    assert isinstance(app.top, MainMenu)


def test_main_opens_the_editor_on_a_scenario(user_folder: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import main

    monkeypatch.setenv("DESTRIER_CONFIG_DIR", str(tmp_path / "config"))
    assert main.main(["--mode", "editor", "--scenario", "the-ford", "--frames", "2"]) == 0
    pygame.display.quit()


def test_the_view_zooms_round_the_mouse_pans_and_fits_again(app: App, user_folder: Path) -> None:
    editor = EditorScreen(app, small_doc())
    app.reset(editor)
    frames(app, 1)
    view = editor.view
    fitted = (view.scale, view.origin)
    pos = view.to_screen(12.0, 9.0)
    view.zoom(1.25, pos)
    assert view.scale > fitted[0] and view.to_table(pos) == pytest.approx((12.0, 9.0), abs=0.1)
    to = (pos[0] + 40, pos[1])
    post_drag = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=2),
                 pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(40, 0), buttons=(0, 1, 0)),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=2)]
    for event in post_drag:
        pygame.event.post(event)
    frames(app, 1)
    assert view.to_table((pos[0] + 40, pos[1])) == pytest.approx((12.0, 9.0), abs=0.1)
    assert editor.history.done == []  # the view is no edit
    key(app, pygame.K_HOME)
    assert (view.scale, view.origin) == fitted


def test_test_play_saves_into_the_user_folder_and_starts_the_game_as_edited(app: App,
                                                                            user_folder: Path) -> None:
    from game.ui.battle.screen import BattleScreen

    editor = EditorScreen(app, small_doc())
    app.reset(editor)
    frames(app, 1)
    press(app, editor.bar["solo"])
    battle = app.top
    assert isinstance(battle, BattleScreen) and battle.mode == "solo"
    saved = user_folder / "Well-Fight.tmx"
    assert battle.state.scenario == str(saved.resolve()) and read_map(saved) == editor.doc
    red = [(m.x, m.y) for m in battle.state.models if m.side == "red"]
    assert red == [(f.x, f.y) for f in editor.doc.forces if f.side == "red"]


def test_leaving_a_test_play_comes_back_to_the_editor_and_a_game_from_the_menu_does_not(
        app: App, user_folder: Path) -> None:
    from game.ui.battle.screen import BattleScreen
    from game.ui.screens.pause import PauseMenu

    editor = EditorScreen(app, small_doc())
    app.reset(editor)
    frames(app, 1)
    press(app, editor.bar["hotseat"])
    battle = app.top
    assert isinstance(battle, BattleScreen)
    pause = PauseMenu(app, battle)
    app.push(pause)
    pause.layout()
    assert pause.buttons[-1].label == "Back to the editor"
    app.apply(pause.leave())
    assert app.top is editor and app.stack == [editor]
    frames(app, 2)  # laid out again and drawn
    app.reset(MainMenu(app))  # a game that did not start in the editor leaves to the menu
    app.push(battle)
    pause = PauseMenu(app, battle)
    app.push(pause)
    app.apply(pause.leave())
    assert isinstance(app.top, MainMenu) and len(app.stack) == 1
