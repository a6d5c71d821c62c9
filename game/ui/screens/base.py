"""A screen made of a title, some text and buttons; its columns fit the window or scroll. The
buttons are pygame_gui's, in the forms' theme; the keys move a visible focus among them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

import pygame

from game.ui import places, theme
from game.ui.app import App, Screen
from game.ui.widgets import Button, ButtonKit, column, fit, focus_ring, panel, text

if TYPE_CHECKING:
    import pygame_gui
    from pygame_gui.core import UIContainer
    from pygame_gui.elements import UITextEntryLine

TITLE_TOP = 40  # where a screen's title stands
NEXT_KEYS = (pygame.K_DOWN, pygame.K_TAB)
PREVIOUS_KEYS = (pygame.K_UP,)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)  # not Space: the table ends a Spear with it


def focus_step(event: pygame.event.Event) -> int:
    """Where a key moves a form's focus: Down or Tab to the next element (1), Up or Shift+Tab to the
    one before (-1); any other event not at all (0)."""
    if event.type != pygame.KEYDOWN or event.key not in (*NEXT_KEYS, *PREVIOUS_KEYS):
        return 0
    back = event.key in PREVIOUS_KEYS or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
    return -1 if back else 1


def nudge_step(event: pygame.event.Event) -> int:
    """Which way a key nudges a form's focused choice: Left to the one before (-1), Right to the one
    after (1); any other event not at all (0)."""
    if event.type != pygame.KEYDOWN or event.key not in (pygame.K_LEFT, pygame.K_RIGHT):
        return 0
    return -1 if event.key == pygame.K_LEFT else 1


class ButtonScreen(Screen):
    """A screen whose content is laid out by `layout` into a list of buttons. A button's action
    may return a transition, which the click (or Enter on the focused button) returns to the app.
    Up and Down, Tab and Shift+Tab move the focus; a column that does not fit scrolls with it."""

    title = ""

    def __init__(self, app: App) -> None:
        self.first = 0  # the first button of a scrolled column that shows
        self.hidden = (False, False)  # buttons of the column hidden above it, below it
        self.column_rect = pygame.Rect(0, 0, 0, 0)
        self.column_size = 0  # how many buttons of the column show (the first of self.buttons)
        self.focus = 0  # the index in self.buttons of the button the keys act on
        super().__init__(app)
        self.buttons: list[Button] = []
        self.kit = ButtonKit(app.surface.get_size(), app.fonts.scale)
        self.layout()
        self.focus = self._first_focus()

    def layout(self) -> None:
        """Build the buttons for the current window size."""

    def resized(self, size: tuple[int, int]) -> None:
        """Lay the buttons out again."""
        self.layout()

    def on_top(self) -> None:
        """Refresh when coming back to this screen."""
        self.layout()

    def title_bottom(self) -> int:
        """The y under the title (at the top of the window when there is none)."""
        return TITLE_TOP + self.app.fonts.title.get_linesize() if self.title else TITLE_TOP

    def fit_column(self, items: Sequence[tuple[str, Callable[[], object]]], top: int, bottom: int,
                   width: int, height: int, gap: int = 10) -> list[Button]:
        """A centred column of buttons between `top` and `bottom`: as asked if it fits, closer and
        lower (never lower than a line of text) if that fits, else scrolled by the wheel or the
        arrow keys, with a mark where buttons are hidden."""
        w = self.app.surface.get_width()
        width = min(width, w - 40)
        room = max(0, bottom - top)
        n = len(items)
        least = self.app.fonts.body.get_linesize() + 8
        if n * (height + gap) - gap > room:
            gap = max(4, gap // 2)
            height = max(least, min(height, (room + gap) // max(1, n) - gap))
        shown = max(1, (room + gap) // (height + gap))
        if shown >= n:
            self.first = 0
        else:
            mark = self.app.fonts.small.get_linesize()
            shown = max(1, (room - 2 * mark + gap) // (height + gap))  # room for the marks
            top += mark
            self.first = max(0, min(self.first, n - shown))
        visible = items[self.first:self.first + shown]
        self.hidden = (self.first > 0, self.first + len(visible) < n)
        self.column_size = len(visible)
        self.column_rect = pygame.Rect(w // 2 - width // 2, top, width, len(visible) * (height + gap) - gap)
        return column(list(visible), w // 2, top, width, height, gap)

    def scroll_column(self, by: int) -> bool:
        """Scroll a column that does not fit; False if there is nothing to scroll that way."""
        if (by < 0 and not self.hidden[0]) or (by > 0 and not self.hidden[1]):
            return False
        self.first = max(0, self.first + by)
        self.layout()
        return True

    # --- the focus --------------------------------------------------------------------------
    def focusable(self, index: int) -> bool:
        """True if the keys may bring the focus to this button (an enabled one)."""
        return self.buttons[index].enabled

    def _first_focus(self) -> int:
        return next((i for i in range(len(self.buttons)) if self.focusable(i)), 0)

    def focused(self) -> Button | None:
        """The button the keys act on (none when the screen has none to act on)."""
        if 0 <= self.focus < len(self.buttons) and self.focusable(self.focus):
            return self.buttons[self.focus]
        return None

    def move_focus(self, by: int) -> None:
        """The focus to the next button (by 1) or the one before (by -1), going round; at the edge
        of a scrolled column the column scrolls instead."""
        n = len(self.buttons)
        if not n:
            return
        self.focus = min(self.focus, n - 1)
        edge = self.column_size - 1 if by > 0 else 0
        if self.focus == edge and self.column_size and self.scroll_column(by):
            return
        for k in range(1, n + 1):
            index = (self.focus + by * k) % n
            if self.focusable(index):
                if by > 0 and index < self.focus and self.hidden[0]:  # round to the column's top
                    self.first = 0
                    self.layout()
                elif by < 0 and index > self.focus and index < self.column_size and self.hidden[1]:
                    self.first = 1 << 16  # round to the column's bottom (kept within the column)
                    self.layout()
                    index = min(index, self.column_size - 1)
                self.focus = index
                return

    def activate(self) -> places.Transition:
        """Enter: the focused button's action."""
        button = self.focused()
        return places.transition_of(button.action()) if button is not None else None

    def nudge(self, button: Button, by: int) -> None:
        """Left or Right on the focused button (a setting with steps changes by one)."""

    # --- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> places.Transition:
        """Clicks go to the buttons; the wheel scrolls a column that does not fit; the keys move
        the focus and Enter activates it; the back key closes the screen."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, button in enumerate(list(self.buttons)):
                if button.hit(event.pos):
                    self.focus = i
                    return places.transition_of(button.action())
        elif event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_column(-event.y)
        elif event.type == pygame.KEYDOWN:
            return self.key(event)
        return None

    def key(self, event: pygame.event.Event) -> places.Transition:
        """Up/Down and Tab/Shift+Tab move the focus, Enter activates, Left/Right nudge, the back
        key closes the screen."""
        shifted = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if event.key in NEXT_KEYS or event.key in PREVIOUS_KEYS:
            back = event.key in PREVIOUS_KEYS or (event.key == pygame.K_TAB and shifted)
            self.move_focus(-1 if back else 1)
        elif event.key in ENTER_KEYS:
            return self.activate()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            button = self.focused()
            if button is not None:
                self.nudge(button, -1 if event.key == pygame.K_LEFT else 1)
        elif self.app.keys.is_action(event.key, "back"):
            return self.back()
        return None

    def _hover(self, pos: tuple[int, int]) -> None:
        """The mouse over a button brings the focus there."""
        for i, button in enumerate(self.buttons):
            if button.hit(pos) and self.focusable(i):
                self.focus = i
                return

    def back(self) -> places.Transition:
        """Leave this screen."""
        return places.Pop()

    def update(self, dt: float) -> places.Transition:
        """The buttons follow the mouse."""
        self.sync()
        self.kit.update(dt)
        return None

    # --- drawing ----------------------------------------------------------------------------
    def sync(self) -> None:
        """Make pygame_gui's buttons match this screen's."""
        if self.kit.sync(self.buttons, self.app.surface.get_size(), self.app.fonts.scale, self.container):
            self.kit.update(0.0)  # new buttons finish their pictures in their first update

    def container(self, index: int, button: Button) -> UIContainer | None:
        """A container that clips this button (none: the window)."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Title and buttons."""
        if self.title:
            w = surface.get_width()
            text(surface, self.title, self.app.fonts.title, (w // 2, TITLE_TOP), theme.GOLD, "midtop")
        self.draw_buttons(surface)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        """Draw every button, the focus, and the marks of a scrolled column."""
        self.sync()
        self.kit.draw(surface)
        self.draw_focus(surface)
        rect, font = self.column_rect, self.app.fonts.small
        if self.hidden[0]:
            text(surface, "▲ more (wheel or ↑)", font, (rect.centerx, rect.top - 2), theme.DIM, "midbottom")
        if self.hidden[1]:
            text(surface, "▼ more (wheel or ↓)", font, (rect.centerx, rect.bottom + 2), theme.DIM, "midtop")

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The ring around the focused button."""
        button = self.focused()
        if button is not None:
            focus_ring(surface, button.rect)


class EntryScreen(ButtonScreen):
    """A ButtonScreen with one text entry (pygame_gui) that holds the keys while the player types,
    and gives them up to the buttons (and to any screen put over it)."""

    entry_label = ""  # the words over the entry

    def __init__(self, app: App) -> None:
        self.typing = True  # the entry has the keys (else a button has)
        self.gui: pygame_gui.UIManager | None = None
        self.entry: UITextEntryLine | None = None
        self.entry_rect = pygame.Rect(0, 0, 0, 0)  # where layout puts the entry
        self.box = pygame.Rect(0, 0, 0, 0)  # the panel behind the screen's content
        super().__init__(app)

    def update(self, dt: float) -> places.Transition:
        """The entry blinks its cursor and keeps the keys while typing (taking them back when a
        screen over this one is gone)."""
        if self.typing:
            self.grab()
        if self.gui is not None:
            self.gui.update(dt)
        return super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The screen below dimmed, the panel, the title and buttons, the entry under its label, what
        the screen adds under it (`draw_more`), and the focus ring on the entry while it has the keys."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        panel(surface, self.box.clip(surface.get_rect()), 250)
        super().draw(surface)
        rect = self.entry_rect
        text(surface, self.entry_label, self.app.fonts.small, (rect.left, rect.top - 2), theme.DIM,
             "bottomleft")
        if self.gui is not None:
            self.gui.draw_ui(surface)
        self.draw_more(surface)
        if self.typing:
            focus_ring(surface, rect)

    def draw_more(self, surface: pygame.Surface) -> None:
        """What a screen shows under its entry."""

    def release(self) -> None:
        """The entry gives up the keys (pygame_gui stops repeating held keys)."""
        self.typing = False
        if self.gui is not None:
            self.gui.set_focus_set(None)

    def grab(self) -> None:
        """The entry takes the keys, its cursor after the last letter."""
        self.typing = True
        if self.gui is not None and self.entry is not None and not self.entry.is_focused:
            self.gui.set_focus_set(self.entry)
            self.entry.set_text(self.entry.get_text())

    def covered(self, screen: Screen) -> None:
        """A question (or the rules) over this screen: the entry gives up the keys until it is back."""
        if self.gui is not None:
            self.gui.set_focus_set(None)

    def focused(self) -> Button | None:
        """The button the keys act on (none while the entry has them)."""
        return None if self.typing else super().focused()


class Listed(Protocol):
    """One file of a folder as a list screen shows it."""

    @property
    def path(self) -> Path:
        """The file."""
        ...


E = TypeVar("E", bound=Listed)


class FileListScreen(ButtonScreen, Generic[E]):
    """The files of a folder in a column: a click chooses one and a second click opens it; one line
    at the foot says what went wrong (in red) or what was done."""

    def __init__(self, app: App) -> None:
        self.entries: list[E] = []
        self.chosen: Path | None = None
        self.line = ""  # what went wrong (or was done), one line
        self.bad = False
        super().__init__(app)

    def read_list(self, listing: Callable[[], list[E]], trouble: type[Exception]) -> None:
        """The folder's files listed again (a folder that cannot be read said in the line, its list
        empty); the chosen file stays chosen while it is listed, else the first file is."""
        try:
            self.entries = listing()
        except trouble as exc:
            self.entries = []
            self.tell(str(exc), bad=True)
        paths = [e.path for e in self.entries]
        if self.chosen not in paths:
            self.chosen = paths[0] if paths else None

    def chosen_entry(self) -> E | None:
        """The chosen file's entry, if it is listed."""
        return next((e for e in self.entries if e.path == self.chosen), None)

    def tell(self, line: str, bad: bool = False) -> None:
        """Say a line on the screen (an error in red)."""
        self.line, self.bad = " ".join(line.split()), bad

    def say(self, msg: str) -> None:
        """A line from the screen closed over this one."""
        self.tell(msg)

    def choose(self, path: Path) -> places.Transition:
        """Choose a file; choosing the chosen one again opens it."""
        if path == self.chosen:
            return self.open_chosen()
        self.chosen = path
        self.layout()
        return None

    def open_chosen(self) -> places.Transition:
        """What a second click on the chosen file does."""
        return None

    def draw_lines(self, surface: pygame.Surface, head: str) -> None:
        """What the list is, over it, and the screen's line at the foot."""
        w, h = surface.get_size()
        fonts = self.app.fonts
        text(surface, head, fonts.small, (w // 2, self.title_bottom() + 8), theme.DIM, "midtop")
        if self.line:
            colour = theme.BAD if self.bad else theme.GOLD
            line = fit(self.line, fonts.small, w - 40)
            text(surface, line, fonts.small, (w // 2, h - 12), colour, "midbottom")
