"""Any map file plays: by its path from the command line, under any file name Tiled allows, and a
map whose tileset picture is missing is refused with one line naming the file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.persist import Match, load_save, restore_engine, save_game
from game.scenario import (
    MAPS_DIR,
    list_scenarios,
    load_scenario,
    scenario_key,
    scenario_label,
    scenario_problem,
    start_game,
    valid_scenario,
)
from game.sim import main as sim_main
from game.terrain import MapError
from tests.own_maps import ROOT, copy_map, edit_map


def test_a_map_in_maps_is_named_by_its_name_any_other_by_its_absolute_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert scenario_key(str(MAPS_DIR / "the-ford.tmx")) == "the-ford"
    assert scenario_key("the-ford") == "the-ford"
    own = copy_map("the-ford", tmp_path, "Desert_Well")
    monkeypatch.chdir(tmp_path)
    assert scenario_key("Desert_Well.tmx") == str(own.resolve())
    assert scenario_label(str(own)) == "Desert_Well"
    assert not valid_scenario("../../etc/passwd") and not valid_scenario("relative/x.tmx")
    assert valid_scenario(str(own.resolve())) and valid_scenario("Desert_Well")


def test_any_file_name_is_listed(tmp_path: Path) -> None:
    for name in ("Desert_Well", "a field by the river", "Ford2"):
        copy_map("the-ford", tmp_path, name)
    (tmp_path / ".hidden.tmx").write_text("<map/>", encoding="utf-8")
    assert list_scenarios(tmp_path) == ["a field by the river", "Desert_Well", "Ford2"]


def test_a_map_file_plays_and_its_save_replays(tmp_path: Path) -> None:
    own = copy_map("the-ford", tmp_path / "mine", "Desert_Well")
    edit_map(own, '<property name="title" value="The Ford"/>', "")
    name = scenario_key(str(own))
    assert load_scenario(name).title == "Desert_Well"  # no title: the file's name
    match = Match.start(name, 4)
    assert match.engine.state.scenario == name
    saved = save_game(match, tmp_path / "save.json")
    again = restore_engine(load_save(saved))
    assert again.state.digest() == match.engine.state.digest()


def test_a_missing_tileset_picture_is_one_map_error(tmp_path: Path) -> None:
    own = copy_map("the-ford", tmp_path, "No_Picture", image=None)
    with pytest.raises(MapError) as info:
        start_game(str(own), 1)
    assert str(info.value).startswith(str(own)) and "missing-terrain.png" in str(info.value)
    assert "\n" not in str(info.value)
    assert "is missing" in scenario_problem(str(own))


def test_the_simulator_plays_a_map_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    own = copy_map("skirmish-field", tmp_path, "Skirmish_Copy")
    assert sim_main(["--scenario", str(own), "--games", "1", "--red", "random", "--blue", "random",
                     "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["scenario"] == str(own.resolve()) and report["errors"] == 0


def _window(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               DESTRIER_CONFIG_DIR=args[-1])
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args[:-1]], capture_output=True,
                          text=True, env=env, timeout=120, cwd=args[-1])


def test_the_window_plays_a_map_file_and_refuses_one_without_its_picture(tmp_path: Path) -> None:
    good = copy_map("the-ford", tmp_path / "good", "Desert_Well")
    shot = tmp_path / "shot.png"
    run = _window("--scenario", str(good), "--frames", "3", "--screenshot", str(shot), str(tmp_path))
    assert run.returncode == 0, run.stderr
    assert shot.is_file()
    bad = copy_map("the-ford", tmp_path / "bad", "Desert_Well", image=None)
    run = _window("--scenario", str(bad), "--frames", "3", str(tmp_path))
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    line = next(ln for ln in run.stderr.splitlines() if ln.startswith("Cannot open the map"))
    assert str(bad) in line and "missing-terrain.png" in line


def test_a_map_whose_retinues_do_not_fit_is_one_map_error(tmp_path: Path) -> None:
    own = copy_map("the-ford", tmp_path, "Tiny_Zones")  # red's zone shrunk to 2" x 2": no room
    edit_map(own, 'name="red deployment" x="0" y="0" width="1536" height="192"',
             'name="red deployment" x="0" y="0" width="64" height="64"')
    with pytest.raises(MapError) as info:
        Match.start(str(own), 1)
    assert info.value.path == str(own)
    assert "the retinues cannot be set up: no room to deploy" in str(info.value)
    assert "no room to deploy" in scenario_problem(str(own))
