"""A campaign's events as the post-battle screens and the chronicle show them: each line in its
side's colour, and each roll of the campaign's dice drawn as the table's dice are (the die's face,
two dice for a roll of the injury table), with what it was rolled for under it.

A page is a list of lines: a heading (a plain string) or an event. `draw_panel` shows it in a
panel, from a scroll that `scrolled` keeps within the page (the screens scroll it with the wheel
when it is taller than its panel, and a mark says there is more below).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from game.campaign.model import Campaign, Event, Roll
from game.ui import theme
from game.ui.battle.dice import die_image
from game.ui.widgets import panel, text, wrap

STEP_TITLES = {"battle": "The battle", "casualties": "Casualties", "steeds": "Steeds",
               "valour": "Valour and Skills", "prestige": "Prestige", "muster": "Muster again"}
QUIET = {"battle": "The field is decided.", "casualties": "Nobody was taken: nothing to roll for.",
         "steeds": "Every horse came home with its rider.",
         "valour": "Nobody won Valour enough to tell of.", "prestige": "No Prestige was won or lost.",
         "muster": "Nothing more to tell: each retinue musters as its Prestige allows."}
TWO_DICE = re.compile(r":\s*(\d+)\s*\+\s*(\d+)\s*$")  # "Injury table (2d6), Sir Harry: 3 + 5"
DIE = 46  # a die's side, at scale 1 (as the battle's tray draws it)
Line = str | Event  # a heading, or one event
SCROLL_STEP = 48  # pixels a page moves for a notch of the wheel


@dataclass(frozen=True)
class PageFonts:
    """The fonts a page is drawn in (headings, events, and the rolls' purposes), and how many dice
    wide its gutter is (the most any of its rolls shows)."""

    head: pygame.font.Font
    body: pygame.font.Font
    small: pygame.font.Font
    scale: float = 1.0
    dice: int = 2

    @classmethod
    def of(cls, fonts: theme.Fonts) -> PageFonts:
        """A page's fonts out of the window's, at the UI scale."""
        return cls(fonts.head, fonts.body, fonts.small, fonts.scale)


def page_scroll(event: pygame.event.Event, height: int) -> int | None:
    """How far an event scrolls a page shown in a panel so high: a notch of the wheel SCROLL_STEP,
    Page Up or Page Down half the panel; None for an event that does not scroll."""
    if event.type == pygame.MOUSEWHEEL:
        return int(-event.y * SCROLL_STEP)
    if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
        return (1 if event.key == pygame.K_PAGEDOWN else -1) * height // 2
    return None


def note(words: str) -> Event:
    """A quiet line of a page (no side's, no roll): what a step has when nothing happened in it."""
    return Event(battle=0, step="battle", kind="note", text=words)


def told(c: Campaign, events: Sequence[Event]) -> list[Event]:
    """Events as a page tells them: one about a whole retinue (its Prestige, its muster) led by the
    retinue's name."""
    out = []
    for e in events:
        if e.side and e.member < 0 and e.side in c.sides:
            e = e.model_copy(update={"text": f"{c.sides[e.side].roster.name} — {e.text}"})
        out.append(e)
    return out


def _gutter(fonts: PageFonts, lines: Sequence[Line]) -> PageFonts:
    most = max((len(faces(line.roll)) for line in lines if isinstance(line, Event) and line.roll is not None),
               default=0)
    return replace(fonts, dice=most)


def faces(roll: Roll) -> list[tuple[int, int]]:
    """The dice a roll shows, each (face, sides): two for a total of two dice its purpose names,
    else one."""
    pair = TWO_DICE.search(roll.purpose)
    if pair is not None and int(pair[1]) + int(pair[2]) == roll.value:
        return [(int(pair[1]), roll.sides), (int(pair[2]), roll.sides)]
    return [(roll.value, max(roll.sides, roll.value))]


def explained(roll: Roll) -> str:
    """What a roll was for, and what it gave."""
    return f"{roll.purpose}: rolled {roll.value}" if not TWO_DICE.search(roll.purpose) \
        else f"{roll.purpose} = {roll.value}"


def side_colour(side: str) -> theme.Colour:
    """An event's colour: its side's, or the plain text's."""
    return theme.SIDE_TEXT.get(side, theme.TEXT)


def _die_size(fonts: PageFonts) -> int:
    return max(28, round(DIE * fonts.scale))


def _indent(fonts: PageFonts) -> int:
    """Where an event's words start: clear of the gutter's dice (or of a small mark)."""
    return fonts.dice * (_die_size(fonts) + 8) + (8 if fonts.dice else 20)


def _parts(line: Line, width: int, fonts: PageFonts) -> list[tuple[str, pygame.font.Font, theme.Colour]]:
    """A line's rows of text, each with its font and colour."""
    if isinstance(line, str):
        return [(row, fonts.head, theme.GOLD) for row in wrap(line, fonts.head, width)]
    room = width - _indent(fonts)
    colour = theme.DIM if line.kind == "note" else side_colour(line.side)
    rows = [(row, fonts.body, colour) for row in wrap(line.text, fonts.body, room)]
    if line.roll is not None:
        rows += [(row, fonts.small, theme.DIM) for row in wrap(explained(line.roll), fonts.small, room)]
    return rows


def line_height(line: Line, width: int, fonts: PageFonts) -> int:
    """How tall a line stands on the page (a roll as tall as its die at least)."""
    words = sum(font.get_linesize() for _, font, _ in _parts(line, width, fonts))
    gap = 10 if isinstance(line, str) else 6
    if isinstance(line, Event) and line.roll is not None:
        return max(words, _die_size(fonts) + 4) + gap
    return words + gap


def page_height(lines: Sequence[Line], width: int, fonts: PageFonts) -> int:
    """How tall a whole page stands."""
    fonts = _gutter(fonts, lines)
    return sum(line_height(line, width, fonts) for line in lines)


def draw_roll(surface: pygame.Surface, roll: Roll, topleft: tuple[int, int], fonts: PageFonts) -> int:
    """A roll's dice in a row, as the table draws them; returns their width."""
    size = _die_size(fonts)
    x, y = topleft
    for face, sides in faces(roll):
        surface.blit(die_image(face, sides, size, fonts.body), (x - 2, y - 2))  # the tray's lettering
        x += size + 8
    return x - topleft[0]


def draw_page(surface: pygame.Surface, lines: Sequence[Line], rect: pygame.Rect, fonts: PageFonts,
              scroll: int = 0) -> None:
    """The lines from `scroll` pixels down, clipped to the rect."""
    fonts = _gutter(fonts, lines)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    y = rect.top - scroll
    for line in lines:
        height = line_height(line, rect.width, fonts)
        if y + height >= rect.top and y <= rect.bottom:
            _draw_line(surface, line, rect, y, fonts)
        y += height
    surface.set_clip(clip)


def _draw_line(surface: pygame.Surface, line: Line, rect: pygame.Rect, y: int, fonts: PageFonts) -> None:
    left = rect.left
    if isinstance(line, Event):
        if line.roll is not None:
            draw_roll(surface, line.roll, (left + 2, y + 2), fonts)
        elif line.kind != "note":
            mark = pygame.Rect(left + _indent(fonts) - 14, y + fonts.body.get_linesize() // 2 - 3, 6, 6)
            pygame.draw.rect(surface, theme.SIDE.get(line.side, theme.DIM), mark)
        left += _indent(fonts)
    for row, font, colour in _parts(line, rect.width, fonts):
        text(surface, row, font, (left, y), colour)
        y += font.get_linesize()


def _inner(box: pygame.Rect, fonts: PageFonts) -> pygame.Rect:
    """The page's room in its panel: a margin round it, and room under it for the mark of more."""
    foot = fonts.small.get_linesize() + 6
    return pygame.Rect(box.left + 20, box.top + 16, box.width - 40, max(0, box.height - 16 - foot))


def scrolled(lines: Sequence[Line], box: pygame.Rect, fonts: PageFonts, scroll: int) -> int:
    """A scroll of a page in a panel, kept between its top and its last line."""
    inner = _inner(box, fonts)
    room = page_height(lines, inner.width, fonts) - inner.height
    return max(0, min(scroll, room))


def draw_panel(surface: pygame.Surface, lines: Sequence[Line], box: pygame.Rect, fonts: PageFonts,
               scroll: int) -> None:
    """A page in a panel (no taller than the page, when it fits), from `scroll` down, with a mark
    when more of it is below."""
    room = _inner(box, fonts)
    tall = page_height(lines, room.width, fonts) + box.height - room.height
    box = pygame.Rect(box.left, box.top, box.width, min(box.height, max(tall, round(160 * fonts.scale))))
    panel(surface, box)
    inner = _inner(box, fonts)
    draw_page(surface, lines, inner, fonts, scroll)
    if page_height(lines, inner.width, fonts) - scroll > inner.height:
        text(surface, "▼ more (wheel or Page Down)", fonts.small, (box.centerx, box.bottom - 4), theme.DIM,
             "midbottom")
