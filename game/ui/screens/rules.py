"""The rules reference (F1): the rules page (game/resources/rules.md) as scrollable text with headings."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from game.resources import RULES_MD
from game.ui import places, theme
from game.ui.app import App, Screen
from game.ui.widgets import panel, text, wrap

ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
HEAD_SIZE = {1: (30, True), 2: (24, True), 3: (19, True), 4: (17, True)}


@dataclass(frozen=True, slots=True)
class Block:
    """A heading, a bullet or a paragraph of the rules, with its anchor if any."""

    level: int  # 0 paragraph, 1-4 heading
    indent: int
    body: str
    anchor: str = ""


def clean(line: str) -> str:
    """Markdown emphasis, code and links as plain text."""
    line = LINK.sub(r"\1", line)
    return line.replace("**", "").replace("`", "").replace("*", "")


def parse_rules(source: str) -> list[Block]:
    """Split the markdown into blocks, remembering each rule anchor."""
    blocks: list[Block] = []
    anchor = ""
    para: list[str] = []
    indent = 0

    def flush() -> None:
        nonlocal anchor
        if para:
            blocks.append(Block(0, indent, clean(" ".join(para)), anchor))
            anchor = ""
            para.clear()

    for raw in source.splitlines():
        line = raw.rstrip()
        found = ANCHOR.fullmatch(line.strip())
        if found:
            flush()
            anchor = found.group(1)
            continue
        stripped = line.lstrip()
        if not stripped or stripped == "---":
            flush()
            continue
        if stripped.startswith("#"):
            flush()
            level = len(stripped) - len(stripped.lstrip("#"))
            blocks.append(Block(min(level, 4), 0, clean(stripped.lstrip("# ")), anchor))
            anchor = ""
            continue
        bullet = re.match(r"(\d+\.|[-*])\s+", stripped)
        if bullet:
            flush()
            indent = (len(line) - len(stripped)) // 2 + 1
            para.append("• " + stripped[bullet.end():] if bullet.group(1) in "-*" else stripped)
            continue
        para.append(stripped)
    flush()
    return blocks


class RulesScreen(Screen):
    """Scrollable rules text; opened at a rule's anchor when asked."""

    shows_rules = True

    def __init__(self, app: App, anchor: str = "") -> None:
        super().__init__(app)
        try:
            source = RULES_MD.read_text(encoding="utf-8")
        except OSError as exc:
            source = f"# Rules\n\nThe rules file could not be read: {exc}"
        self.blocks = parse_rules(source)
        self.scroll = 0
        self.lines: list[tuple[pygame.font.Font, theme.Colour, str, int, int]] = []
        self.anchors: dict[str, int] = {}
        self.width = 0
        self.pending_anchor = anchor

    def _layout(self, width: int) -> None:
        fonts = self.app.fonts
        self.lines, self.anchors, y = [], {}, 0
        for block in self.blocks:
            size, bold = HEAD_SIZE.get(block.level, (15, False))
            font = fonts.get(size, bold)
            colour = theme.GOLD if block.level else theme.TEXT
            if block.level:
                y += font.get_linesize() // 2
            if block.anchor:
                self.anchors[block.anchor] = y
            x = block.indent * 22
            for line in wrap(block.body, font, width - x):
                self.lines.append((font, colour, line, x, y))
                y += font.get_linesize()
            y += 6
        self.height = y
        self.width = width

    def goto(self, anchor: str) -> bool:
        """Scroll to a rule anchor; False if the rules have no such anchor."""
        for key in (anchor, f"rule-{anchor}", anchor.removeprefix("rule-")):
            if key in self.anchors:
                self.scroll = self.anchors[key]
                return True
        return False

    def handle(self, event: pygame.event.Event) -> places.Transition:
        """Wheel, arrows and page keys scroll; Escape or F1 close."""
        page = self.app.surface.get_height() - 140
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * 60
        elif event.type == pygame.KEYDOWN:
            keys = self.app.keys
            if keys.is_action(event.key, "back") or keys.is_action(event.key, "rules"):
                return places.Pop()
            moves = {pygame.K_DOWN: 40, pygame.K_UP: -40, pygame.K_PAGEDOWN: page,
                     pygame.K_PAGEUP: -page, pygame.K_HOME: -10**9, pygame.K_END: 10**9}
            self.scroll += moves.get(event.key, 0)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            w = self.app.surface.get_width()
            if pygame.Rect(w - 130, 20, 110, 36).collidepoint(event.pos):
                return places.Pop()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The visible lines inside a panel, and a scroll bar."""
        w, h = surface.get_size()
        box = pygame.Rect(40, 70, w - 80, h - 100)
        if self.width != box.width - 60:
            self._layout(box.width - 60)
        if self.pending_anchor:
            self.goto(self.pending_anchor)
            self.pending_anchor = ""
        self.scroll = max(0, min(self.scroll, max(0, self.height - box.height + 40)))
        text(surface, "Rules of play", self.app.fonts.get(26, True), (40, 22), theme.GOLD)
        text(surface, "Wheel / arrows / PgUp PgDn to scroll · Esc or F1 to close",
             self.app.fonts.small, (300, 32), theme.DIM)
        close = pygame.Rect(w - 130, 20, 110, 36)
        pygame.draw.rect(surface, theme.BUTTON, close, border_radius=5)
        text(surface, "Close", self.app.fonts.body, close.center, theme.TEXT, "center")
        panel(surface, box)
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-4, -4))
        for font, colour, line, x, y in self.lines:
            sy = box.top + 20 + y - self.scroll
            if box.top - 40 < sy < box.bottom:
                text(surface, line, font, (box.left + 30 + x, sy), colour)
        surface.set_clip(clip)
        if self.height > box.height:
            frac = self.scroll / max(1, self.height - box.height + 40)
            bar = pygame.Rect(box.right - 10, box.top + 6 + int(frac * (box.height - 60)), 6, 48)
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=3)
