"""What is drawn over the map: obstacles, objectives, zones, range rings, paths, ruler and sight."""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import cast

import pygame

from game.rules.context import Table
from game.rules.feckless import command_range
from game.rules.move_command import MOUNTED_CHARGE_REACH, base_allowance
from game.rules.shooting import ShotPlan, blockers, missile_weapon
from game.rules.state import GameState, Model
from game.terrain.geometry import sight_blocked
from game.ui import theme
from game.ui.battle.camera import Camera
from game.ui.widgets import text

OBSTACLE = {"wall": (160, 160, 156), "fence": (150, 108, 62), "hedge": (44, 120, 44),
            "ditch": (86, 66, 42), "stakes": (200, 170, 120)}
Point = tuple[float, float]


def draw_features(surface: pygame.Surface, cam: Camera, table: Table, state: GameState) -> None:
    """Deployment zones (subtle), obstacles and objectives."""
    terrain = table.terrain
    if state.turn <= 1:
        for zone in terrain.zones:
            a = cam.to_screen(zone.x, zone.y)
            b = cam.to_screen(zone.x + zone.w, zone.y + zone.h)
            pygame.draw.rect(surface, theme.SIDE[zone.side], pygame.Rect(a, (b[0] - a[0], b[1] - a[1])), 1)
    for obs in terrain.obstacles:
        pts = [cam.to_screen(x, y) for x, y in obs.points]
        width = max(2, cam.inches(obs.width * 0.7))
        pygame.draw.lines(surface, (18, 16, 14), False, pts, width + 2)
        pygame.draw.lines(surface, OBSTACLE.get(obs.kind, (200, 200, 200)), False, pts, width)
        if obs.tall:
            pygame.draw.lines(surface, (240, 240, 235), False, pts, 1)
    for obj in terrain.objectives:
        centre = cam.to_screen(obj.x, obj.y)
        taken = obj.name in state.looted
        colour = (120, 120, 120) if taken else (240, 200, 40)
        pygame.draw.circle(surface, (20, 18, 10), centre, cam.inches(obj.radius) + 1, 3)
        pygame.draw.circle(surface, colour, centre, cam.inches(obj.radius), 2)
        r = cam.inches(0.35)
        diamond = [(centre[0], centre[1] - r), (centre[0] + r, centre[1]), (centre[0], centre[1] + r),
                   (centre[0] - r, centre[1])]
        pygame.draw.polygon(surface, (20, 18, 10), diamond)
        pygame.draw.polygon(surface, colour, [(x * 0.7 + centre[0] * 0.3, y * 0.7 + centre[1] * 0.3)
                                              for x, y in diamond])


def rings(table: Table, state: GameState, m: Model) -> list[tuple[float, str, theme.Colour]]:
    """Range rings around a model: move, charge, Command Range, short and long shooting."""
    left = max(0.0, base_allowance(table, m) - m.moved_distance)
    out: list[tuple[float, str, theme.Colour]] = []
    if not m.moved:
        bonus = MOUNTED_CHARGE_REACH if m.steed else table.numbers.charge_bonus
        out += [(left, f"move {left:g}\"", (120, 230, 120)),
                (left + bonus, f"charge {left + bonus:g}\"", (240, 150, 60))]
    if m.spear == m.id:
        cr = command_range(table, m)
        out.append((cr, f"command {cr:g}\"", (200, 200, 255)))
    weapon = missile_weapon(table, m)
    if weapon is not None:
        if weapon.short_range:
            out.append((weapon.short_range, f"short {weapon.short_range:g}\"", (250, 230, 120)))
        if weapon.long_range and m.steed is None:
            out.append((weapon.long_range, f"long {weapon.long_range:g}\"", (230, 120, 120)))
    return out


def draw_rings(surface: pygame.Surface, cam: Camera, table: Table, state: GameState, m: Model,
               font: pygame.font.Font) -> None:
    """Draw the rings, each measured from the base edge, labelled at its top."""
    centre = cam.to_screen(m.x, m.y)
    edge = 1.0 if m.steed else 0.5
    for i, (reach, label, colour) in enumerate(rings(table, state, m)):
        r = cam.inches(reach + edge)
        pygame.draw.circle(surface, (10, 10, 10), centre, r, 4)
        pygame.draw.circle(surface, colour, centre, r, 2)
        ang = math.radians(-90 + 18 * i)
        pos = (centre[0] + int(r * math.cos(ang)), centre[1] + int(r * math.sin(ang)))
        _label(surface, label, font, pos, colour)


def _label(surface: pygame.Surface, msg: str, font: pygame.font.Font, pos: tuple[int, int],
           colour: theme.Colour) -> None:
    img = font.render(msg, True, colour)
    box = img.get_rect(center=pos).inflate(8, 2)
    pygame.draw.rect(surface, (16, 14, 12), box, border_radius=3)
    surface.blit(img, img.get_rect(center=pos))


def draw_path(surface: pygame.Surface, cam: Camera, path: list[Point], legal: bool) -> None:
    """A move's path: green when legal, red with a cross when not."""
    if len(path) < 2:
        return
    colour = (110, 235, 110) if legal else (240, 80, 70)
    pts = [cam.to_screen(x, y) for x, y in path]
    pygame.draw.lines(surface, (10, 10, 10), False, pts, 5)
    pygame.draw.lines(surface, colour, False, pts, 3)
    for p in pts[1:-1]:
        pygame.draw.circle(surface, colour, p, 5)
    end = pts[-1]
    if legal:
        pygame.draw.circle(surface, colour, end, cam.inches(0.5), 2)
    else:
        d = 7
        pygame.draw.line(surface, colour, (end[0] - d, end[1] - d), (end[0] + d, end[1] + d), 3)
        pygame.draw.line(surface, colour, (end[0] - d, end[1] + d), (end[0] + d, end[1] - d), 3)


def draw_ruler(surface: pygame.Surface, cam: Camera, a: Point, b: Point, font: pygame.font.Font) -> None:
    """A measuring tape between two points, in inches."""
    pa, pb = cam.to_screen(*a), cam.to_screen(*b)
    pygame.draw.line(surface, (10, 10, 10), pa, pb, 5)
    pygame.draw.line(surface, (250, 240, 120), pa, pb, 3)
    dist = math.dist(a, b)
    for k in range(1, int(dist) + 1):
        t = k / dist
        tick = (round(pa[0] + (pb[0] - pa[0]) * t), round(pa[1] + (pb[1] - pa[1]) * t))
        pygame.draw.circle(surface, (10, 10, 10), tick, 3)
    _label(surface, f"{dist:.1f}\"", font, ((pa[0] + pb[0]) // 2, (pa[1] + pb[1]) // 2 - 14),
           (250, 240, 120))


def sight(table: Table, state: GameState, m: Model, to: Point) -> tuple[bool, int]:
    """Whether the model sees the point, and how many Blocked Shot rolls a shot there would need."""
    if sight_blocked(table.terrain, (m.x, m.y), to):
        return False, 0
    target = m.copy()
    target.x, target.y = to
    for o in state.models:
        if not o.removed and o is not m and math.hypot(o.x - to[0], o.y - to[1]) < 0.5:
            target = o
    fake = SimpleNamespace(shooter=m, target=target, distance=math.dist((m.x, m.y), to))
    return True, len(blockers(table, state, cast(ShotPlan, fake)))


def draw_sight(surface: pygame.Surface, cam: Camera, table: Table, state: GameState, m: Model,
               to: Point, font: pygame.font.Font) -> None:
    """The line of sight from a model to the mouse, with the Blocked Shot count."""
    seen, n = sight(table, state, m, to)
    pa, pb = cam.to_screen(m.x, m.y), cam.to_screen(*to)
    colour = (120, 220, 255) if seen else (240, 80, 70)
    pygame.draw.line(surface, (10, 10, 10), pa, pb, 5)
    pygame.draw.line(surface, colour, pa, pb, 3)
    msg = f"Blocked Shots: {n}" if seen else "No line of sight"
    _label(surface, msg, font, (pb[0], pb[1] - 22), colour)


def draw_banner(surface: pygame.Surface, msg: str, font: pygame.font.Font, pos: tuple[int, int],
                colour: theme.Colour = theme.TEXT) -> None:
    """A one-line label with a dark backing, centred at pos."""
    text(surface, msg, font, pos, colour, "center")
