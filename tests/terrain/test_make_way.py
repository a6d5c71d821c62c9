"""The shipped map Make Way! Clear the Road!: the hedged road, the vehicles, the zones and properties."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

from game.content import load_content
from game.physics.ram import Body, blocked_by
from game.resources import MAPS_DIR
from game.terrain import TerrainMap, load_terrain
from game.terrain.geometry import obstacle_near
from game.terrain.terrain_map import VehicleSpot

ROOT = Path(__file__).resolve().parents[2]
MAP = MAPS_DIR / "make-way.tmx"
ROAD = (14.0, 16.0)  # the road's north and south edges, inches
DITCH = load_content().vehicle_rules.narrow_ditch
Cell = tuple[int, int]


@pytest.fixture(scope="module")
def way() -> TerrainMap:
    """Make Way!, loaded once, with its images required."""
    return load_terrain(MAP, require_images=True)


def kind(tmap: TerrainMap, cell: Cell) -> str:
    """The terrain kind of a whole tile."""
    return tmap.kind_at(cell[0] + 0.5, cell[1] + 0.5)


def footprint(tmap: TerrainMap, spot: VehicleSpot) -> Body:
    """A vehicle spot as a physics body the size of its vehicles.toml profile."""
    prof = load_content().vehicles[spot.profile]
    return Body(spot.name, "vehicle", spot.x, spot.y, spot.heading, prof.length, prof.width)


def test_shipped_file_is_what_the_generator_writes() -> None:
    script = ROOT / "tools" / "make_maps.py"
    code = f"import runpy; m = runpy.run_path({str(script)!r}); print(m['tmx_text']('make-way'), end='')"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == MAP.read_text(encoding="utf-8")


def test_only_make_way_has_a_vehicles_layer() -> None:
    text = MAP.read_text(encoding="utf-8")
    assert 'nextlayerid="7"' in text and '<objectgroup id="6" name="vehicles">' in text
    for name in ("skirmish-field", "the-ford", "stakes-and-arrows"):
        other = (MAPS_DIR / f"{name}.tmx").read_text(encoding="utf-8")
        assert 'nextlayerid="6"' in other and 'name="vehicles"' not in other
        assert load_terrain(MAPS_DIR / f"{name}.tmx").vehicles == []


def test_size_and_properties(way: TerrainMap) -> None:
    assert (way.width, way.height) == (42, 30)
    props = way.properties
    assert props["title"] == "Make Way! Clear the Road!" and props["turns"] == 10
    assert (props["red_retinue"], props["blue_retinue"]) == ("york-escort", "lancaster-ambush")
    assert props["steeds_stay"] is False
    assert (props["escort"], props["escort_edge"], props["escort_valour"]) == ("the supply wagon", "east", 6)
    assert 3 <= len(str(props["briefing"]).split(". ")) <= 5
    content = load_content()
    assert {props["red_retinue"], props["blue_retinue"]} <= set(content.retinues)


def test_the_two_vehicles(way: TerrainMap) -> None:
    assert way.vehicles == [
        VehicleSpot("the supply wagon", "supply_wagon", "red", 4.0, 15.0, 90.0),
        VehicleSpot("the roadblock", "ox_cart", "none", 28.0, 14.5, 0.0),
    ]
    escort = next(v for v in way.vehicles if v.name == way.properties["escort"])
    assert escort.side == "red" and escort.heading == 90.0  # facing the east edge it must leave by
    assert set(v.profile for v in way.vehicles) <= set(load_content().vehicles)


def test_no_vehicle_starts_in_a_hedge_a_building_or_off_the_table(way: TerrainMap) -> None:
    for spot in way.vehicles:
        assert blocked_by(way, footprint(way, spot), narrow_ditch=DITCH) == [], spot.name


def test_the_wagon_starts_on_the_road_in_reds_zone(way: TerrainMap) -> None:
    wagon = way.vehicles[0]
    assert way.kind_at(wagon.x, wagon.y) == "road"
    assert any(z.contains(wagon.x, wagon.y) for z in way.zones if z.side == "red")
    assert all(kind(way, (x, y)) == "road" for x in range(way.width) for y in (14, 15))  # road to the edge


def test_the_roadblock_leaves_a_squeeze_of_open_grass(way: TerrainMap) -> None:
    cart = way.vehicles[1]
    body = footprint(way, cart)
    north, south = cart.y - body.length / 2, cart.y + body.length / 2
    assert north <= ROAD[0] and south >= ROAD[1] - 0.1  # broadside across the whole road
    assert blocked_by(way, body, narrow_ditch=DITCH) == []
    # jammed against the north hedgerow: no room to pass that end
    assert obstacle_near(way, (cart.x, north - 0.2), 0.1) is not None
    # and 3-4" of open grass off its south end, then the farmhouse
    gap = [y / 10 for y in range(int(south * 10) + 1, 300)]
    first_blocked = next(y for y in gap if way.kind_at(cart.x, y) not in ("open", "road")
                         or obstacle_near(way, (cart.x, y), 0.0) is not None)
    assert 3.0 <= first_blocked - south <= 4.5
    assert way.kind_at(cart.x, first_blocked) == "building"
    squeeze = Body("wagon", "vehicle", cart.x, south + 1.4, 90.0, 4.0, 2.0)  # a wagon fits past
    assert blocked_by(way, squeeze, narrow_ditch=DITCH) == []


def corners(body: Body) -> list[tuple[float, float]]:
    """The four corners of a vehicle body's box."""
    hx, hy = math.sin(math.radians(body.heading)), -math.cos(math.radians(body.heading))
    return [(body.x + hx * a * body.length / 2 - hy * b * body.width / 2,
             body.y + hy * a * body.length / 2 + hx * b * body.width / 2)
            for a, b in ((1, 1), (1, -1), (-1, -1), (-1, 1))]


def boxes_overlap(a: Body, b: Body) -> bool:
    """True if two vehicle boxes overlap (separating axis test)."""
    pa, pb = corners(a), corners(b)
    for poly in (pa, pb):
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
            nx, ny = y2 - y1, x1 - x2
            da, db = [nx * x + ny * y for x, y in pa], [nx * x + ny * y for x, y in pb]
            if max(da) <= min(db) or max(db) <= min(da):
                return False
    return True


def test_a_wagon_can_just_squeeze_round_the_roadblock(way: TerrainMap) -> None:
    wagon, cart = (footprint(way, v) for v in way.vehicles)

    def ease(u: float) -> float:
        u = min(1.0, max(0.0, u))
        return u * u * (3 - 2 * u)

    def lane(x: float) -> float:  # off the road 2.3" south between x 22 and 26, back on by x 34
        return 15.0 + 2.3 * (ease((x - 22.0) / 4.0) - ease((x - 30.0) / 4.0))

    for i in range(250):  # the wagon's centre from x 14 to 39, facing along the curve
        x = 14.0 + i / 10
        slope = (lane(x + 0.05) - lane(x - 0.05)) / 0.1
        pose = Body("wagon", "vehicle", x, lane(x), 90.0 + math.degrees(math.atan(slope)),
                    wagon.length, wagon.width)
        assert blocked_by(way, pose, narrow_ditch=DITCH) == [], (x, pose.y, pose.heading)
        assert not boxes_overlap(pose, cart), (x, pose.y, pose.heading)
    wider = Body("wagon", "vehicle", 28.0, 16.0 + 3.2, 90.0, wagon.length, wagon.width)
    # a 4" squeeze: the cart tail to the farmhouse
    assert blocked_by(way, wider, narrow_ditch=DITCH) == ["static:building"]


def test_hedgerows_line_the_road_with_gates_and_a_ditch(way: TerrainMap) -> None:
    hedges = [o for o in way.obstacles if o.kind == "hedge"]
    assert all(not o.tall and o.width == pytest.approx(1.0) for o in hedges)
    north = [o for o in hedges if all(y < ROAD[0] for _, y in o.points)]
    south = [o for o in hedges if all(y > ROAD[1] for _, y in o.points)]
    assert len(north) >= 2 and len(south) >= 2  # broken by field gates
    lengths = [sum(abs(b[0] - a[0]) for o in side for a, b in o.segments()) for side in (north, south)]
    assert min(lengths) >= 0.35 * way.width and sum(lengths) >= 0.9 * way.width  # much of the road
    for side in (north, south):
        for o in side:  # along the road, clear of it
            assert all(abs(y - (ROAD[0] if side is north else ROAD[1])) < 2.0 for _, y in o.points)
            assert all(abs(y - (ROAD[0] if side is north else ROAD[1])) >= o.width / 2 for _, y in o.points)
    (ditch,) = [o for o in way.obstacles if o.kind == "ditch"]
    assert not ditch.tall and ditch.width == pytest.approx(1.0)
    assert all(ROAD[1] <= y - ditch.width / 2 + 0.01 for _, y in ditch.points)  # on the south verge


def test_woods_north_farm_south_fields_and_scrub(way: TerrainMap) -> None:
    cells = {(x, y): kind(way, (x, y)) for y in range(way.height) for x in range(way.width)}
    woods = [c for c, k in cells.items() if k == "woods"]
    buildings = [c for c, k in cells.items() if k == "building"]
    assert len(woods) >= 30 and all(y < ROAD[0] for _, y in woods)
    assert buildings and all(y >= ROAD[1] + 2 for _, y in buildings)
    assert any(k == "ploughland" for k in cells.values()) and any(k == "scrub" for k in cells.values())


def test_zones_are_open_clear_and_away_from_the_vehicles(way: TerrainMap) -> None:
    red = [z for z in way.zones if z.side == "red"]
    blue = [z for z in way.zones if z.side == "blue"]
    assert len(red) == 1 and len(blue) == 2
    assert {(z.y < ROAD[0], z.y > ROAD[1]) for z in blue} == {(True, False), (False, True)}  # both sides
    for z in way.zones:
        cells = [(x, y) for y in range(int(z.y), int(z.y + z.h)) for x in range(int(z.x), int(z.x + z.w))]
        assert sum(kind(way, c) in ("open", "road") for c in cells) / len(cells) > 0.85
        for x, y in cells:
            assert obstacle_near(way, (x + 0.5, y + 0.5), 0.5) is None
    for spot in way.vehicles:
        body = footprint(way, spot)
        reach = body.length / 2 + 1.0
        for z in blue:
            assert not (z.x - reach < spot.x < z.x + z.w + reach and z.y - reach < spot.y < z.y + z.h + reach)
    models = sum(1 + len(s.retainers) for s in load_content().retinues["lancaster-ambush"].spears)
    assert sum(z.w * z.h for z in blue) >= 12 * models


def test_the_way_cross_is_the_one_objective(way: TerrainMap) -> None:
    (obj,) = way.objectives
    assert (obj.kind, obj.valour) == ("hold", 1)
    assert obj.x > way.width * 0.8  # at the far (east) end of the road
    assert kind(way, (int(obj.x), int(obj.y))) in ("open", "road")
