"""One vehicle's move for a turn as a deterministic pymunk simulation, reporting every ram and crash.

`simulate_vehicle_move` is a pure function: it builds a fresh pymunk space every call (pymunk
caches impulses between steps, so a reused space would make replays drift) and rounds every output
to 1e-4 inch. Units are inches and inches per turn; one turn is one simulated second, stepped at a
fixed DT. Headings are compass degrees (0 = up the table, negative y; clockwise).

The space holds:
- walls for the table edges (a vehicle never leaves the table), the outline of every building or
  impassable tile region (outline.py), and every linear obstacle, tall or low: a cart cannot roll
  over a wall, fence, hedge or line of stakes. Only a narrow ditch (at most `RamRules.narrow_ditch`
  wide) is no obstacle to wheels; a wider one is the edge of a gully and counts as a wall;
- the other bodies within reach: characters as circles, riders and vehicles as boxes, each held
  to its own velocity with a finite grip (vehicle_sim.py), so they can be shoved;
- the vehicle, a box of its length and width, at full `speed` from the first step (the share
  `RamRules.hard_going_pace` of it while its centre is on Hard Going) and driven along its own
  facing with a finite force. It starts at its own heading and steers to `heading` over the first
  third of the move (a wagon swings round; it does not pivot on the spot).

The first contact of the vehicle with each other body, each obstacle, each tile region and each
table side is reported (except with what it already touches, within 0.05", as it sets off: that
is a push, not a ram), with the velocities from just before the impulse. By default characters
are not obstacles to the vehicle: the contact is reported and the vehicle rolls on (the rules
resolve the dodge or "under the wheels" and place the character); push_characters=True shoves them
instead. Everything else is solid: after a contact the vehicle may stop, glance off or push. The
move ends after `turns`, or early (stopped=True) when the vehicle is stuck: its centre made less
than a quarter of its intended progress over the last 10 steps. Then everything is braked and
pymunk pushes the vehicle out of any overlap left by the last steps (no contacts are recorded
then), so it never ends inside a wall, a building or off the table.

Contacts between two other bodies (a shoved rider knocking over a man) are not reported; bodies
the move shoved are listed in `displaced`. A body's velocity is its motion during this move: a
moving wagon keeps driving at it, so the head-on, rear-end and side-on cases come out of one model.
"""

from __future__ import annotations

import math
import statistics
import timeit
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import pymunk

from game.physics.bolt import bearing_vector
from game.physics.vehicle_sim import (
    OTHER,
    STATIC,
    VEHICLE,
    Facing,
    Label,
    Track,
    add_driven,
    add_statics,
    facing,
    round4,
)
from game.terrain.terrain_map import HARD_GOING, TerrainMap

Point = tuple[float, float]

DT = 1.0 / 60.0  # turns per step
_STUCK_STEPS = 10
_STUCK_SHARE = 0.25  # stuck: less than this share of the intended progress over _STUCK_STEPS
_OVERLAP_LEFT = 0.5  # the share of an overlap pymunk leaves after each step (its default is 0.9)
_MOVED = 1e-3  # a body shoved further than this (inches) from its free path is reported as displaced
_TOUCHING = 0.005  # blocked_by: an overlap up to this deep (inches) is touching, as a vehicle at rest
_SETTLED = 0.003  # at the end of a move, an overlap deeper than this (inches) is pushed out ...
_SETTLE_STEPS = 60  # ... for at most this many braked steps (30 left a corner wedged at the edge)
_STEER_SHARE = 1.0 / 3.0  # the share of the move over which the vehicle swings to its new heading
_TOUCH_REACH = 0.05  # inches: a body this close when the vehicle sets off is already touching it
_STEER_GRIP = 20.0  # the driven vehicle's hold on its spin, times an other body's


@dataclass(frozen=True, slots=True)
class RamRules:
    """The rule numbers a vehicle's move needs, passed in by the rules from the content (§10)."""

    tangent_factor: float  # impact speed = |v_rel.n| + tangent_factor x |v_rel.t| ...
    static_factor: float  # ... times static_factor against a static obstacle
    hard_going_pace: float  # the share of its speed a vehicle makes with its centre on Hard Going
    narrow_ditch: float  # a ditch at most this wide is no obstacle to wheels; a wider one is a wall


@dataclass(frozen=True)
class Body:
    """Anything else on the table, as the rules state knows it (inches, degrees, inches per turn)."""

    id: str
    kind: Literal["character", "rider", "vehicle"]
    x: float
    y: float
    heading: float = 0.0  # degrees, 0 = up the table (-y), clockwise; riders and vehicles
    length: float = 1.0  # characters are circles of diameter width; riders 1x2 boxes; vehicles boxes
    width: float = 1.0
    vx: float = 0.0  # inches per turn (a moving vehicle or a charging rider)
    vy: float = 0.0
    mass: float = 1.0


@dataclass(frozen=True)
class Contact:
    """The first contact of the vehicle with one other body or obstacle, just before the impulse."""

    other: str  # body id, or "static:<what>" for walls, buildings, table edge
    at: float  # inches travelled by the vehicle when it happened
    point: Point
    normal: Point  # unit, pointing from the vehicle towards the other
    tangent: Point  # the normal turned 90 degrees clockwise on the table
    v_rel: Point  # other minus vehicle, inches per turn, just before the impulse
    closing: float  # |v_rel . n|
    impact_speed: float  # |v_rel.n| + tangent_factor*|v_rel.t|; times static_factor against a static one
    static: bool
    facing_hit: Facing  # where on the VEHICLE the contact is
    other_facing_hit: Literal["front", "side", "rear", ""]  # where on the other vehicle/rider, if any


@dataclass(frozen=True)
class VehicleMove:
    """The outcome of a vehicle move, rounded to 1e-4 so replays store stable numbers."""

    path: list[Point]  # the vehicle's centre: start, each change of course or heading, each contact, end
    headings: list[float]  # the heading at each path point, degrees in [0, 360)
    end: Point
    end_heading: float
    contacts: list[Contact]  # in the order they happened
    distance: float  # inches driven by the centre (the final push out of an overlap is not counted)
    stopped: bool  # it got stuck before the end of the move
    displaced: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    # bodies shoved off their free path: id -> (x, y, heading) = their state plus the shove


def impact_speed(v_rel: Point, normal: Point, tangent: Point, static: bool, rules: RamRules) -> float:
    """The impact speed of a contact: |v_rel.n| + tangent_factor*|v_rel.t| (shipped: a half), times
    static_factor against a static obstacle (shipped: doubled)."""
    vn = abs(v_rel[0] * normal[0] + v_rel[1] * normal[1])
    vt = abs(v_rel[0] * tangent[0] + v_rel[1] * tangent[1])
    speed = vn + rules.tangent_factor * vt
    return rules.static_factor * speed if static else speed


class _Run:
    """The state of one simulation: the space, the vehicle, labels, contacts so far."""

    def __init__(self, tmap: TerrainMap, vehicle: Body, speed: float, heading: float,
                 others: Sequence[Body], turns: float, push_characters: bool, rules: RamRules) -> None:
        self.space = pymunk.Space()
        self.rules = rules
        self.space.collision_slop = 0.002
        self.space.collision_bias = _OVERLAP_LEFT ** (1.0 / DT)
        self.vehicle = vehicle
        self.push = push_characters
        self.labels: dict[pymunk.Shape, Label] = {}
        self.sizes: dict[pymunk.Body, Body] = {}
        self.contacts: list[Contact] = []
        self.seen: set[tuple[str, int]] = set()
        self.travelled = 0.0
        self.recording = True
        reach = abs(speed) * turns + math.hypot(vehicle.length, vehicle.width) / 2.0 + 1.0
        add_statics(self.space, tmap, vehicle.x, vehicle.y, reach + 1.0, self.labels, rules.narrow_ditch)
        self.others: list[tuple[Body, pymunk.Body]] = []
        for n, other in enumerate(others):
            if other.id == vehicle.id:
                continue
            own = math.hypot(other.vx, other.vy) * turns + math.hypot(other.length, other.width) / 2.0 + 1.0
            if math.hypot(other.x - vehicle.x, other.y - vehicle.y) > reach + own:
                continue
            body, shape, _ = add_driven(self.space, other.kind, other.x, other.y, math.radians(other.heading),
                                        other.length, other.width, other.mass, (other.vx, other.vy))
            shape.collision_type = OTHER
            self.labels[shape] = Label(other.id, ("body", n), other.kind)
            self.sizes[body] = other
            self.others.append((other, body))
        fx, fy = bearing_vector(vehicle.heading)
        pace = speed * _going(tmap, vehicle.x, vehicle.y, rules.hard_going_pace)
        self.body, self.shape, self.control = add_driven(
            self.space, "vehicle", vehicle.x, vehicle.y, math.radians(vehicle.heading), vehicle.length,
            vehicle.width, vehicle.mass, (pace * fx, pace * fy))
        for joint in self.body.constraints:  # the team swings the wagon round hard, though not infinitely
            if isinstance(joint, pymunk.GearJoint):
                joint.max_force *= _STEER_GRIP
        self.target = math.radians(heading)
        turn = _wrap(self.target - self.body.angle)
        self.turn_rate = abs(turn) / (_STEER_SHARE * turns) if turns > 0 else 0.0
        self.shape.collision_type = VEHICLE
        self.prev: Point = (vehicle.x, vehicle.y)
        self.space.on_collision(VEHICLE, OTHER, begin=self._begin)
        self.space.on_collision(VEHICLE, STATIC, begin=self._begin)

    def _begin(self, arb: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """Record the first contact with each other body or obstacle."""
        first, second = arb.shapes
        other, sign = (second, 1.0) if first is self.shape else (first, -1.0)
        label = self.labels[other]
        if label.kind == "character" and not self.push:
            arb.process_collision = False
        if label.key in self.seen or not self.recording:
            return
        self.seen.add(label.key)
        self.contacts.append(self._contact(arb, other, label, sign))

    def _contact(self, arb: pymunk.Arbiter, other: pymunk.Shape, label: Label, sign: float) -> Contact:
        """A Contact from an arbiter whose normal, times sign, points from the vehicle to the other."""
        nx, ny = arb.normal.x * sign, arb.normal.y * sign
        tx, ty = -ny, nx
        pts = arb.contact_point_set.points
        mine = [p.point_a if sign > 0 else p.point_b for p in pts]  # on the vehicle's surface
        theirs_pts = [p.point_b if sign > 0 else p.point_a for p in pts]
        own_p = (sum(p.x for p in mine) / len(pts), sum(p.y for p in mine) / len(pts))
        their_p = (sum(p.x for p in theirs_pts) / len(pts), sum(p.y for p in theirs_pts) / len(pts))
        px, py = (own_p[0] + their_p[0]) / 2.0, (own_p[1] + their_p[1]) / 2.0
        hit = other.body
        assert hit is not None  # every shape in the space is on a body
        va = self.body.velocity_at_world_point((px, py))
        vb = hit.velocity_at_world_point((px, py))
        v_rel = (vb.x - va.x, vb.y - va.y)
        static = label.kind == "static"
        v = self.vehicle
        own = facing(self.body, v.length, v.width, own_p, (nx, ny))
        theirs: Facing | Literal[""] = ""
        if label.kind in ("rider", "vehicle"):
            size = self.sizes[hit]
            theirs = facing(hit, size.length, size.width, their_p, (-nx, -ny))
        x, y = self.body.position
        at = self.travelled + math.hypot(x - self.prev[0], y - self.prev[1])
        return Contact(
            other=label.name, at=round4(at), point=(round4(px), round4(py)),
            normal=(round4(nx), round4(ny)), tangent=(round4(tx), round4(ty)),
            v_rel=(round4(v_rel[0]), round4(v_rel[1])),
            closing=round4(abs(v_rel[0] * nx + v_rel[1] * ny)),
            impact_speed=round4(impact_speed(v_rel, (nx, ny), (tx, ty), static, self.rules)),
            static=static, facing_hit=own, other_facing_hit=theirs)

    def mark_touching(self) -> None:
        """Whatever the vehicle already touches as it sets off is pushed, not rammed: no contact."""
        probe = pymunk.Poly(self.body, [(v.x, v.y) for v in self.shape.get_vertices()], radius=_TOUCH_REACH)
        probe.sensor = True
        for hit in self.space.shape_query(probe):
            label = self.labels.get(hit.shape) if hit.shape is not None else None
            if label is not None:
                self.seen.add(label.key)

    def overlapping(self) -> bool:
        """True if the vehicle is deeper than the slop into a wall or a solid body."""
        for hit in self.space.shape_query(self.shape):
            label = self.labels.get(hit.shape) if hit.shape is not None else None
            if label is None or (label.kind == "character" and not self.push):
                continue
            if _depth(hit.contact_point_set) > _SETTLED:
                return True
        return False

    def settle(self, track: Track) -> None:
        """Brake everything and let pymunk push the vehicle out of any overlap (no contacts recorded)."""
        self.recording = False
        for body in self.space.bodies:
            body.velocity = (0.0, 0.0)
            body.angular_velocity = 0.0
        for _ in range(_SETTLE_STEPS):
            if not self.overlapping():
                break
            self.space.step(DT)  # not counted in the distance: it only undoes part of the last steps
            track.add(self.body.position.x, self.body.position.y, math.degrees(self.body.angle))

    def displaced(self, elapsed: float) -> dict[str, tuple[float, float, float]]:
        """Other bodies the move shoved: their state position and heading plus the shove."""
        out: dict[str, tuple[float, float, float]] = {}
        for other, body in self.others:
            dx = body.position.x - (other.x + other.vx * elapsed)
            dy = body.position.y - (other.y + other.vy * elapsed)
            turn = math.degrees(body.angle) - other.heading
            if math.hypot(dx, dy) > _MOVED or abs(turn) > 0.01:
                heading = round4((other.heading + turn) % 360.0) % 360.0
                out[other.id] = (round4(other.x + dx), round4(other.y + dy), heading)
        return out


def _going(tmap: TerrainMap, x: float, y: float, hard_going_pace: float) -> float:
    """The share of its speed a vehicle makes with its centre here: hard_going_pace on Hard Going."""
    return hard_going_pace if tmap.kind_at(x, y) in HARD_GOING else 1.0


def _wrap(angle: float) -> float:
    """An angle in radians brought into [-pi, pi)."""
    return (angle + math.pi) % (2.0 * math.pi) - math.pi


def _depth(points: pymunk.ContactPointSet) -> float:
    """How deep two shapes found by a shape query overlap (inches)."""
    return max(abs(p.distance) for p in points.points)


def simulate_vehicle_move(tmap: TerrainMap, vehicle: Body, speed: float, heading: float,
                          others: Sequence[Body] = (), turns: float = 1.0, *, rules: RamRules,
                          push_characters: bool = False) -> VehicleMove:
    """Drive a vehicle at speed (inches per turn, negative reverses) on a heading; see the module docs."""
    steps = max(0, round(turns / DT))
    if speed == 0.0 or steps == 0:
        p = (round4(vehicle.x), round4(vehicle.y))
        h = round4(heading % 360.0) % 360.0
        return VehicleMove([p], [h], p, h, [], 0.0, False)
    run = _Run(tmap, vehicle, speed, heading, others, turns, push_characters, rules)
    run.mark_touching()
    body, space = run.body, run.space
    track = Track(vehicle.x, vehicle.y, vehicle.heading)
    recent: deque[Point] = deque(maxlen=_STUCK_STEPS)
    least = _STUCK_SHARE * abs(speed) * DT * _STUCK_STEPS
    stopped = False
    elapsed = 0.0
    for _ in range(steps):
        fx, fy = bearing_vector(math.degrees(body.angle))
        pace = speed * _going(tmap, body.position.x, body.position.y, rules.hard_going_pace)
        run.control.velocity = (pace * fx, pace * fy)
        error = _wrap(run.target - body.angle)
        run.control.angular_velocity = max(-run.turn_rate, min(run.turn_rate, error / DT))
        run.prev = (body.position.x, body.position.y)
        before = len(run.contacts)
        space.step(DT)
        elapsed += DT
        x, y = body.position
        run.travelled += math.hypot(x - run.prev[0], y - run.prev[1])
        track.add(x, y, math.degrees(body.angle), keep=len(run.contacts) > before)
        if len(recent) == _STUCK_STEPS and math.hypot(x - recent[0][0], y - recent[0][1]) < least:
            stopped = True
            break
        recent.append((x, y))
    run.settle(track)
    path, headings = track.result()
    return VehicleMove(path, headings, path[-1], headings[-1], run.contacts, round4(run.travelled),
                       stopped, run.displaced(elapsed))


def blocked_by(tmap: TerrainMap, vehicle: Body, heading: float | None = None, *,
               narrow_ditch: float) -> list[str]:
    """Static obstacles (sorted names) a vehicle box overlaps at its pose, or turned to heading
    (a ditch at most `narrow_ditch` wide is none)."""
    space = pymunk.Space()
    labels: dict[pymunk.Shape, Label] = {}
    reach = math.hypot(vehicle.length, vehicle.width) / 2.0 + 1.0
    add_statics(space, tmap, vehicle.x, vehicle.y, reach, labels, narrow_ditch)
    body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    body.position = (vehicle.x, vehicle.y)
    body.angle = math.radians(vehicle.heading if heading is None else heading)
    box = pymunk.Poly.create_box(body, (vehicle.width, vehicle.length))
    space.add(body, box)
    names = {labels[hit.shape].name for hit in space.shape_query(box)
             if hit.shape in labels and _depth(hit.contact_point_set) > _TOUCHING}
    return sorted(names)


def bench_vehicle_move(rules: RamRules, reps: int = 200) -> dict[str, float | int]:
    """Time one supply wagon's move among 30 bodies on skirmish-field: median and p90 in ms."""
    from game.resources import MAPS_DIR
    from game.terrain.tmx import load_terrain

    tmap = load_terrain(MAPS_DIR / "skirmish-field.tmx")
    wagon, others = bench_bodies()
    args = (tmap, wagon, 8.0, 90.0, others)
    simulate_vehicle_move(*args, rules=rules)  # warm up
    times = timeit.repeat(lambda: simulate_vehicle_move(*args, rules=rules), number=1, repeat=max(1, reps))
    ms = sorted(t * 1000.0 for t in times)
    p90 = ms[min(len(ms) - 1, math.ceil(0.9 * len(ms)) - 1)]
    return {"median_ms": round(statistics.median(ms), 3), "p90_ms": round(p90, 3), "bodies": 1 + len(others)}


def bench_bodies() -> tuple[Body, list[Body]]:
    """The benchmark's table: a wagon driving east on the road, 2 more vehicles, 8 riders, 19 on foot."""
    wagon = Body("wagon", "vehicle", 4.0, 17.8, 90.0, 3.0, 2.0, 0.0, 0.0, 10.0)
    others = [
        Body("ox-cart", "vehicle", 20.0, 17.5, 270.0, 3.0, 2.0, -4.0, 0.0, 8.0),
        Body("handcart", "vehicle", 30.0, 20.5, 0.0, 2.0, 1.5, 0.0, 0.0, 3.0),
    ]
    for i in range(8):  # riders along both verges, some charging across the road
        x, y = 5.0 + 3.5 * i, 15.0 if i % 2 else 21.0
        others.append(Body(f"rider{i}", "rider", x, y, 180.0 if i % 2 else 0.0, 2.0, 1.0,
                           0.0, (3.0 if i % 2 else -3.0) * (i % 3 == 0), 3.0))
    for i in range(19):  # men on foot scattered about, three of them on the road ahead
        x = 9.0 + 1.5 * i if i < 3 else 3.0 + (i * 7) % 30
        y = 17.6 if i < 3 else 3.0 + (i * 11) % 30
        others.append(Body(f"foot{i}", "character", x, y))
    return wagon, others
