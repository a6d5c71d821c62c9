"""Moves the engine does not offer: a finer look at where the active model may go.

The engine offers a sample of moves (`rules.legal`: twelve bearings at full distance, six at
half, Run!, the gambits and the moves into contact), enough for a player who scores each one.
A person can stop anywhere, and a model that stops just outside an enemy's charge reach, or just
inside its Hero's Command Range, stands much better than one a bearing further on. The search
player spends part of its budget here: more bearings, each at a quarter, half, three quarters
and the whole of the way the model could walk along it, all checked by the engine like any
command and scored by the heuristic's valuation of the spot.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.rules.commands import Command, Move
from game.rules.legal import bearing_move

if TYPE_CHECKING:
    from game.rules.engine import Engine
    from game.rules.state import Side

FRACTIONS = (0.25, 0.5, 0.75, 1.0)  # how far along each bearing's walk the model may stop
SHORTEST = 0.5  # inches: a move shorter than this is no move (as the engine's own offer)


def finer_moves(engine: Engine, side: Side, offered: list[Command], bearings: int) -> list[Move]:
    """Plain moves for the active model along `bearings` evenly spread bearings, stopping at each
    of FRACTIONS of the way (the walk stops, as the engine's own moves do, at the edge of the
    model's allowance, a tall obstacle, a river, a building or another model), less those already
    offered; none if no plain move is among the `offered` commands (the model may not move now)."""
    state = engine.state
    if bearings <= 0 or not state.active_model:
        return []
    if not any(isinstance(c, Move) and c.gambit is None for c in offered):
        return []
    m = state.model(state.active_model)
    start = (m.x, m.y)
    seen = set(offered)
    out: list[Move] = []
    for k in range(bearings):
        full = bearing_move(engine.table, state, m, round(k * 360 / bearings), "full", None)
        if not isinstance(full, Move):
            continue
        end = full.path[-1]
        for share in FRACTIONS:
            at = (start[0] + (end[0] - start[0]) * share, start[1] + (end[1] - start[1]) * share)
            if math.dist(at, start) < SHORTEST:
                continue
            move = Move(side=side, model=m.id, path=(at,), gambit=None)
            if move not in seen:
                seen.add(move)
                out.append(move)
    return out


__all__ = ["FRACTIONS", "finer_moves"]
