"""The select tool: a click picks any thing on the table, a drag moves it or an obstacle's corner."""

from __future__ import annotations

from game.editor.document import Item
from game.ui.editor.forms import Field
from game.ui.editor.items import Point
from game.ui.editor.tools.base import Pixel, Tool


class SelectTool(Tool):
    """Picks and moves things of every layer (the panel shows the form of the thing picked)."""

    name = "select"
    title = "Select"
    help = "Click a thing to change it; drag it, or an obstacle's corner, to move it. Delete removes it."

    def fields(self, item: Item | None) -> list[Field]:
        """Nothing to fill in until a thing is picked."""
        return []

    def press(self, at: Point, pos: Pixel, double: bool) -> None:
        """Pick what lies under the mouse (or nothing) and hold it to drag."""
        if not self.take(at, pos):
            self.editing.selected = None
