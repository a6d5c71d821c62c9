"""Positions from a seeded eager game, for tests that need real mid-game states."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.eager import EagerPlayer
from game.rules.engine import Engine
from game.scenario import start_game
from game.sim import player_seed


def eager_positions(scenario: str, seed: int, steps: int,
                    keep: Callable[[int, Engine, list[Engine]], bool]) -> list[Engine]:
    """Copies (each on its own state) of one seeded eager game at the first `steps` commands for
    which `keep(command number, engine, kept so far)` says so."""
    engine = start_game(scenario, seed)
    seats = {s: EagerPlayer(player_seed(seed, s)) for s in ("red", "blue")}
    out: list[Engine] = []
    for n in range(steps):
        if engine.state.over:
            break
        if keep(n, engine, out):
            out.append(Engine(engine.table, engine.state.clone()))
        side = engine.state.acting_side
        engine.submit(seats[side].choose(engine, side))
    return out
