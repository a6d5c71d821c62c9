"""A campaign battle fields the retinue as it stands after its injuries: a model's marks change his
numbers on the table, a short field needs no full counts but keeps every other rule, the Spears
form again round the Heroes present (a Squire commanding if the Captain is away), an unmarked
roster writes the same bytes as before, and a game with a fielded roster saves and replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from game import replay, sim
from game.content import load_content
from game.muster import Roster, RosterError, breaches, muster_rules, start_with_rosters, template, to_retinue
from game.muster.fielding import field_roster, present
from game.muster.play import content_with_rosters, marked
from game.muster.roster import Marks
from game.persist import Match
from game.persist.rosters import encode_roster, read_roster
from game.persist.saves import load_save, save_game
from game.persist.verify import replay_save
from game.rules.state import Model
from game.rules.turn import must_test_will

ROOT = Path(__file__).resolve().parents[2]
# york-foot: 0 the Captain, 1-3 his Spear; 4 a Squire, 5-7 his; 8 a Squire, 9-11 his
CAPTAIN, SQUIRE, OTHER_SQUIRE = 0, 4, 8
MAN_AT_ARMS, BILLMAN, ARCHER = 1, 5, 3


def _red(engine_models: list[Model], name: str) -> Model:
    return next(m for m in engine_models if m.side == "red" and m.name == name)


def test_marks_change_the_models_numbers_on_the_table() -> None:
    roster = template("york-foot")
    marks = {MAN_AT_ARMS: Marks(fight=-1), BILLMAN: Marks(move=-1), ARCHER: Marks(shoot=-1),
             7: Marks(shoot=1, fight=1)}  # 7: a veteran archer
    engine = start_with_rosters("the-ford", 4, {"red": field_roster(roster, (), marks)})
    table, models = engine.table, engine.state.models
    numbers = {i: table.profile(_red(models, roster.members[i].name))
               for i in (MAN_AT_ARMS, BILLMAN, ARCHER, 7)}
    assert (numbers[MAN_AT_ARMS].fight, numbers[MAN_AT_ARMS].move) == (1, 6.0)  # a man-at-arms fights 2
    assert (numbers[BILLMAN].move, numbers[BILLMAN].fight) == (5.0, 2)  # a billman moves 6
    assert numbers[ARCHER].shoot == 5  # a lost eye: he hits on 5+, not 4+
    assert (numbers[7].shoot, numbers[7].fight) == (3, 2)
    unmarked = table.profile(_red(models, roster.members[2].name))
    assert unmarked.id == "man_at_arms" and (unmarked.fight, unmarked.move) == (2, 6.0)
    assert numbers[MAN_AT_ARMS].name == "Man-at-arms" and numbers[MAN_AT_ARMS].id == "man_at_arms--fn1"
    assert numbers[ARCHER].skills == table.content.profiles["archer"].skills


def test_marks_stay_within_the_contents_bounds() -> None:
    content = load_content()
    archer, squire = content.profiles["archer"], content.profiles["squire"]
    worst = marked(archer, Marks(move=-6, fight=-6, shoot=-6))
    assert (worst.move, worst.fight, worst.shoot) == (1.0, 1, 6)
    best = marked(archer, Marks(shoot=3))
    assert best.shoot == 2 and best.id == "archer--sp3"
    assert marked(squire, Marks(shoot=-2)) is squire  # no Shoot to take from: nothing changes
    assert marked(squire, Marks()) is squire and marked(squire, None) is squire
    for wrong in ({"fight": -7}, {"move": 7}, {"shoot": 1.5}, {"spare": 1}):
        with pytest.raises(ValidationError):
            Marks.model_validate(wrong)
    acting = marked(squire, None, acting_captain=True)
    assert (acting.role, acting.id, acting.health, acting.prowess) == ("captain", "squire--cmd", 2, 2)


def test_a_short_field_needs_no_full_counts_but_keeps_every_other_rule() -> None:
    content, rules = load_content(), muster_rules()
    roster = template("york-foot")
    fielded = field_roster(roster, {SQUIRE, 9, 10})
    assert fielded.short and len(fielded.members) == 9
    assert breaches(fielded, content, rules) == []
    whole_but_short = fielded.model_copy(update={"short": False})
    assert {b.code for b in breaches(whole_but_short, content, rules)} == {"too_few"}
    archer = next(i for i, m in enumerate(fielded.members) if m.profile == "archer")
    members = list(fielded.members)
    members[archer] = members[archer].model_copy(update={"steed": "warhorse"})  # a Shootist on a Warhorse
    found = breaches(fielded.model_copy(update={"members": tuple(members)}), content, rules)
    assert [(b.member, b.code) for b in found] == [(archer, "wrong_steed")]
    heroless = fielded.model_copy(update={"members": tuple(m for m in fielded.members
                                                           if content.profiles[m.profile].type != "hero")})
    assert "no_hero" in {b.code for b in breaches(heroless, content, rules)}
    crowded = roster.model_copy(update={"short": True, "members": (*roster.members, roster.members[1])})
    assert [b.code for b in breaches(crowded, content, rules)] == ["too_many"]


def test_a_squire_acts_as_captain_only_in_his_absence_and_alone() -> None:
    content, rules = load_content(), muster_rules()
    roster = template("york-foot")

    def acting(r: Roster, *indices: int) -> Roster:
        members = [m.model_copy(update={"acting_captain": i in indices}) for i, m in enumerate(r.members)]
        return r.model_copy(update={"members": tuple(members)})

    def codes(r: Roster) -> set[tuple[int | None, str]]:
        return {(b.member, b.code) for b in breaches(r, content, rules)}

    assert (SQUIRE, "acting_with_captain") in codes(acting(roster, SQUIRE))
    assert (MAN_AT_ARMS, "acting_not_squire") in codes(acting(roster, MAN_AT_ARMS))
    without = field_roster(roster, {CAPTAIN})
    assert [m.acting_captain for m in without.members].count(True) == 1
    assert codes(acting(without)) == {(None, "no_commander")}
    assert codes(acting(without, SQUIRE - 1, OTHER_SQUIRE - 1)) == {(OTHER_SQUIRE - 1, "acting_twice")}


def test_spears_form_again_round_the_heroes_present() -> None:
    roster = template("york-foot")
    fielded = field_roster(roster, {SQUIRE})
    spears = {m.name: m.spear for m in fielded.members}
    # Spear 2's men join, one by one, the led Spear with the fewest men (the lowest number on a tie):
    # 1 and 3 have four each, so 5 goes to 1; then 3 has fewer, so 6 goes to 3; then both five: 7 to 1
    assert [spears[roster.members[i].name] for i in (5, 6, 7)] == [1, 3, 1]
    assert {spears[roster.members[i].name] for i in (1, 2, 3)} == {1}
    assert {spears[roster.members[i].name] for i in (9, 10, 11)} == {3}
    assert fielded.members == tuple(field_roster(roster, [SQUIRE]).members)  # the same every time
    assert present(roster, {SQUIRE}) == (0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11)
    assert [m.name for m in fielded.members] == [roster.members[i].name for i in present(roster, {SQUIRE})]


def test_with_the_captain_away_the_first_squire_commands_a_playable_game() -> None:
    roster = template("york-foot")
    fielded = field_roster(roster, {CAPTAIN, 1}, {SQUIRE: Marks(fight=-1)})
    leader = next(m for m in fielded.members if m.acting_captain)
    assert leader.name == roster.members[SQUIRE].name
    assert {m.spear for m in fielded.members} == {2, 3}
    engine = start_with_rosters("the-ford", 7, {"red": fielded})
    commander = _red(engine.state.models, leader.name)
    prof = engine.table.profile(commander)
    assert (prof.role, prof.fight, prof.health) == ("captain", 2, 2)
    assert not must_test_will(engine.table, engine.state, "red")  # led, not a retinue without its Captain
    assert engine.state.sides["red"].start_models == 10
    result = sim.play_game("the-ford", 0, 7, {"red": "heuristic", "blue": "random"}, rosters={"red": fielded})
    assert result.error == "" and result.match is not None and result.match.engine.state.over


def test_field_roster_refuses_a_field_without_a_hero_or_a_model_it_has_not() -> None:
    roster = template("york-foot")
    with pytest.raises(RosterError, match="every Hero is away"):
        field_roster(roster, {CAPTAIN, SQUIRE, OTHER_SQUIRE})
    with pytest.raises(RosterError, match="no model number 12"):
        field_roster(roster, {12})
    with pytest.raises(RosterError, match="no model number 40"):
        field_roster(roster, (), {40: Marks(fight=-1)})


def test_no_one_away_and_no_marks_fields_the_roster_as_it_is() -> None:
    roster = template("lancaster-mounted")
    assert field_roster(roster, ()) == roster
    assert field_roster(roster, (), {2: Marks()}) == roster  # blank marks are none
    marked_only = field_roster(roster, (), {2: Marks(move=-1)})
    assert not marked_only.short and marked_only.members[2].marks == Marks(move=-1)
    short = field_roster(roster, {5}, {5: Marks(fight=-3)})  # an away model's marks are dropped
    assert short.members[5:] == roster.members[6:] and all(m.marks is None for m in short.members)


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "experiments" / "rosters").glob("*.json")))
def test_a_roster_file_without_marks_writes_the_same_bytes(name: str) -> None:
    path = ROOT / "experiments" / "rosters" / name
    roster = read_roster(path)
    assert encode_roster(roster) == path.read_bytes()


def test_an_unmarked_rosters_json_has_only_the_old_fields_and_a_marked_one_round_trips() -> None:
    roster = template("york-foot")
    data = roster.model_dump(mode="json")
    assert list(data) == ["version", "kind", "name", "colours", "members", "half_mounted"]
    assert list(data["members"][0]) == ["name", "profile", "spear", "steed", "lance", "weapons", "skills"]
    fielded = field_roster(roster, {CAPTAIN}, {ARCHER: Marks(shoot=-1)})
    text = fielded.model_dump_json()
    assert Roster.model_validate_json(text) == fielded
    again = json.loads(text)
    assert again["short"] is True
    assert again["members"][ARCHER - 1]["marks"] == {"move": 0, "fight": 0, "shoot": -1}
    assert "acting_captain" in again["members"][SQUIRE - 1] and "marks" not in again["members"][0]


def test_a_game_with_a_fielded_roster_saves_and_replays(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    fielded = field_roster(template("york-foot"), {SQUIRE, 10},
                           {MAN_AT_ARMS: Marks(fight=-1), ARCHER: Marks(shoot=-1), 9: Marks(move=-2)})
    blue = field_roster(template("lancaster-archers"), {CAPTAIN}, {2: Marks(fight=1, shoot=1)})
    result = sim.play_game("the-ford", 0, 11, {"red": "heuristic", "blue": "random"},
                           rosters={"red": fielded, "blue": blue})
    assert result.error == "" and result.match is not None
    path = save_game(result.match, tmp_path / "fielded.json")
    save = load_save(path)
    assert save.rosters == {"red": fielded, "blue": blue}
    again = replay_save(save, check_events=True)
    assert again.engine.state.digest() == result.match.engine.state.digest()
    assert replay.main([str(path), "--verify"]) == 0
    capsys.readouterr()
    started = Match.start("the-ford", 11, rosters={"red": fielded, "blue": blue})
    assert started.engine.state.sides["red"].start_models == 10


def test_the_content_with_a_fielded_roster_holds_its_marked_profiles() -> None:
    content = load_content()
    fielded = field_roster(template("york-foot"), {CAPTAIN}, {MAN_AT_ARMS: Marks(fight=-1)})
    made = content_with_rosters(content, {"red": fielded, "blue": fielded})
    assert {"man_at_arms--fn1", "squire--cmd"} <= set(made.profiles)
    assert set(content.profiles) < set(made.profiles) and "man_at_arms--fn1" not in content.profiles
    retinue = to_retinue(fielded, "roster:red", content)
    assert retinue.spears[0].hero.profile == "squire--cmd"
