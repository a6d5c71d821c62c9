"""The window draws the map the terrain was read from: what Tiled hides stays hidden, offsets move
tiles as they move the terrain, and a missing picture is one MapError, not a traceback."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from pytmx import TiledTileLayer

from game.terrain import MapError
from game.ui.app import App
from game.ui.battle.camera import load_drawable

TILED = Path(__file__).resolve().parents[1] / "terrain" / "tiled"


def test_layers_in_a_hidden_group_are_not_drawn(app: App) -> None:
    tmx = load_drawable(TILED / "hidden-group.tmx")
    drawn = [layer.name for layer in tmx.visible_layers if isinstance(layer, TiledTileLayer)]
    assert drawn == ["ground", "road"]


def test_an_offset_layer_is_drawn_where_its_terrain_is(app: App) -> None:
    tmx = load_drawable(TILED / "offsets.tmx")
    trees = next(layer for layer in tmx.layers if layer.name == "trees")
    painted = [(x, y) for x, y, gid in trees.iter_data() if gid]
    assert painted == [(1, 1)]
    assert (trees.offsetx, trees.offsety) == (0, 0)


def test_a_missing_picture_is_a_map_error(app: App, tmp_path: Path) -> None:
    for name in ("collection.tmx", "pieces.tsx", "grass.png", "tree.png"):  # house.png is missing
        (tmp_path / name).write_bytes((TILED / name).read_bytes())
    with pytest.raises(MapError, match="house.png' is missing"):
        load_drawable(tmp_path / "collection.tmx")


def test_the_largest_table_fits_the_window_and_the_wheel_never_redraws_the_map(app: App) -> None:
    from game.scenario import MAPS_DIR
    from game.ui.battle.camera import ZOOM_STEPS, Camera

    cam = Camera(MAPS_DIR / "saxton-field.tmx", pygame.Rect(0, 40, 940, 620))  # a 1280x720 window
    assert cam.map_w * cam.zoom <= 940 and cam.map_h * cam.zoom <= 620  # the whole 72"x48" table
    made: list[float] = []
    fitted = cam.zoom
    for zoom in [*ZOOM_STEPS, *reversed(ZOOM_STEPS), fitted, *ZOOM_STEPS]:  # the wheel out and in again
        cam.set_zoom(zoom)
        cam.draw_map(app.surface)
        made.append(id(cam._zoomed_out(zoom)) if zoom < 1.0 else 0)
    first = {z: m for z, m in zip([*ZOOM_STEPS], made, strict=False)}
    again = made[-len(ZOOM_STEPS):]
    assert [first[z] for z in ZOOM_STEPS] == again  # each zoomed-out map was made once and kept
