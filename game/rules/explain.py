"""What a command would do, before it is given: legal or not and why, a move's path, cost and
terrain, its Jump tests and gambit odds, a shot's line of sight and Blocked Shots, a melee round's
odds. Worked out on the engine's own rules and never rolled: the state and its dice are unchanged.

The client's preview, the hint and the AI's scoring ask these questions here (Engine.explain),
so what the player is shown is what the engine would do.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pydantic import ValidationError

from game.physics.ram import Contact
from game.rules import odds
from game.rules.commands import Command, Drive, Gambit, Move, Shoot
from game.rules.context import Act, Rejected, Table
from game.rules.damage import save_target, shrug_chance
from game.rules.deploying import facing_forward, is_waiting, now_deploying, to_place
from game.rules.dice import Dice
from game.rules.driving import DrivePreview, predict_drive
from game.rules.geometry import heading
from game.rules.guards import check_can_move
from game.rules.handlers import HANDLERS
from game.rules.melee import FightPlan, fight_odds, save_modifier
from game.rules.melee import Side as FightSide
from game.rules.missiles import ShotPlan, blockers, missile_weapon, short_range_only
from game.rules.movement import leg_facing, walk
from game.rules.moving import first_low_crossing
from game.rules.odds import MeleeOdds
from game.rules.paths import GAMBIT_NAMES, MovePlan, base_allowance, contact_points, run_reach
from game.rules.shooting import shot_outcomes
from game.rules.spears import command_range, held, in_command, spear_members, still_to_activate
from game.rules.state import GameState, Model, Side
from game.rules.steeds import rider_dice
from game.rules.vehicle_damage import facing_towards
from game.rules.vehicle_melee import StrikePlan
from game.rules.vehicle_shots import VehicleShotPlan
from game.rules.vehicles import is_driver, pace, profile_of, team_left, top_speed, turn_between
from game.terrain.geometry import sight_blocked, terrain_runs
from game.terrain.terrain_map import HARD_GOING

# The questions above, and the few read-only queries of the inner floors the client reads as they
# stand (re-exported, so the client needs no module behind the public face):
__all__ = [
    "GAMBIT_NAMES", "Contact", "DrivePreview", "Explanation", "check_can_move", "contact_points",
    "explain", "explain_move", "facing_forward", "gambit_odds", "heading", "held", "in_command", "is_driver",
    "is_waiting", "leg_facing", "line_of_sight", "now_deploying", "predict_drive", "profile_of", "reach",
    "shot_chances", "sight_to", "spear_members", "still_to_activate", "team_left", "to_place", "top_speed",
    "turn_between",
]

Point = tuple[float, float]
Chances = Mapping[str, Fraction]
NEEDS_GAMBIT = {"needs_climb": "climb", "needs_river_crossing": "river_crossing"}
SIGHT_BLOCKED = "a building or impassable ground is in the way"


# --- what an explanation holds --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TerrainRun:
    """A stretch of one kind of ground along a path, in inches."""

    kind: str
    inches: float


@dataclass(frozen=True, slots=True)
class GambitOdds:
    """A Movement Gambit's chances: success, Mishap, Calamity (a rider's Calamity loses the horse)."""

    gambit: str
    name: str
    chances: Chances
    loses_horse: bool


@dataclass(frozen=True, slots=True)
class JumpOdds:
    """A rider's Jump test over one low obstacle: sails over, awkward, falls."""

    obstacle: str
    equestrian: bool  # Equestrian rerolls a fall
    chances: Chances


@dataclass(frozen=True, slots=True)
class Landings:
    """The Jump tests of a whole ride taken together, and the Thrown Rider test a fall brings."""

    clean: Fraction  # every jump sails over
    awkward: Fraction  # no fall, but an awkward landing: the rest of the move at half rate
    falls: Fraction  # a fall somewhere: the move ends there
    awkward_stops_short: bool  # at half rate after the first jump, the rest would not fit
    thrown_dice: int  # the Thrown Rider test rolls the best of these
    thrown: Chances


@dataclass(frozen=True, slots=True)
class Crossing:
    """An obstacle a model on foot crosses, and what it costs."""

    obstacle: str
    tall: bool  # a tall one needs the Climb gambit
    cost: float


@dataclass(frozen=True, slots=True)
class MoveExplanation:
    """A move's path from where the model stands, its cost against its Move, terrain and risks."""

    model: str
    path: tuple[Point, ...]
    cost: float
    allowance: float  # the model's Move without a gambit
    extra: float  # what the declared gambit adds to it (0 without one)
    terrain: tuple[TerrainRun, ...]
    hard_going: bool
    jumps: tuple[JumpOdds, ...]
    landings: Landings | None
    crossings: tuple[Crossing, ...]
    gambit: GambitOdds | None  # the gambit declared
    needs_gambit: GambitOdds | None  # the gambit that would make a refused plain move legal
    charge_target: str  # the enemy the move ends in contact with ("" if none)


@dataclass(frozen=True, slots=True)
class Sight:
    """Whether one model sees another, and the Blocked Shot rolls a shot between them needs."""

    clear: bool
    reason: str
    blockers: tuple[str, ...]
    distance: float = 0.0  # base edge to base edge, inches

    @property
    def blocked_shot_rolls(self) -> int:
        """How many Blocked Shot rolls a shot along this line takes."""
        return len(self.blockers)


@dataclass(frozen=True, slots=True)
class ShotExplanation:
    """A shot at a model: to hit, the Blocked Shots in the way, the save and every outcome's odds."""

    weapon: str
    target: str
    distance: float
    long_range: bool
    need: int
    from_horseback: bool  # a natural `need` is needed
    hit: Fraction
    blockers: tuple[str, ...]
    blocked_on: int  # a Blocked Shot takes the hit on 1..this
    steed: str  # the target's steed, which takes a last Blocked Shot ("" on foot)
    save: int  # 7 or more: no save
    chances: Chances  # miss, blocked, saved, wounded (and the steed's share)
    misfires: bool  # a natural 1 misfires (a crossbow or handgun)
    misfire_reloads: int  # Reloads a misfire costs
    noisy: bool  # Nags and Beasts of Burden within `spook_range` may bolt
    spook_range: float


@dataclass(frozen=True, slots=True)
class VehicleShotExplanation:
    """A shot at a cart or wagon: to hit, where a hit lands and what it does."""

    weapon: str
    vehicle: str
    distance: float
    long_range: bool
    need: int
    from_horseback: bool
    hit: Fraction
    pace_modifier: int  # to hit, for the vehicle standing still (+) or moving fast (-)
    fast_speed: float
    locations: tuple[tuple[int, int, str], ...]  # (low, high, location) on a d6
    facing: str
    armour: int
    damage: str
    crew: int | None  # men aboard a crew hit may strike (None: no crew location)
    sets_alight: bool


@dataclass(frozen=True, slots=True)
class Fighter:
    """One side of a melee round as it stands: its dice, bonuses, options and risk."""

    model: str
    name: str
    dice: int
    option: str | None
    deadly: bool
    bonus: bool  # Mounted Charge! bonuses
    lance: bool  # a lance on the charge: the enemy saves at -1
    mounted: bool
    loses_health: Fraction | None  # P(a man on foot loses Health this round); None for a rider


@dataclass(frozen=True, slots=True)
class FightExplanation:
    """A melee round's odds: outcomes (win, lose, both_hit, stand_off), hits and Blocked Strokes."""

    attacker: Fighter
    defender: Fighter
    strike_on: int
    outcome: Chances
    expected_hits: tuple[float, float]  # (on the defender, on the attacker)
    odds: MeleeOdds
    blocked_on: int  # a Blocked Stroke takes the hit on 1..this
    defended_obstacle: bool
    at_steed: bool
    pull_down: bool
    pull_down_on: int


@dataclass(frozen=True, slots=True)
class StrikeExplanation:
    """A blow at a cart or wagon in reach."""

    vehicle: str
    dice: int
    need: int  # 0: every blow lands (it stands still)
    damage: str


@dataclass(frozen=True, slots=True)
class Explanation:
    """What a command would do: legal or not (and why), with the details of its kind."""

    command: Command | None
    legal: bool
    reason: str = ""
    code: str = ""
    move: MoveExplanation | None = None
    sight: Sight | None = None
    shot: ShotExplanation | None = None
    vehicle_shot: VehicleShotExplanation | None = None
    fight: FightExplanation | None = None
    strike: StrikeExplanation | None = None
    drive: DrivePreview | None = None  # a Drive's dry run, as it goes if any Carter test is passed


# --- the questions ----------------------------------------------------------------------------
def _act(table: Table, state: GameState) -> Act:
    """A resolution context for the pure helpers; its dice are never rolled."""
    return Act(table, state, Dice(0))


def _plan(table: Table, state: GameState, cmd: Command) -> object:
    return HANDLERS[cmd.type][0](table, state, cmd)


def _verdict(plan: object) -> tuple[str, str]:
    """(code, reason) of a refused plan; ("", "") for an accepted one."""
    if isinstance(plan, Rejected):
        return plan.code, plan.reason
    return "", ""


def explain(table: Table, state: GameState, cmd: Command) -> Explanation:
    """What a command would do now, without doing it."""
    if isinstance(cmd, Move):
        return explain_move(table, state, cmd.side, cmd.model, cmd.path, cmd.gambit)
    if isinstance(cmd, Drive):
        drive = predict_drive(table, state, cmd)
        if isinstance(drive, Rejected):
            return Explanation(cmd, False, drive.reason, drive.code)
        return Explanation(cmd, True, drive=drive)
    plan = _plan(table, state, cmd)
    code, reason = _verdict(plan)
    legal = not code
    if isinstance(cmd, Shoot):
        sight = line_of_sight(table, state, cmd.model, cmd.target) if state.find(cmd.target) else None
        if isinstance(plan, ShotPlan):
            return Explanation(cmd, True, sight=sight, shot=_shot(table, state, plan))
        if isinstance(plan, VehicleShotPlan):
            return Explanation(cmd, True, vehicle_shot=_vehicle_shot(table, state, plan))
        return Explanation(cmd, legal, reason, code, sight=sight)
    if isinstance(plan, FightPlan):
        return Explanation(cmd, True, fight=_fight(table, state, plan))
    if isinstance(plan, StrikePlan):
        damage = table.content.vehicle_rules.shot_damage.label
        strike = StrikeExplanation(plan.vehicle.name, plan.dice, plan.need, damage)
        return Explanation(cmd, True, strike=strike)
    return Explanation(cmd, legal, reason, code)


# --- moves ------------------------------------------------------------------------------------
def gambit_odds(table: Table, m: Model, gambit: str) -> GambitOdds:
    """A gambit's chances for this model."""
    again = gambit == "mounted_charge" and table.has_skill(m, "born_in_the_saddle")
    dist = odds.gambit_odds(m.reroll_ready, table.numbers.gambit_success, again)
    return GambitOdds(gambit, GAMBIT_NAMES.get(gambit, gambit), dist, m.steed is not None)


def _move(side: Side, model_id: str, path: Sequence[Point], gambit: Gambit | None) -> Move | Rejected:
    try:
        return Move(side=side, model=model_id, path=tuple(path), gambit=gambit)
    except ValidationError as exc:
        return Rejected("bad_command", exc.errors()[0]["msg"])


def explain_move(table: Table, state: GameState, side: Side, model_id: str, points: Sequence[Point],
                 gambit: Gambit | None = None) -> Explanation:
    """A Move along waypoints, judged even where the waypoints make no valid command."""
    cmd = _move(side, model_id, points, gambit)
    m = state.find(model_id)
    if m is None or m.removed:
        reason = f"There is no model {model_id!r} on the table."
        return Explanation(cmd if isinstance(cmd, Move) else None, False, reason, "no_model")
    plan = cmd if isinstance(cmd, Rejected) else _plan(table, state, cmd)
    code, reason = _verdict(plan)
    detail = _move_detail(table, state, m, [(float(x), float(y)) for x, y in points], gambit, plan)
    return Explanation(cmd if isinstance(cmd, Move) else None, not code, reason, code, move=detail)


def _move_detail(table: Table, state: GameState, m: Model, pts: list[Point], gambit: Gambit | None,
                 plan: object) -> MoveExplanation:
    path = [(m.x, m.y), *pts]
    mounted = m.steed is not None
    finite = all(math.isfinite(c) for p in path for c in p)
    route = walk(table, path, mounted) if finite and pts else None
    crossed = route.crossed if route else []
    terrain = terrain_along(table, path) if finite else ()
    jumps = tuple(_jump(table, m, o.name) for o in crossed if not o.tall) if mounted else ()
    cost = table.numbers.obstacle_cost
    crossings = () if mounted else tuple(Crossing(o.name, o.tall, cost) for o in crossed)
    extra = _gambit_extra(table, m, gambit)
    limit = base_allowance(table, m) + extra
    landings = _landings(table, state, m, path, jumps, limit) if jumps else None
    needs = _needs_gambit(table, state, m, pts, plan) if gambit is None else None
    return MoveExplanation(
        m.id, tuple(path), route.cost if route else 0.0, base_allowance(table, m), extra, terrain,
        any(r.kind in HARD_GOING for r in terrain), jumps, landings, crossings,
        gambit_odds(table, m, gambit) if gambit is not None else None,
        gambit_odds(table, m, needs) if needs is not None else None,
        plan.charge_target if isinstance(plan, MovePlan) else "")


def _gambit_extra(table: Table, m: Model, gambit: Gambit | None) -> float:
    """The inches a gambit adds to the Move (Run! counted at its best die, with Fleet of Foot)."""
    return {"charge": table.numbers.charge_bonus, "run": run_reach(table, m),
            "mounted_charge": table.numbers.mounted_charge_reach}.get(gambit or "", 0.0)


def _needs_gambit(table: Table, state: GameState, m: Model, pts: list[Point], plan: object) -> Gambit | None:
    """The gambit that would make a refused plain move legal, if one would."""
    if not isinstance(plan, Rejected):
        return None
    if plan.code == "too_far":
        tries: tuple[Gambit, ...] = ("mounted_charge",) if m.steed is not None else ("charge", "run")
        side = state.acting_side or m.side
        for g in tries:
            cmd = _move(side, m.id, pts, g)
            if isinstance(cmd, Move) and isinstance(_plan(table, state, cmd), MovePlan):
                return g
        return None
    needed = NEEDS_GAMBIT.get(plan.code)
    return "climb" if needed == "climb" else "river_crossing" if needed else None


def terrain_along(table: Table, path: Sequence[Point]) -> tuple[TerrainRun, ...]:
    """The kinds of ground along a path and how many inches of each, runs merged across legs."""
    out: list[TerrainRun] = []
    for a, b in zip(path, path[1:], strict=False):
        if a == b:
            continue
        for kind, start, end in terrain_runs(table.terrain, a, b):
            if end - start <= 1e-9:
                continue
            if out and out[-1].kind == kind:
                out[-1] = TerrainRun(kind, out[-1].inches + end - start)
            else:
                out.append(TerrainRun(kind, end - start))
    return tuple(out)


def _jump(table: Table, m: Model, obstacle: str) -> JumpOdds:
    equestrian = table.has_skill(m, "equestrian")
    return JumpOdds(obstacle, equestrian, odds.jump_odds(equestrian, content=table.content))


def _landings(table: Table, state: GameState, m: Model, path: list[Point], jumps: tuple[JumpOdds, ...],
              limit: float) -> Landings:
    """The jumps together: all clean, an awkward landing (no fall), a fall; and whether an
    awkward first landing leaves too little Move for the rest of the path at half rate."""
    clean, safe = Fraction(1), Fraction(1)
    for j in jumps:
        clean *= j.chances.get("sails_over", Fraction(0))
        safe *= 1 - j.chances.get("falls", Fraction(0))
    short = False
    first = first_low_crossing(table, path)
    if first is not None:
        index, at, _ = first
        before = walk(table, [*path[:index + 1], at], True).cost
        rest = walk(table, [at, *path[index + 1:]], True).cost
        short = before + 2 * rest > limit + 1e-6
    n = rider_dice(_act(table, state), m)
    return Landings(clean, safe - clean, 1 - safe, short, n,
                    odds.thrown_rider_odds(n, table.skill_modifier(m, "sure_seat"), content=table.content))


# --- shots and sight --------------------------------------------------------------------------
def shot_chances(table: Table, state: GameState, plan: ShotPlan | VehicleShotPlan) -> dict[str, Fraction]:
    """Every outcome's odds of a checked shot, the Blocked Shots in its way counted."""
    blocked = len(blockers(table, state, plan)) if isinstance(plan, ShotPlan) else 0
    return shot_outcomes(_act(table, state), plan, blocked)


def _shot(table: Table, state: GameState, plan: ShotPlan) -> ShotExplanation:
    m, target, weapon = plan.shooter, plan.target, plan.weapon
    names = tuple(name for _, name, _ in blockers(table, state, plan))
    steed = table.content.steeds[target.steed].name if target.steed is not None else ""
    return ShotExplanation(
        weapon.name, target.name, plan.distance, plan.long_range, plan.need, m.steed is not None,
        odds.d6_test(plan.need, 0, m.reroll_ready), names, table.numbers.blocked_shot_hits_on, steed,
        save_target(_act(table, state), target), shot_outcomes(_act(table, state), plan, len(names)),
        weapon.must_reload, table.numbers.misfire_reloads, weapon.noisy, table.numbers.spook_range)


def _vehicle_shot(table: Table, state: GameState, plan: VehicleShotPlan) -> VehicleShotExplanation:
    m, v, weapon = plan.shooter, plan.vehicle, plan.weapon
    prof = table.content.vehicles[v.profile]
    rules = table.content.vehicle_rules
    facing = facing_towards(table, v, m.x, m.y)
    crew = len(state.aboard(v.id)) if any(r.result == "crew" for r in prof.hit_locations) else None
    return VehicleShotExplanation(
        weapon.name, v.name, plan.distance, plan.long_range, plan.need, m.steed is not None,
        shot_outcomes(_act(table, state), plan)["hit"],
        rules.shooting.at_vehicle(pace(v)) if m.steed is None else 0, rules.shooting.fast_speed,
        tuple((r.low, r.high, r.result) for r in prof.hit_locations), facing, prof.armour.against(facing),
        rules.shot_damage.label, crew, weapon.kind == "handgun")


def line_of_sight(table: Table, state: GameState, a_id: str, b_id: str) -> Sight:
    """Sight between any two models, and the Blocked Shot rolls a shot from a at b would need."""
    a, b = state.find(a_id), state.find(b_id)
    if a is None or b is None or a.removed or b.removed:
        return Sight(False, "Choose two models on the table.", ())
    if a is b:
        return Sight(False, "A model cannot look at itself.", ())
    dist = max(0.0, table.bases.edge_distance(a, b))
    weapon = missile_weapon(table, a) or next(iter(table.content.weapons.values()))
    names = [name for _, name, _ in blockers(table, state, ShotPlan(a, b, weapon, dist, False, 0))]
    if b.steed is not None and not b.riderless:
        names.append(f"{b.name}'s {table.content.steeds[b.steed].name}")
    blocked = sight_blocked(table.terrain, (a.x, a.y), (b.x, b.y))
    reason = f"{a.name} cannot see {b.name}: {SIGHT_BLOCKED}" if blocked else ""
    return Sight(not blocked, reason, tuple(names), dist)


def sight_to(table: Table, state: GameState, m: Model, to: Point) -> tuple[bool, int]:
    """Whether a model sees a point, and how many Blocked Shot rolls a shot there would need (at
    the model standing there, if one does)."""
    if sight_blocked(table.terrain, (m.x, m.y), to):
        return False, 0
    target = m.copy()
    target.x, target.y = to
    for o in state.models:
        if not o.removed and o is not m and math.hypot(o.x - to[0], o.y - to[1]) < table.bases.radius:
            target = o
    weapon = missile_weapon(table, m) or next(iter(table.content.weapons.values()))
    plan = ShotPlan(m, target, weapon, math.dist((m.x, m.y), to), False, 0)
    return True, len(blockers(table, state, plan))


# --- melee ------------------------------------------------------------------------------------
def _wound_chance(table: Table, state: GameState, hits: list[Fraction], victim: Model, save_mod: int,
                  blocked_on: int) -> Fraction:
    """P(a man on foot loses Health) from a distribution of hits on him."""
    need = save_target(_act(table, state), victim, save_mod)
    total = Fraction(0)
    for n, p in enumerate(hits):
        if n and p:
            total += p * (1 - odds.wounds_distribution(n, need, blocked_on, victim.reroll_ready,
                                                       shrug=shrug_chance(table, victim))[0])
    return total


def _fighter(s: FightSide, dice: int, loses: Fraction | None) -> Fighter:
    m = s.model
    return Fighter(m.id, m.name, dice, s.option, s.deadly, s.bonus, s.lance, m.steed is not None, loses)


def _fight(table: Table, state: GameState, plan: FightPlan) -> FightExplanation:
    att, dfd = plan.attacker, plan.defender
    result = fight_odds(table, state, plan)
    keys = {"attacker": "win", "defender": "lose", "both_hit": "both_hit", "stand_off": "stand_off"}
    blocked_on = table.numbers.blocked_stroke_hits_on
    on_def = None if dfd.model.steed is not None else _wound_chance(
        table, state, result.hits_on_defender, dfd.model, save_modifier(table, att),
        blocked_on if plan.defended_obstacle else 0)
    on_att = None if att.model.steed is not None else _wound_chance(
        table, state, result.hits_on_attacker, att.model, save_modifier(table, dfd), 0)
    return FightExplanation(
        _fighter(att, result.attacker_dice, on_att), _fighter(dfd, result.defender_dice, on_def),
        table.numbers.strike_on, {keys[k]: p for k, p in result.outcome.items()},
        (float(odds.expected(result.hits_on_defender)), float(odds.expected(result.hits_on_attacker))),
        result, blocked_on, plan.defended_obstacle, plan.at_steed, plan.pull_down, table.numbers.pull_down_on)


# --- reach ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Reach:
    """How far a model reaches, in inches: its Move (and what is left of it), its charge, a Hero's
    Command Range and its bow or gun."""

    move: float
    left: float  # the Move less what it has moved
    charge_bonus: float  # what a charge adds (a Mounted Charge! for a rider)
    can_charge: bool  # a rider on a Nag cannot
    hero: bool
    command_range: float  # a Hero's (0 for a Retainer)
    weapon: str  # its bow or gun ("" for none)
    short_range: float  # 0 without a weapon or a short range
    long_range: float
    short_only: bool  # from the saddle only short range counts (a standing archer excepted)
    handgun: bool
    shoots: bool  # its profile shoots
    sight_cap: float  # River Mist's limit on shooting (inf without it)


def reach(table: Table, state: GameState, m: Model) -> Reach:
    """The model's reach as the rules measure it."""
    move = base_allowance(table, m)
    mounted = m.steed is not None
    charge = table.numbers.mounted_charge_reach if mounted else table.numbers.charge_bonus
    can_charge = not mounted or table.content.steeds[m.steed or ""].can_charge
    weapon = missile_weapon(table, m)
    fog = state.effects.get("fog")
    return Reach(
        move, max(0.0, move - m.moved_distance), charge, can_charge,
        table.profile(m).type == "hero", command_range(table, m),
        weapon.name if weapon is not None else "",
        (weapon.short_range or 0.0) if weapon is not None else 0.0,
        (weapon.long_range or 0.0) if weapon is not None else 0.0,
        weapon is not None and short_range_only(m, weapon),
        weapon is not None and weapon.kind == "handgun", table.profile(m).shoot is not None,
        float(fog) if fog else math.inf)
