"""The rules a playable map keeps, as a list of problems, each with its message and its place.

`map_problems(path)` loads a map as the game does (the terrain with its tile pictures, the
scenario and its retinues and vehicles, the deployment) and then applies `table_problems` to the
game as set up. A map editor can call `table_problems` on the game as edited, and show each
problem's place. Nothing here prints; `game.maps.check` does.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from game.maps.reach import reachable, reaches, zone_squares
from game.rules.context import Table
from game.rules.setup import SetupError
from game.rules.state import GameState, Model
from game.scenario import is_map_file, load_scenario, scenario_key, set_up
from game.terrain.terrain_map import MapError


@dataclass(frozen=True, slots=True)
class Place:
    """Where a problem is: a layer, a thing on it (an object, a model) and a point on the table."""

    layer: str = ""  # the Tiled layer ("" for the map as a whole)
    name: str = ""  # e.g. "object 'the well' (id 3)" or "red's Sir Ralph (red-1)"
    x: float | None = None  # inches from the table's left edge (a tile's column for a tile)
    y: float | None = None

    def text(self) -> str:
        """The place as a message names it: "object 'x' (id 3) in layer 'objectives' at (2, 5)"."""
        at = f" at ({self.x:g}, {self.y:g})" if self.x is not None and self.y is not None else ""
        if self.name and self.layer:
            return f"{self.name} in layer {self.layer!r}{at}"
        if self.layer:
            return f"layer {self.layer!r}{at}"
        return f"{self.name}{at}".strip()


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a map: which rule, the message, and where."""

    file: str
    rule: str  # map, setup, force, captain, outside_zone, in_building, hero_without_spear, unreachable,
    # rider_boxed_in
    message: str
    place: Place = Place()

    def line(self) -> str:
        """One line naming the file, the place and the problem."""
        where = self.place.text()
        return f"{self.file}: {where}: {self.message}" if where else f"{self.file}: {self.message}"


_TILE = re.compile(r"^layer '(?P<layer>[^']*)' at \((?P<x>\d+), (?P<y>\d+)\): (?P<rest>.*)$", re.S)
_OBJECT = re.compile(r"^(?P<name>object .+?) in layer '(?P<layer>[^']*)': (?P<rest>.*)$", re.S)


def from_map_error(file: str, exc: MapError) -> Problem:
    """A loader's error as a problem, its place taken from the message where it names one."""
    tile, obj = _TILE.match(exc.problem), _OBJECT.match(exc.problem)
    if tile:
        place = Place(tile["layer"], "", float(tile["x"]), float(tile["y"]))
        return Problem(file, "map", tile["rest"], place)
    if obj:
        return Problem(file, "map", obj["rest"], Place(obj["layer"], obj["name"]))
    return Problem(file, "map", exc.problem)


def map_problems(path: str | os.PathLike[str]) -> list[Problem]:
    """Load a map file as the game does and list everything wrong with it (empty: it plays)."""
    file = os.fspath(path)
    if not is_map_file(file):
        return [Problem(file, "map", "is not a .tmx map file")]
    try:
        engine = set_up(load_scenario(scenario_key(file)), 1)  # read afresh: the file may have changed
    except MapError as exc:
        return [from_map_error(file, exc)]
    except SetupError as exc:
        return [Problem(file, "setup", str(exc), Place("deployment"))]
    return table_problems(engine.table, engine.state, file)


def table_problems(table: Table, state: GameState, file: str = "") -> list[Problem]:
    """The rules of a set-up (or edited) game on its table, as problems."""
    return [*_bases(table, state, file), *_spears(table, state, file), *_captains(table, state, file),
            *_objectives(table, state, file), *_riders(table, state, file)]


def _who(m: Model) -> str:
    return f"{m.side}'s {m.name} ({m.id})"


def _standing(state: GameState) -> list[Model]:
    return [m for m in state.models if not m.removed and not m.aboard]


def _bases(table: Table, state: GameState, file: str) -> list[Problem]:
    """Every model stands in his side's deployment zone, and not inside a building."""
    tmap = table.terrain
    out = []
    for m in _standing(state):
        sx, sy, ex, ey = table.bases.spine(m)
        ends = ((sx, sy), (ex, ey))
        place = Place("deployment", _who(m), round(m.x, 2), round(m.y, 2))
        kinds = {tmap.kind_at(x, y) for x, y in ends} & {"building", "impassable"}
        if kinds:
            what = "inside a building" if "building" in kinds else "on impassable ground"
            out.append(Problem(file, "in_building", f"stands {what}; keep the deployment zone clear of "
                                                    "buildings", place))
        zones = [z for z in tmap.zones if z.side == m.side]
        if not all(any(z.contains(x, y) for z in zones) for x, y in ends):
            out.append(Problem(file, "outside_zone", f"stands outside {m.side}'s deployment zone", place))
    return out


def _spears(table: Table, state: GameState, file: str) -> list[Problem]:
    """Every Hero leads a Spear with Retainers in it, and every Retainer follows a Hero of his side."""
    profiles = table.content.profiles
    heroes = {m.id: m for m in state.models if profiles[m.profile].type == "hero"}
    out = []
    for m in state.models:
        place = Place("", _who(m))
        if m.id in heroes:
            followers = [o for o in state.models if o.spear == m.id and o is not m]
            if m.spear != m.id or not followers:
                out.append(Problem(file, "hero_without_spear", "is a Hero without a Spear: no Retainers "
                                                               "follow him", place))
        elif m.spear not in heroes or heroes[m.spear].side != m.side:
            out.append(Problem(file, "hero_without_spear", "is a Retainer in no Hero's Spear", place))
    return out


def _captains(table: Table, state: GameState, file: str) -> list[Problem]:
    """Each side has one Captain (a force without one tests its Will to Fight every turn)."""
    out = []
    for side in state.sides:
        captains = [m for m in state.models if m.side == side
                    and table.content.profiles[m.profile].role == "captain"]
        if len(captains) != 1:
            what = "no Captain" if not captains else f"{len(captains)} Captains"
            out.append(Problem(file, "captain", f"has {what}: a retinue is led by exactly one Captain, "
                                                "and one without him tests its Will to Fight at every "
                                                "turn's end",
                               Place("forces", f"{side}'s force")))
    return out


def _objectives(table: Table, state: GameState, file: str) -> list[Problem]:
    """Some model of either side can get to every objective."""
    tmap = table.terrain
    starts = zone_squares(tmap, tmap.zones) | {int(m.y) * tmap.width + int(m.x) for m in _standing(state)}
    squares = reachable(tmap, starts, False, table.numbers.max_jump_width)
    return [Problem(file, "unreachable", "no model can reach this objective: it is walled in by "
                                         "impassable ground or the table edge",
                    Place("objectives", f"objective {o.name!r}", round(o.x, 2), round(o.y, 2)))
            for o in tmap.objectives if not reaches(tmap, squares, o, table.bases.radius)]


def _riders(table: Table, state: GameState, file: str) -> list[Problem]:
    """Every rider can ride out of his side's deployment zone."""
    tmap = table.terrain
    out = []
    for m in _standing(state):
        if m.steed is None:
            continue
        zone = zone_squares(tmap, (z for z in tmap.zones if z.side == m.side))
        start = int(m.y) * tmap.width + int(m.x)
        if reachable(tmap, {start}, True, table.numbers.max_jump_width) <= zone:
            out.append(Problem(file, "rider_boxed_in", f"cannot ride out of {m.side}'s deployment zone: "
                                                       "buildings, impassable ground or obstacles too tall "
                                                       "or wide to jump close it in",
                               Place("deployment", _who(m), round(m.x, 2), round(m.y, 2))))
    return out
