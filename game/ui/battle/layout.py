"""Where the battle screen's parts stand and what can be clicked there.

The layout is a function of the window's size, the UI scale and what is offered now (the action
bar's buttons, the Perk hand, the answers to a charge, the hint's rows, the Spear's members, the
log): the screen works it out before a frame is drawn and again for a click, so a click right
after the window changed size lands on what the window will show, never on the last frame's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from game.rules.commands import Command
from game.rules.engine import Table
from game.rules.state import Model
from game.ui import theme
from game.ui.battle import overlays
from game.ui.battle.cache import rendered
from game.ui.battle.camera import Camera
from game.ui.battle.hud import LogLine, PanelContent, PanelPlan
from game.ui.theme import Fonts
from game.ui.widgets import Button, row

TOP, BAR, SIDE = 40, 56, 340  # the top bar's and the action bar's heights, the side panel's width
PERK_HEIGHT = 28
UNDO_LABEL = "Undo (Ctrl+Z)"
Action = tuple[str, Callable[[], Any], bool]  # a button of the action bar: label, action, selected


@dataclass(frozen=True, slots=True)
class Frame:
    """The screen's four parts in a window: the top bar, the table's viewport, the side panel on
    the right and the action bar under the viewport."""

    size: tuple[int, int]
    top: int  # the top bar's height
    bar: int  # the action bar's height
    side: int  # the side panel's width

    @property
    def viewport(self) -> pygame.Rect:
        """Where the table is shown."""
        w, h = self.size
        return pygame.Rect(0, self.top, w - self.side, h - self.top - self.bar)

    @property
    def top_rect(self) -> pygame.Rect:
        """The top bar: turn, Spear, cards drawn, Valour."""
        return pygame.Rect(0, 0, self.size[0], self.top)

    @property
    def panel_rect(self) -> pygame.Rect:
        """The side panel, below the top bar."""
        w, h = self.size
        return pygame.Rect(w - self.side, self.top, self.side, h - self.top)

    @property
    def bar_rect(self) -> pygame.Rect:
        """The action bar, under the viewport."""
        w, h = self.size
        return pygame.Rect(0, h - self.bar, w - self.side, self.bar)


def frame_of(size: tuple[int, int], scale: float) -> Frame:
    """The parts of a window of this size at this UI scale."""
    return Frame(size, int(TOP * scale), int(BAR * scale), int(SIDE * scale))


@dataclass(frozen=True)
class PreviewBox:
    """The odds box of the hover preview: where it stands and the lines that fit in it."""

    rect: pygame.Rect
    lines: tuple[str, ...]
    legal: bool


def base_rect(cam: Camera, table: Table, m: Model) -> pygame.Rect:
    """The square on screen round a model's base (a rider's long base whichever way it faces)."""
    reach = cam.inches(table.bases.length / 2 if m.steed else table.bases.radius) + 2
    x, y = cam.to_screen(m.x, m.y)
    return pygame.Rect(x - reach, y - reach, 2 * reach, 2 * reach)


def fit_preview(fonts: Fonts, lines: Sequence[str], legal: bool, mouse: tuple[int, int],
                view: pygame.Rect, corner: bool = False, clear: pygame.Rect | None = None) -> PreviewBox:
    """The odds box next to the cursor, kept inside the table's viewport (in the viewport's
    bottom left corner with `corner`: in drive mode the cursor steers, and a box beside it would
    hide the path) and off `clear` (the active model's base) where it can be; long lines wrap to
    the viewport's width, and lines that do not fit its height are left out."""
    font = fonts.body
    head = "Legal" if legal else "Not allowed"
    fitted = overlays.wrap(font, list(lines), max(40, view.width - 48))
    room = max(1, (view.height - 16) // font.get_linesize() - 1)
    if len(fitted) > room:
        fitted = [*fitted[:room - 1], "…"]
    width = max(rendered(font, line, theme.TEXT).get_width() for line in [head, *fitted]) + 24
    height = (len(fitted) + 1) * font.get_linesize() + 16
    return PreviewBox(overlays.place_box((width, height), mouse, view, corner, clear), tuple(fitted), legal)


@dataclass(frozen=True)
class BattleLayout:
    """The screen's parts and everything on it that answers a click, for one moment."""

    frame: Frame
    actions: tuple[Button, ...] = ()  # the action bar (the answers to a charge among them)
    perk_buttons: tuple[Button, ...] = ()  # the Perk cards of the side panel
    panel: PanelContent | None = None
    plan: PanelPlan = PanelPlan()
    preview: PreviewBox | None = None

    @property
    def buttons(self) -> list[Button]:
        """Every button: the action bar's, then the Perk cards."""
        return [*self.actions, *self.perk_buttons]

    @property
    def preview_box(self) -> pygame.Rect | None:
        """Where the odds box stands (None when no preview shows)."""
        return self.preview.rect if self.preview is not None else None

    @property
    def hint_rects(self) -> tuple[tuple[pygame.Rect, int], ...]:
        """The hint rows of the panel, by rank."""
        return self.plan.hint_rects

    @property
    def spear_rects(self) -> tuple[tuple[pygame.Rect, str], ...]:
        """The rows of the Spear's members in the panel, by model."""
        return self.plan.spear_rects

    @property
    def log_rects(self) -> tuple[tuple[pygame.Rect, LogLine], ...]:
        """The log lines shown."""
        return self.plan.log_rects

    def hint_at(self, pos: tuple[int, int]) -> int:
        """The rank of the hint row at pos (0 if none)."""
        return next((rank for rect, rank in self.plan.hint_rects if rect.collidepoint(pos)), 0)

    def spear_at(self, pos: tuple[int, int]) -> str:
        """The id of the Spear member whose row is at pos ("" if none)."""
        return next((mid for rect, mid in self.plan.spear_rects if rect.collidepoint(pos)), "")

    def log_at(self, pos: tuple[int, int]) -> str | None:
        """The rule anchor of the log line at pos, "" for a line with none, None if no line."""
        return next((line.rule for rect, line in self.plan.log_rects if rect.collidepoint(pos)), None)


def action_buttons(rect: pygame.Rect, font: pygame.font.Font, actions: Sequence[Action],
                   undo: Callable[[], Any] | None, tip: Callable[[str], str]) -> tuple[Button, ...]:
    """The action bar's buttons: the acting person's actions, then Undo when it can take something
    back; `tip` gives a button's tooltip (an answer to a charge, with its odds)."""
    items: list[tuple[str, Callable[[], Any]]] = [(label, act) for label, act, _ in actions]
    selected = {label for label, _, sel in actions if sel}
    if undo is not None:
        items.append((UNDO_LABEL, undo))
    buttons = bar_rows(items, rect, font)
    for b in buttons:
        b.selected = b.label in selected
        b.hint = tip(b.label)
    return tuple(buttons)


def bar_rows(items: list[tuple[str, Callable[[], Any]]], rect: pygame.Rect,
             font: pygame.font.Font) -> list[Button]:
    """The action bar's buttons laid in the bar: one row as wide as their labels if it fits, else
    with less room round the labels, else in two rows; buttons still too wide share the width
    (their labels are drawn smaller, see `bar_font`)."""
    inner = rect.inflate(-20, -16)
    one = row(items, inner.left, inner.top, inner.height, font)
    if not one or one[-1].rect.right <= inner.right:
        return one
    tight = row(items, inner.left, inner.top, inner.height, font, gap=4, pad=6)
    if tight[-1].rect.right <= inner.right:
        return tight
    inner = rect.inflate(-12, -8)
    half = (len(items) + 1) // 2
    height = (inner.height - 4) // 2
    out: list[Button] = []
    for i, part in enumerate((items[:half], items[half:])):
        buttons = row(part, inner.left, inner.top + i * (height + 4), height, font, gap=4, pad=6)
        out.extend(_shared(buttons, inner, 4))
    return out


def _shared(buttons: list[Button], inner: pygame.Rect, gap: int) -> list[Button]:
    """A row of buttons narrowed in proportion until it fits the width of `inner`."""
    if not buttons or buttons[-1].rect.right <= inner.right:
        return buttons
    room = inner.width - gap * (len(buttons) - 1)
    total = sum(b.rect.width for b in buttons)
    x = inner.left
    for b in buttons:
        b.rect.left, b.rect.width = x, max(8, b.rect.width * room // total)
        x = b.rect.right + gap
    return buttons


def bar_font(fonts: Fonts, button: Button) -> pygame.font.Font:
    """The font a button's label is drawn in: the body's if it fits the button, else the small one."""
    return fonts.body if fonts.body.size(button.label)[0] + 8 <= button.rect.width else fonts.small


def perk_buttons(plan: PanelPlan, content: PanelContent, playable: dict[str, Command],
                 submit: Callable[[Command], Any]) -> tuple[Button, ...]:
    """The Perk cards as buttons where the panel lays them out; a playable card plays it."""
    out = []
    for card_id, card, rect in zip(content.state.sides[content.hand].perks if content.hand else [],
                                   content.perks, plan.perk_rects, strict=False):
        cmd = playable.get(card_id)
        out.append(Button(card.name, partial(submit, cmd) if cmd is not None else _nothing, rect.copy(),
                          enabled=card.enabled, hint=card.hint))
    return tuple(out)


def _nothing() -> None:
    """A Perk card that cannot be played now."""
