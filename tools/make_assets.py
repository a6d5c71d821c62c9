"""Draw the terrain tileset (game/resources/assets/tiles/terrain.png) and its Tiled file (terrain.tsx).

Run: `.venv/bin/python tools/make_assets.py`. Everything is painted pixel by pixel from seeded,
tileable value noise, so reruns write byte-identical files. Light falls from the north-west.
"""

from __future__ import annotations

import math
import os
import random
import sys
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (the environment must be set first)

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the game package of this checkout, whatever else is installed

from game.resources import TILES_PNG, TILESET_TSX  # noqa: E402

PNG = TILES_PNG
TSX = TILESET_TSX
T = 32  # tile size in pixels
COLUMNS = 8
Color = tuple[float, float, float]
LIGHT = (-0.45, -0.55, 0.70)  # light direction (x, y, up), roughly normalised
_OFFSETS = [(ox, oy) for ox in (-T, 0, T) for oy in (-T, 0, T)]


def _hash(x: int, y: int, seed: int) -> float:
    """A deterministic pseudo-random number in [0, 1) for an integer lattice point."""
    h = (x * 374761393 + y * 668265263 + seed * 982451653) & 0xFFFFFFFF
    h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
    return ((h ^ (h >> 16)) & 0xFFFFFF) / 16777216.0


def noise(x: float, y: float, seed: int, px: int = 4, py: int | None = None) -> float:
    """Smooth value noise in [0, 1) that tiles every T pixels (px by py lattice cells)."""
    py = px if py is None else py
    fx, fy = x * px / T, y * py / T
    x0, y0 = math.floor(fx), math.floor(fy)
    tx, ty = fx - x0, fy - y0
    sx, sy = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
    a, b, c, d = (_hash((x0 + i) % px, (y0 + j) % py, seed) for j in (0, 1) for i in (0, 1))
    return (a + (b - a) * sx) * (1 - sy) + (c + (d - c) * sx) * sy


def fbm(x: float, y: float, seed: int) -> float:
    """Three octaves of tileable noise, in [0, 1)."""
    octaves = ((0.5, 4), (0.3, 8), (0.2, 16))
    return sum(w * noise(x, y, seed + i, p) for i, (w, p) in enumerate(octaves))


def inner(x: int, y: int) -> float:
    """0 along the tile border, rising to 1 inside; used so variants agree along their edges."""
    d = min(x, y, T - 1 - x, T - 1 - y)
    return max(0.0, min(1.0, (d - 1) / 7))


def vfbm(x: int, y: int, seed: int) -> float:
    """fbm that varies with `seed` inside the tile but matches its family (seed // 10) at edges."""
    m, shared = inner(x, y), fbm(x, y, seed - seed % 10)
    return shared if m == 0 else shared + (fbm(x, y, seed) - shared) * m


def vnoise(x: int, y: int, seed: int, px: int, py: int | None = None) -> float:
    """`noise` blended to the family's shared pattern at the tile border (see vfbm)."""
    m, shared = inner(x, y), noise(x, y, seed - seed % 10, px, py)
    return shared if m == 0 else shared + (noise(x, y, seed, px, py) - shared) * m


def mix(c1: Color, c2: Color, t: float) -> Color:
    """Linear blend of two colours."""
    return (c1[0] + (c2[0] - c1[0]) * t, c1[1] + (c2[1] - c1[1]) * t, c1[2] + (c2[2] - c1[2]) * t)


def scale(c: Color, k: float) -> Color:
    """A colour made brighter (k > 1) or darker (k < 1)."""
    return (c[0] * k, c[1] * k, c[2] * k)


Point = tuple[float, float]
Spot = tuple[float, float, float, bool]  # centre x, centre y, radius, wrap around the tile


def _disc(cx: float, cy: float, r: float, wrap: bool) -> Iterator[tuple[int, int, float, float]]:
    """Pixels near a circle (and its wrapped copies), with the centre each belongs to."""
    for ox, oy in _OFFSETS if wrap else ((0, 0),):
        sx, sy = cx + ox, cy + oy
        for y in range(max(0, int(sy - r - 1)), min(T, int(sy + r + 2))):
            for x in range(max(0, int(sx - r - 1)), min(T, int(sx + r + 2))):
                yield x, y, sx, sy


class Canvas:
    """One tile's pixels as float RGB, with blending helpers."""

    def __init__(self, fn: Callable[[int, int], Color]) -> None:
        self.px: list[Color] = [fn(x, y) for y in range(T) for x in range(T)]

    def blend(self, x: int, y: int, color: Color, alpha: float, wrap: bool = False) -> None:
        """Blend a colour over one pixel (clipped, or wrapped around the tile)."""
        if wrap:
            x, y = x % T, y % T
        elif not (0 <= x < T and 0 <= y < T):
            return
        if alpha > 0:
            i = y * T + x
            self.px[i] = mix(self.px[i], color, min(alpha, 1.0))

    def shadow(self, cx: float, cy: float, r: float, alpha: float, wrap: bool = False) -> None:
        """A soft round shadow (drawn wrapped around the tile if `wrap`)."""
        for x, y, sx, sy in _disc(cx, cy, r, wrap):
            cover = r + 0.5 - math.hypot(x + 0.5 - sx, y + 0.5 - sy)
            self.blend(x, y, (20, 24, 16), alpha * max(0.0, min(1.0, cover / 2)))

    def ball(self, spot: Spot, base: Color, seed: int, rough: float, facets: int = 0) -> None:
        """A shaded dome (canopy, bush, stone); `facets` quantises the light, for rock."""
        cx, cy, r, wrap = spot
        for x, y, sx, sy in _disc(cx, cy, r, wrap):
            dx, dy = (x + 0.5 - sx) / r, (y + 0.5 - sy) / r
            d = math.hypot(dx, dy) / (1 + 0.22 * (noise(x, y, seed, 8) - 0.5) * (1 + facets))
            cover = (1 - d) * r + 0.5
            if cover > 0:
                nz = math.sqrt(max(0.0, 1 - min(d, 1.0) ** 2))
                light = max(0.0, dx * LIGHT[0] + dy * LIGHT[1] + nz * LIGHT[2])
                if facets:
                    light = round(light * facets) / facets
                k = 0.5 + 0.7 * light + rough * (noise(x, y, seed + 7, 16) - 0.5) * 2
                edge = 0.75 if cover < 1.5 else 1.0  # a darker rim reads as an outline
                self.blend(x, y, scale(base, k * edge), min(1.0, cover))

    def domes(self, spots: list[Spot], tones: list[Color], seed: int, rough: float,
              shade: tuple[float, float, float], facets: int = 0) -> None:  # fmt: skip
        """Shadows (offset dx, dy, alpha), then domes; the southern ones are drawn in front."""
        for cx, cy, r, wrap in spots:
            self.shadow(cx + shade[0], cy + shade[1], r, shade[2], wrap)
        for i, spot in enumerate(sorted(spots, key=lambda sp: sp[1])):
            self.ball(spot, tones[i % len(tones)], seed + 31 * i, rough, facets)

    def stroke(self, a: Point, b: Point, color: Color, alpha: float, wrap: bool = False) -> None:
        """A one-pixel line from a to b."""
        steps = max(1, int(max(abs(b[0] - a[0]), abs(b[1] - a[1])) * 2))
        pixels = {
            (round(a[0] + (b[0] - a[0]) * i / steps), round(a[1] + (b[1] - a[1]) * i / steps))
            for i in range(steps + 1)
        }
        for x, y in sorted(pixels):
            self.blend(x, y, color, alpha, wrap)

    def surface(self) -> pygame.Surface:
        """The tile as a pygame Surface."""
        surf = pygame.Surface((T, T))
        for i, (r, g, b) in enumerate(self.px):
            surf.set_at((i % T, i // T), [max(0, min(255, round(v))) for v in (r, g, b)])
        return surf


# --- painters: each returns a Canvas for one tile --------------------------------------------

GRASS = (84, 122, 56)
GRASS_LIGHT = (110, 142, 64)
DIRT = (152, 122, 84)
WATER = (44, 82, 116)
K = 1000  # seed offset for a second noise channel (keeps the family seed // 10 intact)


def grass(seed: int, flowers: bool = False, dry: float = 0.0) -> Canvas:
    """Meadow grass: mottled greens with short blades, optionally wildflowers."""

    def px(x: int, y: int) -> Color:
        green = mix(GRASS, GRASS_LIGHT, vnoise(x, y, seed + K, 4))
        return scale(
            mix(green, (128, 132, 70), dry * vfbm(x, y, seed + 2 * K)),
            0.86 + 0.28 * vfbm(x, y, seed),
        )

    c = Canvas(px)
    rng = random.Random(seed)
    for _ in range(46):
        x, y, n = rng.randrange(T), rng.randrange(T), rng.choice((2, 2, 3))
        tone = (56, 90, 38) if rng.random() < 0.6 else (138, 166, 82)
        c.stroke((x, y), (x + rng.choice((-1, 0, 0, 1)), y - n), tone, 0.45, wrap=True)
    for _ in range(9 if flowers else 0):
        x, y = rng.randrange(2, T - 2), rng.randrange(2, T - 2)
        c.blend(x, y, rng.choice(((236, 232, 214), (232, 204, 70), (206, 132, 168))), 0.95)
        c.blend(x, y + 1, (52, 80, 36), 0.5)
    return c


def road(seed: int, axis: str) -> Canvas:
    """A rutted dirt road; `axis` 'ew', 'ns' or '' (a crossing, no ruts)."""
    c = Canvas(lambda x, y: scale(DIRT, 0.88 + 0.24 * vfbm(x, y, seed)))
    for x in range(T):
        for y in range(T):
            u, v = (x, y) if axis != "ns" else (y, x)  # v runs across the road
            for rut in (9, 22) if axis else ():
                off = v - rut - 1.2 * (noise(u, 0, 7, 4) - 0.5)
                if abs(off) < 1.1:
                    c.blend(x, y, (96, 72, 48), 0.5 * min(1.0, 1.6 - abs(off)))
                elif 1.1 <= off < 2.3:
                    c.blend(x, y, (188, 158, 116), 0.3)
    rng = random.Random(seed)
    for _ in range(14):
        x, y = rng.randrange(T), rng.randrange(T)
        c.blend(x, y, rng.choice(((186, 176, 160), (110, 90, 66))), 0.7)
    return c


def bridge(seed: int, axis: str) -> Canvas:
    """Timber bridge deck: planks laid across the line of travel, nailed to the beams."""

    def px(x: int, y: int) -> Color:
        u, v = (x, y) if axis == "ew" else (y, x)  # u runs along the road
        k = 0.82 + 0.3 * _hash(u // 4, 0, seed) + 0.12 * (noise(v, u, seed, 2, 16) - 0.5)
        if u % 4 == 3:
            k *= 0.55  # the gap between planks
        if v in (2, 29) and u % 4 == 1:
            k *= 0.6  # nail heads over the beams
        return scale((128, 90, 56), k)

    return Canvas(px)


def woods(seed: int) -> Canvas:
    """Woodland from above: canopies shared along the edges (so tiles join), others inside."""
    c = Canvas(lambda x, y: scale((50, 64, 36), 0.8 + 0.35 * vfbm(x, y, seed)))
    hues = ((60, 102, 46), (74, 112, 46), (52, 90, 56), (88, 116, 50))
    edge: list[Spot] = [(0, 0, 8, True), (16, 0.5, 6.5, True), (0.5, 16, 6.5, True)]
    rng = random.Random(seed)
    own = [(rng.uniform(9, 20), rng.uniform(9, 19), rng.uniform(5.5, 7), False) for _ in range(3)]
    c.domes(edge, hues, 300, 0.22, (2.5, 3, 0.55))  # the same in every variant
    c.domes(own, [*hues[seed % 4 :], *hues[: seed % 4]], seed, 0.22, (2.5, 3, 0.55))
    return c


def marsh(seed: int) -> Canvas:
    """Boggy ground: pools of still water among mud and reed clumps."""

    def px(x: int, y: int) -> Color:
        n = 0.6 * vnoise(x, y, seed + K, 4) + 0.4 * vnoise(x, y, seed + 2 * K, 8)
        ground = scale((98, 108, 62), 0.85 + 0.3 * vfbm(x, y, seed))
        if n > 0.56:
            return scale((66, 94, 98), 0.9 + 0.25 * noise(x, y, 4, 16))
        return mix(ground, (80, 74, 50), 0.7) if n > 0.5 else ground

    c = Canvas(px)
    rng = random.Random(seed)
    for _ in range(6):
        bx, by = rng.uniform(4, 28), rng.uniform(10, 29)
        for _ in range(rng.randint(4, 6)):
            lean, h = rng.uniform(-2.5, 2.5), rng.uniform(4, 8)
            tone = rng.choice(((126, 132, 62), (92, 108, 44), (150, 140, 78)))
            c.stroke((bx, by), (bx + lean, by - h), tone, 0.9)
            if rng.random() < 0.35:
                for dy in (0, 1):
                    c.blend(round(bx + lean), round(by - h + dy), (100, 64, 36), 1.0)
    return c


def plough(seed: int, axis: str) -> Canvas:
    """Ploughed field: regular furrows of turned brown earth."""

    def px(x: int, y: int) -> Color:
        u, v = (x, y) if axis == "ew" else (y, x)  # furrows run along u
        ridge = math.sin(2 * math.pi * (v / 4 + 0.15 * math.sin(2 * math.pi * u / T)))
        return scale((124, 92, 60), 0.92 + 0.16 * ridge + 0.2 * (fbm(x, y, seed) - 0.5))

    c = Canvas(px)
    rng = random.Random(seed)
    for _ in range(18):
        c.blend(rng.randrange(T), rng.randrange(T), (84, 62, 40), 0.7)
    return c


def scrub(seed: int) -> Canvas:
    """Rough ground: dry grass, bare patches and low bushes."""
    c = grass(seed, dry=0.7)
    for i, p in enumerate(c.px):
        if vnoise(i % T, i // T, seed + 3 * K, 4) > 0.66:
            c.px[i] = mix(p, (138, 116, 80), 0.55)
    rng = random.Random(seed + 1)
    for _ in range(3):
        bx, by = rng.uniform(9, 22), rng.uniform(9, 21)
        blobs = [(bx + rng.uniform(-3, 3), by + rng.uniform(-3, 3), rng.uniform(2.5, 4), False)
                 for _ in range(rng.randint(3, 5))]  # fmt: skip
        tone = rng.choice(((70, 94, 44), (84, 100, 42), (62, 84, 50)))
        c.domes(blobs, [tone], seed + 7 * len(blobs), 0.25, (1.5, 2, 0.5))
    return c


def river(seed: int, deep: float = 1.0) -> Canvas:
    """Flowing water: dark blue with streaks of reflected light."""

    def px(x: int, y: int) -> Color:
        streak = vnoise(x, y, seed, 2, 8)
        col = scale(WATER, (0.85 + 0.3 * vfbm(x, y, seed + K)) / (1 + (deep - 1) * inner(x, y)))
        return mix(col, (150, 186, 204), max(0.0, streak - 0.62) * 1.4)

    c = Canvas(px)
    rng = random.Random(seed)
    for _ in range(5):
        x, y = rng.randrange(3, T - 6), rng.randrange(3, T - 3)
        c.stroke((x, y), (x + rng.randint(2, 4), y), (210, 230, 240), 0.45)
    return c


def ford(seed: int) -> Canvas:
    """Shallow water over a gravel bed, with stepping stones."""

    def px(x: int, y: int) -> Color:
        bed = mix((84, 128, 140), (156, 146, 108), 0.35 * vfbm(x, y, seed))
        return mix(bed, (170, 200, 210), max(0.0, vnoise(x, y, seed + K, 2, 8) - 0.6))

    c = Canvas(px)
    rng = random.Random(seed)
    stones = [(rng.uniform(5, 26), rng.uniform(5, 26), rng.uniform(1.8, 3.2), False)
              for _ in range(8)]  # fmt: skip
    c.domes(stones, [(150, 146, 136), (128, 124, 116), (168, 160, 144)], seed, 0.1, (1.5, 1.5, 0.4))
    return c


def rock(seed: int) -> Canvas:
    """Impassable crags: heaped, faceted boulders over scree, with dark cracks."""
    c = Canvas(lambda x, y: scale((92, 90, 86), 0.75 + 0.4 * vfbm(x, y, seed)))
    greys = [(140, 136, 128), (124, 122, 120), (150, 142, 128)]
    edge: list[Spot] = [(0, 0, 9, True), (16, 0, 6, True), (0, 17, 6.5, True)]
    rng = random.Random(seed)
    own = [(rng.uniform(11, 18), rng.uniform(11, 17), rng.uniform(6.5, 8.5), False) for _ in "ab"]
    c.domes(edge, greys, 900, 0.08, (2.5, 3, 0.7), facets=3)  # the same in every variant
    c.domes(own, greys[1:], seed, 0.08, (2.5, 3, 0.7), facets=3)
    for cx, cy, r, _wrap in own:
        ang = rng.uniform(0, math.pi)
        tip = (cx + 0.7 * r * math.cos(ang), cy + 0.7 * r * math.sin(ang))
        c.stroke((cx, cy), tip, (46, 44, 42), 0.8)
    return c


def roof(seed: int, slate: bool, south: bool) -> Canvas:
    """One slope of a roof, thatch or slate; the ridge lies on the seam between N and S tiles."""
    tone = (98, 102, 114) if slate else (196, 160, 94)

    def px(x: int, y: int) -> Color:
        if slate:
            shift = 3 if (y // 5) % 2 else 0
            k = 0.88 + 0.2 * _hash((x + shift) // 7, y // 5, seed)
            if y % 5 == 4 or (x + shift) % 7 == 6:
                k *= 0.62
        else:  # straw runs down the slope; courses overlap in scallops
            k = 0.8 + 0.22 * noise(x, y, seed, 16, 4) + 0.16 * (_hash(x, y // 2, seed) - 0.5)
            course = (y + round(1.2 * math.sin(2 * math.pi * x / 8))) % 6
            k *= 0.78 if course == 5 else (1.06 if course == 0 else 1.0)
        ridge, eave = (y, T - 1 - y) if south else (T - 1 - y, y)
        if ridge < 3:
            k = (0.72 if slate else 0.7) + (0.22 if ridge == 1 else 0)
        if eave < 2:
            k *= 0.5 + 0.25 * eave
        return scale(tone, k * (0.78 if south else 1.05))

    return Canvas(px)


# (variant name, terrain kind, painter); the tile id is the position in this list.
# fmt: off
TILES: list[tuple[str, str, Callable[[], Canvas]]] = [
    ("grass-1", "open", partial(grass, 11)), ("grass-2", "open", partial(grass, 12)),
    ("grass-3", "open", partial(grass, 13)), ("grass-flowers", "open", partial(grass, 14, True)),
    ("road-ew", "road", partial(road, 21, "ew")), ("road-ns", "road", partial(road, 22, "ns")),
    ("road-plain", "road", partial(road, 23, "")), ("bridge-ew", "road", partial(bridge, 24, "ew")),
    ("bridge-ns", "road", partial(bridge, 25, "ns")),
    *[(f"woods-{i}", "woods", partial(woods, 30 + i)) for i in (1, 2, 3, 4)],
    *[(f"marsh-{i}", "marsh", partial(marsh, 40 + i)) for i in (1, 2, 3)],
    ("plough-ew", "ploughland", partial(plough, 51, "ew")),
    ("plough-ns", "ploughland", partial(plough, 52, "ns")),
    *[(f"scrub-{i}", "scrub", partial(scrub, 60 + i)) for i in (1, 2, 3)],
    ("river-1", "river", partial(river, 71)), ("river-2", "river", partial(river, 72)),
    ("river-3", "river", partial(river, 73, 1.15)),
    ("ford-1", "ford", partial(ford, 81)), ("ford-2", "ford", partial(ford, 82)),
    ("rock-1", "impassable", partial(rock, 91)), ("rock-2", "impassable", partial(rock, 92)),
    ("thatch-n", "building", partial(roof, 101, False, False)),
    ("thatch-s", "building", partial(roof, 101, False, True)),
    ("slate-n", "building", partial(roof, 102, True, False)),
    ("slate-s", "building", partial(roof, 102, True, True)),
]
# fmt: on


TILE_XML = """ <tile id="{i}">
  <properties>
   <property name="terrain" value="{kind}"/>
   <property name="variant" value="{name}"/>
  </properties>
 </tile>
"""


def build_sheet() -> pygame.Surface:
    """Paint every tile into one tileset image, row by row."""
    rows = math.ceil(len(TILES) / COLUMNS)
    sheet = pygame.Surface((COLUMNS * T, rows * T))
    for i, (_name, _kind, paint) in enumerate(TILES):
        sheet.blit(paint().surface(), ((i % COLUMNS) * T, (i // COLUMNS) * T))
    return sheet


def tsx_text(image_w: int, image_h: int) -> str:
    """The Tiled 1.10 tileset file, with each tile's terrain and variant properties."""
    rel = os.path.relpath(PNG, TSX.parent).replace(os.sep, "/")
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.10" tiledversion="1.10.2" '
        f'name="terrain" tilewidth="{T}" tileheight="{T}" tilecount="{len(TILES)}" '
        f'columns="{COLUMNS}">\n <image source={quoteattr(rel)} width="{image_w}" '
        f'height="{image_h}"/>\n'
    )
    tiles = "".join(TILE_XML.format(i=i, kind=kind, name=name) for i, (name, kind, _) in enumerate(TILES))
    return head + tiles + "</tileset>\n"


def main() -> None:
    """Write the tileset image and the .tsx file."""
    sheet = build_sheet()
    PNG.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(PNG))
    TSX.write_text(tsx_text(sheet.get_width(), sheet.get_height()), encoding="utf-8")
    print(f"wrote {PNG.relative_to(ROOT)} ({len(TILES)} tiles) and {TSX.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
