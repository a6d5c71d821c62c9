"""Saving and loading scenario documents: the TMX the editor writes, round trips, and the shipped maps."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from game.editor.document import ScenarioDoc
from game.editor.edits import History, add_item
from game.editor.tmx_io import TILESET_FILE, TILESET_IMAGE, read_map, to_tmx
from game.maps.problems import map_problems
from game.persist.scenario_files import SaveRefused, save_scenario
from game.scenario import MAPS_DIR, Scenario, list_scenarios, load_scenario, set_up
from game.terrain.terrain_map import MapError, VehicleSpot
from tests.editor.helpers import small_doc

TILED = shutil.which("tiled")


def _game(sc: Scenario) -> tuple[object, ...]:
    """What a game of the scenario is: its table, settings and the models as set up."""
    t = sc.terrain
    engine = set_up(sc, 5)
    models = [(m.id, m.name, m.profile, m.spear, m.steed, tuple(m.weapons), round(m.x, 6), round(m.y, 6),
               round(m.facing, 6), m.aboard) for m in engine.state.models]
    return (t.width, t.height, tuple(t.tiles), tuple(t.obstacles), tuple(t.zones), tuple(t.objectives),
            tuple(t.vehicles), sc.title, sc.briefing, sc.turns, sc.river_flow,
            tuple(sorted(sc.options.items())), sc.escort, tuple(models))


def test_saved_loaded_and_saved_again_is_the_same_file(tmp_path: Path) -> None:
    doc = small_doc()
    first = save_scenario(doc, tmp_path / "Well Fight.tmx")
    again = read_map(first)
    assert again == doc
    second = save_scenario(again, tmp_path / "copy.tmx")
    assert first.read_bytes() == second.read_bytes() == to_tmx(doc)
    assert (tmp_path / TILESET_FILE).is_file() and (tmp_path / TILESET_IMAGE).is_file()


def test_the_saved_scenario_plays_with_its_own_forces_where_they_were_placed(tmp_path: Path) -> None:
    path = save_scenario(small_doc(), tmp_path / "well.tmx")
    sc = load_scenario(str(path))
    assert sc.title == "Well Fight" and sc.turns == 4 and sc.briefing == "Two bands & one well.\nHold it."
    assert [o.kind for o in sc.terrain.obstacles] == ["wall", "hedge"]
    engine = set_up(sc, 3)
    red = [m for m in engine.state.models if m.side == "red"]
    assert [(m.profile, m.steed, m.x, m.y) for m in red] == [("squire", "warhorse", 10.0, 2.0),
                                                            ("archer", None, 13.0, 2.0),
                                                            ("archer", None, 15.0, 2.0)]
    assert red[0].weapons == ["lance", "hand_weapon"] and {m.spear for m in red} == {"red-1"}
    assert [p.rule for p in map_problems(path)] == ["captain", "captain"]


def test_the_map_travels_with_its_tileset(tmp_path: Path) -> None:
    path = save_scenario(small_doc(), tmp_path / "a" / "well.tmx")
    moved = tmp_path / "elsewhere"
    shutil.copytree(path.parent, moved)
    assert load_scenario(str(moved / "well.tmx")).title == "Well Fight"


def test_saving_never_overwrites_unasked_nor_writes_into_the_shipped_maps(tmp_path: Path) -> None:
    doc = small_doc()
    path = save_scenario(doc, tmp_path / "well.tmx")
    before = path.read_bytes()
    History(doc).do(add_item(doc, "vehicles", VehicleSpot("the cart", "handcart", "none", 20.0, 9.0, 90.0)))
    with pytest.raises(SaveRefused):
        save_scenario(doc, path)
    assert path.read_bytes() == before
    save_scenario(doc, path, overwrite=True)
    assert read_map(path).vehicles[0].name == "the cart"
    with pytest.raises(SaveRefused):
        save_scenario(doc, MAPS_DIR / "editor-test.tmx")
    with pytest.raises(SaveRefused):
        save_scenario(doc, MAPS_DIR / "the-ford.tmx", overwrite=True)
    assert not (MAPS_DIR / "editor-test.tmx").exists()
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


@pytest.mark.parametrize("name", list_scenarios())
def test_every_shipped_map_saved_back_by_the_editor_plays_the_same(name: str, tmp_path: Path) -> None:
    doc = read_map(MAPS_DIR / f"{name}.tmx")
    path = save_scenario(doc, tmp_path / f"{name}.tmx")
    assert _game(load_scenario(name)) == _game(load_scenario(str(path)))
    assert to_tmx(read_map(path)) == path.read_bytes()


def test_a_blank_table_is_a_scenario() -> None:
    doc = ScenarioDoc.blank(30, 20)
    assert b'name="ground" width="30" height="20"' in to_tmx(doc)


def _tiled(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([TILED or "tiled", *args], env=env, capture_output=True, text=True, timeout=60,
                          check=False)


@pytest.mark.skipif(TILED is None, reason="Tiled is not installed")
def test_tiled_exports_the_maps_the_editor_writes_and_its_resave_plays_the_same(tmp_path: Path) -> None:
    for name, doc in (("well", small_doc()), ("ford", read_map(MAPS_DIR / "make-way.tmx"))):
        path = save_scenario(doc, tmp_path / f"{name}.tmx")
        out = _tiled("--export-map", "json", str(path), str(tmp_path / f"{name}.json"))
        assert out.returncode == 0, out.stderr
        assert (tmp_path / f"{name}.json").stat().st_size > 1000
        resaved = tmp_path / f"{name}-tiled.tmx"
        out = _tiled("--export-map", "tmx", str(path), str(resaved))
        assert out.returncode == 0, out.stderr
        assert resaved.read_bytes() != path.read_bytes()  # Tiled's own writing, not a copy
        assert _game(load_scenario(str(resaved))) == _game(load_scenario(str(path)))
        assert read_map(resaved) == doc


def test_a_game_on_a_map_with_its_own_forces_saves_and_replays(tmp_path: Path) -> None:
    from game.ai import EagerPlayer
    from game.persist import Match, load_save, replay_save, save_game

    path = save_scenario(small_doc(), tmp_path / "well.tmx")
    match = Match.start(str(path), 7, "hotseat", None)
    players = {"red": EagerPlayer(1), "blue": EagerPlayer(2)}
    for _ in range(12):
        side = match.engine.state.acting_side
        if match.engine.state.over or not side:
            break
        match.submit(players[side].choose(match.engine, side))
    saved = save_game(match, tmp_path / "game.json")
    again = replay_save(load_save(saved))
    assert again.engine.state.digest() == match.engine.state.digest()
    assert again.engine.state.sides["red"].retinue == "red-force"


def test_the_checker_names_a_model_the_content_does_not_allow(tmp_path: Path) -> None:
    from dataclasses import replace

    from game.maps.check import main as check_main

    doc = small_doc()
    doc.forces[1] = replace(doc.forces[1], steed="warhorse")  # an archer may ride only a Nag
    path = save_scenario(doc, tmp_path / "bad.tmx")
    problems = map_problems(path)
    assert len(problems) == 1 and problems[0].place.layer == "forces"
    assert "red's red archer one is a Shootist and may only ride a Nag" in problems[0].message
    assert check_main([str(path)]) == 1
    text = to_tmx(doc).decode().replace('name="profile" value="archer"', 'name="profile" value=""', 1)
    (tmp_path / "worse.tmx").write_text(text)
    with pytest.raises(MapError, match=r"object 'red archer one' \(id \d+\) in layer 'forces': property"):
        load_scenario(str(tmp_path / "worse.tmx"))
