"""A roster's breaches are named all at once, each pointing at its model; the muster's rules and the
period names come from the data, and every number of them is read by the game."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from pydantic import ValidationError

from game.content import load_content
from game.content.loader import DATA_DIR
from game.muster import (
    Roster,
    RosterError,
    blank,
    breaches,
    dismount_all,
    mount_all,
    muster_rules,
    names,
    propose_name,
    template,
    to_retinue,
)
from game.muster.rules import MusterRules

GAME = Path(__file__).resolve().parents[2] / "game"


def _with(roster: Roster, index: int, **changes: object) -> Roster:
    members = list(roster.members)
    members[index] = members[index].model_copy(update=changes)
    return roster.model_copy(update={"members": tuple(members)})


def _index(roster: Roster, profile: str) -> int:
    return next(i for i, m in enumerate(roster.members) if m.profile == profile)


def test_a_blank_roster_and_every_shipped_retinue_of_twelve_are_legal() -> None:
    content, rules = load_content(), muster_rules()
    assert breaches(blank(1), content, rules) == []
    assert all(m.steed is None for m in blank(1).members)
    for rid in ("york-foot", "lancaster-foot", "york-mounted", "lancaster-mounted", "lancaster-archers"):
        assert breaches(template(rid), content, rules) == [], rid
    assert breaches(mount_all(blank(2)), content, rules) == []


def test_every_breach_is_named_at_once_each_at_its_model() -> None:
    content, rules = load_content(), muster_rules()
    roster = blank(3)
    archer, billman = _index(roster, "archer"), _index(roster, "billman")
    crossbow = _index(roster, "crossbowman")
    roster = _with(roster, archer, steed="warhorse")  # a Shootist on a Warhorse
    roster = _with(roster, crossbow, steed="nag", lance=True)  # a lance on a Shootist
    roster = _with(roster, billman, skills=("equestrian",))  # a Billman given Equestrian
    roster = _with(roster, 0, skills=("second_sight",))  # an unknown Skill
    roster = _with(roster, 4, spear=9)  # the Squire leaves his Spear without a Hero
    roster = roster.model_copy(update={"members": (*roster.members, roster.members[2])})  # 13 models
    found = breaches(roster, content, rules)
    codes = {(b.member, b.code) for b in found}
    assert (archer, "wrong_steed") in codes
    assert (crossbow, "lance_role") in codes
    assert (billman, "role_skill") in codes
    assert (0, "unknown_skill") in codes
    assert (None, "too_many") in codes  # ten Retainers
    spearless = {b.member for b in found if b.code == "spear_no_hero"}
    assert spearless == {i for i, m in enumerate(roster.members) if m.spear == 2}
    texts = " | ".join(b.text for b in found)
    assert "is a Shootist and may only ride a Nag, not a Warhorse" in texts
    assert "may not have the Skill Equestrian" in texts
    assert "the retinue has 10 Retainers; it needs 9" in texts


def test_unknown_names_too_few_and_the_house_limit() -> None:
    content, rules = load_content(), muster_rules()
    roster = mount_all(blank(4)).model_copy(update={"half_mounted": True})
    roster = _with(roster, 5, profile="jester")
    roster = _with(roster, 6, steed="unicorn")
    roster = _with(roster, 7, weapons=("halberd",))
    roster = roster.model_copy(update={"members": roster.members[:-1]})
    codes = {(b.member, b.code) for b in breaches(roster, content, rules)}
    assert {(5, "unknown_profile"), (6, "unknown_steed"), (7, "unknown_weapon"), (None, "too_few"),
            (None, "house_mounted")} <= codes
    limit = rules.mounted_limit()
    assert limit == 6
    riders = mount_all(blank(4))
    half = blank(4).model_copy(update={"half_mounted": True})
    for i in range(limit):
        half = _with(half, i, steed=riders.members[i].steed)
    assert not [b for b in breaches(half, content, rules) if b.code == "house_mounted"]
    over = _with(half, limit, steed=riders.members[limit].steed)
    assert [b.member for b in breaches(over, content, rules) if b.code == "house_mounted"] == [None]


def test_a_lance_needs_a_warhorse_and_a_billman_may_carry_one() -> None:
    content, rules = load_content(), muster_rules()
    roster = blank(5)
    billman = _index(roster, "billman")
    assert {b.code for b in breaches(_with(roster, billman, lance=True), content, rules)} == {"lance_on_foot"}
    assert breaches(_with(roster, billman, lance=True, steed="warhorse"), content, rules) == []
    assert breaches(dismount_all(mount_all(roster)), content, rules) == []


def test_the_file_bounds_its_fields() -> None:
    data = blank(1).model_dump(mode="json")
    for bad in ({"name": ""}, {"name": "a\nb"}, {"colours": [[0, 0, 256], [0, 0, 0]]},
                {"members": [data["members"][0]] * 41}, {"version": 2}, {"kind": "destrier-save"}):
        with pytest.raises(ValidationError):
            Roster.model_validate({**data, **bad})


def test_a_roster_in_breach_does_not_take_the_field_and_a_legal_one_does() -> None:
    roster = _with(blank(1), _index(blank(1), "archer"), steed="warhorse")
    with pytest.raises(RosterError, match="may only ride a Nag"):
        to_retinue(roster, "roster:red")
    retinue = to_retinue(mount_all(blank(1)), "roster:red")
    assert [len(s.retainers) for s in retinue.spears] == [3, 3, 3]
    assert retinue.spears[0].hero.profile == "captain"


def test_period_names_are_many_deterministic_and_avoid_the_taken() -> None:
    data = names()
    assert len(data.given) >= 40 and len(data.surnames) >= 40
    first = propose_name(7)
    assert propose_name(7) == first
    assert propose_name(7, taken={first}) != first
    assert propose_name(7, captain=True).startswith(f"{data.title} ")
    given, surname = first.split(" ", 1)
    assert given in data.given and surname in data.surnames
    few = data.model_copy(update={"given": ("Hob",), "surnames": ("Kemp",)})
    assert propose_name(1, taken={"Hob Kemp"}, source=few) == "Hob Kemp II"
    assert len({m.name for m in blank(9).members}) == 12


def _source() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(GAME.rglob("*.py")))


@pytest.mark.parametrize("name", sorted(MusterRules.model_fields))
def test_every_muster_number_is_set_by_the_data_and_read_in_the_game(name: str) -> None:
    table = tomllib.loads((DATA_DIR / "muster.toml").read_text(encoding="utf-8"))["muster"]
    assert name in table, f"muster.toml does not set {name}"
    assert re.search(rf"\.{name}\b", _source()), f"MusterRules.{name} is never read in game/"
