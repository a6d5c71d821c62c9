"""An eager player: it closes with the enemy, charges when it can, fights and shoots.

Random play wanders and rarely reaches melee; this player makes headless games exercise the
charge, melee and mounted rules while staying simple and seeded.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.ai.random_player import RandomPlayer
from game.ai.route import distance_left, open_road, route_field
from game.physics.bolt import bearing_vector
from game.rules.commands import (
    Activate,
    Board,
    ClimbDown,
    Command,
    Drive,
    EndSpear,
    Fight,
    Move,
    React,
    Shoot,
)
from game.rules.context import Rejected
from game.rules.driving import predict_drive
from game.rules.spears import command_range, spear_members
from game.rules.vehicles import is_driver

if TYPE_CHECKING:
    from game.rules.engine import Engine

CHARGES = ("charge", "mounted_charge")


def best_drive(engine: Engine, drives: list[Drive]) -> Drive:
    """The Drive whose dry run makes most way towards the vehicle's goal without crashing.

    The goal is its escort edge (the way round walls, buildings and vehicles: game.ai.route), else
    the nearest enemy. A crash into a wall or a vehicle costs
    as many inches as its impact speed, shoving another vehicle 10" (it only blocks the way further
    on), running down an enemy is worth 1", a friend costs 2". Ending with a wall or a vehicle
    closer ahead than the speed it is left rolling at costs twice the shortfall.
    """
    state, table = engine.state, engine.table
    v = state.vehicle(state.model(drives[0].model).aboard)

    field = route_field(table, state, v, v.escort_edge) if v.escort_edge else None

    def score(cmd: Drive) -> float:
        preview = predict_drive(table, state, cmd)
        if isinstance(preview, Rejected):
            return -1e9
        move = preview.move
        if field is not None:
            gain = distance_left(field, v.x, v.y) - distance_left(field, *move.end)
            if cmd.speed > 0:  # left rolling at this speed, would it run into something next turn?
                gain -= 2.0 * (cmd.speed - open_road(field, *move.end, move.end_heading, cmd.speed))
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
                gain += 1.0 if other.side != v.side else -2.0
        return gain

    return max(drives, key=score)


def keep_the_driver_in_command(engine: Engine, options: list[Command]) -> list[Command]:
    """A Hero whose Spear drives a vehicle only moves (or charges) to where his Command Range
    still covers the vehicle's next stretch of road, if any such move is offered."""
    state, table = engine.state, engine.table
    if not state.active_model or not state.vehicles:
        return options
    hero = state.model(state.active_model)
    if hero.spear != hero.id:
        return options
    carts = [state.vehicle(m.aboard) for m in spear_members(state, hero.id)
             if m.aboard and is_driver(table, state, m)]
    if not carts:
        return options
    v = carts[0]
    fx, fy = bearing_vector(v.heading)
    ahead = (v.x + fx * max(v.speed, 4.0), v.y + fy * max(v.speed, 4.0))
    reach = command_range(table, hero) - 1.0

    def keeps(c: Command) -> bool:
        return not isinstance(c, Move) or math.dist(c.path[-1], ahead) <= reach

    kept = [c for c in options if keeps(c)]
    return kept if any(isinstance(c, Move) for c in kept) else options


class EagerPlayer(RandomPlayer):
    """Fights, then charges, then shoots, then advances; otherwise plays like RandomPlayer."""

    def choose(self, engine: Engine, side: str) -> Command:
        """The most aggressive of the legal commands, with a seeded choice among equals."""
        options = engine.legal_commands(side)
        reactions = [c for c in options if isinstance(c, React)]
        if reactions:
            return reactions[self.dice.pick(len(reactions))]
        state, table = engine.state, engine.table
        waiting = [m for m in spear_members(state, state.current_card)
                   if not m.activated and is_driver(table, state, m)] if state.vehicles else []
        if waiting:  # a driver still to come: never end the Spear without him, and bring him on early
            options = [c for c in options if not isinstance(c, EndSpear)] or options
            activations = [c for c in options if isinstance(c, Activate)]
            drivers = [c for c in activations if c.model == waiting[0].id]
            if drivers or (activations and not state.active_model):
                return (drivers or activations)[0]
        for c in options:  # take the reins of a driverless cart; get off a wreck to fight
            if isinstance(c, Board) and c.seat in {s.name for s in table.content.vehicles[
                    state.vehicle(c.vehicle).profile].drivers}:
                return c
            if isinstance(c, ClimbDown) and state.vehicle(state.model(c.model).aboard).disabled:
                return c
        options = [c for c in options if not isinstance(c, ClimbDown)] or options  # stay with the cart
        drives = [c for c in options if isinstance(c, Drive)]
        if drives:
            return best_drive(engine, drives)
        options = keep_the_driver_in_command(engine, options)
        for wanted in (self._fights(options), self._charges(options), self._shots(options)):
            if wanted and self.dice.pick(4):
                return wanted[self.dice.pick(len(wanted))]
        moves = [c for c in options if isinstance(c, Move)]
        if moves and self.dice.pick(4):
            enemies = [(m.x, m.y) for m in engine.state.living() if m.side != side]
            if enemies:
                return min(moves, key=lambda c: min(math.dist(c.path[-1], e) for e in enemies))
        return options[self.dice.pick(len(options))]

    @staticmethod
    def _fights(options: list[Command]) -> list[Command]:
        return [c for c in options if isinstance(c, Fight)]

    @staticmethod
    def _charges(options: list[Command]) -> list[Command]:
        return [c for c in options if isinstance(c, Move) and c.gambit in CHARGES]

    @staticmethod
    def _shots(options: list[Command]) -> list[Command]:
        return [c for c in options if isinstance(c, Shoot)]
