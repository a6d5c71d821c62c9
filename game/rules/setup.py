"""Setting up a game: retinues deployed in their zones, Perk hands dealt, the first card turned."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import zip_longest

from game.content.models import Content, Retinue
from game.rules.context import Act, Table
from game.rules.deploying import begin_deployment
from game.rules.dice import Dice
from game.rules.engine import Engine
from game.rules.events import DeckShuffled, PerkDrawn
from game.rules.movement import position_problem
from game.rules.state import SIDES, GameState, Model, Side, SideState, Vehicle
from game.rules.turn import begin_turn
from game.rules.vehicles import ahead_of_a_vehicle
from game.terrain.terrain_map import DeploymentZone, TerrainMap


class SetupError(Exception):
    """A scenario cannot be set up (for example, no room to deploy)."""


@dataclass(frozen=True, slots=True)
class Escort:
    """A scenario's escorted vehicle: the map's vehicle spot name, the edge, the Valour (§11.1)."""

    vehicle: str
    edge: str
    valour: int


def build_models(table: Table, side: Side, retinue: Retinue) -> list[Model]:
    """The retinue's models, not yet placed, with ids like red-1."""
    models: list[Model] = []
    n = 0
    for spear in retinue.spears:
        hero_id = ""
        for member in (spear.hero, *spear.retainers):
            n += 1
            prof = table.content.profiles[member.profile]
            mid = f"{side}-{n}"
            hero_id = hero_id or mid
            steed = table.content.steeds[member.steed] if member.steed else None
            models.append(Model(
                id=mid, side=side, name=member.name, profile=prof.id, spear=hero_id,
                x=0.0, y=0.0, health=prof.health,
                weapons=list(member.weapons if member.weapons is not None else prof.weapons),
                steed=member.steed, steed_health=steed.health if steed else 0,
                facing=180.0 if side == "red" else 0.0, seat=member.seat or "",
                skills=[s for s in member.skills if s not in prof.skills],
            ))
    return models


ROWS = 1.5  # inches between the ranks and files of a first deployment
FINE = 0.5  # inches between the spots tried when the ranks do not hold a retinue (riders take more room)


def deploy(table: Table, state: GameState, side: Side) -> None:
    """Place a side's models in rows across its deployment zone, Spear by Spear.

    When the ranks do not hold them all (riders' bases are longer than a rank is deep), they are
    placed again on a finer grid, the riders first; if even that leaves a model without room, one
    SetupError names the zone and how many of the side's models it holds."""
    zones = [z for z in table.terrain.zones if z.side == side]
    if not zones:
        raise SetupError(f"the map has no deployment zone for {side}")
    models = [m for m in state.models if m.side == side and not m.aboard]
    if _place(table, state, models, _spots(table, state, side, zones, ROWS)) is None:
        return
    for m in models:
        m.x, m.y = -100.0, -100.0
    riders_first = sorted(models, key=lambda m: m.steed is None)
    stuck = _place(table, state, riders_first, _spots(table, state, side, zones, FINE))
    if stuck is None:
        return
    held = sum(1 for m in models if m.x >= 0.0)
    riders = sum(1 for m in models if m.steed is not None)
    where = " and ".join(f'{z.w:g}"x{z.h:g}" at ({z.x:g}, {z.y:g})' for z in zones)
    raise SetupError(f"no room to deploy {stuck.name} in {side}'s zone: it ({where}) holds {held} of the "
                     f"side's {len(models)} models ({riders} of them on mounted bases)")


def _spots(table: Table, state: GameState, side: Side, zones: list[DeploymentZone],
           step: float) -> list[tuple[float, float]]:
    """Spots in the zones `step` apart, clear of the vehicles, the zones taking turns, each zone's
    spots from its centre out (its front rank first)."""
    per_zone: list[list[tuple[float, float]]] = []
    for z in zones:
        ranks = int(z.h // ROWS) if step == ROWS else int((z.h - 2.0) // step) + 1
        rows = [z.y + z.h - 1.0 - i * step for i in range(ranks)]
        if side == "blue":
            rows = [z.y + 1.0 + i * step for i in range(ranks)]
        mine: list[tuple[float, float]] = []
        for y in rows:
            x = z.x + 1.0
            while x <= z.x + z.w - 0.5:
                if not ahead_of_a_vehicle(table, state, side, x, y):
                    mine.append((x, y))
                x += step
        centre = (z.x + z.w / 2, z.y + z.h / 2)
        mine.sort(key=lambda p: (abs(p[1] - centre[1]), abs(p[0] - centre[0])))  # noqa: B023
        per_zone.append(mine)
    return [p for rank in zip_longest(*per_zone) for p in rank if p is not None]  # zones take turns


def _place(table: Table, state: GameState, models: list[Model],
           spots: list[tuple[float, float]]) -> Model | None:
    """Stand each model on the first free spot that takes him; the first one no spot takes, or None."""
    for m in models:
        for i, (x, y) in enumerate(spots):
            if not position_problem(table, state, m, x, y):
                m.x, m.y = x, y
                del spots[i]
                break
        else:
            return m
    return None



def place_vehicles(table: Table, state: GameState, escort: Escort | None) -> None:
    """The map's carts and wagons, and every model with a seat aboard its side's vehicle."""
    for i, spot in enumerate(table.terrain.vehicles, 1):
        prof = table.content.vehicles[spot.profile]
        name = spot.name[4:] if spot.name.lower().startswith("the ") else spot.name
        v = Vehicle(id=f"vehicle-{i}", name=name, profile=spot.profile, side=spot.side, x=spot.x, y=spot.y,
                    heading=spot.heading, health=prof.toughness)
        if escort is not None and spot.name == escort.vehicle:
            v.escort_edge, v.escort_valour = escort.edge, escort.valour
        state.vehicles.append(v)
    for m in state.models:
        if not m.seat:
            continue
        for v in state.vehicles:
            seats = {s.name for s in table.content.vehicles[v.profile].seats}
            taken = {o.seat for o in state.models if o.aboard == v.id}
            if v.side == m.side and m.seat in seats and m.seat not in taken:
                m.aboard, m.x, m.y = v.id, v.x, v.y
                break
        else:
            raise SetupError(f"{m.name} needs the seat {m.seat!r} on a {m.side} vehicle, and the map has "
                             "no such seat free")


Placement = tuple[float, float, float]  # where a model stands: x, y (inches) and facing (degrees)


@dataclass(frozen=True, slots=True)
class Deployment:
    """Where a game's models and vehicles stand before the first card: it depends on the map, the
    content and the scenario's makings alone, never on the dice. Copy its models before use."""

    terrain: TerrainMap
    content: Content
    models: tuple[Model, ...]
    sides: tuple[tuple[Side, SideState], ...]
    vehicles: tuple[Vehicle, ...]


DEPLOYMENTS = 8  # the deployments remembered at once (the least lately used is dropped)
# the deployments made, by the map's and the content's identity (both immutable once loaded; an
# entry holds them, so an identity is never another's while remembered) and the scenario's makings
_DEPLOYMENTS: dict[tuple[object, ...], Deployment] = {}
_DEPLOYMENTS_LOCK = threading.Lock()


def deployment(table: Table, retinues: dict[str, str], max_turns: int | None = None,
               options: dict[str, bool] | None = None, escort: Escort | None = None,
               placed: dict[Side, Sequence[Placement]] | None = None) -> Deployment:
    """The models and vehicles of a new game on this table, deployed (see new_game); made once per
    map, content and makings, and handed out again."""
    key = (id(table.terrain), id(table.content), tuple(sorted(retinues.items())), max_turns,
           tuple(sorted((options or {}).items())), escort,
           tuple(sorted((side, tuple(spots)) for side, spots in (placed or {}).items())))
    with _DEPLOYMENTS_LOCK:  # an AI thinking on a thread of its own sets up games too
        made = _DEPLOYMENTS.pop(key, None)
        if made is not None and made.terrain is table.terrain and made.content is table.content:
            _DEPLOYMENTS[key] = made
            return made
    made = _deploy_all(table, retinues, max_turns, options, escort, placed)
    with _DEPLOYMENTS_LOCK:
        _DEPLOYMENTS[key] = made
        while len(_DEPLOYMENTS) > DEPLOYMENTS:
            del _DEPLOYMENTS[next(iter(_DEPLOYMENTS))]
    return made


def _deploy_all(table: Table, retinues: dict[str, str], max_turns: int | None,
                options: dict[str, bool] | None, escort: Escort | None,
                placed: dict[Side, Sequence[Placement]] | None) -> Deployment:
    """Both retinues built and deployed, and the map's vehicles placed, on a state of their own."""
    models: list[Model] = []
    sides: dict[Side, SideState] = {}
    by_side: dict[Side, list[Model]] = {}
    for side in SIDES:
        retinue = table.content.retinues[retinues[side]]
        side_models = by_side[side] = build_models(table, side, retinue)
        models.extend(side_models)
        sides[side] = SideState(name=side, retinue=retinue.id, start_models=len(side_models))
    state = GameState(scenario="", seed=0, rng=0, models=models, sides=sides,
                      max_turns=max_turns or table.numbers.turns, options=dict(options or {}))
    for m in models:
        m.x, m.y = -100.0, -100.0
    place_vehicles(table, state, escort)
    for side in SIDES:
        spots = (placed or {}).get(side)
        if spots is None:
            deploy(table, state, side)
            continue
        for m, (x, y, facing) in zip(by_side[side], spots, strict=True):
            if not m.aboard:
                m.x, m.y, m.facing = x, y, facing
    return Deployment(table.terrain, table.content, tuple(state.models), tuple(sides.items()),
                      tuple(state.vehicles))


def fixed_deployment(table: Table) -> bool:
    """True if the map fixes where the models stand (its property deployment = "fixed"): no
    deployment phase is played on it."""
    return str(table.terrain.properties.get("deployment", "")).strip().lower() == "fixed"


def new_game(table: Table, scenario: str, seed: int, retinues: dict[str, str],
             max_turns: int | None = None, dice: Dice | None = None,
             options: dict[str, bool] | None = None, escort: Escort | None = None,
             placed: dict[Side, Sequence[Placement]] | None = None, deploy: bool = False) -> Engine:
    """A new game on a table: both retinues deployed, Perks dealt and the first card drawn.

    `placed` gives a side's models their spots on the map (one per model, in the order the retinue
    builds them; a model with a seat aboard a vehicle rides there instead); a side not in it
    deploys in its zone. With `deploy` the players deploy instead, Spear by Spear, before the first
    card (deploying.py), unless the map fixes the deployment (its property deployment = "fixed")."""
    table.apply_mud([])
    deployed = deployment(table, retinues, max_turns, options, escort, placed)
    sides = {side: s.copy() for side, s in deployed.sides}
    state = GameState(scenario=scenario, seed=seed, rng=seed, models=[m.copy() for m in deployed.models],
                      sides=sides, max_turns=max_turns or table.numbers.turns, options=dict(options or {}),
                      vehicles=[v.copy() for v in deployed.vehicles])
    engine = Engine(table, state, dice)
    rng = dice or Dice(state.rng)
    act = Act(table, state, rng)
    perk_cards = [p.id for p in table.content.perks.values() for _ in range(p.copies)]
    state.perk_deck = rng.shuffle(perk_cards)
    act.emit(DeckShuffled(deck="perks", order=list(state.perk_deck)))
    for _ in range(table.numbers.perk_hand_start):
        for side in SIDES:
            card = state.perk_deck.pop()
            sides[side].perks.append(card)
            act.emit(PerkDrawn(side=side, card=card))
    if deploy and not fixed_deployment(table):
        begin_deployment(act)
    else:
        begin_turn(act)
    if dice is None:
        state.rng = rng.state
    rng.sink = None
    engine.run_setup(act.events)
    return engine
