"""The heuristic player's valuations: what a model is worth, a melee or a shot in Valour, and
how good a spot on the table is for a model (objectives, targets, threats, Command Range).

Everything here reads only what the deciding side may know: the table, the models, the
objectives and its own Perk hand; never the decks, the opponent's hand or the dice state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache

from game.ai.ground import Ground
from game.ai.tuning import weights
from game.content.models import ram_band
from game.rules import odds
from game.rules.charges import meeting_spots, reaction_options
from game.rules.contact import enemies_in_contact, obstacle_between
from game.rules.context import Table
from game.rules.damage import shrug_chance
from game.rules.explain import gambit_odds
from game.rules.geometry import local_frame
from game.rules.missiles import missile_weapon
from game.rules.paths import base_allowance, bonus_denied, in_hard_going
from game.rules.spears import command_range, feckless_table_id, leader_with
from game.rules.state import GameState, Model, Side
from game.rules.turn import still_with_the_retinue
from game.rules.vehicles import driver_of
from game.terrain.terrain_map import HARD_GOING

Point = tuple[float, float]



def closeness(d: float) -> float:
    """How much of a target's worth the pull towards it gives at distance d (1 at 0, 0.1 at 36")."""
    return max(0.1, 1.0 - d / 40.0)


@cache
def p_test(target: int, reroll: bool = False) -> float:
    """P(a d6 test at target+ passes), as a float (odds.d6_test)."""
    return float(odds.d6_test(target, 0, reroll))


@cache
def p_save(target: int) -> float:
    """P(a save at target+), as a float (odds.save_odds)."""
    return float(odds.save_odds(target))


def valour_of(table: Table, m: Model) -> int:
    """Valour Points the enemy scores for taking this model out (as damage.valour_for)."""
    numbers = table.numbers
    role = table.profile(m).role
    if role == "captain":
        return numbers.valour_captain
    if role == "squire":
        return numbers.valour_squire
    return numbers.valour_retainer


def model_value(table: Table, m: Model) -> float:
    """What losing this model costs its side: its Valour, its worth in the fight, the Captain's
    weight on the Will to Fight."""
    extra = 0.7 if table.profile(m).role == "captain" else 0.0
    return valour_of(table, m) + weights().material + extra


def steed_value(table: Table, m: Model) -> float:
    """What losing the steed costs a rider: its Valour Point and the rider's reach."""
    return table.numbers.valour_steed + 0.6 if m.steed is not None else 0.0


def _save_need(table: Table, m: Model, modifier: int = 0) -> int:
    return table.profile(m).save - m.save_bonus - modifier


def hits_value(table: Table, victim: Model, hits: int, blocked_on: int = 0, save_mod: int = 0) -> float:
    """Expected cost to the victim's side of `hits` hits on it (a kill, or Health lost; Hard as
    Nails may shrug off the first wound)."""
    if hits <= 0 or victim.removed:
        return 0.0
    need = _save_need(table, victim, save_mod)
    shrug = shrug_chance(table, victim)
    kill, wounds = _kill_and_wounds(hits, need, blocked_on, victim.reroll_ready, victim.health, shrug)
    per = model_value(table, victim)
    value = kill * per + max(0.0, wounds - kill * victim.health) * per * 0.3 / max(1, victim.health)
    if victim.steed is not None and blocked_on:  # the Blocked Strokes the steed takes instead
        steed_save = table.content.steeds[victim.steed].save
        absorbed = hits * blocked_on / 6.0
        value += absorbed * (1 - p_save(steed_save)) * steed_value(table, victim) / 2
    return value


def kill_chance(table: Table, victim: Model, hits: int, blocked_on: int = 0, save_mod: int = 0) -> float:
    """The chance `hits` hits take the victim out (hits_value's kill)."""
    if hits <= 0 or victim.removed:
        return 0.0
    need = _save_need(table, victim, save_mod)
    return _kill_and_wounds(hits, need, blocked_on, victim.reroll_ready, victim.health,
                            shrug_chance(table, victim))[0]


@lru_cache(maxsize=odds.CACHED)
def _kill_and_wounds(hits: int, need: int, blocked_on: int, reroll: bool, health: int,
                     shrug: Fraction = odds.ZERO) -> tuple[float, float]:
    """(P(the hits take the model out), the Health it is expected to lose), as floats."""
    dist = odds.wounds_distribution(hits, need, blocked_on, reroll, health, shrug)
    kill = float(dist[-1]) if len(dist) > health else 0.0
    return kill, float(odds.expected(dist))


def quit_odds(table: Table, state: GameState, side: Side, lost: str = "") -> float:
    """The chance `side` quits the field before the game ends (with the model `lost` taken out,
    if named): a retinue at half its starting models or less, or without its Captain
    (turn.must_test_will), rolls its Will to Fight at the end of this turn and of every turn left
    (an Unyielding Hero on the table rerolls a failure)."""
    standing = [m for m in still_with_the_retinue(state, side) if m.id != lost]
    captain_lost = not any(table.profile(m).role == "captain" for m in standing)
    if not captain_lost and len(standing) * 2 > state.sides[side].start_models:
        return 0.0
    target = table.numbers.will_to_fight_target
    again = any(table.has_skill(m, "unyielding") for m in standing if not m.removed)
    first = float(odds.will_to_fight_odds(target, state.sides[side].will_bonus, again))
    later = float(odds.will_to_fight_odds(target, 0, again))
    return 1.0 - first * later ** max(0, state.max_turns - state.turn)


def will_stake(table: Table, state: GameState, m: Model) -> float:
    """What m's loss would cost his side in the Will to Fight, beyond the model itself: the chance
    it quits the field with him lost, less the chance as it stands, at `quit` Valour Points (ai.toml)."""
    return weights().quit * (quit_odds(table, state, m.side, m.id) - quit_odds(table, state, m.side))


@dataclass(slots=True)
class MeleeGuess:
    """A melee round's worth for the attacker's side: Valour-like gain and loss."""

    gain: float
    loss: float
    kills: float = 0.0  # the chance the round takes the defender out
    dies: float = 0.0  # the chance the round takes the attacker out

    @property
    def net(self) -> float:
        """Gain less loss."""
        return self.gain - self.loss


def round_value(table: Table, result: odds.MeleeOdds, att: Model, dfd: Model,
                att_lance: bool = False, dfd_lance: bool = False) -> MeleeGuess:
    """The worth of a melee round with these odds (as melee.fight_odds or odds.melee_odds give them):
    a charging lance and Mighty Blow make the enemy's saves worse, as melee.save_modifier."""
    stroke = table.numbers.blocked_stroke_hits_on
    on_dfd = stroke if dfd.steed is not None and att.steed is None else 0
    on_att = stroke if att.steed is not None and dfd.steed is None else 0
    att_mod = -(1 if att_lance else 0) - table.skill_modifier(att, "mighty_blow")
    dfd_mod = -(1 if dfd_lance else 0) - table.skill_modifier(dfd, "mighty_blow")
    gain = sum(float(p) * hits_value(table, dfd, k, on_dfd, att_mod)
               for k, p in enumerate(result.hits_on_defender) if k and p)
    loss = sum(float(p) * hits_value(table, att, k, on_att, dfd_mod)
               for k, p in enumerate(result.hits_on_attacker) if k and p)
    kills = sum(float(p) * kill_chance(table, dfd, k, on_dfd, att_mod)
                for k, p in enumerate(result.hits_on_defender) if k and p)
    dies = sum(float(p) * kill_chance(table, att, k, on_att, dfd_mod)
               for k, p in enumerate(result.hits_on_attacker) if k and p)
    return MeleeGuess(gain, loss, kills, dies)


@dataclass(slots=True)
class Guesser:
    """Valuations for one decision, remembered while the state stands still."""

    table: Table
    state: GameState
    side: Side
    ground: Ground | None = None
    melee: dict[tuple[object, ...], MeleeGuess] = field(default_factory=dict)  # may be kept longer
    spots: dict[tuple[str, float, float, bool], float] = field(default_factory=dict)
    foes: list[Model] | None = None
    # the guesses of this decision by the fighters themselves (held, so their ids stay theirs)
    pairs: dict[tuple[int, int, bool, bool], tuple[Model, Model, MeleeGuess]] = field(default_factory=dict)
    reaches: list[tuple[Model, float, bool, bool]] | None = None  # see threats()
    holders: list[frozenset[str]] | None = None  # see holding()
    sized: dict[int, tuple[Model, list[float], list[float | None]]] = field(default_factory=dict)  # sizes()
    aims: dict[int, tuple[Model, tuple[float, float, int, bool, bool] | None]] = field(default_factory=dict)
    marks: dict[int, tuple[Model, float, float | None, float]] = field(default_factory=dict)
    stakes: dict[int, tuple[Model, float]] = field(default_factory=dict)  # see at_stake()

    def guess_melee(self, att: Model, dfd: Model, bonus: bool, charging: bool = True) -> MeleeGuess:
        """A round of att against dfd (att charging with the Mounted Charge! bonus if `bonus`; a
        round of a melee already joined if not `charging`: the models' own charges then count)."""
        pair = (id(att), id(dfd), bonus, charging)
        known = self.pairs.get(pair)
        if known is not None and known[0] is att and known[1] is dfd:
            return known[2]
        key = (_fighter(att), _fighter(dfd), bonus, charging)
        got = self.melee.get(key)
        if got is None:
            got = self.melee[key] = self._melee(att, dfd, bonus, charging)
        self.pairs[pair] = (att, dfd, got)
        return got

    def _melee(self, att: Model, dfd: Model, bonus: bool, charging: bool) -> MeleeGuess:
        table = self.table
        skilled = table.has_skill(att, "skilld_at_arms")
        d_skilled = table.has_skill(dfd, "skilld_at_arms")
        a_dice = table.profile(att).fight + (1 if bonus else 0) - (1 if att.mishap else 0)
        d_dice = table.profile(dfd).fight - (1 if dfd.mishap else 0)
        if charging or _charged(att):  # Stalwart: a die more against a charge (melee.fight_dice)
            d_dice += table.skill_modifier(dfd, "stalwart")
        if _charged(dfd):
            a_dice += table.skill_modifier(att, "stalwart")
        a_deadly, d_deadly = table.has_skill(att, "deadly_blade"), table.has_skill(dfd, "deadly_blade")
        reroll = (2 if a_deadly else 1) if bonus else 0
        lance = bonus and "lance" in att.weapons
        d_opt = dfd.drill if d_skilled and not dfd.mishap else None
        if d_opt == "fend" and lance and dfd.steed is None:
            d_opt = None
        result = odds.melee_odds(max(1, a_dice), max(1, d_dice), att_option="thrust" if skilled else None,
                                 def_option=d_opt, att_deadly=a_deadly, def_deadly=d_deadly,
                                 att_reroll_max=reroll, strike_on=table.numbers.strike_on)
        return round_value(table, result, att, dfd, lance, False)

    def charge_bonus_at(self, m: Model, end: Point, target: Model) -> bool:
        """Would a Mounted Charge! ending here hold the bonuses against the target?"""
        if m.steed is None or not self.table.content.steeds[m.steed].can_charge:
            return False
        kind = self.table.terrain.kind_at
        return kind(*end) not in HARD_GOING and kind(target.x, target.y) not in HARD_GOING

    def shot_guess(self, m: Model, at: Point, target: Model, moved: bool = False) -> float:
        """Roughly what a shot from `at` at the target is worth (by range alone), 0 out of range."""
        return self.shot_over(m, math.dist(at, (target.x, target.y)), target, moved)

    def shot_over(self, m: Model, dist: float, target: Model, moved: bool = False) -> float:
        """shot_guess for a shot over `dist` inches, centre to centre."""
        aim = self._aim(m)
        if aim is None:
            return 0.0
        short, long, shoot, mounted, handgun = aim
        d = max(0.0, dist - 1.0)
        if mounted:
            if handgun or d > short:
                return 0.0
            need = 6
        elif d <= short:
            need = shoot
        elif d <= long:
            need = shoot + 1
        else:
            return 0.0
        hit = p_test(need, m.reroll_ready) * 0.8  # some Blocked Shots on the way
        wound, steed_hurt, steed_worth = self._mark(target)
        if steed_hurt is not None:
            rider = hit / 2
            steed = hit / 2 * steed_hurt
            return rider * wound + steed * steed_worth
        return hit * wound * (0.5 if moved and mounted else 1.0)

    def _aim(self, m: Model) -> tuple[float, float, int, bool, bool] | None:
        """A shooter's short and long range, Shoot score, whether mounted and with a handgun; None
        if it cannot shoot."""
        known = self.aims.get(id(m))
        if known is None or known[0] is not m:
            weapon = missile_weapon(self.table, m)
            shoot = self.table.profile(m).shoot
            aim = None
            if weapon is not None and shoot is not None and m.reloads_needed <= 1:
                aim = (weapon.short_range or 0.0, weapon.long_range or 0.0, shoot, m.steed is not None,
                       weapon.kind == "handgun")
            known = self.aims[id(m)] = (m, aim)
        return known[1]

    def _mark(self, target: Model) -> tuple[float, float | None, float]:
        """A target's worth per wound, and for a rider the chance a hit on the steed hurts it and
        what that is worth."""
        known = self.marks.get(id(target))
        if known is None or known[0] is not target:
            table = self.table
            saved = p_save(_save_need(table, target, table.skill_modifier(target, "dodge_shots")))
            kept = 1 - float(shrug_chance(table, target))  # Hard as Nails
            wound = (1 - saved) * kept * model_value(table, target) / max(1, target.health)
            if target.steed is not None:
                hurt = 1 - p_save(table.content.steeds[target.steed].save)
                known = (target, wound, hurt, steed_value(table, target) * 0.5 + 0.4)
            else:
                known = (target, wound, None, 0.0)
            self.marks[id(target)] = known
        return known[1], known[2], known[3]

    def enemies(self) -> list[Model]:
        """The enemy's characters on the table (off the vehicles)."""
        if self.foes is None:
            self.foes = [e for e in self.state.living() if e.side != self.side and not e.aboard]
        return self.foes

    def threats(self) -> list[tuple[Model, float, bool, bool]]:
        """The enemies who may answer next (not stunned), each with the reach of its charge,
        whether it charges mounted and whether it carries a missile weapon."""
        if self.reaches is None:
            table = self.table
            self.reaches = []
            for e in self.enemies():
                if e.stunned:
                    continue
                reach = base_allowance(table, e) + 1.5
                charger = e.steed is not None and table.content.steeds[e.steed].can_charge
                reach += table.numbers.mounted_charge_reach if charger else table.numbers.charge_bonus
                self.reaches.append((e, reach, charger, missile_weapon(table, e) is not None))
        return self.reaches

    def holding(self) -> list[frozenset[str]]:
        """For each objective, the ids of the side's models (off the vehicles) holding it now."""
        if self.holders is None:
            reach = self.table.bases.edge_distance_to_point
            friends = [f for f in self.state.living(self.side) if not f.aboard]
            self.holders = [frozenset(f.id for f in friends if reach(f, obj.x, obj.y) <= obj.radius)
                            for obj in self.table.terrain.objectives]
        return self.holders

    def sizes(self, m: Model) -> tuple[list[float], list[float | None]]:
        """Model m against the enemy, wherever it stands: the worth of each enemy as its target
        (in the order of enemies()), and the blow each of threats() would strike it (worked out
        when first in reach)."""
        known = self.sized.get(id(m))
        if known is None or known[0] is not m:
            table = self.table
            shooter = missile_weapon(table, m) is not None and table.profile(m).shoot is not None
            charger = m.steed is not None and table.content.steeds[m.steed].can_charge
            worths = []
            for e in self.enemies():
                worth = max(self.guess_melee(m, e, charger).net, 0.08 * model_value(table, e))
                worths.append(worth * 0.4 if shooter else worth)
            known = self.sized[id(m)] = (m, worths, [None] * len(self.threats()))
        return known[1], known[2]

    def at_stake(self, m: Model) -> float:
        """The Will to Fight at stake in m's life (`will_stake`)."""
        known = self.stakes.get(id(m))
        if known is None or known[0] is not m:
            known = self.stakes[id(m)] = (m, will_stake(self.table, self.state, m))
        return known[1]

    def threat_at(self, m: Model, at: Point) -> float:
        """The expected cost of the enemy's answer next: who could charge or shoot a model here."""
        blows: list[float] = []
        shots: list[float] = []
        stake = 0.0  # the Will to Fight his loss would put at risk, by the likeliest blow to take him
        struck = self.sizes(m)[1]
        for k, (e, reach, charger, shooter) in enumerate(self.threats()):
            d = math.dist(at, (e.x, e.y))
            if d <= reach:
                blow = struck[k]
                if blow is None:
                    blow = struck[k] = max(0.0, self.guess_melee(e, m, charger).net)
                blows.append(blow)
                stake = max(stake, self.at_stake(m) * self.guess_melee(e, m, charger).kills)
            elif shooter:  # m standing at `at` (the same model but for where it stands)
                shots.append(self.shot_over(e, d, m))
        blows.sort(reverse=True)
        melee = sum(blows[:2]) + 0.3 * sum(blows[2:])
        w = weights()
        shot = w.shot_threat * (max(shots, default=0.0) + 0.1 * sum(shots))
        return w.threat_weight * melee + shot + stake  # a blow that may win the day is surely struck

    def way(self, at: Point, target: Point, mounted: bool) -> float:
        """Inches from `at` to `target` round the ground (straight if no Ground is kept)."""
        if self.ground is None:
            return math.dist(at, target)
        return self.ground.distance(self.table.terrain, target, at, mounted)

    def spot_value(self, m: Model, at: Point, acted: bool) -> float:
        """How good it is for model m to stand at `at` (not counting a charge it ends in)."""
        key = (m.id, round(at[0], 2), round(at[1], 2), acted)
        got = self.spots.get(key)
        if got is None:
            got = self.spots[key] = self._spot(m, at, acted)
        return got

    def _spot(self, m: Model, at: Point, acted: bool) -> float:
        table, state = self.table, self.state
        mounted = m.steed is not None
        here = _at(m, at, mounted)
        value = -self.threat_at(m, at)
        progress = state.turn / max(1, state.max_turns)
        pulls: list[tuple[float, float, Point, float]] = []  # (worth, gap as the crow flies, where, less)
        for obj, holders in zip(table.terrain.objectives, self.holding(), strict=True):
            gap = max(0.0, self.table.bases.edge_distance_to_point(here, obj.x, obj.y) - obj.radius)
            if obj.kind == "hold":
                worth = obj.valour * (0.35 + 0.65 * progress)
                if len(holders) > (m.id in holders):  # another of the side holds it
                    worth *= 0.25
                if gap <= 0:
                    value += worth
                else:
                    pulls.append((worth, gap, (obj.x, obj.y), obj.radius + 1.0))
            elif obj.kind == "loot" and obj.name not in state.looted:
                if gap <= 0 and not acted:
                    value += obj.valour * 0.9
                elif gap > 0:
                    pulls.append((float(obj.valour), gap, (obj.x, obj.y), obj.radius + 1.0))
        shooter = missile_weapon(table, m) is not None and table.profile(m).shoot is not None
        best_shot = 0.0
        for e, worth in zip(self.enemies(), self.sizes(m)[0], strict=True):
            d = math.dist(at, (e.x, e.y))
            if shooter and not acted:
                best_shot = max(best_shot, self.shot_guess(m, at, e))
            pulls.append((worth, d, (e.x, e.y), 0.0 if d > 3.0 else math.inf))
        value += weights().pull * self._best_pull(at, mounted, pulls) + 0.8 * best_shot
        value -= self.command_cost(m, at) + self.road_risk(m, at)
        if mounted and table.terrain.kind_at(*at) in HARD_GOING:
            value -= weights().hard_going_rider
        return value

    def _best_pull(self, at: Point, mounted: bool, pulls: list[tuple[float, float, Point, float]]) -> float:
        """The strongest pull among the targets, by the way round the ground: as the crow flies
        is never longer, so its pull bounds the true one and the ground is consulted only while
        a target can still beat the best found."""
        best = 0.0
        for worth, gap, where, less in sorted(pulls, key=lambda t: -t[0] * closeness(t[1])):
            if worth * closeness(gap) <= best:
                break
            if math.isfinite(less):
                gap = max(gap, self.way(at, where, mounted) - less)
            best = max(best, worth * closeness(gap))
        return best

    def road_risk(self, m: Model, at: Point) -> float:
        """The expected cost of standing on the road of a driven cart or wagon: the ground it may
        cover next (its speed, changed by at most a Drive's change) across its width and a base;
        there it rams him unless he dodges (the ram band's modifier to the dodge), its Base Damage
        dice in hits, each saved, a Will to Fight test with his loss (ramming._run_down). His own
        side's wagon counts the same: its driver would sooner stop than run him down, and a wagon
        stopped behind its own man makes no way."""
        table, state = self.table, self.state
        rules = table.content.vehicle_rules
        risk = 0.0
        for v in state.vehicles:
            if v.removed or v.disabled or m.aboard == v.id or driver_of(table, state, v) is None:
                continue
            prof = table.content.vehicles[v.profile]
            ahead = prof.length / 2 + min(prof.max_speed, v.speed + rules.max_speed_change)
            along, across = local_frame(v.x, v.y, v.heading, *at)
            if not (0.0 < along <= ahead and abs(across) < prof.width / 2 + table.numbers.base_diameter):
                continue
            band = ram_band(table.content.ram_bands, v.speed)
            run_down = 1.0 - float(odds.d6_test(rules.dodge_target, band.dodge_modifier))
            hits = int(prof.base_damage * ((band.die_sides + 1) / 2 + band.die_bonus)) // rules.points_per_hit
            cost = hits_value(table, m, hits) + kill_chance(table, m, hits) * self.at_stake(m)
            risk += weights().road * run_down * cost
        return risk

    def command_cost(self, m: Model, at: Point) -> float:
        """A Retainer outside its Hero's Command Range; a Hero leaving his Retainers still to act
        behind (each then takes a Feckless test), or gathering his stragglers into his range."""
        table, state = self.table, self.state
        if m.spear != m.id:
            hero = state.find(m.spear)
            if hero is None or hero.removed:
                return 0.0
            reach = command_range(table, hero)
            if _gap(at, m, hero) <= reach - 0.3:
                return 0.0
            return weights().out_of_command * feckless_weight(table, state, m)  # less with an Inspiring Hero
        reach = command_range(table, m)
        cost = 0.0
        for r in state.models:  # those still to act this turn: left behind, or gathered
            if r.spear != m.id or r.id == m.id or r.removed or r.riderless or r.aboard or r.activated:
                continue
            pad = 1.5 if m.steed or r.steed else 1.0
            was = math.dist((m.x, m.y), (r.x, r.y)) - pad <= reach
            will = math.dist(at, (r.x, r.y)) - pad <= reach
            if was != will:  # left behind, he takes the Feckless test; gathered, he is spared it
                test = weights().out_of_command * feckless_weight(table, state, r)
                cost += test if was else -test
        return cost


def feckless_weight(table: Table, state: GameState, m: Model) -> float:
    """How likely the Retainer's Feckless test is to go wrong, against a plain test on his table:
    1 unless his Hero is Inspiring (a plus to the roll) or may Rally him (a retest)."""
    bonus = table.skill("inspiring").modifier if leader_with(table, state, m, "inspiring") else 0
    rally = leader_with(table, state, m, "rally") is not None
    if not bonus and not rally:
        return 1.0
    return _feckless_weight(feckless_table_id(table, m), bonus, rally, table)


def _feckless_weight(table_id: str, bonus: int, rally: bool, table: Table) -> float:
    rows = table.content.tables[table_id].rows
    acts = max(rows, key=lambda r: r.high).result
    plain = odds.feckless_odds(table_id, content=table.content)[acts]
    skilled = odds.feckless_odds(table_id, bonus, content=table.content, rally=rally)[acts]
    return float((1 - skilled) / (1 - plain)) if plain < 1 else 0.0


def _fighter(m: Model) -> tuple[object, ...]:
    """Everything about a model a melee guess depends on (models alike in these fight alike)."""
    return (m.profile, m.side, m.health, m.steed, m.steed_health, m.mishap, m.drill, m.reroll_ready,
            m.save_bonus, "lance" in m.weapons, m.steed is None or m.riderless, tuple(m.skills), _charged(m))


def _charged(m: Model) -> bool:
    """The model charged this turn or holds a charge's bonus (an enemy's Stalwart counts it)."""
    return m.charge_bonus or m.charged_this_turn


def _gap(at: Point, m: Model, hero: Model) -> float:
    """Roughly the edge distance between m standing at `at` and the hero (bases are about 1" across)."""
    return math.dist(at, (hero.x, hero.y)) - (1.5 if m.steed or hero.steed else 1.0)


def _at(m: Model, at: Point, mounted: bool) -> Model:
    """The model as if it stood at `at` (a light copy; never put into the state)."""
    if (m.x, m.y) == at:
        return m
    c = m.copy()
    c.x, c.y = at
    if not mounted:
        c.steed = None
    return c


def gambit_risk(table: Table, m: Model, gambit: str | None) -> tuple[float, float]:
    """(P(success), expected cost of a Mishap or Calamity) of declaring a gambit."""
    if gambit is None:
        return 1.0, 0.0
    dist = gambit_odds(table, m, gambit).chances  # Born in the Saddle's reroll included
    calamity = steed_value(table, m) + 0.4 if m.steed is not None else 0.8
    if gambit == "river_crossing":
        calamity = model_value(table, m) * 0.5 + 0.5
    return float(dist["success"]), float(dist["mishap"]) * 0.35 + float(dist["calamity"]) * calamity


def escape_chance(table: Table, state: GameState, charger: Model, target: Model) -> float:
    """The chance the charged model slips away and no blow is struck: a rider's Mounted Evasion
    (the gambit's odds), a foot Shootist's Evade test against a rider in the open; 0 for a model
    with no such answer (charges.reaction_options; `charger` as it stands at the charge's end).
    Only the evasions are read: whether they are offered never depends on a Perk hand."""
    options = reaction_options(table, state, charger, target)
    if "mounted_evasion" in options:
        return float(gambit_odds(table, target, "mounted_evasion").chances["success"])
    if "evade" not in options or obstacle_between(table, charger, target) is not None:
        return 0.0  # behind an obstacle, Evade leaves it to a rider who may pursue
    need = table.numbers.evade_on
    if table.has_skill(target, "nimble") and in_hard_going(table, target):
        need -= table.numbers.nimble_bonus
    return float(odds.evade_odds(need, 0, target.reroll_ready))


def counter_chance(table: Table, state: GameState, charger: Model, target: Model) -> float:
    """The chance a charged rider meets the charge with a Counter Charge that comes off (his
    Warhorse, no other foe on him, not charged himself this turn: the rules' offer, read without
    the Perk hand, which is not the charger's to see), taking the charge bonuses himself."""
    if target.steed is None or not table.content.steeds[target.steed].can_charge or target.charged_this_turn:
        return 0.0
    if any(e.id != charger.id for e in enemies_in_contact(table, state, target)):
        return 0.0
    return float(gambit_odds(table, target, "counter_charge").chances["success"])


def counter_charge_bonus(table: Table, state: GameState, me: Model, charger: Model, start: Point) -> bool:
    """Would a Counter Charge hold the charge bonuses? The charger is met halfway along his charge
    and the counter-charger stands against him there (charges.meeting_spots); Hard Going where
    either stands, or an obstacle, denies the bonuses (paths.bonus_denied)."""
    spots = meeting_spots(table, state, me, charger, start)
    if spots is None:
        return not bonus_denied(table, me, charger)
    mid, spot, _ = spots
    return not bonus_denied(table, _at(me, spot, True), _at(charger, mid, True))


def evaded(net: float, escape: float) -> float:
    """A charge's worth when the charged model may slip away (`escape`): he answers with what is
    worse for the charger, the fight, or the chance of none, in which he is driven off
    (`driven_off` in ai.toml, as he weighs it himself)."""
    return min(net, (1.0 - escape) * net + escape * weights().driven_off)


def jump_risk(table: Table, m: Model, jumps: int, stakes: int) -> float:
    """The expected cost of the Jump tests a rider's path makes (a fall, a stakes Calamity)."""
    if jumps <= 0 or m.steed is None:
        return 0.0
    dist = odds.jump_odds(table.has_skill(m, "equestrian"), content=table.content)
    falls = float(dist.get("falls", Fraction(0)))
    awkward = float(dist.get("awkward", Fraction(0)))
    thrown = 0.4 * model_value(table, m) * thrown_weight(table, m)
    cost = falls * (steed_value(table, m) + thrown) + awkward * 0.05
    return jumps * cost + stakes * falls * steed_value(table, m)


def thrown_weight(table: Table, m: Model) -> float:
    """How badly a throw would hurt this rider against one without Sure Seat (its plus to each
    Thrown Rider die): the wounds to be expected of odds.thrown_rider_odds, in proportion."""
    sure = table.skill_modifier(m, "sure_seat")
    if not sure:
        return 1.0
    dice = max(1, table.profile(m).prowess or 0)  # as steeds.rider_dice
    wounds = {row.result: row.wounds for row in table.content.tables["thrown_rider"].rows}

    def hurt(modifier: int) -> Fraction:
        dist = odds.thrown_rider_odds(dice, modifier, content=table.content)
        return sum((p * wounds.get(result, 0) for result, p in dist.items()), Fraction(0))

    plain = hurt(0)
    return float(hurt(sure) / plain) if plain else 1.0
