"""No player reads what its side cannot know: changing any hidden part of the game (the dice to
come, the Hero Deck's order, the Perk deck's order, the opponent's hand) never changes the command
a player chooses with the same seed. Every player in the registry is tried at every level, and the
three levels a person picks (game.ai.levels) also with mustered rosters: a blank retinue on foot
against the same retinue all mounted."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache

import pytest

from game.ai import LEVELS, PLAYERS, make_player
from game.ai.eager import EagerPlayer
from game.ai.levels import LEVEL_PLAYERS
from game.ai.search import SearchPlayer, in_endgame
from game.ai.view import determinise, information_set_key, unseen_perks
from game.muster.play import start_with_rosters
from game.muster.templates import blank, mount_all
from game.rules.commands import Command
from game.rules.dice import Dice
from game.rules.engine import Engine
from game.rules.state import GameState, Side, other_side
from game.sim import player_seed
from tests.rules.played import eager_positions

SEED = 4242  # every player's own seed here
Change = Callable[[GameState, Side], bool]  # changes a hidden part in place; False if it cannot


def _rotated(cards: list[str]) -> list[str] | None:
    """The cards in another order (None if every order is the same)."""
    if len(set(cards)) < 2:
        return None
    for k in range(1, len(cards)):
        turned = cards[k:] + cards[:k]
        if turned != cards:
            return turned
    return None


def change_dice(state: GameState, side: Side) -> bool:
    """Other dice to come (and another seed)."""
    state.rng ^= 0x5DEECE66D1234567
    state.seed += 1
    return True


def change_hero_deck(state: GameState, side: Side) -> bool:
    """The same cards left in the Hero Deck, in another order."""
    turned = _rotated(state.hero_deck)
    if turned is None:
        return False
    state.hero_deck = turned
    return True


def change_perk_deck(state: GameState, side: Side) -> bool:
    """The same Perk deck in another order."""
    turned = _rotated(state.perk_deck)
    if turned is None:
        return False
    state.perk_deck = turned
    return True


def change_hand(state: GameState, side: Side) -> bool:
    """Swap a card of the opponent's hand for a different one from the deck it cannot see."""
    hand = state.sides[other_side(side)].perks
    for i, card in enumerate(hand):
        for j, other in enumerate(state.perk_deck):
            if other != card:
                hand[i], state.perk_deck[j] = other, card
                return True
    return False


CHANGES: dict[str, Change] = {"dice": change_dice, "hero_deck": change_hero_deck,
                              "perk_deck": change_perk_deck, "hand": change_hand}


def _positions(scenario: str, seed: int, steps: int, every: int) -> list[Engine]:
    """Copies of a seeded eager game at several points, pending reactions included."""
    return eager_positions(scenario, seed, steps, lambda n, e, out: (n % every == every - 1 or e.state.pending
                                                                     is not None) and len(out) < 6)


@cache
def positions() -> list[Engine]:
    """Mid-game positions on the ford and the escort map."""
    return _positions("the-ford", 3, 140, 23) + _positions("make-way", 5, 160, 27)


@cache
def roster_positions() -> list[Engine]:
    """Mid-game positions of a seeded eager game on the ford between mustered rosters: a blank
    retinue on foot (Orange) against another all mounted (Blue)."""
    engine = start_with_rosters("the-ford", 8, {"red": blank(3), "blue": mount_all(blank(4))})
    seats = {s: EagerPlayer(player_seed(8, s)) for s in ("red", "blue")}
    out: list[Engine] = []
    for n in range(200):
        if engine.state.over or len(out) >= 6:
            break
        side = engine.state.acting_side
        assert side
        if n % 19 == 18 or (engine.state.pending is not None and len(out) < 3):
            out.append(Engine(engine.table, engine.state.clone()))
        engine.submit(seats[side].choose(engine, side))
    return out


def _choice(spec: str, engine: Engine) -> Command:
    player = make_player(spec, SEED)
    if hasattr(player, "time_cap"):
        player.time_cap = None  # the whole budget, so the answer does not depend on the clock
    side = engine.state.acting_side
    assert side
    return player.choose(engine, side)


def _changed(engine: Engine, change: Change) -> Engine | None:
    state = engine.state.clone()
    side = state.acting_side
    assert side
    if not change(state, side):
        return None
    return Engine(engine.table, state)


def test_the_positions_cover_every_hidden_part() -> None:
    engines = positions()
    assert len(engines) >= 8
    assert any(e.state.pending is not None for e in engines)
    for name, change in CHANGES.items():
        changed = [c for c in (_changed(e, change) for e in engines) if c is not None]
        assert len(changed) >= 3, name
    for e in engines:  # what changes is hidden: the acting side's view of the game is the same
        side = e.state.acting_side
        assert side
        for change in CHANGES.values():
            c = _changed(e, change)
            if c is not None:
                assert information_set_key(c, side) == information_set_key(e, side)
                assert c.state.digest() != e.state.digest()


@pytest.mark.parametrize("spec", [f"{name}:{level}" for name in sorted(PLAYERS) for level in LEVELS])
def test_no_player_reads_hidden_state(spec: str) -> None:
    for i, engine in enumerate(positions()):
        chosen = _choice(spec, engine).model_dump_json()
        for name, change in CHANGES.items():
            other = _changed(engine, change)
            if other is not None:
                assert _choice(spec, other).model_dump_json() == chosen, (spec, i, name)


@pytest.mark.parametrize("level", list(LEVEL_PLAYERS))
def test_no_level_reads_hidden_state_with_mustered_rosters(level: str) -> None:
    engines = roster_positions()
    assert len(engines) >= 5
    assert any(m.steed for m in engines[0].state.models if m.side == "blue")
    assert not any(m.steed for m in engines[0].state.models if m.side == "red")
    spec = LEVEL_PLAYERS[level]
    tried = 0
    for i, engine in enumerate(engines):
        chosen = _choice(spec, engine).model_dump_json()
        for name, change in CHANGES.items():
            other = _changed(engine, change)
            if other is not None:
                tried += 1
                assert _choice(spec, other).model_dump_json() == chosen, (level, i, name)
    assert tried >= 12


class _Peeker:
    """A player that cheats: it picks by the dice to come."""

    def __init__(self, seed: int, level: str = "normal") -> None:
        self.seed = seed

    def choose(self, engine: Engine, side: Side) -> Command:
        legal = engine.legal_commands(side)
        return legal[engine.state.rng % len(legal)]


def test_the_check_catches_a_player_that_peeks() -> None:
    caught = 0
    for engine in positions():
        side = engine.state.acting_side
        assert side
        other = _changed(engine, change_dice)
        assert other is not None
        if len(engine.legal_commands(side)) > 1:
            caught += _Peeker(SEED).choose(engine, side) != _Peeker(SEED).choose(other, side)
    assert caught >= 2


def test_a_view_keeps_what_is_public_and_deals_what_is_not() -> None:
    engine = positions()[len(positions()) // 2]
    side = engine.state.acting_side
    assert side
    opp = other_side(side)
    before = engine.state.digest()
    views = [determinise(engine, side, Dice(n)) for n in range(6)]
    assert engine.state.digest() == before  # the game itself is untouched
    real = engine.state
    for view in views:
        s = view.state
        assert sorted(s.hero_deck) == sorted(real.hero_deck) and s.drawn == real.drawn
        assert s.sides[side].perks == real.sides[side].perks
        assert len(s.sides[opp].perks) == len(real.sides[opp].perks)
        assert len(s.perk_deck) == len(real.perk_deck)
        assert sorted(s.sides[opp].perks + s.perk_deck) == unseen_perks(engine.table, real, side)
        assert s.models == real.models and s.perk_discard == real.perk_discard
        assert information_set_key(view, side) == information_set_key(engine, side)
        assert view.log == [] and view.table is not engine.table
    assert len({v.state.rng for v in views}) == len(views)
    assert len({tuple(v.state.hero_deck) for v in views}) > 1 or len(set(real.hero_deck)) < 2
    # the same dice give the same view, whatever the hidden order was
    a = determinise(engine, side, Dice(99))
    other = engine
    for change in CHANGES.values():
        other = _changed(other, change) or other
    assert other.state.digest() != engine.state.digest()
    b = determinise(other, side, Dice(99))
    assert a.state.digest() == b.state.digest()


def test_the_search_playing_the_last_turn_to_its_end_reads_no_hidden_state() -> None:
    """In the last turn the search plays the rest of the game out, Hero cards, Perks and dice
    included, each drawn on its own views: a position late in a turn, made the last, with a small
    budget (the same method) so the test stays quick."""
    late = next(e for e in _positions("the-ford", 3, 140, 3)
                if 2 <= len(set(e.state.hero_deck)) <= 3 and e.state.pending is None
                and len(e.legal_commands(e.state.acting_side)) > 1)
    late.state.turn = late.state.max_turns
    side = late.state.acting_side
    assert side

    def choice(engine: Engine) -> str:
        player = SearchPlayer(SEED, "normal")
        player.time_cap = None
        player.budget = replace(player.budget, samples=3, keep=3, screen=4)
        assert in_endgame(engine.state, player.budget.endgame)
        return player.choose(engine, side).model_dump_json()

    chosen = choice(late)
    tried = 0
    for name, change in CHANGES.items():
        other = _changed(late, change)
        if other is not None:
            tried += 1
            assert choice(other) == chosen, name
    assert tried >= 3
