"""The shipped map Saxton Field, the largest table: 72"x48", a village, a beck, thirty models a side."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from game.resources import MAPS_DIR
from game.scenario import load_scenario, start_game
from game.terrain import TerrainMap, load_terrain

ROOT = Path(__file__).resolve().parents[2]
MAP = MAPS_DIR / "saxton-field.tmx"
MAKE_MAPS = runpy.run_path(str(ROOT / "tools" / "make_maps.py"))
saxton_beck = MAKE_MAPS["saxton_beck"]
Cell = tuple[int, int]


@pytest.fixture(scope="module")
def saxton() -> TerrainMap:
    """Saxton Field, loaded once, with its images required."""
    return load_terrain(MAP, require_images=True)


def kind(tmap: TerrainMap, cell: Cell) -> str:
    """The terrain kind of a whole tile."""
    return tmap.kind_at(cell[0] + 0.5, cell[1] + 0.5)


def test_shipped_file_is_what_the_generator_writes() -> None:
    assert MAKE_MAPS["tmx_text"]("saxton-field") == MAP.read_text(encoding="utf-8")


def test_size_properties_and_retinues(saxton: TerrainMap) -> None:
    assert (saxton.width, saxton.height) == (72, 48)
    sc = load_scenario("saxton-field")
    assert sc.title == "Saxton Field" and sc.turns == 8 and sc.options == {"steeds_stay": False}
    assert sc.river_flow == 180.0
    assert sc.retinues == {"red": "york-host", "blue": "lancaster-host"}
    kinds = {o.kind for o in saxton.obstacles}
    assert {"wall", "hedge", "fence", "ditch"} <= kinds
    assert {o.kind for o in saxton.objectives} == {"hold", "loot"} and len(saxton.objectives) == 4
    tiles = {kind(saxton, (x, y)) for x in range(72) for y in range(48)}
    assert {"open", "road", "building", "woods", "river", "ford", "marsh", "ploughland"} <= tiles


def test_sets_up_thirty_models_a_side_in_their_zones() -> None:
    sc = load_scenario("saxton-field")
    engine = start_game("saxton-field", 3)
    models = engine.state.models
    assert len(models) == 60
    for side in ("red", "blue"):
        mine = [m for m in models if m.side == side]
        zones = [z for z in sc.terrain.zones if z.side == side]
        assert len(mine) == 30 and len({m.spear for m in mine}) == 6  # six Spears of five
        assert sum(1 for m in mine if m.steed) == 7  # the two mounted Spears, bar three on foot
        assert all(any(z.contains(m.x, m.y) for z in zones) for m in mine)
        assert all(kind(sc.terrain, (int(m.x), int(m.y))) in ("open", "road") for m in mine)


def test_the_beck_is_crossed_only_at_its_fords_and_the_bridge(saxton: TerrainMap) -> None:
    for y in range(48):
        wet = [kind(saxton, (x, y)) for x in range(72) if kind(saxton, (x, y)) in ("river", "ford")]
        if y in (23, 24):  # the bridge carries the York road over the beck
            assert wet == [] and kind(saxton, (int(saxton_beck(y + 0.5)), y)) == "road"
        elif y in (9, 10, 37, 38):  # the fords
            assert wet and set(wet) == {"ford"}
        else:  # deep water, one or two tiles wide, all the way down the table
            assert 1 <= len(wet) <= 2 and set(wet) == {"river"}
    engine = start_game("saxton-field", 1)  # the whole line deploys east of the beck, none cut off
    beck_east = max(x for y in range(6) for x in range(72) if kind(saxton, (x, y)) == "river")
    assert all(m.x - 0.5 > beck_east + 1 for m in engine.state.models if m.y < 6)
