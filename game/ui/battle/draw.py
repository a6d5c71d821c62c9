"""Drawing the battle screen, layer by layer, from a frame's view (`BattleView`): drawing reads
the view and changes nothing the screen decides with."""

from __future__ import annotations

import pygame

from game.rules.commands import Deploy
from game.ui import theme
from game.ui.battle import overlays
from game.ui.battle.cache import Same, panel, rendered, text
from game.ui.battle.camera import Camera
from game.ui.battle.driving import draw_contact
from game.ui.battle.hintmarks import draw_hint_box, draw_hint_marks, draw_hint_paths, hint_points
from game.ui.battle.hud import draw_ring_legend, draw_tooltip, ring_legend_rect
from game.ui.battle.layout import PreviewBox, bar_font, base_rect
from game.ui.battle.spearmarks import draw_spear_badges, draw_spear_halos
from game.ui.battle.tokens import draw_models, ghost_token
from game.ui.battle.vehicles import draw_vehicles
from game.ui.battle.view import BattleView
from game.ui.eventtext import ram_summary
from game.ui.solo import TRAIL_SECONDS
from game.ui.widgets import Button, fit


def draw_battle(view: BattleView, surface: pygame.Surface) -> None:
    """The table in its viewport, then the HUD around it."""
    layout, cam, hud = view.layout, view.camera, view.hud
    frame = layout.frame
    if not cam.draw_map(surface):
        surface.fill((20, 22, 18), cam.viewport)
    clip = surface.get_clip()
    surface.set_clip(cam.viewport)
    _draw_table(view, surface)
    surface.set_clip(clip)
    hud.draw_top(surface, frame.top_rect, view.state)
    if layout.panel is not None:
        hud.draw_panel(surface, frame.panel_rect, layout.panel, layout.plan, view.mouse)
    _draw_bar(view, surface, frame.bar_rect, list(layout.actions), view.mouse, view.banner)
    draw_tooltip(surface, view.fonts, layout.buttons, view.mouse, cam.viewport)


def _draw_bar(view: BattleView, surface: pygame.Surface, rect: pygame.Rect, buttons: list[Button],
              mouse: tuple[int, int], banner: tuple[str, str] | None) -> None:
    """The action bar with the AI's banner in it, drawn again only when its buttons, the one under
    the mouse or the banner change."""
    key = (Same(view.fonts.body), banner, tuple((b.label, tuple(b.rect), b.enabled, b.selected,
                                      b.enabled and b.rect.collidepoint(mouse)) for b in buttons))
    image, fresh = view.hud.bar.get(key, rect.size)
    if fresh:
        local = image.get_rect()
        pygame.draw.rect(image, theme.PANEL, local)
        pygame.draw.line(image, theme.PANEL_EDGE, local.topleft, local.topright)
        at = (mouse[0] - rect.left, mouse[1] - rect.top)
        for b in buttons:
            label_font = bar_font(view.fonts, b)
            label = fit(b.label, label_font, b.rect.width - 6)
            Button(label, b.action, b.rect.move(-rect.left, -rect.top), b.enabled, b.selected,
                   b.hint).draw(image, label_font, at)
        if banner is not None:
            _ai_banner(view, image, local, *banner)
    view.hud.bar.put(surface, rect, fresh)


def _draw_placing(view: BattleView, surface: pygame.Surface) -> None:
    """Before the first card: the picked model's token, pale, where a click would stand him."""
    preview = view.preview
    cmd = preview.command if preview is not None else None
    if not isinstance(cmd, Deploy):
        return
    m = view.state.find(cmd.model)
    if m is None:
        return
    cam = view.camera
    tok = ghost_token(view.art, m, view.engine.table, round(cam.px_per_inch), cmd.facing)
    at = cam.to_screen(cmd.x, cmd.y)
    surface.blit(tok.image, (at[0] - tok.centre[0], at[1] - tok.centre[1]))


def _draw_table(view: BattleView, surface: pygame.Surface) -> None:
    cam, engine, fonts = view.camera, view.engine, view.fonts
    state, table = engine.state, engine.table
    small = fonts.small
    overlays.draw_features(surface, cam, table, state)
    focus = view.focus
    if view.show_rings and focus is not None and not focus.removed:
        overlays.draw_rings(surface, cam, table, state, focus, small)
    if view.board.shown:
        draw_hint_paths(surface, cam, table, state, view.board, view.art, view.hint_art)
    preview = view.preview
    if preview is not None and preview.path:
        overlays.draw_path(surface, cam, preview.path, preview.legal)
    for path, side, age in view.trails:
        _draw_trail(surface, cam, path, theme.SIDE_TEXT[side], age)
    poses = view.motion.poses()
    draw_vehicles(surface, cam, state, table, view.vehicle_art, small, view.selected, poses, view.now,
                  view.motion.intact())
    steering = view.driving and not view.motion.busy
    if steering:
        view.controller.drive.draw(surface, cam, engine, view.vehicle_art, small)
    shown = view.shown
    draw_spear_halos(surface, cam, table, state, view.spear, poses, shown.id if shown is not None else "")
    draw_models(surface, cam, state, table, view.art, view.selected, poses, shown.id if shown else "",
                view.hidden)
    _draw_placing(view, surface)
    draw_spear_badges(surface, cam, table, state, view.spear, poses)
    if steering:
        view.controller.drive.draw_marks(surface, cam, engine, small)
    _draw_bursts(view, surface)
    if view.board.shown:
        marks = draw_hint_marks(surface, cam, state, view.board, fonts.get(13, True))
        draw_hint_box(surface, cam, view.board, fonts, view.hint_footer, marks,
                      hint_points(cam, state, view.board))
    world = cam.to_world(*view.cursor)
    if view.ruler_from is not None:
        overlays.draw_ruler(surface, cam, view.ruler_from, world, small)
    if view.sight and focus is not None:
        overlays.draw_sight(surface, cam, table, state, focus, world, small)
    if view.layout.preview is not None:
        _draw_preview(view, surface, view.layout.preview)
    view.tray.draw(surface, (cam.viewport.centerx, cam.viewport.top + 12), fonts.body)
    if view.show_rings and focus is not None and not focus.removed:
        draw_ring_legend(surface, fonts, cam.viewport, overlays.rings(table, state, focus),
                         cam.to_screen(focus.x, focus.y), legend_avoids(view))
    if view.flash:
        _banner(surface, view.flash, fonts.head, (cam.viewport.centerx, cam.viewport.bottom - 40), theme.BAD)


def legend_avoids(view: BattleView) -> list[pygame.Rect]:
    """What the rings' legend must not cover: the odds box, the ringed model and the one
    activating."""
    cam, table = view.camera, view.engine.table
    avoid = [view.layout.preview_box] if view.layout.preview_box is not None else []
    return avoid + [base_rect(cam, table, m) for m in (view.focus, view.active) if m is not None]


def legend_rect(view: BattleView) -> pygame.Rect | None:
    """Where the rings' legend stands this frame (None when no rings show or no room is clear)."""
    focus = view.focus
    if not view.show_rings or focus is None or focus.removed:
        return None
    cam = view.camera
    return ring_legend_rect(view.fonts, cam.viewport, overlays.rings(view.engine.table, view.state, focus),
                            cam.to_screen(focus.x, focus.y), legend_avoids(view))


def _draw_bursts(view: BattleView, surface: pygame.Surface) -> None:
    """Rams as they happen: a star at the point, the impact speed, the die and the damage done."""

    engine = view.engine
    names = {m.id: m.name for m in engine.state.models}
    names.update({v.id: f"the {v.name}" for v in engine.state.vehicles})
    for event, age in view.motion.shown_bursts():
        grow = min(1.0, 0.4 + age * 3.0)
        draw_contact(surface, view.camera, view.fonts.small, event.point, ram_summary(event, names),
                     (255, 120, 60) if event.vehicle_damage or event.other_damage else (255, 200, 90), grow)


def _draw_preview(view: BattleView, surface: pygame.Surface, box: PreviewBox) -> None:
    """The odds box, where the layout placed it, with the lines that fit."""
    font, head_font = view.fonts.body, view.fonts.get(15, True)
    rect = box.rect
    panel(surface, rect, 235)
    clip = surface.get_clip()
    surface.set_clip(rect)
    y = rect.top + 8
    head = "Legal" if box.legal else "Not allowed"
    text(surface, head, head_font, (rect.left + 12, y), theme.GOOD if box.legal else theme.BAD)
    for line in box.lines:
        y += font.get_linesize()
        text(surface, line, font, (rect.left + 12, y))
    surface.set_clip(clip)


def _banner(surface: pygame.Surface, msg: str, font: pygame.font.Font, centre: tuple[int, int],
            colour: theme.Colour) -> None:
    img = rendered(font, msg, colour)
    box = img.get_rect(center=centre).inflate(24, 12)
    panel(surface, box, 240)
    surface.blit(img, img.get_rect(center=box.center))


def _draw_trail(surface: pygame.Surface, cam: Camera, path: list[tuple[float, float]],
                colour: theme.Colour, age: float) -> None:
    """Where an AI model just went: its path in its side's colour, fading out."""
    if len(path) < 2:
        return
    fade = max(0.0, 1.0 - age / TRAIL_SECONDS)
    shade = tuple(int(c * (0.35 + 0.65 * fade)) for c in colour)
    pts = [cam.to_screen(x, y) for x, y in path]
    pygame.draw.lines(surface, (10, 10, 10), False, pts, 5)
    pygame.draw.lines(surface, shade, False, pts, 3)
    pygame.draw.circle(surface, shade, pts[0], 4)


def _ai_banner(view: BattleView, surface: pygame.Surface, bar: pygame.Rect, msg: str, side: str) -> None:
    """In the action bar (empty while an AI acts): which AI plays, whether it is thinking, and
    the skip key."""
    head, _, rest = msg.partition("   ")
    pygame.draw.rect(surface, theme.SIDE[side], (bar.left, bar.top + 1, 6, bar.height - 1))
    img = rendered(view.fonts.head, head, theme.SIDE_TEXT[side])
    at = img.get_rect(midleft=(bar.left + 18, bar.centery))
    surface.blit(img, at)
    if rest:
        tail = rendered(view.fonts.body, rest.strip(), theme.DIM)
        surface.blit(tail, tail.get_rect(midleft=(at.right + 18, bar.centery)))
