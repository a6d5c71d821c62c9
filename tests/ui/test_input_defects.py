"""Defects of the battle screen's input, pinned: the odds box in the window, Enter with the hint
list open, Space after a refused command and its undo, M and S held, a spent Action, a too-long
move offered its furthest legal point, and the rings' labels."""

from __future__ import annotations

import pygame
import pytest

from game.ai import make_player
from game.persist import Match
from game.rules.commands import Activate, EndActivation, Move, Shoot
from game.rules.context import Rejected
from game.rules.engine import Accepted, Engine
from game.rules.state import Model
from game.ui.app import App
from game.ui.battle.intent import Choices, Held, MoveTo, Pointer, intent_at
from game.ui.battle.overlays import place_box, rings
from game.ui.battle.screen import BattleScreen
from tests.rules.fixtures import make_engine, model


def play_until(scenario: str, seed: int, turn: int, hero: str = "") -> Match:
    """A seeded game played by two eager AI players until, in `turn` or later, a model (`hero`,
    if named) is activated."""
    match = Match.start(scenario, seed)
    engine = match.engine
    players = {s: make_player("eager", seed + i) for i, s in enumerate(("red", "blue"))}
    while not engine.state.over:
        side = engine.state.acting_side
        assert side
        cmd = players[side].choose(engine, side)
        match.submit(cmd)
        if engine.state.turn >= turn and isinstance(cmd, Activate) and cmd.model == (hero or cmd.model) \
                and engine.state.pending is None:
            return match
    raise AssertionError(f"{hero or 'no model'} activated in turn {turn} of {scenario}")


def key(battle: BattleScreen, k: int, mod: int = 0) -> None:
    """Press and release a key on the battle screen."""
    battle.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    battle.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def press(battle: BattleScreen, pos: tuple[int, int]) -> None:
    """A left click at a screen position."""
    battle.input.mouse = pos
    battle.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


# --- the odds box stays in the window -----------------------------------------------------------
def test_turn_two_on_the_ford_zoomed_out_far_west_of_ogle_keeps_the_box_in_the_window(app: App) -> None:
    match = play_until("the-ford", 4, 2, hero="red-1")
    battle = BattleScreen(app, match, "hotseat")
    ogle = match.engine.state.model("red-1")
    assert ogle.name == "Sir Robert Ogle" and match.engine.state.active_model == "red-1"
    assert match.engine.state.turn == 2
    cam = battle.camera
    cam.set_zoom(0.375)
    cam.look_at(ogle.x, ogle.y)
    window, view = app.surface.get_rect(), cam.viewport
    west = cam.to_screen(ogle.x, ogle.y)[0]
    shown = 0
    for x in range(view.left + 1, west, 40):
        for y in range(view.top + 1, view.bottom, 40):
            battle.input.mouse = (x, y)
            preview = battle.current_preview()
            battle.draw(app.surface)
            if preview is not None:
                shown += 1
                box = battle.layout().preview_box
                assert box is not None and window.contains(box), (x, y)
                assert view.contains(box), (x, y)
    assert shown > 20


def test_a_box_wider_or_taller_than_the_viewport_is_cut_to_it() -> None:
    view = pygame.Rect(0, 40, 940, 624)
    for mouse in [(1, 41), (939, 663), (470, 300)]:
        for size in [(1247, 106), (300, 900), (2000, 2000)]:
            assert view.contains(place_box(size, mouse, view))
    box = place_box((200, 100), (470, 300), view)
    assert not box.collidepoint((470, 300))  # beside the cursor, never under it


# --- Enter and Space ----------------------------------------------------------------------------
def test_enter_with_the_hint_list_open_and_no_hint_picked_does_not_end_the_activation(app: App) -> None:
    match = play_until("the-ford", 3, 2)
    battle = BattleScreen(app, match, "hotseat")
    state = match.engine.state
    active = state.active_model
    battle.hint.toggle()
    assert battle.hint.board.active and battle.hint.board.chosen() is None
    key(battle, pygame.K_RETURN)
    assert match.engine.state.active_model == active
    battle.hint.board.clear()


def test_space_after_a_refused_command_asks_again_and_an_empty_activation_can_be_undone(app: App) -> None:
    match = play_until("the-ford", 3, 2)
    battle = BattleScreen(app, match, "hotseat")
    engine = match.engine
    m = engine.state.model(engine.state.active_model)
    far = Move(side=m.side, model=m.id, path=((m.x, m.y), (m.x + 0.5, m.y), (-40.0, -40.0)))
    assert isinstance(battle.submit(far), Rejected)
    key(battle, pygame.K_SPACE)  # right after the refusal: not the end of the activation
    assert engine.state.active_model == m.id and m.name in battle.flash
    key(battle, pygame.K_SPACE)  # asked again: it ends
    assert not match.engine.state.active_model
    assert battle.session.can_undo
    key(battle, pygame.K_z, pygame.KMOD_CTRL)  # nothing was rolled: it comes back
    state = match.engine.state
    assert state.active_model == m.id and not state.model(m.id).moved


# --- M and S held -------------------------------------------------------------------------------
def test_holding_m_to_measure_and_clicking_ones_own_model_does_not_activate_it(app: App) -> None:
    match = Match.start("skirmish-field", 1)
    battle = BattleScreen(app, match, "hotseat")
    state = match.engine.state
    hero = state.model(state.current_card)
    cam = battle.camera
    cam.set_zoom(1.0)
    cam.look_at(hero.x, hero.y)
    battle.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="", scancode=0))
    press(battle, cam.to_screen(hero.x, hero.y))
    assert not match.engine.state.active_model and not match.engine.commands
    battle.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_m, mod=0, unicode="", scancode=0))
    press(battle, cam.to_screen(hero.x, hero.y))  # without M the click activates him
    assert match.engine.state.active_model == hero.id


def test_holding_s_on_ones_turn_with_no_shooter_active_does_not_pan(app: App) -> None:
    match = Match.start("skirmish-field", 1)
    battle = BattleScreen(app, match, "hotseat")
    cam = battle.camera
    cam.set_zoom(3.0)
    cam.look_at(20.0, 5.0)
    for _ in range(30):
        battle.update(0.1)  # any glide of the camera is over
    before = tuple(cam.centre)
    battle.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    battle.update(0.5)
    assert tuple(cam.centre) != before  # the Down arrow pans
    battle.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    before = tuple(cam.centre)
    battle.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="", scancode=0))
    battle.update(0.5)
    assert not match.engine.state.active_model and tuple(cam.centre) == before


# --- what the pointer says ----------------------------------------------------------------------
def test_after_a_shot_hovering_the_target_says_the_action_is_spent(app: App) -> None:
    match = Match.start("skirmish-field", 1)
    engine = match.engine
    for mid, pos in (("blue-5", (15.0, 18.2)), ("blue-8", (13.0, 18.2)), ("red-1", (8.0, 13.0))):
        engine.state.model(mid).x, engine.state.model(mid).y = pos
    battle = BattleScreen(app, match, "hotseat")
    for cmd in (Activate(side="blue", model="blue-5"), EndActivation(side="blue", model="blue-5"),
                Activate(side="blue", model="blue-8")):
        battle.submit(cmd)
    assert engine.state.active_model == "blue-8"
    battle.submit(Shoot(side="blue", model="blue-8", target="red-1"))
    target = engine.state.model("red-1")
    assert engine.state.model("blue-8").acted and not target.removed
    cam = battle.camera
    cam.set_zoom(1.0)
    cam.look_at(12.0, 16.0)
    battle.input.mouse = cam.to_screen(target.x, target.y)
    preview = battle.current_preview()
    assert preview is not None and not preview.legal
    assert preview.lines[0].startswith("Action spent") and "out of reach" not in " ".join(preview.lines)


def _engine_with_one_model() -> tuple[Engine, Model]:
    foot = model("f1", "red", "man_at_arms", 5.0, 10.5)
    engine = make_engine([foot, model("b1", "blue", "man_at_arms", 40.0, 40.5)], dice=[])
    engine.submit(Activate(side="red", model="f1"))
    return engine, engine.state.model("f1")


def test_a_too_long_move_is_offered_the_furthest_legal_point_on_the_same_path() -> None:
    engine, m = _engine_with_one_model()
    choices = Choices(legal=tuple(engine.legal_commands("red")))
    intent = intent_at(engine, choices, Pointer((5.0, 22.0)), Held())
    assert isinstance(intent, MoveTo) and intent.wanted == (5.0, 22.0)
    end = intent.command.path[-1]
    assert end[0] == pytest.approx(5.0) and 16.0 < end[1] <= 16.5  # 6" of open ground, due south
    preview = intent.describe(engine)
    assert preview is not None and preview.legal and preview.command == intent.command
    assert preview.lines[0].startswith("Too far: stops at the furthest legal point")
    assert isinstance(engine.submit(intent.command), Accepted)


def test_the_move_ring_is_labelled_to_a_tenth_of_an_inch() -> None:
    engine, m = _engine_with_one_model()
    m.moved_distance = 4.55906
    labels = [label for _, label, _ in rings(engine.table, engine.state, m)]
    assert labels[0] == 'move 1.4"' and all(len(lb.split(".")[-1]) <= 2 for lb in labels if "." in lb)


def test_the_screen_routes_enter_to_the_hint_even_with_a_model_active(app: App) -> None:
    match = play_until("skirmish-field", 3, 2)
    battle = BattleScreen(app, match, "hotseat")
    battle.hint.toggle()
    battle.hint.board.worker.wait()
    frames_until_shown(battle)
    key(battle, pygame.K_RETURN)  # no hint picked: nothing happens
    assert match.engine.state.active_model
    battle.hint.board.clear()


def frames_until_shown(battle: BattleScreen) -> None:
    """Let the screen collect the worked-out hints."""
    for _ in range(50):
        battle.update(0.05)
        if battle.hint.board.shown:
            return
