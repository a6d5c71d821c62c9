"""Every key of campaign.toml is read by the game, the shipped file sets each one itself, and the
tables' bounds refuse a file that breaks them."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest
from pydantic import BaseModel

from game.campaign.rules import (
    INJURIES,
    CampaignRules,
    InjuryTable,
    Prestige,
    Prices,
    RetainerRoll,
    Valour,
    campaign_rules_from,
)
from game.content.loader import DATA_DIR, ContentError

GAME = Path(__file__).resolve().parents[2] / "game"
SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in sorted(GAME.rglob("*.py")))
SEQUENCE = (GAME / "campaign" / "sequence.py").read_text(encoding="utf-8")
SECTIONS: dict[type[BaseModel], tuple[str, ...]] = {
    CampaignRules: ("campaign",), RetainerRoll: ("campaign", "retainer"), InjuryTable: ("campaign", "injury"),
    Valour: ("campaign", "valour"), Prestige: ("campaign", "prestige"), Prices: ("campaign", "prices")}
FIELDS = [(model, name) for model in SECTIONS for name in model.model_fields]


@pytest.mark.parametrize(("model", "name"), FIELDS, ids=[f"{m.__name__}.{n}" for m, n in FIELDS])
def test_every_campaign_key_is_read_somewhere_in_the_game(model: type[BaseModel], name: str) -> None:
    """A row of the injury table is looked up by its name (`InjuryTable.row`) and the post-battle
    sequence acts on it by name; every other key is read as a field."""
    if model is InjuryTable and name in INJURIES:
        read = f'"{name}"' in SEQUENCE
    else:
        read = bool(re.search(rf"\.{name}\b", SOURCE))
    assert read, f"{model.__name__}.{name} is never read in game/"


@pytest.mark.parametrize("model", list(SECTIONS), ids=lambda m: m.__name__)
def test_the_shipped_campaign_file_sets_every_key_itself(model: type[BaseModel]) -> None:
    table: dict[str, object] = tomllib.loads((DATA_DIR / "campaign.toml").read_text(encoding="utf-8"))
    for key in SECTIONS[model]:
        table = table[key]  # type: ignore[assignment]
    missing = sorted(set(model.model_fields) - set(table))
    assert not missing, f"campaign.toml [{'.'.join(SECTIONS[model])}] does not set {missing}"


def test_the_injury_table_names_each_total_once() -> None:
    table = campaign_rules_from(DATA_DIR).injury
    assert [table.row(t) for t in (2, 4, 5, 6, 7, 8, 9, 11)] == [
        "dead", "captured", "lost_eye", "old_wound", "leg_wound", "arm_wound", "misses_battle",
        "full_recovery"]


@pytest.mark.parametrize(("old", "new", "field"), [
    ("dead_on = 1", "dead_on = 7", "dead_on"),
    ("victory = 3", "victory = -1", "victory"),
    ("retainer = 2\n", "retainer = 500\n", "retainer"),
    ("captured = [4]", "captured = [4, 5]", "injury"),
    ("thresholds = [5, 12, 20, 30, 45]", "thresholds = [12, 5]", "valour"),
    ('hero_lists = ["leader", "agility", "strength"]', 'hero_lists = ["cunning"]', "cunning"),
])
def test_a_number_out_of_its_range_is_one_error_naming_it(tmp_path: Path, old: str, new: str,
                                                         field: str) -> None:
    shutil.copy(DATA_DIR / "campaign.toml", tmp_path / "campaign.toml")
    text = (tmp_path / "campaign.toml").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "campaign.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError, match=field):
        campaign_rules_from(tmp_path)
