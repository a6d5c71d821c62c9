"""Carts and wagons on the table (§10): the vehicle at its pose, its crew on the bed, damage and fire.

The pictures are painted by `tools/make_tokens.py` (assets/tokens/vehicle_{kind}_{side}.png, and
vehicle_{kind}_wreck.png for a disabled one), facing north at 64 px per inch; here they are
stretched to the profile's footprint and turned to the heading (cached per zoom and degree).
Without the pictures a plain cart is drawn with pygame primitives. The crew are small foot
tokens on their seats (game.ui.vehicle_layout), drawn with the vehicle; a model aboard is never
drawn as a base of its own, and clicking his token on the bed picks him.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from pathlib import Path

import pygame

from game.content.models import VehicleProfile
from game.resources import TOKENS_DIR
from game.rules.engine import Table
from game.rules.state import GameState, Model, Vehicle
from game.ui import theme
from game.ui import vehicle_layout as vl
from game.ui.battle.cache import rendered
from game.ui.battle.camera import Camera
from game.ui.battle.tokens import INK, TokenArt

ASSETS = TOKENS_DIR
NEUTRAL: theme.Colour = (196, 186, 160)  # an abandoned vehicle's edge
KEEP_TURNED = 96  # turned pictures kept (a few vehicles, a few zooms, an animation's headings)
Pose = tuple[float, float, float]  # x, y, heading
FLAME = ((255, 236, 140), (255, 170, 40), (220, 70, 20))
WOOD = (120, 84, 50)


def side_colour(side: str) -> theme.Colour:
    """The edge colour of a vehicle of a side ("none": neutral)."""
    return theme.SIDE.get(side, NEUTRAL)


def vehicle_stem(v: Vehicle, prof: VehicleProfile, intact: bool = False) -> str:
    """The picture's file stem for a vehicle as it stands (`intact`: drawn whole even if disabled)."""
    if v.disabled and not intact:
        return f"vehicle_{prof.kind}_wreck"
    side = v.side if v.side in theme.SIDE else "none"
    return f"vehicle_{prof.kind}_{side}"


class VehicleArt:
    """Vehicle pictures from disk (or painted plainly), scaled and turned, and crew tokens."""

    def __init__(self, tokens: TokenArt, root: Path = ASSETS) -> None:
        self.tokens = tokens
        self.root = root
        self._sources: dict[str, pygame.Surface | None] = {}
        self._scaled: OrderedDict[tuple[str, int, int], pygame.Surface] = OrderedDict()
        self._turned: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()

    def source(self, stem: str) -> pygame.Surface | None:
        """The picture as painted (north up, 64 px per inch), or None if it is not on disk."""
        if stem not in self._sources:
            path = self.root / f"{stem}.png"
            image: pygame.Surface | None = None
            if path.is_file():
                try:
                    image = pygame.image.load(str(path))
                    if pygame.display.get_surface() is not None:
                        image = image.convert_alpha()
                except pygame.error:
                    image = None
            self._sources[stem] = image
        return self._sources[stem]

    def upright(self, v: Vehicle, prof: VehicleProfile, px: float, intact: bool = False) -> pygame.Surface:
        """The vehicle facing north, its footprint `width` x `length` inches at px per inch."""
        stem = vehicle_stem(v, prof, intact)
        size = (max(2, round(prof.width * px)), max(2, round(prof.length * px)))
        key = (stem, *size)
        image = self._scaled.get(key)
        if image is None:
            src = self.source(stem)
            if src is None:
                image = paint_plain(v, prof, size, v.disabled and not intact)
            elif src.get_size() == size:
                image = src.copy()
            else:
                image = pygame.transform.smoothscale(src, size)
            self._scaled[key] = image
            while len(self._scaled) > KEEP_TURNED:
                self._scaled.popitem(last=False)
        return image

    def picture(self, v: Vehicle, prof: VehicleProfile, px: float, heading: float,
                intact: bool = False) -> pygame.Surface:
        """The vehicle turned to a heading (to the nearest degree); blit it centred on the vehicle."""
        step = round(heading) % 360
        key = (vehicle_stem(v, prof, intact), round(prof.width * px), round(prof.length * px), step)
        image = self._turned.get(key)
        if image is None:
            up = self.upright(v, prof, px, intact)
            image = up if step == 0 else pygame.transform.rotozoom(up, -step, 1.0)
            self._turned[key] = image
            while len(self._turned) > KEEP_TURNED:
                self._turned.popitem(last=False)
        else:
            self._turned.move_to_end(key)
        return image

    def crew_token(self, m: Model, table: Table, px: int, heading: float) -> pygame.Surface:
        """A crewman's small token, turned to face the vehicle's heading (15 degree steps)."""
        step = round(heading / 15) % 24
        key = ("crew", m.side, m.profile, px, step)
        image = self._turned.get(key)
        if image is None:
            base = self.tokens.sprite(m, table, px)
            if base is None:
                base = pygame.Surface((px + 2, px + 2), pygame.SRCALPHA)
                c = (px // 2 + 1, px // 2 + 1)
                pygame.draw.circle(base, INK, c, px // 2 + 1)
                pygame.draw.circle(base, theme.SIDE.get(m.side, NEUTRAL), c, px // 2 - 1)
            image = base if step == 0 else pygame.transform.rotozoom(base, -step * 15, 1.0)
            self._turned[key] = image
            while len(self._turned) > KEEP_TURNED:
                self._turned.popitem(last=False)
        return image


def paint_plain(v: Vehicle, prof: VehicleProfile, size: tuple[int, int], wreck: bool) -> pygame.Surface:
    """A plain cart facing north when its picture is missing: team, shafts, wheels and bed."""
    w, h = size
    k = h / prof.length  # px per inch
    lay = vl.layout(prof.kind)
    image = pygame.Surface(size, pygame.SRCALPHA)
    team_h = lay.team * h
    body = pygame.Rect(round(0.06 * w), round(team_h), round(0.88 * w), h - round(team_h) - 1)
    for sx in (0.3, 0.7):
        x = round(sx * w)
        pygame.draw.line(image, (70, 50, 30), (x, round(team_h * 0.3)), (x, body.top), 2)
    if not wreck:
        n = lay.abreast
        for rank in range(lay.pairs):
            for i in range(n):
                cx = (i + 0.5) * w / n
                cy = (rank + 0.5) * team_h / lay.pairs
                rect = pygame.Rect(0, 0, max(3, round(0.5 * k)), max(4, round(team_h / lay.pairs * 0.9)))
                rect.center = (round(cx), round(cy))
                pygame.draw.ellipse(image, INK, rect.inflate(2, 2))
                pygame.draw.ellipse(image, (132, 96, 62), rect)
    for wy in ((body.top + body.height * 0.25, body.top + body.height * 0.75) if lay.wheels == 4
               else (body.top + body.height * 0.55,)):
        for wx in (0, w - max(2, round(0.12 * k))):
            tyre = (wx, round(wy - 0.3 * k), max(2, round(0.12 * k)), round(0.6 * k))
            pygame.draw.rect(image, (40, 30, 22), tyre)
    wood = (90, 70, 56) if wreck else WOOD
    pygame.draw.rect(image, INK, body.inflate(2, 2), border_radius=3)
    pygame.draw.rect(image, wood, body, border_radius=3)
    for i in range(1, 5):
        y = body.top + body.height * i // 5
        pygame.draw.line(image, (92, 62, 36), (body.left + 2, y), (body.right - 3, y), 1)
    cloth = side_colour(v.side) if not wreck else (70, 66, 60)
    inner = body.inflate(-body.width // 3, -body.height // 3)
    pygame.draw.rect(image, cloth, inner, border_radius=2)
    return image


# --- where things are -----------------------------------------------------------------------------


def profile(table: Table, v: Vehicle) -> VehicleProfile:
    """A vehicle's profile."""
    return table.content.vehicles[v.profile]


def seat_spots(table: Table, v: Vehicle) -> dict[str, vl.Point]:
    """Each seat's spot on the bed, in the vehicle's local inches."""
    prof = profile(table, v)
    return vl.seat_spots(prof.kind, prof.length, prof.width, [(s.name, s.role) for s in prof.seats])


def crew_spots(table: Table, state: GameState, v: Vehicle,
               pose: Pose | None = None) -> list[tuple[Model, vl.Point]]:
    """The models aboard and where their tokens stand on the table (inches)."""
    x, y, heading = pose or (v.x, v.y, v.heading)
    spots = seat_spots(table, v)
    out = []
    spare = 0
    for m in state.aboard(v.id):
        local = spots.get(m.seat)
        if local is None:  # a seat the layout does not know: down the middle of the bed
            front, rear, _ = vl.bed(profile(table, v).kind, profile(table, v).length, profile(table, v).width)
            local = (front - 0.4 - spare * vl.CREW_INCHES, 0.0)
            spare += 1
        out.append((m, vl.to_world(x, y, heading, *local)))
    return out


def vehicle_at(table: Table, state: GameState, x: float, y: float, poses: dict[str, Pose] | None = None,
               margin: float = 0.0) -> Vehicle | None:
    """The vehicle whose footprint covers a point, if any: where footprints overlap, the one whose
    centre is nearest the point."""
    best: tuple[float, Vehicle] | None = None
    for v in state.vehicles:
        if v.removed:
            continue
        prof = profile(table, v)
        vx, vy, heading = (poses or {}).get(v.id) or (v.x, v.y, v.heading)
        d = math.hypot(vx - x, vy - y)
        inside = vl.inside(vx, vy, heading, prof.length, prof.width, x, y, margin)
        if inside and (best is None or d < best[0]):
            best = (d, v)
    return best[1] if best else None


def crew_at(table: Table, state: GameState, x: float, y: float,
            poses: dict[str, Pose] | None = None) -> Model | None:
    """The crewman whose token on a bed covers a point, if any."""
    reach = vl.CREW_INCHES / 2 + 0.05
    best: tuple[float, Model] | None = None
    for v in state.vehicles:
        if v.removed:
            continue
        for m, (mx, my) in crew_spots(table, state, v, (poses or {}).get(v.id)):
            d = math.hypot(mx - x, my - y)
            if d <= reach and (best is None or d < best[0]):
                best = (d, m)
    return best[1] if best else None


# --- drawing ----------------------------------------------------------------------------------------


def draw_vehicles(surface: pygame.Surface, cam: Camera, state: GameState, table: Table, art: VehicleArt,
                  font: pygame.font.Font, selected: str = "", poses: dict[str, Pose] | None = None,
                  now: float = 0.0, intact: set[str] | None = None) -> None:
    """Every vehicle on the table with its crew, edge, fire, health bar and a DISABLED tag.

    `selected` is a vehicle or model id (the vehicle of a selected crewman is edged white), `poses`
    overrides where vehicles stand (while an animation plays), `now` (seconds) flickers the fire,
    `intact` lists disabled vehicles still drawn whole (the blow that wrecks them is yet to land)."""
    px = cam.px_per_inch
    view = cam.viewport.inflate(round(px * 8), round(px * 8))
    active = state.find(state.active_model) if state.active_model else None
    for v in state.vehicles:
        if v.removed:
            continue
        prof = profile(table, v)
        x, y, heading = (poses or {}).get(v.id) or (v.x, v.y, v.heading)
        centre = cam.to_screen(x, y)
        if not view.collidepoint(centre):
            continue
        image = art.picture(v, prof, px, heading, intact is not None and v.id in intact)
        surface.blit(image, image.get_rect(center=centre))
        pts = [cam.to_screen(*p) for p in vl.corners(x, y, heading, prof.length, prof.width)]
        crew = crew_spots(table, state, v, (x, y, heading))
        driving = active is not None and active.aboard == v.id
        picked = selected == v.id or any(m.id == selected for m, _ in crew)
        edge = theme.GOLD if driving else (255, 255, 255) if picked else side_colour(v.side)
        pygame.draw.lines(surface, INK, True, pts, 4 if driving or picked else 3)
        pygame.draw.lines(surface, edge, True, pts, 2 if driving or picked else 1)
        _draw_crew(surface, cam, state, table, art, crew, heading, selected)
        for loc in v.burning:
            draw_fire(surface, cam, table, v, (x, y, heading), loc, now)
        _draw_health(surface, cam, v, prof, pts, font)


def _draw_crew(surface: pygame.Surface, cam: Camera, state: GameState, table: Table, art: VehicleArt,
               crew: list[tuple[Model, vl.Point]], heading: float, selected: str) -> None:
    size = max(6, round(vl.CREW_INCHES * cam.px_per_inch))
    for m, (mx, my) in crew:
        at = cam.to_screen(mx, my)
        token = art.crew_token(m, table, size, heading)
        surface.blit(token, token.get_rect(center=at))
        ring = size // 2 + 2
        if m.id == state.active_model:
            pygame.draw.circle(surface, INK, at, ring + 1, 4)
            pygame.draw.circle(surface, theme.GOLD, at, ring, 2)
        elif m.id == selected:
            pygame.draw.circle(surface, (255, 255, 255), at, ring, 2)
        elif m.activated:
            veil = art.tokens.veil(size)
            surface.blit(veil, veil.get_rect(center=at))


def _draw_health(surface: pygame.Surface, cam: Camera, v: Vehicle, prof: VehicleProfile,
                 pts: list[tuple[int, int]], font: pygame.font.Font) -> None:
    """A Health bar under the footprint, marked at the Operational Level; DISABLED on a wreck."""
    left = min(p[0] for p in pts)
    right = max(p[0] for p in pts)
    bottom = max(p[1] for p in pts)
    width = max(36, min(round(cam.px_per_inch * 2.2), right - left))
    bar = pygame.Rect(0, 0, width, max(5, round(cam.px_per_inch * 0.16)))
    bar.midtop = ((left + right) // 2, bottom + 4)
    share = max(0.0, min(1.0, v.health / prof.toughness))
    colour = health_colour(v, prof)
    pygame.draw.rect(surface, INK, bar.inflate(4, 4), border_radius=3)
    pygame.draw.rect(surface, (70, 24, 20), bar, border_radius=2)
    if share > 0:
        pygame.draw.rect(surface, colour, (bar.left, bar.top, max(1, round(bar.width * share)), bar.height),
                         border_radius=2)
    mark = bar.left + round(bar.width * prof.operational_level / prof.toughness)
    pygame.draw.line(surface, (250, 246, 232), (mark, bar.top - 3), (mark, bar.bottom + 2), 2)
    if v.disabled:
        img = rendered(font, "DISABLED", (255, 120, 100))
        box = img.get_rect(midtop=(bar.centerx, bar.bottom + 4)).inflate(8, 2)
        pygame.draw.rect(surface, (24, 14, 12), box, border_radius=3)
        pygame.draw.rect(surface, (160, 50, 40), box, 1, border_radius=3)
        surface.blit(img, img.get_rect(center=box.center))


def health_colour(v: Vehicle, prof: VehicleProfile) -> theme.Colour:
    """Green while sound, amber within a few points of the Operational Level, red once disabled."""
    if v.disabled or v.health < prof.operational_level:
        return (210, 60, 40)
    if v.health < prof.operational_level + max(2, prof.toughness // 5):
        return (236, 170, 40)
    return (110, 200, 90)


FIRE_SPOTS = {"hull": ((0.2, -0.3), (0.5, 0.35)), "traction": ((0.92, -1.0), (0.12, 1.0)),
              "crew": ((0.9, 0.0),)}  # share of the bed from its rear (along), of its half width (across)


def fire_spots(table: Table, v: Vehicle, pose: Pose, location: str) -> list[vl.Point]:
    """Where the flames of a burning location are drawn, in table inches."""
    prof = profile(table, v)
    front, rear, half = vl.bed(prof.kind, prof.length, prof.width)
    out = []
    for a, c in FIRE_SPOTS.get(location, ((0.5, 0.0),)):
        along = rear + (front - rear) * a
        out.append(vl.to_world(*pose, along, c * half * 0.85))
    return out


def draw_fire(surface: pygame.Surface, cam: Camera, table: Table, v: Vehicle, pose: Pose, location: str,
              now: float) -> None:
    """Flickering flames and a wisp of smoke on a burning location."""
    px = cam.px_per_inch
    for i, (fx, fy) in enumerate(fire_spots(table, v, pose, location)):
        cx, cy = cam.to_screen(fx, fy)
        phase = now * 9.0 + i * 1.7 + len(location)
        size = px * 0.42
        smoke = pygame.Surface((round(size * 3), round(size * 3)), pygame.SRCALPHA)
        mid = round(size * 1.5)
        for puff in range(3):
            r = round(size * (0.45 + 0.18 * puff))
            off = round(size * (0.9 + 0.35 * puff + 0.1 * math.sin(phase * 0.3 + puff)))
            pygame.draw.circle(smoke, (52, 48, 46, 150 - 40 * puff), (mid + puff * 2, mid - off // 2), r)
        surface.blit(smoke, smoke.get_rect(center=(cx + round(size * 0.3), cy - round(size * 0.8))))
        for layer, colour in enumerate(reversed(FLAME)):
            k = 1.0 - 0.28 * layer
            flick = 1.0 + 0.18 * math.sin(phase + layer * 2.1)
            h = size * 1.25 * k * flick
            wdt = size * 0.55 * k
            tip = (cx + 0.15 * size * math.sin(phase * 1.3), cy - h)
            poly = [tip, (cx + wdt, cy - h * 0.25), (cx + wdt * 0.7, cy + wdt * 0.5), (cx, cy + wdt * 0.75),
                    (cx - wdt * 0.7, cy + wdt * 0.5), (cx - wdt, cy - h * 0.25)]
            if layer == 0:
                pygame.draw.polygon(surface, INK, poly, 0)
                pygame.draw.polygon(surface, colour, [(px_ * 0.92 + cx * 0.08, py_ * 0.92 + cy * 0.08)
                                                      for px_, py_ in poly])
            else:
                pygame.draw.polygon(surface, colour, poly)
