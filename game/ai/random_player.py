"""The random player: a uniform choice among the legal commands, from its own seeded dice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from game.rules.context import Rejected
from game.rules.dice import Dice

if TYPE_CHECKING:
    from game.rules.commands import Command
    from game.rules.engine import Engine
    from game.rules.legal import Candidate
    from game.rules.state import NoSide, Side


class NoLegalCommand(Exception):
    """The engine offered no command to a side that was asked to act."""


class RandomPlayer:
    """Picks uniformly among the side's legal commands; never touches the game's dice.

    It draws the engine's candidates in a random order and checks each until one is accepted,
    which is a uniform choice among the accepted ones without checking them all."""

    def __init__(self, seed: int, level: str = "normal") -> None:
        self.seed = seed
        self.level = level  # one level only: it plays the same at every level
        self.dice = Dice(seed)

    def choose(self, engine: Engine, side: Side | NoSide) -> Command:
        """One of the side's legal commands, chosen uniformly at random."""
        with engine.deciding():
            cmd = self.draw(engine, engine.candidates(side))
        if cmd is None:
            raise NoLegalCommand(f"no legal command for {side} (turn {engine.state.turn})")
        return cmd

    def draw(self, engine: Engine, pool: Sequence[Candidate],
             accept: Callable[[Command], bool] | None = None) -> Command | None:
        """A uniformly random accepted command from the candidates (None if none is accepted);
        with `accept`, only among the commands it accepts as well. It shuffles their places in
        the pool as it goes, and looks at a candidate only when it draws it."""
        order = list(range(len(pool)))
        while order:
            i = self.dice.pick(len(order))
            order[i], order[-1] = order[-1], order[i]
            cmd = pool[order.pop()].command()
            if cmd is not None and (accept is None or accept(cmd)) \
                    and not isinstance(engine.check(cmd), Rejected):
                return cmd
        return None
