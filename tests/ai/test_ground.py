"""The heuristic's ground: distances round what is in the way, and fields kept per ground."""

from __future__ import annotations

import math

import pytest

from game.ai import ground
from game.ai.ground import FIELDS_KEPT, SHARED_GROUNDS, Ground, fields_of
from game.terrain.terrain_map import Obstacle, TerrainMap


def _table(kinds: dict[tuple[int, int], str] | None = None, obstacles: tuple[Obstacle, ...] = (),
           width: int = 12, height: int = 6) -> TerrainMap:
    tiles = ["open"] * (width * height)
    for (x, y), kind in (kinds or {}).items():
        tiles[y * width + x] = kind
    return TerrainMap("test", width, height, tiles, list(obstacles))


def test_open_ground_is_the_steps_across_it() -> None:
    g = Ground()
    assert g.distance(_table(), (0.5, 0.5), (6.5, 0.5), False) == 6.0
    assert g.distance(_table(), (0.5, 0.5), (3.5, 3.5), False) == 3 * math.sqrt(2)


def test_hard_going_rivers_and_buildings_lengthen_the_way() -> None:
    g = Ground()
    wood = {(x, 0): "woods" for x in range(1, 6)}
    assert g.distance(_table(wood), (0.5, 0.5), (6.5, 0.5), False) == pytest.approx(4 + 2 * math.sqrt(2))
    river = {(3, y): "river" for y in range(6)}
    assert g.distance(_table(river), (0.5, 0.5), (6.5, 0.5), False) == 6.0 + ground.RIVER_COST
    wall = {(3, y): "building" for y in range(6)}
    assert g.distance(_table(wall), (0.5, 0.5), (6.5, 0.5), False) == 6.0 * 3.0  # no way: thrice straight


def test_a_rider_jumps_a_low_wall_and_goes_round_a_tall_one() -> None:
    g = Ground()
    low = _table(obstacles=(Obstacle("hedge", "hedge", ((3.0, 0.0), (3.0, 6.0)), False, 0.5),))
    assert g.distance(low, (0.5, 0.5), (6.5, 0.5), False) == 6.0 + ground.FOOT_LOW
    assert g.distance(low, (0.5, 0.5), (6.5, 0.5), True) == 6.0 + ground.RIDER_JUMP
    tall = _table(obstacles=(Obstacle("wall", "wall", ((3.0, 0.0), (3.0, 6.0)), True, 0.5),))
    assert g.distance(tall, (0.5, 0.5), (6.5, 0.5), False) == 6.0 + ground.FOOT_TALL
    assert g.distance(tall, (0.5, 0.5), (6.5, 0.5), True) == 6.0 * 3.0  # no way over on horseback


def test_a_changed_ground_is_never_answered_from_the_old_fields() -> None:
    g = Ground()
    before = g.distance(_table(), (0.5, 0.5), (6.5, 0.5), False)
    mud = _table({(x, y): "ploughland" for x in range(12) for y in range(6)})
    assert g.distance(mud, (0.5, 0.5), (6.5, 0.5), False) == 2 * before  # mud laid: all Hard Going
    assert g.distance(_table(), (0.5, 0.5), (6.5, 0.5), False) == before  # and cleared again


def test_players_on_one_ground_share_its_fields_and_the_store_stays_bounded() -> None:
    assert fields_of(_table()) is fields_of(_table())  # the same ground, though another map object
    for n in range(SHARED_GROUNDS + 3):
        fields_of(_table({(n, 0): "woods"}))
    assert len(ground._KEPT) <= SHARED_GROUNDS
    fields = fields_of(_table(width=40, height=40))
    for x in range(0, 40, 2):
        for y in range(0, 40, 2):
            fields.field((x, y), False)
    assert len(fields.fields) == FIELDS_KEPT < 400


def test_a_field_walked_out_bit_by_bit_answers_as_one_walked_out_whole() -> None:
    wall = Obstacle("wall", "wall", ((3.0, 1.0), (3.0, 6.0)), True, 0.5)
    table = _table({(6, y): "marsh" for y in range(4)} | {(9, 2): "building"}, (wall,))
    for mounted in (False, True):
        whole = fields_of(table).field((10, 4), mounted)
        by_bits = ground.Field(whole.steps, 4 * 12 + 10)
        far_first = [by_bits.at(i) for i in reversed(range(72))][::-1]
        assert far_first == [whole.at(i) for i in range(72)]
        assert math.isinf(whole.at(2 * 12 + 9))  # the building is never stood in
