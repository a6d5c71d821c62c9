"""What the pointer means: one intent from the pointer, the held keys and the player's choices.

The hover preview describes an intent and a left click carries out the same intent, so what the
player is shown is what a click does: `intent_at` is the one place where the table's input is
read. An intent names the Command it submits (or none) and what the click selects.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.rules.commands import (
    Activate,
    Command,
    Deploy,
    Fight,
    Gambit,
    HitLocation,
    MeleeOption,
    Move,
    Shoot,
)
from game.rules.engine import Engine, Rejected
from game.rules.explain import contact_points, facing_forward, now_deploying
from game.rules.state import Model, Vehicle
from game.ui.battle.driving import DriveControl
from game.ui.battle.previews import Preview, fight_preview, move_preview, shot_preview, strike_preview
from game.ui.preview import inches

Point = tuple[float, float]
MAX_WAYPOINTS = 7  # a Move's path holds at most eight points, the end included
SHORTEN_STEPS = 10  # halvings in the search for the furthest legal point of a too-long move


@dataclass(frozen=True, slots=True)
class Pointer:
    """Where the pointer is on the table, and what stands there (a model first, then a vehicle)."""

    world: Point
    hit: Model | None = None
    vehicle: Vehicle | None = None


@dataclass(frozen=True, slots=True)
class Held:
    """The modifier keys held down: shoot (S), waypoint (Shift), measure (M)."""

    shoot: bool = False
    waypoint: bool = False
    measure: bool = False


@dataclass(frozen=True, slots=True)
class Choices:
    """What the player has chosen for the coming command: waypoints, gambit, stroke, Shoot armed,
    the drive aim, and the acting side's legal commands."""

    waypoints: tuple[Point, ...] = ()
    gambit: Gambit | None = None
    option: MeleeOption | None = None
    shoot_armed: bool = False
    legal: tuple[Command, ...] = ()
    drive: DriveControl | None = field(default=None, compare=False)
    placing: str = ""  # while deploying: the model of the Spear picked to stand where clicked

    def has(self, kind: type, **match: object) -> bool:
        """True if a legal command of this class matches the given fields."""
        return any(isinstance(c, kind) and all(getattr(c, k) == v for k, v in match.items())
                   for c in self.legal)


# --- the intents ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Nothing:
    """A click here does nothing (and the preview shows nothing)."""

    command: None = None
    selects: str | None = None

    def describe(self, engine: Engine) -> Preview | None:
        """No preview."""
        return None


@dataclass(frozen=True, slots=True)
class Measure:
    """M is held: the ruler measures, and a click never acts."""

    command: None = None
    selects: str | None = None

    def describe(self, engine: Engine) -> Preview | None:
        """The ruler says it all: no preview."""
        return None


@dataclass(frozen=True, slots=True)
class Select:
    """A click looks at a model or vehicle ("" clears the selection); `note` tells why nothing
    more is possible, `shooter` that a shot would be (S held)."""

    selects: str
    note: str = ""
    shooter: str = ""
    command: None = None

    def describe(self, engine: Engine) -> Preview | None:
        """Why the click only looks, or the shot S would give; None if nothing needs saying."""
        if self.shooter:
            pv = shot_preview(engine, self.shooter, self.selects)
            return Preview(pv.legal, [*pv.lines, "Hold S and click to shoot"])
        return Preview(False, [self.note]) if self.note else None


@dataclass(frozen=True, slots=True)
class StrikeInReach:
    """A cart or wagon within the active model's reach: the Strike buttons choose where to hit it,
    and a click looks at it."""

    model: str
    vehicle: str
    locations: tuple[HitLocation, ...]
    command: None = None

    @property
    def selects(self) -> str:
        """The vehicle is looked at."""
        return self.vehicle

    def describe(self, engine: Engine) -> Preview | None:
        """The Strike odds."""
        state = engine.state
        m, v = state.model(self.model), state.vehicle(self.vehicle)
        return strike_preview(engine, m, v, list(self.locations))


@dataclass(frozen=True, slots=True)
class ActivateModel:
    """Activate a model of the acting side's Spear."""

    command: Activate
    selects: str

    def describe(self, engine: Engine) -> Preview | None:
        """Which model the click activates."""
        m = engine.state.model(self.command.model)
        hero = " (the Hero)" if m.spear == m.id else ""
        return Preview(True, [f"Activate {m.name}{hero}"], command=self.command)


@dataclass(frozen=True, slots=True)
class MoveTo:
    """Move along the waypoints to a point; `wanted` is the point asked for when it was too far and
    the move stops at the furthest legal point on the same path."""

    command: Move
    wanted: Point | None = None
    selects: str | None = None

    def describe(self, engine: Engine) -> Preview | None:
        """The move's path, cost, terrain and odds (and how far short a too-long move stops)."""
        cmd = self.command
        pv = move_preview(engine, cmd.model, list(cmd.path), cmd.gambit)
        lines = pv.lines
        if self.wanted is not None:
            short = math.dist(cmd.path[-1], self.wanted)
            lines = [f"Too far: stops at the furthest legal point, {inches(short)} short", *lines]
        return Preview(pv.legal, lines, pv.path, pv.cost, command=cmd)


@dataclass(frozen=True, slots=True)
class Charge:
    """Move into base contact with an enemy (a charge, with the declared gambit if any)."""

    command: Move
    target: str
    selects: str | None = None

    def describe(self, engine: Engine) -> Preview | None:
        """The move into contact."""
        cmd = self.command
        pv = move_preview(engine, cmd.model, list(cmd.path), cmd.gambit)
        return Preview(pv.legal, pv.lines, pv.path, pv.cost, command=cmd)


@dataclass(frozen=True, slots=True)
class Waypoint:
    """Shift held: the click adds a waypoint; the preview shows the path it makes."""

    point: Point
    model: str
    path: tuple[Point, ...]
    gambit: Gambit | None = None
    command: None = None
    selects: str | None = None

    def describe(self, engine: Engine) -> Preview | None:
        """The path so far, as a move would take it."""
        pv = move_preview(engine, self.model, list(self.path), self.gambit)
        return Preview(pv.legal, [*pv.lines, "Shift-click adds a waypoint here"], pv.path, pv.cost)


@dataclass(frozen=True, slots=True)
class FightWith:
    """Fight an enemy in base contact, with the chosen stroke (thrust, parry, fend) if any."""

    command: Fight
    selects: str | None = None

    def describe(self, engine: Engine) -> Preview | None:
        """The melee odds."""
        cmd = self.command
        pv = fight_preview(engine, cmd.model, cmd.target, cmd.option)
        return Preview(pv.legal, pv.lines, command=cmd)


@dataclass(frozen=True, slots=True)
class ShootAt:
    """Shoot at an enemy model or vehicle (S held, or Shoot armed)."""

    command: Shoot
    selects: str | None = None

    def describe(self, engine: Engine) -> Preview | None:
        """To hit, Blocked Shots, saves and wounds."""
        cmd = self.command
        pv = shot_preview(engine, cmd.model, cmd.target)
        return Preview(pv.legal, pv.lines, command=cmd)


@dataclass(frozen=True, slots=True)
class DriveOn:
    """Drive the vehicle at the aimed heading and speed."""

    command: Command | None
    drive: DriveControl = field(compare=False)
    selects: str | None = None

    def describe(self, engine: Engine) -> Preview | None:
        """The drive's dry run."""
        pv = self.drive.preview(engine)
        return None if pv is None else Preview(pv.legal, pv.lines, pv.path, pv.cost, command=self.command)


@dataclass(frozen=True, slots=True)
class Place:
    """Before the first card: stand the picked model of the Spear deploying here, facing the enemy."""

    command: Deploy
    selects: str | None = None

    def describe(self, engine: Engine) -> Preview | None:
        """Whether he may stand here, or the engine's reason why not."""
        cmd = self.command
        ex = engine.explain(cmd)
        name = engine.state.model(cmd.model).name
        if not ex.legal:
            return Preview(False, [ex.reason])
        return Preview(True, [f"Deploy {name} here", "Click to stand him; Auto-deploy places the rest"],
                       command=cmd)


Intent = (Nothing | Measure | Select | StrikeInReach | ActivateModel | MoveTo | Charge | Waypoint | FightWith
          | ShootAt | DriveOn | Place)


# --- reading the pointer ------------------------------------------------------------------------
def intent_at(engine: Engine, choices: Choices, pointer: Pointer, held: Held) -> Intent:
    """What a left click at the pointer would do now, with these keys held and these choices."""
    state = engine.state
    side = state.acting_side
    hit, vehicle = pointer.hit, pointer.vehicle
    if held.measure:
        return Measure()
    if state.over or not side or state.pending is not None:
        return Select(hit.id if hit else vehicle.id if vehicle else "")
    if state.deploying is not None:
        return _deploying(engine, choices, side, hit, pointer.world)
    m = state.find(state.active_model) if state.active_model else None
    if m is None:
        return _idle(choices, side, hit, vehicle)
    hit, vehicle = _crew_as_vehicle(engine, m, hit, vehicle)
    aiming = held.shoot or choices.shoot_armed
    drive = choices.drive
    if drive is not None and drive.sync(engine) is not None:
        return _driving(engine, choices, m, hit, vehicle, aiming)
    if hit is None and vehicle is not None:
        return _at_vehicle(choices, m, vehicle, aiming)
    if hit is not None and hit.side != m.side and not hit.riderless:
        return _at_enemy(engine, choices, m, hit, aiming)
    if hit is not None:
        return Select(hit.id) if hit.id != m.id else Nothing()
    if m.aboard:
        return Nothing()  # a crewman moves only with his vehicle
    return _on_ground(engine, choices, m, pointer.world, held)


def _idle(choices: Choices, side: str, hit: Model | None, vehicle: Vehicle | None) -> Intent:
    """No model active: a click activates one of the Spear's models, or looks."""
    if hit is not None and hit.side == side and choices.has(Activate, model=hit.id):
        return ActivateModel(Activate(side=hit.side, model=hit.id), hit.id)
    return Select(hit.id if hit else vehicle.id if vehicle else "")


def _deploying(engine: Engine, choices: Choices, side: str, hit: Model | None, world: Point) -> Intent:
    """Before the first card: a model of the Spear deploying is picked (from the panel, or on the
    table to stand him elsewhere), then a click on the ground stands him there."""
    spear = now_deploying(engine.state)
    if hit is not None and hit.side == side and hit.spear == spear and hit.id != choices.placing:
        return Select(hit.id)
    if not choices.placing:
        return Select("", "Pick a model of the Spear in the panel, then click in the zone")
    m = engine.state.model(choices.placing)
    facing = facing_forward(engine.table, m.side)
    return Place(Deploy(side=m.side, model=m.id, x=round(world[0], 2), y=round(world[1], 2), facing=facing))


def _crew_as_vehicle(engine: Engine, m: Model, hit: Model | None,
                     vehicle: Vehicle | None) -> tuple[Model | None, Vehicle | None]:
    """An enemy crewman under the cursor stands for his vehicle: shots go at the vehicle (a hit
    on its Crew location strikes someone aboard), and a fight or a move cannot reach him."""
    if hit is not None and hit.aboard and hit.side != m.side:
        return None, engine.state.find_vehicle(hit.aboard)
    return hit, vehicle


def _driving(engine: Engine, choices: Choices, m: Model, hit: Model | None, vehicle: Vehicle | None,
             aiming: bool) -> Intent:
    """In drive mode a click drives, unless it picks a friend or shoots an enemy."""
    if hit is not None and hit.side == m.side and hit.id != m.id and hit.aboard != m.aboard:
        return Select(hit.id)
    if hit is not None and hit.side != m.side and aiming:
        return ShootAt(Shoot(side=m.side, model=m.id, target=hit.id))
    if hit is None and vehicle is not None and vehicle.side != m.side and aiming:
        return ShootAt(Shoot(side=m.side, model=m.id, target=vehicle.id))
    drive = choices.drive
    assert drive is not None
    return DriveOn(drive.command(m.side), drive)


def _at_vehicle(choices: Choices, m: Model, v: Vehicle, aiming: bool) -> Intent:
    """A cart or wagon under the pointer: shoot at it (S held or Shoot armed), or look at it."""
    if v.side != m.side and aiming:
        return ShootAt(Shoot(side=m.side, model=m.id, target=v.id))
    strikes = tuple(c.location for c in choices.legal
                    if isinstance(c, Fight) and c.target == v.id and c.location)
    if strikes:
        return StrikeInReach(m.id, v.id, strikes)
    if v.side != m.side and choices.has(Shoot, target=v.id):
        return Select(v.id, shooter=m.id)
    return Select(v.id)


def _at_enemy(engine: Engine, choices: Choices, m: Model, enemy: Model, aiming: bool) -> Intent:
    """An enemy under the pointer: shoot (S held), fight if in contact, else move into contact."""
    if aiming:
        return ShootAt(Shoot(side=m.side, model=m.id, target=enemy.id))
    if choices.has(Fight, target=enemy.id):
        return FightWith(Fight(side=m.side, model=m.id, target=enemy.id, option=choices.option))
    cmd = contact_move(engine, m, enemy, choices.waypoints, choices.gambit)
    if cmd is not None:
        return Charge(cmd, enemy.id)
    if choices.has(Shoot, target=enemy.id):
        return Select(enemy.id, shooter=m.id)
    return Select(enemy.id, _why_not(engine, m, enemy))


def _why_not(engine: Engine, m: Model, enemy: Model) -> str:
    """Why neither a fight, a shot nor a move reaches the enemy: the Action spent, or the range."""
    tries: tuple[Command, ...] = (Fight(side=m.side, model=m.id, target=enemy.id),
                                  Shoot(side=m.side, model=m.id, target=enemy.id))
    for cmd in tries:
        plan = engine.plan(cmd)
        if isinstance(plan, Rejected) and plan.code == "already_acted":
            return f"Action spent: {plan.reason}"
    return f"{enemy.name} is out of reach"


def contact_move(engine: Engine, m: Model, enemy: Model, waypoints: tuple[Point, ...] = (),
                 gambit: Gambit | None = None) -> Move | None:
    """A legal move into base contact with an enemy (with the declared gambit), if any."""
    charge: Gambit = "mounted_charge" if m.steed else "charge"
    gambits: list[Gambit | None] = [gambit] if gambit else [None, charge]
    for g in gambits:
        for end in contact_points(engine.table, m, enemy):
            cmd = Move(side=m.side, model=m.id, path=(*waypoints, end), gambit=g)
            if not isinstance(engine.plan(cmd), Rejected):
                return cmd
    return None


def _on_ground(engine: Engine, choices: Choices, m: Model, world: Point, held: Held) -> Intent:
    """Open ground: add a waypoint (Shift), else move there, or as far along the path as is legal."""
    path = (*choices.waypoints, world)
    if held.waypoint and len(choices.waypoints) < MAX_WAYPOINTS:
        return Waypoint(world, m.id, path, choices.gambit)
    if held.waypoint:
        return Nothing()  # no room for another waypoint
    cmd = Move(side=m.side, model=m.id, path=path, gambit=choices.gambit)
    plan = engine.plan(cmd)
    if isinstance(plan, Rejected) and plan.code == "too_far":
        shorter = furthest_legal(engine, cmd, (m.x, m.y))
        if shorter is not None:
            return MoveTo(shorter, wanted=world)
    return MoveTo(cmd)


def furthest_legal(engine: Engine, cmd: Move, start: Point) -> Move | None:
    """The same Move cut short at the furthest point along its path the engine accepts, if any."""
    points = [start, *cmd.path]
    legs = [math.dist(a, b) for a, b in zip(points, points[1:], strict=False)]
    total = sum(legs)
    if total <= 1e-9:
        return None

    def cut(t: float) -> Move:
        left = t * total
        for i, leg in enumerate(legs):
            if left <= leg or i == len(legs) - 1:
                a, b = points[i], points[i + 1]
                f = min(1.0, left / leg) if leg > 1e-9 else 0.0
                end = (round(a[0] + (b[0] - a[0]) * f, 3), round(a[1] + (b[1] - a[1]) * f, 3))
                return cmd.model_copy(update={"path": (*cmd.path[:i], end)})
            left -= leg
        return cmd

    lo, hi, best = 0.0, 1.0, None
    for _ in range(SHORTEN_STEPS):
        mid = (lo + hi) / 2
        trial = cut(mid)
        if isinstance(engine.plan(trial), Rejected):
            hi = mid
        else:
            lo, best = mid, trial
    return best
