"""The battle screen drawn from a view: drawing a frame changes nothing the screen decides with, and
what can be clicked comes from the layout of the window as it is now, not from the last frame."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.persist import Match
from game.rules.events import ActivationEnded
from game.ui.app import App
from game.ui.battle.layout import BattleLayout
from game.ui.battle.screen import BattleScreen
from tests.ui.conftest import frames

HERO = "blue-5"  # The Ford, seed 1: Blue's Richard Tunstall's card is turned first


def _ford(app: App) -> BattleScreen:
    app.settings.blindfold = False
    battle = BattleScreen(app, Match.start("the-ford", 1, "hotseat"), "hotseat")
    app.reset(battle)
    frames(app, 2)
    assert battle.state.current_card == HERO
    return battle


def _left_click(app: App, pos: tuple[int, int]) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def _decisions(battle: BattleScreen) -> tuple[object, ...]:
    """Everything input and the table decide with: the hands, the choices made, the hint, the HUD's
    scroll, the message, where to go, the game."""
    inp, ctl, board, engine = battle.input, battle.ctl, battle.hint.board, battle.session.engine
    return (set(inp.down), inp.mouse, inp.mouse_pinned, inp.drag_from, inp.ruler_from, ctl.selected,
            list(ctl.waypoints), ctl.gambit, ctl.option, ctl.shoot_armed, board.active, board.picked,
            list(board.shown), battle.show_rings, battle.flash, battle.flash_time, battle.outbox,
            battle.hud.log_scroll, len(battle.hud.log), tuple(battle.camera.viewport),
            battle.camera.zoom, len(engine.log), len(battle.session.undo_stack))


def _clickable(layout: BattleLayout) -> tuple[object, ...]:
    """What a click can reach in a layout, and where."""
    return ([(b.label, tuple(b.rect), b.enabled, b.selected, b.hint) for b in layout.buttons],
            [(tuple(r), rank) for r, rank in layout.hint_rects],
            [(tuple(r), mid) for r, mid in layout.spear_rects],
            [(tuple(r), line.body) for r, line in layout.log_rects],
            tuple(layout.preview_box) if layout.preview_box is not None else None)


def test_drawing_a_frame_leaves_what_the_screen_decides_with_unchanged(app: App) -> None:
    battle = _ford(app)
    hero = battle.state.model(HERO)
    row = next(rect for rect, mid in battle.layout().spear_rects if mid == HERO)
    _left_click(app, row.center)  # activates the Hero from his row in the panel
    assert battle.state.active_model == HERO
    cam = battle.camera
    battle.input.mouse = cam.to_screen(hero.x, hero.y - 3.0)  # over open ground: a move preview
    battle.input.mouse_pinned = True
    battle.show_rings = True
    battle.input.down.add(pygame.K_v)  # the sight held
    battle.input.ruler_from = (hero.x, hero.y)  # where a ruler was started
    battle.say("A message over the table")
    before, offered = _decisions(battle), _clickable(battle.layout())
    assert battle.layout().preview_box is not None and battle.layout().actions
    view = battle.view()
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.flash = ""  # type: ignore[misc]
    app.draw()
    battle.draw(app.surface)
    assert _decisions(battle) == before
    assert _clickable(battle.layout()) == offered


def test_a_click_right_after_a_resize_lands_on_what_the_window_shows_now(app: App) -> None:
    battle = _ford(app)
    drawn = battle.layout()  # the last frame was drawn at this size
    app.window_resized((1000, 640))  # no frame is drawn at the new size before the clicks
    now = battle.layout()
    assert now.frame.size == (1000, 640) != drawn.frame.size
    row = next(rect for rect, mid in now.spear_rects if mid == HERO)
    old_row = next(rect for rect, mid in drawn.spear_rects if mid == HERO)
    assert not old_row.collidepoint(row.center)  # the panel moved: the last frame's row is elsewhere
    _left_click(app, row.center)
    assert battle.state.active_model == HERO
    app.window_resized((1100, 700))
    end = next(b for b in battle.layout().actions if b.label == "End activation")
    assert not any(b.rect.collidepoint(end.rect.center) for b in drawn.actions)
    _left_click(app, end.rect.center)
    assert any(isinstance(e, ActivationEnded) and e.model == HERO for e in battle.session.engine.log)
