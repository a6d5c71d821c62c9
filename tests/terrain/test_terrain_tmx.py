"""The TMX loader: the shipped map, the format conventions, and one MapError per bad input."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.resources import MAPS_DIR
from game.terrain import (
    OBSTACLE_KINDS,
    TERRAIN_KINDS,
    MapError,
    load_terrain,
)
from game.terrain.terrain_map import VehicleSpot

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = MAPS_DIR / "skirmish-field.tmx"


# --- the shipped map ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def field():
    """The shipped Skirmish Field map, loaded once."""
    return load_terrain(SHIPPED)


def test_shipped_map_has_every_terrain_kind(field) -> None:
    assert (field.width, field.height) == (36, 36)
    assert len(field.tiles) == 36 * 36
    assert set(field.tiles) == set(TERRAIN_KINDS)


def test_shipped_map_has_every_obstacle_kind(field) -> None:
    kinds = Counter(o.kind for o in field.obstacles)
    assert set(kinds) == set(OBSTACLE_KINDS)
    assert any(o.kind == "wall" and o.tall for o in field.obstacles)
    assert any(o.kind == "wall" and not o.tall for o in field.obstacles)
    assert any(o.kind == "ditch" and o.width == pytest.approx(2.0) for o in field.obstacles)
    for o in field.obstacles:
        assert len(o.points) >= 2
        assert all(0 <= x <= 36 and 0 <= y <= 36 for x, y in o.points)


def test_shipped_map_zones_are_opposite_edges_and_mostly_open(field) -> None:
    zones = {z.side: z for z in field.zones}
    assert set(zones) == {"red", "blue"}
    red, blue = zones["red"], zones["blue"]
    assert (red.x, red.y, red.w, red.h) == (0, 0, 36, 6)
    assert (blue.x, blue.y + blue.h, blue.w, blue.h) == (0, 36, 36, 6)
    for zone in (red, blue):
        cells = [
            field.kind_at(x + 0.5, y + 0.5)
            for y in range(int(zone.y), int(zone.y + zone.h))
            for x in range(int(zone.x), int(zone.x + zone.w))
        ]
        good = sum(kind in ("open", "road") for kind in cells)
        assert good / len(cells) > 0.85


def test_shipped_map_objectives(field) -> None:
    hold = [o for o in field.objectives if o.kind == "hold"]
    loot = [o for o in field.objectives if o.kind == "loot"]
    assert len(hold) == 1 and len(loot) == 2
    assert (hold[0].x, hold[0].y, hold[0].radius, hold[0].valour) == (18, 18, 3, 2)
    assert all(o.radius == 1 and o.valour == 1 for o in loot)
    for o in field.objectives:
        assert field.kind_at(o.x, o.y) not in ("building", "impassable", "river")


def test_shipped_map_properties(field) -> None:
    props = field.properties
    assert props["title"] == "Skirmish Field"
    assert props["turns"] == 6
    assert props["red_retinue"] == "york-foot"
    assert props["blue_retinue"] == "lancaster-foot"
    briefing = str(props["briefing"])
    assert 2 <= briefing.count(". ") + 1 <= 4


def test_shipped_map_has_a_bridge_over_the_river(field) -> None:
    def column(x: int, y: int) -> list[str]:
        return [field.kind_at(x + 0.5, y + dy + 0.5) for dy in range(4)]

    spans = [(x, y) for x in range(36) for y in range(33) if column(x, y) == [
        "river", "road", "road", "river"]]  # fmt: skip
    assert spans  # a two-tile road crossing over the river: the bridge


def test_shipped_map_loads_with_images_required() -> None:
    assert load_terrain(SHIPPED, require_images=True).width == 36


def test_shipped_map_is_what_the_generator_writes() -> None:
    script = ROOT / "tools" / "make_maps.py"
    code = f"import runpy; m = runpy.run_path({str(script)!r}); print(m['tmx_text'](), end='')"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == SHIPPED.read_text(encoding="utf-8")


def test_loading_does_not_import_pygame() -> None:
    code = (
        "import sys\n"
        "import game.terrain as t\n"
        f"m = t.load_terrain({str(SHIPPED)!r})\n"
        "t.terrain_runs(m, (1, 1), (30, 30)); t.obstacle_crossings(m, (1, 1), (30, 30))\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
        "assert 'pytmx' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_loading_works_with_pygame_blocked() -> None:
    code = (
        "import sys\n"
        "sys.modules['pygame'] = None\n"
        "from game.terrain import load_terrain\n"
        f"assert load_terrain({str(SHIPPED)!r}).width == 36\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# --- conventions, on small hand-written maps ---------------------------------------------------


def test_top_most_tile_wins_and_empty_cells_are_open(write_map, kit) -> None:
    ground = kit.csv_rows([[2, 2, 0, 0], [1, 1, 1, 0], [0, 0, 0, 0]])
    top = kit.csv_rows([[3, 0, 0, 0], [0, 0, 5, 0], [0, 0, 0, 0]])
    tmap = load_terrain(write_map(layers=[("ground", ground), ("top", top)]))
    assert tmap.tiles == [
        "building", "woods", "open", "open",
        "open", "open", "road", "open",
        "open", "open", "open", "open",
    ]  # fmt: skip


def test_hidden_layers_are_ignored(write_map, kit) -> None:
    layers = [("ground", kit.csv_rows([[1] * 4] * 3)), ("top", kit.csv_rows([[2] * 4] * 3))]
    path = write_map(layers=layers)
    path.write_text(path.read_text().replace('name="top"', 'name="top" visible="0"'))
    assert set(load_terrain(path).tiles) == {"open"}


def test_flipped_tiles_keep_their_terrain(write_map, kit) -> None:
    flipped = 2 | 0x80000000
    tmap = load_terrain(write_map(layers=[("ground", kit.csv_rows([[flipped, 1, 1, 1]] * 3))]))
    assert tmap.kind_at(0.5, 0.5) == "woods"


def test_obstacle_points_are_absolute_inches(write_map, kit) -> None:
    hedge = kit.obstacle(kind="hedge", x=32, y=16, points="0,0 64,0 64,48", width="1.5")
    objs = kit.obstacle_layer(hedge)
    (obs,) = load_terrain(write_map(objects=objs)).obstacles
    assert obs.points == ((1.0, 0.5), (3.0, 0.5), (3.0, 2.0))
    assert (obs.kind, obs.tall, obs.width, obs.name) == ("hedge", False, 1.5, "w")


def test_polygon_obstacle_is_closed_and_tall_is_read(write_map) -> None:
    objs = (
        ' <objectgroup id="7" name="obstacles">\n  <object id="1" x="0" y="0">'
        '<properties><property name="kind" value="wall"/><property name="wall_height" value="tall"/>'
        '</properties><polygon points="0,0 32,0 32,32"/></object>\n </objectgroup>\n'
    )
    (obs,) = load_terrain(write_map(objects=objs)).obstacles
    assert obs.points == ((0, 0), (1, 0), (1, 1), (0, 0))
    assert obs.tall and obs.width == 0.5 and obs.name == "wall-1"


def test_zones_objectives_and_properties(write_map) -> None:
    objs = (
        ' <objectgroup id="7" name="deployment">\n'
        '  <object id="1" x="0" y="0" width="128" height="32">'
        '<properties><property name="side" value="red"/></properties></object>\n'
        " </objectgroup>\n"
        ' <objectgroup id="8" name="objectives">\n'
        '  <object id="2" name="chest" x="32" y="32" width="64" height="32"><properties>'
        '<property name="objective" value="loot"/><property name="radius" type="float" value="1.5"/>'
        '<property name="valour" type="int" value="3"/></properties></object>\n'
        '  <object id="3" x="64" y="48"><properties><property name="objective" value="hold"/>'
        "</properties><point/></object>\n"
        " </objectgroup>\n"
    )
    props = '  <property name="title" value="T"/>\n  <property name="turns" type="int" value="4"/>'
    tmap = load_terrain(write_map(objects=objs, properties=props))
    (zone,) = tmap.zones
    assert (zone.side, zone.x, zone.y, zone.w, zone.h) == ("red", 0, 0, 4, 1)
    chest, hill = tmap.objectives
    assert (chest.name, chest.kind, chest.x, chest.y, chest.radius, chest.valour) == (
        "chest", "loot", 2.0, 1.5, 1.5, 3,
    )  # fmt: skip
    assert (hill.kind, hill.x, hill.y, hill.radius, hill.valour) == ("hold", 2.0, 1.5, 1.0, 1)
    assert tmap.properties == {"title": "T", "turns": 4}
    assert tmap.name == "m"


def test_vehicles_layer_points_and_rectangles(write_map, kit) -> None:
    objs = kit.vehicle_layer(
        kit.vehicle("the wagon", "supply_wagon", "red", "-90", x=64, y=48),
        kit.vehicle("old cart", "ox_cart", None, None, x=16, y=0, oid=2, size=(64, 96)),
        kit.vehicle("barrow", "handcart", "BLUE", "450", x=127, y=95, oid=3),
    )
    tmap = load_terrain(write_map(objects=objs))
    wagon, cart, barrow = tmap.vehicles
    assert wagon == VehicleSpot("the wagon", "supply_wagon", "red", 2.0, 1.5, 270.0)
    assert cart == VehicleSpot("old cart", "ox_cart", "none", 1.5, 1.5, 0.0)  # the defaults; the centre
    assert (barrow.side, barrow.heading) == ("blue", 90.0)
    assert all(0.0 <= v.heading < 360.0 for v in tmap.vehicles)


def test_a_map_without_a_vehicles_layer_has_no_vehicles(field) -> None:
    assert field.vehicles == []


# --- every bad input is one MapError naming the file -------------------------------------------

LAUGHS = (
    "<!DOCTYPE map [\n"
    + "\n".join(
        ['<!ENTITY lol0 "lol">'] + [f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10)]
    )
    + "\n]>\n"
)
XXE = '<!DOCTYPE map [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'


def _bad(write_map, kit, case: str) -> tuple[Path, str]:
    """Write one broken map; return its path and a fragment the error must mention."""
    rows = [[1] * 4 for _ in range(3)]
    if case == "truncated":
        return write_map(text=kit.text()[:200]), "not well-formed"
    if case == "billion-laughs":
        bomb = '  <property name="title" value="&lol9;"/>'
        return write_map(doctype=LAUGHS, properties=bomb), "refused"
    if case == "external-entity":
        return write_map(doctype=XXE), "refused"
    if case == "hostile-tsx":
        doctype = XXE.replace("map", "tileset")
        return write_map(tsx=kit.tsx.replace("<tileset", doctype + "<tileset", 1)), "t.tsx"
    if case == "missing-tsx":
        return write_map(tileset='<tileset firstgid="1" source="gone.tsx"/>'), "gone.tsx"
    if case == "unknown-gid":
        rows[1][2] = 42
        return write_map(layers=[("ground", kit.csv_rows(rows))]), "(2, 1)"
    if case == "bad-integer":
        text = kit.text().replace("1,1,1,1,\n1,1,1,1", "1,1,1,1,\n1,x,1,1", 1)
        return write_map(text=text), "(1, 1)"
    if case == "bad-attribute":
        return write_map(text=kit.text().replace('width="4"', 'width="four"', 1)), "four"
    if case == "no-terrain":
        rows[2][3] = 4
        return write_map(layers=[("ground", kit.csv_rows(rows))]), "(3, 2)"
    if case == "unknown-terrain":
        return write_map(tsx=kit.tsx.replace('value="woods"', 'value="swamp"')), "swamp"
    if case == "too-large":
        return write_map(width=73, height=10), "72x48"
    if case == "not-square":
        return write_map(tile=(32, 16)), "square"
    if case == "short-count":
        return write_map(layers=[("ground", kit.csv_rows(rows[:2]))]), "ground"
    if case == "obstacle-kind":
        return write_map(objects=kit.obstacle_layer(kit.obstacle(kind="moat"))), "moat"
    if case == "obstacle-one-point":
        return write_map(objects=kit.obstacle_layer(kit.obstacle(points="0,0"))), "2 points"
    if case == "obstacle-negative-width":
        return write_map(objects=kit.obstacle_layer(kit.obstacle(width="-1"))), "negative"
    if case == "obstacle-bad-height":
        return write_map(objects=kit.obstacle_layer(kit.obstacle(height="huge"))), "huge"
    if case == "obstacle-bad-float":
        return write_map(objects=kit.obstacle_layer(kit.obstacle(width="wide"))), "wide"
    if case == "obstacle-bad-points":
        return write_map(objects=kit.obstacle_layer(kit.obstacle(points="0,0 1;2"))), "1;2"
    if case == "zone-side":
        objs = (
            ' <objectgroup id="7" name="deployment"><object id="1" name="z" x="0" y="0" '
            'width="32" height="32"><properties><property name="side" value="green"/>'
            "</properties></object></objectgroup>\n"
        )
        return write_map(objects=objs), "green"
    if case == "objective-kind":
        objs = (
            ' <objectgroup id="7" name="objectives"><object id="1" x="0" y="0">'
            '<properties><property name="objective" value="capture"/></properties>'
            "<point/></object></objectgroup>\n"
        )
        return write_map(objects=objs), "capture"
    if case == "vehicle-missing-profile":
        return write_map(objects=kit.vehicle_layer(kit.vehicle(profile=None))), "'vehicle' is missing"
    if case == "vehicle-empty-profile":
        return write_map(objects=kit.vehicle_layer(kit.vehicle(profile=" "))), "'vehicle' is missing or empty"
    if case == "vehicle-no-name":
        return write_map(objects=kit.vehicle_layer(kit.vehicle(name=""))), "needs a name"
    if case == "vehicle-side":
        return write_map(objects=kit.vehicle_layer(kit.vehicle(side="green"))), "side is 'green'"
    if case == "vehicle-heading-nan":
        objs = kit.vehicle_layer(kit.vehicle(heading="nan"))
        return write_map(objects=objs), "'heading' is 'nan', not a finite"
    if case == "vehicle-heading-nan-text":  # an untyped (string) property, read by the loader itself
        objs = kit.vehicle_layer(kit.vehicle(heading=None).replace(
            "<properties>", '<properties><property name="heading" value="NaN"/>'))
        return write_map(objects=objs), "layer 'vehicles': 'heading' is 'NaN', not a finite number"
    if case == "vehicle-heading-inf":
        return write_map(objects=kit.vehicle_layer(kit.vehicle(heading="inf"))), "not a finite number"
    if case == "vehicle-heading-word":
        objs = kit.vehicle_layer(kit.vehicle(heading=None).replace(
            "<properties>", '<properties><property name="heading" value="east"/>'))
        return write_map(objects=objs), "'heading' is 'east', not a number"
    if case == "vehicle-off-table":
        return write_map(objects=kit.vehicle_layer(kit.vehicle(x=200, y=48))), "lies off the table"
    if case == "vehicle-rectangle-off-table":
        objs = kit.vehicle_layer(kit.vehicle(x=96, y=64, size=(96, 64)))
        return write_map(objects=objs), "centre (4.5, 3) lies off the table"
    if case == "vehicle-duplicate":
        objs = kit.vehicle_layer(kit.vehicle("cart"), kit.vehicle("cart", "ox_cart", "none", "0", oid=2))
        return write_map(objects=objs), "'cart' (id 2) in layer 'vehicles': another vehicle is already named"
    if case == "vehicle-polyline":
        objs = kit.vehicle_layer(kit.vehicle().replace("<point/>", '<polyline points="0,0 32,0"/>'))
        return write_map(objects=objs), "not a polyline"
    if case == "reserved-name":
        return write_map(properties='  <property name="width" value="9"/>'), "reserves"
    if case == "bad-turns":
        return write_map(properties='  <property name="turns" type="int" value="0"/>'), "turns"
    if case == "missing-file":
        return write_map().with_name("nope.tmx"), "was not found"
    if case == "infinite":
        return write_map(text=kit.text().replace('infinite="0"', 'infinite="1"')), "infinite"
    if case == "image-no-size":
        return write_map(tsx=kit.tsx.replace(' width="160" height="32"', "")), "width/height"
    if case == "xml-encoding":
        return write_map(text=kit.text().replace('encoding="csv"', "")), "CSV"
    raise AssertionError(case)


BAD_CASES = [
    "truncated", "billion-laughs", "external-entity", "hostile-tsx", "missing-tsx",
    "unknown-gid", "bad-integer", "bad-attribute", "no-terrain", "unknown-terrain",
    "too-large", "not-square", "short-count", "obstacle-kind", "obstacle-one-point",
    "obstacle-negative-width", "obstacle-bad-height", "obstacle-bad-float", "obstacle-bad-points",
    "zone-side", "objective-kind",
    "vehicle-missing-profile", "vehicle-empty-profile", "vehicle-no-name", "vehicle-side",
    "vehicle-heading-nan", "vehicle-heading-nan-text", "vehicle-heading-inf", "vehicle-heading-word",
    "vehicle-off-table", "vehicle-rectangle-off-table", "vehicle-duplicate", "vehicle-polyline",
    "reserved-name", "bad-turns", "missing-file", "infinite",
    "xml-encoding",
    "image-no-size",
]  # fmt: skip


@pytest.mark.parametrize("case", BAD_CASES)
def test_bad_map_raises_one_map_error_naming_the_file(write_map, kit, case: str) -> None:
    path, fragment = _bad(write_map, kit, case)
    with pytest.raises(MapError) as info:
        load_terrain(path)
    message = str(info.value)
    assert path.name in message
    assert fragment.lower() in message.lower()
    assert info.value.path == str(path)
    assert info.value.__cause__ is None  # one clean error, not a chained pytmx traceback


def test_missing_image_is_reported_only_when_required(write_map) -> None:
    path = write_map()
    assert load_terrain(path).width == 4
    with pytest.raises(MapError, match="no-such-image.png"):
        load_terrain(path, require_images=True)
