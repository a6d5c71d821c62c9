"""Exact odds of the engine's dice procedures, as Fractions, for the UI preview and the AI.

Every function here mirrors, roll for roll, the procedure the engine resolves with seeded dice
(tests/rules/test_odds.py checks each against the engine by Monte Carlo). Nothing here rolls
dice or changes state; content tables are read from the shipped content unless one is passed in.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from game.content import Content, load_content
from game.content.models import DiceTable

ZERO = Fraction(0)
ONE = Fraction(1)
SIXTH = Fraction(1, 6)
FACES = range(1, 7)
OPTIONS = (None, "thrust", "parry", "fend")
CACHED = 4096  # answers each remembered pure function keeps (its arguments are a few small numbers)


# --- single d6 tests --------------------------------------------------------------------------


def _once(target: int, modifier: int = 0) -> Fraction:
    """P(one d6 passes): natural 1 fails, else roll + modifier >= target."""
    return Fraction(sum(1 for f in FACES if f != 1 and f + modifier >= target), 6)


def d6_test(target: int, modifier: int = 0, reroll: bool = False) -> Fraction:
    """P(pass) of Act.test: d6 + modifier >= target, natural 1 fails; `reroll` = one Perk reroll."""
    p = _once(target, modifier)
    return p + (1 - p) * p if reroll else p


def evade_odds(target: int, modifier: int = 0, reroll: bool = False) -> Fraction:
    """P(an Evade test passes): a plain d6 test (4+, or 3+ Nimble in Hard Going)."""
    return d6_test(target, modifier, reroll)


def save_odds(save_target: int, reroll: bool = False) -> Fraction:
    """P(a hit is saved) as damage.take_hit rolls it: no save above 6, natural 1 fails."""
    if save_target > 6:
        return ZERO
    return d6_test(max(save_target, 2), 0, reroll)


def keep_seat_odds(dice: int, target: int = 4, modifier: int = 0) -> Fraction:
    """P(keep the seat after a bolt): at least one of `dice` d6 (one at least) scores target+,
    each die with `modifier` added (Sure Seat)."""
    n = max(1, dice)
    miss = Fraction(sum(1 for f in FACES if f + modifier < target), 6)
    return 1 - miss**n


def will_to_fight_odds(target: int = 7, bonus: int = 0, reroll: bool = False) -> Fraction:
    """P(a retinue stays): 2d6 + bonus >= target; `reroll` = Unyielding rerolls a failure once."""
    p = Fraction(sum(1 for a in FACES for b in FACES if a + b + bonus >= target), 36)
    return p + (1 - p) * p if reroll else p


def gambit_odds(reroll: bool = False, need: int = 2, again: bool = False) -> dict[str, Fraction]:
    """Gambit outcomes as gambits.gambit_roll: success on need+ (`reroll` = a Perk's reroll, `again`
    = Born in the Saddle's of a Mounted Charge!); a failure, then a 1 = calamity."""
    fail = (1 - _once(need)) ** (1 + int(reroll) + int(again))
    ok = 1 - fail
    return {"success": ok, "mishap": fail * Fraction(5, 6), "calamity": fail * SIXTH}


# --- d6 tables --------------------------------------------------------------------------------


def _table(table_id: str, content: Content | None) -> DiceTable:
    return (content or load_content()).tables[table_id]


def _results(table: DiceTable) -> dict[str, Fraction]:
    """Every result of a table with probability 0, in the table's row order."""
    return {row.result: ZERO for row in table.rows}


def _face_results(table: DiceTable, modifier: int) -> list[str]:
    """The result of each natural face 1..6 after the modifier (clamped to the table's ends)."""
    return [table.lookup(f + modifier).result for f in FACES]


def table_odds(table_id: str, modifier: int = 0, reroll: Collection[str] = (),
               content: Content | None = None) -> dict[str, Fraction]:
    """d6 + modifier on a content table; a first result in `reroll` is rerolled once (kept)."""
    table = _table(table_id, content)
    faces = _face_results(table, modifier)
    out = _results(table)
    for first in faces:
        if first in reroll:
            for second in faces:
                out[second] += SIXTH * SIXTH
        else:
            out[first] += SIXTH
    return out


def feckless_odds(table_id: str, bonus: int = 0, reroll: bool = False,
                  content: Content | None = None, rally: bool = False) -> dict[str, Fraction]:
    """Feckless test as feckless.feckless_test: d6 + bonus; a Perk rerolls anything but the top row.

    The engine rerolls when roll + bonus < 5; on the shipped tables the top row starts at 5.
    `rally` is a second retest (a Hero's Rally) after the Perk's: the last roll stands.
    """
    table = _table(table_id, content)
    top = max(table.rows, key=lambda r: r.high).result
    once = table_odds(table_id, bonus, (), content)
    miss = 1 - once[top]
    tries = 1 + int(reroll) + int(rally)
    return {r: 1 - miss**tries if r == top else p * miss ** (tries - 1) for r, p in once.items()}


def jump_odds(equestrian: bool = False, modifier: int = 0,
              content: Content | None = None) -> dict[str, Fraction]:
    """Jump test (§9.5): sails_over / awkward / falls; Equestrian rerolls a fall once, only a fall.

    Procedure the engine must follow: roll 1d6 (+ modifier) on the jump_test table; if the result
    is "falls" and the rider has Equestrian, roll once more and keep the second result, whatever
    it is. An "awkward" landing is never rerolled.
    """
    return table_odds("jump_test", modifier, ("falls",) if equestrian else (), content)


def best_of_distribution(dice: int) -> list[Fraction]:
    """P(the best of `dice` d6 (one at least) is k), as a list indexed 0..6 (index 0 is 0)."""
    n = max(1, dice)
    return [ZERO] + [Fraction(k**n - (k - 1) ** n, 6**n) for k in FACES]


def thrown_rider_odds(dice: int = 1, modifier: int = 0,
                      content: Content | None = None) -> dict[str, Fraction]:
    """Thrown Rider test (§9.11): best of `dice` d6 (Heroes: one per Prowess) + modifier."""
    table = _table("thrown_rider", content)
    out = _results(table)
    for face, p in enumerate(best_of_distribution(dice)):
        if face:
            out[table.lookup(face + modifier).result] += p
    return out


# --- shooting and saves -----------------------------------------------------------------------


def shot_odds(need: int, blockers: int, save_target: int, blocked_on: int = 3, *,
              reroll: bool = False, save_reroll: bool = False,
              steed_save: int | None = None, shrug: Fraction = ZERO) -> dict[str, Fraction]:
    """Outcomes of one shot as shooting.do_shoot: miss / blocked / saved / wounded (sum to 1).

    `need` is the to-hit score (a test: natural 1 misses, `reroll` = the shooter's Perk);
    each of `blockers` Blocked Shots is absorbed on 1..blocked_on; "wounded" = the target
    loses 1 Health. With `steed_save` (a mounted target) a last Blocked Shot for the steed
    sends the hit to the steed on 1..blocked_on: "steed_saved" / "steed_wounded" (§5, §9).
    `shrug` is the chance a failed save is shrugged off (Hard as Nails): it counts as saved.
    """
    hit = d6_test(need, 0, reroll)
    flies_on = Fraction(min(6, max(0, 6 - blocked_on)), 6)
    reach = hit * flies_on**blockers
    out = {"miss": 1 - hit, "blocked": hit - reach}
    rider = reach
    if steed_save is not None:
        on_steed = reach * (1 - flies_on)
        rider = reach - on_steed
        out["steed_saved"] = on_steed * save_odds(steed_save)
        out["steed_wounded"] = on_steed - out["steed_saved"]
    saved = save_odds(save_target, save_reroll)
    out["saved"] = rider * (saved + (1 - saved) * shrug)
    out["wounded"] = rider - out["saved"]
    return out


def _add(into: dict[tuple[int, bool], Fraction], key: tuple[int, bool], p: Fraction) -> None:
    if p:
        into[key] = into.get(key, ZERO) + p


def wounds_distribution(hits: int, save_target: int, blocked_on: int = 0, reroll: bool = False,
                        health: int | None = None, shrug: Fraction = ZERO) -> list[Fraction]:
    """P(k Health lost) from `hits` hits, each saved as take_hit (one Perk reroll in all).

    `blocked_on` > 0 is a Blocked Stroke before each save (1..blocked_on the obstacle takes it).
    With `health`, losses stop there (the model is removed), so the list ends at index `health`.
    `shrug` is the chance the first wound is shrugged off (Hard as Nails, from full Health).
    """
    return list(_wounds(hits, save_target, blocked_on, reroll, health, shrug))


@lru_cache(maxsize=CACHED)
def _wounds(hits: int, save_target: int, blocked_on: int, reroll: bool,
            health: int | None, shrug: Fraction = ZERO) -> tuple[Fraction, ...]:
    p_save = _once(max(save_target, 2)) if save_target <= 6 else ZERO
    p_past = Fraction(min(6, max(0, 6 - blocked_on)), 6)
    # state: (wounds, perk still ready) -> probability
    states: dict[tuple[int, bool], Fraction] = {(0, reroll): ONE}
    for _ in range(hits):
        nxt: dict[tuple[int, bool], Fraction] = {}
        for (w, perk), p in states.items():
            _add(nxt, (w, perk), p * (1 - p_past))
            q = p * p_past
            keep = shrug if w == 0 else ZERO  # the first wound may be shrugged off
            if save_target > 6:
                _add(nxt, (w, perk), q * keep)
                _add(nxt, (w + 1, perk), q * (1 - keep))
            elif perk:
                _add(nxt, (w, True), q * p_save)
                _add(nxt, (w, False), q * (1 - p_save) * (p_save + (1 - p_save) * keep))
                _add(nxt, (w + 1, False), q * (1 - p_save) ** 2 * (1 - keep))
            else:
                _add(nxt, (w, False), q * (p_save + (1 - p_save) * keep))
                _add(nxt, (w + 1, False), q * (1 - p_save) * (1 - keep))
        states = nxt
    top = hits if health is None else min(hits, max(0, health))
    out = [ZERO] * (top + 1)
    for (w, _), p in states.items():
        out[min(w, top)] += p
    return tuple(out)


# --- melee ------------------------------------------------------------------------------------


def strike_chance(deadly: bool = False, strike_on: int = 4, reroll_max: int = 0) -> Fraction:
    """P(one Fight die is a strike) after rerolling faces <= reroll_max (Deadly Blade: 1s) once."""
    low = max(reroll_max, 1 if deadly else 0)
    q = Fraction(sum(1 for f in FACES if f >= strike_on), 6)
    return sum(((q if f <= low else Fraction(int(f >= strike_on))) * SIXTH for f in FACES), ZERO)


def strikes_distribution(dice: int, deadly: bool = False, thrust: bool = False,
                         strike_on: int = 4, reroll_max: int = 0) -> list[Fraction]:
    """P(k strikes), k = 0..dice, exactly as roll_fight_dice.

    Each die showing reroll_max or less (Deadly Blade: 1) is rerolled once; then Thrust rerolls
    one non-strike die if there is one (which one does not matter for the count).
    `reroll_max` is for the mounted charge bonus (reroll 1s, or 1s and 2s with Deadly Blade).
    """
    n = max(0, dice)
    p = strike_chance(deadly, strike_on, reroll_max)
    dist = [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
    if thrust:
        q = Fraction(sum(1 for f in FACES if f >= strike_on), 6)
        out = [ZERO] * (n + 1)
        for k, pk in enumerate(dist):
            if k < n:
                out[k + 1] += pk * q
                out[k] += pk * (1 - q)
            else:
                out[k] += pk
        dist = out
    return dist


def expected(dist: Sequence[Fraction]) -> Fraction:
    """The mean of a distribution given as a list indexed by count."""
    return sum((k * p for k, p in enumerate(dist)), ZERO)


@dataclass(frozen=True, slots=True)
class MeleeOdds:
    """One melee round's odds: outcomes, hits on each side and their joint distribution."""

    outcome: dict[str, Fraction]  # attacker / defender / both_hit / stand_off
    hits_on_attacker: list[Fraction]  # indexed by hits
    hits_on_defender: list[Fraction]
    joint: dict[tuple[int, int], Fraction]  # (hits on attacker, hits on defender) -> P
    attacker_dice: int  # dice actually rolled, after the enemy's Fend
    defender_dice: int


def melee_odds(att_dice: int, def_dice: int, *, att_option: str | None = None,
               def_option: str | None = None, att_deadly: bool = False, def_deadly: bool = False,
               att_reroll_max: int = 0, def_reroll_max: int = 0, strike_on: int = 4) -> MeleeOdds:
    """Odds of one round as do_fight; dice are counted before the enemy's Fend.

    Fend takes one die from the enemy (at least 1 left), Parry cancels one enemy strike,
    Thrust rerolls one non-strike die; the round is scored by round_result.
    """
    for opt in (att_option, def_option):
        if opt not in OPTIONS:
            raise ValueError(f"unknown Skill'd at Arms option {opt!r}")
    got = _melee(att_dice, def_dice, att_option, def_option, att_deadly, def_deadly, att_reroll_max,
                 def_reroll_max, strike_on)
    return MeleeOdds(dict(got.outcome), list(got.hits_on_attacker), list(got.hits_on_defender),
                     dict(got.joint), got.attacker_dice, got.defender_dice)


@lru_cache(maxsize=CACHED)
def _melee(att_dice: int, def_dice: int, att_option: str | None, def_option: str | None,
           att_deadly: bool, def_deadly: bool, att_reroll_max: int, def_reroll_max: int,
           strike_on: int) -> MeleeOdds:
    """melee_odds worked out (remembered: never hand out its lists and dicts, only copies)."""
    a_n = max(1, att_dice - (1 if def_option == "fend" else 0))
    d_n = max(1, def_dice - (1 if att_option == "fend" else 0))
    a_dist = strikes_distribution(a_n, att_deadly, att_option == "thrust", strike_on,
                                  att_reroll_max)
    d_dist = strikes_distribution(d_n, def_deadly, def_option == "thrust", strike_on,
                                  def_reroll_max)
    outcome = {"attacker": ZERO, "defender": ZERO, "both_hit": ZERO, "stand_off": ZERO}
    on_att = [ZERO] * (d_n + 1)
    on_def = [ZERO] * (a_n + 1)
    joint: dict[tuple[int, int], Fraction] = {}
    for a, pa in enumerate(a_dist):
        for d, pd in enumerate(d_dist):
            p = pa * pd
            if not p:
                continue
            a_s = max(0, a - 1) if def_option == "parry" else a
            d_s = max(0, d - 1) if att_option == "parry" else d
            winner, a_hits, d_hits = round_result(a_s, d_s)
            key = winner or ("both_hit" if a_hits else "stand_off")
            outcome[key] += p
            on_att[a_hits] += p
            on_def[d_hits] += p
            joint[(a_hits, d_hits)] = joint.get((a_hits, d_hits), ZERO) + p
    return MeleeOdds(outcome, on_att, on_def, joint, a_n, d_n)


# --- words for the UI -------------------------------------------------------------------------


def describe_test(p: Fraction) -> str:
    """Odds in words: "5 in 6", "1 in 36", "7 in 12", "1 in 216", or "about 42%" otherwise."""
    p = Fraction(p)
    if p <= 0:
        return "no chance"
    if p >= 1:
        return "certain"
    if 6 % p.denominator == 0:
        return f"{p.numerator * 6 // p.denominator} in 6"
    if p.denominator <= 36 or p.numerator == 1:
        return f"{p.numerator} in {p.denominator}"
    pct = round(float(p) * 100)
    if pct < 1:
        return "under 1%"
    if pct > 99:
        return "over 99%"
    return f"about {pct}%"


def describe_odds(dist: Mapping[str, Fraction], labels: Mapping[str, str] | None = None) -> str:
    """A distribution in words, e.g. "sails over 7 in 36, awkward 7 in 9, falls 1 in 36"."""
    names = labels or {}
    return ", ".join(f"{names.get(k, k.replace('_', ' '))} {describe_test(p)}"
                     for k, p in dist.items() if p)


def round_result(a_strikes: int, d_strikes: int) -> tuple[str, int, int]:
    """Winner ('attacker', 'defender' or ''), hits on the attacker, hits on the defender."""
    if a_strikes > d_strikes:
        return "attacker", 0, max(1, a_strikes - d_strikes)
    if d_strikes > a_strikes:
        return "defender", max(1, d_strikes - a_strikes), 0
    if a_strikes > 0:
        return "", 1, 1
    return "", 0, 0
