"""Vehicles, ram bands and the §10 numbers: the shipped data, its validation, and the band lookup."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.content.loader import DATA_DIR, ContentError, load_content, load_content_from
from game.content.models import RamBand, Seat, check_ram_bands, ram_band

SECTION_10 = ("vehicles", "drive", "carter_test", "out_of_control", "ramming", "impact_speed", "ram_damage",
              "armour_facing", "dodge", "under_the_wheels", "crew_damage", "vehicle_shooting", "disabled",
              "fire")


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    """A writable copy of the shipped content."""
    out = tmp_path / "data"
    shutil.copytree(DATA_DIR, out)
    return out


def edit(data: Path, old: str, new: str, fname: str = "vehicles.toml") -> None:
    """Replace the one occurrence of `old` in a copied content file."""
    text = (data / fname).read_text()
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {fname}"
    (data / fname).write_text(text.replace(old, new))


def rejected(data: Path, pattern: str) -> str:
    """The copied content is refused with a message matching `pattern` (a regex) from its start."""
    with pytest.raises(ContentError) as info:
        load_content_from(data)
    assert re.match(pattern, str(info.value)), str(info.value)
    return str(info.value)


# --- the shipped data ---------------------------------------------------------------------------------


def test_the_four_vehicles_have_the_briefs_structure() -> None:
    c = load_content()
    assert {v.id: v.kind for v in c.vehicles.values()} == {"handcart": "handcart", "ox_cart": "ox_cart",
                                                           "supply_wagon": "supply_wagon",
                                                           "war_wagon": "war_wagon"}
    teams = {v.id: (v.team.steed, v.team.count) for v in c.vehicles.values()}
    assert teams == {"handcart": ("beast_of_burden", 1), "ox_cart": ("beast_of_burden", 2),
                     "supply_wagon": ("nag", 2), "war_wagon": ("nag", 4)}
    footprints = {v.id: (v.width, v.length) for v in c.vehicles.values()}
    assert footprints == {"handcart": (1, 2), "ox_cart": (2, 3), "supply_wagon": (2, 4),
                          "war_wagon": (2.5, 4.5)}
    for v in c.vehicles.values():
        assert 1 <= v.operational_level <= v.toughness and v.base_damage >= 1
        assert min(v.armour.front, v.armour.side, v.armour.rear) >= 0
        assert v.drivers and v.max_speed <= c.team_steed(v.id).move
        assert [v.hit_location(r) for r in range(1, 7)].count("crew") == (2 if v.id == "handcart"
                                                                         else 1 if v.open_topped else 0)
    # heavier and tougher up the scale
    order = [c.vehicles[i] for i in ("handcart", "ox_cart", "supply_wagon", "war_wagon")]
    for lighter, heavier in zip(order, order[1:], strict=False):
        assert lighter.toughness < heavier.toughness and lighter.mass < heavier.mass
        assert lighter.base_damage < heavier.base_damage
    # the team animals keep their own Health from steeds.toml
    assert c.team_steed("war_wagon").health == 2 and c.team_steed("ox_cart").health == 1


def test_the_war_wagon_is_closed_with_pavises_and_loopholes() -> None:
    wagon = load_content().vehicles["war_wagon"]
    assert not wagon.open_topped
    assert {wagon.hit_location(r) for r in range(1, 7)} == {"hull", "traction"}
    assert wagon.armour.against("side") > wagon.armour.against("front")
    assert sum(s.braced for s in wagon.seats) >= 3 and sum(s.leaning_out for s in wagon.seats) == 2
    assert wagon.seat("Loophole, left").role == "crew"
    with pytest.raises(KeyError):
        wagon.seat("Roof")
    assert wagon.disabled(9) and not wagon.disabled(10)


def test_section_10_rules_tables_and_numbers_ship() -> None:
    c = load_content()
    for rule_id in SECTION_10:
        rule = c.rules[rule_id]
        assert rule.section == "10" and rule.tag in ("I", "H"), rule_id
    table = c.tables[c.vehicle_rules.out_of_control_table]
    assert table.rule == "out_of_control"
    assert {table.lookup(r).result for r in range(1, 7)} == {"veer_left", "veer_right", "stall"}
    assert "carter" in c.profiles["carter"].skills
    assert (c.profiles["carter"].move, c.profiles["carter"].fight, c.profiles["carter"].save,
            c.profiles["carter"].health) == (6, 1, 6, 1)
    rules = c.vehicle_rules
    assert (rules.fire.die, rules.fire.spreads_on, rules.fire.chance) == (8, 2, 0.25)
    assert rules.max_speed_change == 4 and rules.static_obstacle_factor == 2 and rules.tangent_factor == 0.5


def test_vehicle_shooting_modifiers() -> None:
    shooting = load_content().vehicle_rules.shooting
    assert [shooting.at_vehicle(moved) for moved in (0, 4, 8.5, 9, 12)] == [1, 0, 0, -1, -1]
    assert shooting.from_vehicle(0, rough=True) == 0
    assert shooting.from_vehicle(3, rough=False) == -1 and shooting.from_vehicle(3, rough=True) == -2


def test_crew_damage_dice_and_armour_facing() -> None:
    rules = load_content().vehicle_rules
    assert [rules.crew_dice(d) for d in (0, 9, 10, 19, 20, 35)] == [0, 0, 1, 1, 2, 3]
    assert rules.seat_die(Seat(name="a", role="crew")).label == "D6"
    assert rules.seat_die(Seat(name="b", role="crew", braced=True)).label == "D3"
    assert rules.seat_die(Seat(name="c", role="crew", leaning_out=True)).label == "D6+2"
    assert [rules.facing(b) for b in (0, 45, 46, -90, 134, 135, 180, -170, 360)] == [
        "front", "front", "side", "side", "side", "rear", "rear", "rear", "front"]
    assert rules.carter_test_needed(turn=0, speed_change=2)
    assert rules.carter_test_needed(turn=-45, speed_change=0)
    assert not rules.carter_test_needed(turn=30, speed_change=0)


# --- ram bands ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("speed", "die", "dodge"), [
    (0, "D3", 1), (4, "D3", 1), (4.9, "D3", 1), (5, "D6", 0), (8, "D6", 0), (8.9999999, "D6+1", -1),
    (9, "D6+1", -1), (12, "D6+1", -1), (40, "D6+1", -1)])
def test_ram_band_lookup(speed: float, die: str, dodge: int) -> None:
    band = load_content().ram_band(speed)
    assert (band.die.label, band.dodge_modifier) == (die, dodge)


def test_a_negative_or_nan_impact_speed_is_refused() -> None:
    with pytest.raises(ValueError, match="impact speed"):
        load_content().ram_band(-1)
    with pytest.raises(ValueError, match="impact speed"):
        load_content().ram_band(float("nan"))


@given(st.floats(0, 100), st.floats(0, 100))
def test_a_faster_impact_never_deals_fewer_dice(a: float, b: float) -> None:
    slow, fast = load_content().ram_band(min(a, b)), load_content().ram_band(max(a, b))
    assert fast.die.lowest >= slow.die.lowest and fast.die.highest >= slow.die.highest
    assert fast.die.mean >= slow.die.mean and fast.dodge_modifier <= slow.dodge_modifier


bands_strategy = st.lists(
    st.builds(RamBand, from_speed=st.integers(0, 20).map(float), die_sides=st.sampled_from([3, 6, 8]),
              die_bonus=st.integers(-1, 2), dodge_modifier=st.integers(-2, 2)),
    min_size=1, max_size=5)


@given(bands_strategy, st.floats(0, 30), st.floats(0, 30))
def test_any_band_table_that_passes_the_check_is_monotone(bands: list[RamBand], a: float, b: float) -> None:
    bands = sorted(bands, key=lambda band: band.from_speed)
    try:
        check_ram_bands(bands)
    except ValueError:
        return
    slow, fast = ram_band(bands, min(a, b)), ram_band(bands, max(a, b))
    assert fast.die.lowest >= slow.die.lowest and fast.die.mean >= slow.die.mean
    assert fast.die.highest >= slow.die.highest and fast.dodge_modifier <= slow.dodge_modifier


def test_a_weaker_faster_band_names_the_file_band_and_field(data: Path) -> None:
    edit(data, "die_sides = 6\ndie_bonus = 1", "die_sides = 3\ndie_bonus = 1")
    rejected(data, r"vehicles\.toml: ram_band\[2\]: field die_sides/die_bonus: D3\+1 from 9\.0\" is weaker")


def test_an_easier_faster_dodge_is_refused(data: Path) -> None:
    edit(data, "dodge_modifier = -1", "dodge_modifier = 2")
    rejected(data, r"vehicles\.toml: ram_band\[2\]: field dodge_modifier: \+2 from 9\.0\" is easier")


def test_bands_out_of_order_and_bad_fields(data: Path) -> None:
    edit(data, "from_speed = 9.0", "from_speed = 5.0")
    rejected(data, r"vehicles\.toml: ram_band\[2\]: field from_speed: 5\.0 must be above")


def test_a_bad_band_field_names_the_band(data: Path) -> None:
    edit(data, "from_speed = 5.0", 'from_speed = "five"')
    rejected(data, r"vehicles\.toml: ram_band\[1\]: field from_speed: ")


# --- validation errors name vehicles.toml, the entry and the field -------------------------------------


def test_unknown_team_steed(data: Path) -> None:
    edit(data, 'team = { steed = "nag", count = 2 }', 'team = { steed = "unicorn", count = 2 }')
    rejected(data, r"vehicles\.toml: cross-reference check: vehicle 'supply_wagon': field team\.steed: "
                   r"unknown steed 'unicorn'$")


def test_a_warhorse_does_not_pull_a_wagon(data: Path) -> None:
    edit(data, 'team = { steed = "nag", count = 4 }', 'team = { steed = "warhorse", count = 4 }')
    rejected(data, r"vehicles\.toml: cross-reference check: vehicle 'war_wagon': field team\.steed: "
                   r"a Warhorse may not pull a vehicle")


def test_a_vehicle_faster_than_its_team(data: Path) -> None:
    edit(data, "max_speed = 5.0", "max_speed = 8.0")
    rejected(data, r"vehicles\.toml: cross-reference check: vehicle 'ox_cart': field max_speed: 8 is faster "
                   r"than its team of Beast of Burden can go \(Move 6\)$")


def test_no_driver_seat(data: Path) -> None:
    edit(data, '{ name = "Box", role = "driver" }', '{ name = "Box", role = "crew" }')
    rejected(data, r"vehicles\.toml: vehicle\[2\] \(id='supply_wagon'\): field seats: .*"
                   r"needs at least one seat with role 'driver'$")


def test_operational_level_above_toughness(data: Path) -> None:
    edit(data, "operational_level = 3", "operational_level = 9")
    rejected(data, r"vehicles\.toml: vehicle\[0\] \(id='handcart'\): field operational_level: .*"
                   r"operational level 9 is above the toughness 8$")


def test_hit_table_gap(data: Path) -> None:
    edit(data, '{ low = 4, high = 4, result = "traction" }', '{ low = 4, high = 3, result = "traction" }')
    rejected(data, r"vehicles\.toml: vehicle\[0\] \(id='handcart'\): field hit_locations\.1: "
                   r".*runs backwards")
    edit(data, '{ low = 4, high = 3, result = "traction" }', '{ low = 4, high = 4, result = "traction" }')
    edit(data, '{ low = 1, high = 4, result = "hull" }', '{ low = 1, high = 3, result = "hull" }')
    rejected(data, r"vehicles\.toml: vehicle\[3\] \(id='war_wagon'\): field hit_locations: .*"
                   r"must cover 1-6 exactly once: rolls \[4\] are missing$")


def test_hit_table_overlap(data: Path) -> None:
    edit(data, '{ low = 4, high = 4, result = "traction" }', '{ low = 3, high = 4, result = "traction" }')
    rejected(data, r"vehicles\.toml: vehicle\[0\] \(id='handcart'\): field hit_locations: .*"
                   r"rolls \[3\] appear twice$")


def test_crew_row_on_a_closed_vehicle(data: Path) -> None:
    edit(data, '{ low = 5, high = 6, result = "traction" },',
         '{ low = 5, high = 5, result = "traction" },\n  { low = 6, high = 6, result = "crew" },')
    rejected(data, r"vehicles\.toml: vehicle\[3\] \(id='war_wagon'\): field hit_locations: .*"
                   r"a crew row is only allowed on an open-topped vehicle")


def test_open_topped_vehicle_needs_a_crew_row(data: Path) -> None:
    edit(data, "max_speed = 6.0\nopen_topped = true", "max_speed = 6.0\nopen_topped = false")
    # the handcart's table has a crew row, so closing it is refused too
    rejected(data, r"vehicles\.toml: vehicle\[0\] \(id='handcart'\): field hit_locations: .*crew row")
    edit(data, "max_speed = 6.0\nopen_topped = false", "max_speed = 6.0\nopen_topped = true")
    edit(data, '{ low = 5, high = 6, result = "crew" },', '{ low = 5, high = 6, result = "hull" },')
    rejected(data, r"vehicles\.toml: vehicle\[0\] \(id='handcart'\): field hit_locations: .*"
                   r"an open-topped vehicle needs a crew row$")


def test_negative_armour_and_unknown_fields(data: Path) -> None:
    edit(data, "armour = { front = 2, side = 4, rear = 3 }", "armour = { front = 2, side = -1, rear = 3 }")
    rejected(data, r"vehicles\.toml: vehicle\[3\] \(id='war_wagon'\): field armour\.side: "
                   r".*greater than or equal")
    edit(data, "side = -1", "side = 4, top = 1")
    rejected(data, r"vehicles\.toml: vehicle\[3\] \(id='war_wagon'\): field armour\.top: Extra inputs")


def test_a_seat_cannot_be_braced_and_leaning_out(data: Path) -> None:
    edit(data, '{ name = "Loophole, left", role = "crew", leaning_out = true }',
         '{ name = "Loophole, left", role = "crew", leaning_out = true, braced = true }')
    rejected(data, r"vehicles\.toml: vehicle\[3\] \(id='war_wagon'\): field seats\.3: "
                   r".*both braced and leaning")


def test_vehicle_rules_are_checked(data: Path) -> None:
    edit(data, "spreads_on = 2", "spreads_on = 8")
    rejected(data, r"vehicles\.toml: \[vehicle_rules\]: field fire: .*spread on every roll of a d8")
    edit(data, "spreads_on = 8", "spreads_on = 2")
    edit(data, 'out_of_control_table = "out_of_control"', 'out_of_control_table = "stun"')
    rejected(data, r"vehicles\.toml: cross-reference check: vehicle rules: field out_of_control_table: "
                   r"table 'stun' has result '0'")


def test_out_of_control_table_needs_its_rule(data: Path) -> None:
    text = (data / "rules.toml").read_text()
    (data / "rules.toml").write_text(text.replace('id = "out_of_control"', 'id = "runaway"'))
    rejected(data, r"tables\.toml: cross-reference check: table 'out_of_control': unknown rule")


def test_vehicles_file_is_required(data: Path) -> None:
    (data / "vehicles.toml").unlink()
    rejected(data, r"vehicles\.toml: file is missing")
