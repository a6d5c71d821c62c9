"""Drawing Cunning Plan cards into a side's hand (effect, RULES-BRIEF §2)."""

from __future__ import annotations

from game.rules.context import Act
from game.rules.events import DeckShuffled, PerkDrawn
from game.rules.state import Side


def draw_perk(act: Act, side: Side) -> None:
    """Draw one Cunning Plan card if the hand has room; reshuffle the discards when empty."""
    state = act.state
    hand = state.sides[side].perks
    if len(hand) >= act.table.numbers.perk_hand_max:
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
