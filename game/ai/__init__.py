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


# name -> factory taking the player's own seed; add new players here
PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
    "eager": EagerPlayer,
}


def make_player(name: str, seed: int) -> Player:
    """A player from the registry by name (raises KeyError listing the known names)."""
    try:
        factory = PLAYERS[name]
    except KeyError:
        raise KeyError(f"unknown player {name!r}; known: {', '.join(sorted(PLAYERS))}") from None
    return factory(seed)


__all__ = ["PLAYERS", "EagerPlayer", "Player", "RandomPlayer", "make_player"]
