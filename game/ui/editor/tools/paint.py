"""The paint tool: a brush of terrain dragged across the table, or a patch filled with one click."""

from __future__ import annotations

import math

from game.editor.brush import brush_cells, flood_fill, paint
from game.editor.document import ScenarioDoc
from game.ui.editor.items import Point
from game.ui.editor.tools.base import Desk, Pixel, Tool

STEP = 0.25  # inches between two dabs of the brush along a drag


def stroke_cells(doc: ScenarioDoc, a: Point, b: Point, size: int) -> list[int]:
    """The squares a brush covers drawn from a to b: dabs close enough that a quick drag (two mouse
    positions far apart) leaves no gap."""
    steps = max(1, math.ceil(math.dist(a, b) / STEP))
    cells: dict[int, None] = {}
    for i in range(steps + 1):
        t = i / steps
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        cells.update(dict.fromkeys(brush_cells(doc, x, y, size)))
    return list(cells)


class PaintTool(Tool):
    """Paints the ground a kind of terrain; each drag is one stroke, undone as one."""

    name = "paint"
    help = ("Drag on the table to paint; with Fill ticked a click fills the patch. The wheel zooms, "
            "the middle button drags the table, Home fits it.")

    def __init__(self, desk: Desk) -> None:
        super().__init__(desk)
        self.kind = "woods"
        self.brush = 3
        self.fill = False
        self.stroke = 0  # the stroke under way, so its dabs merge into one undo step
        self.last: Point | None = None  # where the brush was at the last dab of the stroke

    def heading(self) -> str:
        """The kind being painted."""
        return f"Paint {self.kind}"

    def press(self, at: Point, pos: Pixel, double: bool) -> None:
        """Fill the patch, or start a stroke with one dab."""
        doc = self.editing.doc
        if self.fill:
            self.editing.do(flood_fill(doc, int(at[0]), int(at[1]), self.kind))
            return
        self.stroke += 1
        self.last = at
        self.editing.do(paint(doc, brush_cells(doc, at[0], at[1], self.brush), self.kind, self.stroke))

    def drag(self, at: Point, pos: Pixel) -> None:
        """Paint the way from the last dab to the mouse."""
        if self.last is None:
            return
        doc = self.editing.doc
        cells = stroke_cells(doc, self.last, at, self.brush)
        self.last = at
        self.editing.do(paint(doc, cells, self.kind, self.stroke))

    def release(self, at: Point) -> None:
        """The stroke ends."""
        self.last = None

    @property
    def busy(self) -> bool:
        """True in the middle of a stroke."""
        return self.last is not None
