"""What is drawn over the map: obstacles, objectives, zones, range rings, paths, ruler and sight."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.rules.engine import Table
from game.rules.explain import reach, sight_to
from game.rules.state import GameState, Model
from game.terrain.terrain_map import Objective, Obstacle, TerrainMap
from game.ui import theme
from game.ui.battle.cache import Same, rendered
from game.ui.battle.camera import KEPT_ZOOMS, Camera
from game.ui.preview import inches

OBSTACLE = {"wall": (160, 160, 156), "fence": (150, 108, 62), "hedge": (44, 120, 44),
            "ditch": (86, 66, 42), "stakes": (200, 170, 120)}
Point = tuple[float, float]


def draw_features(surface: pygame.Surface, cam: Camera, table: Table, state: GameState) -> None:
    """Deployment zones (subtle), obstacles and objectives.

    Each obstacle and objective is drawn once per zoom on its own colour-keyed, run-length encoded
    picture, placed on the table as the map is, and blitted only when it is in view."""
    terrain = table.terrain
    if state.turn <= 1:
        deploying = state.acting_side if state.deploying is not None else ""
        for zone in terrain.zones:
            a = cam.to_screen(zone.x, zone.y)
            b = cam.to_screen(zone.x + zone.w, zone.y + zone.h)
            rect = pygame.Rect(a, (b[0] - a[0], b[1] - a[1]))
            if zone.side == deploying:  # the zone the side deploying now stands its Spear in
                wash = pygame.Surface(rect.size, pygame.SRCALPHA)
                wash.fill((*theme.SIDE[zone.side][:3], 50))
                surface.blit(wash, rect.topleft)
            pygame.draw.rect(surface, theme.SIDE[zone.side], rect, 3 if zone.side == deploying else 1)
    vp = cam.viewport
    left = round(vp.centerx - cam.centre[0] * cam.zoom)  # where the map's corner is, as to_screen
    top = round(vp.centery - cam.centre[1] * cam.zoom)
    view = surface.get_clip()
    for image, (x, y) in _feature_pictures(terrain, state, cam.px_per_inch):
        at = (left + x, top + y)
        if view.colliderect(at, image.get_size()):
            surface.blit(image, at)


FEATURE_ZOOMS = KEPT_ZOOMS  # zoom levels whose terrain pictures are kept
_features: dict[tuple[object, ...], list[tuple[pygame.Surface, tuple[int, int]]]] = {}


def _feature_pictures(terrain: TerrainMap, state: GameState,
                      scale: float) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """Every obstacle and objective drawn at this zoom, each with the table pixel of its corner."""
    key = (Same(terrain), scale, tuple(sorted(state.looted)))
    pictures = _features.get(key)
    if pictures is None:
        while len(_features) >= FEATURE_ZOOMS:
            _features.pop(next(iter(_features)))
        pictures = _features[key] = [
            *(_picture(obs.points, max(2, _inches(obs.width * 0.7, scale)) + 4, scale, obs, False)
              for obs in terrain.obstacles),
            *(_picture([(obj.x, obj.y)], max(_inches(obj.radius, scale) + 1, _inches(0.35, scale)) + 4,
                       scale, obj, obj.name in state.looted) for obj in terrain.objectives)]
    return pictures


def _inches(d: float, scale: float) -> int:
    """As Camera.inches."""
    return max(1, round(d * scale))


def _picture(points: Sequence[Point], reach: int, scale: float, feature: Obstacle | Objective,
             taken: bool) -> tuple[pygame.Surface, tuple[int, int]]:
    """A colour-keyed picture of an obstacle or objective, and the table pixel of its corner
    (`reach`: how far the drawing goes past the points, in pixels)."""
    pts = [(round(x * scale), round(y * scale)) for x, y in points]
    left = min(x for x, _ in pts) - reach
    top = min(y for _, y in pts) - reach
    size = (max(x for x, _ in pts) + reach - left + 1, max(y for _, y in pts) + reach - top + 1)
    image = pygame.Surface(size)
    if pygame.display.get_surface() is not None:
        image = image.convert()
    image.fill(KEY_COLOUR)

    def to_px(x: float, y: float) -> tuple[int, int]:
        return round(x * scale) - left, round(y * scale) - top

    def inches(d: float) -> int:
        return _inches(d, scale)

    if isinstance(feature, Obstacle):
        _paint_obstacle(image, feature, to_px, inches)
    else:
        _paint_objective(image, feature, to_px, inches, taken)
    image.set_colorkey(KEY_COLOUR, pygame.RLEACCEL)
    return image, (left, top)


def _paint_obstacle(surface: pygame.Surface, obs: Obstacle, to_px: Callable[[float, float], tuple[int, int]],
                    inches: Callable[[float], int]) -> None:
    pts = [to_px(x, y) for x, y in obs.points]
    width = max(2, inches(obs.width * 0.7))
    pygame.draw.lines(surface, (18, 16, 14), False, pts, width + 2)
    pygame.draw.lines(surface, OBSTACLE.get(obs.kind, (200, 200, 200)), False, pts, width)
    if obs.tall:
        pygame.draw.lines(surface, (240, 240, 235), False, pts, 1)


def _paint_objective(surface: pygame.Surface, obj: Objective,
                     to_px: Callable[[float, float], tuple[int, int]], inches: Callable[[float], int],
                     taken: bool) -> None:
    centre = to_px(obj.x, obj.y)
    colour = (120, 120, 120) if taken else (240, 200, 40)
    pygame.draw.circle(surface, (20, 18, 10), centre, inches(obj.radius) + 1, 3)
    pygame.draw.circle(surface, colour, centre, inches(obj.radius), 2)
    r = inches(0.35)
    diamond = [(centre[0], centre[1] - r), (centre[0] + r, centre[1]), (centre[0], centre[1] + r),
               (centre[0] - r, centre[1])]
    pygame.draw.polygon(surface, (20, 18, 10), diamond)
    pygame.draw.polygon(surface, colour, [(x * 0.7 + centre[0] * 0.3, y * 0.7 + centre[1] * 0.3)
                                          for x, y in diamond])


def rings(table: Table, state: GameState, m: Model) -> list[tuple[float, str, theme.Colour]]:
    """Range rings around a model: move, charge, Command Range, short and long shooting, each
    labelled in inches to a tenth."""
    r = reach(table, state, m)
    left = r.left
    out: list[tuple[float, str, theme.Colour]] = []
    if not m.moved:
        bonus = r.charge_bonus
        out += [(left, f"move {inches(left)}", (120, 230, 120)),
                (left + bonus, f"charge {inches(left + bonus)}", (240, 150, 60))]
    if m.spear == m.id:
        cr = r.command_range
        out.append((cr, f"command {inches(cr)}", (200, 200, 255)))
    if r.weapon:
        if r.short_range:
            out.append((r.short_range, f"short {inches(r.short_range)}", (250, 230, 120)))
        if r.long_range and not r.short_only:
            out.append((r.long_range, f"long {inches(r.long_range)}", (230, 120, 120)))
    return out


def draw_rings(surface: pygame.Surface, cam: Camera, table: Table, state: GameState, m: Model,
               font: pygame.font.Font) -> None:
    """Draw the rings, each measured from the base edge, labelled at its top.

    Up to a size, the rings and their labels are drawn once per zoom on a colour-keyed,
    run-length encoded picture, which blits in a fraction of the time big circles take to draw
    (and SDL keeps only the encoded runs); bigger rings, which would take long to draw on a
    picture, are drawn directly, skipping any that cannot show in the clip area."""
    centre = cam.to_screen(m.x, m.y)
    edge = table.bases.length / 2 if m.steed else table.bases.radius
    drawn = [(cam.inches(reach + edge), label, colour) for reach, label, colour in rings(table, state, m)]
    if not drawn:
        return
    half = max(r for r, _, _ in drawn) + max(rendered(font, label, colour).get_width()
                                             for _, label, colour in drawn) // 2 + 16
    if 2 * half > RING_LAYER_SIDE:
        _paint_rings(surface, centre, drawn, font, surface.get_clip())
        return
    key = (tuple(drawn), font)
    layer = _ring_layers.get(key)
    if layer is None:
        while len(_ring_layers) >= RING_LAYERS:
            _ring_layers.pop(next(iter(_ring_layers)))
        layer = pygame.Surface((2 * half, 2 * half))
        if pygame.display.get_surface() is not None:
            layer = layer.convert()
        layer.fill(KEY_COLOUR)
        _paint_rings(layer, (half, half), drawn, font, None)
        layer.set_colorkey(KEY_COLOUR, pygame.RLEACCEL)
        _ring_layers[key] = layer
    surface.blit(layer, (centre[0] - half, centre[1] - half))


RING_LAYER_SIDE = 1400  # largest ring picture, pixels a side (drawing it takes ~15 ms, once)
RING_LAYERS = KEPT_ZOOMS  # ring pictures kept; run-length encoded, each takes well under 1 MB
KEY_COLOUR = (255, 0, 255)  # the clear colour of ring and terrain pictures; never drawn on them
_ring_layers: dict[tuple[object, ...], pygame.Surface] = {}


def _paint_rings(surface: pygame.Surface, centre: tuple[int, int], drawn: list[tuple[int, str, theme.Colour]],
                 font: pygame.font.Font, view: pygame.Rect | None) -> None:
    for i, (r, label, colour) in enumerate(drawn):
        if view is None or _ring_crosses(centre, r, view):
            pygame.draw.circle(surface, (10, 10, 10), centre, r, 4)
            pygame.draw.circle(surface, colour, centre, r, 2)
        ang = math.radians(-90 + 18 * i)
        pos = (centre[0] + int(r * math.cos(ang)), centre[1] + int(r * math.sin(ang)))
        _label(surface, label, font, pos, colour)


def _ring_crosses(centre: tuple[int, int], r: int, view: pygame.Rect) -> bool:
    """False when a ring of radius r (4 px wide, inside r) cannot touch the rectangle."""
    cx, cy = centre
    near_x = min(max(cx, view.left), view.right)
    near_y = min(max(cy, view.top), view.bottom)
    far_x = max(abs(cx - view.left), abs(cx - view.right))
    far_y = max(abs(cy - view.top), abs(cy - view.bottom))
    nearest = math.hypot(near_x - cx, near_y - cy)
    farthest = math.hypot(far_x, far_y)
    return nearest <= r + 2 and farthest >= r - 6


def _label(surface: pygame.Surface, msg: str, font: pygame.font.Font, pos: tuple[int, int],
           colour: theme.Colour) -> None:
    img = rendered(font, msg, colour)
    box = img.get_rect(center=pos).inflate(8, 2)
    pygame.draw.rect(surface, (16, 14, 12), box, border_radius=3)
    surface.blit(img, img.get_rect(center=pos))


def draw_path(surface: pygame.Surface, cam: Camera, path: list[Point], legal: bool) -> None:
    """A move's path: green when legal, red with a cross when not."""
    if len(path) < 2:
        return
    colour = (110, 235, 110) if legal else (240, 80, 70)
    pts = [cam.to_screen(x, y) for x, y in path]
    pygame.draw.lines(surface, (10, 10, 10), False, pts, 5)
    pygame.draw.lines(surface, colour, False, pts, 3)
    for p in pts[1:-1]:
        pygame.draw.circle(surface, colour, p, 5)
    end = pts[-1]
    if legal:
        pygame.draw.circle(surface, colour, end, cam.inches(0.5), 2)
    else:
        d = 7
        pygame.draw.line(surface, colour, (end[0] - d, end[1] - d), (end[0] + d, end[1] + d), 3)
        pygame.draw.line(surface, colour, (end[0] - d, end[1] + d), (end[0] + d, end[1] - d), 3)


def draw_ruler(surface: pygame.Surface, cam: Camera, a: Point, b: Point, font: pygame.font.Font) -> None:
    """A measuring tape between two points, in inches."""
    pa, pb = cam.to_screen(*a), cam.to_screen(*b)
    pygame.draw.line(surface, (10, 10, 10), pa, pb, 5)
    pygame.draw.line(surface, (250, 240, 120), pa, pb, 3)
    dist = math.dist(a, b)
    for k in range(1, int(dist) + 1):
        t = k / dist
        tick = (round(pa[0] + (pb[0] - pa[0]) * t), round(pa[1] + (pb[1] - pa[1]) * t))
        pygame.draw.circle(surface, (10, 10, 10), tick, 3)
    _label(surface, f"{dist:.1f}\"", font, ((pa[0] + pb[0]) // 2, (pa[1] + pb[1]) // 2 - 14),
           (250, 240, 120))


def sight(table: Table, state: GameState, m: Model, to: Point) -> tuple[bool, int]:
    """Whether the model sees the point, and how many Blocked Shot rolls a shot there would need."""
    return sight_to(table, state, m, to)


def draw_sight(surface: pygame.Surface, cam: Camera, table: Table, state: GameState, m: Model,
               to: Point, font: pygame.font.Font) -> None:
    """The line of sight from a model to the mouse, with the Blocked Shot count."""
    seen, n = sight(table, state, m, to)
    pa, pb = cam.to_screen(m.x, m.y), cam.to_screen(*to)
    colour = (120, 220, 255) if seen else (240, 80, 70)
    pygame.draw.line(surface, (10, 10, 10), pa, pb, 5)
    pygame.draw.line(surface, colour, pa, pb, 3)
    msg = f"Blocked Shots: {n}" if seen else "No line of sight"
    _label(surface, msg, font, (pb[0], pb[1] - 22), colour)


def wrap(font: pygame.font.Font, lines: list[str], width: int) -> list[str]:
    """Lines broken at spaces so that none is wider than `width` pixels (a word longer than that
    stands on a line of its own)."""
    out: list[str] = []
    for line in lines:
        words, current = line.split(" "), ""
        for word in words:
            trial = f"{current} {word}" if current else word
            if current and font.size(trial)[0] > width:
                out.append(current)
                current = "  " + word  # a broken line goes on indented
            else:
                current = trial
        out.append(current)
    return out


def place_box(size: tuple[int, int], mouse: tuple[int, int], view: pygame.Rect,
              corner: bool = False, clear: pygame.Rect | None = None) -> pygame.Rect:
    """Where the preview box goes: beside the cursor and off it, or in the viewport's bottom
    left corner (`corner`), always inside the viewport (a box larger than it is cut to it), and
    off `clear` (the active model's base) where one of its places leaves it clear."""
    spots = _corner_spots(size, view) if corner else _cursor_spots(size, mouse, view)
    if clear is not None:  # else above or below the model, off the cursor
        for edge in ("top", "bottom"):
            spot = spots[0].copy()
            setattr(spot, edge, clear.bottom + 6 if edge == "top" else clear.top - 6)
            spot.clamp_ip(view)
            if corner or not spot.collidepoint(mouse):
                spots.append(spot)
    return next((box for box in spots if clear is None or not box.colliderect(clear)), spots[0])


def _cursor_spots(size: tuple[int, int], mouse: tuple[int, int], view: pygame.Rect) -> list[pygame.Rect]:
    """The odds box's places beside the cursor, best first: below right, above, on its left."""
    box = pygame.Rect(mouse[0] + 22, mouse[1] + 18, min(size[0], view.width), min(size[1], view.height))
    box.clamp_ip(view)
    if box.collidepoint(mouse):
        box.bottom = mouse[1] - 14
        box.clamp_ip(view)
    if box.collidepoint(mouse):  # no room above: beside the cursor, on its left
        box.right = mouse[0] - 14
        box.clamp_ip(view)
    spots = [box]
    for dx, dy in ((22, -14 - box.height), (-14 - box.width, 18), (-14 - box.width, -14 - box.height)):
        spot = box.copy()
        spot.topleft = (mouse[0] + dx, mouse[1] + dy)
        spot.clamp_ip(view)
        if not spot.collidepoint(mouse):
            spots.append(spot)
    return spots


def _corner_spots(size: tuple[int, int], view: pygame.Rect) -> list[pygame.Rect]:
    """The odds box's places in the viewport's corners, best first: bottom left, bottom right,
    top left, top right."""
    box = pygame.Rect(0, 0, min(size[0], view.width), min(size[1], view.height))
    inner = view.inflate(-20, -20)
    spots = []
    for at in ("bottomleft", "bottomright", "topleft", "topright"):
        spot = box.copy()
        setattr(spot, at, getattr(inner, at))
        spot.clamp_ip(view)
        spots.append(spot)
    return spots
