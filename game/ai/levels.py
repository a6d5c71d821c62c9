"""The three levels a person picks (Easy, Normal, Hard) and the player behind each, in one place:
the solo setup, the campaign and the lab read it.

Easy is a player of its own (`game.ai.easy`): the heuristic's ranking, played carelessly. Normal
is the heuristic: the best command by its exact odds and the worth of the ground. Hard is the
search: it plays each of the heuristic's best few commands out over the rest of the activation
on sampled views of what it cannot see, and keeps the one that does best.
"""

from __future__ import annotations

# Hard is the search at its `normal` budget: the journal measured its `hard` budget no stronger, at about
# four times the time (docs/ai-journal.md), and the ladder (docs/balance/ladder/) measures this one.
LEVEL_PLAYERS: dict[str, str] = {"easy": "easy", "normal": "heuristic", "hard": "search:normal"}
LEVEL_NAMES: dict[str, str] = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}


def level_spec(level: str) -> str:
    """The player spec behind a level (ValueError naming the levels for an unknown one)."""
    if level not in LEVEL_PLAYERS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVEL_PLAYERS)}")
    return LEVEL_PLAYERS[level]


def level_of(spec: str) -> str | None:
    """The level a player spec stands for, None if it is none of them."""
    return next((level for level, named in LEVEL_PLAYERS.items() if named == spec), None)


__all__ = ["LEVEL_NAMES", "LEVEL_PLAYERS", "level_of", "level_spec"]
