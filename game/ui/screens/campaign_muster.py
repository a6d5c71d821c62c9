"""A person's muster between two battles of a campaign: only what Prestige buys (RULES-BRIEF §12.3).

The side's retinue is listed model by model with how he stands (his steed and Lance, his Valour
and the Skills it won him, his lasting injuries, whether he misses the next battle), and the
side's Prestige over it. A click chooses a model; the buttons beside the list are what may be
bought for him (a horse of the kind his role rides, a Lance, a healer) and for the retinue (a new
Retainer of each profile the muster allows), each with its price. What cannot be bought is greyed,
with the reason under it. Each purchase writes the campaign file at once and says its chronicle
line; *Done* ends this side's muster.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

from game.campaign.market import Market, MarketError, healer, hire, horse, lance
from game.campaign.model import Campaign, Event, MemberRecord, Side
from game.campaign.progress import CampaignError, done_mustering
from game.content.models import ROLE_STEEDS
from game.muster.roster import RosterMember, skill_name
from game.persist.campaigns import CampaignFileError, read_campaign, write_campaign
from game.ui import places, theme
from game.ui.app import App
from game.ui.campaign_link import hurt_words
from game.ui.screens.base import TITLE_TOP, ButtonScreen
from game.ui.widgets import Button, fit, panel, text

Purchase = Callable[[], tuple[Campaign, Event]]


def a(name: str) -> str:
    """A name with its article: a Warhorse, an Archer."""
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def standing(m: RosterMember, rec: MemberRecord, market: Market) -> str:
    """How a model stands, in words: his profile and steed, Valour and Skills won (his injuries and
    whether he misses the next battle are said under it, `hurt_words`)."""
    content = market.content
    parts = [content.profiles[m.profile].name]
    parts.append(content.steeds[m.steed].name if m.steed in content.steeds else "on foot")
    if m.lance:
        parts.append("Lance")
    if market.is_hero(m):
        parts.append(f"Valour {rec.valour}")
    if rec.skills_gained:
        parts.append("Skills won: " + ", ".join(skill_name(s) for s in rec.skills_gained))
    if rec.veteran:
        parts.append(f"veteran ×{rec.veteran}" if rec.veteran > 1 else "veteran")
    return " · ".join(parts)


class CampaignMusterScreen(ButtonScreen):
    """One side's muster of a campaign file."""

    title = "Muster"  # (drawn with the retinue's name)

    def __init__(self, app: App, path: Path, side: str) -> None:
        self.path = path
        self.side: Side = "blue" if side == "blue" else "red"
        self.c = read_campaign(path)
        self.market = Market.shipped()
        self.chosen = 0  # the roster index of the model the purchases are for
        self.line, self.bad = "", False
        self.reasons: list[tuple[pygame.Rect, str]] = []  # under each greyed purchase, why
        self.notes: list[tuple[tuple[int, int], str, pygame.font.Font, theme.Colour]] = []  # headings
        self.rows = 0  # the buttons of the roster (the first of self.buttons)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.shop_rect = pygame.Rect(0, 0, 0, 0)
        super().__init__(app)

    # --- what may be bought ---------------------------------------------------------------
    def purchases(self) -> list[tuple[str, Purchase]]:
        """What may be bought, each labelled with its price: for the chosen model, then the
        retinue's new Retainers."""
        c, side, market = self.c, self.side, self.market
        prices = market.rules.prices
        members, records = c.sides[side].roster.members, c.sides[side].records
        out: list[tuple[str, Purchase]] = []
        if members:
            i = min(self.chosen, len(members) - 1)
            m, number = members[i], records[i].number
            kind = ROLE_STEEDS[market.role(m)]
            steed = next((sid for sid, s in market.content.steeds.items() if s.steed_kind == kind), kind)
            name = market.content.steeds[steed].name
            out.append((f"Horse: {a(name)} ({market.steed_price(steed)} Prestige)",
                        partial(horse, c, side, number, steed, market)))
            out.append((f"Lance ({prices.lance} Prestige)", partial(lance, c, side, number, market)))
            out.append((f"Healer: fit for the next battle ({prices.healer} Prestige)",
                        partial(healer, c, side, number, market)))
        for pid in self.retainer_profiles():
            profile = market.content.profiles[pid]
            out.append((f"Hire {a(profile.name)} ({prices.retainer} Prestige)",
                        partial(hire, c, side, pid, market=market)))
        return out

    def retainer_profiles(self) -> list[str]:
        """The Retainers' profiles a retinue is mustered from (those of the blank retinue's Spears),
        in the order of the profiles' table."""
        content, spears = self.market.content, self.market.muster.blank.spears
        mustered = {p for spear in spears for p in spear}
        return [pid for pid, p in content.profiles.items() if pid in mustered and p.type != "hero"]

    @staticmethod
    def refusal(purchase: Purchase) -> str:
        """Why a purchase cannot be made now ("" if it can), by trying it on the campaign as it is."""
        try:
            purchase()
        except MarketError as exc:
            return str(exc)
        return ""

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        """The roster down the left, the purchases down the right with their reasons, Done under them."""
        w, h = self.app.surface.get_size()
        fonts, s = self.app.fonts, self.app.fonts.scale
        top = self.title_bottom() + fonts.head.get_linesize() + int(18 * s)
        bottom = h - fonts.small.get_linesize() - 24
        done_h = fonts.body.get_linesize() + int(18 * s)
        self.list_rect = pygame.Rect(20, top, int(w * 0.56) - 30, bottom - top)
        self.shop_rect = pygame.Rect(self.list_rect.right + 20, top, w - self.list_rect.right - 40,
                                     bottom - top - done_h - int(14 * s))
        self.buttons = self.roster_rows()
        self.rows = len(self.buttons)
        self.buttons += self.shop_buttons()
        done = pygame.Rect(0, 0, min(self.shop_rect.width, int(220 * s)), done_h)
        done.bottomright = (self.shop_rect.right, bottom)
        self.buttons.append(Button("Done", self.done, done))

    def roster_rows(self) -> list[Button]:
        """A button per model (his name), the chosen one lit."""
        members = self.c.sides[self.side].roster.members
        box = self.list_rect.inflate(-20, -20)
        font = self.app.fonts.body
        room = box.height // max(1, len(members))
        step = max(font.get_linesize() + 2, min(int(font.get_linesize() * 1.9), room))
        width = min(int(box.width * 0.42), max(font.size(m.name)[0] for m in members) + 30) if members else 0
        out = []
        for i, m in enumerate(members):
            rect = pygame.Rect(box.left, box.top + i * step, width, step - 4)
            out.append(Button(fit(m.name, font, width - 16), partial(self.choose, i), rect,
                              selected=i == self.chosen))
        return out

    def shop_buttons(self) -> list[Button]:
        """The purchases under their headings (for the chosen model, for the retinue), each greyed
        with its reason under it when it cannot be made (the Retainers' one reason said once); in a
        small window the buttons are made lower so that all of them fit above Done."""
        box = self.shop_rect.inflate(-24, -20)
        items = [(label, purchase, self.refusal(purchase)) for label, purchase in self.purchases()]
        body = self.app.fonts.body.get_linesize()
        out, bottom = self.place_shop(items, box, body + 10, 4)
        if bottom > box.bottom and items:
            lower = body + 10 + 2 - math.ceil((bottom - box.bottom) / len(items))  # the gaps of 4 made 2
            out, bottom = self.place_shop(items, box, max(body + 2, lower), 2)
        return out

    def place_shop(self, items: list[tuple[str, Purchase, str]], box: pygame.Rect, bh: int,
                   gap: int) -> tuple[list[Button], int]:
        """The purchases' buttons (bh high, gap apart) under their headings from the top of the box,
        their reasons and headings noted; the buttons and the y under the last."""
        fonts = self.app.fonts
        heading, reason = fonts.head.get_linesize() + 4, fonts.small.get_linesize()
        members = self.c.sides[self.side].roster.members
        who = members[min(self.chosen, len(members) - 1)].name if members else ""
        split = 3 if members else 0
        hires = {why for _, _, why in items[split:]}
        shared = next(iter(hires)) if len(hires) == 1 and len(items) > split + 1 else ""
        out, self.reasons, self.notes = [], [], []
        y = box.top
        for k, (label, purchase, why) in enumerate(items):
            if k == 0 and split:
                self.notes.append(((box.left, y), f"For {who}", fonts.head, theme.GOLD))
                y += heading
            if k == split:
                y += 4 if k else 0
                self.notes.append(((box.left, y), "For the retinue", fonts.head, theme.GOLD))
                y += heading
                if shared:
                    self.notes.append(((box.left + 4, y), shared, fonts.small, theme.DIM))
                    y += reason + 4
            rect = pygame.Rect(box.left, y, box.width, bh)
            out.append(Button(label, partial(self.buy, purchase), rect, enabled=not why, hint=why))
            y += bh + gap
            if why and not (k >= split and shared):
                self.reasons.append((rect, why))
                y += reason
        return out, y - gap

    # --- acting ---------------------------------------------------------------------------
    def choose(self, index: int) -> None:
        """Choose a model: the purchases are for him."""
        self.chosen = index
        self.layout()

    def buy(self, purchase: Purchase) -> None:
        """Make a purchase and write the campaign at once; say its chronicle line (or why not)."""
        try:
            c, event = purchase()
            write_campaign(c, self.path)
        except (MarketError, CampaignFileError, OSError) as exc:
            self.line, self.bad = " ".join(str(exc).split()), True
            return
        self.c = c
        self.line, self.bad = event.text[:1].upper() + event.text[1:], False
        self.layout()

    def done(self) -> places.Transition:
        """This side's muster is over: written at once; the other side's muster next if a person
        leads it too, else back to the campaign."""
        try:
            c = done_mustering(self.c, self.side)
            write_campaign(c, self.path)
        except CampaignError:
            return places.Pop()  # this side was not mustering: nothing to end
        except (CampaignFileError, OSError) as exc:
            self.line, self.bad = " ".join(str(exc).split()), True
            return None
        if c.mustering:
            return places.Replace(places.CampaignMuster(self.path, c.mustering[0]))
        return places.Pop()

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The retinue's name and Prestige, the roster with each model's standing, the purchases."""
        w, h = surface.get_size()
        fonts = self.app.fonts
        retinue = self.c.sides[self.side]
        text(surface, fit(f"Muster: {retinue.roster.name}", fonts.title, w - 40), fonts.title,
             (w // 2, TITLE_TOP), theme.SIDE_TEXT[self.side], "midtop")
        text(surface, f"Prestige: {retinue.prestige}   ·   spend it on what the battle cost you", fonts.head,
             (w // 2, self.title_bottom() + 4), theme.GOLD, "midtop")
        panel(surface, self.list_rect)
        panel(surface, self.shop_rect)
        self.draw_standing(surface)
        self.draw_shop_headings(surface)
        self.draw_buttons(surface)
        for rect, why in self.reasons:
            text(surface, fit(why, fonts.small, rect.width), fonts.small, (rect.left + 4, rect.bottom + 2),
                 theme.DIM)
        if self.line:
            text(surface, fit(self.line, fonts.small, w - 40), fonts.small, (w // 2, h - 10),
                 theme.BAD if self.bad else theme.GOLD, "midbottom")

    def draw_standing(self, surface: pygame.Surface) -> None:
        """Beside each model's button, how he stands, and under it (in red) his wounds and whether he
        misses the next battle."""
        retinue = self.c.sides[self.side]
        font = self.app.fonts.small
        for button, m, rec in zip(self.buttons[:self.rows], retinue.roster.members, retinue.records,
                                  strict=False):
            left = button.rect.right + 12
            room = self.list_rect.right - 12 - left
            said, hurt = standing(m, rec, self.market), " · ".join(hurt_words(rec, wounded=""))
            y = button.rect.centery - (font.get_linesize() if hurt else font.get_linesize() // 2)
            text(surface, fit(said, font, room), font, (left, y), theme.TEXT)
            if hurt:
                text(surface, fit(hurt, font, room), font, (left, y + font.get_linesize()), theme.BAD)

    def draw_shop_headings(self, surface: pygame.Surface) -> None:
        """Over the purchases: for whom they are (and the Retainers' one reason, if they share one)."""
        width = self.shop_rect.width - 24
        for pos, words, font, colour in self.notes:
            text(surface, fit(words, font, width), font, pos, colour)
