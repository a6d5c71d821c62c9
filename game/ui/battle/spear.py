"""The Spear whose card is turned: its members and where each stands in its activation.

`spear_roll` reads it from the engine's own queries (`spears.spear_members`, `spears.in_command`);
`game.ui.battle.spearmarks` marks the members on the table and `draw_spear_list` lists them in the
side panel, both from the same roll (a click on a row activates the member, `panel_activation`;
the next-model key picks the next one still to act, `next_to_act`); `end_spear_question` is what the
player is asked before ending the Spear while some of it could still activate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import pygame

from game.rules.commands import Activate
from game.rules.engine import Rejected, Table
from game.rules.explain import held, in_command, spear_members, still_to_activate
from game.rules.state import ALARUMS_CARD, GameState, Model
from game.ui import theme
from game.ui.battle.cache import text
from game.ui.battle.spearmarks import draw_pennant, draw_ring_glyph, draw_tick
from game.ui.theme import Fonts

if TYPE_CHECKING:
    from game.rules.engine import Engine

Standing = Literal["active", "activated", "to_activate", "held", "out"]
WORDS: dict[Standing, str] = {"active": "activating", "activated": "activated",
                              "to_activate": "to activate", "held": "loses his activation",
                              "out": "out of the game"}
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
    (empty when no Spear's card is turned, or the game is over)."""
    card = state.current_card
    if state.over or not card or card == ALARUMS_CARD:
        return ()
    on_table = spear_members(state, card)
    gone = [m for m in state.models if m.spear == card and m.removed and not m.riderless]
    gone.sort(key=lambda m: (m.id != card, m.id))
    return tuple(_member(table, state, m) for m in [*on_table, *gone])


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
    waiting = [m.id for m in roll if m.standing == "to_activate"]
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


def draw_spear_list(surface: pygame.Surface | None, fonts: Fonts, x: int, y: int, width: int,
                    roll: tuple[SpearMember, ...], leader: str) -> tuple[int, list[tuple[pygame.Rect, str]]]:
    """The Spear's members in the side panel, two lines each: the mark the table shows, the name and
    the state, then the profile (and a flag when out of Command Range). Returns the y below the
    list and each member's row (for clicks); with no surface it only measures them."""
    small, bold = fonts.small, fonts.get(13, True)
    waiting = sum(1 for m in roll if m.standing == "to_activate")
    on_table = sum(1 for m in roll if m.standing != "out")
    leaderless = any(m.hero and m.standing == "out" for m in roll)
    head = f"{leader}'s Spear" + (", leaderless" if leaderless else "")
    tail = f"{waiting} of {on_table} to activate" if waiting else "all activated"
    y = text(surface, head, fonts.get(15, True), (x, y), theme.GOLD).bottom
    y = text(surface, tail, small, (x, y), theme.DIM).bottom + 3
    rows: list[tuple[pygame.Rect, str]] = []
    line = small.get_linesize()
    indent = line + line // 4 + 2  # the mark's column, scaled with the text
    for m in roll:
        top = y
        tint = theme.SIDE_TEXT.get(m.side, theme.TEXT)
        colour = {"active": theme.GOLD, "activated": theme.DIM, "to_activate": theme.TEXT,
                  "held": theme.BAD, "out": theme.DIM}[m.standing]
        if surface is not None:
            _glyph(surface, (x + line // 2, y + line // 2), line, m)
        state_rect = text(surface, m.words, small, (x + width, y), colour, "topright")
        font = bold if m.standing == "active" else small
        name = _fit(m.name, font, width - indent - state_rect.width - 8)
        text(surface, name, font, (x + indent, y), tint if m.standing != "out" else theme.DIM)
        y += line
        flag = small.size(FLAG)[0] if m.flagged else 0
        kind = text(surface, _fit(m.kind + ("," if flag else ""), small, width - indent - 4 - flag), small,
                    (x + indent, y), theme.DIM)
        if flag:
            text(surface, FLAG, small, (kind.right + 4, y), theme.BAD)
        y += line + 2
        rows.append((pygame.Rect(x, top, width, y - top), m.id))
    return y, rows


def _glyph(surface: pygame.Surface, centre: tuple[int, int], size: int, m: SpearMember) -> None:
    """The row's mark, as on the table (`size`: the line's height): the Hero's pennant, a tick
    once activated, the halo's ring (dashed out of Command Range; thin for one who loses his
    activation), a dash for the fallen."""
    x, y = centre
    tint = theme.SIDE_TEXT.get(m.side, theme.TEXT)
    if m.standing == "out":
        pygame.draw.line(surface, theme.DIM, (x - size // 3, y), (x + size // 3, y), 2)
    elif m.standing == "activated":
        draw_tick(surface, centre, size * 3 // 4)
    elif m.standing == "held":
        pygame.draw.circle(surface, theme.DIM, centre, max(4, size * 3 // 8), 1)
    elif m.hero:
        draw_pennant(surface, (x - size // 4, y + size * 2 // 5), size * 4 // 5, theme.SIDE.get(m.side, tint))
    else:
        draw_ring_glyph(surface, centre, max(4, size * 3 // 8), tint, dashed=m.flagged)


def _fit(msg: str, font: pygame.font.Font, width: int) -> str:
    """The text cut with an ellipsis to fit a width."""
    if font.size(msg)[0] <= width:
        return msg
    while msg and font.size(msg + "…")[0] > width:
        msg = msg[:-1]
    return msg.rstrip(" ,") + "…"
