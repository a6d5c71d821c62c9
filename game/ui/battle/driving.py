"""Drive mode (§10): the driver's heading and speed set by mouse and wheel, and the engine's dry run.

While the active model sits in a driver's seat and has not driven yet, the table is in drive mode:
the mouse steers (the bearing from the vehicle's centre, snapped to 5 degrees of turn and held
within the greatest turn), the wheel or +/- sets the speed (within the greatest change and the
top speed), and a click or Enter submits the Drive. `game.rules.driving.predict_drive` runs the
same pymunk move the engine will run; it is asked again only when the heading or speed changes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.content.models import VehicleProfile
from game.rules import odds
from game.rules.commands import Drive
from game.rules.engine import Engine, Rejected, Table
from game.rules.explain import (
    Contact,
    DrivePreview,
    is_driver,
    predict_drive,
    profile_of,
    top_speed,
    turn_between,
)
from game.rules.state import GameState, Model, Side, Vehicle
from game.ui import theme
from game.ui import vehicle_layout as vl
from game.ui.battle.cache import rendered
from game.ui.battle.camera import Camera
from game.ui.battle.previews import Preview
from game.ui.battle.vehicles import VehicleArt

Point = tuple[float, float]
SNAP = 5.0  # degrees of turn
STEP = 1.0  # inches per turn for one wheel notch or key press
LEGAL = (120, 230, 120)
ILLEGAL = (240, 90, 70)
CONTACT = (255, 186, 60)


@dataclass
class Aim:
    """The heading and speed the player is setting for one driver."""

    driver: str
    vehicle: str
    base_heading: float  # the vehicle's heading and speed before this Drive
    base_speed: float
    heading: float
    speed: float


def fmt(x: float) -> str:
    """Inches for the player: 6", 4.5"."""
    return f'{round(x, 1):g}"'


def other_name(state: GameState, other: str) -> str:
    """A contact's other body in words: a model's name, "the ox-cart", "the Low wall"."""
    if other.startswith("static:"):
        parts = other.split(":")
        what = parts[-1] if len(parts) > 2 else parts[1]
        return "the table edge" if what == "table-edge" else f"the {what.replace('_', ' ')}"
    v = state.find_vehicle(other)
    if v is not None:
        return f"the {v.name}"
    m = state.find(other)
    return m.name if m is not None else other


class DriveControl:
    """The drive mode of the battle screen: the aim, its prediction (cached) and its command."""

    def __init__(self) -> None:
        self.aim: Aim | None = None
        self._key: tuple[object, ...] = ()
        self._result: DrivePreview | Rejected | None = None
        self._ghost_key: tuple[object, ...] = ()
        self._ghost: pygame.Surface | None = None
        self._swept_key: tuple[object, ...] = ()
        self._swept: tuple[pygame.Surface, Point, list[tuple[int, int]]] | None = None

    # --- the aim ----------------------------------------------------------------------------------
    def sync(self, engine: Engine, enabled: bool = True) -> Aim | None:
        """Start, keep or drop the aim as the active model is (or stops being) a driver free to drive."""
        state, table = engine.state, engine.table
        m = state.find(state.active_model) if state.active_model and enabled else None
        free = m is not None and state.pending is None and not state.over
        v = driven_vehicle(table, state, m) if m is not None and free else None
        if m is None or v is None:
            self.aim = None
            return None
        aim = self.aim
        if aim is None or aim.driver != m.id or aim.vehicle != v.id or aim.base_heading != v.heading \
                or aim.base_speed != v.speed:
            self.aim = aim = Aim(m.id, v.id, v.heading, v.speed, v.heading, v.speed)
            # a vehicle standing still can neither turn nor go anywhere at 0": offer to start it
            start = table.content.vehicle_rules.max_speed_change if v.speed <= 0 else v.speed
            self.speed_to(table, v, start)
        return aim

    def reset(self) -> None:
        """Back to the vehicle's own heading and speed."""
        if self.aim is not None:
            self.aim.heading, self.aim.speed = self.aim.base_heading, self.aim.base_speed

    def changed(self) -> bool:
        """True if the player has turned or changed the speed."""
        a = self.aim
        return a is not None and (a.heading != a.base_heading or a.speed != a.base_speed)

    def point_at(self, table: Table, state: GameState, world: Point) -> None:
        """Steer towards a point on the table (ignored inside the vehicle, where no bearing is clear)."""
        a = self.aim
        v = state.find_vehicle(a.vehicle) if a is not None else None
        if a is None or v is None:
            return
        prof = profile_of(table, v)
        dx, dy = world[0] - v.x, world[1] - v.y
        if math.hypot(dx, dy) < max(1.0, prof.length * 0.6):
            return
        bearing = math.degrees(math.atan2(dx, -dy)) % 360.0
        limit = table.content.vehicle_rules.max_turn
        t = max(-limit, min(limit, turn_between(a.base_heading, bearing)))
        t = max(-limit, min(limit, round(t / SNAP) * SNAP))
        a.heading = clean_heading(a.base_heading + t)

    def speed_range(self, table: Table, v: Vehicle) -> tuple[float, float]:
        """The slowest and fastest speed this Drive may set."""
        change = table.content.vehicle_rules.max_speed_change
        a = self.aim
        base = a.base_speed if a is not None else v.speed
        hi = min(top_speed(table, v), base + change)
        lo = max(0.0, base - change)
        return min(lo, hi), hi

    def speed_to(self, table: Table, v: Vehicle, speed: float) -> None:
        """Set the speed, held within the range."""
        if self.aim is None:
            return
        lo, hi = self.speed_range(table, v)
        self.aim.speed = max(lo, min(hi, speed))

    def step_speed(self, engine: Engine, steps: int) -> None:
        """Faster (positive) or slower by whole inches."""
        a = self.aim
        v = engine.state.find_vehicle(a.vehicle) if a is not None else None
        if a is None or v is None:
            return
        whole = math.floor(a.speed + 1e-9) if steps > 0 else math.ceil(a.speed - 1e-9)
        target = whole + steps * STEP
        self.speed_to(engine.table, v, float(target))

    def command(self, side: Side) -> Drive | None:
        """The Drive the aim stands for."""
        a = self.aim
        if a is None:
            return None
        return Drive(side=side, model=a.driver, heading=a.heading, speed=a.speed)

    # --- the dry run --------------------------------------------------------------------------------
    def prediction(self, engine: Engine) -> DrivePreview | Rejected | None:
        """The engine's dry run of the aimed Drive (run again only when the aim or the game changed)."""
        a = self.aim
        state = engine.state
        if a is None:
            return None
        key = (id(state), len(engine.log), a.driver, a.heading, a.speed)
        if key != self._key:
            cmd = self.command(state.acting_side or state.model(a.driver).side)
            assert cmd is not None
            self._result = predict_drive(engine.table, state, cmd)
            self._key = key
        return self._result

    def preview(self, engine: Engine) -> Preview | None:
        """The verdict and lines of the drive preview panel."""
        a = self.aim
        result = self.prediction(engine)
        if a is None or result is None:
            return None
        state, table = engine.state, engine.table
        v = state.vehicle(a.vehicle)
        return Preview(not isinstance(result, Rejected), drive_lines(table, state, v, a, result))

    # --- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, cam: Camera, engine: Engine, art: VehicleArt,
             font: pygame.font.Font) -> None:
        """Under the models: the greatest turn, the swept path and the ghost at the end."""
        a = self.aim
        result = self.prediction(engine)
        if a is None or result is None:
            return
        state, table = engine.state, engine.table
        v = state.vehicle(a.vehicle)
        prof = profile_of(table, v)
        legal = not isinstance(result, Rejected)
        colour = LEGAL if legal else ILLEGAL
        _draw_sector(surface, cam, table, v, a)
        if isinstance(result, DrivePreview):
            move = result.move
            poses = [(x, y, h) for (x, y), h in zip(move.path, move.headings, strict=False)]
            poses.append((move.end[0], move.end[1], move.end_heading))
            self._draw_swept(surface, cam, v, prof.length, prof.width, poses, colour)
            pts = [cam.to_screen(x, y) for x, y, _ in poses]
            if len(pts) > 1:
                pygame.draw.lines(surface, (12, 12, 10), False, pts, 4)
                pygame.draw.lines(surface, (250, 246, 230), False, pts, 2)
            self._draw_ghost(surface, cam, art, v, prof, (move.end[0], move.end[1], move.end_heading))

    def draw_marks(self, surface: pygame.Surface, cam: Camera, engine: Engine,
                   font: pygame.font.Font) -> None:
        """Over the models: the heading arrow and every predicted contact with its speed and dice."""
        a = self.aim
        result = self.prediction(engine)
        if a is None or result is None:
            return
        table = engine.table
        v = engine.state.vehicle(a.vehicle)
        _draw_arrow(surface, cam, font, table, v, a, LEGAL if not isinstance(result, Rejected) else ILLEGAL)
        if isinstance(result, DrivePreview):
            for c in result.move.contacts:
                draw_contact(surface, cam, font, c.point, contact_label(table, v, c.impact_speed))

    def _draw_swept(self, surface: pygame.Surface, cam: Camera, v: Vehicle, length: float, width: float,
                    poses: list[tuple[float, float, float]], colour: theme.Colour) -> None:
        """The area the footprint sweeps along the path: a translucent fill and its outline."""
        px = cam.px_per_inch
        key = (id(self._result), px, colour)
        if key != self._swept_key or self._swept is None:
            samples = sample_poses(poses, 0.25)
            corners = [vl.corners(x, y, h, length, width) for x, y, h in samples]
            xs = [p[0] for box in corners for p in box]
            ys = [p[1] for box in corners for p in box]
            x0, y0 = min(xs) - 0.2, min(ys) - 0.2
            size = (max(2, math.ceil((max(xs) - x0 + 0.2) * px)),
                    max(2, math.ceil((max(ys) - y0 + 0.2) * px)))
            layer = pygame.Surface(size, pygame.SRCALPHA)
            for box in corners:
                pygame.draw.polygon(layer, (*colour, 255), [((x - x0) * px, (y - y0) * px) for x, y in box])
            outline = pygame.mask.from_surface(layer).outline(2)
            layer.fill((255, 255, 255, 64), special_flags=pygame.BLEND_RGBA_MULT)
            self._swept = (layer, (x0, y0), outline)
            self._swept_key = key
        layer, (x0, y0), outline = self._swept
        at = cam.to_screen(x0, y0)
        surface.blit(layer, at)
        if len(outline) > 2:
            pts = [(x + at[0], y + at[1]) for x, y in outline]
            pygame.draw.lines(surface, (12, 12, 10), True, pts, 3)
            pygame.draw.lines(surface, colour, True, pts, 1)

    def _draw_ghost(self, surface: pygame.Surface, cam: Camera, art: VehicleArt, v: Vehicle,
                    prof: VehicleProfile, pose: tuple[float, float, float]) -> None:
        """The vehicle at the end of the predicted move, half seen."""
        key = (id(self._result), cam.px_per_inch, round(pose[2]))
        if key != self._ghost_key or self._ghost is None:
            image = art.picture(v, prof, cam.px_per_inch, pose[2]).copy()
            image.fill((255, 255, 255, 120), special_flags=pygame.BLEND_RGBA_MULT)
            self._ghost, self._ghost_key = image, key
        centre = cam.to_screen(pose[0], pose[1])
        surface.blit(self._ghost, self._ghost.get_rect(center=centre))
        corners = [cam.to_screen(*p) for p in vl.corners(*pose, prof.length, prof.width)]
        pygame.draw.lines(surface, (250, 246, 230), True, corners, 1)


def driven_vehicle(table: Table, state: GameState, m: Model) -> Vehicle | None:
    """The vehicle this model may drive now: he is its driver, has not moved, and it still runs."""
    if m.removed or not m.aboard or m.moved or not is_driver(table, state, m):
        return None
    v = state.find_vehicle(m.aboard)
    if v is None or v.removed or v.disabled:
        return None
    return v


def clean_heading(h: float) -> float:
    """A heading in [0, 360), rounded to a tenth of a degree."""
    h = round(h % 360.0, 1)
    return 0.0 if h >= 360.0 else h


def turn_words(turn: float) -> str:
    """A turn in words: "straight on", "turns 30° right"."""
    if abs(turn) < 0.05:
        return "straight on"
    return f"turns {abs(turn):g}° {'right' if turn > 0 else 'left'}"


def sample_poses(poses: list[tuple[float, float, float]], step: float) -> list[tuple[float, float, float]]:
    """Poses along a path at most `step` inches (or 10 degrees) apart."""
    out = [poses[0]]
    for (ax, ay, ah), (bx, by, bh) in zip(poses, poses[1:], strict=False):
        t = turn_between(ah, bh)
        n = max(1, math.ceil(max(math.hypot(bx - ax, by - ay) / step, abs(t) / 10.0)))
        for i in range(1, n + 1):
            f = i / n
            out.append((ax + (bx - ax) * f, ay + (by - ay) * f, (ah + t * f) % 360.0))
    return out


def contact_label(table: Table, v: Vehicle, impact: float) -> str:
    """What a contact marker says: the impact speed and the damage die."""
    band = table.content.ram_band(impact)
    return f"{impact:.1f}\" {profile_of(table, v).base_damage}×{band.die.label}"


def contact_line(table: Table, state: GameState, v: Vehicle, c: Contact) -> str:
    """One predicted contact in words, with the dice it would bring."""
    impact, other = c.impact_speed, c.other
    band = table.content.ram_band(impact)
    die = band.die.label
    prof = profile_of(table, v)
    name = other_name(state, other)
    speed = f"{impact:.1f}\""
    facing = c.facing_hit
    if c.static:
        armour = prof.armour.against(facing)
        return (f"Crashes into {name} at {speed} (doubled): the {v.name} takes {prof.base_damage}×{die}"
                f", armour {armour} ({facing})")
    o = state.find_vehicle(other)
    if o is not None:
        oprof = profile_of(table, o)
        return (f"Rams {name} at {speed}: {prof.base_damage}×{die} to it, "
                f"{oprof.base_damage}×{die} to the {v.name} ({facing})")
    rules = table.content.vehicle_rules
    mod = f" {band.dodge_modifier:+d}" if band.dodge_modifier else ""
    runner = state.find(other)
    need = odds.d6_test(rules.dodge_target, band.dodge_modifier,  # as Act.test rolls it
                        reroll=runner is not None and runner.reroll_ready)
    return (f"Runs at {name}, {speed}: dodges on {rules.dodge_target}+{mod} ({odds.describe_test(need)}), "
            f"else {prof.base_damage}×{die}; a 1 puts him under the wheels")


def drive_lines(table: Table, state: GameState, v: Vehicle, a: Aim,
                result: DrivePreview | Rejected) -> list[str]:
    """The preview panel's lines for a Drive."""
    turn = turn_between(a.base_heading, a.heading)
    lo = max(0.0, a.base_speed - table.content.vehicle_rules.max_speed_change)
    hi = min(top_speed(table, v), a.base_speed + table.content.vehicle_rules.max_speed_change)
    lines = [f"Drive the {v.name}: heading {a.heading:03.0f}°, {turn_words(turn)}",
             f"Speed {fmt(a.speed)} a turn (was {fmt(a.base_speed)}; {fmt(lo)}–{fmt(hi)} allowed)"]
    if isinstance(result, Rejected):
        return [f"Cannot drive: {result.reason}", *lines]
    move = result.move
    if move.stopped:
        lines.append(f"Goes {fmt(move.distance)} and is stopped")
    else:
        lines.append(f"Goes {fmt(move.distance)}")
    driver = state.model(a.driver)
    if result.plan.test_needed:
        chance = odds.describe_test(result.out_of_control_chance)
        lines.append(f"Carter test: {chance} of going out of control (veer or stall)")
    elif table.has_skill(driver, "carter"):
        lines.append("No test (Carter)")
    else:
        lines.append("No Carter test: a gentle turn at the same speed")
    lines += [contact_line(table, state, v, c) for c in move.contacts]
    lines.append("Mouse steers, wheel or +/- sets the speed; click or Enter drives")
    return lines


def _draw_sector(surface: pygame.Surface, cam: Camera, table: Table, v: Vehicle, a: Aim) -> None:
    """A thin arc in front of the vehicle: the headings this Drive may take."""
    prof = profile_of(table, v)
    limit = table.content.vehicle_rules.max_turn
    front = vl.to_world(v.x, v.y, a.base_heading, prof.length / 2, 0.0)
    r = 2.5
    pts = []
    for i in range(0, 37):
        h = math.radians(a.base_heading - limit + 2 * limit * i / 36)
        pts.append(cam.to_screen(front[0] + r * math.sin(h), front[1] - r * math.cos(h)))
    pygame.draw.lines(surface, (12, 12, 10), False, pts, 3)
    pygame.draw.lines(surface, (214, 204, 180), False, pts, 1)
    for end in (pts[0], pts[-1]):  # the greatest turn either way
        pygame.draw.line(surface, (12, 12, 10), cam.to_screen(*front), end, 3)
        pygame.draw.line(surface, (214, 204, 180), cam.to_screen(*front), end, 1)


def _draw_arrow(surface: pygame.Surface, cam: Camera, font: pygame.font.Font, table: Table, v: Vehicle,
                a: Aim, colour: theme.Colour) -> None:
    """The heading arrow from the vehicle's front, as long as the speed, labelled."""
    prof = profile_of(table, v)
    front = vl.to_world(v.x, v.y, a.heading, prof.length / 2, 0.0)
    reach = max(1.0, min(6.0, a.speed + 1.0))
    h = math.radians(a.heading)
    tip = (front[0] + reach * math.sin(h), front[1] - reach * math.cos(h))
    p0, p1 = cam.to_screen(*front), cam.to_screen(*tip)
    ux, uy = math.sin(h), -math.cos(h)
    head = max(8.0, cam.px_per_inch * 0.45)
    wing = [(p1[0] + ux * head * 0.5, p1[1] + uy * head * 0.5),
            (p1[0] - ux * head * 0.6 - uy * head * 0.55, p1[1] - uy * head * 0.6 + ux * head * 0.55),
            (p1[0] - ux * head * 0.6 + uy * head * 0.55, p1[1] - uy * head * 0.6 - ux * head * 0.55)]
    pygame.draw.line(surface, (12, 12, 10), p0, p1, 7)
    pygame.draw.polygon(surface, (12, 12, 10), wing)
    pygame.draw.line(surface, colour, p0, p1, 3)
    inner = [(x * 0.85 + p1[0] * 0.15, y * 0.85 + p1[1] * 0.15) for x, y in wing]
    pygame.draw.polygon(surface, colour, inner)
    label = f"{a.heading:03.0f}°  {fmt(a.speed)}"
    img = rendered(font, label, colour)
    side = head + img.get_height()  # beside the tip, to the arrow's left
    box = img.get_rect(center=(p1[0] + uy * side, p1[1] - ux * side)).inflate(10, 4)
    pygame.draw.rect(surface, (16, 14, 12), box, border_radius=3)
    surface.blit(img, img.get_rect(center=box.center))


def draw_contact(surface: pygame.Surface, cam: Camera, font: pygame.font.Font, point: Point, label: str,
                 colour: theme.Colour = CONTACT, scale: float = 1.0) -> None:
    """A predicted (or resolved) impact: a spiked star at its point and a label."""
    cx, cy = cam.to_screen(*point)
    r = max(7.0, cam.px_per_inch * 0.38) * scale
    star = []
    for i in range(16):
        rad = math.radians(i * 22.5)
        k = r if i % 2 == 0 else r * 0.45
        star.append((cx + k * math.cos(rad), cy + k * math.sin(rad)))
    pygame.draw.polygon(surface, (12, 12, 10), [(cx + (x - cx) * 1.2, cy + (y - cy) * 1.2) for x, y in star])
    pygame.draw.polygon(surface, colour, star)
    pygame.draw.circle(surface, (255, 250, 220), (cx, cy), max(2, round(r * 0.28)))
    img = rendered(font, label, colour)
    box = img.get_rect(midleft=(round(cx + r + 6), cy)).inflate(10, 4)
    pygame.draw.rect(surface, (16, 14, 12), box, border_radius=3)
    pygame.draw.rect(surface, colour, box, 1, border_radius=3)
    surface.blit(img, img.get_rect(center=box.center))
