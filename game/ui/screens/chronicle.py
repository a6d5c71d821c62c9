"""A campaign's chronicle: a page per battle, its table and result, what each side's men did and
suffered after it (casualties, steeds, Valour and the Skills it won, Prestige, the muster), every
roll of the campaign's dice drawn and explained, and the battle's replay to watch.

The replay is the same game played again: a watched game set up as the battle was, whose two
players give the recorded commands in order.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.campaign.battles import replay_match
from game.campaign.model import STEPS, BattleResult, Campaign
from game.persist import MatchError
from game.persist.campaigns import read_campaign
from game.terrain.terrain_map import MapError
from game.ui import places, theme
from game.ui.app import App
from game.ui.campaign_link import table_title
from game.ui.campaign_rolls import STEP_TITLES, Line, PageFonts, draw_panel, note, page_scroll, scrolled, told
from game.ui.screens.base import TITLE_TOP, ButtonScreen
from game.ui.widgets import Button, fit, text


def battle_lines(c: Campaign, battle: int) -> list[Line]:
    """A battle's page: each step that has something to tell, under its title, event by event."""
    events = [e for e in c.chronicle if e.battle == battle]
    out: list[Line] = []
    for step in STEPS:
        found = [e for e in events if e.step == step and e.kind != "result"]  # the verdict heads the page
        if found:
            out += [STEP_TITLES[step], *told(c, found)]
    return out or [note("Nothing was written of this battle.")]


def said_result(c: Campaign, result: BattleResult) -> tuple[str, theme.Colour]:
    """Who won (by the retinue's name), in the winner's colour."""
    if result.winner == "draw":
        return "a draw", theme.TEXT
    return f"{c.sides[result.winner].roster.name} won", theme.SIDE_TEXT[result.winner]


class ChronicleScreen(ButtonScreen):
    """The chronicle of a campaign file, a battle at a time (the last one first)."""

    title = "Chronicle"  # (drawn with the campaign's name)
    games_return_here = True  # the replay watched from here comes back here
    games_return_label = "Back to the chronicle"

    def __init__(self, app: App, path: Path) -> None:
        self.path = path
        self.c = read_campaign(path)
        self.page = max(0, len(self.c.battles) - 1)
        self.scroll = 0
        self.line = ""
        self.page_rect = pygame.Rect(0, 0, 0, 0)
        super().__init__(app)

    def result(self) -> BattleResult | None:
        """The battle on the page shown (none before the first battle)."""
        return self.c.battles[self.page] if self.page < len(self.c.battles) else None

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        """The page in a panel; Earlier, Later, Watch the replay and Back in a row under it."""
        w, h = self.app.surface.get_size()
        fonts, s = self.app.fonts, self.app.fonts.scale
        bh = fonts.body.get_linesize() + int(20 * s)
        bottom = h - fonts.small.get_linesize() - 20
        result = self.result()
        items = [("◀ Earlier battle", self.earlier, self.page > 0),
                 ("Later battle ▶", self.later, self.page + 1 < len(self.c.battles)),
                 ("Watch the replay", self.watch, result is not None and result.replay is not None),
                 ("Back", self.back, True)]
        widths = [fonts.body.size(label)[0] + int(40 * s) for label, _, _ in items]
        gap = int(12 * s)
        x = w // 2 - (sum(widths) + gap * (len(items) - 1)) // 2
        self.buttons = []
        for (label, action, enabled), width in zip(items, widths, strict=True):
            rect = pygame.Rect(x, bottom - bh, width, bh)
            self.buttons.append(Button(label, action, rect, enabled=enabled))
            x += width + gap
        top = self.title_bottom() + fonts.head.get_linesize() + fonts.body.get_linesize() + int(24 * s)
        self.page_rect = pygame.Rect(max(20, w // 2 - int(460 * s)), top, min(w - 40, int(920 * s)),
                                     max(40, bottom - bh - int(16 * s) - top))

    def _first_focus(self) -> int:
        """Watch the replay when there is one to watch, else Back."""
        return 2 if self.buttons and self.buttons[2].enabled else len(self.buttons) - 1

    # --- acting ---------------------------------------------------------------------------
    def turn(self, by: int) -> None:
        """Another battle's page."""
        self.page = max(0, min(len(self.c.battles) - 1, self.page + by))
        self.scroll, self.line = 0, ""
        self.layout()

    def earlier(self) -> None:
        """The battle before."""
        self.turn(-1)

    def later(self) -> None:
        """The battle after."""
        self.turn(1)

    def watch(self) -> places.Transition:
        """The battle played again in a watched game, its recorded commands given in order."""
        result = self.result()
        if result is None or result.replay is None:
            return None
        try:
            match = replay_match(result.replay)
        except (MapError, MatchError, OSError, ValueError, KeyError) as exc:
            self.line = f"This battle's replay cannot be set up: {' '.join(str(exc).split())}"
            return None
        return places.Push(places.Battle(match, "watch", autosave=False, script=result.replay.commands))

    def handle(self, event: pygame.event.Event) -> places.Transition:
        """The wheel scrolls the page; Left and Right turn it; the rest as on any screen of buttons."""
        if (by := page_scroll(event, self.page_rect.height)) is not None:
            self.scroll_by(by)
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.turn(-1 if event.key == pygame.K_LEFT else 1)
            return None
        return super().handle(event)

    def scroll_by(self, by: int) -> None:
        """Move the page (kept within its lines)."""
        self.scroll = scrolled(self.lines(), self.page_rect, PageFonts.of(self.app.fonts), self.scroll + by)

    # --- drawing --------------------------------------------------------------------------
    def lines(self) -> list[Line]:
        """The page shown."""
        return battle_lines(self.c, self.page) if self.result() is not None \
            else [note("No battle has been fought yet: the chronicle is still to be written.")]

    def draw(self, surface: pygame.Surface) -> None:
        """The campaign's name, the battle's number, table and result, its page, the buttons."""
        w, h = surface.get_size()
        fonts = self.app.fonts
        text(surface, fit(f"The chronicle of {self.c.name}", fonts.title, w - 40), fonts.title,
             (w // 2, TITLE_TOP), theme.GOLD, "midtop")
        y = self.title_bottom() + 4
        result = self.result()
        if result is not None:
            said, colour = said_result(self.c, result)
            head = f"Battle {self.page + 1} of {len(self.c.battles)}: {table_title(result.scenario)}"
            y = text(surface, fit(head, fonts.head, w - 40), fonts.head, (w // 2, y), theme.TEXT,
                     "midtop").bottom + 2
            text(surface, said[:1].upper() + said[1:], fonts.body, (w // 2, y), colour, "midtop")
        draw_panel(surface, self.lines(), self.page_rect, PageFonts.of(self.app.fonts), self.scroll)
        self.draw_buttons(surface)
        watch = self.buttons[2] if len(self.buttons) > 2 else None
        note = self.line or ("This battle was not recorded for a replay"
                             if result is not None and watch is not None and not watch.enabled else "")
        if note:
            text(surface, fit(note, fonts.small, w - 40), fonts.small, (w // 2, h - 10),
                 theme.BAD if self.line else theme.DIM, "midbottom")
