"""What an action would do, before it is taken: paths, costs, sight, reach and the odds (pygame-free)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from pydantic import ValidationError

from game.rules import odds
from game.rules.commands import Fight, Gambit, MeleeOption, Move, Shoot
from game.rules.context import Act, Rejected, Table
from game.rules.damage import save_target
from game.rules.dice import Dice
from game.rules.engine import Engine
from game.rules.melee import FightPlan, Side, fight_odds
from game.rules.missiles import ShotPlan, blockers, missile_weapon, short_range_only
from game.rules.movement import walk
from game.rules.odds import MeleeOdds
from game.rules.paths import GAMBIT_NAMES, MovePlan, base_allowance
from game.rules.shooting import shot_outcomes
from game.rules.spears import command_range
from game.rules.state import Model
from game.rules.state import Side as PlayerSide
from game.rules.steeds import rider_dice
from game.rules.vehicle_shots import VehicleShotPlan
from game.terrain.geometry import sight_blocked, terrain_runs
from game.terrain.terrain_map import HARD_GOING
from game.ui.eventtext import describe_event as describe_event  # re-exported for the battle screen
from game.ui.eventtext import rule_for_event as rule_for_event

Point = tuple[float, float]
NEEDS_GAMBIT = {"needs_climb": "climb", "needs_river_crossing": "river_crossing"}
JUMP_WORDS = {"sails_over": "sails over", "awkward": "awkward", "falls": "falls"}
GAMBIT_WORDS = {"success": "succeeds", "mishap": "Mishap", "calamity": "Calamity"}
SIGHT_BLOCKED = "a building or impassable ground is in the way"


class _Lines:
    """The `text` of a preview: its lines as one block."""

    __slots__ = ()
    lines: list[str]

    @property
    def text(self) -> str:
        """The lines as one block of text."""
        return "\n".join(self.lines)


@dataclass(slots=True)
class MovePreview(_Lines):
    """A move as the engine would judge it, with its path, cost, terrain, jumps and gambit odds."""

    legal: bool
    reason: str
    path: list[Point]
    cost: float
    allowance: float
    terrain: list[tuple[str, float]]  # (kind, inches of it) in order along the path
    jumps: list[str]  # obstacles a rider must jump
    crossings: list[str]  # obstacles a foot model crosses (2" each)
    gambit: str | None
    needs_gambit: str | None  # the gambit that would make a refused plain move legal
    lines: list[str]
    charge_target: str = ""  # enemy id the move ends in contact with


@dataclass(slots=True)
class ShotPreview(_Lines):
    """A shot as the engine would judge it, with the chance of each outcome."""

    legal: bool
    reason: str
    distance: float
    long_range: bool
    need: int
    blockers: list[str]
    lines: list[str]
    odds: dict[str, Fraction] = field(default_factory=dict)  # odds.shot_odds outcomes


@dataclass(slots=True)
class FightPreview(_Lines):
    """A melee round as the engine would judge it, with its outcome distribution."""

    legal: bool
    reason: str
    attacker_dice: int
    defender_dice: int
    lines: list[str]
    percentages: dict[str, float] = field(default_factory=dict)  # win, lose, both_hit, stand_off
    expected_hits: tuple[float, float] = (0.0, 0.0)  # (on the defender, on the attacker)
    odds: MeleeOdds | None = None


@dataclass(slots=True)
class SightPreview:
    """Whether one model can see another, and the Blocked Shot rolls a shot between them needs."""

    clear: bool
    reason: str
    blockers: list[str]
    blocked_shot_rolls: int
    distance: float = 0.0  # base edge to base edge, inches


def inches(x: float) -> str:
    """A distance in inches for the player: 7.5", 10"."""
    return f'{round(x, 1):g}"' if math.isfinite(x) else "∞"


def odds_words(dist: dict[str, Fraction], words: dict[str, str]) -> str:
    """A distribution as "5 in 6 succeeds, 5 in 36 Mishap", odds first, in the given order."""
    return ", ".join(f"{odds.describe_test(p)} {words.get(k, k.replace('_', ' '))}"
                     for k, p in dist.items() if p)


def _act(engine: Engine) -> Act:
    """A throwaway resolution context for the engine's pure helpers (it is never rolled)."""
    return Act(engine.table, engine.state, Dice(0))


def _side(engine: Engine, m: Model) -> PlayerSide:
    return engine.state.acting_side or m.side


def _plan_move(engine: Engine, m: Model, points: list[Point], gambit: Gambit | None) -> object:
    try:
        cmd = Move(side=_side(engine, m), model=m.id, path=tuple(points), gambit=gambit)
    except ValidationError as exc:
        return Rejected("bad_command", exc.errors()[0]["msg"])
    return engine.plan(cmd)


def _terrain(table: Table, path: list[Point]) -> list[tuple[str, float]]:
    """Terrain kinds along a path and how many inches of each, merging runs across legs."""
    out: list[tuple[str, float]] = []
    for a, b in zip(path, path[1:], strict=False):
        if a == b:
            continue
        for kind, start, end in terrain_runs(table.terrain, a, b):
            if end - start <= 1e-9:
                continue
            if out and out[-1][0] == kind:
                out[-1] = (kind, out[-1][1] + end - start)
            else:
                out.append((kind, end - start))
    return out


def gambit_line(engine: Engine, m: Model, gambit: str) -> str:
    """A gambit's odds: "Mounted Charge!: 5 in 6 succeeds, 5 in 36 Mishap, 1 in 36 Calamity"."""
    dist = odds.gambit_odds(m.reroll_ready, engine.table.numbers.gambit_success)
    text = f"{GAMBIT_NAMES.get(gambit, gambit)}: {odds_words(dist, GAMBIT_WORDS)}"
    if m.steed is not None:
        text += " (a Calamity loses the horse)"
    return text


def jump_line(engine: Engine, m: Model, obstacle: str) -> str:
    """A Jump test's odds over one obstacle."""
    equestrian = engine.table.has_skill(m, "equestrian")
    dist = odds.jump_odds(equestrian, content=engine.table.content)
    text = f"Crosses: {obstacle} (Jump test: {odds_words(dist, JUMP_WORDS)}"
    return text + (" — Equestrian rerolls a fall)" if equestrian else ")")


def thrown_line(engine: Engine, m: Model) -> str:
    """What a fall from the saddle would do: the Thrown Rider odds."""
    n = rider_dice(_act(engine), m)
    dist = odds.thrown_rider_odds(n, content=engine.table.content)
    return f"If thrown (best of {n}d6): {odds_words(dist, {})}"


def _points(points: Sequence[Point] | Point) -> list[Point]:
    """Waypoints as a list of float pairs (a lone point is a one-leg path)."""
    match points:
        case (int() | float() as x, int() | float() as y):
            return [(float(x), float(y))]
        case _:
            return [(float(x), float(y)) for x, y in points]


def preview_move(engine: Engine, model_id: str, points: Sequence[Point] | Point,
                 gambit: Gambit | None = None) -> MovePreview:
    """Judge a Move of the acting side along waypoints (or to one point) without making it."""
    table, state = engine.table, engine.state
    pts = _points(points)
    m = state.find(model_id)
    if m is None or m.removed:
        reason = f"There is no model {model_id!r} on the table."
        return MovePreview(False, reason, pts, 0.0, 0.0, [], [], [], gambit, None, [reason])
    path = [(m.x, m.y), *pts]
    allowance = base_allowance(table, m)
    plan = _plan_move(engine, m, pts, gambit)
    finite = all(math.isfinite(c) for p in path for c in p)
    route = walk(table, path, m.steed is not None) if finite and pts else None
    mounted = m.steed is not None
    crossed = route.crossed if route else []
    jumps = [o.name for o in crossed if not o.tall] if mounted else []
    crossings = [] if mounted else [o.name for o in crossed]
    terrain = _terrain(table, path) if finite else []
    needs = None
    if isinstance(plan, Rejected) and gambit is None:
        needs = NEEDS_GAMBIT.get(plan.code)
        if plan.code == "too_far":
            tries: tuple[Gambit, ...] = ("mounted_charge",) if mounted else ("charge", "run")
            for g in tries:
                if isinstance(_plan_move(engine, m, pts, g), MovePlan):
                    needs = g
                    break
    legal = isinstance(plan, MovePlan)
    reason = plan.reason if isinstance(plan, Rejected) else ""
    cost = route.cost if route else 0.0
    lines = [] if legal else [f"Cannot move: {reason}"]
    limit, bonus = allowance, ""
    if gambit in ("charge", "run", "mounted_charge"):
        extra = {"charge": table.numbers.charge_bonus, "run": float(table.numbers.run_bonus_die),
                 "mounted_charge": table.numbers.mounted_charge_reach}[gambit]
        limit += extra
        bonus = f" (up to +{inches(extra)} {GAMBIT_NAMES[gambit]})"
    lines.append(f"Move {inches(cost)} of {inches(limit)}{bonus}")
    if terrain:
        words = ", ".join(f"{kind} {inches(length)}" for kind, length in terrain)
        hard = " (Hard Going costs double)" if any(k in HARD_GOING for k, _ in terrain) else ""
        lines.append(f"Terrain: {words}{hard}")
    lines += [jump_line(engine, m, name) for name in jumps]
    if jumps:
        lines.append(thrown_line(engine, m))
    for o in [] if mounted else crossed:
        extra_text = ", Climb gambit" if o.tall else ""
        lines.append(f"Crosses: {o.name} ({inches(table.numbers.obstacle_cost)}{extra_text})")
    if gambit is not None:
        lines.append(gambit_line(engine, m, gambit))
    elif needs is not None:
        lines.append(f"Needs the {GAMBIT_NAMES[needs]} gambit — {gambit_line(engine, m, needs)}")
    target = plan.charge_target if isinstance(plan, MovePlan) else ""
    if target:
        lines.append(f"Ends in base contact with {state.model(target).name}: a charge")
    return MovePreview(legal, reason, path, cost, allowance, terrain, jumps, crossings, gambit, needs,
                       lines, target)


def _shot_rejected(engine: Engine, shooter_id: str, target_id: str, reason: str) -> ShotPreview:
    sight = line_of_sight(engine, shooter_id, target_id)
    return ShotPreview(False, reason, sight.distance, False, 0, sight.blockers, [f"Cannot shoot: {reason}"])


def preview_shot(engine: Engine, shooter_id: str, target_id: str) -> ShotPreview:
    """Judge a Shoot of the acting side without making it: to hit, Blocked Shots, saves, wounds."""
    table, state = engine.table, engine.state
    m = state.find(shooter_id)
    if m is None or m.removed:
        return ShotPreview(False, f"There is no model {shooter_id!r} on the table.", 0.0, False, 0, [], [])
    plan = engine.plan(Shoot(side=_side(engine, m), model=shooter_id, target=target_id))
    if isinstance(plan, VehicleShotPlan):
        return preview_vehicle_shot(engine, plan)
    if not isinstance(plan, ShotPlan):
        reason = plan.reason if isinstance(plan, Rejected) else str(plan)
        return _shot_rejected(engine, shooter_id, target_id, reason)
    target, weapon = plan.target, plan.weapon
    found = blockers(table, state, plan)
    names = [name for _, name, _ in found]
    hits_on = table.numbers.blocked_shot_hits_on
    act = _act(engine)
    save = save_target(act, target)
    dist = shot_outcomes(act, plan, len(found))
    hit = odds.d6_test(plan.need, 0, m.reroll_ready)
    how = f"a natural {plan.need} from horseback" if m.steed is not None else f"{plan.need}+"
    rng = "long" if plan.long_range else "short"
    lines = [f"{weapon.name} at {target.name}, {inches(plan.distance)} ({rng} range): hits on {how} "
             f"({odds.describe_test(hit)})"]
    if names:
        lines.append(f"Blocked Shot rolls: {', '.join(names)} (each takes the shot on 1-{hits_on})")
    if target.steed is not None:
        steed = table.content.steeds[target.steed].name
        lines.append(f"{target.name} rides: Blocked Shot for the {steed}, 1-{hits_on} the steed is hit")
    lines.append(f"{target.name} saves on {save}+" if save <= 6 else f"{target.name} has no save")
    lines.append(f"Outcome: {odds_words(dist, {})}")
    lines.append(f"Wounds {target.name}: {odds.describe_test(dist['wounded'])}")
    if weapon.must_reload:
        lines.append(f"A natural 1 misfires: {table.numbers.misfire_reloads} Reloads needed")
    if weapon.noisy:
        lines.append(f'Noisy: Nags and Beasts of Burden within {table.numbers.spook_range:g}" may bolt')
    return ShotPreview(True, "", plan.distance, plan.long_range, plan.need, names, lines, dist)


def preview_vehicle_shot(engine: Engine, plan: VehicleShotPlan) -> ShotPreview:
    """A shot at a cart or wagon (§10): to hit, where a hit lands and the damage it does."""
    from game.rules.vehicle_damage import facing_towards
    from game.rules.vehicles import pace

    table = engine.table
    m, v, weapon = plan.shooter, plan.vehicle, plan.weapon
    prof = table.content.vehicles[v.profile]
    rules = table.content.vehicle_rules
    hit = shot_outcomes(_act(engine), plan)["hit"]
    how = f"a natural {plan.need} from horseback" if m.steed is not None else f"{plan.need}+"
    rng = "long" if plan.long_range else "short"
    lines = [f"{weapon.name} at the {v.name}, {inches(plan.distance)} ({rng} range): hits on {how} "
             f"({odds.describe_test(hit)})"]
    mod = rules.shooting.at_vehicle(pace(v))
    if mod and m.steed is None:
        why = "standing still" if mod > 0 else f"moving {inches(rules.shooting.fast_speed)} or more"
        lines.append(f"{mod:+d} to hit: the {v.name} is {why} this turn")
    table_words = ", ".join(f"{r.low}-{r.high} {r.result}" if r.low != r.high else f"{r.low} {r.result}"
                            for r in prof.hit_locations)
    lines.append(f"Hit location (d6): {table_words}")
    facing = facing_towards(table, v, m.x, m.y)
    armour = prof.armour.against(facing)
    lines.append(f"Hull or traction: {rules.shot_damage.label} points less armour {armour} ({facing})")
    if any(r.result == "crew" for r in prof.hit_locations):
        lines.append(f"Crew: strikes one of the {len(engine.state.aboard(v.id))} aboard")
    if weapon.kind == "handgun":
        lines.append("A handgun hit that does damage sets that location alight")
    return ShotPreview(True, "", plan.distance, plan.long_range, plan.need, [], lines, {"hit": hit})


def _side_lines(s: Side, enemy: Side) -> list[str]:
    name = s.model.name
    out = []
    if s.bonus:
        rerolls = "1s and 2s" if s.deadly else "1s"
        out.append(f"{name} has the Mounted Charge! bonus: +1 die, rerolls {rerolls}")
    elif s.deadly:
        out.append(f"{name} has Deadly Blade: rerolls 1s")
    if s.lance:
        out.append(f"{name}'s lance on the charge: {enemy.model.name} saves at -1")
    if s.option:
        out.append(f"{name} will {s.option.capitalize()}")
    return out


def _stroke_lines(plan: FightPlan, hits_on: int, pull_on: int) -> list[str]:
    att, dfd = plan.attacker.model, plan.defender.model
    out = []
    if plan.defended_obstacle:
        out.append(f"{dfd.name} defends an obstacle: each hit on him is a Blocked Stroke, "
                   f"1-{hits_on} the obstacle takes it")
    if plan.at_steed:
        out.append(f"{att.name} strikes at {dfd.name}'s steed (-1 Valour if it is hit)")
    for rider, foe in ((dfd, att), (att, dfd)):
        if rider.steed is not None and foe.steed is None:
            out.append(f"{rider.name} is mounted: each hit on him is a Blocked Stroke, "
                       f"1-{hits_on} the steed takes it")
    if plan.pull_down:
        out.append(f"A {pull_on} among {att.name}'s dice pulls {dfd.name} down")
    return out


def _wound_chance(engine: Engine, hits: list[Fraction], victim: Model, save_mod: int,
                  blocked_on: int) -> Fraction:
    """P(a foot model loses Health) from a distribution of hits on it."""
    need = save_target(_act(engine), victim, save_mod)
    total = Fraction(0)
    for n, p in enumerate(hits):
        if n and p:
            total += p * (1 - odds.wounds_distribution(n, need, blocked_on, victim.reroll_ready)[0])
    return total


def preview_fight(engine: Engine, attacker_id: str, target_id: str,
                  option: MeleeOption | None = None) -> FightPreview:
    """Judge a Fight of the acting side without making it: the round's outcome distribution."""
    table, state = engine.table, engine.state
    m = state.find(attacker_id)
    if m is None or m.removed:
        return FightPreview(False, f"There is no model {attacker_id!r} on the table.", 0, 0, [])
    try:
        cmd = Fight(side=_side(engine, m), model=attacker_id, target=target_id, option=option)
    except ValidationError as exc:
        reason = exc.errors()[0]["msg"]
        return FightPreview(False, reason, 0, 0, [f"Cannot fight: {reason}"])
    plan = engine.plan(cmd)
    if not isinstance(plan, FightPlan):
        reason = plan.reason if isinstance(plan, Rejected) else str(plan)
        return FightPreview(False, reason, 0, 0, [f"Cannot fight: {reason}"])
    att, dfd = plan.attacker, plan.defender
    strike_on = table.numbers.strike_on
    result = fight_odds(table, state, plan)
    keys = {"attacker": "win", "defender": "lose", "both_hit": "both_hit", "stand_off": "stand_off"}
    pct = {keys[k]: float(p) * 100 for k, p in result.outcome.items()}
    on_def = float(odds.expected(result.hits_on_defender))
    on_att = float(odds.expected(result.hits_on_attacker))
    a_name, d_name = att.model.name, dfd.model.name
    lines = [f"{a_name} rolls {result.attacker_dice}, {d_name} rolls {result.defender_dice} "
             f"(strikes on {strike_on}+)",
             f"{a_name} wins {pct['win']:.0f}%, loses {pct['lose']:.0f}%, both hit {pct['both_hit']:.0f}%, "
             f"stand-off {pct['stand_off']:.0f}%",
             f"Expected hits: {on_def:.2f} on {d_name}, {on_att:.2f} on {a_name}"]
    lines += _side_lines(att, dfd) + _side_lines(dfd, att)
    hits_on = table.numbers.blocked_stroke_hits_on
    lines += _stroke_lines(plan, hits_on, table.numbers.pull_down_on)
    if dfd.model.steed is None:
        chance = _wound_chance(engine, result.hits_on_defender, dfd.model, -1 if att.lance else 0,
                               hits_on if plan.defended_obstacle else 0)
        lines.append(f"{d_name} loses Health: {odds.describe_test(chance)}")
    if att.model.steed is None:
        chance = _wound_chance(engine, result.hits_on_attacker, att.model, -1 if dfd.lance else 0, 0)
        lines.append(f"{a_name} loses Health: {odds.describe_test(chance)}")
    return FightPreview(True, "", result.attacker_dice, result.defender_dice, lines, pct, (on_def, on_att),
                        result)


def line_of_sight(engine: Engine, a_id: str, b_id: str) -> SightPreview:
    """Sight between any two models and the Blocked Shot rolls a shot from a at b would need."""
    table, state = engine.table, engine.state
    a, b = state.find(a_id), state.find(b_id)
    if a is None or b is None or a.removed or b.removed:
        return SightPreview(False, "Choose two models on the table.", [], 0)
    if a is b:
        return SightPreview(False, "A model cannot look at itself.", [], 0)
    dist = max(0.0, table.bases.edge_distance(a, b))
    weapon = missile_weapon(table, a) or next(iter(table.content.weapons.values()))
    plan = ShotPlan(a, b, weapon, dist, False, 0)
    names = [name for _, name, _ in blockers(table, state, plan)]
    if b.steed is not None and not b.riderless:
        names.append(f"{b.name}'s {table.content.steeds[b.steed].name}")
    blocked = sight_blocked(table.terrain, (a.x, a.y), (b.x, b.y))
    reason = f"{a.name} cannot see {b.name}: {SIGHT_BLOCKED}" if blocked else ""
    return SightPreview(not blocked, reason, names, len(names), dist)


def reach_rings(engine: Engine, model_id: str) -> dict[str, float]:
    """Radii in inches: move, charge, command_range (Heroes), short_range / long_range (shooters).

    A rider on a Nag has no charge ring; from horseback only short range counts (no handgun),
    except for an archer who has not moved, who shoots at long range too; River Mist caps the
    shooting rings.
    """
    table, state = engine.table, engine.state
    m = state.model(model_id)
    allowance = base_allowance(table, m)
    rings = {"move": allowance}
    if m.steed is None:
        rings["charge"] = allowance + table.numbers.charge_bonus
    elif table.content.steeds[m.steed].can_charge:
        rings["charge"] = allowance + table.numbers.mounted_charge_reach
    if table.profile(m).type == "hero":
        rings["command_range"] = command_range(table, m)
    weapon = missile_weapon(table, m)
    if weapon is not None and table.profile(m).shoot is not None:
        fog = state.effects.get("fog")
        cap = float(fog) if fog else math.inf
        if m.steed is None or weapon.kind != "handgun":
            rings["short_range"] = min(weapon.short_range or 0.0, cap)
        if not short_range_only(m, weapon):
            rings["long_range"] = min(weapon.long_range or 0.0, cap)
    return rings
