"""The campaign's tables as data: `campaign.toml` of the content (RULES-BRIEF §12.3).

The Retainer's casualty roll, the Hero's injury table on 2d6, Valour's thresholds for a new Skill,
Prestige's awards and costs and the muster's prices: every number is bounded here, so a group can
change them as it changes any house rule, and a file that breaks a bound is one ContentError.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.content.loader import DATA_DIR
from game.content.models import SKILL_LISTS
from game.muster.rules import data_model

CAMPAIGN_FILE = "campaign.toml"
Injury = Literal["dead", "captured", "lost_eye", "old_wound", "leg_wound", "arm_wound", "misses_battle",
                 "full_recovery"]
INJURIES: tuple[Injury, ...] = ("dead", "captured", "lost_eye", "old_wound", "leg_wound", "arm_wound",
                                "misses_battle", "full_recovery")
Total = tuple[int, ...]


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class RetainerRoll(_Data):
    """A Retainer taken as a casualty rolls a d6: dead on `dead_on` or less, else he recovers."""

    dead_on: int = Field(ge=0, le=6)


class InjuryTable(_Data):
    """The Hero's injury table: the 2d6 totals of each row, and what the lasting injuries take."""

    dead: Total = Field(max_length=11)
    captured: Total = Field(max_length=11)
    lost_eye: Total = Field(max_length=11)
    old_wound: Total = Field(max_length=11)
    leg_wound: Total = Field(max_length=11)
    arm_wound: Total = Field(max_length=11)
    misses_battle: Total = Field(max_length=11)
    full_recovery: Total = Field(max_length=11)
    old_wound_out_on: int = Field(ge=0, le=6, description="An old wound keeps him out on this or less.")
    lost_eye_shoot: int = Field(ge=0, le=6, description="Shoot a lost eye takes.")
    leg_wound_move: int = Field(ge=0, le=6, description="Move a leg wound takes.")
    arm_wound_fight: int = Field(ge=0, le=6, description="Fight an arm wound takes.")

    @model_validator(mode="after")
    def _every_total_once(self) -> InjuryTable:
        seen = sorted(t for row in INJURIES for t in getattr(self, row))
        if seen != list(range(2, 13)):
            raise ValueError("the injury table's rows must name each 2d6 total from 2 to 12 exactly once")
        return self

    def row(self, total: int) -> Injury:
        """The row of a 2d6 total."""
        return next(name for name in INJURIES if total in getattr(self, name))


class Valour(_Data):
    """The Valour totals at which a Hero gains a Skill, rising."""

    thresholds: tuple[int, ...] = Field(min_length=1, max_length=20)

    @model_validator(mode="after")
    def _rising(self) -> Valour:
        if any(not 1 <= t <= 1000 for t in self.thresholds) or list(self.thresholds) != sorted(
                set(self.thresholds)):
            raise ValueError("the Valour thresholds must rise, each from 1 to 1000")
        return self

    def crossed(self, before: int, after: int) -> int:
        """How many thresholds a total passes going from `before` to `after`."""
        return sum(1 for t in self.thresholds if before < t <= after)


class Veteran(_Data):
    """A Retainer who won Valour rolls a d6 and is made a veteran on `promoted_on` or more, at most
    `cap` times; each time adds `gain` to his Fight (a Fighter) or Shoot (a Shootist)."""

    promoted_on: int = Field(ge=1, le=7)
    cap: int = Field(ge=0, le=6)
    gain: int = Field(ge=0, le=3)


class Prestige(_Data):
    """Prestige at the start, what a battle adds and what it costs."""

    start: int = Field(ge=0, le=1000)
    victory: int = Field(ge=0, le=100)
    draw: int = Field(ge=0, le=100)
    objective: int = Field(ge=0, le=100)
    deed: int = Field(ge=0, le=100)
    steed_struck: int = Field(ge=0, le=100)
    captain_lost: int = Field(ge=0, le=100)


class Prices(_Data):
    """What Prestige buys at the muster."""

    retainer: int = Field(ge=0, le=100)
    warhorse: int = Field(ge=0, le=100)
    nag: int = Field(ge=0, le=100)
    lance: int = Field(ge=0, le=100)
    ransom: int = Field(ge=0, le=100)
    healer: int = Field(ge=0, le=100)


class CampaignRules(_Data):
    """The campaign's tables (RULES-BRIEF §12.3)."""

    captain_profile: str = Field(min_length=1, max_length=40)
    squire_profile: str = Field(min_length=1, max_length=40)
    hero_lists: tuple[str, ...] = Field(min_length=1, max_length=3)
    min_field: int = Field(ge=1, le=40, description="A retinue with fewer models cannot take the field.")
    retainer: RetainerRoll
    injury: InjuryTable
    valour: Valour
    veteran: Veteran
    prestige: Prestige
    prices: Prices

    @model_validator(mode="after")
    def _known_lists(self) -> CampaignRules:
        unknown = [name for name in self.hero_lists if name not in SKILL_LISTS]
        if unknown:
            raise ValueError(f"no Skill list {unknown[0]!r}: the lists are {', '.join(SKILL_LISTS)}")
        return self


def campaign_rules_from(data_dir: Path) -> CampaignRules:
    """The campaign's tables of a content folder; one ContentError naming the file and field."""
    return data_model(data_dir / CAMPAIGN_FILE, "campaign", CampaignRules)


@cache
def campaign_rules() -> CampaignRules:
    """The shipped campaign tables."""
    return campaign_rules_from(DATA_DIR)
