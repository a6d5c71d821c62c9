"""Drawing Cunning Plan cards into a side's hand (effect, RULES-BRIEF §2)."""

from __future__ import annotations

from game.rules.context import Act
from game.rules.events import DeckShuffled, PerkDrawn
from game.rules.spears import side_leader_with
from game.rules.state import Side


def hand_max(act: Act, side: Side) -> int:
    """The most Cunning Plan cards the side may hold: one more while its Hero with Stratagem stands."""
    most = act.table.numbers.perk_hand_max
    if side_leader_with(act.table, act.state, side, "stratagem") is not None:
        most += act.table.skill("stratagem").modifier
    return most


def draw_perk(act: Act, side: Side) -> None:
    """Draw one Cunning Plan card if the hand has room; reshuffle the discards when empty."""
    state = act.state
    hand = state.sides[side].perks
    if len(hand) >= hand_max(act, side):
        return
    if not state.perk_deck and state.perk_discard:
        state.perk_deck = act.dice.shuffle(state.perk_discard)
        state.perk_discard = []
        act.emit(DeckShuffled(deck="perks", order=list(state.perk_deck)))
    if not state.perk_deck:
        return
    card = state.perk_deck.pop()
    hand.append(card)
    act.emit(PerkDrawn(side=side, card=card))
