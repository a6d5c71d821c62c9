"""An eager player: it closes with the enemy, charges when it can, fights and shoots.

Random play wanders and rarely reaches melee; this player makes headless games exercise the
charge, melee and mounted rules while staying simple and seeded.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from game.ai.random_player import NoLegalCommand, RandomPlayer
from game.ai.route import RouteField, distance_left, open_road, route_field
from game.physics.bolt import bearing_vector
from game.rules.commands import (
    Activate,
    Board,
    ClimbDown,
    Command,
    Drive,
    Move,
)
from game.rules.context import Rejected
from game.rules.driving import predict_drive
from game.rules.geometry import bearing_point
from game.rules.legal import RUN_EXTRA
from game.rules.paths import base_allowance
from game.rules.spears import command_range, spear_members
from game.rules.vehicles import is_driver
from game.terrain.geometry import nearest_to_segment

if TYPE_CHECKING:
    from game.rules.engine import Engine
    from game.rules.legal import Candidate
    from game.rules.state import NoSide, Side

Point = tuple[float, float]

CHARGES = ("charge", "mounted_charge")
CLOSING = 1.0  # inches: a Hero left behind by his Spear's vehicle keeps only moves that gain this much on it
FRIEND_RUN_DOWN = 10.0  # inches of way a Drive gives up rather than run down a man of its own side


def best_drive(engine: Engine, drives: list[Drive],
               routes: dict[tuple[object, ...], RouteField] | None = None) -> Drive:
    """The Drive whose dry run makes most way towards the vehicle's goal without crashing.

    The goal is its escort edge (the way round walls, buildings and vehicles: game.ai.route), else
    the nearest enemy. A crash into a wall or a vehicle costs
    as many inches as its impact speed, shoving another vehicle 10" (it only blocks the way further
    on), running down an enemy is worth 1", a friend costs as much as shoving a vehicle and his
    impact speed besides. Ending with a wall or a vehicle
    closer ahead than the speed it is left rolling at, less what the next Drive may brake off,
    costs twice the shortfall (counting the whole speed, a wagon short of a bend stopped dead and,
    unable to turn standing, stayed there).
    """
    state, table = engine.state, engine.table
    v = state.vehicle(state.model(drives[0].model).aboard)

    field = route_field(table, state, v, v.escort_edge, routes) if v.escort_edge else None
    braking = table.content.vehicle_rules.max_speed_change

    def score(cmd: Drive) -> float:
        preview = predict_drive(table, state, cmd)
        if isinstance(preview, Rejected):
            return -1e9
        move = preview.move
        if field is not None:
            gain = distance_left(field, v.x, v.y) - distance_left(field, *move.end)
            rolling = cmd.speed - braking  # left rolling: what the next Drive cannot brake off
            if rolling > 0:  # would it run into something next turn?
                gain -= 2.0 * (rolling - open_road(field, *move.end, move.end_heading, rolling))
        else:
            foes = [(m.x, m.y) for m in state.living() if m.side != v.side and not m.aboard]
            if not foes:
                return 0.0
            gain = min(math.dist((v.x, v.y), f) for f in foes) - min(math.dist(move.end, f) for f in foes)
        gain -= 10.0 * sum(1 for bid in move.displaced if state.find_vehicle(bid) is not None)
        for c in move.contacts:
            other = state.find(c.other)
            if other is None:
                gain -= c.impact_speed
            else:
                gain += 1.0 if other.side != v.side else -(FRIEND_RUN_DOWN + c.impact_speed)
        return gain

    return max(drives, key=score)


def driver_command_limit(engine: Engine) -> Callable[[Move], bool] | None:
    """For a Hero whose Spear drives a vehicle: which moves (or charges) end where his Command
    Range still covers the vehicle's next stretch of road, or, once the vehicle has left it,
    `CLOSING` inches nearer that stretch than he stands (None when there is no such Hero). A Hero
    left behind who could only keep moves that reach the road at once stood still: every move
    paid the same, and standing paid nothing."""
    state, table = engine.state, engine.table
    if not state.active_model or not state.vehicles:
        return None
    hero = state.model(state.active_model)
    if hero.spear != hero.id:
        return None
    carts = [state.vehicle(m.aboard) for m in spear_members(state, hero.id)
             if m.aboard and is_driver(table, state, m)]
    if not carts:
        return None
    v = carts[0]
    fx, fy = bearing_vector(v.heading)
    ahead = (v.x + fx * max(v.speed, 4.0), v.y + fy * max(v.speed, 4.0))
    limit = max(command_range(table, hero) - 1.0, math.dist((hero.x, hero.y), ahead) - CLOSING)
    return lambda c: math.dist(c.path[-1], ahead) <= limit


def legal(engine: Engine, pool: list[Candidate]) -> list[Command]:
    """The accepted commands among some candidates."""
    out = []
    for cand in pool:
        cmd = cand.command()
        if cmd is not None and not isinstance(engine.check(cmd), Rejected):
            out.append(cmd)
    return out


def nearest_move(engine: Engine, pool: list[Candidate], enemies: list[Point],
                 keeps: Callable[[Move], bool] | None) -> Move | None:
    """The legal move ending nearest an enemy. Best first: a move along a bearing ends somewhere
    on its line, so the line's distance from the enemies bounds it from below, and moves are
    worked out and checked only while that bound can still beat the best found."""
    m = engine.state.model(engine.state.active_model)
    start = (m.x, m.y)
    allowance = base_allowance(engine.table, m)

    # how far along its bearing each way of moving can end at most: a walk costs at least the
    # distance walked, so a move ends within its budget (half: half of that; a Run!: two more)
    reach = {"full": allowance, "tall": allowance, "river": allowance, "half": allowance / 2,
             "run": allowance + RUN_EXTRA}
    lines: dict[tuple[int, float], float] = {}  # (bearing, reach) -> its distance from the nearest enemy

    def bound(c: Candidate) -> float:
        bearing = c.args.get("bearing")
        if bearing is None:
            end = c.args["path"][-1]
            return min(math.dist(end, e) for e in enemies)
        key = (bearing, reach[c.args["how"]])
        if key not in lines:
            far = bearing_point(m.x, m.y, bearing, key[1])
            lines[key] = nearest_to_segment(enemies, *start, *far)
        return lines[key]

    queue = sorted(((bound(c), i, c) for i, c in enumerate(pool)), key=lambda t: (t[0], t[1]))
    best: tuple[float, int, Move] | None = None
    for low, i, cand in queue:
        if best is not None and low > best[0]:
            break
        cmd = cand.command()
        if not isinstance(cmd, Move) or (keeps is not None and not keeps(cmd)):
            continue
        if isinstance(engine.check(cmd), Rejected):
            continue
        d = min(math.dist(cmd.path[-1], e) for e in enemies)
        if best is None or (d, i) < (best[0], best[1]):
            best = (d, i, cmd)
    return best[2] if best else None


class EagerPlayer(RandomPlayer):
    """Fights, then charges, then shoots, then advances; otherwise plays like RandomPlayer."""

    def __init__(self, seed: int, level: str = "normal") -> None:
        super().__init__(seed, level)
        self.routes: dict[tuple[object, ...], RouteField] = {}  # the driver's route fields

    def choose(self, engine: Engine, side: Side | NoSide) -> Command:
        """The most aggressive of the legal commands, with a seeded choice among equals."""
        with engine.deciding():
            return self._choose(engine, side)

    def _choose(self, engine: Engine, side: Side | NoSide) -> Command:
        pool: Sequence[Candidate] = engine.candidates(side)
        reactions = [c for c in pool if c.kind == "react"]
        if reactions:
            return self._command(reactions[self.dice.pick(len(reactions))])
        state, table = engine.state, engine.table
        waiting = [m for m in spear_members(state, state.current_card)
                   if not m.activated and is_driver(table, state, m)] if state.vehicles else []
        if waiting:  # a driver still to come: never end the Spear without him, and bring him on early
            pool = [c for c in pool if c.kind != "end_spear"] or pool
            activations = legal(engine, [c for c in pool if c.kind == "activate"])
            drivers = [c for c in activations if isinstance(c, Activate) and c.model == waiting[0].id]
            if drivers or (activations and not state.active_model):
                return (drivers or activations)[0]
        for c in legal(engine, [c for c in pool if c.kind in ("board", "climb_down")]):
            # take the reins of a driverless cart; get off a wreck to fight
            if isinstance(c, Board) and c.seat in {s.name for s in table.content.vehicles[
                    state.vehicle(c.vehicle).profile].drivers}:
                return c
            if isinstance(c, ClimbDown) and state.vehicle(state.model(c.model).aboard).disabled:
                return c
        pool = [c for c in pool if c.kind != "climb_down"] or pool  # stay with the cart
        drives = [c for c in legal(engine, [c for c in pool if c.kind == "drive"]) if isinstance(c, Drive)]
        if drives:
            return best_drive(engine, drives, self.routes)
        keeps = driver_command_limit(engine)
        def charge(c: Command) -> bool:
            return isinstance(c, Move) and (keeps is None or keeps(c))

        # three times in four, a fight, else a charge, else a shot: drawn like the random
        # player's, so only as many are checked as it takes to find one that is accepted
        for wanted, accept in (([c for c in pool if c.kind == "fight"], None),
                               ([c for c in pool if c.gambit in CHARGES], charge),
                               ([c for c in pool if c.kind == "shoot"], None)):
            if wanted and self.dice.pick(4):
                cmd = self.draw(engine, wanted, accept)
                if cmd is not None:
                    return cmd
        moves = [c for c in pool if c.kind == "move"]
        if moves and self.dice.pick(4):
            enemies = [(m.x, m.y) for m in engine.state.living() if m.side != side]
            if enemies:
                best = nearest_move(engine, moves, enemies, keeps)
                if best is not None:
                    return best
        cmd = self.draw(engine, pool)
        if cmd is None:
            raise NoLegalCommand(f"no legal command for {side} (turn {engine.state.turn})")
        return cmd

    @staticmethod
    def _command(cand: Candidate) -> Command:
        cmd = cand.command()
        assert cmd is not None  # a reaction is always given outright
        return cmd
