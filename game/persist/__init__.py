"""Saves, autosaves and replays: versioned JSON written atomically, plain data only."""

from __future__ import annotations

from game.persist.match import Mark, Match, MatchError, Step
from game.persist.saves import autosave, load_save, restore_engine, restore_match, save_game
from game.persist.schema import MIGRATIONS, SCHEMA_VERSION, SaveError, SaveFile
from game.persist.verify import Divergence, ReplayDivergence, replay_save

__all__ = [
    "MIGRATIONS", "SCHEMA_VERSION", "Divergence", "Mark", "Match", "MatchError", "ReplayDivergence",
    "SaveError", "SaveFile", "Step", "autosave", "load_save", "replay_save", "restore_engine",
    "restore_match", "save_game",
]
