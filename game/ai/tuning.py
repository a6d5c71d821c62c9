"""The computer opponents' weights, read from `ai.toml` in the content folder: the heuristic's
worth of a model, a threat, a pull, the Will to Fight and the rest (`[heuristic]`). Each is read
once per content folder, bounded by its model; a value out of bounds is one ContentError naming
the table and the key.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from game.content.loader import DATA_DIR
from game.muster.rules import data_model

AI_FILE = "ai.toml"


class HeuristicWeights(BaseModel):
    """What the heuristic (Normal) weighs, in Valour Points or as the chance of a thing."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    material: float = Field(ge=0, le=10, description="A model's worth beyond the Valour its loss gives away.")
    threat_weight: float = Field(ge=0, le=1, description="Chance an enemy in reach attacks next.")
    shot_threat: float = Field(ge=0, le=1, description="Chance an enemy shooter in range shoots next.")
    out_of_command: float = Field(ge=0, le=5, description="A Retainer outside his Hero's Command Range.")
    hard_going_rider: float = Field(ge=0, le=5, description="A rider ending in Hard Going.")
    pull: float = Field(ge=0, le=5, description="The pull towards the best target or objective.")
    driven_off: float = Field(ge=0, le=5, description="A model that slips away from a charge.")
    road: float = Field(ge=0, le=1, description="Chance a driven cart drives over the ground ahead.")
    quit: float = Field(ge=0, le=50, description="A side quitting the field, in Valour Points.")
    forward: float = Field(ge=0, le=1, description="A small thanks for acting rather than idling.")
    hand: float = Field(ge=0, le=5, description="A Perk card in hand, at a search's leaves.")
    near_tie_easy: float = Field(ge=0, le=5, description="heuristic:easy: scores this close are equals.")
    near_tie_normal: float = Field(ge=0, le=5, description="Normal: scores this close are equals.")
    near_tie_hard: float = Field(ge=0, le=5, description="heuristic:hard: scores this close are equals.")


@cache
def heuristic_weights_from(data_dir: Path) -> HeuristicWeights:
    """The `[heuristic]` table of a content folder's ai.toml (one ContentError naming the key)."""
    return data_model(data_dir / AI_FILE, "heuristic", HeuristicWeights)


def weights() -> HeuristicWeights:
    """The shipped heuristic weights (read once)."""
    return heuristic_weights_from(DATA_DIR)


def near_tie(level: str) -> float:
    """How close to the best a score must be to count as its equal, at this level (Normal's if
    the level is none of the three)."""
    w = weights()
    return {"easy": w.near_tie_easy, "hard": w.near_tie_hard}.get(level, w.near_tie_normal)


__all__ = ["AI_FILE", "HeuristicWeights", "heuristic_weights_from", "near_tie", "weights"]
