"""Turn sequence: the Hero Deck, Spear activations, end of turn and Will to Fight."""

from __future__ import annotations

from game.rules.alarums import resolve_alarum
from game.rules.contact import enemies_in_contact
from game.rules.context import Act, Table
from game.rules.events import (
    ActivationLost,
    CardDrawn,
    DeckShuffled,
    SpearEnded,
    TurnBegan,
    TurnEnded,
    WillToFight,
    made,
)
from game.rules.outcome import end_game, finish_by_valour
from game.rules.perk_draw import draw_perk
from game.rules.ramming import end_of_turn
from game.rules.spears import build_hero_deck, held, side_leader_with, spear_members
from game.rules.state import ALARUMS_CARD, SIDES, GameState, Model, Side
from game.rules.steeds import riderless_steeds_test


def begin_turn(act: Act) -> None:
    """Shuffle a new Hero Deck and draw its first card."""
    state = act.state
    act.emit(made(TurnBegan, turn=state.turn))
    order = act.dice.shuffle(build_hero_deck(state))
    state.hero_deck = order
    state.drawn = []
    act.emit(DeckShuffled(deck="hero", order=list(order)))
    draw_next_card(act)


def draw_next_card(act: Act) -> None:
    """Turn Hero Deck cards until a Spear has a model able to act, or end the turn."""

    state = act.state
    while not state.over:
        state.current_card = ""
        state.active_side = ""
        state.active_model = ""
        if not state.hero_deck:
            end_turn(act)
            return
        card = state.hero_deck.pop()
        state.drawn.append(card)
        if card == ALARUMS_CARD:
            act.emit(made(CardDrawn, card=card))
            resolve_alarum(act)
            continue
        members = spear_members(state, card)
        if not members:
            continue
        hero = state.model(card)
        act.emit(made(CardDrawn, card=card, side=hero.side, leaderless=bool(hero.removed)))
        state.current_card = card
        state.active_side = hero.side

        riderless_steeds_test(act, card)
        if spend_held_activations(act, members):
            return
        act.emit(made(SpearEnded, card=card))


def spend_held_activations(act: Act, members: list[Model]) -> bool:
    """Spend the activations of Spear members held by Mishap or stun; True if any is left."""
    able = False
    for m in members:
        if m.activated:
            continue
        if not held(m):
            able = True
            continue
        m.activated = True
        if m.mishap == 1:
            m.mishap = 2
            act.emit(ActivationLost(model=m.id, reason="Mishap token: regaining control"))
        elif m.holding:
            act.emit(ActivationLost(model=m.id, reason="holding the horses"))
        else:
            m.stunned -= 1  # a stun of N turns costs the model its next N activations
            act.emit(ActivationLost(model=m.id, reason=f"stunned ({m.stunned} more turn(s))"))
    return able


def finish_spear(act: Act) -> None:
    """End the current Spear's activation and turn the next card."""
    state = act.state
    for m in spear_members(state, state.current_card):
        m.activated = True
    act.emit(made(SpearEnded, card=state.current_card))
    draw_next_card(act)


def end_turn(act: Act) -> None:
    """Clear served Mishaps and lapsed charge bonuses, test Will to Fight, draw Perks; start the
    next turn."""

    state = act.state
    if state.vehicles:

        end_of_turn(act)
    for m in state.models:
        if m.mishap == 2:
            m.mishap = 0
        if m.charge_bonus and not enemies_in_contact(act.table, state, m):
            m.charge_bonus = False  # the charge is spent once the melee is over
        m.activated = m.moved = m.acted = False
        m.feckless = ""
        m.rallied = False
        m.reroll_ready = False
        m.charged_this_turn = False
        m.charged_by_riders = 0
        m.extra_move = 0.0
        m.aim_bonus = 0
        m.save_bonus = 0
    state.effects.clear()
    act.emit(made(TurnEnded, turn=state.turn))
    quitters = [side for side in SIDES if _will_to_fight(act, side)]
    if quitters:
        winner = "draw" if len(quitters) == 2 else next(s for s in SIDES if s not in quitters)
        end_game(act, winner, f"{' and '.join(quitters)} failed the Will to Fight and quit the field")
        return
    if state.turn >= state.max_turns:
        finish_by_valour(act, f"the turn limit ({state.max_turns}) was reached")
        return
    for side in SIDES:
        draw_perk(act, side)
    state.turn += 1
    begin_turn(act)


def still_with_the_retinue(state: GameState, side: Side) -> list[Model]:
    """The side's characters not lost: those on the table and those who left it with the
    escorted vehicle, which did what the scenario asked of them (the briefing promises the day to
    the side that drives it off; a pillager who rides off is lost, RULES-BRIEF §3)."""
    return [m for m in state.models if m.side == side and not m.riderless
            and m.removed in ("", "escaped")]


def must_test_will(table: Table, state: GameState, side: Side) -> bool:
    """A retinue at half its starting models or less, or without its Captain, tests its Will to
    Fight at the end of every turn. Models that drove off with the escort are not lost."""
    standing = still_with_the_retinue(state, side)
    captain_lost = not any(table.profile(m).role == "captain" for m in standing)
    return captain_lost or len(standing) * 2 <= state.sides[side].start_models


def _will_to_fight(act: Act, side: Side) -> bool:
    """Roll Will to Fight if the side needs to; True if it quits the field."""
    state = act.state
    ss = state.sides[side]
    if not must_test_will(act.table, state, side):
        return False
    need = act.table.numbers.will_to_fight_target
    purpose = f"Will to Fight, {side}, needs {need}+ on 2d6"
    dice = act.dice.rolls(2, purpose, need=f"{need}+")
    total = sum(dice) + ss.will_bonus
    leader = side_leader_with(act.table, state, side, "unyielding") if total < need else None
    if leader is not None:  # Unyielding: the retinue rerolls a failed test once
        dice = act.dice.rolls(2, f"{purpose} (Unyielding reroll, {leader.name})", need=f"{need}+")
        total = sum(dice) + ss.will_bonus
    ss.will_bonus = 0
    passed = total >= need
    act.emit(WillToFight(side=side, total=total, need=need, passed=passed))
    if not passed:
        ss.quit = True
    return not passed


