"""Deployment before the first card: the side that wins a roll deploys a Spear first, then the sides
take turns, Spear by Spear; each model stands inside its side's zone, clear of the others' bases and
of ground it may not stand on (RULES-BRIEF §12.2). Deploy places one model, AutoDeploy the rest of the
Spear; the last model of the last Spear turns the first card."""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import zip_longest

from game.rules.commands import AutoDeploy, Deploy
from game.rules.context import Act, Rejected, Table
from game.rules.events import DeploymentBegan, DeploymentEnded, ModelDeployed, SpearDeployed, made
from game.rules.missiles import missile_weapon
from game.rules.movement import position_problem
from game.rules.state import SIDES, UNPLACED, Deploying, GameState, Model, Side, other_side
from game.rules.turn import begin_turn
from game.rules.vehicles import ahead_of_a_vehicle
from game.terrain.geometry import obstacle_near
from game.terrain.terrain_map import DeploymentZone

TIES = 20  # rolls for who deploys first before a tie goes to the first side (no real game gets there)
STEP = 0.5  # inches between the spots Auto-deploy tries
SPREAD = 0.5  # inches Auto-deploy leaves between bases
COVER_REACH = 2.0  # inches ahead of a shooter within which a wall, hedge or wood is his cover


@dataclass(frozen=True, slots=True)
class Placing:
    """Where one model is to stand: its spot and facing."""

    model: Model
    x: float
    y: float
    facing: float


def begin_deployment(act: Act) -> None:
    """Take every model off the table (those with a seat aboard a vehicle stay there), roll for the
    side that deploys first and set the Spears' order: the sides alternate while both have Spears."""
    state = act.state
    state.options["deploy"] = True
    for m in state.models:
        if not m.aboard:
            m.x, m.y = UNPLACED, UNPLACED
    first = _first_side(act)
    spears = {side: _spears_to_deploy(state, side) for side in SIDES}
    order = [card for pair in zip_longest(spears[first], spears[other_side(first)])
             for card in pair if card is not None]
    state.deploying = Deploying(order=order)
    act.emit(DeploymentBegan(first=first, order=list(order)))
    if not order:
        _finish(act)


def _first_side(act: Act) -> Side:
    """Each side rolls a die, the higher deploys first; a tie rolls again."""
    red = blue = 0
    for _ in range(TIES):
        red = act.dice.roll("red rolls to deploy first")
        blue = act.dice.roll("blue rolls to deploy first")
        if red != blue:
            break
    return "blue" if blue > red else "red"


def _spears_to_deploy(state: GameState, side: Side) -> list[str]:
    """The side's Spears with a model to stand on the table, in the retinue's order."""
    out: list[str] = []
    for m in state.models:
        if m.side == side and not m.aboard and not m.removed and m.spear not in out:
            out.append(m.spear)
    return out


def now_deploying(state: GameState) -> str:
    """The Hero's id of the Spear deploying now, "" when no deployment is under way."""
    d = state.deploying
    return d.order[0] if d is not None and d.order else ""


def to_place(state: GameState) -> list[Model]:
    """The models of the Spear deploying now still to stand on the table, Hero first."""
    card = now_deploying(state)
    if not card:
        return []
    placed = set(state.deploying.placed) if state.deploying else set()
    waiting = [m for m in state.models if m.spear == card and not m.aboard and not m.removed
               and m.id not in placed]
    return sorted(waiting, key=lambda m: m.id != card)


def is_waiting(state: GameState, m: Model) -> bool:
    """True for a model not yet stood on the table in a deployment under way."""
    d = state.deploying
    return d is not None and not m.aboard and m.id not in d.placed and m.spear in d.order


def zones_of(table: Table, side: Side) -> list[DeploymentZone]:
    """The side's deployment zones."""
    return [z for z in table.terrain.zones if z.side == side]


def _check_deploying(state: GameState, side: Side) -> Rejected | None:
    if state.deploying is None or not state.deploying.order:
        return Rejected("not_deploying", "The deployment is over: the models are on the table.")
    if side != state.acting_side:
        return Rejected("not_your_turn", f"It is {state.acting_side}'s turn to deploy a Spear.")
    return None


def zone_problem(table: Table, m: Model, x: float, y: float, facing: float) -> str:
    """Why the model's base would not lie inside its side's zone at (x, y), or ""."""
    mounted = m.steed is not None
    sp = table.bases.spine_at(x, y, facing, mounted)
    ends = ((sp[0], sp[1]), (sp[2], sp[3])) if mounted else ((x, y),)
    zones = zones_of(table, m.side)
    if all(any(z.contains(ex, ey) for z in zones) for ex, ey in ends):
        return ""
    where = " or ".join(f'{z.w:g}"x{z.h:g}" at ({z.x:g}, {z.y:g})' for z in zones) or "none on this map"
    return f"{m.name} must stand inside {m.side}'s deployment zone ({where})"


def plan_deploy(table: Table, state: GameState, cmd: Deploy) -> Placing | Rejected:
    """May this model stand here now? Its Spear must be the one deploying, the spot in its zone and
    free of other bases and of ground it may not stand on."""
    bad = _check_deploying(state, cmd.side)
    if bad:
        return bad
    m = state.find(cmd.model)
    if m is None or m.removed or m.side != cmd.side:
        return Rejected("no_model", f"{cmd.side} has no model {cmd.model!r} to deploy.")
    if m.spear != now_deploying(state):
        return Rejected("wrong_spear", f"{m.name} is not in the Spear deploying now.")
    if m.aboard:
        return Rejected("aboard", f"{m.name} rides aboard the {state.vehicle(m.aboard).name}.")
    why = zone_problem(table, m, cmd.x, cmd.y, cmd.facing)
    if why:
        return Rejected("outside_zone", why + ".")
    why = position_problem(table, state, m, cmd.x, cmd.y, cmd.facing)
    if why:
        return Rejected("bad_spot", f"{m.name} cannot stand there: {why}.")
    return Placing(m, cmd.x, cmd.y, cmd.facing)


def do_deploy(act: Act, plan: Placing) -> None:
    """Stand the model; the Spear is done when its last model stands."""
    _stand(act, plan)
    if not to_place(act.state):
        _spear_done(act)


def plan_auto_deploy(table: Table, state: GameState, cmd: AutoDeploy) -> list[Placing] | Rejected:
    """Where the Spear's models still to place would stand: each on the best free spot of the zone
    (near its front, a rider on open ground, a shooter behind cover, near his Hero), or why not."""
    bad = _check_deploying(state, cmd.side)
    if bad:
        return bad
    if cmd.spear != now_deploying(state):
        return Rejected("wrong_spear", "That Spear is not the one deploying now.")
    plan: list[Placing] = []
    for m in to_place(state):
        spot = best_spot(table, state, m, plan)
        if spot is None:
            zones = " and ".join(f'{z.w:g}"x{z.h:g}" at ({z.x:g}, {z.y:g})' for z in zones_of(table, m.side))
            return Rejected("no_room", f"No room left for {m.name} in {m.side}'s zone ({zones}).")
        plan.append(spot)
    return plan


def do_auto_deploy(act: Act, plan: list[Placing]) -> None:
    """Stand every model of the plan; the Spear is then done."""
    for p in plan:
        _stand(act, p)
    _spear_done(act)


def _stand(act: Act, p: Placing) -> None:
    state = act.state
    m = state.model(p.model.id)
    m.x, m.y, m.facing = p.x, p.y, p.facing
    if state.deploying is not None and m.id not in state.deploying.placed:
        state.deploying.placed.append(m.id)
    act.emit(ModelDeployed(model=m.id, x=p.x, y=p.y, facing=p.facing))


def _spear_done(act: Act) -> None:
    state = act.state
    d = state.deploying
    if d is None or not d.order:
        return
    card = d.order.pop(0)
    d.placed.clear()
    act.emit(made(SpearDeployed, card=card, side=state.model(card).side))
    if not d.order:
        _finish(act)


def _finish(act: Act) -> None:
    act.state.deploying = None
    act.emit(made(DeploymentEnded))
    begin_turn(act)


# ---- Auto-deploy: the best spot for a model -------------------------------------------------------


def facing_forward(table: Table, side: Side) -> float:
    """The compass bearing from the side's zones towards the enemy's (0 up the table, clockwise),
    to the nearest 45 degrees."""
    mine, theirs = zones_of(table, side), zones_of(table, other_side(side))
    if not mine or not theirs:
        return 180.0 if side == "red" else 0.0
    ax, ay = _centre(mine)
    bx, by = _centre(theirs)
    bearing = math.degrees(math.atan2(bx - ax, ay - by)) % 360.0
    return (round(bearing / 45.0) * 45.0) % 360.0


def _centre(zones: list[DeploymentZone]) -> tuple[float, float]:
    area = sum(z.w * z.h for z in zones) or 1.0
    return (sum((z.x + z.w / 2) * z.w * z.h for z in zones) / area,
            sum((z.y + z.h / 2) * z.w * z.h for z in zones) / area)


def spots(table: Table, side: Side) -> list[tuple[float, float]]:
    """The spots Auto-deploy tries in the side's zones, STEP apart."""
    out: list[tuple[float, float]] = []
    for z in zones_of(table, side):
        nx, ny = int(z.w / STEP), int(z.h / STEP)
        out.extend((z.x + STEP * (i + 0.5), z.y + STEP * (j + 0.5)) for i in range(nx) for j in range(ny))
    return out


def depth(table: Table, side: Side, x: float, y: float) -> float:
    """How far behind the front of the side's zones a spot lies (inches along the facing forward)."""
    f = math.radians(facing_forward(table, side))
    ahead_x, ahead_y = math.sin(f), -math.cos(f)
    front = max(_reach(z, ahead_x, ahead_y) for z in zones_of(table, side))
    return front - (x * ahead_x + y * ahead_y)


def off_centre(table: Table, side: Side, x: float, y: float) -> float:
    """How far to the side of the middle of the side's zones a spot lies (inches across the facing)."""
    zones = zones_of(table, side)
    if not zones:
        return 0.0
    f = math.radians(facing_forward(table, side))
    cx, cy = _centre(zones)
    return abs((x - cx) * math.cos(f) + (y - cy) * math.sin(f))


def _reach(z: DeploymentZone, ax: float, ay: float) -> float:
    return max(cx * ax + cy * ay for cx in (z.x, z.x + z.w) for cy in (z.y, z.y + z.h))


def has_cover(table: Table, side: Side, x: float, y: float) -> bool:
    """True if a wall, hedge or other obstacle, or a wood, lies just ahead of the spot."""
    f = math.radians(facing_forward(table, side))
    for d in (1.0, COVER_REACH):
        px, py = x + d * math.sin(f), y - d * math.cos(f)
        if table.terrain.kind_at(px, py) == "woods" or obstacle_near(table.terrain, (px, py), 0.6):
            return True
    return False


def spot_score(table: Table, state: GameState, m: Model, x: float, y: float,
               hero: tuple[float, float] | None) -> float:
    """How good a spot is for the model (higher is better): the front of the zone, open ground for a
    rider, cover for a shooter, and near his Hero."""
    score = -depth(table, m.side, x, y) - 0.2 * off_centre(table, m.side, x, y)
    kind = table.terrain.kind_at(x, y)
    if m.steed is not None and kind not in ("open", "road"):
        score -= 6.0
    if missile_weapon(table, m) is not None and has_cover(table, m.side, x, y):
        score += 4.0
    if hero is not None:
        score -= 0.6 * math.hypot(x - hero[0], y - hero[1])
    return score


def best_spot(table: Table, state: GameState, m: Model, planned: list[Placing]) -> Placing | None:
    """The best free spot of the zone for the model, clear of the others' bases by SPREAD and of the
    ground before the side's vehicles, with the planned placings standing; None if none is free."""
    facing = facing_forward(table, m.side)
    hero = _hero_spot(state, m, planned)
    ranked = sorted(spots(table, m.side), key=lambda p: (-spot_score(table, state, m, p[0], p[1], hero), p))
    for x, y in ranked:
        if _free(table, state, m, x, y, facing, planned):
            return Placing(m, x, y, facing)
    return None


def _hero_spot(state: GameState, m: Model, planned: list[Placing]) -> tuple[float, float] | None:
    if m.id == m.spear:
        return None
    for p in planned:
        if p.model.id == m.spear:
            return p.x, p.y
    hero = state.find(m.spear)
    if hero is not None and not hero.removed and hero.x != UNPLACED:
        return hero.x, hero.y
    return None


def _free(table: Table, state: GameState, m: Model, x: float, y: float, facing: float,
          planned: list[Placing]) -> bool:
    if zone_problem(table, m, x, y, facing) or position_problem(table, state, m, x, y, facing):
        return False
    bases = table.bases
    mine = bases.spine_at(x, y, facing, m.steed is not None)
    for other in state.models:
        if other is m or other.removed or other.aboard or other.x == UNPLACED:
            continue
        if bases.spine_gap(mine, bases.spine(other)) < SPREAD:
            return False
    for p in planned:
        if bases.spine_gap(mine, bases.spine_at(p.x, p.y, p.facing, p.model.steed is not None)) < SPREAD:
            return False
    return not ahead_of_a_vehicle(table, state, m.side, x, y)

