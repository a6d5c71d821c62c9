"""Spears and Command Range (read-only): who is in a Spear, the Hero Deck's cards, who is in command,
which Feckless table a model uses (RULES-BRIEF §2, §3)."""

from __future__ import annotations

from operator import attrgetter

from game.rules.context import Table
from game.rules.state import ALARUMS_CARD, GameState, Model

_by_id = attrgetter("id")


def spear_members(state: GameState, card: str) -> list[Model]:
    """Models on the table in the Spear led by the Hero whose id is `card`, Hero first."""
    members = [m for m in state.models if m.spear == card and not m.removed and not m.riderless]
    members.sort(key=_by_id)
    for i, m in enumerate(members):
        if m.id == card:
            if i:
                members.insert(0, members.pop(i))
            break
    return members


def still_to_activate(state: GameState, card: str) -> list[Model]:
    """Members of the Spear whose card is `card` that have not been activated this turn."""
    return [m for m in spear_members(state, card) if not m.activated]


def held(m: Model) -> bool:
    """True if a model loses its next activation: a Mishap token to serve, holding the horses, or
    stunned."""
    return m.mishap == 1 or m.holding or m.stunned > 0


def build_hero_deck(state: GameState) -> list[str]:
    """One card per Hero still on the table, per leaderless Spear with Retainers, and Alarums."""
    cards = []
    for m in state.models:
        if m.spear == m.id and spear_members(state, m.id):
            cards.append(m.id)
    cards.append(ALARUMS_CARD)
    return cards


def command_range(table: Table, hero: Model) -> float:
    """A Hero's Command Range in inches: 2 per Prowess on foot, 3 per Prowess mounted."""
    prowess = table.profile(hero).prowess or 0
    per = table.numbers.command_range_mounted if hero.steed else table.numbers.command_range_foot
    wider = table.skill("commanding").inches if table.has_skill(hero, "commanding") else 0.0
    return per * prowess + wider


def leader_with(table: Table, state: GameState, m: Model, skill: str) -> Model | None:
    """The Hero who leads the model's Spear, if the model is his Retainer, the Hero is on the table
    and has this Leader Skill; else None."""
    if m.spear == m.id:
        return None
    hero = state.find(m.spear)
    if hero is None or hero.removed or hero.riderless or not table.has_skill(hero, skill):
        return None
    return hero


def side_leader_with(table: Table, state: GameState, side: str, skill: str) -> Model | None:
    """A model of the side on the table who has this Leader Skill (the first by id), or None."""
    holders = [m for m in state.models if m.side == side and not m.removed and not m.riderless
               and table.has_skill(m, skill)]
    return min(holders, key=_by_id) if holders else None


def in_command(table: Table, state: GameState, m: Model) -> bool:
    """True if a model is a Hero, or a Retainer within its living Hero's Command Range."""
    if m.spear == m.id:
        return True
    hero = state.find(m.spear)
    if hero is None or hero.removed:
        return False
    return table.bases.edge_distance(m, hero) <= command_range(table, hero)


def feckless_table_id(table: Table, m: Model) -> str:
    """Which Feckless table the model uses (by steed)."""
    if m.steed is None:
        return "feckless_normal"
    return table.content.steeds[m.steed].feckless_table
