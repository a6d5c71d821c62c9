"""End to end: real pygame events make a small table in the editor, save it, start it and play a turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.editor.tmx_io import read_map
from game.rules.events import ActivationEnded
from game.scenario import load_scenario
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.screens.editor import EditorScreen
from game.ui.screens.menu import MainMenu
from game.ui.screens.scenarios import ScenarioPicker
from tests.ui.conftest import frames


def post(app: App, *events: pygame.event.Event) -> None:
    """Post events and run a frame."""
    for event in events:
        pygame.event.post(event)
    frames(app, 1)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Move the mouse there and click."""
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, 2)  # a pygame_gui element answers over a frame or two (a drop-down's list)


def press(app: App, element: Any) -> None:
    """Click a pygame_gui element in its middle."""
    click(app, element.rect.center)


def key(app: App, k: int, mod: int = 0) -> None:
    """Press and release a key."""
    post(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
         pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def type_into(app: App, entry: Any, value: str) -> None:
    """Click a text field, clear it and type."""
    press(app, entry)
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    post(app, *(pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in value))
    assert entry.get_text() == value


def choose(app: App, menu: Any, option: str) -> None:
    """Open a drop-down and click one of its options (a drop-down showing it already is left alone)."""
    if menu.selected_option[0] == option:
        return
    press(app, menu)
    items = menu.current_state.options_selection_list.item_list
    button = next(item["button_element"] for item in items if item["text"] == option)
    press(app, button)
    assert menu.selected_option[0] == option


def drag(app: App, points: list[tuple[int, int]]) -> None:
    """Press the left button at the first point, move through the others, let go at the last."""
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=points[0], rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=points[0], button=1))
    for p in points[1:]:
        post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    post(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=points[-1], button=1))


@pytest.fixture
def user_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The player's data folder, in a temporary folder."""
    monkeypatch.setenv("DESTRIER_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data" / "scenarios"


def test_make_a_table_save_it_start_it_and_play_an_activation(app: App, user_folder: Path) -> None:
    menu = MainMenu(app)
    app.reset(menu)
    frames(app, 2)
    entry = next(b for b in menu.buttons if b.label == "Scenario editor")
    click(app, entry.rect.center)
    editor = app.top
    assert isinstance(editor, EditorScreen)
    doc = editor.doc

    press(app, editor.bar["settings"])  # a small table: 24" x 18"
    form = editor.form
    assert form is not None
    type_into(app, form.elements["title"], "Well Fight")
    type_into(app, form.elements["width"], "24")
    type_into(app, form.elements["height"], "18")
    press(app, editor.apply_button)
    assert (doc.width, doc.height, doc.settings.title) == (24, 18, "Well Fight")
    view = editor.view

    press(app, editor.kinds["woods"])  # a copse, brushed
    drag(app, [view.to_screen(18.5, 8.5), view.to_screen(20.5, 8.5)])
    assert doc.kind_at(19, 8) == "woods" and doc.kind_at(5, 8) == "open"

    press(app, editor.tools["obstacle"])  # a wall, then a hedge
    for x in (3.0, 9.0):
        click(app, view.to_screen(x, 9.0))
    key(app, pygame.K_RETURN)
    choose(app, editor.form.elements["kind"], "hedge")
    for x, y in ((12.0, 10.0), (16.0, 10.5)):
        click(app, view.to_screen(x, y))
    click(app, view.to_screen(16.0, 10.5), 3)  # a right click ends the line
    assert [(o.kind, o.points) for o in doc.obstacles] == [("wall", ((3.0, 9.0), (9.0, 9.0))),
                                                          ("hedge", ((12.0, 10.0), (16.0, 10.5)))]
    drag(app, [view.to_screen(9.0, 9.0), view.to_screen(10.0, 9.5)])  # drag the wall's end
    assert doc.obstacles[0].points[1] == (10.0, 9.5)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert doc.obstacles[0].points[1] == (9.0, 9.0)
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert doc.obstacles[0].points[1] == (10.0, 9.5)

    press(app, editor.tools["model"])  # a mounted Squire and two archers a side
    for side, y in (("red", 2.0), ("blue", 16.0)):
        form = editor.form
        assert form is not None
        choose(app, form.elements["side"], side)
        choose(app, form.elements["profile"], "squire")
        choose(app, form.elements["steed"], "warhorse")
        press(app, form.elements["lance"])
        type_into(app, form.elements["facing"], "180" if side == "red" else "0")
        click(app, view.to_screen(8.0, y))
        choose(app, form.elements["profile"], "archer")
        choose(app, form.elements["steed"], "on foot")
        press(app, form.elements["lance"])
        click(app, view.to_screen(11.0, y))
        click(app, view.to_screen(13.0, y))
    forces = [(f.side, f.profile, f.steed, f.weapons, f.x, f.y) for f in doc.forces]
    assert forces == [("red", "squire", "warhorse", ("lance", "hand_weapon"), 8.0, 2.0),
                      ("red", "archer", "", (), 11.0, 2.0), ("red", "archer", "", (), 13.0, 2.0),
                      ("blue", "squire", "warhorse", ("lance", "hand_weapon"), 8.0, 16.0),
                      ("blue", "archer", "", (), 11.0, 16.0), ("blue", "archer", "", (), 13.0, 16.0)]
    frames(app, 2)
    assert sorted(p.rule for p in editor.problems) == ["captain", "captain"]  # the panel says so

    press(app, editor.bar["save_as"])  # into the user's scenarios folder
    dialog = editor.files.dialog
    assert dialog is not None
    press(app, dialog.ok_button)
    saved = user_folder / "Well-Fight.tmx"
    assert saved.is_file() and not editor.history.dirty
    assert read_map(saved) == doc
    assert load_scenario(str(saved)).title == "Well Fight"

    press(app, editor.bar["menu"])  # back to the menu (nothing unsaved), and start it from the picker
    assert app.top is menu
    click(app, next(b for b in menu.buttons if b.label == "New hot-seat game").rect.center)
    picker = app.top
    assert isinstance(picker, ScenarioPicker)
    index = next(i for i, e in enumerate(picker.entries)
                 if e.path is not None and e.path.resolve() == saved.resolve())
    assert picker.entries[index].playable and picker.entries[index].title == "Well Fight"
    # the picker names the map's own forces: three men a side, the Squire mounted
    assert [(f.side, f.models, f.mounted) for f in picker.entries[index].forces] == [
        ("red", 3, 1), ("blue", 3, 1)]
    picker.show(index)
    picker.layout()
    click(app, picker.entry_buttons[index].rect.center)
    assert picker.chosen == index
    key(app, pygame.K_RETURN)
    battle = app.top
    assert isinstance(battle, BattleScreen)
    state = battle.session.engine.state
    assert state.scenario == str(saved.resolve())
    hero = state.model(state.current_card)  # one activation: the Squire whose card is up
    assert hero.profile == "squire" and hero.steed == "warhorse"
    frames(app, 2)
    cam = battle.camera
    cam.set_zoom(1.0)
    cam.look_at(hero.x, hero.y)
    frames(app, 1)
    click(app, cam.to_screen(hero.x, hero.y))
    assert state.active_model == hero.id
    key(app, pygame.K_SPACE)
    state = battle.session.engine.state
    assert state.model(hero.id).activated and not state.active_model
    assert any(isinstance(e, ActivationEnded) and e.model == hero.id for e in battle.session.engine.log)
