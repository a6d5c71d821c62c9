"""The editor's picture of the table: the tiles of the document and everything placed on it, and
where a window pixel falls on the table."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.content import load_content
from game.editor.document import ScenarioDoc
from game.editor.tileset import shipped_tileset
from game.ui import theme
from game.ui.editor.items import Selection
from game.ui.widgets import text

OBSTACLE_COLOURS: dict[str, theme.Colour] = {
    "wall": (170, 168, 160),
    "fence": (160, 115, 60),
    "hedge": (52, 120, 44),
    "ditch": (88, 66, 40),
    "stakes": (215, 190, 130),
}
ROLE_LETTER = {"captain": "C", "squire": "S", "fighter": "F", "shootist": "A"}
Point = tuple[float, float]


class MapView:
    """Where the table stands in the window, at what scale, and how it is drawn."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.scale = 16  # pixels per inch
        self.origin = (rect.x, rect.y)
        self._sheet: pygame.Surface | None = None
        self._tiles: dict[int, list[pygame.Surface]] = {}
        self._letters: dict[str, pygame.Surface] = {}
        self._ground: tuple[tuple[int, ...], int, pygame.Surface] | None = None

    def fit(self, doc: ScenarioDoc) -> None:
        """Scale the table to fill the view's rectangle, centred."""
        self.scale = max(4, min(self.rect.w // doc.width, self.rect.h // doc.height, 48))
        w, h = doc.width * self.scale, doc.height * self.scale
        self.origin = (self.rect.x + (self.rect.w - w) // 2, self.rect.y + (self.rect.h - h) // 2)

    def zoom(self, factor: float, pos: tuple[int, int]) -> None:
        """Zoom in (factor > 1) or out, keeping the point of the table under `pos` where it is."""
        x, y = self.to_table(pos)
        self.scale = max(4, min(64, round(self.scale * factor)))
        self.origin = (round(pos[0] - x * self.scale), round(pos[1] - y * self.scale))

    def pan(self, dx: int, dy: int) -> None:
        """Move the table across the view."""
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        """A point on the table (inches) in window pixels."""
        return (round(self.origin[0] + x * self.scale), round(self.origin[1] + y * self.scale))

    def to_table(self, pos: tuple[int, int]) -> Point:
        """A window pixel as a point on the table (inches)."""
        return ((pos[0] - self.origin[0]) / self.scale, (pos[1] - self.origin[1]) / self.scale)

    def on_table(self, doc: ScenarioDoc, pos: tuple[int, int]) -> bool:
        """True if the pixel lies over the table (in the view)."""
        if not self.rect.collidepoint(pos):
            return False
        x, y = self.to_table(pos)
        return 0 <= x < doc.width and 0 <= y < doc.height

    # --- drawing --------------------------------------------------------------------------------
    def _tile_images(self) -> list[pygame.Surface]:
        px = int(self.scale)
        if px not in self._tiles:
            ts = shipped_tileset()
            if self._sheet is None:
                self._sheet = pygame.image.load(str(ts.image))
            size, across = ts.tile_size, self._sheet.get_width() // ts.tile_size
            self._tiles[px] = [
                pygame.transform.smoothscale(
                    self._sheet.subsurface(((i % across) * size, (i // across) * size, size, size)), (px, px)
                )
                for i in range(len(ts.kinds))
            ]
        return self._tiles[px]

    def _ground_of(self, doc: ScenarioDoc) -> pygame.Surface:
        key = tuple(doc.tiles)
        px = int(self.scale)
        if (
            self._ground is None
            or self._ground[0] != key
            or self._ground[1] != px
            or self._ground[2].get_size() != (doc.width * px, doc.height * px)
        ):
            images = self._tile_images()
            ground = pygame.Surface((doc.width * px, doc.height * px))
            for i, tile in enumerate(doc.tiles):
                ground.blit(images[tile], ((i % doc.width) * px, (i // doc.width) * px))
            self._ground = (key, px, ground)
        return self._ground[2]

    def draw(
        self,
        surface: pygame.Surface,
        doc: ScenarioDoc,
        fonts: theme.Fonts,
        selected: Selection | None,
        show_points: bool,
        ghosts: Sequence[tuple[str, str, bool, float, float, float]] | None = None,
    ) -> None:
        """The table: tiles, zones, obstacles, objectives, vehicles and models, and the grid's edge."""
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        try:
            self._draw(surface, doc, fonts, selected, show_points, ghosts)
        finally:
            surface.set_clip(clip)

    def _draw(
        self,
        surface: pygame.Surface,
        doc: ScenarioDoc,
        fonts: theme.Fonts,
        selected: Selection | None,
        show_points: bool,
        ghosts: Sequence[tuple[str, str, bool, float, float, float]] | None,
    ) -> None:
        surface.blit(self._ground_of(doc), self.origin)
        s = self.scale
        for i, z in enumerate(doc.zones):
            r = pygame.Rect(*self.to_screen(z.x, z.y), max(1, round(z.w * s)), max(1, round(z.h * s)))
            colour = theme.SIDE[z.side]
            shade = pygame.Surface(r.size, pygame.SRCALPHA)
            shade.fill((*colour, 60))
            surface.blit(shade, r.topleft)
            pygame.draw.rect(surface, colour, r, 3 if selected == Selection("zones", i) else 2)
        for i, ob in enumerate(doc.obstacles):
            pts = [self.to_screen(x, y) for x, y in ob.points]
            colour = OBSTACLE_COLOURS.get(ob.kind, theme.TEXT)
            width = max(3, round(ob.width * s))
            if selected == Selection("obstacles", i):
                pygame.draw.lines(surface, theme.GOLD, False, pts, width + 4)
            pygame.draw.lines(surface, (20, 18, 16), False, pts, width + 2)
            pygame.draw.lines(surface, colour, False, pts, width)
            if ob.tall:
                pygame.draw.lines(surface, (250, 250, 250), False, pts, 1)
            if show_points or selected == Selection("obstacles", i):
                for p in pts:
                    pygame.draw.rect(surface, theme.GOLD, pygame.Rect(p[0] - 4, p[1] - 4, 8, 8), 2)
        for i, o in enumerate(doc.objectives):
            c = self.to_screen(o.x, o.y)
            ring = max(6, round(o.radius * s))
            pygame.draw.circle(surface, (20, 18, 16), c, ring, 4)
            pygame.draw.circle(
                surface, theme.GOLD if selected != Selection("objectives", i) else (255, 255, 255), c, ring, 2
            )
            pygame.draw.circle(surface, theme.GOLD, c, 5)
            label = f"{o.name} ({'hold' if o.kind == 'hold' else 'loot'}, {o.valour} VP)"
            text(surface, label, fonts.small, (c[0], c[1] + ring + 2), theme.TEXT, "midtop")
        content = load_content()
        for i, v in enumerate(doc.vehicles):
            prof = content.vehicles.get(v.profile)
            size = (prof.length, prof.width) if prof else (3.0, 2.0)
            corners = _box(v.x, v.y, v.heading, *size)
            poly = [self.to_screen(x, y) for x, y in corners]
            colour = theme.SIDE.get(v.side, (150, 130, 100))
            pygame.draw.polygon(surface, colour, poly)
            edge = theme.GOLD if selected == Selection("vehicles", i) else (20, 18, 16)
            pygame.draw.polygon(surface, edge, poly, 2)
            text(surface, v.name, fonts.small, self.to_screen(v.x, v.y), theme.TEXT, "center")
        if ghosts:  # a retinue the game deploys by itself: where its models will stand
            for side, profile, mounted, x, y, facing in ghosts:
                self._model(surface, fonts, side, profile, mounted, x, y, facing, False, ghost=True)
        for i, f in enumerate(doc.forces):
            self._model(
                surface,
                fonts,
                f.side,
                f.profile,
                bool(f.steed),
                f.x,
                f.y,
                f.facing,
                selected == Selection("forces", i),
            )
        pygame.draw.rect(
            surface, theme.PANEL_EDGE, pygame.Rect(*self.origin, doc.width * s, doc.height * s), 1
        )

    def _model(
        self,
        surface: pygame.Surface,
        fonts: theme.Fonts,
        side: str,
        profile: str,
        mounted: bool,
        x: float,
        y: float,
        facing: float,
        selected: bool,
        ghost: bool = False,
    ) -> None:
        s = self.scale
        colour = theme.SIDE.get(side, theme.TEXT)
        edge = theme.GOLD if selected else (245, 240, 230)
        if ghost:  # where the game will deploy a retinue: pale, thin-edged
            colour = tuple((c + 200) // 3 for c in colour)  # type: ignore[assignment]
            edge = (90, 84, 74)
        if mounted:
            dx, dy = math.sin(math.radians(facing)) * 0.5, -math.cos(math.radians(facing)) * 0.5
            a, b = self.to_screen(x - dx, y - dy), self.to_screen(x + dx, y + dy)
            pygame.draw.line(surface, edge, a, b, round(s) + 4)
            pygame.draw.line(surface, colour, a, b, round(s))
            for p in (a, b):
                pygame.draw.circle(surface, colour, p, round(s / 2))
            pygame.draw.circle(surface, edge, b, max(2, round(s / 6)))  # the horse's head
        else:
            c = self.to_screen(x, y)
            pygame.draw.circle(surface, colour, c, max(4, round(s / 2)))
            pygame.draw.circle(surface, edge, c, max(4, round(s / 2)), 2)
        prof = load_content().profiles.get(profile)
        letter = ROLE_LETTER.get(prof.role, "?") if prof else "?"
        if letter not in self._letters:
            self._letters[letter] = fonts.small.render(letter, True, (255, 255, 255))
        img = self._letters[letter]
        surface.blit(img, img.get_rect(center=self.to_screen(x, y)))

    def mark(self, surface: pygame.Surface, x: float, y: float, t: float) -> None:
        """A pulsing ring round a place on the table (a problem clicked in the list)."""
        c = self.to_screen(x, y)
        r = round(self.scale * 1.5 + 6 + 4 * math.sin(t * 6))
        pygame.draw.circle(surface, (20, 18, 16), c, r, 5)
        pygame.draw.circle(surface, theme.BAD, c, r, 3)


def _box(x: float, y: float, heading: float, length: float, width: float) -> list[Point]:
    """The corners of a vehicle's footprint: `length` along the heading, `width` across."""
    fx, fy = math.sin(math.radians(heading)), -math.cos(math.radians(heading))
    rx, ry = -fy, fx
    hl, hw = length / 2, width / 2
    corners = ((hl, hw), (hl, -hw), (-hl, -hw), (-hl, hw))
    return [(x + fx * a + rx * b, y + fy * a + ry * b) for a, b in corners]
