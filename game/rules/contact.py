"""Base contact, including contact across a linear obstacle."""

from __future__ import annotations

from game.rules.context import Table
from game.rules.geometry import ACROSS
from game.rules.state import GameState, Model
from game.terrain.geometry import obstacle_crossings
from game.terrain.terrain_map import Obstacle


def obstacle_between(table: Table, a: Model, b: Model) -> Obstacle | None:
    """The linear obstacle the line between two base centres crosses, if any."""
    crossings = obstacle_crossings(table.terrain, (a.x, a.y), (b.x, b.y))
    return crossings[0][1] if crossings else None


def in_contact(table: Table, a: Model, b: Model) -> bool:
    """True if the two bases touch, or face each other across an obstacle they both touch."""
    bases = table.bases
    far = bases.far
    if abs(a.x - b.x) > far or abs(a.y - b.y) > far:  # no base reaches that far, even across a ditch
        return False
    gap = bases.edge_distance(a, b)
    tolerance = bases.tolerance
    if gap <= tolerance:
        return True
    if gap > ACROSS + tolerance:
        return False
    obs = obstacle_between(table, a, b)
    return obs is not None and gap <= obs.width + 2 * tolerance


def enemies_in_contact(table: Table, state: GameState, m: Model) -> list[Model]:
    """Enemy models in base contact with m (remembered while a side decides, by where m stands)."""
    memo = table.memo
    if memo is None:
        return _enemies_in_contact(table, state, m)
    key = ("contact", m.id, m.x, m.y, m.facing, m.steed is None, m.removed)
    known = memo.get(key)
    if known is None:
        known = memo[key] = _enemies_in_contact(table, state, m)
    return list(known)  # type: ignore[call-overload]


def _enemies_in_contact(table: Table, state: GameState, m: Model) -> list[Model]:
    x, y, side, far = m.x, m.y, m.side, table.bases.far
    return [
        o for o in state.models
        if o.side != side and abs(o.x - x) <= far and abs(o.y - y) <= far
        and not o.removed and not o.riderless and not o.aboard and in_contact(table, m, o)
    ]


def friends_in_contact_with(table: Table, state: GameState, enemy: Model, exclude: Model) -> int:
    """How many of `exclude`'s friends (other than itself) touch `enemy`."""
    return sum(
        1 for o in state.models
        if not o.removed and not o.riderless and not o.aboard and o.side == exclude.side and o is not exclude
        and in_contact(table, o, enemy)
    )
