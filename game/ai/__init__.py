"""Players that emit Commands: each reads the engine, has its own seed and never rolls game dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from game.ai.eager import EagerPlayer
from game.ai.random_player import RandomPlayer

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


def _random(seed: int, level: str) -> Player:
    """The random player (it plays the same at every level)."""
    return RandomPlayer(seed)


def _eager(seed: int, level: str) -> Player:
    """The eager player (it plays the same at every level)."""
    return EagerPlayer(seed)


# name -> factory taking the player's own seed and its level; add new players here
PLAYERS: dict[str, Callable[[int, str], Player]] = {
    "random": _random,
    "eager": _eager,
}


def parse_spec(spec: str) -> tuple[str, str]:
    """A player spec `name[:level]` as (name, level); ValueError for an unknown level."""
    name, _, level = spec.partition(":")
    level = level or DEFAULT_LEVEL
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} in {spec!r}; known: {', '.join(LEVELS)}")
    return name, level


def make_player(spec: str, seed: int) -> Player:
    """A player from the registry by spec `name[:level]` (KeyError listing the known names)."""
    name, level = parse_spec(spec)
    try:
        factory = PLAYERS[name]
    except KeyError:
        raise KeyError(f"unknown player {name!r}; known: {', '.join(sorted(PLAYERS))}") from None
    return factory(seed, level)


__all__ = ["DEFAULT_LEVEL", "LEVELS", "PLAYERS", "EagerPlayer", "Player", "RandomPlayer", "make_player",
           "parse_spec"]
