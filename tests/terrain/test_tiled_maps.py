"""Maps written by the real Tiled 1.8.2 (tests/terrain/tiled/, made by tools/make_tiled_fixtures.py).

Each one shows a feature the loader must read as Tiled shows it. The files are committed, so these
tests need no Tiled; the last tests re-save the maps with Tiled when it is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from game.terrain import MapError, load_terrain
from game.terrain.tmx import prepared_map

HERE = Path(__file__).resolve().parent / "tiled"
W = 6  # every fixture is 6 x 4 tiles


def row(tiles: list[str], y: int) -> list[str]:
    return tiles[y * W:(y + 1) * W]


def test_a_layer_in_a_hidden_group_is_hidden() -> None:
    tiles = load_terrain(HERE / "hidden-group.tmx").tiles
    assert row(tiles, 1) == ["open"] * W  # 'walls' (buildings) sits in the hidden group 'ruins'
    assert row(tiles, 2) == ["open"] * W  # 'trees' is in a visible group inside the hidden one
    assert row(tiles, 3) == ["road"] * W  # 'road' is in a visible group: still read


def test_the_drawn_map_hides_the_same_layers() -> None:
    root = prepared_map(HERE / "hidden-group.tmx")
    visible = {el.get("name"): el.get("visible", "1") for el in root.iter("layer")}
    assert visible == {"ground": "1", "walls": "0", "trees": "0", "road": "1"}


def test_template_instances_keep_their_overrides() -> None:
    tmap = load_terrain(HERE / "templates.tmx")
    well, plain = tmap.objectives
    assert (well.name, well.kind, well.radius, well.valour) == ("the well", "hold", 1.5, 3)
    assert (well.x, well.y) == (2.5, 1.5)  # the template's 32 px ellipse, centred
    assert (plain.name, plain.valour) == ("a hold marker", 1)  # the template's own name and values
    assert [(z.side, z.x, z.y, z.w, z.h) for z in tmap.zones] == [("red", 0, 0, 2, 2), ("blue", 4, 2, 2, 2)]
    (hedge,) = tmap.obstacles
    assert (hedge.kind, hedge.width, hedge.points) == ("wall", 1.0, ((1.0, 3.0), (3.0, 3.0)))


def test_templates_load_as_tiled_detaches_them() -> None:
    made, detached = load_terrain(HERE / "templates.tmx"), load_terrain(HERE / "templates-detached.tmx")
    assert (made.zones, made.objectives, made.obstacles) == (detached.zones, detached.objectives,
                                                             detached.obstacles)


def test_a_missing_template_is_one_clear_error(tmp_path: Path) -> None:
    for name in ("templates.tmx", "plain.tsx", "plain.png"):
        shutil.copy(HERE / name, tmp_path / name)
    with pytest.raises(MapError, match=r"object 'the well' \(id 1\) in layer 'objectives': template "
                                       r"'hold.tx' was not found"):
        load_terrain(tmp_path / "templates.tmx")


def test_an_image_collection_with_gaps_in_its_ids_loads() -> None:
    tiles = load_terrain(HERE / "collection.tmx", require_images=True).tiles
    assert row(tiles, 1)[1] == "woods"  # tile id 1
    assert row(tiles, 2)[4:] == ["building", "building"]  # tile id 5, after the gap 2..4


def test_an_unknown_tile_names_the_tileset_and_its_tile_id() -> None:
    with pytest.raises(MapError) as info:
        load_terrain(HERE / "unknown-tile.tmx")
    message = str(info.value)
    assert "layer 'ground' at (2, 1): tileset 'pieces' (pieces.tsx) has no tile 3" in message
    assert "8" not in message.split("unknown-tile.tmx")[1]  # not the map-wide tile number


def test_layer_offsets_move_tiles_and_objects() -> None:
    tmap = load_terrain(HERE / "offsets.tmx")
    woods = [i for i, kind in enumerate(tmap.tiles) if kind == "woods"]
    assert woods == [1 * W + 1]  # (0, 0) moved one tile right and down; (5, 3) moved off the table
    (cross,) = tmap.objectives
    assert (cross.x, cross.y) == (2.0, 1.5)  # 16 px + the group's 32 + the layer's 16; 16 + 32


def test_an_offset_of_part_of_a_tile_is_refused() -> None:
    with pytest.raises(MapError, match=r"layer 'trees' is offset by \(16, 0\) px, which is not a whole "
                                       r"number of 32 px tiles"):
        load_terrain(HERE / "offset-half-tile.tmx")


FIXTURES = sorted(p.name for p in HERE.glob("*.tmx") if "offset-half" not in p.name
                  and "unknown" not in p.name)


def _tiled(*args: str) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run(["tiled", *args], check=True, env=env, capture_output=True, timeout=60)


@pytest.mark.skipif(shutil.which("tiled") is None, reason="Tiled is not installed")
@pytest.mark.parametrize("name", FIXTURES)
def test_a_map_re_saved_by_tiled_loads_the_same(tmp_path: Path, name: str) -> None:
    for src in HERE.iterdir():
        shutil.copy(src, tmp_path / src.name)
    _tiled("--export-map", "tmx", str(tmp_path / name), str(tmp_path / f"again-{name}"))
    again, first = load_terrain(tmp_path / f"again-{name}"), load_terrain(HERE / name)
    assert (again.tiles, again.zones, again.objectives, again.obstacles) == (
        first.tiles, first.zones, first.objectives, first.obstacles)


TILE_TX = """<?xml version="1.0" encoding="UTF-8"?>
<template>
 <tileset firstgid="1" source="{tsx}"/>
 <object name="a house" gid="{gid}" width="32" height="32"/>
</template>
"""


def _map_with_a_tile_template(tmp_path: Path, tsx: str, gid: int) -> Path:
    for src in HERE.iterdir():
        shutil.copy(src, tmp_path / src.name)
    (tmp_path / "house.tx").write_text(TILE_TX.format(tsx=tsx, gid=gid), encoding="utf-8")
    body = (HERE / "unknown-tile.tmx").read_text(encoding="utf-8").replace(",8,", ",1,")
    notes = (' <objectgroup id="9" name="notes">\n'
             '  <object id="1" template="house.tx" x="32" y="64"/>\n </objectgroup>\n</map>')
    path = tmp_path / "tile-template.tmx"
    path.write_text(body.replace("</map>", notes), encoding="utf-8")
    return path


def test_a_tile_template_is_renumbered_into_the_maps_tilesets(tmp_path: Path) -> None:
    path = _map_with_a_tile_template(tmp_path, "pieces.tsx", 6 | 0x80000000)  # pieces' tile 5, flipped
    (obj,) = prepared_map(path).iter("object")
    assert int(obj.get("gid", "0")) == (5 + 5) | 0x80000000  # pieces.tsx starts at 5 in this map
    assert (obj.get("name"), obj.get("x"), obj.get("width")) == ("a house", "32", "32")
    assert load_terrain(path).width == 6


def test_a_tile_template_of_a_tileset_the_map_lacks_is_refused(tmp_path: Path) -> None:
    path = _map_with_a_tile_template(tmp_path, "elsewhere.tsx", 1)
    with pytest.raises(MapError, match=r"template 'house.tx' shows a tile of tileset 'elsewhere.tsx', which "
                                       r"the map does not use"):
        load_terrain(path)
