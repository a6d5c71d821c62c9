"""End to end: the tutorial played from the main menu with real pygame mouse and key events, step
by step, to its closing panel; and `--mode tutorial` on the command line."""

from __future__ import annotations

import pygame

from game.__main__ import _open, _parser
from game.rules.events import (
    CardDrawn,
    Casualty,
    GambitRolled,
    JumpTest,
    MeleeRound,
    ShotFired,
    TurnEnded,
)
from game.ui.app import App
from game.ui.battle.coach import Coach
from game.ui.battle.screen import BattleScreen
from game.ui.screens.menu import MainMenu
from game.ui.screens.rules import RulesScreen
from game.ui.tutorial import HEDGE_SPOT, OPPONENT, PLAYER
from tests.ui.conftest import frames
from tests.ui.test_play_e2e import click, key
from tests.ui.test_solo import press


def hover(app: App, pos: tuple[int, int], seconds: float = 0.0) -> None:
    """Move the mouse there and let some time pass."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    while seconds > 0:
        app.step(0.1)
        seconds -= 0.1


def at(coach: Coach, model_id: str) -> tuple[int, int]:
    """A model's place on the screen."""
    m = coach.battle.state.model(model_id)
    return coach.battle.camera.to_screen(m.x, m.y)


def on(coach: Coach) -> str:
    """The key of the step in hand ("" once every step is done)."""
    step = coach.tutorial.step
    return step.key if step is not None else ""


def test_the_tutorial_is_played_from_the_menu_to_its_last_panel(app: App) -> None:
    app.settings.ai_speed = "instant"
    app.reset(MainMenu(app))
    frames(app, 1)
    press(app, "Learn to play")
    coach = app.top
    assert isinstance(coach, Coach)
    battle = coach.battle
    assert isinstance(battle, BattleScreen) and battle.mode == "solo" and battle.human == PLAYER
    assert battle.session.saves_dir is None  # the tutorial leaves the player's autosave alone
    cast, engine = coach.tutorial.cast, battle.session.engine
    log = engine.log
    state = engine.state
    assert state.current_card == cast.hero  # the pinned seed turns the player's card first
    frames(app, 2)

    assert on(coach) == "card"
    key(app, pygame.K_SPACE)  # a step asking only to be read: Space is Next, not End Spear
    assert on(coach) == "hero" and state.current_card == cast.hero
    key(app, pygame.K_SPACE)  # pressed once too often: the coach says what it would do instead
    assert state.current_card == cast.hero and not engine.commands and "whole Spear" in battle.flash

    click(app, at(coach, cast.lancer))  # a wrong but legal try: the engine says the Hero goes first
    assert not state.active_model and on(coach) == "hero"
    click(app, at(coach, cast.hero))
    assert state.active_model == cast.hero and on(coach) == "preview"

    spot = battle.camera.to_screen(*HEDGE_SPOT)
    hover(app, spot, 0.3)
    assert on(coach) == "preview"  # a glance is not enough
    hover(app, spot, 1.0)
    assert on(coach) == "jump"
    preview = battle.current_preview()
    assert preview is not None and any("Jump test" in ln for ln in preview.lines)
    frames(app, 1)
    assert battle.layout().preview_box is not None and not coach.box.colliderect(battle.layout().preview_box)
    assert not coach.box.collidepoint(spot) and not coach.box.collidepoint(at(coach, cast.hero))

    click(app, spot)
    jumps = [e for e in log if isinstance(e, JumpTest)]
    assert [(j.model, j.result) for j in jumps] == [(cast.hero, "sails_over")]
    assert on(coach) == "lancer" and "sails over the meadow hedge" in coach.tutorial.told

    key(app, pygame.K_SPACE)
    click(app, at(coach, cast.lancer))
    assert state.active_model == cast.lancer and on(coach) == "charge"
    assert "Command Range" in coach.tutorial.told

    key(app, pygame.K_c)
    assert battle.ctl.gambit == "mounted_charge"
    hover(app, at(coach, cast.billman))
    preview = battle.current_preview()
    assert preview is not None and preview.legal and any("Mounted Charge!" in ln for ln in preview.lines)
    frames(app, 1)  # the coach keeps clear of the odds box, the rider and the man he charges
    assert battle.layout().preview_box is not None and not coach.box.colliderect(battle.layout().preview_box)
    assert not any(coach.box.collidepoint(at(coach, m)) for m in (cast.lancer, cast.billman))
    click(app, at(coach, cast.billman))
    gambits = [e for e in log if isinstance(e, GambitRolled)]
    assert [(g.model, g.gambit, g.outcome) for g in gambits] == [(cast.lancer, "mounted_charge", "success")]
    assert on(coach) == "melee" and "charged home" in coach.tutorial.told

    click(app, at(coach, cast.billman))
    rounds = [e for e in log if isinstance(e, MeleeRound)]
    assert len(rounds) == 1 and rounds[0].attacker == cast.lancer and on(coach) == "shot"

    key(app, pygame.K_SPACE)
    click(app, at(coach, cast.archer))
    assert state.active_model == cast.archer
    key(app, pygame.K_s)
    click(app, at(coach, cast.target))
    key(app, pygame.K_s, pygame.KEYUP)
    shots = [e for e in log if isinstance(e, ShotFired)]
    assert [(s.model, s.target) for s in shots] == [(cast.archer, cast.target)]
    assert on(coach) == "log"

    rects = battle.layout().log_rects
    assert rects
    click(app, rects[-1][0].center)
    assert isinstance(app.top, RulesScreen)
    key(app, pygame.K_ESCAPE)
    assert app.top is coach and on(coach) == "rules"

    key(app, pygame.K_F1)
    assert isinstance(app.top, RulesScreen)
    key(app, pygame.K_ESCAPE)
    assert app.top is coach and on(coach) == "turn"

    key(app, pygame.K_SPACE)  # the archer was the last of the Spear: the next card is turned
    assert on(coach) == "enemy"
    assert [e.card for e in log if isinstance(e, CardDrawn)][-1] != cast.hero
    answered = 0
    for _ in range(600):
        if coach.panel:
            break
        if state.pending is not None and state.pending.side == PLAYER:
            nudge = coach.tutorial.step.nudge(cast, coach.now())  # type: ignore[union-attr]
            assert "answer with a button below" in nudge or "Break Away" in nudge
            stand = [b for b in battle.layout().buttons if b.label == "Stand"]
            assert stand, [b.label for b in battle.layout().buttons]
            click(app, stand[0].rect.center)  # charged by the AI: the player answers, the coach waits
            answered += 1
        app.step(1 / 60)
        battle.ai.thinker.wait()
    assert any(isinstance(e, TurnEnded) for e in log), (battle.ai.error, log[-6:])
    assert coach.panel == "done" and coach.tutorial.over
    assert {c.model for c in log if isinstance(c, Casualty)} >= {cast.billman}
    assert state.acting_side in (PLAYER, OPPONENT)
    frames(app, 1)
    press(app, "Play on against the AI")
    assert app.top is battle and battle.session.saves_dir == app.saves_dir


def test_leaving_the_tutorial_asks_first(app: App) -> None:
    app.reset(MainMenu(app))
    frames(app, 1)
    press(app, "Learn to play")
    coach = app.top
    assert isinstance(coach, Coach)
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    assert coach.panel == "skip"
    key(app, pygame.K_ESCAPE)  # Esc again: keep learning
    assert coach.panel == "" and app.top is coach
    press(app, "Leave tutorial")
    assert coach.panel == "skip"
    press(app, "Main menu")
    assert isinstance(app.top, MainMenu) and len(app.stack) == 1


def test_skip_step_goes_on_without_moving_a_model(app: App) -> None:
    app.reset(MainMenu(app))
    frames(app, 1)
    press(app, "Learn to play")
    coach = app.top
    assert isinstance(coach, Coach)
    frames(app, 1)
    before = [(m.x, m.y) for m in coach.battle.state.models]
    press(app, "Skip step")
    press(app, "Skip step")
    assert on(coach) == "preview"
    assert [(m.x, m.y) for m in coach.battle.state.models] == before
    assert not coach.battle.session.engine.commands


def test_mode_tutorial_on_the_command_line(app: App) -> None:
    args = _parser().parse_args(["--mode", "tutorial", "--frames", "3"])
    assert _open(app, args) == 0
    assert isinstance(app.stack[0], MainMenu) and isinstance(app.top, Coach)
