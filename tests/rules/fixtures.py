"""A tiny hand-built table and two-side fixture for scenario tests with pinned dice."""

from __future__ import annotations

from game.content import Content, load_content
from game.rules.context import Table
from game.rules.dice import Dice, FixedDice
from game.rules.engine import Engine
from game.rules.state import GameState, Model, SideState, Vehicle
from game.terrain.terrain_map import DeploymentZone, Objective, Obstacle, TerrainMap


def make_terrain(width: int = 24, height: int = 24, patches: dict[str, list[tuple[int, int]]]
                 | None = None, obstacles: list[Obstacle] | None = None,
                 objectives: list[Objective] | None = None) -> TerrainMap:
    """An open table with optional patches of other terrain (tile coordinates)."""
    tiles = ["open"] * (width * height)
    for kind, cells in (patches or {}).items():
        for x, y in cells:
            tiles[y * width + x] = kind
    zones = [DeploymentZone("red", 0, 0, width, 4), DeploymentZone("blue", 0, height - 4, width, 4)]
    return TerrainMap(name="fixture", width=width, height=height, tiles=tiles,
                      obstacles=obstacles or [], zones=zones, objectives=objectives or [])


def rect(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """Tile cells in a rectangle, inclusive."""
    return [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]


def wall(name: str, a: tuple[float, float], b: tuple[float, float], kind: str = "wall",
         tall: bool = False, width: float = 0.5) -> Obstacle:
    """A straight obstacle."""
    return Obstacle(name=name, kind=kind, points=(a, b), tall=tall, width=width)


def model(mid: str, side: str, profile: str, x: float, y: float, spear: str = "",
          name: str = "", **kw: object) -> Model:
    """A model from a shipped profile at a position."""
    prof = load_content().profiles[profile]
    m = Model(id=mid, side=side, name=name or mid, profile=profile, spear=spear or mid, x=x, y=y,
              health=prof.health, weapons=list(prof.weapons))
    for k, v in kw.items():
        setattr(m, k, v)
    return m


def vehicle(vid: str, profile: str, x: float, y: float, heading: float = 0.0, side: str = "red",
            name: str = "", **kw: object) -> Vehicle:
    """A cart or wagon from a shipped profile at a pose, at full Health (speed etc. via kw)."""
    prof = load_content().vehicles[profile]
    v = Vehicle(id=vid, name=name or prof.name.lower(), profile=profile, side=side, x=x, y=y,
                heading=heading, health=prof.toughness)
    for k, val in kw.items():
        setattr(v, k, val)
    return v


def board(m: Model, v: Vehicle, seat: str) -> Model:
    """Put a model aboard a vehicle in a seat (its position follows the vehicle's centre)."""
    m.aboard, m.seat, m.x, m.y = v.id, seat, v.x, v.y
    return m


def make_engine(models: list[Model], dice: list[int] | None = None,
                terrain: TerrainMap | None = None, active: str = "", seed: int = 7,
                vehicles: list[Vehicle] | None = None, content: Content | None = None) -> Engine:
    """An engine whose current card is the Spear of `active` (default: the first model), on the
    shipped content or on `content`."""
    table = Table(content or load_content(), terrain or make_terrain())
    sides = {s: SideState(name=s, retinue="york-foot" if s == "red" else "lancaster-foot",
                          start_models=sum(1 for m in models if m.side == s))
             for s in ("red", "blue")}
    card = active or models[0].spear
    # the other Spears' cards wait in the deck, so ending this Spear does not end the turn
    deck = [m.id for m in models if m.spear == m.id and m.id != card and not m.removed]
    state = GameState(scenario="fixture", seed=seed, rng=seed, models=models, sides=sides,
                      current_card=card, active_side=next(m.side for m in models if m.id == card),
                      hero_deck=deck, drawn=[card], vehicles=list(vehicles or []))
    return Engine(table, state, FixedDice(dice) if dice is not None else Dice(seed))
