"""The zone and objective tools: a side's deployment zone dragged out as a rectangle (in place of
the side's zone), and objectives to hold or loot placed with a click."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.editor.edits import Edit, snap
from game.terrain.terrain_map import DeploymentZone, Objective
from game.ui import theme
from game.ui.editor.forms import OBJECTIVE_FORM, ZONE_FORM
from game.ui.editor.items import Point, Selection, place_zone
from game.ui.editor.tools.base import Desk, ItemTool, Pixel, PlaceTool


class ZoneTool(ItemTool[DeploymentZone]):
    """Drags out a side's deployment zone; a side has one, so the new one replaces it."""

    name = "zone"
    title = "Zone"
    help = "Drag a rectangle for the side's deployment zone; it replaces the side's zone."
    layer = "zones"
    form_spec = ZONE_FORM
    kind = DeploymentZone

    def __init__(self, desk: Desk) -> None:
        super().__init__(desk)
        self.corner: Point | None = None  # the corner the rectangle is dragged from
        self.end: Point = (0.0, 0.0)

    def press(self, at: Point, pos: Pixel, double: bool) -> None:
        """Start the rectangle at the inch nearest the mouse."""
        doc = self.editing.doc
        self.corner = (snap(at[0], 1, 0, doc.width), snap(at[1], 1, 0, doc.height))
        self.end = at

    def drag(self, at: Point, pos: Pixel) -> None:
        """The rectangle's far corner follows the mouse."""
        self.end = at

    def release(self, at: Point) -> None:
        """The side's zone, as dragged (a rectangle with no width or height is none)."""
        start, self.corner = self.corner, None
        new = self.read()
        if start is None or new is None:
            return
        doc = self.editing.doc
        (x0, y0), x1, y1 = start, snap(at[0], 1, 0, doc.width), snap(at[1], 1, 0, doc.height)
        if x1 != x0 and y1 != y0:
            zone = replace(new, x=min(x0, x1), y=min(y0, y1), w=abs(x1 - x0), h=abs(y1 - y0))
            self.editing.do(place_zone(doc, zone))

    @property
    def busy(self) -> bool:
        """True while a rectangle is dragged."""
        return self.corner is not None

    def changed(self, selection: Selection, old: DeploymentZone, new: DeploymentZone) -> Edit | None:
        """A zone given to another side replaces that side's zone."""
        return place_zone(self.editing.doc, new, selection.index)

    def draw(self, surface: pygame.Surface, hover: Point | None) -> None:
        """The rectangle being dragged."""
        if self.corner is None:
            return
        a, b = self.desk.view.to_screen(*self.corner), self.desk.view.to_screen(*self.end)
        rect = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]), abs(a[1] - b[1]))
        pygame.draw.rect(surface, theme.GOLD, rect, 2)


class ObjectiveTool(PlaceTool[Objective]):
    """Places objectives to hold or loot."""

    name = "objective"
    title = "Objective"
    help = "Click to place an objective."
    layer = "objectives"
    form_spec = OBJECTIVE_FORM
    kind = Objective
