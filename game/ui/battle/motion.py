"""Vehicle moves played back from their events: never simulated again, only replayed.

A VehicleMoved event holds the path and headings pymunk produced; the vehicle (and its crew) is
drawn sliding along them. Each RamResolved bursts at its point when the vehicle has driven as far
as the contact happened (`at`), and a ModelShoved model slides to where it was pushed from that
moment (or when the move ends). Moves of several vehicles in one command play one after another.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.rules.events import Ev, ModelShoved, RamResolved, VehicleDisabled, VehicleMoved
from game.rules.state import GameState

Point = tuple[float, float]
Pose = tuple[float, float, float]
PIVOT_INCHES = 1.0 / 60.0  # a degree of turning on the spot takes as long as this many inches
SECONDS_PER_INCH = 0.11
SHOVE_SECONDS = 0.35
BURST_SECONDS = 2.2


def turn(a: float, b: float) -> float:
    """The signed turn from heading a to heading b, in (-180, 180]."""
    d = (b - a) % 360.0
    return d - 360.0 if d > 180.0 else d


@dataclass
class Track:
    """One vehicle's move in time: poses at cumulative effort (distance plus pivoting)."""

    vehicle: str
    start: float  # seconds
    duration: float
    poses: list[Pose]
    effort: list[float]  # cumulative, same length as poses
    driven: list[float]  # cumulative inches driven, same length

    @property
    def end(self) -> float:
        """When the move is over."""
        return self.start + self.duration

    def pose(self, t: float) -> Pose:
        """Where the vehicle stands at time t."""
        if t <= self.start or self.effort[-1] <= 0:
            return self.poses[0] if t <= self.start else self.poses[-1]
        goal = min(1.0, (t - self.start) / self.duration) * self.effort[-1]
        for i in range(1, len(self.poses)):
            if self.effort[i] >= goal:
                span = self.effort[i] - self.effort[i - 1]
                f = 0.0 if span <= 0 else (goal - self.effort[i - 1]) / span
                (ax, ay, ah), (bx, by, bh) = self.poses[i - 1], self.poses[i]
                return (ax + (bx - ax) * f, ay + (by - ay) * f, (ah + turn(ah, bh) * f) % 360.0)
        return self.poses[-1]

    def time_at(self, inches: float) -> float:
        """When the vehicle had driven this far."""
        total = self.effort[-1]
        if total <= 0:
            return self.start
        for i in range(1, len(self.driven)):
            if self.driven[i] >= inches - 1e-9:
                span = self.driven[i] - self.driven[i - 1]
                f = 1.0 if span <= 0 else (inches - self.driven[i - 1]) / span
                e = self.effort[i - 1] + (self.effort[i] - self.effort[i - 1]) * f
                return self.start + self.duration * e / total
        return self.end


@dataclass
class Slide:
    """A model or vehicle pushed from one place to another."""

    model: str
    start: float
    frm: Pose
    to: Pose

    def pose(self, t: float) -> Pose:
        """Where it is at time t."""
        f = max(0.0, min(1.0, (t - self.start) / SHOVE_SECONDS))
        f = f * f * (3 - 2 * f)
        (ax, ay, ah), (bx, by, bh) = self.frm, self.to
        return ax + (bx - ax) * f, ay + (by - ay) * f, (ah + turn(ah, bh) * f) % 360.0


@dataclass
class Burst:
    """An impact shown at its point: the speed, the die and the damage done."""

    event: RamResolved
    start: float


@dataclass
class Motion:
    """What is playing now; the battle screen asks it where to draw vehicles and shoved models."""

    time: float = 0.0
    tracks: list[Track] = field(default_factory=list)
    slides: list[Slide] = field(default_factory=list)
    bursts: list[Burst] = field(default_factory=list)
    wrecked_at: dict[str, float] = field(default_factory=dict)  # a vehicle looks whole until then

    def play(self, events: list[Ev], before: dict[str, Pose], speed: float) -> None:
        """Start the moves, rams and shoves of one command's events.

        `before` holds where every vehicle and model stood before the command (id -> pose)."""
        self.finish()
        if speed <= 0:
            return
        clock = 0.0
        current: Track | None = None
        tracks: dict[str, Track] = {}
        hit_at: dict[str, float] = {}  # when each body was struck
        for e in events:
            if isinstance(e, VehicleMoved):
                current = self._track(e, before.get(e.vehicle), clock, speed)
                tracks[e.vehicle] = current
                self.tracks.append(current)
                clock = current.end
            elif isinstance(e, RamResolved):
                track = tracks.get(e.vehicle)
                at = track.time_at(e.at) if track is not None else clock
                self.bursts.append(Burst(e, at))
                hit_at.setdefault(e.other, at)
                hit_at[e.vehicle] = at
            elif isinstance(e, VehicleDisabled):  # the blow that wrecks it is the ram event that follows
                blows = [b.start for b in self._bursts_after(events, e)
                         if e.vehicle in (b.event.vehicle, b.event.other)]
                hit = blows[0] if blows else None
                end = current.end if current is not None else clock
                self.wrecked_at[e.vehicle] = hit if hit is not None else hit_at.get(e.vehicle, end)
            elif isinstance(e, ModelShoved):
                frm = before.get(e.model)
                if frm is None:
                    continue
                start = hit_at.get(e.model, current.end if current is not None else clock)
                if e.model in tracks:  # a moved vehicle is shoved after its own move
                    frm = tracks[e.model].poses[-1]
                    start = max(start, tracks[e.model].end)
                self.slides.append(Slide(e.model, start, frm, (e.to[0], e.to[1], e.heading)))

    def _bursts_after(self, events: list[Ev], e: Ev) -> list[Burst]:
        """The bursts of the ram events after an event, timed as their vehicle's move (a preview of
        what play() will add; a burst's time needs only its own vehicle's track)."""
        after = events[events.index(e) + 1:]
        out = []
        for r in after:
            if isinstance(r, RamResolved):
                track = next((t for t in reversed(self.tracks) if t.vehicle == r.vehicle), None)
                out.append(Burst(r, track.time_at(r.at) if track is not None else 0.0))
        return out

    @staticmethod
    def _track(e: VehicleMoved, frm: Pose | None, start: float, speed: float) -> Track:
        poses: list[Pose] = [(x, y, h) for (x, y), h in zip(e.path, e.headings, strict=False)]
        if not poses:
            poses = [(e.end[0], e.end[1], e.end_heading)]
        first = poses[0]
        if frm is not None and (math.dist(frm[:2], first[:2]) > 1e-6 or abs(turn(frm[2], first[2])) > 0.1):
            poses.insert(0, frm)
        if poses[-1] != (e.end[0], e.end[1], e.end_heading):
            poses.append((e.end[0], e.end[1], e.end_heading))
        effort, driven = [0.0], [0.0]
        for a, b in zip(poses, poses[1:], strict=False):
            d = math.dist(a[:2], b[:2])
            driven.append(driven[-1] + d)
            effort.append(effort[-1] + d + abs(turn(a[2], b[2])) * PIVOT_INCHES)
        duration = max(0.45, min(2.6, 0.25 + effort[-1] * SECONDS_PER_INCH)) / speed
        return Track(e.vehicle, start, duration, poses, effort, driven)

    def update(self, dt: float) -> None:
        """Advance the clock; forget what has finished."""
        self.time += dt
        t = self.time
        if self.tracks and all(tr.end <= t for tr in self.tracks):
            self.tracks = []
        if self.slides and all(s.start + SHOVE_SECONDS <= t for s in self.slides) and not self.tracks:
            self.slides = []
        self.bursts = [b for b in self.bursts if b.start + BURST_SECONDS > t]
        self.wrecked_at = {k: w for k, w in self.wrecked_at.items() if w > t}
        if not (self.tracks or self.slides or self.bursts or self.wrecked_at):
            self.time = 0.0

    def finish(self) -> None:
        """Stop everything at once (a new command came, or the game was rewound)."""
        self.tracks, self.slides, self.bursts = [], [], []
        self.wrecked_at = {}
        self.time = 0.0

    @property
    def busy(self) -> bool:
        """True while something is still moving."""
        return bool(self.tracks or self.slides)

    def poses(self) -> dict[str, Pose]:
        """Where the moving vehicles and shoved models are drawn now (id -> x, y, heading)."""
        out: dict[str, Pose] = {}
        t = self.time
        for s in self.slides:  # until its slide starts a shoved model stands where it was
            if s.model not in out or s.start <= t:
                out[s.model] = s.pose(t)
        for tr in self.tracks:
            if tr.vehicle in out and any(s.model == tr.vehicle and s.start <= t for s in self.slides):
                continue
            out[tr.vehicle] = tr.pose(t)
        return out

    def shown_at(self, events: list[Ev]) -> dict[int, float]:
        """When the playback shows each ram and each wreck of these events (id(event) -> seconds
        from now): the moments their sounds belong to."""
        out = {id(b.event): b.start - self.time for b in self.bursts}
        for e in events:
            if isinstance(e, VehicleDisabled) and e.vehicle in self.wrecked_at:
                out[id(e)] = self.wrecked_at[e.vehicle] - self.time
        return out

    def intact(self) -> set[str]:
        """Vehicles disabled by this command that are still drawn whole (the blow has not landed)."""
        return {vid for vid, t in self.wrecked_at.items() if t > self.time}

    def shown_bursts(self) -> list[tuple[RamResolved, float]]:
        """The impacts that have happened and are still shown, with their age in seconds."""
        return [(b.event, self.time - b.start) for b in self.bursts if b.start <= self.time]


def poses_of(state: GameState) -> dict[str, Pose]:
    """Where every vehicle and model stands now (id -> x, y, heading or facing)."""
    out: dict[str, Pose] = {v.id: (v.x, v.y, v.heading) for v in state.vehicles}
    out.update({m.id: (m.x, m.y, m.facing) for m in state.models})
    return out


def follow_point(state: GameState, poses: dict[str, Pose] | None = None) -> tuple[str, float, float] | None:
    """Where the camera follows: the active model (his vehicle while aboard), as drawn now (while
    an animation plays, where it shows him); None when no model is active."""
    m = state.find(state.active_model) if state.active_model and not state.over else None
    if m is None or m.removed:
        return None
    cart = state.find_vehicle(m.aboard) if m.aboard else None
    key = cart.id if cart is not None else m.id
    x, y = (poses or {}).get(key, (cart.x, cart.y, 0.0) if cart is not None else (m.x, m.y, 0.0))[:2]
    return m.id, x, y
