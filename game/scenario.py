"""Scenarios: a TMX map whose properties name the retinues, the turns and the briefing."""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import SupportsInt

from game.bounded import FileRefused, resolve
from game.content import load_content
from game.content.models import Content
from game.physics.ram import Body, blocked_by
from game.resources import MAPS_DIR
from game.rules.context import Table
from game.rules.dice import Dice
from game.rules.engine import Engine
from game.rules.setup import Escort, Placement, SetupError, new_game
from game.rules.state import SIDES, Side
from game.scenario_forces import Force, build_force, force_id, with_forces
from game.terrain.terrain_map import MapError, TerrainMap
from game.terrain.tmx import load_terrain

# A scenario in maps/ is named by its file name without .tmx: any name a file may have there (no
# folder separators, no leading dot, no control characters); a narrative campaign's table in
# maps/campaign/ by "campaign/" and its file name. Any other map is named by its path.
NAME = re.compile(r"^(?:campaign/)?(?!\.)[^/\\\x00-\x1f\x7f]{1,200}$")


@dataclass(slots=True)
class Scenario:
    """A playable scenario: its map and what the map's properties say about it."""

    name: str
    title: str
    briefing: str
    turns: int
    retinues: dict[str, str]
    terrain: TerrainMap
    river_flow: float | None = None  # bearing the river flows towards: 0 up the table, clockwise
    options: dict[str, bool] = field(default_factory=dict)  # scenario options: steeds_stay
    escort: Escort | None = None  # the vehicle one side must get off the table (§11.1)
    forces: dict[str, Force] = field(default_factory=dict)  # sides playing the map's own models


def is_map_file(name: str) -> bool:
    """True if a scenario is named by the path of its map file (it ends in .tmx), not by a name in maps/."""
    return name.lower().endswith(".tmx")


def scenario_key(arg: str, maps_dir: Path = MAPS_DIR) -> str:
    """How a game names the scenario given on a command line: a map in maps/ by its name, any other
    map file by its absolute path (so a save made from it plays from any folder)."""
    if not is_map_file(arg):
        return arg
    given = os.path.expanduser(arg)  # "~user" of no known user is left as it is
    try:
        path = resolve(given)
    except FileRefused:  # a loop of links: named as given, and refused with one line when read
        return str(Path(given).absolute())
    if path.parent == maps_dir.resolve() and path.suffix == ".tmx" and NAME.match(path.stem):
        return path.stem
    return str(path)


def resolved_map(path: str | Path) -> Path:
    """A map file's absolute path with its links resolved; MapError if they loop."""
    try:
        return resolve(path)
    except FileRefused as exc:
        raise MapError(str(path), f"the map file is not read: {exc.reason}") from None


def valid_scenario(name: str) -> bool:
    """True if `name` may name a scenario: a name in maps/, or the absolute path of a .tmx file."""
    if is_map_file(name):
        return Path(name).is_absolute() and "\x00" not in name and len(name) <= 4096
    return bool(NAME.match(name)) and not name.lower().endswith(".tmx")


def scenario_label(name: str) -> str:
    """A scenario's name fit for a file name: the map's file name without .tmx, in letters, digits,
    '_' and '-' (the-ford, Desert_Well)."""
    stem = Path(name).stem if is_map_file(name) else name
    return re.sub(r"[^A-Za-z0-9_-]+", "-", stem).strip("-") or "map"


def scenario_path(name: str, maps_dir: Path = MAPS_DIR) -> Path:
    """The TMX file of a scenario: `maps_dir/NAME.tmx`, or the map file a name ending in .tmx names."""
    if is_map_file(name):
        return Path(os.path.expanduser(name))
    if not NAME.match(name):
        raise MapError(name, "a scenario is a map's name in maps/ (no folders, no leading dot) or a path "
                             "to a .tmx file")
    return maps_dir / f"{name}.tmx"


def list_scenarios(maps_dir: Path = MAPS_DIR) -> list[str]:
    """Names of the scenarios in maps/ (every .tmx file there), sorted as a person would."""
    names = [p.stem for p in maps_dir.glob("*.tmx") if NAME.match(p.stem)]
    return sorted(names, key=lambda n: (n.casefold(), n))


def load_scenario(name: str, maps_dir: Path = MAPS_DIR) -> Scenario:
    """Load a scenario's map and check that its retinues exist."""
    path = scenario_path(name, maps_dir)
    terrain = load_terrain(path, require_images=True)  # a map the window cannot draw is no scenario
    return scenario_from(name, str(path), terrain)


def scenario_from(name: str, path: str | Path, terrain: TerrainMap) -> Scenario:
    """The scenario a loaded map makes (its retinues or own forces, turns, options), or one MapError."""
    path = Path(path)
    props = terrain.properties
    content = load_content()
    retinues = {}
    forces: dict[str, Force] = {}
    for side in ("red", "blue"):
        spots = [s for s in terrain.forces if s.side == side]
        if spots:
            forces[side] = build_force(str(path), side, spots, content, str(props.get(f"{side}_name", "")))
            retinues[side] = force_id(side)
            continue
        rid = str(props.get(f"{side}_retinue", ""))
        if not rid:
            known = ", ".join(sorted(content.retinues))
            raise MapError(str(path), f"map property {side}_retinue is missing; set it to a retinue id "
                                      f"({known})")
        if rid not in content.retinues:
            raise MapError(str(path), f"map property {side}_retinue names unknown retinue {rid!r}")
        retinues[side] = rid
    raw_turns = props.get("turns", content.numbers.turns)
    try:
        if not isinstance(raw_turns, str | SupportsInt):
            raise TypeError(raw_turns)
        turns = int(raw_turns)
    except (TypeError, ValueError):
        raise MapError(str(path), "map property turns must be a whole number") from None
    if not 1 <= turns <= 20:
        raise MapError(str(path), "map property turns must be between 1 and 20")
    _check_vehicles(str(path), terrain, with_forces(content, forces), retinues)
    return Scenario(name=name, title=str(props.get("title", path.stem)),
                    briefing=str(props.get("briefing", "")), turns=turns, retinues=retinues,
                    terrain=terrain, river_flow=_river_flow(str(path), props),
                    options={"steeds_stay": _flag(str(path), props, "steeds_stay")},
                    escort=_escort(str(path), props, terrain), forces=forces)


def _check_vehicles(path: str, terrain: TerrainMap, content: Content, retinues: dict[str, str]) -> None:
    """Every vehicle is known and clear of walls and buildings; every seat in a retinue exists."""

    for spot in terrain.vehicles:
        prof = content.vehicles.get(spot.profile)
        if prof is None:
            raise MapError(path, f"vehicles layer: {spot.name!r} is an unknown vehicle {spot.profile!r}")
        body = Body(spot.name, "vehicle", spot.x, spot.y, spot.heading, prof.length, prof.width)
        stuck = blocked_by(terrain, body, narrow_ditch=content.vehicle_rules.narrow_ditch)
        if stuck:
            raise MapError(path, f"vehicles layer: {spot.name!r} at ({spot.x:g}, {spot.y:g}) overlaps "
                                 f"{', '.join(s.removeprefix('static:') for s in stuck)}")
    for side, rid in retinues.items():
        free = [seat.name for spot in terrain.vehicles if spot.side == side
                for seat in content.vehicles[spot.profile].seats]
        for spear in content.retinues[rid].spears:
            for member in (spear.hero, *spear.retainers):
                if member.seat is None:
                    continue
                if member.seat not in free:
                    raise MapError(path, f"{side}_retinue {rid!r}: {member.name} needs the seat "
                                         f"{member.seat!r} on a {side} vehicle, and the map has none free")
                free.remove(member.seat)


def _escort(path: str, props: dict[str, object], terrain: TerrainMap) -> Escort | None:
    """Map properties escort, escort_edge and escort_valour, or None when there is no escort."""
    name = str(props.get("escort", "")).strip()
    if not name:
        return None
    if name not in {spot.name for spot in terrain.vehicles}:
        raise MapError(path, f"map property escort names {name!r}, which is not in the vehicles layer")
    edge = str(props.get("escort_edge", "")).strip()
    if edge not in ("north", "east", "south", "west"):
        raise MapError(path, f"map property escort_edge is {edge!r}; it must be north, east, south or west")
    try:
        valour = int(str(props.get("escort_valour", "0")))
    except ValueError:
        raise MapError(path, "map property escort_valour must be a whole number") from None
    if not 0 <= valour <= 20:
        raise MapError(path, "map property escort_valour must be between 0 and 20")
    return Escort(name, edge, valour)


def _river_flow(path: str, props: dict[str, object]) -> float | None:
    """Map property river_flow: a bearing in degrees (0 = up the table, clockwise), or None."""
    raw = props.get("river_flow")
    if raw is None:
        return None
    try:
        flow = float(str(raw))
    except ValueError:
        flow = math.nan
    if not math.isfinite(flow):
        raise MapError(path, f"map property river_flow is {raw!r}; it must be a bearing in degrees")
    return flow % 360.0


def _flag(path: str, props: dict[str, object], name: str) -> bool:
    """A true/false map property (Tiled type bool), false when absent."""
    raw = props.get(name, False)
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text not in ("true", "false"):
        raise MapError(path, f"map property {name} is {raw!r}; it must be true or false")
    return text == "true"


_CACHE: dict[str, Scenario] = {}


def cached_scenario(name: str) -> Scenario:
    """Load a scenario once per process (maps are immutable once loaded); a map whose retinues
    cannot be set up is refused here with one MapError, so no game of it is ever started."""
    if name not in _CACHE:
        sc = load_scenario(name)
        try:
            set_up(sc, 1)
        except SetupError as exc:
            raise MapError(str(scenario_path(name)), f"the retinues cannot be set up: {exc}") from None
        _CACHE[name] = sc
    return _CACHE[name]


def forget_scenario(name: str) -> None:
    """Forget a loaded scenario, so that the next use reads its map file again (it was edited)."""
    _CACHE.pop(name, None)


def scenario_problem(name: str) -> str:
    """Why a scenario cannot be played (its map, its retinues, or setting it up), or "" if it can."""
    try:
        playable(name)
    except MapError as exc:
        return exc.problem
    return ""


def playable(name: str) -> Scenario:
    """The scenario, once it is known to load and set up; otherwise one MapError naming its file."""
    path = str(scenario_path(name))
    try:
        sc = cached_scenario(name)
        set_up(sc, 1)
    except MapError:
        raise
    except SetupError as exc:
        raise MapError(path, f"the retinues cannot be set up: {exc}") from None
    except Exception as exc:  # a map that breaks the game in a way no check foresaw: still one line
        raise MapError(path, f"the map cannot be played ({type(exc).__name__}: {exc})") from None
    return sc


def start_game(name: str, seed: int, dice: Dice | None = None, deploy: bool = False) -> Engine:
    """A new game of a scenario with a seed (with `deploy`, the players deploy before the first card)."""
    return set_up(cached_scenario(name), seed, dice, deploy)


def set_up(sc: Scenario, seed: int, dice: Dice | None = None, deploy: bool = False) -> Engine:
    """A new game of a loaded scenario: its retinues deployed in its zones (SetupError if they do not fit),
    or with `deploy` deployed by the players before the first card."""
    if sc.forces:
        table = Table(with_forces(load_content(), sc.forces), sc.terrain)
        placed: dict[Side, Sequence[Placement]] = {
            side: [(spot.x, spot.y, spot.facing) for spot in sc.forces[side].spots]
            for side in SIDES if side in sc.forces}
        return new_game(table, sc.name, seed, sc.retinues, sc.turns, dice, sc.options, sc.escort,
                        placed, deploy)
    table = Table(load_content(), sc.terrain)
    return new_game(table, sc.name, seed, sc.retinues, sc.turns, dice, sc.options, sc.escort, deploy=deploy)
