"""A campaign's own screen: both retinues side by side (each model with his profile and steed, who
is wounded, who misses the next battle, each Hero's Valour and the Skills it won him, the
veterans), each side's Prestige, the next battle (its table, and a narrative's stage with its
briefing), and what to do now: fight the battle (or resume it where it was left, or pick its table
first), see what the last one cost, muster, or read how the campaign ended. The chronicle is a
button away. The campaign file is written after every change made here.

The wheel (or Page Up and Page Down) scrolls the retinues when they are longer than the window."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

from game.campaign.battles import start_battle
from game.campaign.model import Campaign, Side
from game.campaign.progress import CampaignError, choose_scenario, phase, picker, why_over
from game.content import Content, load_content
from game.muster import RosterError
from game.muster.roster import skill_name
from game.persist import Match
from game.persist.campaigns import CampaignFileError, read_campaign, write_campaign
from game.terrain.terrain_map import MapError
from game.ui import places, theme
from game.ui.app import App
from game.ui.campaign_link import (
    autosaved_battle,
    battles_fought,
    coming,
    hurt_words,
    kind_of,
    narrative_of,
    open_tables,
    standing,
    story_of,
    table_title,
)
from game.ui.screens.base import ButtonScreen
from game.ui.solo import describe
from game.ui.widgets import centred_row, clipped, fit, panel, text

SIDES: tuple[Side, Side] = ("red", "blue")
HEROES = ("captain", "squire")
PAGE_KEYS = {pygame.K_PAGEDOWN: 8, pygame.K_PAGEUP: -8}  # the retinues scrolled by the keys
Line = tuple[str, theme.Colour, int, str]  # a retinue panel's line: words, colour, indent, words at right
Action = tuple[str, Callable[[], object]]


def word(ident: str) -> str:
    """An id in words (leg_wound: leg wound)."""
    return ident.replace("_", " ")


def model_lines(c: Campaign, side: Side, content: Content) -> list[Line]:
    """A retinue's models, each on a line (name, profile, steed) and, when he has any, a line of his
    ill marks (missing the next battle, his injuries, in red) and a line of his good ones (the Skills
    his Valour won him, a veteran's, in gold)."""
    retinue = c.sides[side]
    out: list[Line] = []
    for m, rec in zip(retinue.roster.members, retinue.records, strict=True):
        prof = content.profiles.get(m.profile)
        what = prof.name if prof is not None else word(m.profile)
        if m.steed is not None:
            steed = content.steeds.get(m.steed)
            what += f", {steed.name if steed is not None else word(m.steed)}"
        if m.lance:
            what += ", Lance"
        colour = theme.DIM if rec.misses_next else theme.TEXT
        hero = prof is not None and prof.role in HEROES
        out.append((f"{m.name}  ·  {what}", colour, 0, f"Valour {rec.valour}" if hero else ""))
        good = []
        if rec.skills_gained:
            good.append("won " + ", ".join(skill_name(s) for s in rec.skills_gained))
        if rec.veteran:
            good.append("veteran" if rec.veteran == 1 else f"veteran ×{rec.veteran}")
        for marks, tint in ((hurt_words(rec), theme.BAD), (good, theme.GOLD)):
            if marks:
                out.append(("  ".join(f"[{mark}]" for mark in marks), tint, 1, ""))
    return out


def absent_words(c: Campaign) -> str:
    """Who misses the next battle, side by side ("Orange fights without Sir Harry Lovell and Matthew
    Chaucer."; "" if nobody)."""
    out = []
    for side in SIDES:
        retinue = c.sides[side]
        pairs = zip(retinue.roster.members, retinue.records, strict=True)
        away = [m.name for m, rec in pairs if rec.misses_next]
        if away:
            names = away[0] if len(away) == 1 else ", ".join(away[:-1]) + " and " + away[-1]
            out.append(f"{theme.SIDE_NAME[side]} fights without {names}.")
    return " ".join(out)


def pick_words(c: Campaign) -> str:
    """Who picks the next table, and why."""
    who, red = theme.SIDE_NAME[picker(c)], theme.SIDE_NAME["red"]
    return f"{who} picks the table of the next battle (the side with less Prestige picks, {red} on a tie)."


def battle_words(c: Campaign) -> tuple[str, str]:
    """The heading and the words of the next battle: a narrative's stage and briefing, or the
    table and who picked it (or is to pick it)."""
    nxt, narrative = coming(c), narrative_of(c)
    if narrative is not None and c.stage in narrative.stages:
        stage = narrative.stages[c.stage]
        table = table_title(stage.scenario)
        where = "" if table.casefold() in stage.title.casefold() else f", on {table}"
        return f"Next: {stage.title}{where}", stage.briefing
    if c.campaign == "narrative":
        return "Next battle", f"The narrative {c.narrative!r} is not shipped with this game."
    if nxt is None or not nxt.scenario:
        return "Next battle: the table is to pick", pick_words(c)
    by = theme.SIDE_NAME[nxt.picker or picker(c)]
    return f"Next battle: {table_title(nxt.scenario)}", f"Picked by {by}."


def leader(c: Campaign, side: Side) -> str:
    """Who leads a side: a person, or the AI at its level."""
    if c.human(side):
        return "a person" if c.mode == "hotseat" else "you"
    return f"the AI, {describe(c.players[side])}"


class CampaignScreen(ButtonScreen):
    """One campaign: its retinues, its next battle and what to do now."""

    games_return_here = True  # a battle fought from here comes back here, when left or when over
    games_return_label = "Back to the campaign"

    def __init__(self, app: App, path: Path) -> None:
        self.path = path
        self.content = load_content()
        self.campaign: Campaign | None = None
        self.problem = ""  # why the file cannot be read
        self.line = ""  # what was done or went wrong, one line
        self.bad = False
        self.resumable: Match | None = None  # the next battle, left half-way in the autosave
        self.picking = False  # the list of tables is shown, for the picking side
        self.scroll = 0  # retinue lines scrolled off the top
        self.panels = pygame.Rect(0, 0, 0, 0)  # where the retinues stand
        self.title = "Campaign"
        self.app = app  # read before the layout the screen is built with
        self.read()
        super().__init__(app)

    # --- the campaign ---------------------------------------------------------------------
    def read(self) -> None:
        """Read the campaign file again, and whether its next battle waits in the autosave."""
        try:
            self.campaign = read_campaign(self.path)
            self.problem, self.title = "", self.campaign.name
        except CampaignFileError as exc:
            self.campaign, self.problem = None, str(exc)
        self.resumable = autosaved_battle(self.campaign, self.app.saves_dir) if self.campaign else None

    def keep(self, c: Campaign) -> bool:
        """Write the campaign as changed; False (and the line said) if it cannot be written."""
        try:
            write_campaign(c, self.path)
        except CampaignFileError as exc:
            self.tell(str(exc), bad=True)
            return False
        self.campaign, self.title = c, c.name
        return True

    def tell(self, line: str, bad: bool = False) -> None:
        """Say a line on the screen (an error in red)."""
        self.line, self.bad = " ".join(line.split()), bad

    def say(self, msg: str) -> None:
        """A line from the screen closed over this one."""
        self.tell(msg)

    def on_top(self) -> None:
        """Back from a step of the campaign: read it again."""
        self.read()
        super().on_top()

    # --- layout ---------------------------------------------------------------------------
    def actions(self) -> list[Action]:
        """What may be done now, by where the campaign stands."""
        c = self.campaign
        if c is None:
            return [("Back", self.back)]
        if self.picking:
            return [("Cancel", self.cancel_pick)]
        now, out = phase(c), []
        if now == "battle":
            nxt = coming(c)
            if self.resumable is not None:
                out.append(("Resume the battle", self.resume))
            if nxt is not None and not nxt.scenario:
                out.append(("Pick the table", self.start_pick))
            elif nxt is not None:
                out.append(("Fight the battle" if self.resumable is None else "Fight it anew", self.fight))
        elif now == "post_battle":
            out.append(("See what the battle cost", self.post_battle))
        elif now == "muster":
            out += [(f"Muster {theme.SIDE_NAME[s]}", partial(self.muster, s)) for s in c.mustering]
        return [*out, ("Chronicle", self.chronicle), ("Back", self.back)]

    def layout(self) -> None:
        """The actions in a row at the bottom; the tables in a column while picking."""
        w, h = self.app.surface.get_size()
        fonts, scale = self.app.fonts, self.app.fonts.scale
        bh = fonts.body.get_linesize() + round(14 * scale)
        foot = h - 16 - fonts.small.get_linesize() - 6
        row = centred_row(self.actions(), fonts.body, w, foot, bh)
        for button in row:
            button.enabled = button.label != "Chronicle" or bool(self.campaign and self.campaign.battles)
        if self.picking:
            items = [(title, partial(self.pick, name)) for name, title in open_tables()]
            top = self.subtitle_bottom() + fonts.small.get_linesize() + round(22 * scale)
            self.buttons = self.fit_column(items, top, row[0].rect.top - 14, round(520 * scale),
                                           round(40 * scale), 6) + row
        else:
            self.first, self.hidden, self.column_size = 0, (False, False), 0
            self.buttons = row
        top = self.subtitle_bottom() + 8
        self.panels = pygame.Rect(20, top, w - 40, max(0, row[0].rect.top - 24 - self.next_height() - top))

    def subtitle_bottom(self) -> int:
        """The y under the line that says what the campaign is and where it stands."""
        return self.title_bottom() + 6 + self.app.fonts.body.get_linesize()

    def next_lines(self) -> list[str]:
        """The words of the box under the retinues, wrapped to its width: as many lines as they take,
        but never so many that the retinues have no room (the last line then ends in an ellipsis)."""
        if self.campaign is None:
            return []
        font, h = self.app.fonts.small, self.app.surface.get_height()
        width = self.app.surface.get_width() - 40 - round(24 * self.app.fonts.scale)
        most = max(3, (h - self.subtitle_bottom() - 200) // (2 * font.get_linesize()))
        return clipped(self.next_words(self.campaign)[1], font, width, most)

    def next_height(self) -> int:
        """The height of the box that tells the next battle (or the ending)."""
        fonts = self.app.fonts
        lines = max(3, len(self.next_lines()))
        return fonts.head.get_linesize() + lines * fonts.small.get_linesize() + round(24 * fonts.scale)

    # --- actions --------------------------------------------------------------------------
    def fight(self) -> places.Transition:
        """The next battle on the table, over this screen; its result (or the pause menu) comes back
        here."""
        c = self.campaign
        if c is None:
            return None
        try:
            match = start_battle(c, story_of(c), deploy=self.app.settings.deploy_by_hand)
        except (CampaignError, RosterError, MapError, ValueError) as exc:
            self.tell(f"The battle cannot be set up: {exc}", bad=True)
            return None
        return places.Push(places.Battle(match, c.mode, campaign=self.path))

    def resume(self) -> places.Transition:
        """The next battle from the autosave, where it was left."""
        if self.resumable is None:
            return None
        return places.Push(places.Battle(self.resumable, self.resumable.mode, campaign=self.path))

    def start_pick(self) -> places.Transition:
        """The tables to pick the next battle's from."""
        self.picking, self.first = True, 0
        self.layout()
        return None

    def cancel_pick(self) -> places.Transition:
        """Back to the retinues."""
        self.picking = False
        self.layout()
        return None

    def pick(self, scenario: str) -> places.Transition:
        """The next battle is fought on this table."""
        if self.campaign is not None:
            try:
                if self.keep(choose_scenario(self.campaign, scenario)):
                    self.tell(f"The next battle is fought on {table_title(scenario)}")
            except CampaignError as exc:
                self.tell(str(exc), bad=True)
        return self.cancel_pick()

    def post_battle(self) -> places.Transition:
        """The post-battle sequence, step by step."""
        return places.Push(places.PostBattle(self.path))

    def muster(self, side: Side) -> places.Transition:
        """A person's muster of his side."""
        return places.Push(places.CampaignMuster(self.path, side))

    def chronicle(self) -> places.Transition:
        """The campaign's chronicle."""
        return places.Push(places.Chronicle(self.path))

    def back(self) -> places.Transition:
        """Escape: out of the tables, else back to the campaigns."""
        if self.picking:
            return self.cancel_pick()
        return places.Pop()

    def handle(self, event: pygame.event.Event) -> places.Transition:
        """The wheel (or Page Up and Page Down) scrolls the retinues; the rest as on every screen of
        buttons."""
        if event.type == pygame.MOUSEWHEEL and not self.picking:
            self.scroll = max(0, self.scroll - event.y)
            return None
        if event.type == pygame.KEYDOWN and event.key in PAGE_KEYS and not self.picking:
            self.scroll = max(0, self.scroll + PAGE_KEYS[event.key])
            return None
        return super().handle(event)

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The name, what the campaign is, the retinues (or the tables), the next battle, the line
        and the buttons."""
        w, h = surface.get_size()
        fonts = self.app.fonts
        super().draw(surface)
        c = self.campaign
        if c is None:
            problem = fit(self.problem, fonts.body, w - 40)
            text(surface, problem, fonts.body, (w // 2, h // 2), theme.BAD, "center")
            return
        fought = battles_fought(c)
        said = f"{kind_of(c)}  ·  {fought} battle{'s' if fought != 1 else ''} fought  ·  {standing(c)}"
        text(surface, fit(said, fonts.body, w - 40), fonts.body, (w // 2, self.title_bottom() + 4), theme.DIM,
             "midtop")
        if self.picking:
            text(surface, fit(pick_words(c), fonts.small, w - 40), fonts.small,
                 (w // 2, self.subtitle_bottom() + 4), theme.GOLD, "midtop")
        else:
            self.draw_retinues(surface, c)
            self.draw_next(surface, c)
        if self.line:
            colour = theme.BAD if self.bad else theme.GOLD
            line = fit(self.line, fonts.small, w - 40)
            text(surface, line, fonts.small, (w // 2, h - 8), colour, "midbottom")

    def draw_retinues(self, surface: pygame.Surface, c: Campaign) -> None:
        """Both retinues side by side, each in its panel under its name, Prestige and leader."""
        fonts, s = self.app.fonts, self.app.fonts.scale
        gap, pad = round(16 * s), round(12 * s)
        width = (self.panels.width - gap) // 2
        lines = {side: model_lines(c, side, self.content) for side in SIDES}
        head = fonts.head.get_linesize() + fonts.small.get_linesize() + pad
        room = max(1, (self.panels.height - head - 2 * pad) // fonts.small.get_linesize())
        self.scroll = min(self.scroll, max(0, max(len(v) for v in lines.values()) - room))
        for i, side in enumerate(SIDES):
            box = pygame.Rect(self.panels.left + i * (width + gap), self.panels.top, width,
                              self.panels.height)
            panel(surface, box)
            pygame.draw.rect(surface, theme.SIDE[side], (box.left, box.top, box.width, max(4, round(6 * s))))
            retinue = c.sides[side]
            name = f"{theme.SIDE_NAME[side]}: {retinue.roster.name}"
            y = text(surface, fit(name, fonts.head, width - 2 * pad), fonts.head,
                     (box.left + pad, box.top + pad), theme.SIDE_TEXT[side]).bottom
            models = len(retinue.roster.members)
            sub = f"Prestige {retinue.prestige}  ·  {models} models  ·  led by {leader(c, side)}"
            y = text(surface, fit(sub, fonts.small, width - 2 * pad), fonts.small, (box.left + pad, y),
                     theme.GOLD).bottom + pad // 2
            shown = lines[side][self.scroll:self.scroll + room]
            for words, colour, indent, right in shown:
                x = box.left + pad + indent * round(18 * s)
                room_right = box.right - pad - (fonts.small.size(right)[0] + pad if right else 0)
                text(surface, fit(words, fonts.small, room_right - x), fonts.small, (x, y), colour)
                if right:
                    text(surface, right, fonts.small, (box.right - pad, y), theme.GOLD, "topright")
                y += fonts.small.get_linesize()
            if self.scroll + room < len(lines[side]):
                more = (box.centerx, box.bottom - 4)
                text(surface, "▼ more (wheel or Page Down)", fonts.small, more, theme.DIM, "midbottom")

    def draw_next(self, surface: pygame.Surface, c: Campaign) -> None:
        """The next battle (its table, a narrative's stage and briefing), or how the campaign ended."""
        fonts, s = self.app.fonts, self.app.fonts.scale
        pad = round(12 * s)
        box = pygame.Rect(self.panels.left, self.panels.bottom + round(10 * s), self.panels.width,
                          self.next_height())
        panel(surface, box)
        heading = self.next_words(c)[0]
        y = text(surface, fit(heading, fonts.head, box.width - 2 * pad), fonts.head,
                 (box.left + pad, box.top + pad // 2), theme.GOLD).bottom
        for part in self.next_lines():
            y = text(surface, part, fonts.small, (box.left + pad, y), theme.TEXT).bottom

    def next_words(self, c: Campaign) -> tuple[str, str]:
        """The heading and the words of the box under the retinues."""
        now, narrative = phase(c), narrative_of(c)
        if now == "over":
            if narrative is not None and c.ending in narrative.endings:
                ending = narrative.endings[c.ending]
                return f"The end: {ending.title}", ending.epilogue
            return "The campaign is over", why_over(c).capitalize()
        if now == "post_battle" and c.pending is not None:
            won = c.pending.result.winner
            verdict = "a draw" if won == "draw" else f"won by {c.sides[won].roster.name}"
            return f"Battle {battles_fought(c)} is fought: {verdict}", "Its cost is still to be seen: the " \
                "casualties, the steeds, the Valour won and the Prestige."
        if now == "muster":
            who = ", ".join(theme.SIDE_NAME[s] for s in c.mustering)
            return "Muster", f"Before the next battle {who} may spend Prestige on new men, horses, Lances " \
                "and healers."
        heading, words = battle_words(c)
        away = absent_words(c)
        return heading, f"{words} {away}" if away else words

