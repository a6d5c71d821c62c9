"""The muster's parade ground: each model of a roster as his token on the table, a rank per Spear
(its Hero first), his name under him; the chosen model ringed in gold, a model with a problem in
red; and the list of problems under it. The tokens are the table's own (`battle.tokens.TokenArt`),
of models made for the picture."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.content.models import Content
from game.muster import Breach, MusterRules, Roster
from game.rules.engine import Table
from game.rules.state import Model, Side
from game.terrain.terrain_map import TerrainMap
from game.ui import theme
from game.ui.battle.tokens import TokenArt
from game.ui.screens.muster_edit import spear_rows
from game.ui.widgets import fit, panel, text

GROUND = (64, 84, 52)  # the parade ground's turf
GROUND_EDGE = (96, 116, 76)
SIDE: Side = "red"  # a roster's models are drawn in Orange's colours


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a model stands on the parade ground: his index in the roster and the cell he fills."""

    index: int
    centre: tuple[int, int]
    cell: pygame.Rect


@dataclass(frozen=True, slots=True)
class Rank:
    """A Spear's heading on the parade ground."""

    label: str
    at: tuple[int, int]


def figure(roster: Roster, index: int, content: Content, rules: MusterRules) -> Model | None:
    """A model of the roster as the table would hold him, facing the front (None for an unknown
    profile, which has no token)."""
    member = roster.members[index]
    prof = content.profiles.get(member.profile)
    if prof is None:
        return None
    weapons = list(member.weapons if member.weapons is not None else prof.weapons)
    if member.lance and rules.lance not in weapons:
        weapons.insert(0, rules.lance)
    hero = next((i for i, m in enumerate(roster.members) if m.spear == member.spear
                 and (p := content.profiles.get(m.profile)) is not None and p.type == "hero"), index)
    steed = member.steed if member.steed in content.steeds else None
    return Model(id=f"m{index}", side=SIDE, name=member.name, profile=member.profile, spear=f"m{hero}",
                 x=0.0, y=0.0, health=prof.health, weapons=weapons, steed=steed, skills=list(member.skills))


class Parade:
    """Lays out and draws a roster's tokens, and finds the model under the mouse."""

    def __init__(self, content: Content, rules: MusterRules) -> None:
        self.content, self.rules = content, rules
        self.table = Table(content, TerrainMap("parade", 1, 1, ["open"]))
        self.art = TokenArt()
        self.spots: list[Spot] = []
        self.ranks: list[Rank] = []
        self.px = 32

    def layout(self, roster: Roster, rect: pygame.Rect, font: pygame.font.Font) -> None:
        """A rank per Spear down the ground, the tokens as large as the widest rank allows."""
        rows = spear_rows(roster, self.content)
        self.spots, self.ranks = [], []
        if not rows:
            return
        widest = max(len(row.members) for row in rows)
        head = font.get_linesize()
        rank_h = (rect.height - 12) // len(rows)
        room = (rect.width - 24) // max(1, widest)
        self.px = max(12, min(48, room * 10 // 16, (rank_h - 3 * head - 16) // 2))
        cell_w = max(self.px * 16 // 10, (rect.width - 24) // max(1, widest))
        for r, row in enumerate(rows):
            top = rect.top + 6 + r * rank_h
            self.ranks.append(Rank(f"Spear {row.number}: {row.hero}", (rect.left + 12, top)))
            mid = top + head + 4 + self.px
            for k, index in enumerate(row.members):
                cell = pygame.Rect(rect.left + 12 + k * cell_w, top + head + 2, cell_w, rank_h - head - 4)
                self.spots.append(Spot(index, (cell.centerx, mid), cell))

    def at(self, pos: tuple[int, int]) -> int | None:
        """The index of the model whose cell holds the point, or None."""
        return next((s.index for s in self.spots if s.cell.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface, roster: Roster, rect: pygame.Rect, selected: int,
             flagged: set[int], fonts: tuple[pygame.font.Font, pygame.font.Font]) -> None:
        """The ground, each Spear's heading and its tokens, names under them; the chosen model and
        the models with problems marked."""
        head, small = fonts
        pygame.draw.rect(surface, GROUND, rect, border_radius=6)
        pygame.draw.rect(surface, GROUND_EDGE, rect, 2, border_radius=6)
        for rank in self.ranks:
            text(surface, fit(rank.label, head, rect.width - 24), head, rank.at, theme.GOLD)
        for spot in self.spots:
            if spot.index >= len(roster.members):
                continue
            self._token(surface, roster, spot)
            ring = self.px + 6
            if spot.index in flagged:
                pygame.draw.circle(surface, theme.BAD, spot.centre, ring, 3)
                at = (spot.centre[0] + ring - 4, spot.centre[1] - ring)
                text(surface, "!", head, at, theme.BAD, "midbottom")
            if spot.index == selected:
                pygame.draw.circle(surface, theme.GOLD, spot.centre, ring + 4, 3)
            member = roster.members[spot.index]
            name = fit(member.name, small, spot.cell.width - 4)
            colour = theme.BAD if spot.index in flagged else theme.TEXT
            at = (spot.centre[0], spot.centre[1] + self.px + 4)
            under = text(surface, name, small, at, colour, "midtop")
            carried = (["Lance"] if member.lance else []) + [self._skill(s) for s in member.skills]
            if carried:
                line = fit(", ".join(carried), small, spot.cell.width - 4)
                text(surface, line, small, (spot.centre[0], under.bottom), theme.GOLD, "midtop")

    def _skill(self, skill: str) -> str:
        known = self.content.skills.get(skill)
        return known.name if known is not None else skill

    def _token(self, surface: pygame.Surface, roster: Roster, spot: Spot) -> None:
        model = figure(roster, spot.index, self.content, self.rules)
        if model is None:
            pygame.draw.circle(surface, theme.BUTTON_OFF, spot.centre, self.px // 2)
            text(surface, "?", self.art.font(self.px), spot.centre, theme.BAD, "center")
            return
        token = self.art.token(model, self.table, self.px)
        surface.blit(token.image, (spot.centre[0] - token.centre[0], spot.centre[1] - token.centre[1]))


def draw_problems(surface: pygame.Surface, box: pygame.Rect, found: list[Breach], selected: int,
                  font: pygame.font.Font) -> list[tuple[pygame.Rect, Breach]]:
    """Every problem on a line of its own, as many as fit (those of the chosen model lit); returns
    where each line stands, for a click to choose its model."""
    panel(surface, box)
    step = font.get_linesize() + 2
    rows: list[tuple[pygame.Rect, Breach]] = []
    if not found:
        text(surface, "No problems: this retinue may take the field.", font, (box.left + 10, box.top + 6),
             theme.GOOD)
        return rows
    count = len(found)
    title = f"{count} problem{'s' if count != 1 else ''} (click one to choose its model):"
    text(surface, title, font, (box.left + 10, box.top + 6), theme.BAD)
    room = max(0, (box.height - 8 - step) // step)
    shown = found if len(found) <= room else found[:max(0, room - 1)]
    for k, breach in enumerate(shown):
        rect = pygame.Rect(box.left + 6, box.top + 6 + (k + 1) * step, box.width - 12, step)
        if breach.member is not None and breach.member == selected:
            pygame.draw.rect(surface, (90, 40, 36), rect, border_radius=3)
        text(surface, fit(f"• {breach.text}", font, rect.width - 8), font, (rect.left + 4, rect.top + 1),
             theme.TEXT)
        rows.append((rect, breach))
    if len(shown) < count:
        text(surface, f"… and {count - len(shown)} more", font,
             (box.left + 10, box.top + 6 + (len(shown) + 1) * step), theme.DIM)
    return rows
