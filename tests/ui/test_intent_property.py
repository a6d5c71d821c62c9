"""Preview equals click: over random pointers, zooms and held keys on two games in progress, the
command a click submits is the one the preview described, and the preview box stays in the window."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import make_player
from game.persist import Match
from game.rules.commands import Activate, Command
from game.ui.app import App
from game.ui.battle.camera import ZOOM_STEPS
from game.ui.battle.screen import BattleScreen

HELD = {"shoot": pygame.K_s, "waypoint": pygame.K_LSHIFT, "ruler": pygame.K_m, "sight": pygame.K_v}
# scenario, seed, the turn to stop in, and whether the model is activated (else the side is about to)
GAMES = [("the-ford", 3, 2, True), ("skirmish-field", 3, 2, True), ("the-ford", 5, 2, False)]


def reach(scenario: str, seed: int, turn: int, activated: bool = True) -> Match:
    """A seeded game played by two eager AI players up to the first activation of a turn: the
    model activated and nothing done yet, or (not `activated`) the side about to choose it."""
    match = Match.start(scenario, seed)
    engine = match.engine
    players = {s: make_player("eager", seed + i) for i, s in enumerate(("red", "blue"))}
    while not engine.state.over:
        side = engine.state.acting_side
        assert side
        cmd = players[side].choose(engine, side)
        if not activated and engine.state.turn >= turn and isinstance(cmd, Activate):
            return match
        match.submit(cmd)
        if engine.state.turn >= turn and isinstance(cmd, Activate) and engine.state.pending is None:
            return match
    raise AssertionError(f"{scenario} ended before turn {turn}")


def described(preview: Any) -> Command | None:
    """The command a preview says a click gives (None: no preview, or one that gives none)."""
    return None if preview is None else preview.command


def record(battle: BattleScreen) -> list[Command]:
    """Catch what the controller submits instead of playing it, so every example sees one game."""
    sent: list[Command] = []
    ctl = battle.ctl
    ctl.submit = sent.append
    ctl.end_spear = lambda: sent.append("end spear")  # type: ignore[arg-type]
    return sent


def check_example(app: App, battle: BattleScreen, sent: list[Command], pointer: tuple[float, float],
                  near: tuple[int, float, float] | None, zoom: float, held: set[str], gambit: Any,
                  armed: bool) -> None:
    """One pointer, zoom and set of held keys: the preview's command is the click's, and the box fits."""
    ctl, cam = battle.ctl, battle.camera
    state = battle.state
    focus = state.model(state.active_model or state.current_card)
    cam.set_zoom(zoom)
    cam.look_at(focus.x, focus.y)
    vp = cam.viewport
    pos = (vp.left + int(pointer[0] * (vp.width - 1)), vp.top + int(pointer[1] * (vp.height - 1)))
    if near is not None:  # on or beside a model: where the choices are
        models = [m for m in battle.state.models if not m.removed]
        m = models[near[0] % len(models)]
        x, y = cam.to_screen(m.x + near[1], m.y + near[2])
        pos = (min(max(x, vp.left), vp.right - 1), min(max(y, vp.top), vp.bottom - 1))
    ctl.reset()
    ctl.selected = ""
    ctl.gambit, ctl.shoot_armed = gambit, armed
    battle.input.down = {HELD[k] for k in held}
    battle.input.mouse = pos
    battle.input.ruler_from = cam.to_world(*pos) if "ruler" in held else None
    sent.clear()
    preview = battle.current_preview()
    battle.draw(app.surface)
    if preview is not None:
        box = battle.layout().preview_box
        assert box is not None and app.surface.get_rect().contains(box), (box, preview.lines)
    want = described(preview)
    battle.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    got = sent[0] if sent else None
    assert len(sent) <= 1 and got == want, (pos, zoom, held, gambit, armed, preview, sent)


@pytest.mark.parametrize(("scenario", "seed", "turn", "activated"), GAMES)
def test_a_click_submits_what_its_preview_described(app: App, scenario: str, seed: int, turn: int,
                                                    activated: bool) -> None:
    battle = BattleScreen(app, reach(scenario, seed, turn, activated), "hotseat")
    sent = record(battle)

    @settings(max_examples=200, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(pointer=st.tuples(st.floats(0, 1), st.floats(0, 1)),
           near=st.none() | st.tuples(st.integers(0, 99), st.floats(-1.2, 1.2), st.floats(-1.2, 1.2)),
           zoom=st.sampled_from(ZOOM_STEPS),
           held=st.sets(st.sampled_from(sorted(HELD))), gambit=st.sampled_from([None, "charge", "run"]),
           armed=st.booleans())
    def check(pointer: tuple[float, float], near: tuple[int, float, float] | None, zoom: float,
              held: set[str], gambit: Any, armed: bool) -> None:
        check_example(app, battle, sent, pointer, near, zoom, held, gambit, armed)

    check()
