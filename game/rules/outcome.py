"""How a game ends (effects): Valour on the turn limit, hold objectives, wipe-outs (RULES-BRIEF §7)."""

from __future__ import annotations

from game.rules.context import Act
from game.rules.events import GameEnded, ObjectiveHeld
from game.rules.state import SIDES, Winner


def score_hold_objectives(act: Act) -> None:
    """Each hold objective goes to the only side with a model within its radius."""
    state, bases = act.state, act.table.bases
    for obj in act.table.terrain.objectives:
        if obj.kind != "hold":
            continue
        holders = {
            m.side for m in state.living() if bases.edge_distance_to_point(m, obj.x, obj.y) <= obj.radius
        }
        if len(holders) == 1:
            side = holders.pop()
            state.sides[side].valour += obj.valour
            act.emit(ObjectiveHeld(objective=obj.name, side=side, valour=obj.valour))


def finish_by_valour(act: Act, reason: str) -> None:
    """End the game on Valour Points, with hold objectives scored first."""
    score_hold_objectives(act)
    red, blue = act.state.sides["red"].valour, act.state.sides["blue"].valour
    winner: Winner = "red" if red > blue else "blue" if blue > red else "draw"
    end_game(act, winner, reason)


def end_game(act: Act, winner: Winner, reason: str) -> None:
    """Mark the game over and announce the result."""
    state = act.state
    state.over = True
    state.pending = None
    state.winner = winner
    state.result = reason
    state.current_card = state.active_side = state.active_model = ""
    act.emit(GameEnded(winner=winner, reason=reason,
                       valour={s: state.sides[s].valour for s in SIDES}))


def check_wipe_out(act: Act) -> bool:
    """End the game if a side has no models left; True if it ended."""
    state = act.state
    if state.over:
        return True
    first = ""
    for m in state.models:
        if not m.removed and not m.riderless:
            if not first:
                first = m.side
            elif m.side != first:
                return False  # both sides still stand: no need to look further
    standing = {first} if first else set()
    empty = [s for s in SIDES if s not in standing]
    if any(m.removed == "escaped" for m in state.models if m.side in empty):
        finish_by_valour(act, f"{' and '.join(empty)} left the field with the escort")
        return True  # the last of them drove off with the wagon: a wipe-out, but Valour decides
    if len(empty) == 2:
        end_game(act, "draw", "both retinues were wiped out")
    else:
        end_game(act, next(s for s in SIDES if s not in empty), f"{empty[0]} was wiped out")
    return True
