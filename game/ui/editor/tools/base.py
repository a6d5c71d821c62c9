"""What every tool has: the desk it works at, the mouse and keys it may take, its side panel, and
the grabs that move a thing or an obstacle's corner by dragging."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from game.editor.document import Item, Layer
from game.editor.edits import Edit, add_item, move_point, replace_item, snap
from game.terrain.terrain_map import ForceSpot, Objective, VehicleSpot
from game.ui.editor.forms import Field, Form, ItemForm
from game.ui.editor.items import Point, Selection, describe, hit, item_at, moved
from game.ui.editor.session import Editing
from game.ui.editor.view import MapView

if TYPE_CHECKING:
    from game.rules.engine import Engine

T = TypeVar("T", bound=Item)  # a kind of thing on the table
P = TypeVar("P", Objective, VehicleSpot, ForceSpot)  # the things placed with a click
Pixel = tuple[int, int]


@dataclass
class Desk:
    """What a tool works with: the document being edited, the table's view, the side panel's form,
    and the game the document sets up (for where a retinue deploys), checked afresh when asked."""

    editing: Editing
    view: MapView
    form: Form | None = None
    game: Callable[[], Engine | None] = lambda: None


@dataclass(slots=True)
class Move:
    """A thing being dragged: from where it was grabbed to where the mouse is."""

    selection: Selection
    start: Point
    end: Point


@dataclass(slots=True)
class Corner:
    """An obstacle's corner being dragged to where the mouse is."""

    index: int
    point: int
    end: Point


Grab = Move | Corner


def corner_at(desk: Desk, pos: Pixel) -> tuple[int, int] | None:
    """The obstacle corner within a few pixels of the mouse: (obstacle, point)."""
    for i, ob in enumerate(desk.editing.doc.obstacles):
        for j, (x, y) in enumerate(ob.points):
            sx, sy = desk.view.to_screen(x, y)
            if abs(sx - pos[0]) <= 7 and abs(sy - pos[1]) <= 7:
                return i, j
    return None


def let_go(editing: Editing, grab: Grab) -> None:
    """A drag ends in one edit: the thing or the corner where the mouse let go."""
    doc = editing.doc
    if isinstance(grab, Corner):
        editing.do(move_point(doc, grab.index, grab.point, *grab.end))
        return
    dx = snap(grab.end[0] - grab.start[0], 0.5, -999, 999)
    dy = snap(grab.end[1] - grab.start[1], 0.5, -999, 999)
    item = item_at(doc, grab.selection)
    if item is not None and (dx or dy):
        layer, index = grab.selection.layer, grab.selection.index
        editing.do(replace_item(doc, layer, index, moved(item, dx, dy), f"move {describe(item)}"))


class Tool:
    """A tool with nothing to do; each tool answers the mouse, keys and panel its own way."""

    name = ""
    title = ""
    help = ""
    layer: Layer | None = None  # the layer whose things the tool places and changes
    applies = False  # its form is applied with Apply even with nothing selected
    wide = False  # its form takes the whole side panel
    shows_corners = False

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.grab: Grab | None = None

    @property
    def editing(self) -> Editing:
        """The document being edited."""
        return self.desk.editing

    def heading(self) -> str:
        """The side panel's heading."""
        return self.title

    def fields(self, item: Item | None) -> list[Field]:
        """The side panel's form (for the thing selected, where this tool owns it)."""
        return []

    def apply(self) -> None:
        """Apply the form with nothing selected."""

    def change(self, selection: Selection) -> None:
        """Apply the form to the thing selected."""

    def actions(self) -> list[tuple[str, str, str]]:
        """Buttons under the form with nothing selected: (key, label, tool tip)."""
        return []

    def act(self, key: str) -> None:
        """One of the tool's buttons was pressed."""

    def press(self, at: Point, pos: Pixel, double: bool) -> None:
        """A left click on the table."""

    def drag(self, at: Point, pos: Pixel) -> None:
        """The mouse moved (a grab follows it)."""
        if isinstance(self.grab, Move | Corner):
            self.grab.end = at

    def release(self, at: Point) -> None:
        """The left button came up: a grab ends in one edit."""
        grab, self.grab = self.grab, None
        if grab is not None:
            let_go(self.editing, grab)

    def right_click(self) -> bool:
        """A right click the tool takes (True), or one that selects what lies under it (False)."""
        return False

    def enter(self) -> bool:
        """Enter, if the tool takes it."""
        return False

    def escape(self) -> bool:
        """Escape, if the tool takes it (a line being drawn is dropped)."""
        return False

    def finish(self) -> None:
        """The tool is put down: whatever it was drawing ends."""

    @property
    def busy(self) -> bool:
        """True in the middle of a stroke or a drag (the problems wait till it ends)."""
        return self.grab is not None

    def draw(self, surface: pygame.Surface, hover: Point | None) -> None:
        """What the tool is drawing, over the table."""

    def take(self, at: Point, pos: Pixel, corners: bool = True, things: bool = True) -> bool:
        """Grab an obstacle's corner or the thing under the mouse (of the tool's layer, if it has
        one); True if one was taken."""
        corner = corner_at(self.desk, pos) if corners else None
        if corner is not None:
            self.editing.selected = Selection("obstacles", corner[0])
            self.grab = Corner(corner[0], corner[1], at)
            return True
        found = hit(self.editing.doc, at) if things else None
        if found is None or self.layer is not None and found.layer != self.layer:
            return False
        self.editing.selected = found
        self.grab = Move(found, at, at)
        return True


class ItemTool(Tool, Generic[T]):
    """A tool for one kind of thing, whose form comes from that kind's table of fields."""

    form_spec: ItemForm[T]
    kind: type[T]

    def fields(self, item: Item | None) -> list[Field]:
        """The kind's form, filled from the thing selected (or for a new one)."""
        return self.form_spec.shown(item if isinstance(item, self.kind) else None, self.editing.doc)

    def read(self, old: T | None = None) -> T | None:
        """The thing as the form says (None without a form)."""
        form = self.desk.form
        return None if form is None else self.form_spec.read(form, self.editing.doc, old)

    def change(self, selection: Selection) -> None:
        """The thing selected, changed as the form says."""
        old = item_at(self.editing.doc, selection)
        if not isinstance(old, self.kind) or self.layer is None:
            return
        new = self.read(old)
        if new is not None:
            self.editing.do(self.changed(selection, old, new))

    def changed(self, selection: Selection, old: T, new: T) -> Edit | None:
        """The edit changing the thing."""
        doc, label = self.editing.doc, f"change {describe(old)}"
        return replace_item(doc, selection.layer, selection.index, new, label)


class PlaceTool(ItemTool[P]):
    """A tool that puts a thing where the table is clicked (a click on one of its own picks it)."""

    def press(self, at: Point, pos: Pixel, double: bool) -> None:
        """Pick one of the tool's own things, or place a new one from the form."""
        if self.take(at, pos, corners=False):
            return
        self.editing.selected = None
        doc = self.editing.doc
        new = self.read()
        if new is None or self.layer is None:
            return
        x, y = snap(at[0], 0.5, 0, doc.width), snap(at[1], 0.5, 0, doc.height)
        item = replace(new, x=x, y=y)
        self.editing.do(add_item(doc, self.layer, item, f"place {describe(item)}"))
