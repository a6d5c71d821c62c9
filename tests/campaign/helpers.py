"""A campaign of two shipped-style rosters and battle results written by hand, for the tests."""

from __future__ import annotations

from typing import Any

from game.campaign import BattleResult, Campaign, new_campaign
from game.content import load_content
from game.muster import blank, mount_all


def campaign(prestige: int = 10, seed: int = 3, mounted: bool = True) -> Campaign:
    """Red on horseback (Heroes and Fighters on Warhorses, Shootists on Nags), blue on foot."""
    red = blank(1, "The Red Riders")
    return new_campaign("A Test Campaign", "open", seed, mount_all(red) if mounted else red,
                        blank(2, "The Blue Foot"), prestige)


def number_of(c: Campaign, side: str, role: str, nth: int = 0) -> int:
    """The campaign number of the nth model of a role (captain, squire, fighter, shootist)."""
    content = load_content()
    retinue = c.sides[side]  # type: ignore[index]
    found = [rec.number for m, rec in zip(retinue.roster.members, retinue.records, strict=True)
             if content.profiles[m.profile].role == role]
    return found[nth]


def result(*models: dict[str, Any], winner: str = "draw", objectives: dict[str, int] | None = None
           ) -> BattleResult:
    """A battle's result naming only the models that did something."""
    return BattleResult.model_validate({"scenario": "the-ford", "seed": 1, "winner": winner,
                                        "objectives": objectives or {}, "models": list(models)})
