"""The hint on the table: each suggested command numbered 1-3, as a move's path with the model's
ghost at its end, a line to the target of a fight or shot with its odds, or a label on the model
concerned; the highlighted one's preview in a box in the corner."""

from __future__ import annotations

import math

import pygame

from game.rules.engine import Table
from game.rules.explain import leg_facing
from game.rules.state import GameState
from game.ui import theme
from game.ui.battle.cache import panel, rendered, text
from game.ui.battle.camera import Camera
from game.ui.battle.tokens import Token, TokenArt, ghost_token
from game.ui.hints import Hint, HintBoard

Point = tuple[float, float]
COLOURS: dict[int, theme.Colour] = {1: (255, 228, 105), 2: (105, 228, 222), 3: (226, 160, 255)}
INK: theme.Colour = (14, 12, 10)
GHOSTS = 24  # ghost pictures kept


def hint_colour(rank: int, picked: int = 0) -> theme.Colour:
    """A hint's colour, dimmed when another hint is highlighted."""
    colour = COLOURS.get(rank, theme.TEXT)
    if picked and rank != picked:
        return (colour[0] * 5 // 9, colour[1] * 5 // 9, colour[2] * 5 // 9)
    return colour


class HintArt:
    """Ghost tokens at the ends of suggested moves, drawn once per model, facing and zoom."""

    def __init__(self) -> None:
        self._ghosts: dict[tuple[object, ...], Token] = {}

    def ghost(self, art: TokenArt, table: Table, state: GameState, hint: Hint, px: int) -> Token | None:
        """The ghost of the hint's model where its move would leave it (None if it has no model)."""
        m = state.find(hint.model)
        if m is None or m.aboard or len(hint.path) < 2:  # a driver's vehicle gets no ghost
            return None
        facing = round(leg_facing(m, hint.path[-2], hint.path[-1]))
        key = (m.id, m.side, m.profile, m.steed, m.health, facing, px)
        tok = self._ghosts.get(key)
        if tok is None:
            if len(self._ghosts) >= GHOSTS:
                self._ghosts.clear()
            tok = self._ghosts[key] = ghost_token(art, m, table, px, facing)
        return tok


def _order(board: HintBoard) -> list[Hint]:
    """The hints back to front: the highlighted one last, so it is drawn on top."""
    return sorted(board.shown, key=lambda h: (h.rank == board.picked, -h.rank))


def _target_point(state: GameState, target: str) -> Point | None:
    m = state.find(target)
    if m is not None and not m.removed:
        return m.x, m.y
    v = state.find_vehicle(target)
    return (v.x, v.y) if v is not None else None


def draw_hint_paths(surface: pygame.Surface, cam: Camera, table: Table, state: GameState, board: HintBoard,
                    art: TokenArt, ghosts: HintArt) -> None:
    """Under the models: each suggested move's path and ghost, each fight's or shot's line."""
    px = round(cam.px_per_inch)
    for hint in _order(board):
        colour = hint_colour(hint.rank, board.picked)
        width = 4 if hint.rank == board.picked else 3
        if hint.kind == "move" and len(hint.path) >= 2:
            pts = [cam.to_screen(x, y) for x, y in hint.path]
            pygame.draw.lines(surface, INK, False, pts, width + 3)
            pygame.draw.lines(surface, colour, False, pts, width)
            for p in pts[1:-1]:
                pygame.draw.circle(surface, colour, p, 5)
            tok = ghosts.ghost(art, table, state, hint, px)
            if tok is not None:
                surface.blit(tok.image, (pts[-1][0] - tok.centre[0], pts[-1][1] - tok.centre[1]))
            pygame.draw.circle(surface, INK, pts[-1], max(6, px // 2 + 4), 4)
            pygame.draw.circle(surface, colour, pts[-1], max(6, px // 2 + 4), 2)
        elif hint.kind == "line":
            m = state.find(hint.model)
            to = _target_point(state, hint.target)
            if m is None or to is None:
                continue
            a, b = cam.to_screen(m.x, m.y), cam.to_screen(*to)
            _dashed(surface, a, b, colour, width)
            pygame.draw.circle(surface, INK, b, max(6, px // 2 + 4), 4)
            pygame.draw.circle(surface, colour, b, max(6, px // 2 + 4), 2)


def _dashed(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int], colour: theme.Colour,
            width: int) -> None:
    """A dashed line with a dark edge (the dashes stand apart from a move's solid path)."""
    length = math.dist(a, b)
    if length < 1:
        return
    pygame.draw.line(surface, INK, a, b, width + 3)
    dash, gap = 12.0, 7.0
    t = 0.0
    while t < length:
        u = min(length, t + dash)
        p = (a[0] + (b[0] - a[0]) * t / length, a[1] + (b[1] - a[1]) * t / length)
        q = (a[0] + (b[0] - a[0]) * u / length, a[1] + (b[1] - a[1]) * u / length)
        pygame.draw.line(surface, colour, p, q, width)
        t = u + gap


def _anchor(cam: Camera, state: GameState, hint: Hint) -> tuple[tuple[int, int], int] | None:
    """What a hint's number stands beside, and how far from it (pixels): a move's end (its
    ghost), a long line's middle, else the target in contact or the model concerned."""
    px = round(cam.px_per_inch)
    if hint.kind == "move" and len(hint.path) >= 2:
        return cam.to_screen(*hint.path[-1]), px // 2 + 8
    m = state.find(hint.model) if hint.model else None
    if m is None or m.removed:
        return None
    reach = px + 4 if m.steed is not None else px // 2 + 6
    if hint.kind == "line":
        to = _target_point(state, hint.target)
        if to is not None:
            a, b = cam.to_screen(m.x, m.y), cam.to_screen(*to)
            if math.dist(a, b) > 4 * px:
                return ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2), 0
            return b, reach  # in contact: beside the target
    return cam.to_screen(m.x, m.y), reach


def _places(at: tuple[int, int], reach: int, size: tuple[int, int]) -> list[pygame.Rect]:
    """Where a mark of this size may stand beside a point: right, left, above, below."""
    out = [pygame.Rect((0, 0), size) for _ in range(4)]
    out[0].midleft = (at[0] + reach, at[1])
    out[1].midright = (at[0] - reach, at[1])
    out[2].midbottom = (at[0], at[1] - reach)
    out[3].midtop = (at[0], at[1] + reach)
    return out if reach else [out[0].move(-size[1] // 2, 0)]


def _token_rects(cam: Camera, state: GameState) -> list[pygame.Rect]:
    """The tokens on the table, as screen rectangles (riders a base long each way)."""
    px = round(cam.px_per_inch)
    out = []
    for m in state.models:
        if m.removed or m.aboard:
            continue
        size = 2 * px if m.steed is not None or m.riderless else px
        out.append(pygame.Rect(0, 0, size, size).move(cam.to_screen(m.x, m.y)).move(-size // 2, -size // 2))
    return out


def draw_hint_marks(surface: pygame.Surface, cam: Camera, state: GameState, board: HintBoard,
                    font: pygame.font.Font) -> list[pygame.Rect]:
    """Over the models: each hint's number, with its odds or its words beside it, on the first
    side of what it marks where it hides no token and no other mark (else moved down out of the
    other marks' way). Returns where the marks stand."""
    taken: list[pygame.Rect] = []
    view = cam.viewport
    tokens = _token_rects(cam, state)
    for hint in sorted(board.shown, key=lambda h: h.rank):
        found = _anchor(cam, state, hint)
        if found is None:
            continue
        colour = hint_colour(hint.rank, board.picked)
        r = max(9, font.get_height() // 2 + 2)
        tag = rendered(font, hint.tag, colour) if hint.tag else None
        size = (2 * r + (tag.get_width() + 14 if tag else 0), 2 * r)
        places = [b.clamp(view) for b in _places(*found, size)]
        box = next((b for b in places if b.collidelist(taken) < 0 and b.collidelist(tokens) < 0),
                   next((b for b in places if b.collidelist(taken) < 0), places[0]))
        for _ in range(8):
            hit = box.collidelist(taken)
            if hit < 0:
                break
            box.top = taken[hit].bottom + 3
        taken.append(box)
        centre = (box.left + r, box.centery)
        if tag is not None:
            back = pygame.Rect(centre[0], box.top + 2, box.right - centre[0], box.height - 4)
            pygame.draw.rect(surface, (16, 14, 12), back, border_radius=4)
            pygame.draw.rect(surface, colour, back, 1, border_radius=4)
            surface.blit(tag, tag.get_rect(midleft=(centre[0] + r + 5, box.centery)))
        pygame.draw.circle(surface, INK, centre, r + 2)
        pygame.draw.circle(surface, colour, centre, r)
        num = rendered(font, str(hint.rank), INK)
        surface.blit(num, num.get_rect(center=centre))
    return taken


def hint_points(cam: Camera, state: GameState, board: HintBoard) -> list[tuple[int, int]]:
    """The screen points the hints are drawn through: the models, the paths and the targets."""
    out: list[tuple[int, int]] = []
    for hint in board.shown:
        m = state.find(hint.model) if hint.model else None
        if m is not None:
            out.append(cam.to_screen(m.x, m.y))
        to = _target_point(state, hint.target) if hint.target else None
        if to is not None:
            out.append(cam.to_screen(*to))
        out += [cam.to_screen(x, y) for x, y in hint.path]
    return out


def draw_hint_box(surface: pygame.Surface, cam: Camera, board: HintBoard, fonts: theme.Fonts,
                  footer: str, avoid: list[pygame.Rect], points: list[tuple[int, int]]) -> None:
    """The highlighted hint's preview (its odds, terrain and jumps) in a corner of the table: the
    first of bottom left, top left, bottom right and top right that covers no mark or model of
    the hints (the one covering fewest if none is clear)."""
    hint = board.chosen()
    if hint is None:
        return
    body, head = fonts.small, fonts.get(15, True)
    colour = hint_colour(hint.rank)
    title = f"Hint {hint.rank}: {hint.text}" + (f"  ({hint.figure})" if hint.figure else "")
    lines = hint.lines
    width = max([rendered(head, title, colour).get_width()]
                + [rendered(body, ln, theme.TEXT).get_width() for ln in [*lines, footer]]) + 24
    width = min(width, cam.viewport.width - 20)
    height = head.get_linesize() + (len(lines) + 1) * body.get_linesize() + 22
    vp = cam.viewport.inflate(-20, -20)
    corners = [pygame.Rect(0, 0, width, height) for _ in range(4)]
    corners[0].bottomleft, corners[1].topleft = vp.bottomleft, vp.topleft
    corners[2].bottomright, corners[3].topright = vp.bottomright, vp.topright

    def covered(box: pygame.Rect) -> int:
        near = box.inflate(24, 24)
        return len(near.collidelistall(avoid)) + sum(near.collidepoint(p) for p in points)

    box = min(corners, key=covered)  # the first of those covering fewest
    panel(surface, box, 235)
    pygame.draw.rect(surface, colour, (box.left, box.top, 4, box.height), border_radius=2)
    y = box.top + 8
    text(surface, title, head, (box.left + 12, y), colour)
    y += head.get_linesize() + 2
    for line in lines:
        text(surface, line, body, (box.left + 12, y))
        y += body.get_linesize()
    text(surface, footer, body, (box.left + 12, y + 4), theme.DIM)
