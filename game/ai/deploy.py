"""The AI's deployment: it stands its Spear's models one by one with purpose. A rider goes where open
ground runs ahead of him towards the enemy (room to charge), a shooter behind a wall, hedge or wood
with the enemy's zone in front, the others near the front beside their Hero; when no spot it likes
is free it lets Auto-deploy place the rest. It reads only the map and the models on the table."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.rules.commands import AutoDeploy, Command, Deploy
from game.rules.context import Rejected, Table
from game.rules.deploying import depth, facing_forward, has_cover, now_deploying, off_centre, spots, to_place
from game.rules.missiles import missile_weapon
from game.rules.state import UNPLACED, GameState, Model, Side

if TYPE_CHECKING:
    from game.rules.engine import Engine

RUN = 8  # inches of ground ahead a rider's spot is judged by
OPEN = ("open", "road")
TRIED = 40  # the best spots tried in turn before Auto-deploy takes over


def deploying(engine: Engine) -> bool:
    """True while the sides deploy before the first card."""
    return engine.state.deploying is not None


def deploy_command(engine: Engine, side: Side) -> Command:
    """The side's next deployment command: the next model of its Spear stood on the best spot the
    engine accepts, else Auto-deploy for the rest of the Spear."""
    state, table = engine.state, engine.table
    spear = now_deploying(state)
    waiting = to_place(state)
    if waiting:
        m = waiting[0]
        facing = facing_forward(table, side)
        hero = _hero(state, m)
        ranked = sorted(spots(table, side), key=lambda p: (-worth(table, m, p[0], p[1], hero), p))
        with engine.deciding():
            for x, y in ranked[:TRIED]:
                cmd = Deploy(side=side, model=m.id, x=x, y=y, facing=facing)
                if not isinstance(engine.check(cmd), Rejected) and _apart(table, state, m, x, y):
                    return cmd
    return AutoDeploy(side=side, spear=spear)


def worth(table: Table, m: Model, x: float, y: float, hero: tuple[float, float] | None) -> float:
    """How much the AI likes the spot for the model (higher is better)."""
    score = -depth(table, m.side, x, y) - 0.15 * off_centre(table, m.side, x, y)
    if m.steed is not None:
        score += 0.8 * _open_run(table, m.side, x, y)
        score -= 4.0 if table.terrain.kind_at(x, y) not in OPEN else 0.0
    elif missile_weapon(table, m) is not None:
        score += 5.0 if has_cover(table, m.side, x, y) else 0.0
    if hero is not None:
        score -= 0.5 * math.hypot(x - hero[0], y - hero[1])
    return score


def _open_run(table: Table, side: Side, x: float, y: float) -> float:
    """Inches of open ground straight ahead of the spot (up to RUN), stopping at anything else."""
    f = math.radians(facing_forward(table, side))
    for d in range(1, RUN + 1):
        if table.terrain.kind_at(x + d * math.sin(f), y - d * math.cos(f)) not in OPEN:
            return float(d - 1)
    return float(RUN)


def _hero(state: GameState, m: Model) -> tuple[float, float] | None:
    if m.id == m.spear:
        return None
    hero = state.find(m.spear)
    if hero is None or hero.x == UNPLACED:
        return None
    return hero.x, hero.y


def _apart(table: Table, state: GameState, m: Model, x: float, y: float) -> bool:
    """A little room (half an inch) between the model's base and every other on the table."""
    bases = table.bases
    mine = bases.spine_at(x, y, facing_forward(table, m.side), m.steed is not None)
    return all(bases.spine_gap(mine, bases.spine(o)) >= 0.5 for o in state.models
               if o is not m and not o.removed and not o.aboard and o.x != UNPLACED)
