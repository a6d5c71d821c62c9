"""End to end: real pygame mouse and key events play one activation through the battle screen."""

from __future__ import annotations

import pygame

from game.persist import Match
from game.rules.events import ActivationEnded, Moved, ShotFired
from game.scenario import start_game
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from tests.ui.conftest import frames


def _table() -> Match:
    """Skirmish Field, seed 1: Blue's Henry Clifford leads; his archer stands south of the
    roadside wall, with an enemy Captain in bow range beyond it."""
    engine = start_game("skirmish-field", 1)
    state = engine.state
    assert state.current_card == "blue-5"
    for mid, pos in (("blue-5", (15.0, 18.2)), ("blue-8", (13.0, 18.2)), ("red-1", (8.0, 13.0))):
        m = state.model(mid)
        m.x, m.y = pos
    return Match(engine)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Move the mouse there and click."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, 1)


def key(app: App, k: int, kind: int = pygame.KEYDOWN, mod: int = 0) -> None:
    """Press (or release) a key."""
    pygame.event.post(pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0))
    frames(app, 1)


def test_one_activation_by_mouse_and_keys(app: App) -> None:
    match = _table()
    battle = BattleScreen(app, match, "hotseat")
    app.reset(battle)
    frames(app, 2)
    cam, state = battle.camera, match.engine.state
    cam.set_zoom(1.0)
    cam.look_at(12.0, 16.0)
    frames(app, 1)

    click(app, cam.to_screen(15.0, 18.2))  # the Hero first
    assert state.active_model == "blue-5"
    key(app, pygame.K_SPACE)
    assert not state.active_model and state.model("blue-5").activated

    click(app, cam.to_screen(13.0, 18.2))  # the archer
    assert state.active_model == "blue-8"
    dest = cam.to_screen(13.0, 14.8)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=dest, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    preview = battle.current_preview()
    assert preview is not None and preview.legal and any("wall" in ln for ln in preview.lines)
    click(app, dest)  # over the roadside wall: 2" to cross it
    archer = state.model("blue-8")
    assert abs(archer.y - 14.8) < 0.1 and archer.moved
    assert 5.0 < archer.moved_distance < 6.0

    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # undo: no die rolled yet
    archer = match.engine.state.model("blue-8")
    assert abs(archer.y - 18.2) < 0.01 and not archer.moved
    state = match.engine.state
    click(app, dest)
    assert abs(state.model("blue-8").y - 14.8) < 0.1

    key(app, pygame.K_s)  # hold S and click the enemy to shoot
    click(app, cam.to_screen(8.0, 13.0))
    key(app, pygame.K_s, pygame.KEYUP)
    assert state.model("blue-8").acted
    assert not battle.session.can_undo  # dice were rolled

    key(app, pygame.K_SPACE)
    assert not state.active_model
    log = match.engine.log
    assert any(isinstance(e, Moved) and e.model == "blue-8" for e in log)
    assert any(isinstance(e, ShotFired) and e.model == "blue-8" and e.target == "red-1" for e in log)
    assert any(isinstance(e, ActivationEnded) and e.model == "blue-8" for e in log)
    assert (app.saves_dir / "autosave.json").is_file()


def test_a_rider_jumps_the_wall_by_mouse(app: App) -> None:
    match = _table()
    state = match.engine.state
    hero = state.model("blue-5")  # Henry Clifford takes his Warhorse
    hero.steed, hero.steed_health, hero.facing = "warhorse", 2, 0.0
    battle = BattleScreen(app, match, "hotseat")
    app.reset(battle)
    frames(app, 2)
    cam = battle.camera
    cam.set_zoom(1.0)
    cam.look_at(14.0, 16.0)
    frames(app, 1)
    click(app, cam.to_screen(15.0, 18.2))
    assert state.active_model == "blue-5"
    dest = cam.to_screen(15.0, 14.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=dest, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    preview = battle.current_preview()
    assert preview is not None and preview.legal
    assert any("Jump test" in ln for ln in preview.lines)  # the odds before the die
    click(app, dest)
    jumps = [e for e in match.engine.log if e.type == "jump_test" and e.model == "blue-5"]
    assert len(jumps) == 1
    hero = state.model("blue-5")
    assert hero.moved and (hero.steed is None or hero.y < 16.0)  # over the wall, or thrown
    key(app, pygame.K_SPACE)
    assert not state.active_model
