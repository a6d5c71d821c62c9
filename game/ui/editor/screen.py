"""The scenario editor's screen: paint a table, draw its obstacles, place zones, objectives, carts
and forces, see what keeps it from playing, save it for Tiled and the game, and test-play it.

The screen routes the mouse on the table to the tool in hand (`game.ui.editor.tools`), lays out the
panels, and says where to go (a test play, a question, back to the menu). Every change is an edit
of the document's `History`, so Ctrl+Z and Ctrl+Y take back and make again anything.
"""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UISelectionList, UITextBox, UITextEntryBox, UITextEntryLine

from game.editor.document import Layer, ScenarioDoc
from game.editor.edits import History, remove_item
from game.maps.problems import Problem
from game.ui import places, theme
from game.ui.app import App, Screen
from game.ui.editor.files import Files
from game.ui.editor.forms import Form
from game.ui.editor.items import Point, Selection, describe, hit
from game.ui.editor.panels import KEYS_HINT, LEFT, RIGHT, TOP, Chrome, notes, status
from game.ui.editor.problems import ProblemList, place_of, short
from game.ui.editor.session import Editing
from game.ui.editor.tools.base import Desk, Tool
from game.ui.editor.tools.forces import ForceTool, VehicleTool
from game.ui.editor.tools.obstacles import ObstacleTool
from game.ui.editor.tools.paint import PaintTool
from game.ui.editor.tools.select import SelectTool
from game.ui.editor.tools.settings import SettingsTool
from game.ui.editor.tools.zones import ObjectiveTool, ZoneTool
from game.ui.editor.view import MapView
from game.ui.widgets import fit, gui_manager, text

if TYPE_CHECKING:
    from game.rules.engine import Engine

LAYER_TOOL: dict[Layer, str] = {"obstacles": "obstacle", "zones": "zone", "objectives": "objective",
                                "vehicles": "vehicle", "forces": "model"}


class EditorScreen(Screen):
    """The editor of one scenario document, a tool in hand."""

    games_return_here = True  # leaving a test play comes back to the table being edited

    def __init__(self, app: App, doc: ScenarioDoc | None = None, path: Path | None = None) -> None:
        super().__init__(app)
        self.editing = Editing(doc, path)
        self.desk = Desk(self.editing, MapView(pygame.Rect(0, 0, 1, 1)), game=lambda: self.checked_game())
        self.files = Files(self.editing, self.after_change)
        self.paint = PaintTool(self.desk)
        kit = (SelectTool, ObstacleTool, ZoneTool, ObjectiveTool, VehicleTool, ForceTool, SettingsTool)
        self.toolbox: dict[str, Tool] = {"paint": self.paint, **{tool.name: tool(self.desk) for tool in kit}}
        self.tool: Tool = self.paint
        self.checked = -1  # the document's version whose problems are listed
        self.panel_key: tuple[object, ...] = ()  # what the side panel shows (built again when it changes)
        self.panning: tuple[int, int] | None = None
        self.mark: Point | None = None
        self.hover: Point | None = None
        self.last_click = (0.0, (0, 0))
        self.clock = 0.0
        self.manager = gui_manager(app.surface.get_size(), 1.0)  # its panels are laid out in pixels
        self.buttons: dict[UIElement, str] = {}  # the buttons under the form: Apply, Delete, a tool's
        self.notes_top = 0
        self.notes: UITextBox | None = None
        self.form: Form | None = None
        self.build()

    @property
    def doc(self) -> ScenarioDoc:
        """The document being edited."""
        return self.editing.doc

    @property
    def history(self) -> History:
        """The document's edits."""
        return self.editing.history

    @property
    def problems(self) -> list[Problem]:
        """What keeps the document from playing, as last listed."""
        return self.checker.problems

    # --- layout ---------------------------------------------------------------------------------
    def build(self) -> None:
        """Make the editor's panels for the window's size."""
        self.manager.clear_and_reset()
        self.form, self.notes, self.buttons = None, None, {}
        size = self.app.surface.get_size()
        w, h = size
        self.chrome = chrome = Chrome(self.manager, size, self.paint.brush, self.paint.fill)
        self.bar, self.kinds, self.tools = chrome.bar, chrome.kinds, chrome.tools
        rect = pygame.Rect(8, chrome.list_top, RIGHT - 20, h - TOP - chrome.list_top - 10)
        self.checker = ProblemList(self.manager, chrome.side_panel, rect, self.app.fonts.small)
        self.problem_list: UISelectionList = self.checker.list
        table = pygame.Rect(LEFT + 10, TOP + 10, w - LEFT - RIGHT - 20, h - TOP - 70)
        self.view = self.desk.view = MapView(table)
        self.view.fit(self.doc)
        self.checked = -1
        self.show_form()

    def resized(self, size: tuple[int, int]) -> None:
        """Lay the editor out again for the new window."""
        self.manager.set_window_resolution(size)
        self.build()

    def on_top(self) -> None:
        """Back from a test play or a question (the window may have changed meanwhile): lay out again."""
        self.resized(self.app.surface.get_size())

    def show_form(self) -> None:
        """The side panel's form for the tool (or the thing selected), and its buttons."""
        if self.form is not None:
            self.form.kill()
        for button in self.buttons:
            button.kill()
        self.buttons = {}
        tool, item = self.tool, self.editing.item()
        self.panel_key = (tool.name, self.editing.selected, item)
        self.chrome.show_tool(tool.name, self.paint.kind)
        title = tool.heading()
        self.chrome.heading.set_text(f"{title}: {describe(item)}" if item is not None else title)
        self.checker.show(not tool.wide)
        panel = self.chrome.side_panel
        fields = owner(self.toolbox, tool, self.editing.selected).fields(item)
        form = Form(self.manager, panel, 10, 36, RIGHT - 24, fields)
        self.form = self.desk.form = form
        y = form.bottom + 6
        rows: list[tuple[pygame.Rect, str, str, str]] = []
        if item is not None or tool.applies:
            rows.append((pygame.Rect(RIGHT - 150, y, 130, 32), "apply", "Apply", ""))
        if item is not None:
            rows.append((pygame.Rect(10, y, 110, 32), "delete", "Delete", ""))
        else:
            rows += [(pygame.Rect(10, y + i * 38, RIGHT - 30, 32), f"act:{key}", label, tip)
                     for i, (key, label, tip) in enumerate(tool.actions())]
        for rect, key, label, tip in rows:
            button = UIButton(rect, label, self.manager, container=panel, tool_tip_text=tip or None)
            self.buttons[button] = key
        self.apply_button = next((b for b, k in self.buttons.items() if k == "apply"), None)
        self.show_notes(max([r.bottom for r, *_ in rows], default=y) + 12 if rows else y)

    def show_notes(self, top: int) -> None:
        """Under the form: how the tool works, and the scenario in a few lines."""
        self.notes_top = top
        if self.notes is not None:
            self.notes.kill()
            self.notes = None
        height = self.chrome.list_top - 8 - top
        if height >= 60 and not self.tool.wide:
            rect = pygame.Rect(8, top, RIGHT - 20, height)
            self.notes = UITextBox(notes(self.doc, self.tool.help), rect, self.manager,
                                   container=self.chrome.side_panel)

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> places.Transition:
        """Keys, the forms' events and the mouse on the table; returns where to go, if anywhere."""
        if event.type == pygame.KEYDOWN and not typing(self.manager):
            used_key, go = self.key(event)
            if used_key:
                return go
        used = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.pressed(event.ui_element)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.chrome.brush_menu:
            self.paint.brush = int(str(event.text).rstrip('"'))
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED) and (
                event.ui_element is self.chrome.fill_box):
            self.paint.fill = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and (
                event.ui_element is self.problem_list):
            self.show_problem(str(event.text))
        elif event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            return self.files.picked(Path(str(event.text)))
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.files.dialog:
            self.files.dialog = None
        dialog = self.files.dialog
        if used or dialog is not None and dialog.alive():
            return None
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.view.rect.collidepoint(pos):
                self.view.zoom(1.25 if event.y > 0 else 0.8, pos)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.mouse(event)
            if self.panel_key != (self.tool.name, self.editing.selected, self.editing.item()):
                self.show_form()
        return None

    def key(self, event: pygame.event.Event) -> tuple[bool, places.Transition]:
        """The editor's keys: whether the key was one, and where it goes, if anywhere."""
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_z:
            self.step_history(back=not event.mod & pygame.KMOD_SHIFT)
        elif ctrl and event.key == pygame.K_y:
            self.step_history(back=False)
        elif ctrl and event.key == pygame.K_s:
            self.files.save(self.manager)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.tool.enter():
            pass
        elif event.key in (pygame.K_HOME, pygame.K_0):
            self.view.fit(self.doc)
        elif event.key == pygame.K_DELETE:
            self.delete_selected()
        elif event.key == pygame.K_ESCAPE:
            if self.tool.escape():
                pass
            elif self.editing.selected is not None:
                self.editing.selected = None
                self.show_form()
            else:
                return True, self.leave()
        else:
            return False, None
        return True, None

    def pressed(self, element: UIElement) -> places.Transition:
        """A button was pressed; returns where to go, if anywhere."""
        group, key = self.chrome.which(element) or ("panel", self.buttons.get(element, ""))
        if group == "bar":
            return self.bar_pressed(key)
        if group == "kind":
            self.paint.kind = key
            self.set_tool("paint")
        elif group == "tool":
            self.set_tool(key)
        elif key == "apply":
            self.apply_form()
        elif key == "delete":
            self.delete_selected()
        elif key.startswith("act:"):
            self.tool.act(key.removeprefix("act:"))
        return None

    def bar_pressed(self, key: str) -> places.Transition:
        """A button of the top bar."""
        if key == "new":
            return self.files.ask_new()
        if key in ("hotseat", "solo"):
            return self.files.test_play(key)
        if key == "menu":
            return self.leave()
        if key in ("open", "save", "save_as"):
            {"open": self.files.open_dialog, "save": self.files.save, "save_as": self.files.save_as}[key](
                self.manager)
        elif key in ("undo", "redo", "settings"):
            self.set_tool(key) if key == "settings" else self.step_history(back=key == "undo")
        return None

    def mouse(self, event: pygame.event.Event) -> None:
        """The mouse on the table: the middle button drags the view, the others go to the tool."""
        pos = event.pos
        at = self.view.to_table(pos)
        over = self.view.on_table(self.doc, pos)
        self.hover = at if over else None
        if event.type != pygame.MOUSEMOTION and event.button == 2:
            down = event.type == pygame.MOUSEBUTTONDOWN and self.view.rect.collidepoint(pos)
            self.panning = pos if down else None
        elif event.type == pygame.MOUSEMOTION and self.panning is not None:
            self.view.pan(pos[0] - self.panning[0], pos[1] - self.panning[1])
            self.panning = pos
        elif event.type == pygame.MOUSEMOTION:
            self.tool.drag(at, pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            if event.button == 1:
                self.tool.release(at)
        elif not over and not self.tool.busy:
            return
        elif event.button == 3 and not self.tool.right_click():
            self.editing.selected = hit(self.doc, at)  # a right click picks a thing to change
            if self.editing.selected is not None:
                self.tool = self.toolbox[LAYER_TOOL[self.editing.selected.layer]]
            self.show_form()
        elif event.button == 1:
            now = time.monotonic()
            double = now - self.last_click[0] < 0.4 and math.dist(pos, self.last_click[1]) < 6
            self.last_click = (now, pos)
            self.tool.press(at, pos, double)

    # --- editing ----------------------------------------------------------------------------------
    def set_tool(self, name: str) -> None:
        """Pick a tool (the selection goes, and any line being drawn ends)."""
        self.tool.finish()
        self.tool = self.toolbox[name]
        self.editing.selected = None
        self.show_form()

    def step_history(self, back: bool) -> None:
        """Take back the last edit, or make again the last one taken back."""
        if self.editing.undo() if back else self.editing.redo():
            self.after_change()

    def after_change(self) -> None:
        """Fit the view (the table may have a new size) and refresh the form."""
        self.view.fit(self.doc)
        self.show_form()

    def apply_form(self) -> None:
        """The Apply button: the thing selected, or the tool's own form (the settings), as the form says."""
        selected = self.editing.selected
        if selected is not None:
            owner(self.toolbox, self.tool, self.editing.selected).change(selected)
            self.show_form()
        elif self.tool.applies:
            self.tool.apply()
            self.after_change()

    def delete_selected(self) -> None:
        """Take the selected thing off the table."""
        item, selected = self.editing.item(), self.editing.selected
        if item is None or selected is None:
            return
        self.editing.do(remove_item(self.doc, selected.layer, selected.index, f"remove {describe(item)}"))
        self.editing.selected = None
        self.show_form()

    def leave(self) -> places.Transition:
        """Back to the menu (asking first if there are unsaved changes)."""
        if self.history.dirty:
            return places.Push(places.Confirm("Destrier", "Leave the editor without saving?",
                                              on_yes=lambda: places.Pop()))
        return places.Pop()

    # --- problems ---------------------------------------------------------------------------------
    def checked_game(self) -> Engine | None:
        """The game the document sets up as it stands (None if it does not)."""
        self.check()
        return self.checker.engine

    def check(self) -> None:
        """List the document's problems again if it changed (not in the middle of a stroke or a drag)."""
        if self.checked == self.editing.version or self.tool.busy:
            return
        if self.checked >= 0:
            self.show_notes(self.notes_top)
        self.checked = self.editing.version
        path = self.editing.path
        self.checker.check(self.doc, path.name if path else "")

    def show_problem(self, line: str) -> None:
        """Mark the place of the problem clicked in the list."""
        p = self.checker.picked(line)
        if p is None:
            return
        self.mark = place_of(self.doc, p)
        self.editing.message = short(p)
        if p.rule == "settings":
            self.set_tool("settings")

    # --- frames -----------------------------------------------------------------------------------
    def update(self, dt: float) -> places.Transition:
        """The forms, and the problem list when the document changed."""
        self.clock += dt
        self.check()
        self.bar["undo"].enable() if self.history.done else self.bar["undo"].disable()
        self.bar["redo"].enable() if self.history.undone else self.bar["redo"].disable()
        self.manager.update(dt)
        self.checker.tips()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The table, what is being drawn on it, the forms and the status line."""
        surface.fill(theme.BG)
        doc, engine = self.doc, self.checker.engine
        own = {f.side for f in doc.forces}
        ghosts = [(m.side, m.profile, m.steed is not None, m.x, m.y, m.facing) for m in engine.state.models
                  if m.side not in own and not m.aboard] if engine is not None else []
        self.view.draw(surface, doc, self.app.fonts, self.editing.selected, self.tool.shows_corners, ghosts)
        self.tool.draw(surface, self.hover)
        if self.mark is not None:
            self.view.mark(surface, *self.mark, self.clock)
        w, h = surface.get_size()
        small = self.app.fonts.small
        line = status(doc, self.editing.path, self.history.dirty, self.hover)
        text(surface, line, small, (LEFT + 12, h - 26), theme.DIM)
        message = self.editing.message
        hint = fit(message or KEYS_HINT, small, w - LEFT - RIGHT - 24)
        text(surface, hint, small, (LEFT + 12, h - 50), theme.GOLD if message else theme.DIM)
        self.manager.draw_ui(surface)


def owner(toolbox: dict[str, Tool], tool: Tool, selected: Selection | None) -> Tool:
    """The tool whose form the panel shows: the one for the thing selected, else the tool in hand."""
    return toolbox[LAYER_TOOL[selected.layer]] if selected is not None else tool


def typing(manager: pygame_gui.UIManager) -> bool:
    """True while a text field has the keyboard."""
    focus = manager.get_focus_set()
    return any(isinstance(el, UITextEntryLine | UITextEntryBox) for el in (focus or ()))
