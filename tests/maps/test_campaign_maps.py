"""The narrative campaign's tables (maps/campaign/): generated, checked, played and saved like the
shipped maps, and named campaign/<name> without joining the skirmish maps' list."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from game.maps import map_problems
from game.muster import templates
from game.muster.play import start_with_rosters
from game.persist.saves import load_save, restore_match, save_game
from game.resources import MAPS_DIR
from game.scenario import list_scenarios, load_scenario, scenario_path, start_game, valid_scenario
from game.sim import play_game
from game.terrain import load_terrain

ROOT = Path(__file__).resolve().parents[2]
MAKE = runpy.run_path(str(ROOT / "tools" / "make_campaign_maps.py"))
NAMES: list[str] = list(MAKE["CAMPAIGN_MAPS"])
CAMPAIGN = MAPS_DIR / "campaign"
HEURISTIC = {"red": "heuristic", "blue": "heuristic"}


def test_six_tables_are_shipped_and_nothing_else() -> None:
    assert len(NAMES) == 6
    assert sorted(p.stem for p in CAMPAIGN.glob("*.tmx")) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_shipped_file_is_what_the_generator_writes(name: str) -> None:
    assert MAKE["tmx_text"](name) == (CAMPAIGN / f"{name}.tmx").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_the_map_checker_finds_no_problems(name: str) -> None:
    assert map_problems(CAMPAIGN / f"{name}.tmx") == []


def test_the_checker_command_passes_every_campaign_map() -> None:
    paths = [str(CAMPAIGN / f"{name}.tmx") for name in NAMES]
    done = subprocess.run([sys.executable, "-m", "game.maps.check", *paths], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stdout
    assert done.stdout == "" and "6 maps checked: no problems" in done.stderr


@pytest.mark.parametrize("name", NAMES)
def test_a_modest_table_with_both_zones_objectives_and_a_briefing(name: str) -> None:
    tmap = load_terrain(CAMPAIGN / f"{name}.tmx", require_images=True)
    assert 30 <= tmap.width <= 48 and 30 <= tmap.height <= 48
    assert {z.side for z in tmap.zones} == {"red", "blue"}
    assert tmap.objectives and tmap.obstacles and not tmap.forces and not tmap.vehicles
    sc = load_scenario(f"campaign/{name}")
    assert sc.title and len(sc.briefing) > 100 and 6 <= sc.turns <= 7
    kinds = {tmap.kind_at(x + 0.5, y + 0.5) for x in range(int(tmap.width)) for y in range(int(tmap.height))}
    assert {"open", "road", "building", "woods"} <= kinds


def test_the_tables_differ_in_their_terrain() -> None:
    seen = set()
    for name in NAMES:
        tmap = load_terrain(CAMPAIGN / f"{name}.tmx")
        seen.add(frozenset(k for k in ("river", "ford", "marsh", "scrub", "ploughland", "impassable")
                           if any(tmap.kind_at(x + 0.5, y + 0.5) == k for x in range(int(tmap.width))
                                  for y in range(int(tmap.height)))))
    assert len(seen) >= 4


def test_named_campaign_slash_name_but_not_listed_with_the_skirmish_maps() -> None:
    assert all(valid_scenario(f"campaign/{name}") for name in NAMES)
    assert scenario_path("campaign/thornby-mill") == CAMPAIGN / "thornby-mill.tmx"
    assert not set(NAMES) & set(list_scenarios())
    assert not valid_scenario("other/thornby-mill") and not valid_scenario("campaign/../the-ford")
    assert not valid_scenario("campaign/.hidden") and not valid_scenario("campaign/a/b")


@pytest.mark.parametrize("name", NAMES)
def test_a_game_between_heuristics_plays_to_its_end(name: str) -> None:
    result = play_game(f"campaign/{name}", 0, 5, HEURISTIC)
    assert result.error == ""
    assert result.winner in ("red", "blue", "draw")
    assert result.match is not None and result.match.engine.state.scenario == f"campaign/{name}"


def test_rosters_take_the_field_on_every_table() -> None:
    rosters = {"red": templates.blank(1, "A"), "blue": templates.blank(2, "B")}
    for name in NAMES:
        engine = start_with_rosters(f"campaign/{name}", 3, rosters)
        sides = {m.side for m in engine.state.models}
        assert sides == {"red", "blue"}
    result = play_game("campaign/thornby-moat", 0, 2, HEURISTIC, rosters=rosters)
    assert result.error == "" and result.winner in ("red", "blue", "draw")


def test_a_campaign_battle_saves_and_restores(tmp_path: Path) -> None:
    result = play_game("campaign/coldwell-lane", 0, 4, HEURISTIC)
    assert result.match is not None
    path = save_game(result.match, tmp_path / "lane.json")
    save = load_save(path)
    assert save.scenario == "campaign/coldwell-lane"
    restored = restore_match(save)
    assert restored.engine.state.digest() == result.match.engine.state.digest()
    assert start_game("campaign/coldwell-lane", 4).state.scenario == "campaign/coldwell-lane"
