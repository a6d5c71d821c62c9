"""A battle's result for the campaign, read from a finished game: who was taken, who fled, the
Valour each model won (from the game's events), each steed's fate and the hits steeds took for
their riders. The engine's models are matched to the campaign's by the order a roster takes the
field in (its Spears by number, each Hero first), as `game.muster.play.to_retinue` fields it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from game.campaign.model import BattleResult, Campaign, Side
from game.content import Content, load_content
from game.muster.roster import Roster
from game.rules.engine import Engine
from game.rules.events import (
    Activated,
    Casualty,
    Dismounted,
    Ev,
    Looted,
    MeleeRound,
    ObjectiveHeld,
    RiderThrown,
    ShotFired,
    SteedHit,
    SteedKilled,
    Unhorsed,
)

SIDES: tuple[Side, Side] = ("red", "blue")


def field_order(roster: Roster, content: Content) -> list[int]:
    """The roster's indices in the order its models take the field (side-1, side-2, ...)."""
    order: list[int] = []
    for number in sorted({m.spear for m in roster.members}):
        spear = [i for i, m in enumerate(roster.members) if m.spear == number]
        heroes = [i for i in spear if content.profiles[roster.members[i].profile].type == "hero"]
        order += heroes[:1] + [i for i in spear if i not in heroes[:1]]
    return order


Fielded = Mapping[Side, tuple[Roster, tuple[int, ...]]]  # per side: the roster fielded, its models' origin


def model_numbers(campaign: Campaign, content: Content | None = None,
                  fielded: Fielded | None = None) -> dict[str, tuple[Side, int]]:
    """Each fielded model's id (red-1, ...) and his side and campaign number. `fielded` gives, per
    side, the roster that took the field and, for each of its models, his index in the campaign's
    roster (by default the campaign's rosters took the field whole)."""
    content = content or load_content()
    out: dict[str, tuple[Side, int]] = {}
    for side in SIDES:
        retinue = campaign.sides[side]
        roster, origin = fielded[side] if fielded else (retinue.roster, tuple(range(len(retinue.records))))
        for n, i in enumerate(field_order(roster, content), 1):
            out[f"{side}-{n}"] = (side, retinue.records[origin[i]].number)
    return out


def valour_won(log: list[Ev], side_of: Mapping[str, str]) -> Counter[str]:
    """The Valour each model won: a casualty or a steed killed goes to the model that last shot at
    or fought the victim for the scoring side (else to the model active at the time), loot to its taker."""
    won: Counter[str] = Counter()
    foe: dict[str, str] = {}
    active = ""
    for ev in log:
        if isinstance(ev, Activated):
            active = ev.model
        elif isinstance(ev, ShotFired):
            foe[ev.target] = ev.model
        elif isinstance(ev, MeleeRound):
            foe[ev.defender], foe[ev.attacker] = ev.attacker, ev.defender
        elif isinstance(ev, Casualty | SteedKilled) and ev.valour > 0:
            scorer = next((m for m in (foe.get(ev.model, ""), active)
                           if m and side_of.get(m) == ev.by_side), "")
            if scorer:
                won[scorer] += ev.valour
        elif isinstance(ev, Looted) and ev.valour > 0:
            won[ev.model] += ev.valour
    return won


def battle_result(engine: Engine, campaign: Campaign, content: Content | None = None,
                  fielded: Fielded | None = None) -> BattleResult:
    """The result of a game the campaign's rosters fought (over, or stopped: then a draw); `fielded`
    as for `model_numbers`."""
    state = engine.state
    log = engine.log
    numbers = model_numbers(campaign, content, fielded)
    side_of = {m.id: m.side for m in state.models}
    won = valour_won(log, side_of)
    killed = {ev.model for ev in log if isinstance(ev, SteedKilled)}
    fell = {ev.model for ev in log if isinstance(ev, Dismounted | Unhorsed | RiderThrown)}
    struck = Counter(ev.model for ev in log if isinstance(ev, SteedHit) and ev.source == "melee")
    held: dict[str, str] = {}
    for ev in log:
        if isinstance(ev, ObjectiveHeld):
            held[ev.objective] = ev.side
    rode = _riders(campaign, content or load_content())
    outcomes: list[dict[str, Any]] = []
    for m in state.models:
        if m.id not in numbers:
            continue
        side, number = numbers[m.id]
        steed = "none" if (side, number) not in rode else "killed" if m.id in killed \
            else "regained" if m.id in fell else "kept"
        state_of = "casualty" if m.removed == "casualty" else "fled" if m.removed == "fled" else "standing"
        outcomes.append({"side": side, "member": number, "state": state_of, "valour": min(won[m.id], 10_000),
                         "steed": steed, "struck": min(struck[m.id], 10_000)})
    winner = state.winner if state.over and state.winner in ("red", "blue", "draw") else "draw"
    objectives = {s: sum(1 for h in held.values() if h == s) for s in SIDES}
    return BattleResult.model_validate({"scenario": state.scenario[:60], "seed": state.seed, "winner": winner,
                                        "objectives": objectives, "models": outcomes})


def _riders(campaign: Campaign, content: Content) -> set[tuple[Side, int]]:
    return {(side, rec.number) for side in SIDES
            for m, rec in zip(campaign.sides[side].roster.members, campaign.sides[side].records, strict=True)
            if m.steed is not None}
