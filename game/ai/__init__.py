"""Players that emit Commands: each reads the engine, has its own seed and never rolls game dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from game.ai.eager import EagerPlayer
from game.ai.easy import EasyPlayer
from game.ai.heuristic import HeuristicPlayer
from game.ai.levels import LEVEL_PLAYERS, level_spec
from game.ai.random_player import RandomPlayer
from game.ai.search import SearchPlayer
from game.ai.weighing import WeighingHeuristic, WeighingSearch

if TYPE_CHECKING:
    from game.rules.commands import Command
    from game.rules.engine import Engine
    from game.rules.state import NoSide, Side


class Player(Protocol):
    """Anything that chooses a command for a side."""

    def choose(self, engine: Engine, side: Side | NoSide) -> Command:
        """The command this player gives now (one of engine.legal_commands(side))."""
        ...


LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"

# name -> factory taking the player's own seed and its level (easy, normal or hard); a player
# with no levels ignores it. Other modules may register more players here. The heuristic and the
# search keep what they weighed for their last decision (game.ai.weighing), as Easy does; the
# levels a person picks name these players in game.ai.levels.
PLAYERS: dict[str, Callable[[int, str], Player]] = {
    "random": lambda seed, level: RandomPlayer(seed),
    "eager": lambda seed, level: EagerPlayer(seed),
    "easy": lambda seed, level: EasyPlayer(seed),
    "heuristic": WeighingHeuristic,
    "search": WeighingSearch,
}


def parse_spec(spec: str) -> tuple[str, str]:
    """Split "name[:level]" into (name, level), checking both (ValueError naming what is known)."""
    name, _, level = spec.partition(":")
    level = level or DEFAULT_LEVEL
    if name not in PLAYERS:
        raise ValueError(f"unknown player {name!r}; known: {', '.join(sorted(PLAYERS))}")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} for player {name!r}; known: {', '.join(LEVELS)}")
    return name, level


def make_player(spec: str, seed: int) -> Player:
    """A player from the registry by "name[:level]" (raises ValueError for an unknown name or level)."""
    name, level = parse_spec(spec)
    return PLAYERS[name](seed, level)


__all__ = ["DEFAULT_LEVEL", "LEVELS", "LEVEL_PLAYERS", "PLAYERS", "EagerPlayer", "EasyPlayer",
           "HeuristicPlayer", "Player", "RandomPlayer", "SearchPlayer", "level_spec", "make_player",
           "parse_spec"]
