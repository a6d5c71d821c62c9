"""The map checker: every shipped map passes; broken copies fail with one line naming the file and
the place, and never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.maps import Place, Problem, map_problems, table_problems
from game.maps.check import main
from game.scenario import list_scenarios, start_game
from tests.own_maps import BUILDING, IMPASSABLE, MAPS, ROOT, copy_map, edit_map, paint


@pytest.mark.parametrize("name", list_scenarios())
def test_every_shipped_map_has_no_problems(name: str) -> None:
    assert map_problems(MAPS / f"{name}.tmx") == []


def rules(problems: list[Problem]) -> set[str]:
    return {p.rule for p in problems}


def test_an_unknown_tile_id_names_the_layer_and_the_square(tmp_path: Path) -> None:
    bad = edit_map(copy_map("skirmish-field", tmp_path, "Unknown_Tile"), '<data encoding="csv">\n2,2,',
                   '<data encoding="csv">\n2,99,')
    (problem,) = map_problems(bad)
    assert problem.place == Place("ground", "", 1.0, 0.0)
    assert problem.line() == (f"{bad}: layer 'ground' at (1, 0): tileset 'terrain' (terrain.tsx) has no "
                              "tile 98; the tile was deleted from the tileset, or the map was made with "
                              "another version of it")


def test_a_missing_tileset_image_names_the_image(tmp_path: Path) -> None:
    bad = copy_map("skirmish-field", tmp_path, "No_Picture", image=None)
    (problem,) = map_problems(bad)
    assert problem.line().startswith(f"{bad}: tileset 'terrain.tsx': image file ")
    assert "missing-terrain.png' is missing" in problem.line()


def test_a_model_inside_a_building(tmp_path: Path) -> None:
    bad = copy_map("skirmish-field", tmp_path, "Barracks")
    paint(bad, {(x, y) for x in range(36) for y in range(6)}, BUILDING)  # the whole red zone is a hall
    problems = map_problems(bad)
    inside = [p for p in problems if p.rule == "in_building"]
    assert len(inside) == 12  # every red model, and only red
    assert all(p.place.name.startswith("red's ") and p.place.layer == "deployment" for p in inside)
    assert all(p.place.y is not None and p.place.y < 6 for p in inside)
    assert f"{bad}: red's " in inside[0].line() and "in layer 'deployment' at (" in inside[0].line()
    assert inside[0].line().endswith("stands inside a building; keep the deployment zone clear of buildings")


def test_an_objective_no_model_can_reach(tmp_path: Path) -> None:
    bad = copy_map("skirmish-field", tmp_path, "Walled_Cross")  # the market cross is at (18, 18)
    ring = {(x, y) for x in range(14, 23) for y in range(14, 23)} - {(x, y) for x in range(15, 22)
                                                                    for y in range(15, 22)}
    paint(bad, ring, IMPASSABLE)
    (problem,) = map_problems(bad)
    assert problem.rule == "unreachable"
    assert problem.place == Place("objectives", "objective 'market cross'", 18.0, 18.0)
    assert "no model can reach this objective" in problem.line()


def test_a_rider_who_cannot_leave_his_zone(tmp_path: Path) -> None:
    bad = copy_map("the-ford", tmp_path, "Penned_In")  # red's zone is the top 6" of a 48" wide table
    paint(bad, {(x, 6) for x in range(48)}, BUILDING)
    problems = map_problems(bad)
    boxed = [p for p in problems if p.rule == "rider_boxed_in"]
    assert boxed and all(p.place.name.startswith("red's ") for p in boxed)
    assert rules(problems) == {"rider_boxed_in"}  # foot could still walk through the building


def test_a_hero_without_a_spear_and_a_model_outside_its_zone() -> None:
    engine = start_game("skirmish-field", 1)
    state = engine.state
    hero = state.models[0]
    for m in state.models:
        if m.spear == hero.id and m is not hero:
            m.spear = state.models[4].id  # his Retainers join the next Spear
    assert state.models[4].spear == state.models[4].id  # (that is a Hero)
    straggler = state.models[-1]
    straggler.x, straggler.y = 18.0, 18.0
    problems = table_problems(engine.table, state, "x.tmx")
    lone = [p.place.name for p in problems if p.rule == "hero_without_spear"]
    assert lone == [f"red's {hero.name} ({hero.id})"]
    (outside,) = [p for p in problems if p.rule == "outside_zone"]
    assert outside.line() == (f"x.tmx: blue's {straggler.name} ({straggler.id}) in layer 'deployment' at "
                              "(18, 18): stands outside blue's deployment zone")


def test_the_command_line_exits_non_zero_with_one_line_per_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = copy_map("skirmish-field", tmp_path, "No_Picture", image=None)
    assert main([str(MAPS / "the-ford.tmx"), str(bad), str(tmp_path / "nowhere.tmx")]) == 1
    out = capsys.readouterr().out.splitlines()
    picture = tmp_path / "missing-terrain.png"
    assert out == [f"{bad}: tileset 'terrain.tsx': image file '{picture}' is missing",
                   f"{tmp_path / 'nowhere.tmx'}: the map file was not found"]
    assert main([str(MAPS / "the-ford.tmx")]) == 0
    assert capsys.readouterr().out == ""


def test_the_module_runs_without_a_traceback(tmp_path: Path) -> None:
    junk = tmp_path / "junk.tmx"
    junk.write_bytes(b"\x00\xff<map")
    run = subprocess.run([sys.executable, "-m", "game.maps.check", str(junk)], capture_output=True,
                         text=True, cwd=ROOT, timeout=60)
    assert run.returncode == 1
    assert "Traceback" not in run.stderr + run.stdout
    assert run.stdout.startswith(f"{junk}: ")
