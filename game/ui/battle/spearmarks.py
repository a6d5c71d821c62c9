"""The activating Spear marked on the table: a halo in its side's colour under each member's base,
a pennant over its Hero (under the tokens, so it hides no neighbour), a tick once a member has
activated, and a dashed halo with a dashed line to its Hero for a member still to activate outside
his Command Range.

The halo follows the base (a disc on foot, a capsule for a rider) and reaches past it, so it is
seen round a token at any zoom; it is drawn under the tokens, and neither the gold ring of the active
model nor the white ring of the selected one is hidden by it.
"""

from __future__ import annotations

import math

import pygame

from game.rules.engine import Table
from game.rules.state import GameState, Model
from game.ui import theme
from game.ui import vehicle_layout as vl
from game.ui.battle.camera import Camera
from game.ui.battle.spear import SpearMember
from game.ui.battle.tokens import INK
from game.ui.battle.vehicles import crew_spots

Point = tuple[float, float]
Shape = tuple[Point, Point, float]  # a capsule on screen: the two ends of its spine and its radius
Poses = dict[str, tuple[float, float, float]]
FILL_ALPHA = 95
DONE = (150, 150, 140)  # the thin ring left round a member that has activated


def halo_shapes(cam: Camera, table: Table, state: GameState, roll: tuple[SpearMember, ...],
                poses: Poses | None = None) -> list[tuple[SpearMember, Shape]]:
    """Each member on the table with the halo drawn round it (screen pixels)."""
    px = cam.px_per_inch
    pad = max(5.0, px * 0.35)
    out = []
    for member in roll:
        m = state.find(member.id)
        if m is None or m.removed or member.standing == "out":
            continue
        if m.aboard:
            spot = _crew_spot(table, state, m, poses)
            if spot is None:
                continue
            at = cam.to_screen(*spot)
            shape: Shape = ((at[0], at[1]), (at[0], at[1]), vl.CREW_INCHES / 2 * px + 3)
        else:
            x, y = poses[m.id][:2] if poses and m.id in poses else (m.x, m.y)
            ax, ay, bx, by = table.bases.spine_at(x, y, m.facing, m.steed is not None or m.riderless)
            a, b = cam.to_screen(ax, ay), cam.to_screen(bx, by)
            shape = ((a[0], a[1]), (b[0], b[1]), table.bases.radius * px + pad)
        out.append((member, shape))
    return out


def _crew_spot(table: Table, state: GameState, m: Model, poses: Poses | None) -> Point | None:
    cart = state.find_vehicle(m.aboard)
    if cart is None:
        return None
    pose = (poses or {}).get(cart.id)
    return next((spot for who, spot in crew_spots(table, state, cart, pose) if who.id == m.id), None)


def outline(shape: Shape) -> list[Point]:
    """The edge of a capsule (a circle when both ends are one point), as a closed polygon."""
    (ax, ay), (bx, by), r = shape
    ang = math.atan2(by - ay, bx - ax) if (ax, ay) != (bx, by) else 0.0
    n = max(8, min(40, int(r)))
    pts = [(bx + r * math.cos(ang - math.pi / 2 + math.pi * i / n),
            by + r * math.sin(ang - math.pi / 2 + math.pi * i / n)) for i in range(n + 1)]
    pts += [(ax + r * math.cos(ang + math.pi / 2 + math.pi * i / n),
             ay + r * math.sin(ang + math.pi / 2 + math.pi * i / n)) for i in range(n + 1)]
    return pts


def draw_spear_halos(surface: pygame.Surface, cam: Camera, table: Table, state: GameState,
                     roll: tuple[SpearMember, ...], poses: Poses | None = None, focus: str = "") -> None:
    """The halos, under the tokens (crewmen on a wagon get the ring alone, over its bed); the member
    shown on the card (`focus`), if out of Command Range, gets the line to his Hero."""
    view = cam.viewport
    shapes = halo_shapes(cam, table, state, roll, poses)
    for member, shape in shapes:
        (ax, ay), (bx, by), r = shape
        centre = ((ax + bx) / 2, (ay + by) / 2)
        reach = abs(bx - ax) / 2 + abs(by - ay) / 2 + r + 4
        if not view.inflate(2 * reach, 2 * reach).collidepoint(centre):
            continue
        m = state.find(member.id)
        style = ("done" if member.standing in ("activated", "held") else "flagged" if member.flagged
                 else "solid")
        image = halo_picture(style, theme.SIDE_TEXT.get(member.side, theme.TEXT),
                             (round((bx - ax) / 2), round((by - ay) / 2)), round(r),
                             fill=m is not None and not m.aboard)
        surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))
        if member.flagged and member.id == focus:
            _line_to_hero(surface, cam, state, member, shape, poses)
    _draw_pennants(surface, cam, shapes)


def _draw_pennants(surface: pygame.Surface, cam: Camera, shapes: list[tuple[SpearMember, Shape]]) -> None:
    """The Hero's pennant on the top of his halo, drawn under the tokens: a neighbour's base is
    never hidden by it (and a click there picks the neighbour, as the table shows)."""
    size = max(10, round(cam.px_per_inch * 0.55))
    for member, ((ax, ay), (bx, by), r) in shapes:
        if member.hero:
            foot = (round((ax + bx) / 2), round(min(ay, by) - r + r * 0.35))
            draw_pennant(surface, foot, size + 8, theme.SIDE.get(member.side, theme.TEXT))


_pictures: dict[tuple[object, ...], pygame.Surface] = {}
PICTURE_LIMIT = 256


def halo_picture(style: str, tint: theme.Colour, half: tuple[int, int], r: int, fill: bool) -> pygame.Surface:
    """A halo drawn once per look (`half`: from its centre to one end of its spine, in pixels):
    "solid" a translucent fill inside a ring, "flagged" a fainter fill inside a dashed ring, "done"
    a thin grey ring alone (a member who has activated, or will lose his activation)."""
    key = (style, tint, half, r, fill)
    image = _pictures.get(key)
    if image is not None:
        return image
    if len(_pictures) >= PICTURE_LIMIT:
        _pictures.clear()
    w, h = 2 * (abs(half[0]) + r) + 8, 2 * (abs(half[1]) + r) + 8
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    cx, cy = w / 2, h / 2
    edge = outline(((cx - half[0], cy - half[1]), (cx + half[0], cy + half[1]), float(r)))
    if style == "done":
        pygame.draw.polygon(image, DONE, edge, 1)
    else:
        if fill:
            pygame.draw.polygon(image, (*tint, FILL_ALPHA // 2 if style == "flagged" else FILL_ALPHA), edge)
        if style == "flagged":
            _dashed(image, edge, INK, 5)
            _dashed(image, edge, tint, 3)
        else:
            pygame.draw.polygon(image, INK, edge, 5)
            pygame.draw.polygon(image, tint, edge, 3)
    _pictures[key] = image
    return image


def _dashed(surface: pygame.Surface, edge: list[Point], colour: theme.Colour, width: int) -> None:
    """A closed outline drawn as dashes about 7 pixels long, with gaps of about 5."""
    ring = [*edge, edge[0]]
    run, on = 0.0, True
    for (x0, y0), (x1, y1) in zip(ring, ring[1:], strict=False):
        if on:
            pygame.draw.line(surface, colour, (x0, y0), (x1, y1), width)
        run += math.hypot(x1 - x0, y1 - y0)
        if run >= (7.0 if on else 5.0):
            run, on = 0.0, not on


def _line_to_hero(surface: pygame.Surface, cam: Camera, state: GameState, member: SpearMember,
                  shape: Shape, poses: Poses | None) -> None:
    """A dashed line from a member out of Command Range towards his Hero, from halo to halo."""
    m = state.find(member.id)
    hero = state.find(m.spear) if m is not None else None
    if m is None or hero is None or hero.removed or hero.aboard:
        return
    hx, hy = poses[hero.id][:2] if poses and hero.id in poses else (hero.x, hero.y)
    (ax, ay), (bx, by), r = shape
    start = ((ax + bx) / 2, (ay + by) / 2)
    end = cam.to_screen(hx, hy)
    gap = math.hypot(end[0] - start[0], end[1] - start[1])
    reach = r * 1.6  # from outside this halo to outside the Hero's
    if gap <= 2 * reach:
        return
    ux, uy = (end[0] - start[0]) / gap, (end[1] - start[1]) / gap
    t = reach
    while t < gap - reach:
        t2 = min(t + 7.0, gap - reach)
        p, q = (start[0] + ux * t, start[1] + uy * t), (start[0] + ux * t2, start[1] + uy * t2)
        pygame.draw.line(surface, INK, p, q, 4)
        pygame.draw.line(surface, theme.BAD, p, q, 2)
        t += 12.0


def draw_spear_badges(surface: pygame.Surface, cam: Camera, table: Table, state: GameState,
                      roll: tuple[SpearMember, ...], poses: Poses | None = None) -> None:
    """Over the tokens: a tick at the halo's upper left on each member that has activated (the
    tokens' own markers sit on their right, their wounds below; the Hero's pennant is drawn with the
    halos, under the tokens)."""
    size = max(10, round(cam.px_per_inch * 0.55))
    for member, shape in halo_shapes(cam, table, state, roll, poses):
        (ax, ay), (bx, by), r = shape
        left, top = min(ax, bx) - r, min(ay, by) - r
        if member.standing == "activated":
            draw_tick(surface, (round(left + r * 0.45), round(top + r * 0.45)), size)


def draw_pennant(surface: pygame.Surface, foot: tuple[int, int], height: int, colour: theme.Colour) -> None:
    """A Hero's pennant: a staff standing on `foot` with a swallow-tailed flag flying right."""
    x, y = foot
    tip = (x, y - height)
    fly = max(5, height * 2 // 3)
    drop = max(4, height * 2 // 5)
    flag = [tip, (x + fly, tip[1] + drop // 4), (x + fly * 2 // 3, tip[1] + drop // 2),
            (x + fly, tip[1] + drop * 3 // 4), (x, tip[1] + drop)]
    pygame.draw.line(surface, INK, (x, y), tip, 4)
    pygame.draw.polygon(surface, INK, flag, 0)
    pygame.draw.polygon(surface, INK, flag, 3)
    pygame.draw.polygon(surface, colour, flag, 0)
    pygame.draw.line(surface, (245, 240, 228), (x, y), tip, 2)


def draw_tick(surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
    """A member that has activated: a green tick on a dark disc."""
    r = max(5, size // 2)
    pygame.draw.circle(surface, INK, centre, r)
    x, y = centre
    pts = [(x - r * 0.5, y), (x - r * 0.1, y + r * 0.45), (x + r * 0.55, y - r * 0.45)]
    pygame.draw.lines(surface, theme.GOOD, False, pts, max(2, r // 3))


def draw_ring_glyph(surface: pygame.Surface, centre: tuple[int, int], r: int, colour: theme.Colour,
                    dashed: bool = False) -> None:
    """A small halo for the side panel: solid, or dashed for a member out of Command Range."""
    edge = outline(((centre[0], centre[1]), (centre[0], centre[1]), float(r)))
    if dashed:
        _dashed(surface, edge, colour, 2)
    else:
        pygame.draw.polygon(surface, tuple(c * 2 // 5 for c in colour), edge, 0)  # the panel is opaque
        pygame.draw.polygon(surface, colour, edge, 2)
