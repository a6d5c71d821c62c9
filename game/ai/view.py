"""What a side may know: a copy of the game in which everything hidden from it is a fresh sample.

Hidden from a side (game/rules/state.py, setup.py): the order of the Hero Deck cards still to draw
(which cards remain is public: the drawn ones are face up), the order of the Perk deck, the other
side's Perk hand (its size is public), the dice to come (`rng`) and the game's seed, from which
all of them follow. The Divers Alarums have no deck of their own: each is picked with the dice, so
replacing the dice covers them. The engine's log is not part of the view either (it records the
shuffled orders), so a view starts with an empty log.

A player that reads the game only through `determinise` cannot cheat: whatever it decides is a
function of the public part of the state, its own hand and its own dice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from game.rules.context import Table
from game.rules.dice import MASK64, Dice
from game.rules.engine import Engine
from game.rules.state import GameState, Side, digest_of, other_side


@dataclass(slots=True)
class ViewTable(Table):
    """The table of a view: it shares the terrain (and with it the walks) of the game's table
    until mud changes the terrain of the view, then it has a muddy map of its own."""

    laid: list[int] = field(default_factory=list)  # the mud laid on this table

    def apply_mud(self, tiles: list[int]) -> None:
        """Lay mud like Table does, keeping the map it shares with the game's table while the mud
        is the same."""
        if list(tiles) == self.laid:
            return
        self.laid = list(tiles)
        Table.apply_mud(self, tiles)


def view_table(table: Table, mud: list[int]) -> ViewTable:
    """A table for a view of a game whose table has this mud laid (terrain and walks shared)."""
    return ViewTable(content=table.content, terrain=table.terrain, base_terrain=table.base_terrain,
                     laid=list(mud))


def unseen_perks(table: Table, state: GameState, side: Side) -> list[str]:
    """The Perk cards the side cannot see (the deck and the other hand), sorted: every card of the
    deck as dealt, less the side's own hand and the discards."""
    pool: Counter[str] = Counter({p.id: p.copies for p in table.content.perks.values()})
    pool.subtract(state.sides[side].perks)
    pool.subtract(state.perk_discard)
    return sorted(pool.elements())


def determinise(engine: Engine, side: Side, dice: Dice) -> Engine:
    """A new engine on a copy of the game in which what the side cannot know is sampled with the
    player's own dice: the Hero Deck's order, the Perk deck, the other hand and the dice to come."""
    state = engine.state.clone()
    state.hero_deck = dice.shuffle(sorted(state.hero_deck))
    opponent = state.sides[other_side(side)]
    hand, deck = len(opponent.perks), len(state.perk_deck)
    pool = dice.shuffle(unseen_perks(engine.table, state, side))
    # a hand-built position may hold fewer unseen cards than its hand and deck: deal what there is
    opponent.perks = pool[:hand]
    state.perk_deck = pool[hand:hand + deck]
    state.rng = dice.pick(MASK64 + 1)
    state.seed = state.rng
    return Engine(view_table(engine.table, state.mud), state)


def public_snapshot(state: GameState, side: Side) -> dict[str, object]:
    """The state as the side sees it: hidden orders sorted, hidden cards and dice left out."""
    snap = state.to_dict()
    snap["hero_deck"] = sorted(state.hero_deck)
    snap["perk_deck"] = len(state.perk_deck)
    snap["rng"] = snap["seed"] = 0
    sides = snap["sides"]
    assert isinstance(sides, dict)
    sides[other_side(side)]["perks"] = len(state.sides[other_side(side)].perks)
    return snap


def information_set_key(engine: Engine, side: Side) -> str:
    """A hash of what the side knows: two games with the same key look the same to it."""
    return digest_of(public_snapshot(engine.state, side))


def fork(engine: Engine) -> Engine:
    """A copy of a game or a view to play on (its own state and table; terrain walks shared)."""
    return Engine(view_table(engine.table, engine.state.mud), engine.state.clone())
