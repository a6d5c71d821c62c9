"""Turn sequence: the Hero Deck, Spear activations, end of turn, Will to Fight, end of game."""

from __future__ import annotations

from game.rules.context import Act
from game.rules.events import (
    ActivationLost,
    CardDrawn,
    DeckShuffled,
    GameEnded,
    ObjectiveHeld,
    PerkDrawn,
    SpearEnded,
    TurnBegan,
    TurnEnded,
    WillToFight,
)
from game.rules.geometry import edge_distance_to_point
from game.rules.state import ALARUMS_CARD, SIDES, GameState, Model


def spear_members(state: GameState, card: str) -> list[Model]:
    """Models on the table in the Spear led by the Hero whose id is `card`, Hero first."""
    members = [m for m in state.models if m.spear == card and not m.removed and not m.riderless]
    members.sort(key=lambda m: (m.id != card, m.id))
    return members


def build_hero_deck(state: GameState) -> list[str]:
    """One card per Hero still on the table, per leaderless Spear with Retainers, and Alarums."""
    cards = []
    for m in state.models:
        if m.spear == m.id and spear_members(state, m.id):
            cards.append(m.id)
    cards.append(ALARUMS_CARD)
    return cards


def begin_turn(act: Act) -> None:
    """Shuffle a new Hero Deck and draw its first card."""
    state = act.state
    act.emit(TurnBegan(turn=state.turn))
    order = act.dice.shuffle(build_hero_deck(state))
    state.hero_deck = order
    state.drawn = []
    act.emit(DeckShuffled(deck="hero", order=list(order)))
    draw_next_card(act)


def draw_next_card(act: Act) -> None:
    """Turn Hero Deck cards until a Spear has a model able to act, or end the turn."""
    from game.rules.alarums import resolve_alarum  # local: alarums uses turn helpers

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
            act.emit(CardDrawn(card=card))
            resolve_alarum(act)
            continue
        members = spear_members(state, card)
        if not members:
            continue
        hero = state.model(card)
        act.emit(CardDrawn(card=card, side=hero.side, leaderless=bool(hero.removed)))
        state.current_card = card
        state.active_side = hero.side
        from game.rules.riding import riderless_steeds_test

        riderless_steeds_test(act, card)
        if spend_held_activations(act, members):
            return
        act.emit(SpearEnded(card=card))


def spend_held_activations(act: Act, members: list[Model]) -> bool:
    """Spend the activations of Spear members held by Mishap or stun; True if any is left."""
    able = False
    for m in members:
        if m.activated:
            continue
        if m.mishap == 1:
            m.mishap = 2
            m.activated = True
            act.emit(ActivationLost(model=m.id, reason="Mishap token: regaining control"))
        elif m.holding:
            m.activated = True
            act.emit(ActivationLost(model=m.id, reason="holding the horses"))
        elif m.stunned > 0:
            m.activated = True
            m.stunned -= 1  # a stun of N turns costs the model its next N activations
            act.emit(ActivationLost(model=m.id, reason=f"stunned ({m.stunned} more turn(s))"))
        else:
            able = True
    return able


def finish_spear(act: Act) -> None:
    """End the current Spear's activation and turn the next card."""
    state = act.state
    for m in spear_members(state, state.current_card):
        m.activated = True
    act.emit(SpearEnded(card=state.current_card))
    draw_next_card(act)


def end_turn(act: Act) -> None:
    """Clear served Mishaps and lapsed charge bonuses, test Will to Fight, draw Perks; start the
    next turn."""
    from game.rules.contact import enemies_in_contact

    state = act.state
    if state.vehicles:
        from game.rules.driving import end_of_turn

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
    act.emit(TurnEnded(turn=state.turn))
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


def _will_to_fight(act: Act, side: str) -> bool:
    """Roll Will to Fight if the side needs to; True if it quits the field."""
    state = act.state
    ss = state.sides[side]
    living = state.living(side)
    captain_lost = not any(act.table.profile(m).role == "captain" for m in living)
    if len(living) * 2 > ss.start_models and not captain_lost:
        return False
    need = act.table.numbers.will_to_fight_target
    dice = act.dice.rolls(2, f"Will to Fight, {side}, needs {need}+ on 2d6", need=f"{need}+")
    total = sum(dice) + ss.will_bonus
    ss.will_bonus = 0
    passed = total >= need
    act.emit(WillToFight(side=side, total=total, need=need, passed=passed))
    if not passed:
        ss.quit = True
    return not passed


def draw_perk(act: Act, side: str) -> None:
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


def score_hold_objectives(act: Act) -> None:
    """Each hold objective goes to the only side with a model within its radius."""
    state = act.state
    for obj in act.table.terrain.objectives:
        if obj.kind != "hold":
            continue
        holders = {
            m.side for m in state.living() if edge_distance_to_point(m, obj.x, obj.y) <= obj.radius
        }
        if len(holders) == 1:
            side = holders.pop()
            state.sides[side].valour += obj.valour
            act.emit(ObjectiveHeld(objective=obj.name, side=side, valour=obj.valour))


def finish_by_valour(act: Act, reason: str) -> None:
    """End the game on Valour Points, with hold objectives scored first."""
    score_hold_objectives(act)
    red, blue = act.state.sides["red"].valour, act.state.sides["blue"].valour
    winner = "red" if red > blue else "blue" if blue > red else "draw"
    end_game(act, winner, reason)


def end_game(act: Act, winner: str, reason: str) -> None:
    """Mark the game over and announce the result."""
    state = act.state
    state.over = True
    state.pending = None
    state.winner = winner
    state.result = reason
    state.current_card = state.active_side = state.active_model = ""
    act.emit(GameEnded(winner=winner, reason=reason,
                       valour={s: state.sides[s].valour for s in SIDES}))


def check_wipe_out(act: Act) -> bool:
    """End the game if a side has no models left; True if it ended."""
    state = act.state
    if state.over:
        return True
    empty = [s for s in SIDES if not state.living(s)]
    if not empty:
        return False
    if any(m.removed == "escaped" for m in state.models if m.side in empty):
        finish_by_valour(act, f"{' and '.join(empty)} left the field with the escort")
        return True  # the last of them drove off with the wagon: a wipe-out, but Valour decides
    if len(empty) == 2:
        end_game(act, "draw", "both retinues were wiped out")
    else:
        end_game(act, next(s for s in SIDES if s not in empty), f"{empty[0]} was wiped out")
    return True
