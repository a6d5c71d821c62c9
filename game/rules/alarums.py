"""The Divers Alarums deck: random events when the Alarums card is turned (RULES-BRIEF §2.3)."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.context import Act
from game.rules.events import ActivationLost, AlarumDrawn, ModelJoined
from game.rules.feckless import feckless_test
from game.rules.movement import position_problem
from game.rules.perk_draw import draw_perk
from game.rules.state import SIDES, Model, Side
from game.rules.steeds import horse_bolts

Effect = Callable[[Act, int], str]  # carries out an Alarums event with its amount; says what it did


def resolve_alarum(act: Act) -> None:
    """Draw one Alarums event (weighted by copies) and carry it out."""
    alarums = list(act.table.content.alarums.values())
    deck = [a for a in alarums for _ in range(a.copies)]
    alarum = deck[act.dice.pick(len(deck))]
    detail = EFFECTS[alarum.effect](act, alarum.amount)
    act.emit(AlarumDrawn(alarum=alarum.id, name=alarum.name, detail=detail))


def _turn_effect(name: str) -> Effect:
    def apply(act: Act, amount: int) -> str:
        act.state.effects[name] = amount
        return "in force until the end of the turn"
    return apply


def _loose_dog(act: Act, amount: int) -> str:
    steeds = [m for m in act.state.living() if m.steed is not None]
    if not steeds:
        return "no steed is on the table; the dog runs off"
    m = steeds[act.dice.pick(len(steeds))]
    roll = act.d6(f"Loose dog: {m.name}'s steed tests to bolt, bolts on 1-{amount}", f"{amount + 1}+", m.id)
    if roll <= amount:

        horse_bolts(act, m)
        return f"{m.name}'s steed bolts"
    return f"{m.name}'s steed holds steady"


def _muddy_field(act: Act, amount: int) -> str:
    tmap = act.table.terrain
    cx = act.dice.pick(max(1, tmap.width - amount))
    cy = act.dice.pick(max(1, tmap.height - amount))
    added = 0
    for y in range(cy, min(tmap.height, cy + amount)):
        for x in range(cx, min(tmap.width, cx + amount)):
            idx = y * tmap.width + x
            if tmap.tiles[idx] in ("open", "road") and idx not in act.state.mud:
                act.state.mud.append(idx)
                added += 1
    act.table.apply_mud(act.state.mud)
    return f"{added} square inches around ({cx + amount / 2:.0f}\", {cy + amount / 2:.0f}\") " \
           "become Hard Going"


def _reinforcements(act: Act, amount: int) -> str:
    state = act.state
    counts = {s: len(state.living(s)) for s in SIDES}
    if counts["red"] == counts["blue"]:
        return "both sides are equal in numbers; nobody comes"
    side = min(SIDES, key=lambda s: counts[s])
    heroes = [m for m in state.living(side) if m.spear == m.id]
    if not heroes:
        return f"no Hero of {side} is left to lead the late-comer"
    hero = min(heroes, key=lambda m: (act.table.profile(m).role != "captain", m.id))
    spot = _free_spot(act, side)
    if spot is None:
        return f"no room in {side}'s deployment zone"
    prof = act.table.content.profiles["man_at_arms"]
    state.next_model_number += 1
    m = Model(id=f"{side}-r{state.next_model_number}", side=side, name="A late-comer",
              profile=prof.id, spear=hero.id, x=spot[0], y=spot[1], health=prof.health,
              weapons=list(prof.weapons), activated=True)
    state.models.append(m)
    act.emit(ModelJoined(model=m.id, side=side, at=spot))
    return f"a Man-at-arms joins {hero.name}'s Spear"


def _free_spot(act: Act, side: Side) -> tuple[float, float] | None:
    probe = Model(id="probe", side=side, name="probe", profile="man_at_arms", spear="probe",
                  x=0, y=0, health=1)
    for zone in act.table.terrain.zones:
        if zone.side != side:
            continue
        y = zone.y + 0.5
        while y <= zone.y + zone.h - 0.5:
            x = zone.x + zone.w / 2
            for dx in range(int(zone.w)):
                px = x + (dx // 2 + 0.5) * (1 if dx % 2 else -1)
                if zone.contains(px, y) and not position_problem(act.table, act.state, probe,
                                                                  px, y):
                    return (px, y)
            y += 1.0
    return None


def _surgeon(act: Act, amount: int) -> str:
    wounded = [m for m in act.state.living()
               if m.spear == m.id and m.health < act.table.profile(m).health]
    if not wounded:
        return "no Hero is wounded"
    m = wounded[act.dice.pick(len(wounded))]
    m.health = min(act.table.profile(m).health, m.health + amount)
    return f"{m.name} is bound up and regains {amount} Health"


def _rumour(act: Act, amount: int) -> str:
    names = []
    for side in SIDES:
        retainers = [m for m in act.state.living(side) if m.spear != m.id]
        if not retainers:
            continue
        m = retainers[act.dice.pick(len(retainers))]
        result = feckless_test(act, m)
        if result != "normal" and not m.activated:
            m.activated = True
            act.emit(ActivationLost(model=m.id, reason="shaken by the rumour"))
        names.append(f"{m.name}: {result}")
    return "; ".join(names) or "no Retainer is left to listen"


def _high_spirits(act: Act, amount: int) -> str:

    for side in SIDES:
        for _ in range(max(1, amount)):
            draw_perk(act, side)
    return "each player draws a Perk card"


EFFECTS: dict[str, Effect] = {
    "squall": _turn_effect("squall"),
    "church_bells": _turn_effect("church_bells"),
    "fog": _turn_effect("fog"),
    "loose_dog": _loose_dog,
    "muddy_field": _muddy_field,
    "reinforcements": _reinforcements,
    "surgeon": _surgeon,
    "rumour": _rumour,
    "high_spirits": _high_spirits,
}
