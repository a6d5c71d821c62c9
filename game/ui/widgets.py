"""Small drawing helpers, a clickable button (no state beyond what they show), and the pygame_gui
theme of the menus and forms (game/resources/theme.json, its fonts at the UI scale) with the kit
that shows a screen's buttons through it."""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.resources import THEME_JSON
from game.ui import theme

if TYPE_CHECKING:  # pygame_gui is imported when a form is first shown, not for the table alone
    import pygame_gui
    from pygame_gui.core import UIContainer
    from pygame_gui.elements import UIButton


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split text into lines no wider than `width` pixels."""
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def fit(line: str, font: pygame.font.Font, width: int) -> str:
    """The line cut short with an ellipsis to fit the width in pixels."""
    if font.size(line)[0] <= width:
        return line
    while line and font.size(line + "…")[0] > width:
        line = line[:-1]
    return line.rstrip(" ,") + "…" if line else ""


def clipped(words: str, font: pygame.font.Font, width: int, lines: int) -> list[str]:
    """Words wrapped to the width, at most so many lines, the last ending in an ellipsis if cut."""
    out = wrap(words, font, width)
    if len(out) <= lines:
        return out
    last = out[lines - 1].split(" ")
    while len(last) > 1 and font.size(" ".join(last) + " …")[0] > width:
        last.pop()
    return [*out[:lines - 1], " ".join(last) + " …"]


def text(surface: pygame.Surface, msg: str, font: pygame.font.Font, pos: tuple[int, int],
         colour: theme.Colour = theme.TEXT, anchor: str = "topleft") -> pygame.Rect:
    """Draw one line of text; returns its rect."""
    img = font.render(msg, True, colour)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235,
          colour: theme.Colour = theme.PANEL) -> None:
    """A dark translucent panel with a thin edge."""
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((*colour, alpha))
    surface.blit(shade, rect.topleft)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=4)


def paragraph(surface: pygame.Surface, msg: str, font: pygame.font.Font, rect: pygame.Rect,
              colour: theme.Colour = theme.TEXT) -> int:
    """Draw wrapped text inside a rect; returns the y below the last line."""
    y = rect.top
    for line in wrap(msg, font, rect.width):
        if y + font.get_linesize() > rect.bottom:
            break
        text(surface, line, font, (rect.left, y), colour)
        y += font.get_linesize()
    return y


@dataclass
class Button:
    """A labelled rectangle that calls back when clicked (a screen's button may answer where to go)."""

    label: str
    action: Callable[[], Any]
    rect: pygame.Rect
    enabled: bool = True
    selected: bool = False
    hint: str = ""

    def draw(self, surface: pygame.Surface, font: pygame.font.Font, mouse: tuple[int, int]) -> None:
        """Draw the button, lit when hovered or selected."""
        hover = self.enabled and self.rect.collidepoint(mouse)
        fill = theme.BUTTON_OFF if not self.enabled else (
            theme.BUTTON_HOVER if hover or self.selected else theme.BUTTON)
        pygame.draw.rect(surface, fill, self.rect, border_radius=5)
        edge = theme.GOLD if self.selected or hover else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, 2 if self.selected else 1, border_radius=5)
        colour = theme.TEXT if self.enabled else theme.DIM
        text(surface, self.label, font, self.rect.center, colour, "center")

    def hit(self, pos: tuple[int, int]) -> bool:
        """True if the point is on the button and it can be clicked."""
        return self.enabled and self.rect.collidepoint(pos)

    def click(self, pos: tuple[int, int]) -> bool:
        """Run the action if the point is on an enabled button."""
        if self.enabled and self.rect.collidepoint(pos):
            self.action()
            return True
        return False


def column(labels: list[tuple[str, Callable[[], Any]]], centre_x: int, top: int, width: int,
           height: int, gap: int = 10) -> list[Button]:
    """Buttons stacked in a centred column."""
    out = []
    for i, (label, action) in enumerate(labels):
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (centre_x, top + i * (height + gap))
        out.append(Button(label, action, rect))
    return out


def row(labels: list[tuple[str, Callable[[], Any]]], left: int, top: int, height: int,
        font: pygame.font.Font, gap: int = 6, pad: int = 14) -> list[Button]:
    """Buttons side by side, each as wide as its label."""
    out = []
    x = left
    for label, action in labels:
        w = font.size(label)[0] + 2 * pad
        out.append(Button(label, action, pygame.Rect(x, top, w, height)))
        x += w + gap
    return out


@functools.cache
def _theme_file() -> dict[str, Any]:
    """The theme as the file has it (read once)."""
    data: dict[str, Any] = json.loads(THEME_JSON.read_text(encoding="utf-8"))
    return data


@functools.cache
def _font_files(name: str) -> tuple[str, str] | None:
    """The regular and bold files of a system font face, or None if the system has none."""
    regular, bold = pygame.font.match_font(name), pygame.font.match_font(name, bold=True)
    return (regular, bold or regular) if regular else None


def gui_theme(scale: float) -> dict[str, Any]:
    """The forms' theme (theme.json) with every font at the UI scale; a face the system lacks
    gives way to pygame_gui's own."""
    data = copy.deepcopy(_theme_file())
    for block in data.values():
        font = block.get("font") if isinstance(block, dict) else None
        if not isinstance(font, dict):
            continue
        font["size"] = str(max(8, round(int(font["size"]) * scale)))
        found = _font_files(str(font.get("name", "")))
        if found is None:
            font["name"] = "noto_sans"
        else:
            font["regular_path"], font["bold_path"] = found
    return data


def gui_manager(size: tuple[int, int], scale: float) -> pygame_gui.UIManager:
    """A pygame_gui manager for a window of this size, dressed in the forms' theme at the UI scale."""
    import pygame_gui

    return pygame_gui.UIManager(size, gui_theme(scale), enable_live_theme_updates=False)


class ButtonKit:
    """Shows a screen's buttons as pygame_gui buttons: made again whenever a button's label, place,
    state or the UI scale changes, so a screen only says which buttons it has."""

    def __init__(self, size: tuple[int, int], scale: float) -> None:
        self.scale = scale
        self.manager = gui_manager(size, scale)
        self.shown: tuple[object, ...] = ()
        self.elements: list[UIButton] = []

    def sync(self, buttons: Sequence[Button], size: tuple[int, int], scale: float,
             container: Callable[[int, Button], UIContainer | None] | None = None) -> bool:
        """Make the pygame_gui buttons match `buttons` (the window's size and the UI scale too);
        `container` puts a button in a container that clips it. True if they were made again."""
        if scale != self.scale:
            self.scale, self.manager, self.shown = scale, gui_manager(size, scale), ()
        if self.manager.window_resolution != size:
            self.manager.set_window_resolution(size)
            self.shown = ()
        wanted = (size, *((b.label, tuple(b.rect), b.enabled, b.selected) for b in buttons))
        if wanted == self.shown:
            return False
        from pygame_gui.elements import UIButton

        self.manager.clear_and_reset()
        self.elements = []
        for i, button in enumerate(buttons):
            box = container(i, button) if container is not None else None
            rect = button.rect.move(-box.rect.x, -box.rect.y) if box is not None else button.rect
            element = UIButton(rect, button.label, self.manager, container=box)
            if not button.enabled:
                element.disable()
            if button.selected:
                element.select()
            self.elements.append(element)
        self.shown = wanted
        return True

    def update(self, dt: float) -> None:
        """Let the buttons follow the mouse (hover)."""
        self.manager.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the buttons."""
        self.manager.draw_ui(surface)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The mark of the button the keys act on."""
    pygame.draw.rect(surface, theme.GOLD, rect.inflate(8, 8), 2, border_radius=8)


def centred_row(labels: list[tuple[str, Callable[[], Any]]], font: pygame.font.Font, width: int, bottom: int,
                height: int, gap: int = 8) -> list[Button]:
    """Buttons side by side, each as wide as its label (padded less when the row would not fit the
    width), centred in `width` and standing on `bottom`."""
    pad = 16
    widths = [font.size(label)[0] + 2 * pad for label, _ in labels]
    while sum(widths) + gap * (len(widths) - 1) > width - 20 and pad > 4:
        pad -= 2
        widths = [font.size(label)[0] + 2 * pad for label, _ in labels]
    x = width // 2 - (sum(widths) + gap * (len(widths) - 1)) // 2
    out = []
    for (label, action), w in zip(labels, widths, strict=True):
        out.append(Button(label, action, pygame.Rect(x, bottom - height, w, height)))
        x += w + gap
    return out
