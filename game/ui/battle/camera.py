"""The camera: the only place that knows pixels. World inches <-> screen pixels, over pyscroll.

pyscroll draws the whole map once, at 1x, and each frame shows the visible part of that picture:
blitted at 1x, scaled up without smoothing above 1x (as pyscroll's own zoom does), and below 1x
blitted from a copy of the whole map scaled once per zoom level. This costs one blit or one
scale a frame, and nothing when the zoom changes; pyscroll's live renderer rebuilds its buffers
and redraws every tile on each zoom step, and below 1x renders and scales down more tiles than
the viewport shows on every frame. Maps too large to keep whole (over WHOLE_LIMIT pixels) and
maps with animated tiles are drawn by pyscroll's live renderer.
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pyscroll
from pytmx import TiledMap
from pytmx.util_pygame import pygame_image_loader

from game.terrain.terrain_map import MapError
from game.terrain.tmx import prepared_map

MIN_ZOOM, MAX_ZOOM = 0.375, 3.0
WHOLE_LIMIT = 4096 * 4096  # map pixels at 1x kept as one picture (64 MB); larger maps draw live
BLACK = (0, 0, 0)  # around the map, as pyscroll leaves it
ZOOM_STEPS = (0.375, 0.5, 0.625, 0.75, 0.875, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
# Pictures made once per zoom level are kept for every step of the ladder and the zoom that fits
# the table, so that turning the wheel never makes one again.
KEPT_ZOOMS = len(ZOOM_STEPS) + 1
KEEP_SCALED = sum(z < 1.0 for z in ZOOM_STEPS) + 1  # zoomed-out maps (each smaller than the map at 1x)
Point = tuple[float, float]
FOLLOW_MARGIN = 0.12  # the share of the viewport's size a followed model is kept from its edges
GLIDE_RATE = 5.0  # the glide closes all but e^-rate of the way in a second


def load_drawable(tmx_path: Path) -> TiledMap:
    """The map with its images, read from the same prepared XML as the terrain (so hidden groups,
    templates and offsets are drawn as Tiled shows them); a missing or unreadable image is a MapError."""
    root = prepared_map(tmx_path, require_images=True)
    tmx = TiledMap(image_loader=pygame_image_loader)
    tmx.filename = str(tmx_path)
    try:
        tmx.parse_xml(root)
    except (pygame.error, OSError, ValueError) as exc:
        raise MapError(str(tmx_path), f"an image could not be loaded ({exc})") from None
    return tmx


class Camera:
    """Draws the TMX map with pyscroll and converts between inches and screen pixels."""

    def __init__(self, tmx_path: Path, viewport: pygame.Rect) -> None:
        self.tmx = load_drawable(tmx_path)
        self.tile_px = self.tmx.tilewidth  # map pixels per inch: one tile is one inch
        self.map_w = self.tmx.width * self.tile_px
        self.map_h = self.tmx.height * self.tile_px
        self.data = pyscroll.TiledMapData(self.tmx)
        self.viewport = pygame.Rect(viewport)
        self.zoom = 1.0
        # pyscroll's live renderer, only for maps too large to keep whole or with animated tiles
        animated = any(props.get("frames") for props in self.tmx.tile_properties.values())
        self.renderer = (pyscroll.BufferedRenderer(self.data, self.viewport.size, clamp_camera=False,
                                                   zoom=self.zoom)
                         if animated or self.map_w * self.map_h > WHOLE_LIMIT else None)
        self.centre = [self.map_w / 2, self.map_h / 2]
        self._whole: pygame.Surface | None = None  # the map at 1x, drawn by pyscroll
        self._scaled: dict[float, pygame.Surface] = {}  # the map below 1x, per zoom
        self.goal: list[float] | None = None  # where a glide takes the centre (map pixels at 1x)
        self._followed: tuple[str, float, float] | None = None  # the spot last followed
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
        if viewport.size != self.viewport.size and self.renderer is not None:
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
        self.goal = None
        if self.renderer is not None:
            self.renderer.zoom = zoom
        elif zoom < 1.0:
            self._zoomed_out(zoom)
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
        """Move the view by screen pixels (a glide under way stops: the player moves the view)."""
        self.goal = None
        self.centre[0] += dx_px / self.zoom
        self.centre[1] += dy_px / self.zoom
        self._clamp()

    def look_at(self, x: float, y: float) -> None:
        """Centre the view on a point in inches."""
        self.goal = None
        self.centre = [x * self.tile_px, y * self.tile_px]
        self._clamp()

    # --- following ------------------------------------------------------------------------
    def follow(self, spot: tuple[str, float, float] | None) -> None:
        """Follow a model (id, x, y in inches): each time he moves, or another is followed, glide to
        keep him in view if he stands outside the view's inner part. A spot that has not changed
        since the last call leaves the view where the player put it."""
        if spot is not None and spot != self._followed:
            self.keep_in_view(spot[1], spot[2])
        self._followed = spot

    def keep_in_view(self, x: float, y: float) -> None:
        """Start a glide that centres a point (inches) if it lies outside the view's inner part."""
        vp = self.viewport
        inner = vp.inflate(-round(vp.width * FOLLOW_MARGIN * 2), -round(vp.height * FOLLOW_MARGIN * 2))
        if inner.collidepoint(self.to_screen(x, y)):
            return
        here = list(self.centre)
        self.centre = [x * self.tile_px, y * self.tile_px]
        self._clamp()
        self.goal, self.centre = self.centre, here

    def glide(self, dt: float) -> None:
        """Move the centre a step of the glide (smoothly, fastest when far); stop once there."""
        if self.goal is None:
            return
        k = 1.0 - math.exp(-GLIDE_RATE * dt)
        gap = (self.goal[0] - self.centre[0], self.goal[1] - self.centre[1])
        if math.hypot(*gap) * self.zoom < 1.0:
            self.centre, self.goal = list(self.goal), None
            return
        self.centre = [self.centre[0] + gap[0] * k, self.centre[1] + gap[1] * k]
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
    def draw_map(self, surface: pygame.Surface) -> bool:
        """Draw the visible part of the map into the viewport; False if it could not be drawn
        (the viewport is not wholly inside the surface) and the viewport was left as it was."""
        vp = self.viewport
        if not surface.get_rect().contains(vp):
            return False
        if self.renderer is not None:
            self.renderer.center((round(self.centre[0]), round(self.centre[1])))
            target = surface.subsurface(vp)
            self.renderer.draw(target, target.get_rect())
        elif self.zoom < 1.0:
            self._blit_scaled(surface)
        else:
            self._scale_up(surface)
        return True

    def whole(self) -> pygame.Surface:
        """The whole map at 1x, drawn by pyscroll once."""
        if self._whole is None:
            renderer = pyscroll.BufferedRenderer(self.data, (self.map_w, self.map_h), clamp_camera=True)
            renderer.center((self.map_w // 2, self.map_h // 2))
            whole = pygame.Surface((self.map_w, self.map_h))
            if pygame.display.get_surface() is not None:
                whole = whole.convert()
            renderer.draw(whole, whole.get_rect())
            self._whole = whole
        return self._whole

    def _zoomed_out(self, zoom: float) -> pygame.Surface:
        """The whole map at a zoom below 1x (made once per zoom level)."""
        scaled = self._scaled.get(zoom)
        if scaled is None:
            while len(self._scaled) >= KEEP_SCALED:
                self._scaled.pop(next(iter(self._scaled)))
            size = (max(1, int(self.map_w * zoom)), max(1, int(self.map_h * zoom)))
            scaled = self._scaled[zoom] = pygame.transform.scale(self.whole(), size)
        return scaled

    def _blit_scaled(self, surface: pygame.Surface) -> None:
        """Below 1x: the visible part of the zoomed-out map, black around it."""
        vp = self.viewport
        scaled = self._zoomed_out(self.zoom)
        left = round(vp.centerx - self.centre[0] * self.zoom)
        top = round(vp.centery - self.centre[1] * self.zoom)
        shown = scaled.get_rect(topleft=(left, top)).clip(vp)
        if shown.width and shown.height:
            surface.blit(scaled, shown.topleft, shown.move(-left, -top))
        _surround(surface, vp, shown)

    def _scale_up(self, surface: pygame.Surface) -> None:
        """From 1x up: the part of the map the viewport shows, scaled to it, black around it.

        As pyscroll does: the part is the viewport's size divided by the zoom, centred on the
        camera's centre rounded to a map pixel, and it is scaled to fill the viewport."""
        vp = self.viewport
        whole = self.whole()
        src = pygame.Rect(0, 0, int(vp.width / self.zoom), int(vp.height / self.zoom))
        src.center = (round(self.centre[0]), round(self.centre[1]))
        part = src.clip(whole.get_rect())
        if part == src:
            if src.size == vp.size:
                surface.blit(whole, vp.topleft, src)
            else:
                pygame.transform.scale(whole.subsurface(src), vp.size, surface.subsurface(vp))
            return
        kx, ky = vp.width / src.width, vp.height / src.height
        left, top = round((part.left - src.left) * kx), round((part.top - src.top) * ky)
        shown = pygame.Rect(vp.left + left, vp.top + top, round((part.right - src.left) * kx) - left,
                            round((part.bottom - src.top) * ky) - top).clip(vp)
        if shown.width and shown.height:
            if shown.size == part.size:
                surface.blit(whole, shown.topleft, part)
            else:
                pygame.transform.scale(whole.subsurface(part), shown.size, surface.subsurface(shown))
        _surround(surface, vp, shown)


def _surround(surface: pygame.Surface, vp: pygame.Rect, shown: pygame.Rect) -> None:
    """Fill the viewport around the part of it that shows the map."""
    if not shown.width or not shown.height:
        surface.fill(BLACK, vp)
    elif shown != vp:
        surface.fill(BLACK, (vp.left, vp.top, vp.width, shown.top - vp.top))
        surface.fill(BLACK, (vp.left, shown.bottom, vp.width, vp.bottom - shown.bottom))
        surface.fill(BLACK, (vp.left, shown.top, shown.left - vp.left, shown.height))
        surface.fill(BLACK, (shown.right, shown.top, vp.right - shown.right, shown.height))
