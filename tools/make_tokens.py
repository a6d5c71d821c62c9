"""Draw the miniature tokens and status markers (game/resources/assets/tokens/*.png).

Run: `.venv/bin/python tools/make_tokens.py [--out DIR]`. Every token is a painted miniature seen
from above: a base with a rim in the side's colour, a figure (helmet, shoulders, arms, weapon) and,
for mounted models, a horse on a 1" x 2" base facing north. Light falls from the north-west, as on
the terrain tiles. Shapes are polygons filled with pygame at SS times the output resolution, then
shaded (a dark band on the south-east edge, an edge highlight on the north-west, a black outline,
a cast shadow on the base) and smooth-scaled down, so reruns write byte-identical files.

Side cues besides colour (orange for York, blue for Lancaster, safe for colour-blind players):
York bases have a rim notched with the rays of the sun in splendour and a white rose badge at the
back; Lancaster bases have a plain rim and a red rose badge. Heroes carry a rank device on the rim:
a gold crown for a Captain, a silver star for a Squire.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (the environment must be set first)

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the game package of this checkout, whatever else is installed

from game.resources import TOKENS_DIR  # noqa: E402

OUT = TOKENS_DIR
PPI = 64  # output pixels per inch; all coordinates below are in these units
SS = 4  # supersampling factor for drawing
MARKER = 26  # status markers are 0.4" across (25.6 px at 64 px per inch)

ROLES = ("captain", "squire", "fighter", "billman", "archer", "crossbowman", "handgunner")
STEEDS = ("warhorse", "nag", "beast_of_burden")
MARKERS = ("mishap", "stunned", "dither", "flee", "reload", "charge", "holding",
           "wound", "wound_1", "wound_2", "wound_3", "rank_captain", "rank_squire")  # fmt: skip
VEHICLE_KINDS = ("handcart", "ox_cart", "supply_wagon", "war_wagon")

RGB = tuple[int, int, int]
Pt = tuple[float, float]
Poly = list[Pt]
Shape = list[Poly]  # a union of polygons


@dataclass(frozen=True)
class Side:
    """A side's palette and devices."""

    name: str
    main: RGB  # livery and rim
    dark: RGB
    light: RGB
    rose: RGB  # the rose badge's petals
    trim: RGB  # caparison border, plume tips


SIDES = {
    "red": Side("red", (222, 112, 24), (140, 58, 10), (252, 176, 96), (246, 242, 228), (246, 242, 228)),
    "blue": Side("blue", (52, 108, 222), (26, 56, 142), (136, 178, 248), (200, 32, 44), (236, 196, 72)),
}

OUTLINE = (26, 22, 20)
STEEL = (168, 174, 182)
IRON = (96, 100, 108)
GOLD = (222, 178, 56)
SILVER = (214, 220, 228)
WOOD = (132, 88, 48)
YEW = (196, 148, 78)
LEATHER = (112, 70, 40)
FLESH = (222, 176, 138)
WHITE = (244, 242, 234)


def scale(c: RGB, k: float) -> RGB:
    """A colour made brighter (k > 1) or darker (k < 1)."""
    return (min(255, round(c[0] * k)), min(255, round(c[1] * k)), min(255, round(c[2] * k)))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Linear blend of two colours."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


# --- geometry: every shape is a list of polygons in output pixels ------------------------------


def ellipse(cx: float, cy: float, rx: float, ry: float, rot: float = 0.0, n: int = 64) -> Poly:
    """An ellipse, rotated `rot` degrees clockwise."""
    c, s = math.cos(math.radians(rot)), math.sin(math.radians(rot))
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        x, y = rx * math.cos(a), ry * math.sin(a)
        pts.append((cx + x * c - y * s, cy + x * s + y * c))
    return pts


def circle(cx: float, cy: float, r: float) -> Poly:
    """A circle (small ones with fewer sides)."""
    return ellipse(cx, cy, r, r, n=max(12, min(64, round(8 + 8 * r))))


def stroke(points: Sequence[Pt], w: float, w_end: float | None = None) -> Shape:
    """A polyline `w` wide (tapering to `w_end`), with round joins and ends."""
    w_end = w if w_end is None else w_end
    n = len(points)
    widths = [w + (w_end - w) * i / max(1, n - 1) for i in range(n)]
    shape: Shape = [circle(x, y, widths[i] / 2) for i, (x, y) in enumerate(points)]
    for i in range(n - 1):
        (ax, ay), (bx, by) = points[i], points[i + 1]
        length = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / length, (bx - ax) / length
        ra, rb = widths[i] / 2, widths[i + 1] / 2
        shape.append([(ax + nx * ra, ay + ny * ra), (bx + nx * rb, by + ny * rb),
                      (bx - nx * rb, by - ny * rb), (ax - nx * ra, ay - ny * ra)])  # fmt: skip
    return shape


def arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 24) -> list[Pt]:
    """Points along an elliptical arc; angles in degrees, 0 = east, 90 = south (screen axes)."""
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]  # fmt: skip


def frame(origin: Pt, bearing: float) -> Callable[[float, float], Pt]:
    """Local coordinates (along a bearing clockwise from north, across to its right) to canvas."""
    s, c = math.sin(math.radians(bearing)), math.cos(math.radians(bearing))

    def to(along: float, across: float) -> Pt:
        return (origin[0] + along * s + across * c, origin[1] - along * c + across * s)

    return to


def star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45, rot: float = 0.0) -> Poly:
    """A star polygon, one point up."""
    pts = []
    for i in range(points * 2):
        a = math.radians(rot - 90 + 180 * i / points)
        rr = r if i % 2 == 0 else r * inner
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def moved(shape: Shape, dx: float, dy: float) -> Shape:
    """A shape translated."""
    return [[(x + dx, y + dy) for x, y in poly] for poly in shape]


def outline_of(profile: Sequence[tuple[float, float]], cx: float) -> Poly:
    """A left-right symmetric outline from (y, half-width) pairs running front to back."""
    right = [(cx + w, y) for y, w in profile]
    return right + [(cx - w, y) for y, w in reversed(profile)]


def smooth(profile: Sequence[tuple[float, float]], steps: int = 6) -> list[tuple[float, float]]:
    """A (y, half-width) profile with its corners rounded by Catmull-Rom interpolation."""
    pts = [profile[0], *profile, profile[-1]]
    out = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for k in range(steps):
            t = k / steps
            out.append(tuple(0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t * t
                                    + (-a + 3 * b - 3 * c + d) * t ** 3)
                             for a, b, c, d in zip(p0, p1, p2, p3, strict=True)))  # fmt: skip
    out.append(profile[-1])
    return [(y, w) for y, w in out]  # type: ignore[misc]


# --- the canvas ---------------------------------------------------------------------------------


class Art:
    """A supersampled RGBA canvas with painting helpers for miniature-style shading.

    Work is done on the bounding box of each shape only; `zoomed` scales what is drawn about a
    point (a figure drawn larger or smaller than its coordinates say).
    """

    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        self.surf = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        self.ground: pygame.Surface | None = None  # where cast shadows may fall (the base top)
        self.zoom = (0.0, 0.0, 1.0)  # drawn point = (ax + k x, ay + k y)

    @contextmanager
    def zoomed(self, cx: float, cy: float, k: float) -> Iterator[None]:
        """Draw everything inside the block scaled by k about (cx, cy) (blocks nest)."""
        old = self.zoom
        ax, ay, k0 = old
        self.zoom = (ax + k0 * cx * (1 - k), ay + k0 * cy * (1 - k), k0 * k)
        try:
            yield
        finally:
            self.zoom = old

    def _pixels(self, poly: Poly) -> list[Pt]:
        ax, ay, k = self.zoom
        return [((ax + k * x) * SS, (ay + k * y) * SS) for x, y in poly]

    def region(self, shape: Shape, pad: float) -> pygame.Rect:
        """The canvas rectangle a shape covers, grown by `pad` output pixels."""
        pts = [pt for poly in shape for pt in self._pixels(poly)]
        x0, y0 = min(x for x, _ in pts), min(y for _, y in pts)
        x1, y1 = max(x for x, _ in pts), max(y for _, y in pts)
        rect = pygame.Rect(math.floor(x0 - pad * SS), math.floor(y0 - pad * SS),
                           math.ceil(x1 - x0 + 2 * pad * SS) + 2, math.ceil(y1 - y0 + 2 * pad * SS) + 2)
        return rect.clip(self.surf.get_rect())

    def mask(self, shape: Shape, rect: pygame.Rect | None = None) -> pygame.Surface:
        """A white mask of a shape, covering `rect` of the canvas (all of it by default)."""
        rect = rect or self.surf.get_rect()
        m = pygame.Surface(rect.size, pygame.SRCALPHA)
        for poly in shape:
            pygame.draw.polygon(m, (255, 255, 255), [(x - rect.x, y - rect.y) for x, y in self._pixels(poly)])
        return m

    def full(self, m: pygame.Surface, rect: pygame.Rect) -> pygame.Surface:
        """A local mask placed on a canvas-sized one."""
        out = pygame.Surface(self.surf.get_size(), pygame.SRCALPHA)
        out.blit(m, rect.topleft)
        return out

    @staticmethod
    def tint(mask: pygame.Surface, colour: RGB, alpha: float = 1.0) -> pygame.Surface:
        """The mask coloured, its alpha scaled."""
        out = mask.copy()
        out.fill((*colour, round(255 * min(1.0, alpha))), special_flags=pygame.BLEND_RGBA_MULT)
        return out

    @staticmethod
    def minus_shifted(mask: pygame.Surface, dx: float, dy: float) -> pygame.Surface:
        """The part of a mask not covered by itself moved by (dx, dy) pixels: an edge band."""
        out = mask.copy()
        out.blit(mask, (round(dx * SS), round(dy * SS)), special_flags=pygame.BLEND_RGBA_SUB)
        out.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
        return out

    def paint(self, shape: Shape, colour: RGB, *, line: float = 1.2, shade: float = 1.0,
              shadow: float = 0.0, within: pygame.Surface | None = None,
              gloss: float = 0.0) -> pygame.Surface:  # fmt: skip
        """Paint a shape: cast shadow, outline, base coat, south-east shade, north-west highlight.

        `shade` scales the shading, `shadow` is the cast shadow's length, `within` clips the
        paint to another (canvas-sized) mask and `gloss` adds a bright spot (metal). Returns the
        shape's canvas-sized mask.
        """
        rect = self.region(shape, line + 1.3 * shadow + 4)
        m = self.mask(shape, rect)
        if within is not None:
            m.blit(within, (0, 0), area=rect, special_flags=pygame.BLEND_RGBA_MULT)
        if shadow and self.ground is not None:
            sh = pygame.Surface(rect.size, pygame.SRCALPHA)
            sh.blit(self.tint(m, (12, 16, 8), 0.42), (round(shadow * SS * 0.8), round(shadow * SS)))
            sh.blit(self.ground, (0, 0), area=rect, special_flags=pygame.BLEND_RGBA_MULT)
            self.surf.blit(sh, rect.topleft)
        if line:
            dark = self.tint(m, OUTLINE)
            r = line * SS
            for i in range(12):
                a = 2 * math.pi * i / 12
                self.surf.blit(dark, (rect.x + round(r * math.cos(a)), rect.y + round(r * math.sin(a))))
        layer = self.tint(m, colour)
        if shade:
            bands = ((-3.5, scale(colour, 0.78), 0.6), (-1.6, scale(colour, 0.62), 0.85),
                     (1.1, mix(colour, (255, 250, 235), 0.45), 0.9))  # wide shade, deep shade, highlight
            for d, tone, alpha in bands:
                layer.blit(self.tint(self.minus_shifted(m, d, d), tone, alpha * shade), (0, 0))
        if gloss:
            box = m.get_bounding_rect()
            spot = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.ellipse(spot, (255, 255, 255), (box.x + box.w * 0.2, box.y + box.h * 0.21,
                                                        box.w * 0.32, box.h * 0.26))  # fmt: skip
            spot.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            layer.blit(self.tint(spot, (255, 255, 255), gloss), (0, 0))
        self.surf.blit(layer, rect.topleft)
        return self.full(m, rect)

    def flat(self, shape: Shape, colour: RGB, alpha: float = 1.0,
             within: pygame.Surface | None = None) -> None:  # fmt: skip
        """Paint a shape in one flat colour (details, lines, patterns)."""
        rect = self.region(shape, 1)
        m = self.mask(shape, rect)
        if within is not None:
            m.blit(within, (0, 0), area=rect, special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(self.tint(m, colour, alpha), rect.topleft)

    def scatter(self, items: Sequence[tuple[Shape, RGB]], alpha: float, within: pygame.Surface) -> None:
        """Paint many small flat shapes, each in its own colour, clipped to a mask (flock, speckles)."""
        layer = pygame.Surface(self.surf.get_size(), pygame.SRCALPHA)
        for shape, colour in items:
            for poly in shape:
                pygame.draw.polygon(layer, (*colour, round(255 * alpha)), self._pixels(poly))
        layer.blit(within, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(layer, (0, 0))

    def image(self) -> pygame.Surface:
        """The finished picture at the output resolution."""
        return pygame.transform.smoothscale(self.surf, (self.w, self.h))


def seed_of(name: str) -> int:
    """A stable seed for a token's random details."""
    return zlib.crc32(name.encode())


# --- bases --------------------------------------------------------------------------------------


def rose(art: Art, cx: float, cy: float, r: float, petals: RGB, line: float = 0.8) -> None:
    """A heraldic rose: five petals, barbs and a golden seed."""
    angles = [math.radians(-90 + 72 * i) for i in range(5)]
    shape = [circle(cx + r * 0.55 * math.cos(a), cy + r * 0.55 * math.sin(a), r * 0.5) for a in angles]
    art.paint(shape, petals, line=line, shade=0.6)
    art.flat([star(cx, cy, r * 0.55, 5, 0.3, rot=36)], (70, 120, 50), 0.9)
    art.flat([circle(cx, cy, r * 0.28)], GOLD)


def flock(art: Art, shape: Shape, rng: random.Random) -> pygame.Surface:
    """The painted top of a base: earth and grass flock with tufts and a pebble or two."""
    top = art.paint(shape, (106, 116, 64), line=0, shade=0.4)
    box = top.get_bounding_rect()
    x0, y0, x1, y1 = box.x / SS, box.y / SS, box.right / SS, box.bottom / SS
    tones = ((90, 104, 52), (122, 130, 70), (134, 116, 78), (84, 98, 50))
    specks = [([circle(rng.uniform(x0, x1), rng.uniform(y0, y1), rng.uniform(0.8, 1.8))], rng.choice(tones))
              for _ in range(int((x1 - x0) * (y1 - y0) / 9))]  # fmt: skip
    art.scatter(specks, 0.8, top)
    tufts = []
    for _ in range(int((x1 - x0) * (y1 - y0) / 400) + 2):
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        for _ in range(5):
            a = math.radians(rng.uniform(-150, -30))
            tufts.append((stroke([(x, y), (x + 3 * math.cos(a), y + 3 * math.sin(a))], 0.8), (150, 158, 84)))
    art.scatter(tufts, 0.9, top)
    for _ in range(2):
        x, y = rng.uniform(x0 + 6, x1 - 6), rng.uniform(y0 + 6, y1 - 6)
        art.paint([ellipse(x, y, 1.6, 1.2, rng.uniform(0, 180))], (150, 144, 130), line=0.4, within=top)
    return top


def base(art: Art, side: Side, name: str, length: float = 0.0) -> None:
    """A 1" round base, or a 1" x (1 + length)" capsule, with the rim, flock and side badge."""
    w = art.w
    cx = w / 2

    def capsule(r: float) -> Shape:
        return stroke([(cx, w / 2), (cx, w / 2 + length)], 2 * r)

    rim_w = 4.2
    art.paint(capsule(w / 2 - 0.6), side.main, line=0.6, shade=1.2)
    inner = capsule(w / 2 - 0.6 - rim_w)
    art.ground = flock(art, inner, random.Random(seed_of(name)))
    art.flat(stroke([(cx, w / 2), (cx, w / 2 + length)], 2 * (w / 2 - 0.6 - rim_w) + 1.2), OUTLINE, 0.5)
    top = art.ground
    art.surf.blit(art.tint(art.minus_shifted(top, 1.4, 1.4), (20, 20, 12), 0.45), (0, 0))
    if side.name == "red":  # York: the rim notched with the rays of the sun in splendour
        rays = rim_rays(cx, w / 2, length, w / 2 - 0.6 - rim_w + 0.3, w / 2 - 0.9, 7.5)
        art.flat(rays, (255, 240, 200), 0.95)
    rear = w / 2 + length + w / 2 - 0.6 - rim_w / 2
    art.paint([circle(cx, rear, 4.6)], (60, 46, 30), line=0.8, shade=0.5)
    rose(art, cx, rear, 3.9, side.rose, line=0.5)


def rim_rays(cx: float, cy: float, length: float, r_in: float, r_out: float, spacing: float) -> Shape:
    """Wedges across a capsule's rim band, evenly spaced, the first at the front (north)."""
    r_mid = (r_in + r_out) / 2
    path = [(cx + r_mid * math.cos(math.radians(a)), cy + r_mid * math.sin(math.radians(a)))
            for a in range(270, 361, 2)]  # fmt: skip
    path += [(cx + r_mid * math.cos(math.radians(a)), cy + length + r_mid * math.sin(math.radians(a)))
             for a in range(0, 181, 2)]  # fmt: skip
    path += [(cx + r_mid * math.cos(math.radians(a)), cy + r_mid * math.sin(math.radians(a)))
             for a in range(180, 271, 2)]  # fmt: skip
    steps = [math.dist(path[i], path[i + 1]) for i in range(len(path) - 1)]
    total = sum(steps)
    n = max(1, round(total / spacing))
    rays: Shape = []
    i, walked = 0, 0.0
    for k in range(n):
        target = k * total / n
        while walked + steps[i] < target:
            walked += steps[i]
            i += 1
        f = (target - walked) / steps[i] if steps[i] else 0.0
        qx = path[i][0] + (path[i + 1][0] - path[i][0]) * f
        qy = path[i][1] + (path[i + 1][1] - path[i][1]) * f
        sy = min(max(qy, cy), cy + length)
        d = math.hypot(qx - cx, qy - sy) or 1.0
        nx, ny = (qx - cx) / d, (qy - sy) / d
        hw = 1.3
        ox, oy = cx, sy
        rays.append([(ox + nx * r_out - ny * hw, oy + ny * r_out + nx * hw),
                     (ox + nx * r_out + ny * hw, oy + ny * r_out - nx * hw),
                     (ox + nx * r_in, oy + ny * r_in)])  # fmt: skip
    return rays


def rank_device(art: Art, role: str, x: float, y: float) -> None:
    """A gold crown for a Captain, a silver star for a Squire."""
    if role == "captain":
        crown = [[(x - 4.6, y + 3), (x - 5, y - 3.2), (x - 2.4, y - 0.4), (x, y - 4.4), (x + 2.4, y - 0.4),
                  (x + 5, y - 3.2), (x + 4.6, y + 3)]]  # fmt: skip
        art.paint(crown, GOLD, line=0.9, shade=0.8)
        art.flat([circle(x, y + 1.3, 0.9)], (190, 30, 40))
    else:
        art.paint([star(x, y, 4.8)], SILVER, line=0.9, shade=0.8)


# --- figures ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kit:
    """What a role wears and carries."""

    helmet: str  # sallet, kettle, cap, armet
    body: str  # jack (livery) or plate (armour with a tabard)
    weapon: str  # bill, bow, crossbow, handgun, sword_buckler, sword_shield


KITS = {
    "captain": Kit("armet", "plate", "sword_shield"),
    "squire": Kit("sallet", "plate", "sword_shield"),
    "fighter": Kit("sallet", "plate", "sword_buckler"),
    "billman": Kit("sallet", "jack", "bill"),
    "archer": Kit("kettle", "jack", "bow"),
    "crossbowman": Kit("kettle", "jack", "crossbow"),
    "handgunner": Kit("cap", "jack", "handgun"),
}


def arm(shoulder: Pt, elbow: Pt, hand: Pt, w: float = 5.2) -> Shape:
    """An arm from shoulder to hand."""
    return stroke([shoulder, elbow, hand], w, w * 0.8)


def figure(art: Art, role: str, side: Side, ox: float, oy: float, mounted: bool = False) -> None:
    """A soldier seen from above, facing north, his shoulders centred on (ox, oy)."""
    kit = KITS[role]
    sh = 0.0 if not mounted else 1.0  # riders sit a little lower, so their cast shadow is longer

    def p(x: float, y: float) -> Pt:
        return (ox + x, oy + y)

    plate = kit.body == "plate"
    coat = side.main
    sleeve = STEEL if plate else side.dark
    if not mounted:  # feet in a fighting stance
        for fx, fy in ((-5.0, -6.5), (5.5, 6.5)):
            art.paint([ellipse(*p(fx, fy), 3.2, 4.4)], (64, 50, 40), line=1.0, shadow=1.6)
    else:  # thighs along the horse's flanks
        for s in (-1, 1):
            art.paint(stroke([p(9 * s, 4), p(12.5 * s, -6)], 6.2, 5.0), sleeve, line=1.0, shadow=2.5)

    # the pose per weapon: body twist (degrees clockwise), left elbow and hand, right elbow and hand
    twist, lel, lhand, rel, rhand = {
        "bill": (-5, p(-2, -10), p(10, -9.5), p(16, 6), p(12.5, 3)),
        "bow": (35, p(-6, -14.5), p(-1, -20), p(13.5, 0), p(2.5, -5)),
        "crossbow": (15, p(-8, -11), p(-1.2, -15), p(11, -1), p(2.5, -4)),
        "handgun": (15, p(-8, -11), p(-0.4, -15), p(11.5, -1), p(3.8, -3)),
        "sword_buckler": (0, p(-16, -6), p(-12, -14), p(16, -6), p(11, -12)),
        "sword_shield": (0, p(-16, -5), p(-11, -12), p(16, -6), p(11, -12)),
    }[kit.weapon]
    c, sn = math.cos(math.radians(twist)), math.sin(math.radians(twist))

    def q(x: float, y: float) -> Pt:  # a point on the twisted body
        return p(x * c - y * sn, x * sn + y * c)

    lsh, rsh = q(-12, -1), q(12, -1)
    body_shape: Shape = [ellipse(*q(0, 0.4), 14.5, 9.0, twist)]
    art.paint(body_shape, coat, line=1.4, shadow=2.2 + sh)
    if not plate:  # quilting of the padded jack
        jack = art.mask(body_shape)
        for dx in (-8, -4, 4, 8):
            art.flat(stroke([q(dx, -7), q(dx * 1.1, 7)], 0.6), side.dark, 0.55, within=jack)
        art.flat(stroke([q(-9, 4.5), q(9, 4.5)], 1.0), LEATHER, 0.9, within=jack)  # belt
    if plate:  # pauldrons
        for s in (-1, 1):
            art.paint([ellipse(*q(12 * s, -0.5), 4.8, 5.6, -15 * s + twist)], STEEL, line=1.0, gloss=0.45)
            art.flat(stroke(arc(*q(12 * s, -0.5), 3.4, 4.0, 200 if s < 0 else -20, 340 if s < 0 else 160, 8),
                            0.6), scale(STEEL, 0.6), 0.8)  # fmt: skip

    weapon_back(art, kit.weapon, side, p, lhand, rhand, sh)
    for sho, elb, hand in ((lsh, lel, lhand), (rsh, rel, rhand)):
        art.paint(arm(sho, elb, hand, 5.0 if plate else 4.6), sleeve, line=1.1, shadow=1.8 + sh,
                  gloss=0.3 if plate else 0.0)  # fmt: skip
        glove = STEEL if plate else (FLESH if kit.weapon in ("bow", "handgun") else LEATHER)
        art.paint([circle(*hand, 2.5)], glove, line=0.9)
    weapon_front(art, kit.weapon, role, side, p, lhand, rhand, sh)
    helmet(art, kit.helmet, role, side, p, sh)


def helmet(art: Art, kind: str, role: str, side: Side, p: Callable[[float, float], Pt], sh: float) -> None:
    """The head: a sallet, a kettle hat, a felt cap or a great helm with a plume."""
    if kind == "kettle":
        art.paint([circle(*p(0, -1), 7.9)], IRON, line=1.2, shadow=2.6 + sh, gloss=0.35)
        art.paint([circle(*p(0, -1.4), 4.8)], scale(STEEL, 0.92), line=0.7, gloss=0.6)
    elif kind == "cap":
        art.paint([ellipse(*p(0, -0.5), 7.4, 7.8)], (150, 40, 36), line=1.2, shadow=2.6 + sh)
        art.paint([ellipse(*p(0, 2.5), 7.8, 3.4)], (60, 40, 30), line=0.7, shade=0.5)
        art.flat([ellipse(*p(0, -2), 7.4, 5.0)], (150, 40, 36), 1.0)
        art.paint([ellipse(*p(3.5, -3), 1.6, 2.6, 30)], WHITE, line=0.5, shade=0.5)  # a feather
    else:
        ox, oy = p(0, 0)
        if kind == "sallet":  # a round skull and a flared tail over the neck
            head = [circle(ox, oy - 0.8, 6.8), ellipse(ox, oy + 3.4, 6.9, 4.6)]
        else:  # an armet: rounder, closer fitting
            head = [ellipse(ox, oy - 0.3, 7.4, 7.8)]
        art.paint(head, STEEL, line=1.3, shadow=2.6 + sh, gloss=0.7)
        art.flat(stroke([p(0, -6.5), p(0, 5.5)], 1.1), scale(STEEL, 0.6), 0.7)  # the comb
        art.flat(stroke(arc(*p(0, -1), 6.4, 5.8, 235, 305, 6), 1.2), (30, 30, 34), 0.9)  # the sight
        if kind == "armet":  # a gold coronet and a plume streaming back
            art.paint(stroke(arc(*p(0, 0), 7.4, 7.4, 0, 360, 40), 1.6), GOLD, line=0.6, shade=0.6)
            art.paint([ellipse(*p(0.6, 10), 3.4, 6.0, 4)], WHITE, line=0.8, shade=0.8)
            art.paint([ellipse(*p(0.9, 11.5), 1.5, 3.8, 4)], side.main, line=0, shade=0.5)


def weapon_back(art: Art, weapon: str, side: Side, p: Callable[[float, float], Pt],
                lhand: Pt, rhand: Pt, sh: float) -> None:  # fmt: skip
    """Weapons held under the hands: the bill's shaft, bows, the handgun."""
    if weapon == "bill":
        to = frame(lhand, math.degrees(math.atan2(lhand[0] - rhand[0], -(lhand[1] - rhand[1]))))
        art.paint(stroke([to(-27, 0), to(5, 0)], 3.0), WOOD, line=1.0, shadow=3.5 + sh)
        head = [[to(3, -1.0), to(11.5, -1.0), to(16.5, 0.1), to(12.5, 1.2), to(11.6, 3.8), to(9, 5.6),
                 to(8.2, 4.2), to(9.2, 2.6), to(6, 1.8), to(3, 1.3)]]  # fmt: skip
        spike = [[to(8.5, -0.8), to(11, -4.6), to(12, -0.8)]]
        art.paint(spike, STEEL, line=0.8, shadow=3.5 + sh)
        art.paint(head, STEEL, line=1.0, shadow=3.5 + sh, gloss=0.5)
    elif weapon == "bow":
        bow = arc(*p(0, 1), 22, 22, 205, 335, 24)
        art.paint(stroke(bow, 3.0, 3.0), YEW, line=1.0, shadow=3.5 + sh)
        art.flat(stroke([bow[0], rhand, bow[-1]], 0.7), (236, 230, 210), 0.95)
        art.paint(stroke([rhand, p(0, -27)], 1.1), (176, 140, 90), line=0.6)
        art.paint([[p(-1.7, -25.5), p(0, -30), p(1.7, -25.5)]], STEEL, line=0.6)
        art.flat(stroke([p(0.3, -5), p(0.3, -8)], 2.2), (236, 232, 222), 0.95)  # fletching
    elif weapon == "crossbow":
        art.paint(stroke([p(1.5, 2), p(0, -22)], 3.4, 2.6), WOOD, line=1.0, shadow=3.5 + sh)
        prod = [p(-13, -17), p(-6, -21.5), p(0, -22.5), p(6, -21.5), p(13, -17)]
        art.paint(stroke(prod, 2.4, 2.4), STEEL, line=1.0, shadow=3.5 + sh, gloss=0.4)
        art.flat(stroke([prod[0], p(0, -11), prod[-1]], 0.7), (236, 230, 210), 0.95)
        art.paint(stroke([p(0, -11), p(0, -24)], 1.1), (120, 90, 60), line=0.5)
        art.paint(stroke(arc(*p(0, -24.2), 2.6, 2.2, 180, 360, 8), 1.0), IRON, line=0.5)  # stirrup
    elif weapon == "handgun":
        art.paint(stroke([p(3, 8), p(1.5, -6)], 3.6, 3.0), WOOD, line=1.0, shadow=3.5 + sh)
        art.paint(stroke([p(1.5, -4), p(1.0, -29)], 3.0, 2.6), IRON, line=1.0, shadow=3.5 + sh, gloss=0.5)
        art.flat([circle(*p(1.0, -29), 0.9)], (20, 20, 20))


def weapon_front(art: Art, weapon: str, role: str, side: Side, p: Callable[[float, float], Pt],
                 lhand: Pt, rhand: Pt, sh: float) -> None:  # fmt: skip
    """Weapons held over the hands: swords, shields, the handgunner's lit match."""
    if weapon in ("sword_buckler", "sword_shield"):
        to = frame(rhand, 14)
        art.paint(stroke([to(0, 0), to(19, 0)], 2.4, 1.2), SILVER, line=0.9, shadow=3.0 + sh, gloss=0.6)
        art.paint(stroke([to(1.6, -3.6), to(1.6, 3.6)], 1.4), GOLD, line=0.7)
        art.paint([circle(*to(-2.6, 0), 1.3)], GOLD, line=0.6)
    if weapon == "sword_buckler":
        art.paint([circle(*lhand, 6.4)], STEEL, line=1.1, shadow=3.0 + sh, gloss=0.6)
        art.paint([circle(*lhand, 2.2)], scale(STEEL, 1.1), line=0.6, gloss=0.6)
    elif weapon == "sword_shield":
        shield(art, role, side, lhand[0] - 1.5, lhand[1] - 1.0, sh)
    elif weapon == "handgun":
        x, y = rhand
        art.flat(stroke([(x + 2.6, y + 1.0), (x + 5, y - 1.5)], 0.9), (70, 60, 48))
        art.flat([circle(x + 5, y - 1.5, 1.4)], (255, 200, 80))
        art.flat([circle(x + 5, y - 1.5, 0.7)], (255, 250, 220))
        for i, (dx, dy, r) in enumerate(((7, -4, 1.5), (9, -6.5, 1.9), (10.5, -9.5, 2.3))):
            art.flat([circle(x + dx, y + dy, r)], (226, 226, 222), 0.55 - 0.12 * i)


def shield(art: Art, role: str, side: Side, cx: float, cy: float, sh: float) -> None:
    """A heater shield with the side's arms: its colour and rose (a gold chief for a Captain)."""
    w, h = 8.6, 10.5

    def outline(k: float) -> Poly:  # flat top, sides curving in to the point
        top, depth = cy - h * k * 0.92, h * k * 1.99
        right = [(cx + w * k * (1 - (i / 10) ** 2.2), top + depth * i / 10) for i in range(11)]
        return right + [(2 * cx - x, y) for x, y in reversed(right[:-1])]

    face = art.paint([outline(1.0)], side.main, line=1.3, shadow=3.0 + sh, shade=0.8)
    if role == "captain":
        art.flat([[(cx - w, cy - h), (cx + w, cy - h), (cx + w, cy - h * 0.42), (cx - w, cy - h * 0.42)]],
                 GOLD, within=face)  # fmt: skip
        art.flat(stroke([(cx - w, cy - h * 0.42), (cx + w, cy - h * 0.42)], 0.6), OUTLINE, 0.7, within=face)
        rose(art, cx, cy + 2.2, 4.4, side.rose, line=0.6)
    else:
        chevron = stroke([(cx - w, cy + 4), (cx, cy - 5), (cx + w, cy + 4)], 3.0)
        art.flat(chevron, WHITE if side.name == "blue" else (40, 40, 48), within=face)
        rose(art, cx, cy + 4.6, 3.4, side.rose, line=0.5)
    art.flat(stroke([*outline(0.96), outline(0.96)[0]], 0.9), (255, 244, 210), 0.35)


# --- horses -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Horse:
    """How a steed looks from above."""

    coat: RGB
    mane: RGB
    width: float  # half-width of the barrel
    ears: float  # ear length
    head: float  # head length


HORSES = {
    "warhorse": Horse((92, 60, 40), (34, 26, 22), 15.0, 3.6, 25.0),
    "nag": Horse((150, 98, 56), (52, 36, 26), 13.5, 3.6, 24.0),
    "beast_of_burden": Horse((146, 138, 124), (72, 62, 54), 13.5, 7.5, 25.0),
}


def horse(art: Art, steed: str, side: Side, cx: float, riderless: bool, harness: bool = False) -> None:
    """A horse seen from above, head to the north, filling a 1" x 2" base (`harness`: put to a
    vehicle, in collar and traces, with no saddle)."""
    h = HORSES[steed]
    w = h.width
    # legs in a walking stride (only the hooves and fetlocks show), tail, body and neck as one
    # outline, then the head and ears on top
    for (x0, y0), (x1, y1) in (((-7, 50), (-9.5, 33.5)), ((7, 50), (9.2, 39)),
                               ((-7.5, 90), (-9.0, 106)), ((7.5, 90), (10.2, 111))):  # fmt: skip
        art.paint(stroke([(cx + x0, y0), (cx + x1, y1)], 4.2, 3.2), scale(h.coat, 0.8), line=1.0, shadow=2.0)
        art.paint([circle(cx + x1, y1, 1.9)], (40, 32, 28), line=0.8, shade=0.5)
    tail = [(cx, 104), (cx + 1.8, 111), (cx - 0.6, 117), (cx + 1.2, 123)]
    if steed == "beast_of_burden":
        art.paint(stroke(tail[:3], 1.8, 1.4), h.mane, line=0.8, shadow=2.5)
        art.paint([ellipse(tail[2][0], tail[2][1] + 2.5, 2.6, 4.2)], h.mane, line=0.8, shadow=2.5)
    else:
        art.paint(stroke(tail, 6.0, 2.6), h.mane, line=1.0, shadow=2.5)
        art.flat(stroke(tail[:3], 0.9), scale(h.mane, 2.0), 0.6)
    poll = 6 + h.head
    body = smooth([(poll - 1, 4.6), (poll + 6, 6.6), (40, 9.0), (48, w * 0.8), (58, w * 0.92), (68, w),
                   (80, w * 0.95), (90, w * 0.96), (98, w * 0.86), (104, w * 0.55),
                   (106.5, 0.0)])  # fmt: skip
    art.paint([outline_of(body, cx)], h.coat, line=1.4, shadow=4.0, gloss=0.2)
    for sx in (-1, 1):  # the haunches catch the light either side of the spine
        art.flat([ellipse(cx + sx * 6.5, 91, 4.2, 8.5)], mix(h.coat, (255, 240, 220), 0.16), 0.8)
    art.flat(stroke([(cx, 78), (cx, 106)], 1.0), scale(h.coat, 0.62), 0.6)  # the groove of the back
    head = smooth([(4.6, 0.0), (5.2, 3.4), (8, 4.8), (14, 5.0), (6 + h.head * 0.6, 7.0),
                   (poll - 2, 6.8), (poll + 1, 5.0), (poll + 2, 0.0)], 4)  # fmt: skip
    art.paint([outline_of(head, cx)], h.coat, line=1.3, shadow=3.5, gloss=0.2)
    long_ears = h.ears > 5
    ear_y = poll - 1.0 + h.ears * (0.25 if long_ears else -0.1)
    ears = [ellipse(cx + s * (5.4 + long_ears), ear_y, 1.9, h.ears, s * (40 if long_ears else 18))
            for s in (-1, 1)]  # fmt: skip
    art.paint(ears, h.coat, line=0.9, shadow=3.5)
    art.flat([ellipse(cx, 8.5, 3.4, 3.2)], scale(h.coat, 0.6), 0.8)  # the muzzle
    for s in (-1, 1):
        art.flat([ellipse(cx + s * 2.6, 6.8, 0.8, 1.1)], (20, 16, 14), 0.9)  # nostrils
        art.flat([ellipse(cx + s * 6.3, 6 + h.head * 0.6, 0.9, 1.6)], (20, 16, 14), 0.9)  # eyes
    if steed == "beast_of_burden":  # dorsal stripe and a cropped mane
        art.flat(stroke([(cx, poll + 1), (cx, 104)], 1.6), scale(h.mane, 0.9), 0.7)
    else:
        mane = stroke([(cx, poll + 1), (cx - 1.2, 34), (cx + 0.6, 46)], 3.2, 2.6)
        art.paint(mane, h.mane, line=0.7, shade=0.6)
        art.flat([ellipse(cx, poll - 2.5, 2.0, 3.0)], h.mane, 0.9)  # forelock
    # tack: noseband, browband, reins
    art.flat(stroke([(cx - 4.3, 11.5), (cx + 4.3, 11.5)], 1.1), LEATHER)
    art.flat(stroke([(cx - 5.6, poll - 3), (cx + 5.6, poll - 3)], 1.0), LEATHER)
    if harness:
        draught_harness(art, h, side, cx, poll)
        return

    saddle_y = 62
    if steed == "warhorse":
        caparison(art, h, side, cx, poll)
    elif steed == "nag":
        cloth = art.paint([ellipse(cx, saddle_y + 1, w + 3, 13)], side.main, line=1.0, shadow=1.5)
        art.flat(stroke(arc(cx, saddle_y + 1, w + 0.8, 11, 0, 360, 48), 1.0), side.light, 0.9, within=cloth)
    else:  # a sacking blanket with the side's stripe, and two packs behind the saddle
        for s in (-1, 1):
            bulk = smooth([(74, 0.0), (74.5, 4.6), (80, 5.4), (90, 5.2), (94, 4.4), (94.6, 0.0)], 3)
            sack = [outline_of(bulk, cx + s * (w - 0.5))]
            art.paint(sack, (160, 128, 80), line=1.0, shadow=2.0)
            art.flat(stroke([(cx + s * (w - 5.9), 80), (cx + s * (w + 4.9), 82)], 1.0), (96, 70, 44), 0.9)
            art.flat(stroke([(cx + s * (w - 5.9), 88), (cx + s * (w + 4.9), 89)], 1.0), (96, 70, 44), 0.9)
        art.paint([ellipse(cx, saddle_y + 1, w + 2.5, 12)], (176, 156, 112), line=1.0, shadow=1.5)
        art.flat(stroke([(cx - w - 1, saddle_y + 1), (cx + w + 1, saddle_y + 1)], 3.6), side.main, 0.95)
    seat = smooth([(saddle_y - 10, 0.0), (saddle_y - 9.4, 4.6), (saddle_y - 5, 6.6), (saddle_y + 3, 7.6),
                   (saddle_y + 8.5, 7.4), (saddle_y + 10, 0.0)], 4)  # fmt: skip
    art.paint([outline_of(seat, cx)], (150, 98, 56), line=1.0, shade=0.9, gloss=0.3)
    art.flat(stroke([(cx, saddle_y - 8), (cx, saddle_y + 6)], 0.7), LEATHER, 0.6)  # seam
    art.paint(stroke(arc(cx, saddle_y - 6.8, 5.2, 2.4, 200, 340, 10), 2.0), LEATHER, line=0.7)  # pommel
    art.paint(stroke(arc(cx, saddle_y + 4.5, 7.0, 5.2, 20, 160, 12), 2.6), LEATHER, line=0.8)  # cantle
    if riderless:
        for s in (-1, 1):
            leather = stroke([(cx + s * 8.4, saddle_y - 1), (cx + s * (w + 2.5), saddle_y + 3)], 1.0)
            art.paint(leather, LEATHER, line=0.4)
            art.paint([ellipse(cx + s * (w + 2.8), saddle_y + 4.4, 2.0, 1.5)], STEEL, line=0.6)  # stirrups
        reins = [(cx - 4.4, 12), (cx - 7.5, 22), (cx - 11.5, 34), (cx - 12.5, 44), (cx - 9.5, 50)]
        art.paint(stroke(reins, 1.1), LEATHER, line=0.5)  # trailing loose
    else:
        for s in (-1, 1):
            rein = [(cx + s * 4.4, 12), (cx + s * 6.2, poll + 4), (cx + s * 5.4, 46), (cx + s * 3.5, 52)]
            art.flat(stroke(rein, 0.9), LEATHER)


def draught_harness(art: Art, h: Horse, side: Side, cx: float, poll: float) -> None:
    """A draught animal's harness: a padded collar with brass hames, a back pad in the side's
    colour, the traces along the flanks and the reins running back to the driver."""
    w = h.width
    for s in (-1, 1):  # traces from the hames back past the quarters
        art.paint(stroke([(cx + s * 9.5, 45), (cx + s * (w + 1.2), 70), (cx + s * (w + 0.6), 128)], 2.0),
                  LEATHER, line=0.6, shadow=1.5)  # fmt: skip
    collar = stroke(arc(cx, 44, 10.5, 5.5, 180, 360, 16) + arc(cx, 44, 10.5, 4.0, 0, 180, 16)[1:], 4.2)
    art.paint(collar, (70, 46, 30), line=0.9, shadow=2.0)
    for s in (-1, 1):
        art.paint([ellipse(cx + s * 10.0, 41.5, 1.6, 3.6)], GOLD, line=0.6, shade=0.6, gloss=0.5)  # hames
    pad = art.paint([ellipse(cx, 66, w - 1.5, 6.0)], side.main, line=0.9, shadow=1.2)
    art.flat(stroke([(cx - w, 66), (cx + w, 66)], 1.0), side.light, 0.8, within=pad)
    art.flat(stroke([(cx, 72), (cx, 104)], 1.6), LEATHER, 0.9)  # the crupper strap
    for s in (-1, 1):
        rein = [(cx + s * 4.4, 12), (cx + s * 6.4, poll + 6), (cx + s * 5.2, 60), (cx + s * 3.0, 128)]
        art.flat(stroke(rein, 0.9), LEATHER)


def caparison(art: Art, h: Horse, side: Side, cx: float, poll: float) -> None:
    """A warhorse's trapper in the side's colours, dagged at the hem, and a steel chanfron."""
    w = h.width + 3.5
    hem = smooth([(poll + 4, 6.2), (40, 10.5), (48, w * 0.86), (60, w), (82, w), (96, w * 0.96),
                  (106, w * 0.8), (111, w * 0.4), (112.5, 0.0)])  # fmt: skip
    outline = outline_of(hem, cx)
    dagged = []
    for i, (x, y) in enumerate(outline):  # scallop the hem below the saddle
        k = 1.0 if y < 52 or i % 2 == 0 else 0.9
        dagged.append((cx + (x - cx) * k, y))
    cloth = art.paint([dagged], side.main, line=1.3, shadow=3.0)
    art.flat(stroke([*dagged, dagged[0]], 2.2), side.trim, 0.95, within=cloth)
    art.flat(stroke([(cx, poll + 5), (cx, 46)], 1.4), side.trim, 0.85)  # seam along the crest
    for x, y in ((cx - 11.5, 84), (cx + 11.5, 84), (cx, 100)):
        rose(art, x, y, 3.8, side.rose, line=0.5)
    chanfron = [[(cx - 4.2, poll - 1), (cx - 4.0, 13), (cx, 9.5), (cx + 4.0, 13), (cx + 4.2, poll - 1),
                 (cx, poll + 1)]]  # fmt: skip
    art.paint(chanfron, STEEL, line=0.9, gloss=0.6)
    art.paint([star(cx, poll - 9, 2.6, 4, 0.4)], GOLD, line=0.5, shade=0.5)


# --- vehicles -----------------------------------------------------------------------------------
# Carts and wagons seen from above, facing north, filling their footprint (team included) at the
# nominal size of game.ui.vehicle_layout, one picture per side (red, blue, "none" for an abandoned
# one) and a wreck for a disabled one. Side cues: the draught animals' back pads, the stripes of
# a wagon's tilt, a cart's blanket and a war wagon's pavises.

NEUTRAL = Side("none", (172, 160, 134), (112, 102, 86), (216, 206, 182), (246, 242, 228), (206, 196, 168))
VEHICLE_SIDES = ("red", "blue", "none")
CANVAS = (224, 214, 186)
PLANK = (154, 112, 68)
BOARD = (112, 76, 44)
TYRE = (58, 54, 52)
HAY = (206, 178, 96)
SACKING = (190, 166, 116)
CHAR = (40, 32, 28)


def rrect(x0: float, y0: float, x1: float, y1: float, r: float) -> Poly:
    """A rectangle with rounded corners."""
    r = min(r, (x1 - x0) / 2, (y1 - y0) / 2)
    pts: Poly = []
    for cx, cy, a0 in ((x1 - r, y0 + r, 270), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90),
                       (x0 + r, y0 + r, 180)):
        for i in range(7):
            a = math.radians(a0 + 90 * i / 6)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


class Wood:
    """The colours of a vehicle's woodwork: fresh, or charred on a wreck."""

    def __init__(self, wreck: bool) -> None:
        self.wreck = wreck

    def __call__(self, colour: RGB) -> RGB:
        return mix(colour, CHAR, 0.55) if self.wreck else colour


def vehicle_layout_of(kind: str) -> tuple[float, float, float, int, int, int]:
    """(length, width, team share, ranks, abreast, wheels) of a kind, from game.ui.vehicle_layout."""
    from game.ui.vehicle_layout import layout

    lay = layout(kind)
    return lay.length, lay.width, lay.team, lay.pairs, lay.abreast, lay.wheels


def wheel(art: Art, x: float, y0: float, y1: float, thick: float, outward: int, wood: Wood) -> None:
    """A wheel seen from above: the iron tyre's strip, the felloes, and the hub standing out."""
    art.paint([rrect(x - thick / 2, y0, x + thick / 2, y1, thick / 2)], wood(TYRE), line=1.0, shadow=3.0)
    art.flat(stroke([(x, y0 + 2), (x, y1 - 2)], thick * 0.45), wood((120, 84, 52)), 0.9)
    hub = (x + outward * thick * 0.55, (y0 + y1) / 2)
    art.paint([ellipse(hub[0], hub[1], thick * 0.55, thick * 0.9)], wood((96, 66, 40)), line=0.8, shadow=2.0)
    art.paint([circle(hub[0] + outward * 1.0, hub[1], thick * 0.3)], wood(IRON), line=0.5, gloss=0.5)


def lying_wheel(art: Art, cx: float, cy: float, r: float) -> None:
    """A wheel off its axle, lying flat: rim, spokes and hub."""
    art.paint([circle(cx, cy, r)], TYRE, line=1.0, shadow=1.5)
    art.flat([circle(cx, cy, r - 2.2)], (0, 0, 0), 0.0)
    inner = art.paint([circle(cx, cy, r - 2.4)], (86, 70, 52), line=0.6, shade=0.4)
    for i in range(8):
        a = math.radians(i * 45 + 10)
        art.flat(stroke([(cx, cy), (cx + (r - 2.5) * math.cos(a), cy + (r - 2.5) * math.sin(a))], 1.8),
                 (120, 88, 56), within=inner)  # fmt: skip
    art.paint([circle(cx, cy, r * 0.28)], (96, 66, 40), line=0.6, gloss=0.3)


def planks(art: Art, x0: float, y0: float, x1: float, y1: float, colour: RGB, step: float,
           rng: random.Random) -> pygame.Surface:  # fmt: skip
    """A planked floor running along the length, with seams, grain and a nail or two."""
    floor = art.paint([rrect(x0, y0, x1, y1, 2.0)], colour, line=1.0, shade=0.8)
    x = x0 + step
    while x < x1 - 1:
        art.flat(stroke([(x, y0 + 1), (x, y1 - 1)], 0.9), scale(colour, 0.6), 0.8, within=floor)
        x += step
    for _ in range(int((x1 - x0) * (y1 - y0) / 140)):
        gx, gy = rng.uniform(x0, x1), rng.uniform(y0, y1)
        art.flat(stroke([(gx, gy), (gx + rng.uniform(-0.6, 0.6), gy + rng.uniform(4, 10))], 0.6),
                 scale(colour, rng.choice((0.8, 1.12))), 0.6, within=floor)  # fmt: skip
    return floor


def barrel(art: Art, cx: float, cy: float, r: float, wood: Wood) -> None:
    """A barrel standing on end: its head, staves' edge and iron hoops."""
    art.paint([circle(cx, cy, r)], wood((132, 90, 50)), line=1.0, shadow=2.5)
    art.flat(stroke(arc(cx, cy, r - 1.4, r - 1.4, 0, 360, 32), 1.1), wood(IRON), 0.9)
    art.paint([circle(cx, cy, r * 0.7)], wood((160, 116, 70)), line=0.6, shade=0.5)
    art.flat(stroke([(cx - r * 0.6, cy), (cx + r * 0.6, cy)], 0.7), wood((100, 70, 40)), 0.7)
    art.flat([circle(cx + r * 0.3, cy - r * 0.25, r * 0.12)], (40, 30, 24), 0.9)  # the bung


def sack(art: Art, cx: float, cy: float, rx: float, ry: float, rot: float, wood: Wood) -> None:
    """A tied sack lying down."""
    art.paint([ellipse(cx, cy, rx, ry, rot)], wood(SACKING), line=1.0, shadow=2.0)
    to = frame((cx, cy), rot + 90)
    art.flat(stroke([to(-rx * 0.55, -ry * 0.5), to(-rx * 0.55, ry * 0.5)], 1.2), wood((120, 96, 60)), 0.8)
    art.paint([circle(*to(-rx * 0.85, 0), 1.6)], wood((150, 126, 84)), line=0.5)


def crate(art: Art, x0: float, y0: float, x1: float, y1: float, wood: Wood) -> None:
    """A crate with battens."""
    box = art.paint([rrect(x0, y0, x1, y1, 1.2)], wood((166, 128, 80)), line=1.0, shadow=2.5)
    for t in (0.25, 0.75):
        y = y0 + (y1 - y0) * t
        art.flat(stroke([(x0, y), (x1, y)], 1.4), wood((112, 80, 46)), 0.9, within=box)
    art.flat(stroke([(x0 + 1, y0 + 1), (x1 - 1, y1 - 1)], 1.0), wood((120, 88, 52)), 0.7, within=box)


def team(art: Art, kind: str, side: Side, w: float, team_h: float, ranks: int, abreast: int) -> None:
    """The draught animals in harness, stockier than a riding horse: each is painted on its own
    1" x 2" canvas and stretched to its place in the traces."""
    steed = "nag" if kind in ("supply_wagon", "war_wagon") else "beast_of_burden"
    cell_h = team_h / ranks
    canvas_w = min(2 * w / abreast, (cell_h + 2) / 2 * 1.3)  # the horse's canvas is twice its width
    gap = {1: [0.0], 2: [-0.235, 0.235]}.get(abreast, [0.0])
    for rank in range(ranks):
        y0 = rank * cell_h + 0.5
        for g in gap:
            cx = w / 2 + g * w
            one = Art(PPI, 2 * PPI)
            ground = pygame.Surface(one.surf.get_size(), pygame.SRCALPHA)
            ground.fill((255, 255, 255, 255))
            one.ground = ground
            horse(one, steed, side, PPI / 2, riderless=True, harness=True)
            size = (round(canvas_w * SS), round((cell_h + 2) * SS))
            stretched = pygame.transform.smoothscale(one.surf, size)
            art.surf.blit(stretched, (round((cx - canvas_w / 2) * SS), round(y0 * SS)))


def vehicle_token(kind: str, side_name: str, wreck: bool = False) -> pygame.Surface:
    """A cart or wagon facing north, its footprint filling the picture; a wreck if `wreck`."""
    side = NEUTRAL if wreck or side_name == "none" else SIDES[side_name]
    length, width, share, ranks, abreast, wheels = vehicle_layout_of(kind)
    W, H = round(width * PPI), round(length * PPI)
    art = Art(W, H)
    ground = pygame.Surface(art.surf.get_size(), pygame.SRCALPHA)
    ground.fill((255, 255, 255, 255))
    art.ground = ground
    rng = random.Random(seed_of(f"vehicle_{kind}_{side_name}"))
    wood = Wood(wreck)
    team_h = share * H
    inset = {"handcart": 0.14, "ox_cart": 0.11, "supply_wagon": 0.09, "war_wagon": 0.075}[kind]
    bx0, bx1 = W * inset, W * (1 - inset)
    by0, by1 = team_h + (3 if kind != "handcart" else 1), H - 5
    thick = {"handcart": 6.0, "ox_cart": 9.0, "supply_wagon": 8.0, "war_wagon": 10.0}[kind]
    # running gear first: wheels, then the pole or shafts, then the team
    if wheels == 2:
        spans = [(by0 + (by1 - by0) * 0.28, by0 + (by1 - by0) * 0.72)]
    else:
        spans = [(by0 + 6, by0 + 6 + (by1 - by0) * 0.2), (by1 - 4 - (by1 - by0) * 0.3, by1 - 4)]
    for i, (y0, y1) in enumerate(spans):
        for s, x in ((-1, bx0 - thick * 0.2), (1, bx1 + thick * 0.2)):
            if wreck and i == 0 and s == -1:
                continue  # the front wheel came off
            wheel(art, x, y0, y1, thick, s, wood)
    if wreck:
        _wreck_gear(art, kind, W, team_h, by0, thick)
    else:
        if kind == "handcart":
            for s in (-1, 1):
                art.paint(stroke([(W / 2 + s * 15.5, 6), (W / 2 + s * 14.0, by0 + 8)], 3.2), WOOD, line=0.9,
                          shadow=2.0)  # fmt: skip
        else:
            art.paint(stroke([(W / 2, team_h * 0.12), (W / 2, by0 + 6)], 4.6), WOOD, line=1.0, shadow=2.5)
            bar = team_h - 5
            bar_ends = [(W / 2 - W * 0.3, bar), (W / 2 + W * 0.3, bar)]
            art.paint(stroke(bar_ends, 3.4), WOOD, line=0.9, shadow=2.0)
        team(art, kind, side, W, team_h, ranks, abreast)
    # the body
    art.paint([rrect(bx0 - 1.5, by0 - 1.5, bx1 + 1.5, by1 + 1.5, 3.0)], wood(BOARD), line=1.3, shadow=4.0)
    step = 7.0 if kind != "war_wagon" else 8.0
    floor = planks(art, bx0 + 2.5, by0 + 2.5, bx1 - 2.5, by1 - 2.5, wood(PLANK), step, rng)
    if wreck:
        for _ in range(7):
            sx, sy = rng.uniform(bx0, bx1), rng.uniform(by0, by1)
            scorch = ellipse(sx, sy, rng.uniform(5, 12), rng.uniform(4, 9), rng.uniform(0, 180))
            art.flat([scorch], (20, 16, 14), 0.45, within=floor)
    {"handcart": _handcart_load, "ox_cart": _ox_cart_load, "supply_wagon": _wagon_load,
     "war_wagon": _war_wagon_body}[kind](art, side, wood, rng, bx0, by0, bx1, by1)
    return art.image()


def _wreck_gear(art: Art, kind: str, w: float, team_h: float, by0: float, thick: float) -> None:
    """What a wreck leaves in front of it: a snapped pole or shafts, loose traces, the lost wheel."""
    wood = Wood(True)
    if kind == "handcart":
        art.paint(stroke([(w / 2 + 14, by0 - 2), (w / 2 + 20, 18)], 3.2), wood(WOOD), line=0.9, shadow=1.5)
        stump = [(w / 2 - 14, by0 - 2), (w / 2 - 10, by0 - 24)]
        art.paint(stroke(stump, 3.2), wood(WOOD), line=0.9, shadow=1.5)
    else:
        stump = [(w / 2, by0 + 4), (w / 2 + 2, team_h * 0.55)]
        art.paint(stroke(stump, 4.6), wood(WOOD), line=1.0, shadow=1.5)
        art.paint(stroke([(w / 2 + 5, team_h * 0.5), (w / 2 + 22, team_h * 0.18)], 4.2), wood(WOOD), line=1.0,
                  shadow=1.5)  # fmt: skip
    for s in (-1, 1):
        loose = [(w / 2 + s * w * 0.16, by0), (w / 2 + s * w * 0.3, team_h * 0.7),
                 (w / 2 + s * w * 0.2, team_h * 0.4)]
        art.paint(stroke(loose, 1.8), LEATHER, line=0.5)
    r = min(w * 0.2, team_h * 0.3)
    lying_wheel(art, w * 0.27, team_h * 0.42, r)


def _handcart_load(art: Art, side: Side, wood: Wood, rng: random.Random, x0: float, y0: float, x1: float,
                   y1: float) -> None:  # fmt: skip
    """Sacks and a keg under a cloth in the side's colour."""
    h = y1 - y0
    cloth = art.paint([rrect(x0 + 4, y0 + h * 0.45, x1 - 4, y1 - 4, 4)], wood(side.main), line=1.0,
                      shadow=1.5)
    stripe = [(x0 + 4, y0 + h * 0.62), (x1 - 4, y0 + h * 0.62)]
    art.flat(stroke(stripe, 2.0), wood(side.light), 0.9, within=cloth)
    sack(art, x0 + 12, y0 + h * 0.28, 6.5, 4.6, 20, wood)
    barrel(art, x1 - 11, y0 + h * 0.3, 5.6, wood)


def _ox_cart_load(art: Art, side: Side, wood: Wood, rng: random.Random, x0: float, y0: float, x1: float,
                  y1: float) -> None:  # fmt: skip
    """Wattle sides, a load of hay under a blanket in the side's colour, and a sack or two."""
    for x in (x0 + 2.6, x1 - 2.6):  # the wattle hurdles along the sides
        rail = art.paint(stroke([(x, y0 + 3), (x, y1 - 3)], 5.2), wood((150, 118, 70)), line=0.9, shade=0.7)
        y = y0 + 4
        while y < y1 - 4:
            art.flat(stroke([(x - 2.4, y), (x + 2.4, y + 2.6)], 1.0), wood((104, 80, 46)), 0.8, within=rail)
            y += 4.0
    h = y1 - y0
    hay = art.paint([ellipse((x0 + x1) / 2, y0 + h * 0.62, (x1 - x0) / 2 - 7, h * 0.34)], wood(HAY), line=1.0,
                    shadow=2.0)  # fmt: skip
    for _ in range(60):
        hx, hy = rng.uniform(x0 + 8, x1 - 8), rng.uniform(y0 + h * 0.3, y1 - 6)
        a = rng.uniform(0, math.pi)
        art.flat(stroke([(hx, hy), (hx + 5 * math.cos(a), hy + 5 * math.sin(a))], 0.7),
                 wood(scale(HAY, rng.choice((0.8, 1.1)))), 0.8, within=hay)  # fmt: skip
    blanket = rrect(x0 + 14, y0 + h * 0.5, x1 - 14, y1 - 10, 5)
    cover = art.paint([blanket], wood(side.main), line=1.0, shadow=1.5)
    art.flat(stroke([*blanket, blanket[0]], 2.2), wood(side.light), 0.9, within=cover)
    sack(art, x0 + 18, y0 + h * 0.22, 8.0, 5.5, -15, wood)
    sack(art, x1 - 18, y0 + h * 0.2, 8.0, 5.5, 25, wood)


def _wagon_load(art: Art, side: Side, wood: Wood, rng: random.Random, x0: float, y0: float, x1: float,
                y1: float) -> None:  # fmt: skip
    """A box seat, barrels and crates, and a canvas tilt over the rear striped in the side's colours."""
    h = y1 - y0
    art.paint([rrect(x0 + 3, y0 + 4, x1 - 3, y0 + 12, 2)], wood(BOARD), line=1.0, shadow=2.0)  # the box seat
    art.paint([rrect(x0 + 6, y0 + 13, x1 - 6, y0 + 17, 1.5)], wood((128, 92, 56)), line=0.7)  # footboard
    barrel(art, x0 + 12, y0 + h * 0.33, 7.5, wood)
    crate(art, x0 + 5, y0 + h * 0.41, x0 + 27, y0 + h * 0.53, wood)
    sack(art, x1 - 14, y0 + h * 0.31, 9.0, 5.5, 75, wood)
    sack(art, x1 - 20, y0 + h * 0.46, 9.0, 5.5, 15, wood)
    ty0, ty1 = y0 + h * 0.52, y1 - 3
    tilt = rrect(x0 + 1, ty0, x1 - 1, ty1, 10)
    canvas = art.paint([tilt], wood(CANVAS), line=1.2, shadow=3.0, shade=1.2)
    for dx in (0.3, 0.7):
        x = x0 + (x1 - x0) * dx
        art.flat(stroke([(x, ty0), (x, ty1)], 7.0), wood(side.main), 0.95, within=canvas)
        art.flat(stroke([(x - 3.5, ty0), (x - 3.5, ty1)], 0.8), wood(side.dark), 0.7, within=canvas)
    for t in (0.12, 0.45, 0.8):  # the hoops under the canvas
        y = ty0 + (ty1 - ty0) * t
        art.flat(stroke([(x0 + 1, y), (x1 - 1, y)], 1.6), wood(scale(CANVAS, 0.72)), 0.9, within=canvas)
    fold = [(x0 + 6, ty0 + 2), (x1 - 6, ty0 + 2)]
    art.flat(stroke(fold, 2.4), wood(scale(CANVAS, 0.6)), 0.8, within=canvas)


def _war_wagon_body(art: Art, side: Side, wood: Wood, rng: random.Random, x0: float, y0: float, x1: float,
                    y1: float) -> None:  # fmt: skip
    """Pavises painted in the side's colours along both sides, a front mantlet, powder and shot."""
    h = y1 - y0
    art.paint([rrect(x0 + 2, y0 + 2, x1 - 2, y0 + 12, 2)], wood(BOARD), line=1.0, shadow=2.5)  # mantlet
    art.flat(stroke([(x0 + 8, y0 + 7), (x1 - 8, y0 + 7)], 1.2), wood(IRON), 0.8)
    n = 5
    span = (h - 18) / n
    for s, x in ((-1, x0 + 6.5), (1, x1 - 6.5)):
        for i in range(n):
            top = y0 + 15 + i * span
            face = art.paint([rrect(x - 6, top + 1, x + 6, top + span - 1.5, 3)], wood(side.main), line=1.1,
                             shadow=3.0)  # fmt: skip
            edge = x - 6 + 2 * (s < 0) + 10 * (s > 0)  # the outer rim catches the light
            rim = [(edge, top + 3), (edge, top + span - 3.5)]
            art.flat(stroke(rim, 1.8), wood(side.light), 0.9, within=face)
            boss = [(x, top + span * 0.3), (x, top + span * 0.7)]
            art.flat(stroke(boss, 2.4), wood(side.trim), 0.9, within=face)
    barrel(art, x0 + 28, y0 + h * 0.3, 7.5, wood)
    barrel(art, x0 + 36, y0 + h * 0.42, 7.5, wood)
    crate(art, x1 - 46, y0 + h * 0.8, x1 - 20, y0 + h * 0.93, wood)
    for dx, dy in ((0, 0), (5, 0), (2.5, 4.3), (7.5, 4.3), (-2.5, 4.3), (5, 8.6)):  # stone shot
        shot = circle(x1 - 34 + dx, y0 + h * 0.55 + dy, 2.4)
        art.paint([shot], wood((150, 146, 136)), line=0.6, shadow=1.0)


# --- tokens -------------------------------------------------------------------------------------


def foot_token(side: str, role: str) -> pygame.Surface:
    """A foot model on a 1" round base."""
    s = SIDES[side]
    art = Art(PPI, PPI)
    base(art, s, f"{side}_{role}")
    with art.zoomed(32, 34.5, 1.24):
        figure(art, role, s, 32, 34.5)
    if role in ("captain", "squire"):
        rank_device(art, role, 52.5, 52.5)
    return art.image()


def mounted_token(side: str, steed: str, role: str | None) -> pygame.Surface:
    """A mounted model (or a riderless steed, `role` None) on a 1" x 2" base facing north."""
    s = SIDES[side]
    art = Art(PPI, 2 * PPI)
    base(art, s, f"{side}_{steed}_{role}", length=PPI)
    horse(art, steed, s, 32, riderless=role is None)
    if role is not None:
        with art.zoomed(32, 62, 1.1):
            figure(art, role, s, 32, 62, mounted=True)
        if role in ("captain", "squire"):
            rank_device(art, role, 53, 116)
    return art.image()


# --- markers ------------------------------------------------------------------------------------


def badge(art: Art, fill: RGB) -> None:
    """A round marker disc with a white ring."""
    c = MARKER / 2
    art.paint([circle(c, c, c - 1.0)], fill, line=0.9, shade=0.8)
    art.flat(stroke(arc(c, c, c - 2.3, c - 2.3, 0, 360, 48), 0.9), (255, 255, 255), 0.85)


def glyph(ch: str, cx: float, cy: float, s: float) -> Shape:
    """Hand-drawn strokes for the marker glyphs ! ? 1 2 3, `s` the glyph height."""
    w = s * 0.2
    if ch == "!":
        dot = circle(cx, cy + s * 0.42, w * 0.62)
        return stroke([(cx, cy - s / 2), (cx, cy + s * 0.14)], w * 1.15, w * 0.85) + [dot]
    if ch == "?":
        pts = arc(cx, cy - s * 0.22, s * 0.26, s * 0.25, 190, 410, 14)
        pts += [(cx, cy + s * 0.05), (cx, cy + s * 0.16)]
        return stroke(pts, w) + [circle(cx, cy + s * 0.42, w * 0.6)]
    if ch == "1":
        stem = [(cx - s * 0.16, cy - s * 0.3), (cx + s * 0.04, cy - s * 0.48), (cx + s * 0.04, cy + s * 0.46)]
        foot = [(cx - s * 0.16, cy + s * 0.46), (cx + s * 0.24, cy + s * 0.46)]
        return stroke(stem, w) + stroke(foot, w)
    if ch == "2":
        pts = arc(cx, cy - s * 0.2, s * 0.24, s * 0.26, 200, 380, 12)
        pts += [(cx - s * 0.26, cy + s * 0.46), (cx + s * 0.28, cy + s * 0.46)]
        return stroke(pts, w)
    if ch == "3":
        top = arc(cx, cy - s * 0.24, s * 0.22, s * 0.22, 200, 450, 12)
        bottom = arc(cx, cy + s * 0.22, s * 0.25, s * 0.24, 270, 520, 12)
        return stroke(top, w) + stroke(bottom, w)
    raise ValueError(ch)


def marker(name: str) -> pygame.Surface:
    """One 0.4" status marker."""
    art = Art(MARKER, MARKER)
    c = MARKER / 2
    if name.startswith("wound"):
        drop = [circle(c, c + 3.4, 8.6), [(c - 6.8, c - 1.8), (c, 1.3), (c + 6.8, c - 1.8)]]
        art.paint(drop, (196, 26, 30), line=1.0, shade=1.0, gloss=0.5)
        if "_" in name:
            art.paint(glyph(name[-1], c, c + 3.6, 10.5), (255, 255, 255), line=0.7, shade=0.3)
    elif name == "mishap":
        badge(art, (244, 192, 40))
        art.paint(glyph("!", c, c, 14), (30, 26, 20), line=0, shade=0)
    elif name == "dither":
        badge(art, (226, 222, 210))
        art.paint(glyph("?", c, c + 0.4, 14), (30, 26, 20), line=0, shade=0)
    elif name == "stunned":
        badge(art, (70, 52, 120))
        for i in range(3):
            a = math.radians(-90 + 120 * i + 15)
            art.paint([star(c + 5.2 * math.cos(a), c + 5.2 * math.sin(a), 3.8, 5, 0.45, rot=20 * i)],
                      (255, 222, 80), line=0.6, shade=0.3)  # fmt: skip
        art.flat(stroke(arc(c, c, 5.2, 3.0, 0, 360, 30), 0.8), (255, 236, 170), 0.7)
    elif name == "flee":
        badge(art, (226, 222, 210))
        arrow = stroke([(c, c - 6.5), (c, c + 3)], 3.0)
        arrow.append([(c - 5.2, c + 1.5), (c, c + 7.5), (c + 5.2, c + 1.5)])
        art.paint(arrow, (30, 26, 20), line=0, shade=0)
        for dx in (-5.5, 5.5):
            art.flat(stroke([(c + dx, c - 6), (c + dx, c - 1)], 1.1), (30, 26, 20), 0.8)
    elif name == "reload":
        badge(art, (226, 214, 180))
        to = frame((c - 6.5, c + 6.5), 45)
        art.paint(stroke([to(0, 0), to(13, 0)], 1.8), WOOD, line=0.7, shade=0.3)
        art.paint([[to(12, -2.8), to(18, 0), to(12, 2.8)]], IRON, line=0.7, shade=0.3)
        art.paint([[to(-1.5, -2.6), to(3, 0), to(-1.5, 2.6)]], WHITE, line=0.6, shade=0.3)
        x = stroke([(c + 1, c + 1), (c + 7, c + 7)], 2.2) + stroke([(c + 7, c + 1), (c + 1, c + 7)], 2.2)
        art.paint(x, (196, 26, 30), line=0.7, shade=0)
    elif name == "charge":
        badge(art, (176, 34, 38))
        art.paint(stroke([(c, c + 10), (c, c - 1)], 2.6), WOOD, line=0.6, shade=0.4)
        art.paint([[(c - 3.8, c), (c, c - 9.5), (c + 3.8, c)]], SILVER, line=0.7, shade=0.6, gloss=0.5)
        art.paint([[(c + 1.3, c + 0.5), (c + 7.5, c + 2.0), (c + 5.5, c + 3.4), (c + 7.5, c + 5.2),
                    (c + 1.3, c + 4.5)]], WHITE, line=0.5, shade=0.4)  # a pennon # fmt: skip
    elif name == "holding":
        badge(art, (70, 122, 70))
        art.paint(stroke(arc(c, c - 0.5, 5.2, 6.2, 160, 380, 20), 2.2), LEATHER, line=0.6, shade=0.4)
        art.paint(stroke([(c - 4.8, c + 1.7), (c - 5.6, c + 8.5)], 2.0), LEATHER, line=0.6, shade=0.4)
        for dx in (-4.9, 4.9):
            art.paint(stroke(arc(c + dx, c + 2.5, 2.1, 2.1, 0, 360, 16), 1.2), STEEL, line=0.5, shade=0.4)
    elif name == "rank_captain":
        badge(art, (60, 40, 70))
        with art.zoomed(c, c, 1.45):
            rank_device(art, "captain", c, c + 0.6)
    elif name == "rank_squire":
        badge(art, (40, 56, 80))
        with art.zoomed(c, c, 1.45):
            rank_device(art, "squire", c, c + 0.4)
    else:
        raise ValueError(name)
    return art.image()


# --- output -------------------------------------------------------------------------------------


def build() -> Iterable[tuple[str, pygame.Surface]]:
    """Every token and marker, as (file stem, picture)."""
    for side in SIDES:
        for role in ROLES:
            yield f"{side}_{role}", foot_token(side, role)
        for steed in STEEDS:
            for role in ROLES:
                yield f"{side}_{steed}_{role}", mounted_token(side, steed, role)
            yield f"{side}_{steed}_riderless", mounted_token(side, steed, None)
    for name in MARKERS:
        yield f"marker_{name}", marker(name)
    for kind in VEHICLE_KINDS:
        for side in VEHICLE_SIDES:
            yield f"vehicle_{kind}_{side}", vehicle_token(kind, side)
        yield f"vehicle_{kind}_wreck", vehicle_token(kind, "none", wreck=True)


def main(argv: list[str] | None = None) -> None:
    """Write every PNG into the output folder."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="output folder (default the shipped tokens)")
    args = parser.parse_args(argv)
    pygame.init()
    args.out.mkdir(parents=True, exist_ok=True)
    count = 0
    for stem, surf in build():
        pygame.image.save(surf, str(args.out / f"{stem}.png"))
        count += 1
    print(f"wrote {count} images to {args.out}")


if __name__ == "__main__":
    main()
