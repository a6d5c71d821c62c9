"""The shipped scenario maps The Ford and Stakes and Arrows: terrain, objects and properties."""

from __future__ import annotations

import subprocess
import sys
from collections import deque
from collections.abc import Iterable
from pathlib import Path

import pytest

from game.resources import MAPS_DIR, TILES_PNG
from game.rules.setup import Escort
from game.scenario import load_scenario, start_game
from game.terrain import MapError, TerrainMap, load_terrain
from game.terrain.geometry import obstacle_near

ROOT = Path(__file__).resolve().parents[2]
MAPS = ("the-ford", "stakes-and-arrows", "make-way")
Cell = tuple[int, int]


@pytest.fixture(scope="module")
def ford() -> TerrainMap:
    """The Ford, loaded once."""
    return load_terrain(MAPS_DIR / "the-ford.tmx")


@pytest.fixture(scope="module")
def stakes() -> TerrainMap:
    """Stakes and Arrows, loaded once."""
    return load_terrain(MAPS_DIR / "stakes-and-arrows.tmx")


def kind(tmap: TerrainMap, cell: Cell) -> str:
    """The terrain kind of a whole tile."""
    return tmap.kind_at(cell[0] + 0.5, cell[1] + 0.5)


def cells_of(tmap: TerrainMap, *kinds: str) -> set[Cell]:
    """Every tile of the given kinds."""
    return {(x, y) for y in range(tmap.height) for x in range(tmap.width) if kind(tmap, (x, y)) in kinds}


def components(cells: set[Cell]) -> list[set[Cell]]:
    """The 4-connected groups of a set of tiles."""
    left, out = set(cells), []
    while left:
        todo = deque([left.pop()])
        group = set(todo)
        while todo:
            x, y = todo.popleft()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in left:
                    left.remove(n)
                    group.add(n)
                    todo.append(n)
        out.append(group)
    return out


def reachable(tmap: TerrainMap, start: Iterable[Cell], barred: set[str]) -> set[Cell]:
    """Tiles reachable from `start` stepping over tiles whose kind is not barred."""
    seen = {c for c in start if kind(tmap, c) not in barred}
    todo = deque(seen)
    while todo:
        x, y = todo.popleft()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if (0 <= n[0] < tmap.width and 0 <= n[1] < tmap.height and n not in seen
                    and kind(tmap, n) not in barred):
                seen.add(n)
                todo.append(n)
    return seen


def zone_cells(tmap: TerrainMap, side: str) -> set[Cell]:
    """The tiles of a side's deployment zones."""
    return {(x, y) for z in tmap.zones if z.side == side
            for y in range(int(z.y), int(z.y + z.h)) for x in range(int(z.x), int(z.x + z.w))}


# --- both maps ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", MAPS)
def test_shipped_file_is_what_the_generator_writes(name: str) -> None:
    script = ROOT / "tools" / "make_maps.py"
    code = f"import runpy; m = runpy.run_path({str(script)!r}); print(m['tmx_text']({name!r}), end='')"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == (MAPS_DIR / f"{name}.tmx").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", MAPS)
def test_loads_with_images_and_zones_are_open_and_clear(name: str) -> None:
    tmap = load_terrain(MAPS_DIR / f"{name}.tmx", require_images=True)
    assert {z.side for z in tmap.zones} == {"red", "blue"}
    for side in ("red", "blue"):
        cells = zone_cells(tmap, side)
        assert len(cells) >= 12 * 6  # room for 12 models, mounted ones on 1"x2" bases, well spaced
        good = sum(kind(tmap, c) in ("open", "road") for c in cells)
        assert good / len(cells) > 0.85
        for x, y in cells:  # no obstacle runs through a deployment zone
            assert obstacle_near(tmap, (x + 0.5, y + 0.5), 0.5) is None
    for o in tmap.objectives:
        assert kind(tmap, (int(o.x), int(o.y))) not in ("building", "impassable", "river")
    for o in tmap.obstacles:
        assert all(0 <= x <= tmap.width and 0 <= y <= tmap.height for x, y in o.points)
        assert not o.tall and o.width <= 3  # every obstacle here is one a rider may jump


@pytest.mark.parametrize("name", ["the-ford", "stakes-and-arrows"])
def test_load_scenario_and_start_a_game(name: str) -> None:
    sc = load_scenario(name)
    assert sc.turns == 6 and len(sc.briefing.split(". ")) in (2, 3)
    assert sc.options == {"steeds_stay": False}
    engine = start_game(name, 5)
    zones = {side: [z for z in sc.terrain.zones if z.side == side] for side in ("red", "blue")}
    for side in ("red", "blue"):
        models = [m for m in engine.state.models if m.side == side]
        assert len(models) == 12
        assert all(any(z.contains(m.x, m.y) for z in zones[side]) for m in models)


# --- The Ford -------------------------------------------------------------------------------------


def test_ford_size_properties_and_retinues(ford: TerrainMap) -> None:
    assert (ford.width, ford.height) == (48, 36)
    props = ford.properties
    assert props["title"] == "The Ford" and props["turns"] == 6
    assert (props["red_retinue"], props["blue_retinue"]) == ("york-mounted", "lancaster-mounted")
    assert props["river_flow"] == pytest.approx(90.0) and isinstance(props["river_flow"], float)
    assert props["steeds_stay"] is False
    assert load_scenario("the-ford").river_flow == pytest.approx(90.0)


def test_ford_has_river_banks_and_farm(ford: TerrainMap) -> None:
    tiles = set(ford.tiles)
    assert {"river", "ford", "road", "woods", "marsh", "scrub", "ploughland", "building"} <= tiles
    assert len(cells_of(ford, "river")) > 100
    kinds = {o.kind for o in ford.obstacles}
    assert {"hedge", "fence"} <= kinds


def test_ford_has_exactly_one_connected_ford_that_spans_the_river(ford: TerrainMap) -> None:
    groups = components(cells_of(ford, "ford"))
    assert len(groups) == 1
    shallows = groups[0]
    assert len(shallows) >= 8
    for x in {c[0] for c in shallows}:  # in each of its columns the ford runs bank to bank
        ys = sorted(y for cx, y in shallows if cx == x)
        assert kind(ford, (x, ys[0] - 1)) not in ("river", "ford")
        assert kind(ford, (x, ys[-1] + 1)) not in ("river", "ford")


def test_ford_river_divides_the_table_but_for_the_ford_and_the_bridge(ford: TerrainMap) -> None:
    red, blue = zone_cells(ford, "red"), zone_cells(ford, "blue")
    assert not reachable(ford, red, {"river", "ford", "road"}) & blue  # no other way over
    assert reachable(ford, red, {"river", "road"}) & blue  # the ford crosses
    assert reachable(ford, red, {"river", "ford"}) & blue  # the bridge crosses


def test_ford_has_a_road_bridge_over_the_river(ford: TerrainMap) -> None:
    spans = [(x, y) for y in range(ford.height) for x in range(ford.width - 3)
             if [kind(ford, (x + dx, y)) for dx in range(4)] == ["river", "road", "road", "river"]]
    assert len(spans) >= 3  # a two-tile road carried over the whole width of the river
    text = (MAPS_DIR / "the-ford.tmx").read_text(encoding="utf-8")
    assert '<layer id="2" name="features"' in text  # painted over the river on its own layer


def test_ford_zones_are_on_opposite_banks(ford: TerrainMap) -> None:
    zones = {z.side: z for z in ford.zones}
    water_rows = {y for _, y in cells_of(ford, "river", "ford")}
    assert zones["red"].y + zones["red"].h < min(water_rows)
    assert zones["blue"].y > max(water_rows)


def test_ford_objectives_hold_the_ford_and_the_bridge(ford: TerrainMap) -> None:
    objs = {o.name: o for o in ford.objectives}
    assert set(objs) == {"the ford", "the bridge"}
    ford_mark, bridge = objs["the ford"], objs["the bridge"]
    assert (ford_mark.kind, ford_mark.valour, ford_mark.radius) == ("hold", 3, 3.0)
    assert (bridge.kind, bridge.valour, bridge.radius) == ("hold", 2, 2.0)
    assert ford.kind_at(ford_mark.x, ford_mark.y) == "ford"
    assert ford.kind_at(bridge.x, bridge.y) == "road"
    assert ford.kind_at(bridge.x - 2, bridge.y) == ford.kind_at(bridge.x + 2, bridge.y) == "river"
    assert abs(bridge.x - ford_mark.x) >= 15  # some distance apart


# --- Stakes and Arrows ----------------------------------------------------------------------------


def test_stakes_size_properties_and_retinues(stakes: TerrainMap) -> None:
    assert (stakes.width, stakes.height) == (36, 36)
    props = stakes.properties
    assert props["title"] == "Stakes and Arrows" and props["turns"] == 6
    assert (props["red_retinue"], props["blue_retinue"]) == ("york-mounted", "lancaster-archers")
    assert "river_flow" not in props and "river" not in stakes.tiles
    assert props["steeds_stay"] is False


def test_stakes_line_ditch_hedge_and_wood(stakes: TerrainMap) -> None:
    line = [o for o in stakes.obstacles if o.kind == "stakes"]
    ditch = [o for o in stakes.obstacles if o.kind == "ditch"]
    assert len(line) == 1 and len(ditch) == 1
    assert not line[0].tall and line[0].width == pytest.approx(1.0)
    assert not ditch[0].tall and ditch[0].width == pytest.approx(2.0)
    assert any(o.kind == "hedge" for o in stakes.obstacles)
    sx = [x for x, _ in line[0].points]
    assert max(sx) - min(sx) >= 15  # across a good part of the table
    assert min(sx) >= 6  # with a gap at the western end
    assert max(y for _, y in ditch[0].points) < min(y for _, y in line[0].points)  # ditch in front
    wood = cells_of(stakes, "woods")
    assert len(wood) >= 30 and min(x for x, _ in wood) >= stakes.width * 2 // 3  # a wooded flank
    plough = cells_of(stakes, "ploughland")
    assert plough and max(y for _, y in plough) < min(y for _, y in ditch[0].points)


def test_stakes_zones_archers_behind_the_line_riders_far_side(stakes: TerrainMap) -> None:
    zones = {z.side: z for z in stakes.zones}
    line_y = max(y for o in stakes.obstacles if o.kind in ("stakes", "ditch") for _, y in o.points)
    assert zones["blue"].y > line_y + 0.5
    assert zones["red"].y + zones["red"].h <= 8 and zones["red"].w == stakes.width


def test_stakes_objectives_baggage_and_loot(stakes: TerrainMap) -> None:
    line_y = max(y for o in stakes.obstacles if o.kind == "stakes" for _, y in o.points)
    hold = [o for o in stakes.objectives if o.kind == "hold"]
    loot = [o for o in stakes.objectives if o.kind == "loot"]
    assert len(hold) == 1 and hold[0].valour == 3 and hold[0].y > line_y
    assert "baggage" in hold[0].name
    assert 1 <= len(loot) <= 2


# --- reading the new map properties ----------------------------------------------------------------


def own_tileset() -> str:
    """maps/terrain.tsx for a copy of a map elsewhere: its picture found by an absolute path."""
    return (MAPS_DIR / "terrain.tsx").read_text(encoding="utf-8").replace(
        "../assets/tiles/terrain.png", str(TILES_PNG))


def scenario_copy(tmp_path: Path, flow: str | None, stay: str) -> Path:
    """A copy of The Ford in tmp_path with river_flow and steeds_stay rewritten."""
    text = (MAPS_DIR / "the-ford.tmx").read_text(encoding="utf-8")
    old_flow = '<property name="river_flow" type="float" value="90"/>'
    old_stay = '<property name="steeds_stay" type="bool" value="false"/>'
    assert old_flow in text and old_stay in text
    new_flow = "" if flow is None else f'<property name="river_flow" value="{flow}"/>'
    text = text.replace(old_flow, new_flow).replace(old_stay, stay)
    (tmp_path / "terrain.tsx").write_text(own_tileset())
    (tmp_path / "my-ford.tmx").write_text(text, encoding="utf-8")
    return tmp_path


def test_scenario_reads_river_flow_and_steeds_stay(tmp_path: Path) -> None:
    maps = scenario_copy(tmp_path, "450", '<property name="steeds_stay" type="bool" value="true"/>')
    sc = load_scenario("my-ford", maps)
    assert sc.river_flow == pytest.approx(90.0) and sc.options == {"steeds_stay": True}
    maps = scenario_copy(tmp_path, None, "")
    sc = load_scenario("my-ford", maps)
    assert sc.river_flow is None and sc.options == {"steeds_stay": False}


@pytest.mark.parametrize(("flow", "stay", "problem"), [
    ("east", "", "river_flow is 'east'"),
    ("nan", "", "river_flow is 'nan'"),
    ("90", '<property name="steeds_stay" value="perhaps"/>', "steeds_stay is 'perhaps'"),
])
def test_bad_river_flow_or_steeds_stay_is_one_map_error(tmp_path: Path, flow: str, stay: str,
                                                        problem: str) -> None:
    maps = scenario_copy(tmp_path, flow, stay)
    with pytest.raises(MapError, match=r"my-ford\.tmx: map property " + problem):
        load_scenario("my-ford", maps)


def way_copy(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of Make Way! in tmp_path with one piece of text rewritten."""
    text = (MAPS_DIR / "make-way.tmx").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "terrain.tsx").write_text(own_tileset())
    (tmp_path / "my-way.tmx").write_text(text.replace(old, new), encoding="utf-8")
    return tmp_path


def test_make_way_escort_is_read_and_the_crew_start_aboard() -> None:
    sc = load_scenario("make-way")
    assert sc.escort == Escort("the supply wagon", "east", 6) and sc.turns == 10
    assert len(sc.briefing.split(". ")) in (2, 3, 4)
    engine = start_game("make-way", 5)
    wagon, cart = engine.state.vehicles
    assert (wagon.escort_edge, wagon.escort_valour, cart.escort_edge) == ("east", 6, "")
    crew = engine.state.aboard(wagon.id)
    assert sorted(m.seat for m in crew) == ["Box", "Box mate", "Tailboard"]
    assert all((m.x, m.y) == (wagon.x, wagon.y) for m in crew)
    zones = [z for z in sc.terrain.zones]
    for m in engine.state.models:
        if not m.aboard:
            assert any(z.side == m.side and z.contains(m.x, m.y) for z in zones), m.name
    blue_zones = {(z.x, z.y) for z in zones if z.side == "blue"
                  for m in engine.state.models if m.side == "blue" and z.contains(m.x, m.y)}
    assert len(blue_zones) == 2  # the ambush lies behind both hedgerows


@pytest.mark.parametrize(("old", "new", "problem"), [
    ('value="supply_wagon"', 'value="siege_tower"', "'the supply wagon' is an unknown vehicle 'siege_tower'"),
    ('name="the supply wagon" x="128" y="480"', 'name="the supply wagon" x="448" y="400"',
     r"'the supply wagon' at \(14, 12.5\) overlaps hedge:north hedgerow, west"),
    ('<property name="side" value="red"/>', '<property name="side" value="blue"/>',
     "Hick Wainman needs the seat 'Box' on a red vehicle"),
    ('name="escort" value="the supply wagon"', 'name="escort" value="the hay wain"',
     "map property escort names 'the hay wain'"),
    ('name="escort_edge" value="east"', 'name="escort_edge" value="up"', "map property escort_edge is 'up'"),
])
def test_bad_vehicles_or_escort_are_one_map_error(tmp_path: Path, old: str, new: str, problem: str) -> None:
    maps = way_copy(tmp_path, old, new)
    with pytest.raises(MapError, match=r"my-way\.tmx: .*" + problem):
        load_scenario("my-way", maps)
