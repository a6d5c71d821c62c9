"""The Spear whose card is turned: its members and where each stands in its activation.

`spear_roll` reads it from the engine's own queries (`spears.spear_members`, `spears.in_command`);
`game.ui.battle.spearmarks` marks the members on the table and `game.ui.battle.spearlist` lists
them in the side panel, both from the same roll (a click on a row activates the member, `panel_activation`;
the next-model key picks the next one still to act, `next_to_act`); `end_spear_question` is what the
player is asked before ending the Spear while some of it could still activate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from game.rules.commands import Activate
from game.rules.engine import Rejected, Table
from game.rules.explain import held, in_command, is_waiting, now_deploying, spear_members, still_to_activate
from game.rules.state import ALARUMS_CARD, GameState, Model

if TYPE_CHECKING:
    from game.rules.engine import Engine

Standing = Literal["active", "activated", "to_activate", "held", "out", "to_deploy", "deployed"]
WORDS: dict[Standing, str] = {"active": "activating", "activated": "activated",
                              "to_activate": "to activate", "held": "loses his activation",
                              "out": "out of the game", "to_deploy": "to deploy", "deployed": "deployed"}
FLAG = "out of Command Range"
GONE = {"casualty": "a casualty", "fled": "fled", "pillage": "gone pillaging",
        "escaped": "escaped with the wagon"}


@dataclass(frozen=True, slots=True)
class SpearMember:
    """One model of the activating Spear as the table and the panel show it."""

    id: str
    name: str
    kind: str  # the profile, and the steed or the vehicle: "Squire, Warhorse"
    side: str
    hero: bool
    standing: Standing
    commanded: bool  # a Hero, a Retainer within its Hero's Command Range, or a rallied one
    gone: str = ""  # why an "out" member left the table

    @property
    def flagged(self) -> bool:
        """True for a member still to activate outside Command Range (it will take a Feckless test)."""
        return self.standing == "to_activate" and not self.commanded

    @property
    def words(self) -> str:
        """The member's state in words, for the panel."""
        if self.standing == "out":
            return GONE.get(self.gone, self.gone or WORDS["out"])
        return WORDS[self.standing]


def spear_roll(table: Table, state: GameState) -> tuple[SpearMember, ...]:
    """The members of the Spear whose card is turned, Hero first, then those out of the game
    (empty when no Spear's card is turned, or the game is over); before the first card, the Spear
    deploying now, each member to deploy or deployed."""
    if state.deploying is not None:
        return _deploying(table, state)
    card = state.current_card
    if state.over or not card or card == ALARUMS_CARD:
        return ()
    on_table = spear_members(state, card)
    gone = [m for m in state.models if m.spear == card and m.removed and not m.riderless]
    gone.sort(key=lambda m: (m.id != card, m.id))
    return tuple(_member(table, state, m) for m in [*on_table, *gone])


def _deploying(table: Table, state: GameState) -> tuple[SpearMember, ...]:
    card = now_deploying(state)
    members = [m for m in state.models if m.spear == card and not m.removed]
    members.sort(key=lambda m: (m.id != card, m.id))
    return tuple(SpearMember(m.id, m.name, _kind(table, state, m), m.side, m.id == card,
                             "to_deploy" if is_waiting(state, m) else "deployed", True) for m in members)


def _member(table: Table, state: GameState, m: Model) -> SpearMember:
    standing: Standing
    if m.removed:
        standing = "out"
    elif m.id == state.active_model:
        standing = "active"
    elif m.activated:
        standing = "activated"
    elif held(m):  # stunned, or a Mishap meanwhile: his activation will be spent unused
        standing = "held"
    else:
        standing = "to_activate"
    commanded = not m.removed and (in_command(table, state, m) or m.rallied)
    return SpearMember(m.id, m.name, _kind(table, state, m), m.side, m.id == m.spear, standing,
                       commanded, m.removed)


def _kind(table: Table, state: GameState, m: Model) -> str:
    kind = table.profile(m).name
    cart = state.find_vehicle(m.aboard) if m.aboard else None
    if cart is not None:
        return f"{kind}, aboard the {cart.name}"
    if m.steed:
        return f"{kind}, {table.content.steeds[m.steed].name}"
    return kind


def next_to_act(roll: tuple[SpearMember, ...], after: str) -> str:
    """The member still to activate that follows `after` in the roll, round to the first again
    ("" when none is left): what the next-model key picks."""
    waiting = [m.id for m in roll if m.standing in ("to_activate", "to_deploy")]
    if not waiting:
        return ""
    ids = [m.id for m in roll]
    start = ids.index(after) + 1 if after in ids else 0
    return next((mid for mid in ids[start:] + ids[:start] if mid in waiting), waiting[0])


def panel_activation(engine: Engine, model_id: str) -> Activate | str:
    """What a click on a member's row in the Spear panel does: the Activate command when the model
    may activate now, else why not, in words."""
    state = engine.state
    m = state.find(model_id)
    side = state.acting_side
    if m is None or m.removed:
        return "That model has left the table."
    if not side or m.side != side:
        return f"{m.name} is not of the side to play."
    if state.pending is not None:
        return "A charge must be answered first."
    if state.active_model == m.id:
        return f"{m.name} is activating now."
    if state.active_model:
        active = state.model(state.active_model)
        return f"{active.name} is activating: end his activation first."
    cmd = Activate(side=side, model=m.id)
    verdict = engine.check(cmd)
    if isinstance(verdict, Rejected):
        return f"{m.name} cannot activate: {verdict.reason}"
    return cmd


def end_spear_question(state: GameState) -> tuple[str, str] | None:
    """The heading and the text of the question asked before the Spear is ended while some of its
    models could still activate (None when none could)."""
    waiting = [m for m in still_to_activate(state, state.current_card) if not held(m)]
    if not waiting:
        return None
    n = len(waiting)
    names = [m.name for m in waiting]
    listed = names[0] if n == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    has, lose = ("has", "he loses his") if n == 1 else ("have", "they lose their")
    hero = state.find(state.current_card)
    spear = f"{hero.name}'s Spear" if hero is not None else "the Spear"
    return (f"End Spear with {n} model{'s' if n != 1 else ''} still to activate?",
            f"{listed} {has} not activated yet. If {spear} ends now, {lose} activation this turn.")
