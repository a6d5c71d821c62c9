"""What an action would do, in words: the engine's Explanation (Engine.explain) of a move, a
shot or a fight formatted into the lines the player reads (pygame-free)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from pydantic import ValidationError

from game.rules import odds
from game.rules.commands import Fight, Gambit, MeleeOption, Move, Shoot
from game.rules.engine import Engine
from game.rules.explain import (
    Explanation,
    Fighter,
    FightExplanation,
    MoveExplanation,
    ShotExplanation,
    VehicleShotExplanation,
    explain_move,
    gambit_odds,
    reach,
)
from game.rules.odds import MeleeOdds
from game.rules.state import Model
from game.ui.eventtext import describe_event as describe_event  # re-exported for the battle screen
from game.ui.eventtext import rule_for_event as rule_for_event

Point = tuple[float, float]
JUMP_WORDS = {"sails_over": "sails over", "awkward": "awkward", "falls": "falls"}
GAMBIT_WORDS = {"success": "succeeds", "mishap": "Mishap", "calamity": "Calamity"}


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


def odds_words(dist: Mapping[str, Fraction], words: dict[str, str]) -> str:
    """A distribution as "5 in 6 succeeds, 5 in 36 Mishap", odds first, in the given order."""
    return ", ".join(f"{odds.describe_test(p)} {words.get(k, k.replace('_', ' '))}"
                     for k, p in dist.items() if p)


def gambit_line(engine: Engine, m: Model, gambit: str) -> str:
    """A gambit's odds: "Mounted Charge!: 5 in 6 succeeds, 5 in 36 Mishap, 1 in 36 Calamity"."""
    g = gambit_odds(engine.table, m, gambit)
    text = f"{g.name}: {odds_words(g.chances, GAMBIT_WORDS)}"
    return text + (" (a Calamity loses the horse)" if g.loses_horse else "")


def _points(points: Sequence[Point] | Point) -> list[Point]:
    """Waypoints as a list of float pairs (a lone point is a one-leg path)."""
    match points:
        case (int() | float() as x, int() | float() as y):
            return [(float(x), float(y))]
        case _:
            return [(float(x), float(y)) for x, y in points]


# --- moves ------------------------------------------------------------------------------------
def preview_move(engine: Engine, model_id: str, points: Sequence[Point] | Point,
                 gambit: Gambit | None = None) -> MovePreview:
    """Judge a Move of the acting side along waypoints (or to one point) without making it."""
    pts = _points(points)
    m = engine.state.find(model_id)
    if m is None or m.removed:
        reason = f"There is no model {model_id!r} on the table."
        return MovePreview(False, reason, pts, 0.0, 0.0, [], [], [], gambit, None, [reason])
    side = engine.state.acting_side or m.side
    try:
        ex = engine.explain(Move(side=side, model=model_id, path=tuple(pts), gambit=gambit))
    except ValidationError:  # waypoints no Move may hold: judged all the same, and refused
        ex = explain_move(engine.table, engine.state, side, model_id, pts, gambit)
    return move_preview(engine, ex, gambit)


def move_preview(engine: Engine, ex: Explanation, gambit: Gambit | None = None) -> MovePreview:
    """A move's Explanation as the preview shows it."""
    d = ex.move
    if d is None:
        return MovePreview(False, ex.reason, [], 0.0, 0.0, [], [], [], gambit, None, [ex.reason])
    needs = d.needs_gambit.gambit if d.needs_gambit is not None else None
    return MovePreview(ex.legal, ex.reason, list(d.path), d.cost, d.allowance,
                       [(r.kind, r.inches) for r in d.terrain], [j.obstacle for j in d.jumps],
                       [c.obstacle for c in d.crossings], gambit, needs,
                       move_lines(engine, ex, d), d.charge_target)


def move_lines(engine: Engine, ex: Explanation, d: MoveExplanation) -> list[str]:
    """The lines of a move: verdict, cost, terrain, jumps and crossings, gambits, a charge."""
    lines = [] if ex.legal else [f"Cannot move: {ex.reason}"]
    bonus = f" (up to +{inches(d.extra)} {d.gambit.name})" if d.gambit is not None and d.extra else ""
    lines.append(f"Move {inches(d.cost)} of {inches(d.allowance + d.extra)}{bonus}")
    if d.terrain:
        words = ", ".join(f"{r.kind} {inches(r.inches)}" for r in d.terrain)
        lines.append(f"Terrain: {words}{' (Hard Going costs double)' if d.hard_going else ''}")
    for j in d.jumps:
        tail = " — Equestrian rerolls a fall)" if j.equestrian else ")"
        lines.append(f"Crosses: {j.obstacle} (Jump test: {odds_words(j.chances, JUMP_WORDS)}{tail}")
    if d.landings is not None:
        lines.append(f"If thrown (best of {d.landings.thrown_dice}d6): {odds_words(d.landings.thrown, {})}")
        if d.landings.awkward_stops_short:
            lines.append("An awkward landing halves the rest of the move: it would stop short")
    for c in d.crossings:
        lines.append(f"Crosses: {c.obstacle} ({inches(c.cost)}{', Climb gambit' if c.tall else ''})")
    m = engine.state.model(d.model)
    if d.gambit is not None:
        lines.append(gambit_line(engine, m, d.gambit.gambit))
    elif d.needs_gambit is not None:
        needs = d.needs_gambit
        lines.append(f"Needs the {needs.name} gambit — {gambit_line(engine, m, needs.gambit)}")
    if d.charge_target:
        lines.append(f"Ends in base contact with {engine.state.model(d.charge_target).name}: a charge")
    return lines


# --- shots ------------------------------------------------------------------------------------
def preview_shot(engine: Engine, shooter_id: str, target_id: str) -> ShotPreview:
    """Judge a Shoot of the acting side without making it: to hit, Blocked Shots, saves, wounds."""
    m = engine.state.find(shooter_id)
    if m is None or m.removed:
        return ShotPreview(False, f"There is no model {shooter_id!r} on the table.", 0.0, False, 0, [], [])
    ex = engine.explain(Shoot(side=engine.state.acting_side or m.side, model=shooter_id, target=target_id))
    return shot_preview(engine, ex)


def shot_preview(engine: Engine, ex: Explanation) -> ShotPreview:
    """A shot's Explanation as the preview shows it."""
    if ex.vehicle_shot is not None:
        return _vehicle_shot(ex.vehicle_shot)
    s = ex.shot
    if s is None:
        sight = ex.sight
        distance, names = (sight.distance, list(sight.blockers)) if sight is not None else (0.0, [])
        return ShotPreview(False, ex.reason, distance, False, 0, names, [f"Cannot shoot: {ex.reason}"])
    return ShotPreview(True, "", s.distance, s.long_range, s.need, list(s.blockers), shot_lines(s),
                       dict(s.chances))


def _to_hit(weapon: str, target: str, distance: float, long_range: bool, need: int, from_horseback: bool,
            hit: Fraction) -> str:
    how = f"a natural {need} from horseback" if from_horseback else f"{need}+"
    rng = "long" if long_range else "short"
    chance = odds.describe_test(hit)
    return f"{weapon} at {target}, {inches(distance)} ({rng} range): hits on {how} ({chance})"


def shot_lines(s: ShotExplanation) -> list[str]:
    """The lines of a shot at a model: to hit, Blocked Shots, the save, the outcome, the weapon's risks."""
    lines = [_to_hit(s.weapon, s.target, s.distance, s.long_range, s.need, s.from_horseback, s.hit)]
    if s.blockers:
        lines.append(f"Blocked Shot rolls: {', '.join(s.blockers)} (each takes the shot on 1-{s.blocked_on})")
    if s.steed:
        lines.append(f"{s.target} rides: Blocked Shot for the {s.steed}, 1-{s.blocked_on} the steed is hit")
    lines.append(f"{s.target} saves on {s.save}+" if s.save <= 6 else f"{s.target} has no save")
    lines.append(f"Outcome: {odds_words(s.chances, {})}")
    lines.append(f"Wounds {s.target}: {odds.describe_test(s.chances['wounded'])}")
    if s.misfires:
        lines.append(f"A natural 1 misfires: {s.misfire_reloads} Reloads needed")
    if s.noisy:
        lines.append(f'Noisy: Nags and Beasts of Burden within {s.spook_range:g}" may bolt')
    return lines


def _vehicle_shot(s: VehicleShotExplanation) -> ShotPreview:
    """A shot at a cart or wagon (§10): to hit, where a hit lands and the damage it does."""
    lines = [_to_hit(s.weapon, f"the {s.vehicle}", s.distance, s.long_range, s.need, s.from_horseback, s.hit)]
    if s.pace_modifier:
        why = "standing still" if s.pace_modifier > 0 else f"moving {inches(s.fast_speed)} or more"
        lines.append(f"{s.pace_modifier:+d} to hit: the {s.vehicle} is {why} this turn")
    words = ", ".join(f"{lo}-{hi} {what}" if lo != hi else f"{lo} {what}" for lo, hi, what in s.locations)
    lines.append(f"Hit location (d6): {words}")
    lines.append(f"Hull or traction: {s.damage} points less armour {s.armour} ({s.facing})")
    if s.crew is not None:
        lines.append(f"Crew: strikes one of the {s.crew} aboard")
    if s.sets_alight:
        lines.append("A handgun hit that does damage sets that location alight")
    return ShotPreview(True, "", s.distance, s.long_range, s.need, [], lines, {"hit": s.hit})


# --- fights -----------------------------------------------------------------------------------
def _side_lines(s: Fighter, enemy: Fighter) -> list[str]:
    out = []
    if s.bonus:
        rerolls = "1s and 2s" if s.deadly else "1s"
        out.append(f"{s.name} has the Mounted Charge! bonus: +1 die, rerolls {rerolls}")
    elif s.deadly:
        out.append(f"{s.name} has Deadly Blade: rerolls 1s")
    if s.lance:
        out.append(f"{s.name}'s lance on the charge: {enemy.name} saves at -1")
    if s.option:
        out.append(f"{s.name} will {s.option.capitalize()}")
    return out


def _stroke_lines(f: FightExplanation) -> list[str]:
    att, dfd, hits_on = f.attacker, f.defender, f.blocked_on
    out = []
    if f.defended_obstacle:
        out.append(f"{dfd.name} defends an obstacle: each hit on him is a Blocked Stroke, "
                   f"1-{hits_on} the obstacle takes it")
    if f.at_steed:
        out.append(f"{att.name} strikes at {dfd.name}'s steed (-1 Valour if it is hit)")
    for rider, foe in ((dfd, att), (att, dfd)):
        if rider.mounted and not foe.mounted:
            out.append(f"{rider.name} is mounted: each hit on him is a Blocked Stroke, "
                       f"1-{hits_on} the steed takes it")
    if f.pull_down:
        out.append(f"A {f.pull_down_on} among {att.name}'s dice pulls {dfd.name} down")
    return out


def preview_fight(engine: Engine, attacker_id: str, target_id: str,
                  option: MeleeOption | None = None) -> FightPreview:
    """Judge a Fight of the acting side without making it: the round's outcome distribution."""
    m = engine.state.find(attacker_id)
    if m is None or m.removed:
        return FightPreview(False, f"There is no model {attacker_id!r} on the table.", 0, 0, [])
    try:
        side = engine.state.acting_side or m.side
        cmd = Fight(side=side, model=attacker_id, target=target_id, option=option)
    except ValidationError as exc:
        reason = exc.errors()[0]["msg"]
        return FightPreview(False, reason, 0, 0, [f"Cannot fight: {reason}"])
    return fight_preview(engine.explain(cmd))


def fight_preview(ex: Explanation) -> FightPreview:
    """A fight's Explanation as the preview shows it."""
    f = ex.fight
    if f is None:
        reason = ex.reason or "Only a model can be fought this way."
        return FightPreview(False, reason, 0, 0, [f"Cannot fight: {reason}"])
    att, dfd = f.attacker, f.defender
    pct = {k: float(p) * 100 for k, p in f.outcome.items()}
    on_def, on_att = f.expected_hits
    lines = [f"{att.name} rolls {att.dice}, {dfd.name} rolls {dfd.dice} (strikes on {f.strike_on}+)",
             f"{att.name} wins {pct['win']:.0f}%, loses {pct['lose']:.0f}%, both hit {pct['both_hit']:.0f}%, "
             f"stand-off {pct['stand_off']:.0f}%",
             f"Expected hits: {on_def:.2f} on {dfd.name}, {on_att:.2f} on {att.name}"]
    lines += _side_lines(att, dfd) + _side_lines(dfd, att) + _stroke_lines(f)
    for s in (dfd, att):
        if s.loses_health is not None:
            lines.append(f"{s.name} loses Health: {odds.describe_test(s.loses_health)}")
    return FightPreview(True, "", att.dice, dfd.dice, lines, pct, f.expected_hits, f.odds)


# --- sight and reach --------------------------------------------------------------------------
def line_of_sight(engine: Engine, a_id: str, b_id: str) -> SightPreview:
    """Sight between any two models and the Blocked Shot rolls a shot from a at b would need."""
    s = engine.sight(a_id, b_id)
    return SightPreview(s.clear, s.reason, list(s.blockers), s.blocked_shot_rolls, s.distance)


def reach_rings(engine: Engine, model_id: str) -> dict[str, float]:
    """Radii in inches: move, charge, command_range (Heroes), short_range / long_range (shooters).

    A rider on a Nag has no charge ring; from horseback only short range counts (no handgun),
    except for an archer who has not moved, who shoots at long range too; River Mist caps the
    shooting rings.
    """
    m = engine.state.model(model_id)
    r = reach(engine.table, engine.state, m)
    rings = {"move": r.move}
    if m.steed is None or r.can_charge:
        rings["charge"] = r.move + r.charge_bonus
    if r.hero:
        rings["command_range"] = r.command_range
    if r.weapon and r.shoots:
        if m.steed is None or not r.handgun:
            rings["short_range"] = min(r.short_range, r.sight_cap)
        if not r.short_only:
            rings["long_range"] = min(r.long_range, r.sight_cap)
    return rings
