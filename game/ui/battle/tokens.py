"""Miniatures as top-down tokens: round 1" bases on foot, 1"x2" bases for riders, status markers.

Drawn with pygame primitives; when game.ui.sprites exists its art is used for the bases.
"""

from __future__ import annotations

import importlib
import math
from collections import OrderedDict
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

import pygame

from game.rules.engine import Table
from game.rules.state import GameState, Model
from game.ui import theme
from game.ui.battle.camera import KEPT_ZOOMS, Camera

if TYPE_CHECKING:
    from game.ui.sprites import Sprites

ROLE_LETTER = {"captain": "C", "squire": "S", "fighter": "F", "shootist": "A"}
HORSE = {"warhorse": (104, 70, 44), "nag": (150, 122, 90)}
INK = (14, 12, 10)


SMALL_PX = 28  # below this many pixels per inch a painted figure is too small to tell its role by
MIN_GLYPH = 10  # the smallest letter or mark drawn on a token, in pixels, whatever the zoom
KEEP_ZOOMS = KEPT_ZOOMS  # token pictures are kept for this many sizes
Look = tuple[object, ...]


@dataclass(slots=True)
class Token:
    """A model's token drawn once: base, role letter, wounds and markers, and where its centre is."""

    look: Look
    image: pygame.Surface
    centre: tuple[int, int]  # the model's centre inside the image


class TokenArt:
    """Caches fonts, the sprite set (when available) and every model's finished token per size."""

    def __init__(self) -> None:
        self._fonts: dict[int, pygame.font.Font] = {}
        self._sprites: dict[int, Sprites] = {}
        self._tokens: OrderedDict[int, dict[str, Token]] = OrderedDict()
        self._veils: dict[int, pygame.Surface] = {}
        try:
            self._sprite_mod: ModuleType | None = importlib.import_module("game.ui.sprites")
        except ImportError:
            self._sprite_mod = None

    def font(self, px: int) -> pygame.font.Font:
        """A bold font for base letters."""
        size = max(8, int(px * 0.5))
        if size not in self._fonts:
            self._fonts[size] = pygame.font.SysFont("dejavusans,freesans", size, bold=True)
        return self._fonts[size]

    def sprite(self, m: Model, table: Table, px: int) -> pygame.Surface | None:
        """The sprite module's token for this model, if the module exists and has one."""
        if self._sprite_mod is None:
            return None
        if px not in self._sprites:
            try:
                if self._sprites:  # the pictures are loaded once; other sizes share them
                    first = next(iter(self._sprites.values()))
                    self._sprites[px] = self._sprite_mod.Sprites(first.sources, px)
                else:
                    self._sprites[px] = self._sprite_mod.Sprites.load(px)
            except Exception:  # missing art files: fall back to primitives
                self._sprite_mod = None
                return None
        try:
            return self._sprites[px].token(m, table)
        except Exception:
            return None

    def has_size(self, px: int) -> bool:
        """True if tokens have been drawn at this size (and are still kept)."""
        return px in self._tokens

    def token(self, m: Model, table: Table, px: int) -> Token:
        """The model's finished token at this size, drawn again only when its look changed."""
        tokens = self._tokens.get(px)
        if tokens is None:
            tokens = self._tokens[px] = {}
            while len(self._tokens) > KEEP_ZOOMS:
                self._tokens.popitem(last=False)
        else:
            self._tokens.move_to_end(px)
        look = (m.side, m.profile, m.steed, m.riderless, m.facing, m.health, m.mishap, m.stunned,
                m.feckless, m.reloads_needed, m.charge_bonus, tuple(m.weapons), m.spear == m.id)
        tok = tokens.get(m.id)
        if tok is None or tok.look != look:
            tok = tokens[m.id] = _paint_token(self, m, table, px, look)
        return tok

    def veil(self, px: int) -> pygame.Surface:
        """The grey veil over a model that has already acted this turn."""
        veil = self._veils.get(px)
        if veil is None:
            veil = self._veils[px] = pygame.Surface((px, px), pygame.SRCALPHA)
            pygame.draw.circle(veil, (20, 20, 20, 110), (px // 2, px // 2), px // 2)
        return veil


def _paint_token(art: TokenArt, m: Model, table: Table, px: int, look: Look) -> Token:
    """Draw a token on a clear canvas exactly as it would be drawn on the table, then crop it."""
    image = art.sprite(m, table, px)
    reach = 2 * px + 8 + (max(image.get_size()) // 2 if image is not None else px)
    canvas = pygame.Surface((2 * reach, 2 * reach), pygame.SRCALPHA)
    centre = (reach, reach)
    if image is not None:  # onto the clear canvas the sprite is copied as it is, alpha included
        canvas.blit(image, image.get_rect(center=centre), special_flags=pygame.BLEND_RGBA_MAX)
    elif m.steed is not None or m.riderless:
        _draw_rider(canvas, centre, table, m, px)
    else:
        _draw_foot(canvas, centre, m, px)
    _draw_rim(canvas, centre, table, m, px)
    if not m.riderless:
        _draw_facing(canvas, centre, m, px)
        if image is None or px < SMALL_PX:  # painted figures read only when large; else a letter
            _draw_letter(canvas, art, centre, table, m, px)
        if m.spear == m.id:
            _draw_hero_mark(canvas, centre, m, px)
        _draw_markers(canvas, art, centre, table, m, px)
    box = canvas.get_bounding_rect()
    return Token(look, canvas.subsurface(box).copy(), (reach - box.left, reach - box.top))


def ghost_token(art: TokenArt, m: Model, table: Table, px: int, facing: float, alpha: int = 140) -> Token:
    """A translucent copy of a model's token turned to `facing`: where a move would leave it."""
    ghost = m.copy()
    ghost.facing = facing
    tok = _paint_token(art, ghost, table, px, ("ghost", facing))
    tok.image.set_alpha(alpha)
    return tok


def draw_models(surface: pygame.Surface, cam: Camera, state: GameState, table: Table,
                art: TokenArt, selected: str = "", poses: dict[str, tuple[float, float, float]] | None = None,
                hovered: str = "", hidden: frozenset[str] = frozenset()) -> None:
    """Every model on the table, riderless steeds first, with markers (the crew of a vehicle are
    drawn with it, game.ui.battle.vehicles). `poses` moves some models while an animation plays.
    Where bases overlap, the active, the selected and the `hovered` model are drawn over the rest;
    the `hidden` ones (the other side's deployment in hot-seat) are not drawn."""
    px = round(cam.px_per_inch)
    order = sorted((m for m in state.models if not m.removed and not m.aboard and m.id not in hidden),
                   key=lambda m: not m.riderless)
    if not art.has_size(px):  # a new zoom level: every token at once, not one as each comes in view
        for m in order:
            art.token(m, table, px)
    scale = cam.px_per_inch
    vp = cam.viewport
    ox = vp.centerx - cam.centre[0] * cam.zoom
    oy = vp.centery - cam.centre[1] * cam.zoom
    shown = vp.inflate(px * 3, px * 3)
    ring = px // 2 + max(3, px // 8)
    on_top = (state.active_model, selected, hovered)  # drawn last, over any base they overlap
    order.sort(key=lambda m: (not m.riderless, on_top.index(m.id) + 1 if m.id in on_top else 0))
    for m in order:
        x, y = (poses[m.id][:2] if poses and m.id in poses else (m.x, m.y))
        centre = (round(ox + x * scale), round(oy + y * scale))  # as cam.to_screen
        if not shown.collidepoint(centre):
            continue
        tok = art.token(m, table, px)
        surface.blit(tok.image, (centre[0] - tok.centre[0], centre[1] - tok.centre[1]))
        if m.id == state.active_model:
            pygame.draw.circle(surface, theme.GOLD, centre, ring, 3)
        elif m.id == selected:
            pygame.draw.circle(surface, (255, 255, 255), centre, ring, 2)
        elif m.activated and not m.riderless:
            veil = art.veil(px)
            surface.blit(veil, veil.get_rect(center=centre))


def _heraldry(surface: pygame.Surface, centre: tuple[int, int], side: str, r: int) -> None:
    """The second cue beside colour: blue bases carry a ring, orange bases a square."""
    light = (245, 240, 228)
    w = max(2, r // 6)
    if side == "blue":
        pygame.draw.circle(surface, light, centre, max(3, r - w - 1), w)
    else:
        s = max(4, int(r * 1.3))
        pygame.draw.rect(surface, light, pygame.Rect(0, 0, s, s).move(centre[0] - s // 2,
                                                                      centre[1] - s // 2), w)


def _draw_foot(surface: pygame.Surface, centre: tuple[int, int], m: Model, px: int) -> None:
    r = px // 2
    pygame.draw.circle(surface, INK, centre, r + 1)
    pygame.draw.circle(surface, theme.SIDE[m.side], centre, r - 1)
    _heraldry(surface, centre, m.side, r)


def _draw_rider(surface: pygame.Surface, centre: tuple[int, int], table: Table, m: Model, px: int) -> None:
    """A capsule along the facing: the horse, its head at the front, the rider in the saddle."""
    ax, ay, bx, by = table.bases.spine_at(m.x, m.y, m.facing, True)
    a = (centre[0] + round((ax - m.x) * px), centre[1] + round((ay - m.y) * px))
    b = (centre[0] + round((bx - m.x) * px), centre[1] + round((by - m.y) * px))
    horse = HORSE.get(m.steed or "warhorse", HORSE["warhorse"])
    r = px // 2
    for colour, rad in ((INK, r + 1), (horse, r - 1)):
        pygame.draw.line(surface, colour, a, b, rad * 2)
        pygame.draw.circle(surface, colour, a, rad)
        pygame.draw.circle(surface, colour, b, rad)
    head = (b[0] + (b[0] - a[0]) * 0.45, b[1] + (b[1] - a[1]) * 0.45)
    pygame.draw.circle(surface, (60, 40, 24), (round(head[0]), round(head[1])), max(2, r // 3))
    if m.riderless:
        return
    pygame.draw.circle(surface, INK, centre, int(r * 0.82) + 1)
    pygame.draw.circle(surface, theme.SIDE[m.side], centre, int(r * 0.82))
    _heraldry(surface, centre, m.side, int(r * 0.82))


def _draw_rim(surface: pygame.Surface, centre: tuple[int, int], table: Table, m: Model, px: int) -> None:
    """The base's edge in its side's colour, dark outside: overlapping bases keep each its own outline."""
    mounted = m.steed is not None or m.riderless
    ax, ay, bx, by = table.bases.spine_at(m.x, m.y, m.facing, mounted)
    a = (centre[0] + (ax - m.x) * px, centre[1] + (ay - m.y) * px)
    b = (centre[0] + (bx - m.x) * px, centre[1] + (by - m.y) * px)
    r = table.bases.radius * px
    colour = theme.SIDE[m.side] if not m.riderless else (150, 140, 120)
    w = max(2, px // 12)
    for tint, rad, width in ((INK, r + w, w + 2), (colour, r + w // 2, w)):
        pygame.draw.polygon(surface, tint, _capsule(a, b, rad), width)


def _capsule(a: tuple[float, float], b: tuple[float, float], r: float) -> list[tuple[float, float]]:
    """The edge of a capsule round the spine a-b (a circle when a is b), as a closed polygon."""
    ang = math.atan2(b[1] - a[1], b[0] - a[0]) if a != b else 0.0
    n = max(8, min(24, int(r)))
    pts = [(b[0] + r * math.cos(ang - math.pi / 2 + math.pi * i / n),
            b[1] + r * math.sin(ang - math.pi / 2 + math.pi * i / n)) for i in range(n + 1)]
    pts += [(a[0] + r * math.cos(ang + math.pi / 2 + math.pi * i / n),
             a[1] + r * math.sin(ang + math.pi / 2 + math.pi * i / n)) for i in range(n + 1)]
    return pts


def _draw_facing(surface: pygame.Surface, centre: tuple[int, int], m: Model, px: int) -> None:
    """The facing: a light tick across the front of the base, pointing the way the model looks."""
    rad = math.radians(m.facing)
    ux, uy = math.sin(rad), -math.cos(rad)
    reach = px * (1.0 if m.steed is not None else 0.5)  # the base's front edge from its centre
    length = max(5.0, px * 0.3)
    start = (centre[0] + ux * (reach - length * 0.5), centre[1] + uy * (reach - length * 0.5))
    end = (centre[0] + ux * (reach + length * 0.5), centre[1] + uy * (reach + length * 0.5))
    pygame.draw.line(surface, INK, start, end, 5)
    pygame.draw.line(surface, (250, 246, 232), start, end, 2)


def _draw_hero_mark(surface: pygame.Surface, centre: tuple[int, int], m: Model, px: int) -> None:
    """A Hero's mark: a gold diamond at the base's upper left, at least MIN_GLYPH across."""
    h = max(MIN_GLYPH, px // 3) // 2 + 1
    x, y = centre[0] - px // 2, centre[1] - px // 2
    pts = [(x, y - h), (x + h, y), (x, y + h), (x - h, y)]
    pygame.draw.polygon(surface, INK, pts)
    inner = [(x, y - h + 2), (x + h - 2, y), (x, y + h - 2), (x - h + 2, y)]
    pygame.draw.polygon(surface, theme.GOLD, inner)


def _draw_letter(surface: pygame.Surface, art: TokenArt, centre: tuple[int, int], table: Table,
                 m: Model, px: int) -> None:
    letter = ROLE_LETTER.get(table.profile(m).role, "?")
    font = art.font(max(px, 2 * MIN_GLYPH))
    for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        img = font.render(letter, True, INK)
        surface.blit(img, img.get_rect(center=(centre[0] + dx, centre[1] + dy)))
    img = font.render(letter, True, (255, 255, 255))
    surface.blit(img, img.get_rect(center=centre))


def _draw_markers(surface: pygame.Surface, art: TokenArt, centre: tuple[int, int], table: Table,
                  m: Model, px: int) -> None:
    """Wounds as pips under the base; Mishap, stun, Feckless, reload and charge bonus beside it."""
    r = px // 2
    full = table.profile(m).health
    pip = max(2, px // 12)
    x0 = centre[0] - (full - 1) * pip * 3 // 2
    for i in range(full):
        colour = (90, 220, 90) if i < m.health else (70, 20, 20)
        pygame.draw.circle(surface, INK, (x0 + i * pip * 3, centre[1] + r + pip + 2), pip + 1)
        pygame.draw.circle(surface, colour, (x0 + i * pip * 3, centre[1] + r + pip + 2), pip)
    marks = []
    if m.mishap:
        marks.append(((220, 40, 40), "!"))
    if m.stunned:
        marks.append(((150, 90, 220), "z"))
    if m.feckless and m.feckless not in ("normal", "to_leader"):
        marks.append(((210, 170, 40), "?"))
    if m.reloads_needed:
        marks.append(((230, 230, 230), "R"))
    if m.charge_bonus:
        marks.append(((240, 200, 60), "»"))
    size = max(MIN_GLYPH, px // 3)
    font = art.font(max(14, size * 2 - 2))
    for i, (colour, glyph) in enumerate(marks):
        pos = (centre[0] + r + size // 2 - 2, centre[1] - r + i * (size + 2) + size // 2)
        pygame.draw.circle(surface, INK, pos, size // 2 + 2)
        pygame.draw.circle(surface, colour, pos, size // 2 + 1)
        img = font.render(glyph, True, INK)
        surface.blit(img, img.get_rect(center=pos))


def model_at(table: Table, state: GameState, x: float, y: float) -> Model | None:
    """The model whose base covers a point in inches (riders by their capsule): where bases overlap,
    the one whose centre is nearest the point, living ones before riderless steeds.

    Models aboard a vehicle are not found here: their tokens sit on its bed (vehicles.crew_at)."""
    under = [m for m in state.models if not m.removed and not m.aboard
             and table.bases.edge_distance_to_point(m, x, y) <= 0.05]
    if not under:
        return None
    return min(under, key=lambda m: (m.riderless, math.hypot(m.x - x, m.y - y)))
