"""Drawing the battle screen, layer by layer."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.battle import overlays
from game.ui.battle.cache import Same, panel, rendered, text
from game.ui.battle.driving import draw_contact
from game.ui.battle.hintmarks import draw_hint_box, draw_hint_marks, draw_hint_paths, hint_points
from game.ui.battle.hud import draw_ring_legend, draw_tooltip
from game.ui.battle.spearmarks import draw_spear_badges, draw_spear_halos
from game.ui.battle.tokens import draw_models
from game.ui.battle.vehicles import draw_vehicles
from game.ui.eventtext import ram_summary
from game.ui.solo import TRAIL_SECONDS
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.rules.state import Model, Vehicle
    from game.ui.battle.camera import Camera
    from game.ui.battle.screen import BattleScreen


def draw_battle(scr: BattleScreen, surface: pygame.Surface) -> None:
    """The table in its viewport, then the HUD around it."""
    w, h = surface.get_size()
    top, bar, side = scr._sizes()
    cam = scr.camera
    if not cam.draw_map(surface):
        surface.fill((20, 22, 18), cam.viewport)
    clip = surface.get_clip()
    surface.set_clip(cam.viewport)
    _draw_table(scr, surface)
    surface.set_clip(clip)
    engine = scr.session.engine
    scr.hud.draw_top(surface, pygame.Rect(0, 0, w, top), engine.state)
    shown = _shown_model(scr)
    acting = "" if engine.state.over else engine.state.acting_side
    scr.hud.perk_buttons = _perk_buttons(scr)
    mine = scr.human_side()
    who = ("you" if acting == mine else "AI") if mine and acting else ""
    scr.hud.draw_panel(surface, pygame.Rect(w - side, top, side, h - top), engine.state,
                       engine.table, shown, acting, scr.hints(), _shown_vehicle(scr, shown),
                       hand=mine or acting, who=who, advice=scr.hint_panel(), spear=scr.spear_roll())
    bar_rect = pygame.Rect(0, h - bar, w - side, bar)
    actions = scr.action_buttons(bar_rect)
    scr.buttons = actions + scr.hud.perk_buttons
    mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else scr.mouse
    status = scr.ai_status()
    banner = (status, scr.state.acting_side) if status else None
    _draw_bar(scr, surface, bar_rect, actions, mouse, banner)
    draw_tooltip(surface, scr.app.fonts, scr.buttons, mouse, cam.viewport)


def _draw_bar(scr: BattleScreen, surface: pygame.Surface, rect: pygame.Rect, buttons: list[Button],
              mouse: tuple[int, int], banner: tuple[str, str] | None) -> None:
    """The action bar with the AI's banner in it, drawn again only when its buttons, the one under
    the mouse or the banner change."""
    font = scr.app.fonts.body
    key = (Same(font), banner, tuple((b.label, tuple(b.rect), b.enabled, b.selected,
                                      b.enabled and b.rect.collidepoint(mouse)) for b in buttons))
    image, fresh = scr.bar_layer.get(key, rect.size)
    if fresh:
        local = image.get_rect()
        pygame.draw.rect(image, theme.PANEL, local)
        pygame.draw.line(image, theme.PANEL_EDGE, local.topleft, local.topright)
        at = (mouse[0] - rect.left, mouse[1] - rect.top)
        for b in buttons:
            Button(b.label, b.action, b.rect.move(-rect.left, -rect.top), b.enabled, b.selected,
                   b.hint).draw(image, font, at)
        if banner is not None:
            _ai_banner(scr, image, local, *banner)
    scr.bar_layer.put(surface, rect, fresh)


def _draw_table(scr: BattleScreen, surface: pygame.Surface) -> None:
    cam = scr.camera
    engine = scr.session.engine
    state, table = engine.state, engine.table
    small = scr.app.fonts.small
    overlays.draw_features(surface, cam, table, state)
    active = scr.ctl.active()
    focus = active or (state.find(scr.ctl.selected) if scr.ctl.selected else None)
    if scr.show_rings and focus is not None and not focus.removed:
        overlays.draw_rings(surface, cam, table, state, focus, small)
    if scr.advice.shown:
        draw_hint_paths(surface, cam, table, state, scr.advice, scr.art, scr.hint_art)
    preview = scr.current_preview()
    if preview is not None and preview.path:
        overlays.draw_path(surface, cam, preview.path, preview.legal)
    for path, side, age in scr.trails:
        _draw_trail(surface, cam, path, theme.SIDE_TEXT[side], age)
    poses = scr.motion.poses()
    now = pygame.time.get_ticks() / 1000.0
    draw_vehicles(surface, cam, state, table, scr.vehicle_art, small, scr.ctl.selected, poses, now,
                  scr.motion.intact())
    if scr.driving() and not scr.motion.busy:
        scr.ctl.drive.draw(surface, cam, engine, scr.vehicle_art, small)
    roll = scr.spear_roll()
    shown = _shown_model(scr)
    draw_spear_halos(surface, cam, table, state, roll, poses, shown.id if shown is not None else "")
    draw_models(surface, cam, state, table, scr.art, scr.ctl.selected, poses, shown.id if shown else "")
    draw_spear_badges(surface, cam, table, state, roll, poses)
    if scr.driving() and not scr.motion.busy:
        scr.ctl.drive.draw_marks(surface, cam, engine, small)
    _draw_bursts(scr, surface)
    if scr.advice.shown:
        marks = draw_hint_marks(surface, cam, state, scr.advice, scr.app.fonts.get(13, True))
        keys = scr.app.keys
        draw_hint_box(surface, cam, scr.advice, scr.app.fonts,
                      f"Enter plays it; 1-{len(scr.advice.shown)} shows another; {keys.label('hint')} "
                      "or Esc hides the hints.", marks, hint_points(cam, state, scr.advice))
    world = cam.to_world(*scr.mouse)
    keys = scr.app.keys
    if scr.ruler_from is not None and keys.held("ruler", scr.down):
        overlays.draw_ruler(surface, cam, scr.ruler_from, world, small)
    if keys.held("sight", scr.down) and focus is not None:
        overlays.draw_sight(surface, cam, table, state, focus, world, small)
    scr.preview_box = None
    if preview is not None:
        scr.preview_box = _draw_preview(scr, surface, preview.lines, preview.legal, corner=scr.driving())
    scr.tray.draw(surface, (cam.viewport.centerx, cam.viewport.top + 12), scr.app.fonts.body)
    if scr.show_rings and focus is not None and not focus.removed:
        draw_ring_legend(surface, scr.app.fonts, cam.viewport, overlays.rings(table, state, focus),
                         cam.to_screen(focus.x, focus.y))
    if scr.flash_time > 0:
        _banner(surface, scr.flash, scr.app.fonts.head, (cam.viewport.centerx, cam.viewport.bottom - 40),
                theme.BAD)


def _draw_bursts(scr: BattleScreen, surface: pygame.Surface) -> None:
    """Rams as they happen: a star at the point, the impact speed, the die and the damage done."""

    engine = scr.session.engine
    names = {m.id: m.name for m in engine.state.models}
    names.update({v.id: f"the {v.name}" for v in engine.state.vehicles})
    for event, age in scr.motion.shown_bursts():
        grow = min(1.0, 0.4 + age * 3.0)
        draw_contact(surface, scr.camera, scr.app.fonts.small, event.point, ram_summary(event, names),
                     (255, 120, 60) if event.vehicle_damage or event.other_damage else (255, 200, 90), grow)


def _draw_preview(scr: BattleScreen, surface: pygame.Surface, lines: list[str], legal: bool,
                  corner: bool = False) -> pygame.Rect:
    """The odds box next to the cursor, kept inside the table's viewport (in the viewport's
    bottom left corner with `corner`: in drive mode the cursor steers, and a box beside it would
    hide the path); long lines wrap to the viewport's width, and lines that do not fit its height
    are left out; returns where it was drawn."""
    font, head_font = scr.app.fonts.body, scr.app.fonts.get(15, True)
    view = scr.camera.viewport
    head = "Legal" if legal else "Not allowed"
    lines = overlays.wrap(font, lines, max(40, view.width - 48))
    room = max(1, (view.height - 16) // font.get_linesize() - 1)
    if len(lines) > room:
        lines = [*lines[:room - 1], "…"]
    width = max(rendered(font, line, theme.TEXT).get_width() for line in [head, *lines]) + 24
    height = (len(lines) + 1) * font.get_linesize() + 16
    box = overlays.place_box((width, height), scr.mouse, view, corner)
    panel(surface, box, 235)
    clip = surface.get_clip()
    surface.set_clip(box)
    y = box.top + 8
    text(surface, head, head_font, (box.left + 12, y), theme.GOOD if legal else theme.BAD)
    for line in lines:
        y += font.get_linesize()
        text(surface, line, font, (box.left + 12, y))
    surface.set_clip(clip)
    return box


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


def _ai_banner(scr: BattleScreen, surface: pygame.Surface, bar: pygame.Rect, msg: str, side: str) -> None:
    """In the action bar (empty while an AI acts): which AI plays, whether it is thinking, and
    the skip key."""
    head, _, rest = msg.partition("   ")
    pygame.draw.rect(surface, theme.SIDE[side], (bar.left, bar.top + 1, 6, bar.height - 1))
    img = rendered(scr.app.fonts.head, head, theme.SIDE_TEXT[side])
    at = img.get_rect(midleft=(bar.left + 18, bar.centery))
    surface.blit(img, at)
    if rest:
        tail = rendered(scr.app.fonts.body, rest.strip(), theme.DIM)
        surface.blit(tail, tail.get_rect(midleft=(at.right + 18, bar.centery)))


def _shown_model(scr: BattleScreen) -> Model | None:
    """The model under the cursor, else the selected one, else the active one."""
    state = scr.state
    if scr.camera.viewport.collidepoint(scr.mouse):
        hit = scr.model_under(scr.camera.to_world(*scr.mouse))
        if hit is not None and not hit.riderless:
            return hit
    if scr.ctl.selected:
        m = state.find(scr.ctl.selected)
        if m is not None and not m.removed:
            return m
    return scr.ctl.active()


def _shown_vehicle(scr: BattleScreen, shown: Model | None) -> Vehicle | None:
    """The vehicle under the cursor, else the one of the model shown, else the selected one."""
    state = scr.state
    if scr.camera.viewport.collidepoint(scr.mouse):
        v = scr.vehicle_under(scr.camera.to_world(*scr.mouse))
        if v is not None:
            return v
    if shown is not None and shown.aboard:
        return state.find_vehicle(shown.aboard)
    v = state.find_vehicle(scr.ctl.selected) if scr.ctl.selected else None
    return v if v is not None and not v.removed else None


def _perk_buttons(scr: BattleScreen) -> list[Button]:
    """One button per Perk card in the acting side's hand; playable ones are enabled."""
    state = scr.state
    side = scr.human_side() or state.acting_side
    if state.over or not side or scr.mode == "watch":
        return []
    table = scr.session.engine.table
    playable = {c.card: c for c in scr.ctl.perk_commands()} if scr.human_acting() else {}
    out = []
    for card in state.sides[side].perks:
        perk = table.content.perks[card]
        cmd = playable.get(card)
        rect = pygame.Rect(0, 0, 100, int(28 * scr.app.settings.ui_scale))
        out.append(Button(perk.name, partial(scr.submit, cmd) if cmd else (lambda: None), rect,
                          enabled=cmd is not None, hint=perk.text))
    return out
