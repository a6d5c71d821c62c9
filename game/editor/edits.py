"""Edits of a scenario document: small command objects, each undone exactly, run by a `History`.

Every change the editor makes is one of these: painting tiles, replacing a layer's things (adding,
moving, changing or removing one is a replacement of the layer's tuple), changing the settings, and
resizing the table. Each keeps what it needs to put the document back.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Protocol

from game.editor.document import MAX_HEIGHT, MAX_WIDTH, Item, Layer, ScenarioDoc, Settings
from game.editor.tileset import shipped_tileset


class Edit(Protocol):
    """One change of a document that can be undone."""

    @property
    def label(self) -> str:
        """What the edit did, for the Undo button's tip ("paint woods", "move wall")."""
        ...

    def apply(self, doc: ScenarioDoc) -> None:
        """Make the change."""

    def revert(self, doc: ScenarioDoc) -> None:
        """Undo the change (the document is as `apply` left it)."""


@dataclass(slots=True)
class PaintTiles:
    """Set some squares' tiles: each change is (square index, old tile, new tile)."""

    changes: dict[int, tuple[int, int]]
    label: str = "paint"
    stroke: int = 0  # edits of one brush stroke share a number and merge into one undo step

    def apply(self, doc: ScenarioDoc) -> None:
        for i, (_, new) in self.changes.items():
            doc.tiles[i] = new

    def revert(self, doc: ScenarioDoc) -> None:
        for i, (old, _) in self.changes.items():
            doc.tiles[i] = old

    def merge(self, later: PaintTiles) -> None:
        """Take in a later dab of the same stroke (already applied): the first old tile stays."""
        for i, (old, new) in later.changes.items():
            first = self.changes[i][0] if i in self.changes else old
            self.changes[i] = (first, new)


@dataclass(slots=True)
class SetLayer:
    """Replace the things on one layer (add, move, change or remove them)."""

    layer: Layer
    before: tuple[Item, ...]
    after: tuple[Item, ...]
    label: str = "edit"

    def apply(self, doc: ScenarioDoc) -> None:
        doc.items(self.layer)[:] = self.after

    def revert(self, doc: ScenarioDoc) -> None:
        doc.items(self.layer)[:] = self.before


@dataclass(slots=True)
class SetSettings:
    """Change the scenario's settings."""

    before: Settings
    after: Settings
    label: str = "settings"

    def apply(self, doc: ScenarioDoc) -> None:
        doc.settings = self.after

    def revert(self, doc: ScenarioDoc) -> None:
        doc.settings = self.before


@dataclass(slots=True)
class Resize:
    """Change the table's size: squares kept where they were, new ones of open ground."""

    before: tuple[int, int, tuple[int, ...]]
    after: tuple[int, int, tuple[int, ...]]
    label: str = "resize the table"

    def apply(self, doc: ScenarioDoc) -> None:
        doc.width, doc.height, tiles = self.after
        doc.tiles[:] = tiles

    def revert(self, doc: ScenarioDoc) -> None:
        doc.width, doc.height, tiles = self.before
        doc.tiles[:] = tiles


@dataclass(slots=True)
class Batch:
    """Several edits made as one (undone together, last first)."""

    edits: tuple[Edit, ...]
    label: str = "edit"

    def apply(self, doc: ScenarioDoc) -> None:
        for edit in self.edits:
            edit.apply(doc)

    def revert(self, doc: ScenarioDoc) -> None:
        for edit in reversed(self.edits):
            edit.revert(doc)


@dataclass(slots=True)
class History:
    """A document with the edits made to it, undone and redone one at a time."""

    doc: ScenarioDoc
    done: list[Edit] = field(default_factory=list)
    undone: list[Edit] = field(default_factory=list)
    changes: int = 0  # edits since the document was last saved (negative after undoing past a save)

    def do(self, edit: Edit | None) -> bool:
        """Apply an edit and remember it (a dab of the last stroke merges into it); False for None."""
        if edit is None:
            return False
        edit.apply(self.doc)
        last = self.done[-1] if self.done else None
        if (isinstance(edit, PaintTiles) and isinstance(last, PaintTiles) and edit.stroke
                and edit.stroke == last.stroke and not self.undone):
            last.merge(edit)
        else:
            self.done.append(edit)
            self.changes += 1
        self.undone.clear()
        return True

    def undo(self) -> Edit | None:
        """Take back the last edit (None if there is none)."""
        if not self.done:
            return None
        edit = self.done.pop()
        edit.revert(self.doc)
        self.undone.append(edit)
        self.changes -= 1
        return edit

    def redo(self) -> Edit | None:
        """Make again the last edit taken back (None if there is none)."""
        if not self.undone:
            return None
        edit = self.undone.pop()
        edit.apply(self.doc)
        self.done.append(edit)
        self.changes += 1
        return edit

    def saved(self) -> None:
        """Mark the document as saved as it stands."""
        self.changes = 0

    @property
    def dirty(self) -> bool:
        """True if the document changed since it was last saved."""
        return self.changes != 0


# --- making edits ------------------------------------------------------------------------------

def add_item(doc: ScenarioDoc, layer: Layer, item: Item, label: str = "") -> SetLayer:
    """An edit putting a new thing on a layer."""
    before = tuple(doc.items(layer))
    return SetLayer(layer, before, (*before, item), label or f"add to {layer}")


def replace_item(doc: ScenarioDoc, layer: Layer, index: int, item: Item, label: str = "") -> SetLayer | None:
    """An edit changing one thing on a layer (None if it would change nothing)."""
    before = tuple(doc.items(layer))
    if before[index] == item:
        return None
    after = (*before[:index], item, *before[index + 1:])
    return SetLayer(layer, before, after, label or f"change {layer}")


def remove_item(doc: ScenarioDoc, layer: Layer, index: int, label: str = "") -> SetLayer:
    """An edit taking one thing off a layer."""
    before = tuple(doc.items(layer))
    return SetLayer(layer, before, before[:index] + before[index + 1:], label or f"remove from {layer}")


def move_point(doc: ScenarioDoc, index: int, point: int, x: float, y: float) -> SetLayer | None:
    """An edit moving one point of an obstacle's line (to a quarter inch, on the table)."""
    ob = doc.obstacles[index]
    pts = list(ob.points)
    pts[point] = (snap(x, 0.25, 0, doc.width), snap(y, 0.25, 0, doc.height))
    return replace_item(doc, "obstacles", index, replace(ob, points=tuple(pts)), f"move {ob.kind}")


def set_settings(doc: ScenarioDoc, label: str = "settings", **changes: object) -> SetSettings | None:
    """An edit changing some settings (None if nothing changes)."""
    after = replace(doc.settings, **changes)  # type: ignore[arg-type]
    return None if after == doc.settings else SetSettings(doc.settings, after, label)


def resize(doc: ScenarioDoc, width: int, height: int) -> Batch | None:
    """An edit giving the table a new size (None if it is the same); ValueError past the limits.

    The squares keep their place from the top-left corner; a deployment zone along the right or
    bottom edge stays along it, and every zone is cut to the new table."""
    if not (1 <= width <= MAX_WIDTH and 1 <= height <= MAX_HEIGHT):
        raise ValueError(f"a table is 1 to {MAX_WIDTH} inches wide and 1 to {MAX_HEIGHT} high")
    if (width, height) == (doc.width, doc.height):
        return None
    ts = shipped_tileset()
    tiles = tuple(doc.tiles[y * doc.width + x] if x < doc.width and y < doc.height
                  else ts.tile_for("open", x, y) for y in range(height) for x in range(width))
    zones = []
    for z in doc.zones:
        x = z.x + (width - doc.width) if z.x + z.w >= doc.width and z.x > 0 else z.x
        y = z.y + (height - doc.height) if z.y + z.h >= doc.height and z.y > 0 else z.y
        x0, y0 = max(0.0, x), max(0.0, y)
        x1, y1 = min(float(width), x + z.w), min(float(height), y + z.h)
        if x1 > x0 and y1 > y0:
            zones.append(replace(z, x=x0, y=y0, w=x1 - x0, h=y1 - y0))
    edits: list[Edit] = [Resize((doc.width, doc.height, tuple(doc.tiles)), (width, height, tiles))]
    if tuple(zones) != tuple(doc.zones):
        edits.append(SetLayer("zones", tuple(doc.zones), tuple(zones), "fit the zones"))
    return Batch(tuple(edits), f"resize the table to {width}\" x {height}\"")


def snap(value: float, step: float, low: float, high: float) -> float:
    """A coordinate rounded to a step and kept within [low, high]."""
    return min(max(round(value / step) * step, low), high)
