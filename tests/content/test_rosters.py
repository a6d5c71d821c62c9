"""Roster validation, RULES-BRIEF §9.1 [R]: who may ride what, and who may carry a lance."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.content.loader import DATA_DIR, ContentError, load_content, load_content_from

LANCE = '["lance", "hand_weapon"]'


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    """A writable copy of the shipped content."""
    out = tmp_path / "data"
    shutil.copytree(DATA_DIR, out)
    return out


def member(profile: str, name: str, steed: str | None = None, weapons: str | None = None,
           seat: str | None = None) -> str:
    """One member as an inline TOML table."""
    parts = [f'profile = "{profile}"', f'name = "{name}"']
    if steed is not None:
        parts.append(f'steed = "{steed}"')
    if weapons is not None:
        parts.append(f"weapons = {weapons}")
    if seat is not None:
        parts.append(f'seat = "{seat}"')
    return "{ " + ", ".join(parts) + " }"


def add_retinue(data: Path, odd: str = "", captain: str | None = None, squire: str | None = None) -> None:
    """Write the shipped retinues plus retinue 'bad' (a valid mounted one) into the copy.

    `odd` is one extra retainer of the Captain's Spear; `captain` and `squire` replace the Heroes.
    """
    hero = captain or member("captain", "Sir Giles Daubeney", "warhorse", LANCE)
    squire = squire or member("squire", "Piers Gower", "warhorse", LANCE)
    retainers = [member("man_at_arms", "Cuthbert Hall", "warhorse", LANCE),
                 member("archer", "Ned Wyatt", "nag")]
    if odd:
        retainers.append(odd)
    text = (
        '\n[[retinue]]\nid = "bad"\nname = "A bad roster"\nbanner = "Sable"\n'
        f"[[retinue.spears]]\nhero = {hero}\nretainers = [{', '.join(retainers)}]\n"
        f'[[retinue.spears]]\nhero = {squire}\nretainers = [{member("billman", "Tom Hobbe")}]\n'
    )
    (data / "retinues.toml").write_text((DATA_DIR / "retinues.toml").read_text() + text)


def rejected(data: Path, problem: str) -> None:
    """The copied content is refused with a retinues.toml message ending in `problem`."""
    msg = f"retinues.toml: cross-reference check: retinue 'bad': {problem}"
    with pytest.raises(ContentError, match="^" + re.escape(msg) + "$"):
        load_content_from(data)


def test_the_template_retinue_is_valid(data: Path) -> None:
    add_retinue(data)
    assert "bad" in load_content_from(data).retinues


def test_shootist_may_only_ride_a_nag(data: Path) -> None:
    add_retinue(data, member("archer", "Will Scathelock", "warhorse"))
    rejected(data, "Will Scathelock is a Shootist and may only ride a Nag, not a Warhorse")


def test_crossbowman_on_a_warhorse_is_refused_too(data: Path) -> None:
    add_retinue(data, member("crossbowman", "Lambkin Bolt", "warhorse"))
    rejected(data, "Lambkin Bolt is a Shootist and may only ride a Nag, not a Warhorse")


def test_captain_may_only_ride_a_warhorse(data: Path) -> None:
    add_retinue(data, captain=member("captain", "Sir Giles Daubeney", "nag"))
    rejected(data, "Sir Giles Daubeney is a Captain and may only ride a Warhorse, not a Nag")


def test_squire_may_only_ride_a_warhorse(data: Path) -> None:
    add_retinue(data, squire=member("squire", "Piers Gower", "nag"))
    rejected(data, "Piers Gower is a Squire and may only ride a Warhorse, not a Nag")


def test_fighter_may_only_ride_a_warhorse(data: Path) -> None:
    add_retinue(data, member("billman", "Hob Nailer", "nag"))
    rejected(data, "Hob Nailer is a Fighter and may only ride a Warhorse, not a Nag")


@pytest.mark.parametrize("profile", ["captain", "billman", "archer"])
def test_a_beast_of_burden_is_not_a_riding_steed(data: Path, profile: str) -> None:
    if profile == "captain":
        add_retinue(data, captain=member("captain", "Sir Giles Daubeney", "beast_of_burden"))
        name = "Sir Giles Daubeney"
    else:
        name = "Jack Mule"
        add_retinue(data, member(profile, name, "beast_of_burden"))
    rejected(data, f"{name} rides a Beast of Burden, which is not a riding steed for a retinue member")


def test_a_lance_needs_a_warhorse_not_bare_feet(data: Path) -> None:
    add_retinue(data, captain=member("captain", "Sir Giles Daubeney", None, LANCE))
    rejected(data, "Sir Giles Daubeney carries a lance but does not ride a Warhorse")


def test_a_fighter_on_foot_may_not_carry_a_lance(data: Path) -> None:
    add_retinue(data, member("man_at_arms", "Hal Spurrier", None, LANCE))
    rejected(data, "Hal Spurrier carries a lance but does not ride a Warhorse")


def test_a_lance_on_a_nag_is_refused(data: Path) -> None:
    add_retinue(data, member("archer", "Simond Ash", "nag", '["lance", "longbow"]'))
    rejected(data, "Simond Ash carries a lance but does not ride a Warhorse")


def test_a_lance_from_the_profile_counts(data: Path) -> None:
    path = data / "profiles.toml"
    path.write_text(path.read_text() + (
        '\n[[profile]]\nid = "lancer"\nname = "Lancer"\ntype = "retainer"\nrole = "fighter"\n'
        'move = 6\nfight = 2\nsave = 4\nhealth = 1\nweapons = ["lance"]\n'))
    add_retinue(data, member("lancer", "Rafe Prickett"))
    rejected(data, "Rafe Prickett carries a lance but does not ride a Warhorse")


def test_a_new_steed_needs_a_kind_and_is_judged_by_it(data: Path) -> None:
    path = data / "steeds.toml"
    base = path.read_text()
    extra = '\n[[steed]]\nid = "barded_destrier"\nname = "Barded Destrier"\nmove = 9\nhealth = 3\nsave = 4\n'
    path.write_text(base + extra)
    with pytest.raises(ContentError, match=r"steeds\.toml: steed\[3\] \(id='barded_destrier'\): "
                                           r".*needs a kind"):
        load_content_from(data)
    path.write_text(base + extra + 'kind = "warhorse"\n')
    add_retinue(data, captain=member("captain", "Sir Giles Daubeney", "barded_destrier", LANCE))
    assert load_content_from(data).retinues["bad"].spears[0].hero.steed == "barded_destrier"
    add_retinue(data, member("archer", "Ned Skelton", "barded_destrier"))
    rejected(data, "Ned Skelton is a Shootist and may only ride a Nag, not a Barded Destrier")


def test_every_shipped_retinue_passes_the_roster_rules() -> None:
    c = load_content()
    for retinue in c.retinues.values():
        for spear in retinue.spears:
            for m in (spear.hero, *spear.retainers):
                assert c.roster_problem(m) == "", (retinue.id, m.name)


def riders(retinue_id: str) -> dict[str, int]:
    """How many members of a retinue ride each steed ('foot' for none), and how many carry lances."""
    c = load_content()
    out: dict[str, int] = {}
    for spear in c.retinues[retinue_id].spears:
        for m in (spear.hero, *spear.retainers):
            out[m.steed or "foot"] = out.get(m.steed or "foot", 0) + 1
            if "lance" in (m.weapons or c.profiles[m.profile].weapons):
                out["lances"] = out.get("lances", 0) + 1
    return out


@pytest.mark.parametrize("rid", ["york-mounted", "lancaster-mounted"])
def test_mounted_retinues_for_the_ford(rid: str) -> None:
    c = load_content()
    retinue = c.retinues[rid]
    assert riders(rid) == {"warhorse": 6, "nag": 4, "foot": 2, "lances": 4}
    for spear in retinue.spears:  # every Hero rides a Warhorse with a lance
        assert spear.hero.steed == "warhorse" and spear.hero.weapons == ("lance", "hand_weapon")
        for m in spear.retainers:
            if c.profiles[m.profile].role == "shootist":
                assert m.steed == "nag"
            else:
                assert m.steed in ("warhorse", None)


def test_archers_retinue_is_on_foot_and_heavy_with_bows() -> None:
    c = load_content()
    retinue = c.retinues["lancaster-archers"]
    assert riders("lancaster-archers") == {"foot": 12}
    assert len(retinue.spears) == 3 and [len(s.retainers) for s in retinue.spears] == [3, 3, 3]
    profiles = [m.profile for s in retinue.spears for m in s.retainers]
    assert (profiles.count("archer"), profiles.count("billman"), profiles.count("handgunner")) == (5, 3, 1)


# --- seats on vehicles (§10) ----------------------------------------------------------------------


def test_a_member_may_have_a_seat_on_a_vehicle(data: Path) -> None:
    add_retinue(data, member("carter", "Hick Wainman", seat="Box"))
    spear = load_content_from(data).retinues["bad"].spears[0]
    assert [m.seat for m in spear.retainers] == [None, None, "Box"]


def test_a_seat_must_be_on_some_vehicle(data: Path) -> None:
    add_retinue(data, member("carter", "Hick Wainman", seat="Roof"))
    msg = ("retinues.toml: cross-reference check: retinue 'bad': Hick Wainman has seat 'Roof', "
           "which is no seat")
    with pytest.raises(ContentError, match="^" + re.escape(msg)) as info:
        load_content_from(data)
    assert "'Box mate'" in str(info.value) and "'Tailboard'" in str(info.value)  # the seats there are


def test_seat_names_match_exactly(data: Path) -> None:
    add_retinue(data, member("carter", "Hick Wainman", seat="box"))
    with pytest.raises(ContentError, match=r"retinue 'bad': Hick Wainman has seat 'box', which is no seat"):
        load_content_from(data)


@pytest.mark.parametrize("steed", ["warhorse", "nag"])
def test_a_member_with_a_seat_may_not_ride_a_steed(data: Path, steed: str) -> None:
    profile = "man_at_arms" if steed == "warhorse" else "archer"
    add_retinue(data, member(profile, "Hamon Wright", steed, seat="Box mate"))
    name = "Warhorse" if steed == "warhorse" else "Nag"
    rejected(data, f"Hamon Wright has seat 'Box mate' on a vehicle and may not also ride a steed ({name}); "
                   "a model with a seat starts aboard")


def test_a_hero_may_have_a_seat(data: Path) -> None:
    add_retinue(data, squire=member("squire", "Piers Gower", seat="Box"))
    assert load_content_from(data).retinues["bad"].spears[1].hero.seat == "Box"


def test_escort_retinue_has_its_wagon_crew_and_riders() -> None:
    c = load_content()
    retinue = c.retinues["york-escort"]
    captain = retinue.spears[0]
    assert c.profiles[captain.hero.profile].role == "captain" and captain.hero.steed == "warhorse"
    crew = {m.seat: m for s in retinue.spears for m in (s.hero, *s.retainers) if m.seat}
    assert set(crew) == {"Box", "Box mate", "Tailboard"}
    assert all(m in captain.retainers for m in crew.values())  # the wagon crew is in the Captain's Spear
    assert crew["Box"].profile == "carter" and crew["Tailboard"].profile == "archer"
    wagon = c.vehicles["supply_wagon"]
    assert wagon.seat("Box").role == "driver" and wagon.seat("Tailboard").leaning_out
    assert all(m.steed is None for m in crew.values())
    assert all(m.steed is None for m in (retinue.spears[1].hero, *retinue.spears[1].retainers))


def test_ambush_retinue_is_on_foot_but_for_three_riders() -> None:
    c = load_content()
    retinue = c.retinues["lancaster-ambush"]
    counts = riders("lancaster-ambush")
    assert counts["warhorse"] == 3 and "nag" not in counts and counts["foot"] >= 9
    mounted = [s for s in retinue.spears if s.hero.steed]
    assert len(mounted) == 1 and all(m.steed == "warhorse" for m in mounted[0].retainers)
    assert len(mounted[0].retainers) == 2
    shooters = {m.profile for s in retinue.spears for m in s.retainers}
    assert {"archer", "crossbowman", "handgunner"} <= shooters
    assert not any(m.seat for s in retinue.spears for m in (s.hero, *s.retainers))
