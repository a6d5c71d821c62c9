"""An eager player: it closes with the enemy, charges when it can, fights and shoots.

Random play wanders and rarely reaches melee; this player makes headless games exercise the
charge, melee and mounted rules while staying simple and seeded.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.ai.random_player import RandomPlayer
from game.rules.commands import Command, Fight, Move, React, Shoot

if TYPE_CHECKING:
    from game.rules.engine import Engine

CHARGES = ("charge", "mounted_charge")


class EagerPlayer(RandomPlayer):
    """Fights, then charges, then shoots, then advances; otherwise plays like RandomPlayer."""

    def choose(self, engine: Engine, side: str) -> Command:
        """The most aggressive of the legal commands, with a seeded choice among equals."""
        options = engine.legal_commands(side)
        reactions = [c for c in options if isinstance(c, React)]
        if reactions:
            return reactions[self.dice.pick(len(reactions))]
        for wanted in (self._fights(options), self._charges(options), self._shots(options)):
            if wanted and self.dice.pick(4):
                return wanted[self.dice.pick(len(wanted))]
        moves = [c for c in options if isinstance(c, Move)]
        if moves and self.dice.pick(4):
            enemies = [(m.x, m.y) for m in engine.state.living() if m.side != side]
            if enemies:
                return min(moves, key=lambda c: min(math.dist(c.path[-1], e) for e in enemies))
        return options[self.dice.pick(len(options))]

    @staticmethod
    def _fights(options: list[Command]) -> list[Command]:
        return [c for c in options if isinstance(c, Fight)]

    @staticmethod
    def _charges(options: list[Command]) -> list[Command]:
        return [c for c in options if isinstance(c, Move) and c.gambit in CHARGES]

    @staticmethod
    def _shots(options: list[Command]) -> list[Command]:
        return [c for c in options if isinstance(c, Shoot)]
