"""The camera: the only place that knows pixels. World inches <-> screen pixels, over pyscroll."""

from __future__ import annotations

from pathlib import Path

import pygame
import pyscroll
from pytmx.util_pygame import load_pygame

MIN_ZOOM, MAX_ZOOM = 0.5, 3.0
ZOOM_STEPS = (0.5, 0.625, 0.75, 0.875, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
Point = tuple[float, float]


class Camera:
    """Draws the TMX map with pyscroll and converts between inches and screen pixels."""

    def __init__(self, tmx_path: Path, viewport: pygame.Rect) -> None:
        self.tmx = load_pygame(str(tmx_path))
        self.tile_px = self.tmx.tilewidth  # map pixels per inch: one tile is one inch
        self.map_w = self.tmx.width * self.tile_px
        self.map_h = self.tmx.height * self.tile_px
        self.data = pyscroll.TiledMapData(self.tmx)
        self.viewport = pygame.Rect(viewport)
        self.zoom = 1.0
        self.renderer = pyscroll.BufferedRenderer(self.data, self.viewport.size, clamp_camera=False,
                                                  zoom=self.zoom)
        self.centre = [self.map_w / 2, self.map_h / 2]
        self.fit()

    # --- geometry -------------------------------------------------------------------------
    @property
    def px_per_inch(self) -> float:
        """Screen pixels per inch at the current zoom."""
        return self.tile_px * self.zoom

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        """A point in inches to a screen pixel."""
        s = self.px_per_inch
        ox = self.viewport.centerx - self.centre[0] * self.zoom
        oy = self.viewport.centery - self.centre[1] * self.zoom
        return round(ox + x * s), round(oy + y * s)

    def to_world(self, sx: float, sy: float) -> Point:
        """A screen pixel to a point in inches."""
        s = self.px_per_inch
        return ((sx - self.viewport.centerx) / s + self.centre[0] / self.tile_px,
                (sy - self.viewport.centery) / s + self.centre[1] / self.tile_px)

    def inches(self, d: float) -> int:
        """A length in inches as screen pixels."""
        return max(1, round(d * self.px_per_inch))

    # --- moving ---------------------------------------------------------------------------
    def set_viewport(self, viewport: pygame.Rect) -> None:
        """The area of the window the map is drawn in."""
        if viewport.size != self.viewport.size:
            self.renderer.set_size(viewport.size)
        self.viewport = pygame.Rect(viewport)
        self._clamp()

    def fit(self) -> None:
        """Zoom to show the whole table."""
        fit = min(self.viewport.width / self.map_w, self.viewport.height / self.map_h)
        self.set_zoom(max(MIN_ZOOM, min(MAX_ZOOM, fit)))
        self.centre = [self.map_w / 2, self.map_h / 2]

    def set_zoom(self, zoom: float, anchor: tuple[int, int] | None = None) -> None:
        """Zoom, keeping the point under `anchor` (a screen pixel) where it is."""
        zoom = max(MIN_ZOOM, min(MAX_ZOOM, zoom))
        if abs(zoom - self.zoom) < 1e-9:
            return
        before = self.to_world(*anchor) if anchor else None
        self.zoom = zoom
        self.renderer.zoom = zoom
        if anchor and before:
            after = self.to_world(*anchor)
            self.centre[0] += (before[0] - after[0]) * self.tile_px
            self.centre[1] += (before[1] - after[1]) * self.tile_px
        self._clamp()

    def step_zoom(self, steps: int, anchor: tuple[int, int] | None = None) -> None:
        """Zoom in (positive) or out by steps of the zoom ladder."""
        idx = min(range(len(ZOOM_STEPS)), key=lambda i: abs(ZOOM_STEPS[i] - self.zoom))
        idx = max(0, min(len(ZOOM_STEPS) - 1, idx + steps))
        self.set_zoom(ZOOM_STEPS[idx], anchor)

    def pan(self, dx_px: float, dy_px: float) -> None:
        """Move the view by screen pixels."""
        self.centre[0] += dx_px / self.zoom
        self.centre[1] += dy_px / self.zoom
        self._clamp()

    def look_at(self, x: float, y: float) -> None:
        """Centre the view on a point in inches."""
        self.centre = [x * self.tile_px, y * self.tile_px]
        self._clamp()

    def _clamp(self) -> None:
        half_w = self.viewport.width / 2 / self.zoom
        half_h = self.viewport.height / 2 / self.zoom
        for axis, size, half in ((0, self.map_w, half_w), (1, self.map_h, half_h)):
            if size <= 2 * half:
                self.centre[axis] = size / 2
            else:
                self.centre[axis] = max(half, min(size - half, self.centre[axis]))

    # --- drawing --------------------------------------------------------------------------
    def draw_map(self, surface: pygame.Surface) -> None:
        """Draw the visible part of the map into the viewport."""
        self.renderer.center((round(self.centre[0]), round(self.centre[1])))
        target = surface.subsurface(self.viewport.clip(surface.get_rect()))
        if target.get_size() == self.viewport.size:
            self.renderer.draw(target, target.get_rect())
