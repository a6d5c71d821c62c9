"""The activating Spear listed in the side panel: a row per member, with the mark the table shows
(`game.ui.battle.spearmarks`) beside his name and state, from the roll of `game.ui.battle.spear`."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.battle.cache import text
from game.ui.battle.spear import FLAG, SpearMember
from game.ui.battle.spearmarks import draw_pennant, draw_ring_glyph, draw_tick
from game.ui.theme import Fonts
from game.ui.widgets import fit


def draw_spear_list(surface: pygame.Surface | None, fonts: Fonts, x: int, y: int, width: int,
                    roll: tuple[SpearMember, ...], leader: str,
                    short: bool = False) -> tuple[int, list[tuple[pygame.Rect, str]]]:
    """The Spear's members in the side panel, two lines each: the mark the table shows, the name and
    the state, then the profile (and a flag when out of Command Range); `short` (a crowded panel)
    keeps one line each, the name and the state, under a one-line heading. Returns the y below
    the list and each member's row (for clicks); with no surface it only measures them."""
    small, bold = fonts.small, fonts.get(13, True)
    waiting = sum(1 for m in roll if m.standing == "to_activate")
    on_table = sum(1 for m in roll if m.standing != "out")
    leaderless = any(m.hero and m.standing == "out" for m in roll)
    head = f"{leader}'s Spear" + (", leaderless" if leaderless else "")
    tail = f"{waiting} of {on_table} to activate" if waiting else "all activated"
    to_deploy = sum(1 for m in roll if m.standing == "to_deploy")
    if any(m.standing in ("to_deploy", "deployed") for m in roll):  # before the first card
        head, tail = f"{leader}'s Spear deploys", f"{to_deploy} of {len(roll)} to deploy"
    if short:
        y = text(surface, fit(f"{head}: {tail}", small, width), small, (x, y), theme.GOLD).bottom + 2
    else:
        y = text(surface, head, fonts.get(15, True), (x, y), theme.GOLD).bottom
        y = text(surface, tail, small, (x, y), theme.DIM).bottom + 3
    rows: list[tuple[pygame.Rect, str]] = []
    line = small.get_linesize()
    indent = line + line // 4 + 2  # the mark's column, scaled with the text
    for m in roll:
        top = y
        tint = theme.SIDE_TEXT.get(m.side, theme.TEXT)
        colour = {"active": theme.GOLD, "activated": theme.DIM, "to_activate": theme.TEXT,
                  "held": theme.BAD, "out": theme.DIM, "to_deploy": theme.TEXT,
                  "deployed": theme.DIM}[m.standing]
        if surface is not None:
            _glyph(surface, (x + line // 2, y + line // 2), line, m)
        state_rect = text(surface, m.words, small, (x + width, y), colour, "topright")
        font = bold if m.standing == "active" else small
        name = fit(m.name, font, width - indent - state_rect.width - 8)
        text(surface, name, font, (x + indent, y), tint if m.standing != "out" else theme.DIM)
        y += line
        if not short:
            flag = small.size(FLAG)[0] if m.flagged else 0
            kind = text(surface, fit(m.kind + ("," if flag else ""), small, width - indent - 4 - flag), small,
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
    elif m.standing in ("activated", "deployed"):
        draw_tick(surface, centre, size * 3 // 4)
    elif m.standing == "held":
        pygame.draw.circle(surface, theme.DIM, centre, max(4, size * 3 // 8), 1)
    elif m.hero:
        draw_pennant(surface, (x - size // 4, y + size * 2 // 5), size * 4 // 5, theme.SIDE.get(m.side, tint))
    else:
        draw_ring_glyph(surface, centre, max(4, size * 3 // 8), tint, dashed=m.flagged)

