"""A recorded battle played again: a player that gives, in order, the commands the battle was
fought with (a campaign battle's replay, watched from the chronicle).

The player asks the game it watches how many commands have been given (`given`), and answers with
the recorded command that comes next, whichever side is asked: both sides of the watched game
share one script, and a choice thrown away and asked again gives the same command.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.ai import Player
from game.rules.commands import Command
from game.rules.engine import Engine
from game.rules.state import NoSide, Side

REPLAY_OVER = "The replay is over"


class ReplayOver(Exception):
    """Asked for a command after the last recorded one."""


class ReplayPlayer:
    """Gives the recorded commands in order, as the watched game reaches each."""

    def __init__(self, script: Sequence[Command], given: Callable[[], int]) -> None:
        self.script = tuple(script)
        self.given = given  # how many commands the watched game has taken so far

    def over(self) -> bool:
        """True once every recorded command is given."""
        return self.given() >= len(self.script)

    def choose(self, engine: Engine, side: Side | NoSide) -> Command:
        """The next recorded command (ReplayOver after the last)."""
        at = self.given()
        if at >= len(self.script):
            raise ReplayOver(REPLAY_OVER)
        return self.script[at]


def replay_players(script: Sequence[Command], given: Callable[[], int]) -> dict[str, Player]:
    """Both sides of a watched replay, sharing its script."""
    player = ReplayPlayer(script, given)
    return {"red": player, "blue": player}
