"""After a campaign's battle: the post-battle sequence played out step by step (RULES-BRIEF §12.3).

The steps are the battle's result, the casualties, the steeds, Valour and Skills, Prestige, and the
muster again; each shows its events line by line, each roll of the campaign's dice drawn as the
table's dice are and explained by what it was for. *Next* marks the step seen and writes the
campaign file at once, so a game cut off at any step resumes at the step it stood on, with nothing
rolled again. After the last step the sequence is the campaign's: a person who musters goes on to
the muster, else the campaign's screen is back.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.campaign.model import STEPS, BattleResult, Campaign, Event, ModelOutcome
from game.campaign.progress import CampaignError, Shown, advance, steps
from game.persist.campaigns import CampaignFileError, read_campaign, write_campaign
from game.ui import places, theme
from game.ui.app import App
from game.ui.campaign_link import story_of, table_title
from game.ui.campaign_rolls import (
    QUIET,
    STEP_TITLES,
    Line,
    PageFonts,
    draw_panel,
    note,
    page_scroll,
    scrolled,
    told,
)
from game.ui.screens.base import TITLE_TOP, ButtonScreen
from game.ui.widgets import Button, fit, text


def model_name(c: Campaign, side: str, number: int) -> str:
    """A model's name by his campaign number (as the retinue stood before the battle)."""
    retinue = c.sides.get(side)  # type: ignore[call-overload]
    if retinue is None:
        return f"model {number}"
    for m, rec in zip(retinue.roster.members, retinue.records, strict=True):
        if rec.number == number:
            return str(m.name)
    return f"model {number}"


def deed(o: ModelOutcome) -> str:
    """What one model did and suffered in a battle, in words ("" if nothing to tell)."""
    parts = {"casualty": ["was taken"], "fled": ["fled the field"]}.get(o.state, [])
    if o.valour:
        parts.append(f"won {o.valour} Valour")
    if o.steed == "killed":
        parts.append("lost his horse")
    elif o.steed == "regained":
        parts.append("lost his horse on the field, and it came back after")
    if o.struck:
        parts.append(f"his horse took {o.struck} blow{'s' if o.struck != 1 else ''} meant for him")
    return ", ".join(parts)


def deeds(c: Campaign, result: BattleResult, battle: int) -> list[Event]:
    """Each fielded model's deeds in the battle, as lines of the page (the standing with nothing to
    tell left out)."""
    out = []
    for o in result.models:
        said = deed(o)
        if said:
            out.append(Event(battle=battle, step="battle", kind="deed", side=o.side, member=o.member,
                             text=f"{model_name(c, o.side, o.member)} {said}"))
    return out


def held(c: Campaign, result: BattleResult, battle: int) -> list[Event]:
    """The objectives each side held at the end, as lines of the page."""
    return [Event(battle=battle, step="battle", kind="held", side=side,
                  text=f"{c.sides[side].roster.name} held {n} objective{'s' if n != 1 else ''}")
            for side, n in result.objectives.items() if n]


def verdict(c: Campaign, result: BattleResult) -> tuple[str, theme.Colour]:
    """Who won, in the winner's colour."""
    if result.winner == "draw":
        return "A draw", theme.TEXT
    return f"{c.sides[result.winner].roster.name} won", theme.SIDE_TEXT[result.winner]


class PostBattleScreen(ButtonScreen):
    """The post-battle sequence of a campaign file, one step at a time."""

    title = "After the battle"

    def __init__(self, app: App, path: Path) -> None:
        self.path = path
        self.c = read_campaign(path)
        self.shown: list[Shown] = steps(self.c) if self.c.pending is not None else []
        self.result = self.c.pending.result if self.c.pending is not None else None
        self.scroll = 0
        self.line, self.bad = "", False
        self.page_rect = pygame.Rect(0, 0, 0, 0)
        super().__init__(app)

    # --- where the sequence stands --------------------------------------------------------
    @property
    def at(self) -> int:
        """The step shown now (the steps' count once the sequence is the campaign's)."""
        return self.c.pending.seen if self.c.pending is not None else len(STEPS)

    def current(self) -> Shown | None:
        """The step shown now (none once the sequence is over)."""
        return self.shown[self.at] if self.at < len(self.shown) else None

    def lines(self) -> list[Line]:
        """The lines of the step shown: its events (the battle's step, every model's deeds too)."""
        step = self.current()
        if step is None:
            return [note("The post-battle sequence is over.")]
        said = [e for e in step.events if e.kind != "result"]  # the verdict stands over the page
        lines: list[Line] = [*told(self.c, said)]
        if step.step == "battle" and self.result is not None:
            found = [*held(self.c, self.result, len(self.c.battles)),
                     *deeds(self.c, self.result, len(self.c.battles))]
            lines += ["Deeds on the field", *found] if found else []
        return lines or [note(QUIET[step.step])]

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        """Next (named for the step after) and Later side by side under the page."""
        w, h = self.app.surface.get_size()
        font, s = self.app.fonts.body, self.app.fonts.scale
        bh = font.get_linesize() + int(22 * s)
        onward = self.next_label()
        bw = min(max(int(240 * s), font.size(onward)[0] + int(40 * s)), (w - 60) // 2)
        bottom = h - self.app.fonts.small.get_linesize() - 20
        go, later = pygame.Rect(0, 0, bw, bh), pygame.Rect(0, 0, int(200 * s), bh)
        go.bottomleft = (w // 2 + 10, bottom)
        later.bottomright = (w // 2 - 10, bottom)
        self.buttons = [Button(onward, self.next_step, go),
                        Button("Later", self.back, later, hint="the steps seen are kept")]
        top = self.title_bottom() + self.app.fonts.head.get_linesize() * 2 + int(30 * s)
        self.page_rect = pygame.Rect(max(20, w // 2 - int(440 * s)), top, min(w - 40, int(880 * s)),
                                     max(40, go.top - int(20 * s) - top))

    def next_label(self) -> str:
        """What Next leads to."""
        if self.at + 1 < len(STEPS):
            return f"Next: {STEP_TITLES[STEPS[self.at + 1]]}"
        if self.c.pending is not None:
            return "On to the muster" if any(self.c.human(s) for s in ("red", "blue")) else "Done"
        return "On to the muster" if self.c.mustering else "Back to the campaign"

    # --- acting ---------------------------------------------------------------------------
    def next_step(self) -> places.Transition:
        """The step marked seen and the campaign written at once; then the next step, or onward."""
        if self.c.pending is None:
            return self.onward()
        try:
            c = advance(self.c, story_of(self.c))
            write_campaign(c, self.path)
        except (CampaignError, CampaignFileError, OSError) as exc:
            self.line, self.bad = " ".join(str(exc).split()), True
            return None
        self.c, self.scroll, self.line = c, 0, ""
        if c.pending is None:
            return self.onward()
        self.layout()
        return None

    def onward(self) -> places.Transition:
        """After the sequence: the muster of the first person who musters, else the campaign."""
        if self.c.mustering:
            return places.Replace(places.CampaignMuster(self.path, self.c.mustering[0]))
        return places.Pop()

    def scroll_by(self, by: int) -> None:
        """Move the page (kept within its lines)."""
        self.scroll = scrolled(self.lines(), self.page_rect, PageFonts.of(self.app.fonts), self.scroll + by)

    def handle(self, event: pygame.event.Event) -> places.Transition:
        """The wheel and Page Up/Down scroll the page; the rest as on any screen of buttons."""
        if (by := page_scroll(event, self.page_rect.height)) is not None:
            self.scroll_by(by)
            return None
        return super().handle(event)

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The battle's number and table, the steps with the one shown lit, its page, the buttons."""
        w, h = surface.get_size()
        fonts = self.app.fonts
        battle = len(self.c.battles) + (1 if self.c.pending is not None else 0)
        where = f" at {table_title(self.result.scenario)}" if self.result is not None else ""
        text(surface, fit(f"After battle {battle}{where}", fonts.title, w - 40), fonts.title,
             (w // 2, TITLE_TOP), theme.GOLD, "midtop")
        y = self.title_bottom() + 6
        if self.result is not None:
            said, colour = verdict(self.c, self.result)
            y = text(surface, said, fonts.head, (w // 2, y), colour, "midtop").bottom + 8
        self.draw_strip(surface, y)
        draw_panel(surface, self.lines(), self.page_rect, PageFonts.of(self.app.fonts), self.scroll)
        self.draw_buttons(surface)
        if self.line:
            text(surface, fit(self.line, fonts.small, w - 40), fonts.small, (w // 2, h - 10),
                 theme.BAD if self.bad else theme.GOLD, "midbottom")

    def draw_strip(self, surface: pygame.Surface, y: int) -> None:
        """The six steps in a row: those seen plain, the one shown lit, those to come dim."""
        font = self.app.fonts.body
        names = [STEP_TITLES[step] for step in STEPS]
        sep = "   ›   "
        total = sum(font.size(n)[0] for n in names) + font.size(sep)[0] * (len(names) - 1)
        x = surface.get_width() // 2 - total // 2
        for i, name in enumerate(names):
            colour = theme.GOLD if i == self.at else theme.TEXT if i < self.at else theme.DIM
            x = text(surface, name, font, (x, y), colour).right
            if i == self.at:
                pygame.draw.line(surface, theme.GOLD, (x - font.size(name)[0], y + font.get_linesize()),
                                 (x, y + font.get_linesize()), 2)
            if i + 1 < len(names):
                x = text(surface, sep, font, (x, y), theme.DIM).right
