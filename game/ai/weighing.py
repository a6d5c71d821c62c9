"""What an AI player weighed for its last decision: the few commands it looked at hardest and
their values, best first, for the table's "watch it think" panel.

`WeighingHeuristic` and `WeighingSearch` choose exactly as the heuristic and search players do
(the same scores, the same dice) and keep `last_weighed`; `EasyPlayer` keeps its own. A player
that weighs nothing (the random and eager players) has none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.deploy import deploy_command, deploying
from game.ai.heuristic import REFUSED, HeuristicPlayer, Memory, offered_commands, score_commands
from game.ai.random_player import NoLegalCommand
from game.ai.search import SearchPlayer
from game.ai.tuning import near_tie
from game.rules.commands import Command

if TYPE_CHECKING:
    from game.rules.engine import Engine
    from game.rules.state import NoSide, Side

Weighed = tuple[tuple[Command, float], ...]  # commands with their values, best first
SHOWN = 5  # how many weighed commands a player keeps for the panel


def ranked(engine: Engine, side: Side, memory: Memory | None = None) -> list[tuple[Command, float]]:
    """The commands the engine accepts now with the heuristic's scores, best first (the engine's
    order among equals)."""
    scored = score_commands(engine, side, offered_commands(engine, side), memory)
    legal = [(cmd, score) for cmd, score in scored if score > REFUSED]
    return sorted(legal, key=lambda cs: -cs[1])


def top(weighed: list[tuple[Command, float]], n: int = SHOWN) -> Weighed:
    """The best `n` of a decision's weighed commands, best first."""
    return tuple(sorted(weighed, key=lambda cs: -cs[1])[:n])


class Weighs:
    """A player that keeps what it weighed for each decision: with no side to act it has nothing to
    choose, and before the first card it stands its Spears with purpose (game.ai.deploy) without
    weighing; every other decision is its `weigh`."""

    last_weighed: Weighed

    def choose(self, engine: Engine, side: Side | NoSide) -> Command:
        """The decision, what was weighed for it kept in `last_weighed` (nothing, until weighed)."""
        self.last_weighed = ()
        if not side:
            raise NoLegalCommand("no side to act")
        if deploying(engine):
            return deploy_command(engine, side)
        return self.weigh(engine, side)

    def weigh(self, engine: Engine, side: Side) -> Command:
        """The player's own choice, once it has a side to act and the cards are dealt."""
        raise NotImplementedError


class WeighingHeuristic(Weighs, HeuristicPlayer):
    """The heuristic player, keeping the scores of its last decision's best few."""

    def __init__(self, seed: int, level: str = "normal") -> None:
        super().__init__(seed, level)
        self.last_weighed: Weighed = ()

    def weigh(self, engine: Engine, side: Side) -> Command:
        """The heuristic's choice: the best score, equals settled by its own dice."""
        scored = score_commands(engine, side, offered_commands(engine, side), self.memory)
        scored = [cs for cs in scored if cs[1] > REFUSED]
        if not scored:
            raise NoLegalCommand(f"no legal command for {side} (turn {engine.state.turn})")
        self.last_weighed = top(scored)
        best = max(s for _, s in scored)
        equals = [c for c, s in scored if s >= best - near_tie(self.level)]
        return equals[self.dice.pick(len(equals))]


class WeighingSearch(Weighs, SearchPlayer):
    """The search player, keeping the searched values of its last decision's kept commands."""

    def __init__(self, seed: int, level: str = "normal") -> None:
        super().__init__(seed, level)
        self.last_weighed: Weighed = ()

    def weigh(self, engine: Engine, side: Side) -> Command:
        """The search's choice: the best mean over the sampled views."""
        kept, means = self.search(engine, side)
        self.last_weighed = top(list(zip(kept, means, strict=True)))
        return self.pick(kept, means)


__all__ = ["SHOWN", "WeighingHeuristic", "WeighingSearch", "Weighed", "Weighs", "offered_commands", "ranked",
           "top"]
