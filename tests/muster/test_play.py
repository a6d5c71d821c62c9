"""Any legal roster plays: its models carry their own Skills, it deploys in every shipped scenario's
zone (all mounted on both sides), a game with two rosters plays to its end and its save reloads with
them and replays, and game.sim and the lab take roster files."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from game import sim
from game.ai import make_player
from game.content import load_content
from game.lab.experiment import cells, content_for, load_experiment
from game.muster import Roster, mount_all, roster_id, start_with_rosters, template
from game.muster.play import content_with_rosters
from game.persist import Match
from game.persist.rosters import write_roster
from game.persist.saves import load_save, save_game
from game.persist.verify import replay_save
from game.resources import MAPS_DIR
from game.rules.context import Table
from game.rules.movement import position_problem
from game.rules.setup import SetupError, new_game
from game.scenario import list_scenarios
from game.terrain.tmx import load_terrain


def _with_skill(roster: Roster, index: int, skill: str) -> Roster:
    members = list(roster.members)
    members[index] = members[index].model_copy(update={"skills": (*members[index].skills, skill)})
    return roster.model_copy(update={"members": tuple(members)})


def test_a_models_own_skills_reach_the_engine() -> None:
    roster = _with_skill(template("york-foot"), 1, "carter")  # a man-at-arms who can drive
    engine = start_with_rosters("the-ford", 3, {"red": roster})
    table, red = engine.table, [m for m in engine.state.models if m.side == "red"]
    assert red[1].skills == ["carter"] and table.has_skill(red[1], "carter")
    assert not table.has_skill(red[2], "carter")
    assert table.has_skill(red[0], "skilld_at_arms") and red[0].skills == []  # the profile's, not copied
    assert "skills" in engine.state.to_dict()["models"][1]  # type: ignore[index]
    assert "skills" not in engine.state.to_dict()["models"][0]  # type: ignore[index]
    assert engine.state.sides["red"].retinue == roster_id("red")


def test_the_same_rosters_give_the_same_content() -> None:
    roster = template("york-foot")
    assert content_with_rosters(load_content(), {"red": roster}) is content_with_rosters(load_content(),
                                                                                         {"red": roster})


@pytest.mark.parametrize("scenario", list_scenarios())
def test_an_all_mounted_roster_a_side_deploys_in_every_scenario(scenario: str) -> None:
    riders = mount_all(template("lancaster-mounted"))
    engine = start_with_rosters(scenario, 1, {"red": riders, "blue": riders})
    state, table = engine.state, engine.table
    zones = table.terrain.zones
    for m in state.models:
        assert m.steed is not None
        assert any(z.side == m.side and z.contains(m.x, m.y) for z in zones), (m.name, m.x, m.y)
        assert position_problem(table, state, m, m.x, m.y) == "", m.name


def test_a_zone_too_small_says_which_and_how_many_it_holds() -> None:
    terrain = load_terrain(MAPS_DIR / "the-ford.tmx")
    zones = [z if z.side != "red" else replace(z, w=8.0, h=2.0) for z in terrain.zones]
    table = Table(content_with_rosters(load_content(), {"red": mount_all(template("york-foot"))}),
                  replace(terrain, zones=zones))
    with pytest.raises(SetupError) as info:
        new_game(table, "the-ford", 1, {"red": roster_id("red"), "blue": "lancaster-foot"})
    message = str(info.value)
    assert "\n" not in message
    assert re.fullmatch(r"no room to deploy .+ in red's zone: it \(8\"x2\" at \(.+\)\) holds \d+ of the "
                        r"side's 12 models \(12 of them on mounted bases\)", message), message


def _play_out(match: Match) -> None:
    players = {side: make_player("random", i) for i, side in enumerate(("red", "blue"))}
    for _ in range(5000):
        if match.engine.state.over:
            return
        side = match.engine.state.acting_side
        match.submit(players[side].choose(match.engine, side))
    raise AssertionError("the game did not end")


def test_a_game_of_two_rosters_on_the_ford_ends_and_its_save_replays_with_them(tmp_path: Path) -> None:
    red = _with_skill(mount_all(template("york-foot")), 0, "nimble")
    blue = template("lancaster-archers")
    match = Match.start("the-ford", 11, "watch", {"red": "random", "blue": "random"},
                        {"red": red, "blue": blue})
    _play_out(match)
    assert match.engine.state.over
    path = save_game(match, tmp_path / "game.json")
    assert json.loads(path.read_text())["rosters"]["red"]["members"][0]["skills"] == ["nimble"]
    save = load_save(path)
    assert save.rosters == {"red": red, "blue": blue}
    again = replay_save(save, check_events=True)
    assert again.rosters == {"red": red, "blue": blue}
    assert again.engine.state.digest() == match.engine.state.digest()
    names = {m.name for m in again.engine.state.models if m.side == "blue"}
    assert names == {m.name for m in blue.members}


def test_a_save_without_rosters_has_no_rosters_key(tmp_path: Path) -> None:
    match = Match.start("the-ford", 2)
    data = json.loads(save_game(match, tmp_path / "plain.json").read_text())
    assert "rosters" not in data and load_save(tmp_path / "plain.json").rosters is None


def test_game_sim_plays_roster_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    red = write_roster(mount_all(template("york-foot")), tmp_path)
    blue = write_roster(template("lancaster-archers"), tmp_path)
    code = sim.main(["--scenario", "the-ford", "--games", "2", "--red", "random", "--blue", "random",
                     "--red-roster", str(red), "--blue-roster", str(blue), "--json",
                     "--save-dir", str(tmp_path / "games")])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["errors"] == 0 and report["finished"] == 2
    assert report["rosters"] == {"red": "The Duke's Affinity (York, on foot)",
                                 "blue": "Sir Ralph's Bowmen (Lancaster, on foot)"}
    replay_save(load_save(tmp_path / "games" / "game-0001.json"))


def test_game_sim_refuses_a_roster_in_breach_with_one_line(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    roster = template("york-foot")
    members = list(roster.members)
    members[3] = members[3].model_copy(update={"steed": "warhorse"})  # an archer on a Warhorse
    path = write_roster(roster.model_copy(update={"members": tuple(members)}), tmp_path)
    assert sim.main(["--scenario", "the-ford", "--games", "1", "--orange-roster", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "may only ride a Nag, not a Warhorse" in err


def test_the_lab_plays_a_roster_file_as_an_inline_retinue(tmp_path: Path) -> None:
    write_roster(mount_all(template("york-foot")), tmp_path / "rosters")
    (tmp_path / "study.toml").write_text('''
name = "rosters"
scenarios = ["the-ford"]
[retinues.my-riders]
roster = "rosters/the-dukes-affinity-york-on-foot.json"
[[arm]]
name = "mine"
red = "my-riders"
''', encoding="utf-8")
    exp = load_experiment(tmp_path / "study.toml")
    (cell,) = cells(exp, tmp_path / "study.toml", games=1)
    retinue = content_for(cell.setup).retinues["my-riders"]
    assert all(m.steed for s in retinue.spears for m in (s.hero, *s.retainers))
