"""What a side may do now: cheap unchecked candidates for players that sample, and the checked
list of legal commands for the UI."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, overload

from game.physics.bolt import bearing_vector
from game.rules.boarding import free_seats
from game.rules.commands import (
    Activate,
    AutoDeploy,
    Board,
    BreakAway,
    ClimbDown,
    Command,
    Dismount,
    Drive,
    EndActivation,
    EndSpear,
    Fight,
    Gambit,
    Loot,
    Move,
    PlayPerk,
    React,
    Reload,
    Remount,
    SetDrill,
    Shoot,
)
from game.rules.contact import enemies_in_contact
from game.rules.context import Rejected, Table
from game.rules.deploying import now_deploying
from game.rules.geometry import bearing_point
from game.rules.guards import check_can_move
from game.rules.handlers import HANDLERS
from game.rules.missiles import missile_weapon
from game.rules.movement import back_off, walk
from game.rules.paths import base_allowance, contact_points, run_reach
from game.rules.spears import spear_members
from game.rules.state import GameState, Model, Side, Vehicle
from game.rules.vehicles import EDGE_BEARING, driver_of, top_speed, touching, turn_between
from game.terrain.geometry import kind_near, tall_obstacle_in_box
from game.terrain.terrain_map import TerrainMap

Point = tuple[float, float]
BEARINGS = tuple(range(0, 360, 30))
GAMBIT_FEATURE = {"tall": "climb", "river": "river_crossing"}
STOPS = frozenset({"tall", "river", "impassable", "building"})
RUN_EXTRA = 2.0  # inches a Run! candidate asks beyond the Move (the Run! die gives up to run_bonus_die)


@dataclass(slots=True)
class Candidate:
    """A command a side might try now, not yet checked (Engine.check says whether it may).

    Listing candidates must be cheap, so a candidate holds the makings of its command rather
    than the command: its class and fields, or for a move along a bearing a recipe, since where
    that ends is found by walking the terrain, which is worth doing only for the candidates a
    player actually draws. `command()` makes it then (None if the recipe gives no move, e.g. a
    wall at the model's feet)."""

    kind: str  # the command's type ("move", "fight", ...)
    make: Callable[..., Command | None]  # the command class, or the recipe of a bearing move
    args: dict[str, Any]
    gambit: str | None = None  # the gambit a move declares
    weight: float = 1.0  # how much a player that samples might favour it (contact moves: 2)

    def command(self) -> Command | None:
        """The command itself (worked out now for a bearing move). Commands are frozen, so one
        made before from the same class and fields is handed out again."""
        make = self.make
        if not isinstance(make, type):
            return make(**self.args)
        key = (make, *self.args.items())
        cmd = _MADE.get(key)
        if cmd is None:
            if len(_MADE) >= MADE_SIZE:
                _MADE.clear()
            cmd = _MADE[key] = make(**self.args)
        return cmd


MADE_SIZE = 10_000  # commands remembered by their makings before the memory is cleared
_MADE: dict[tuple[object, ...], Command] = {}


_KINDS: dict[type[Command], str] = {}


def _given(cls: type[Command], weight: float = 1.0, **args: Any) -> Candidate:
    kind = _KINDS.get(cls)
    if kind is None:
        kind = _KINDS[cls] = cls.model_fields["type"].default
    return Candidate(kind, cls, args, args.get("gambit"), weight)


class Pool(Sequence[Candidate]):
    """The candidates of one decision, in order. The moves along the bearings among them become
    Candidates only when they are looked at: a player that samples looks at a few of them by
    index, and one that goes through the pool makes them all, once."""

    __slots__ = ("_head", "_recipe", "_ways", "_tail", "_all")

    def __init__(self, head: list[Candidate], recipe: Callable[..., Command | None] | None = None,
                 ways: tuple[dict[str, Any], ...] = (), tail: list[Candidate] | None = None) -> None:
        self._head = head
        self._recipe = recipe
        self._ways = ways if recipe is not None else ()
        self._tail = tail or []
        self._all: list[Candidate] | None = None if self._ways else head + self._tail

    def __len__(self) -> int:
        return len(self._head) + len(self._ways) + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> Candidate: ...

    @overload
    def __getitem__(self, index: slice) -> list[Candidate]: ...

    def __getitem__(self, index: int | slice) -> Candidate | list[Candidate]:
        if self._all is not None or isinstance(index, slice):
            return self._every()[index]
        head, ways = self._head, self._ways
        n = len(head) + len(ways) + len(self._tail)
        i = index + n if index < 0 else index
        if not 0 <= i < n:
            raise IndexError(index)
        if i < len(head):
            return head[i]
        i -= len(head)
        if i < len(ways):
            return self._bearing(ways[i])
        return self._tail[i - len(ways)]

    def __iter__(self) -> Iterator[Candidate]:
        return iter(self._every())

    def _every(self) -> list[Candidate]:
        if self._all is None:
            self._all = [*self._head, *map(self._bearing, self._ways), *self._tail]
        return self._all

    def _bearing(self, way: dict[str, Any]) -> Candidate:
        assert self._recipe is not None  # there are ways only with a recipe
        return Candidate("move", self._recipe, way, way["gambit"])


def candidates(table: Table, state: GameState, side: Side) -> Pool:
    """Everything worth trying for this side now, unchecked and cheap to list."""
    if state.over or side != state.acting_side:
        return Pool([])
    if state.pending is not None:
        return Pool([_given(React, side=side, choice=c) for c in state.pending.options])
    if state.deploying is not None:  # before the first card: the Spear deploying now, placed whole
        return Pool([_given(AutoDeploy, side=side, spear=now_deploying(state))])
    if not state.active_model:
        return Pool(_between_models(table, state, side))
    m = state.model(state.active_model)
    head = [_given(EndActivation, side=side, model=m.id)]
    head.extend(_actions(table, state, m))
    free = check_can_move(table, state, m, None) is None
    tail = _contact_moves(table, state, m) if free else []
    tail.extend(_drives(table, state, m))
    tail.extend(_boarding(table, state, m))
    tail.extend(_given(Remount, side=side, model=m.id, steed=h.id)
                for h in state.models if h.riderless and not h.removed and h.side == side)
    tail.extend(_perks(state, side, m.id))
    if not free:
        return Pool(head, tail=tail)
    return Pool(head, partial(bearing_move, table, state, m), WAYS[m.steed is not None], tail)


def accepted(table: Table, state: GameState, cmd: Command) -> bool:
    """True if the engine would carry the command out now."""
    return not isinstance(HANDLERS[cmd.type][0](table, state, cmd), Rejected)


def legal_commands(table: Table, state: GameState, side: Side) -> list[Command]:
    """Commands the side may give now (each candidate worked out and checked; moves to the same
    spot listed once); every one of them would be accepted by submit."""
    out: list[Command] = []
    seen: set[tuple[float, float, str | None]] = set()
    with table.deciding():
        _check_all(table, state, side, out, seen)
    return out


def _check_all(table: Table, state: GameState, side: Side, out: list[Command],
               seen: set[tuple[float, float, str | None]]) -> None:
    for cand in candidates(table, state, side):
        cmd = cand.command()
        if cmd is None:
            continue
        if isinstance(cmd, Move):
            end = cmd.path[-1]
            key = (round(end[0], 2), round(end[1], 2), cmd.gambit)
            if key in seen:
                continue
            seen.add(key)
        if accepted(table, state, cmd):
            out.append(cmd)


def _between_models(table: Table, state: GameState, side: Side) -> list[Candidate]:
    out = [_given(EndSpear, side=side)]
    hand = sorted(set(state.sides[side].perks))
    rallies = [card for card in hand if table.content.perks[card].effect == "rally"]
    for m in spear_members(state, state.current_card):
        if m.activated:
            continue
        out.append(_given(Activate, side=side, model=m.id))
        if rallies and m.spear != m.id:
            out.extend(_given(PlayPerk, side=side, card=card, model=m.id) for card in rallies)
    out.extend(_given(PlayPerk, side=side, card=card, model=None) for card in hand)
    return out


def _perks(state: GameState, side: Side, model: str | None) -> list[Candidate]:
    return [_given(PlayPerk, side=side, card=card, model=model)
            for card in sorted(set(state.sides[side].perks))]


def _actions(table: Table, state: GameState, m: Model) -> list[Candidate]:
    side, mid = m.side, m.id
    out: list[Candidate] = []
    engaged = enemies_in_contact(table, state, m)
    if engaged and table.has_skill(m, "skilld_at_arms"):  # a drill matters once in contact
        out.extend(_given(SetDrill, side=side, model=mid, drill=d)
                   for d in ("thrust", "parry", "fend") if d != m.drill)
    if m.acted:
        return out
    if m.reloads_needed:
        out.append(_given(Reload, side=side, model=mid))
    if m.steed is not None:  # only a rider dismounts or breaks away
        out += [_given(Dismount, side=side, model=mid), _given(BreakAway, side=side, model=mid)]
    options: list[str | None] = [None]
    if table.has_skill(m, "skilld_at_arms"):
        options += ["thrust", "parry", "fend"]
    for enemy in engaged:
        out.extend(_given(Fight, side=side, model=mid, target=enemy.id, option=o) for o in options)
        if m.steed is not None and enemy.steed is not None:
            out.append(_given(Fight, side=side, model=mid, target=enemy.id, at_steed=True))
        if m.steed is None and enemy.steed is not None and "bill" in m.weapons:
            out.append(_given(Fight, side=side, model=mid, target=enemy.id, pull_down=True))
    if not engaged and not m.aboard:  # a cart or wagon within reach: strike it where it is open
        for v in state.vehicles:
            if v.side != side and not v.removed and touching(table, m, v):
                locations = sorted({row.result for row in table.content.vehicles[v.profile].hit_locations})
                out.extend(_given(Fight, side=side, model=mid, target=v.id, location=loc)
                           for loc in locations)
    if not engaged and missile_weapon(table, m) is not None and not m.reloads_needed:
        out.extend(_given(Shoot, side=side, model=mid, target=e.id)
                   for e in state.living() if e.side != side and not e.aboard)
        out.extend(_given(Shoot, side=side, model=mid, target=v.id)
                   for v in state.vehicles if v.side != side and not v.removed)
    for obj in table.terrain.objectives:
        if obj.kind == "loot" and obj.name not in state.looted:
            out.append(_given(Loot, side=side, model=mid, objective=obj.name))
    return out


def _ways(mounted: bool) -> tuple[dict[str, Any], ...]:
    """The bearing moves worth trying, as the fields of their recipe: each bearing at full
    distance, every other one at half, and on foot a Run! and a Climb; River Crossing for all."""
    out = []
    for bearing in BEARINGS:
        ways: list[tuple[str, Gambit | None]] = [("full", None), ("half", None)]
        if not mounted:
            ways += [("run", "run"), ("tall", "climb")]
        ways.append(("river", "river_crossing"))
        out += [{"bearing": bearing, "how": how, "gambit": gambit} for how, gambit in ways
                if how != "half" or bearing % 60 == 0]
    return tuple(out)


WAYS = {False: _ways(False), True: _ways(True)}  # shared by every candidate list: never changed


def bearing_move(table: Table, state: GameState, m: Model, bearing: int, how: str,
                 gambit: Gambit | None) -> Command | None:
    """A move along a bearing: as far as the Move allows ("full"), half as far ("half"), with a
    Run! ("run"), or across the feature that stops it ("tall", "river"); None if there is none."""
    allowance = base_allowance(table, m)
    mounted = m.steed is not None
    start = (m.x, m.y)
    run_extra = RUN_EXTRA + run_reach(table, m) - table.numbers.run_bonus_die  # Fleet of Foot's inches too
    far = bearing_point(m.x, m.y, bearing, allowance + max(3.0, run_extra + 1.0))
    if how in GAMBIT_FEATURE and not _may_meet(table.terrain, start, far, how):
        return None  # no such feature near the line: the walk cannot stop at one
    route = walk(table, [start, far], mounted, allowance, STOPS)
    if how == "run":
        if route.stopped_by != "budget":
            return None
        route = walk(table, [start, far], mounted, allowance + run_extra, STOPS)
    elif how in GAMBIT_FEATURE:
        if route.stopped_by != how:
            return None
        route = walk(table, [start, far], mounted, allowance, STOPS - {how})
    end = back_off(table, state, m, [start, far], route.end)
    if how == "half":
        end = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    if math.dist(end, start) < 0.5:
        return None
    return Move(side=m.side, model=m.id, path=(end,), gambit=gambit)


def _may_meet(tmap: TerrainMap, a: Point, b: Point, feature: str) -> bool:
    """False if a walk along a->b surely meets no such feature (a tall obstacle, a deep river)."""
    if feature == "tall":
        return tall_obstacle_in_box(tmap, a, b)
    return kind_near(tmap, feature, a, b)


def _boarding(table: Table, state: GameState, m: Model) -> list[Candidate]:
    """Climbing down; taking the reins of a driverless vehicle; climbing aboard one in reach."""
    if m.moved:
        return []
    side = m.side
    out: list[Candidate] = []
    if m.aboard:
        out.append(_given(ClimbDown, side=side, model=m.id))
        v = state.vehicle(m.aboard)
        if driver_of(table, state, v) is None:
            drivers = [s.name for s in table.content.vehicles[v.profile].drivers]
            out.extend(_given(Board, side=side, model=m.id, vehicle=v.id, seat=s)
                       for s in free_seats(table, state, v) if s in drivers)
    else:
        for v in state.vehicles:
            if v.side in (side, "none") and not v.removed and math.dist((v.x, v.y), (m.x, m.y)) < 5.0:
                out.extend(_given(Board, side=side, model=m.id, vehicle=v.id, seat=s)
                           for s in free_seats(table, state, v)[:2])
    return out


DRIVE_TURNS = (0.0, -30.0, 30.0, -60.0, 60.0, -90.0, 90.0)


def _drives(table: Table, state: GameState, m: Model) -> list[Candidate]:
    """Drives for a driver: a few turns at slower, the same and faster speeds (and the way to go)."""
    if not m.aboard or m.moved:
        return []
    v = state.vehicle(m.aboard)
    rules = table.content.vehicle_rules
    top = top_speed(table, v)
    speeds = sorted({round(min(top, max(0.0, v.speed + d)), 1) for d in (-rules.max_speed_change, 0.0,
                                                                          rules.max_speed_change)})
    headings = [v.heading + t for t in DRIVE_TURNS]
    if v.escort_edge:  # straight for the edge it is making for, as far as one Drive may turn
        turn = turn_between(v.heading, EDGE_BEARING[v.escort_edge])
        headings.insert(0, v.heading + max(-rules.max_turn, min(rules.max_turn, turn)))
    seen: set[tuple[float, float]] = set()
    out: list[Candidate] = []
    for h in headings:
        for speed in speeds:
            heading = round(h % 360.0, 1) % 360.0
            if (heading, speed) not in seen:
                seen.add((heading, speed))
                out.append(_given(Drive, side=m.side, model=m.id, heading=heading, speed=speed))
    return out


def _contact_moves(table: Table, state: GameState, m: Model) -> list[Candidate]:
    """Base-contact positions on every enemy within charge reach (plain and as a charge), and
    spots beside a cart or wagon to strike or take."""
    allowance = base_allowance(table, m)
    start = (m.x, m.y)
    gambit = "charge" if m.steed is None else "mounted_charge"
    bonus = table.numbers.charge_bonus if m.steed is None else table.numbers.mounted_charge_reach
    reach = allowance + bonus + 2.0
    out: list[Candidate] = []

    def offer(end: Point, gambit: str | None) -> None:
        if math.dist(end, start) >= 0.5:
            out.append(_given(Move, 2.0, side=m.side, model=m.id, path=(end,), gambit=gambit))

    for enemy in state.living():
        if enemy.side == m.side or enemy.aboard:
            continue
        dist = math.hypot(m.x - enemy.x, m.y - enemy.y)
        if dist > reach or dist < 1e-6:
            continue
        for end in contact_points(table, m, enemy):
            if math.dist(end, start) <= allowance:
                offer(end, None)
            offer(end, gambit)
    for v in state.vehicles:  # beside an enemy or abandoned cart (to strike or take it), or a driverless one
        if v.removed or math.dist((v.x, v.y), start) > allowance + 4.0:
            continue
        if v.side == m.side and driver_of(table, state, v) is not None:
            continue
        for end in vehicle_contact_points(table, v):
            if math.dist(end, start) <= allowance:
                offer(end, None)
    return out


def vehicle_contact_points(table: Table, v: Vehicle) -> list[tuple[float, float]]:
    """Spots touching a vehicle's sides, fore and aft (a foot base's centre)."""
    prof = table.content.vehicles[v.profile]
    fx, fy = bearing_vector(v.heading)
    rx, ry = -fy, fx
    radius = table.bases.radius
    side = prof.width / 2 + radius + 0.05
    end = prof.length / 2 + radius + 0.05
    spots = [(a * prof.length / 3, s * side) for a in (-1, 0, 1) for s in (-1, 1)]
    spots += [(s * end, 0.0) for s in (-1, 1)]
    return [(round(v.x + fx * a + rx * b, 3), round(v.y + fy * a + ry * b, 3)) for a, b in spots]
