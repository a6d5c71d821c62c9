"""The obstacle tool: a wall, fence, hedge, ditch or stakes drawn corner by corner."""

from __future__ import annotations

import pygame

from game.editor.edits import add_item, snap
from game.terrain.terrain_map import Obstacle
from game.ui import theme
from game.ui.editor.forms import OBSTACLE_FORM
from game.ui.editor.items import Point
from game.ui.editor.tools.base import Desk, ItemTool, Pixel


class ObstacleTool(ItemTool[Obstacle]):
    """Draws an obstacle's line a corner a click; a drag on a corner moves it."""

    name = "obstacle"
    title = "Obstacle"
    help = ("Click the corners of the line; Enter, a right click or a double click ends it. "
            "Drag a corner to move it.")
    layer = "obstacles"
    form_spec = OBSTACLE_FORM
    kind = Obstacle
    shows_corners = True

    def __init__(self, desk: Desk) -> None:
        super().__init__(desk)
        self.draft: list[Point] = []  # the corners of the line being drawn

    def press(self, at: Point, pos: Pixel, double: bool) -> None:
        """A corner of the line (a double click ends it), or a corner of another line grabbed."""
        if not self.draft and self.take(at, pos, things=False):
            return
        if double:
            self.finish()
            return
        doc = self.editing.doc
        self.draft.append((snap(at[0], 0.25, 0, doc.width), snap(at[1], 0.25, 0, doc.height)))

    def finish(self) -> None:
        """End the line being drawn (two corners at least)."""
        draft, self.draft = self.draft, []
        new = self.read()
        if len(draft) < 2 or new is None:
            return
        ob = Obstacle(new.name, new.kind, tuple(draft), new.tall, new.width)
        self.editing.do(add_item(self.editing.doc, "obstacles", ob, f"add {ob.kind}"))

    def right_click(self) -> bool:
        """A right click ends the line being drawn."""
        if not self.draft:
            return False
        self.finish()
        return True

    def enter(self) -> bool:
        """Enter ends the line being drawn."""
        return self.right_click()

    def escape(self) -> bool:
        """Escape drops the line being drawn."""
        if not self.draft:
            return False
        self.draft = []
        return True

    def draw(self, surface: pygame.Surface, hover: Point | None) -> None:
        """The line being drawn, to the mouse."""
        if not self.draft:
            return
        view = self.desk.view
        pts = [view.to_screen(x, y) for x, y in self.draft]
        if hover is not None:
            pts.append(view.to_screen(*hover))
        if len(pts) >= 2:
            pygame.draw.lines(surface, theme.GOLD, False, pts, 3)
        for p in pts:
            pygame.draw.circle(surface, theme.GOLD, p, 4)
