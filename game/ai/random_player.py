"""The random player: a uniform choice among the legal commands, from its own seeded dice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.dice import Dice

if TYPE_CHECKING:
    from game.rules.commands import Command
    from game.rules.engine import Engine


class NoLegalCommand(Exception):
    """The engine offered no command to a side that was asked to act."""


class RandomPlayer:
    """Picks uniformly among engine.legal_commands(side); never touches the game's dice."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.dice = Dice(seed)

    def choose(self, engine: Engine, side: str) -> Command:
        """One of the side's legal commands, chosen uniformly at random."""
        options = engine.legal_commands(side)
        if not options:
            raise NoLegalCommand(f"no legal command for {side} (turn {engine.state.turn})")
        return options[self.dice.pick(len(options))]
