"""End to end, with posted events: the activating Spear marked on the table and listed in the panel,
and the question before Space (or End Spear) ends it with models still to activate."""

from __future__ import annotations

import math

import pygame

from game.persist import Match
from game.persist.schema import HUMAN
from game.rules.commands import EndSpear
from game.rules.events import SpearEnded
from game.rules.spears import in_command, spear_members
from game.scenario import start_game
from game.ui import theme
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.battle.spear import end_spear_question, spear_roll
from game.ui.battle.spearmarks import halo_shapes
from game.ui.hints import Hint
from game.ui.screens.dialog import ConfirmDialog
from game.ui.settings import load_settings
from tests.ui.conftest import frames
from tests.ui.test_play_e2e import click, key
from tests.ui.test_solo import ai_frames, press

HERO = "blue-5"  # The Ford, seed 1: Blue's Richard Tunstall's card is turned first


def _ford(app: App, players: dict[str, str] | None = None, mode: str = "hotseat") -> BattleScreen:
    app.settings.blindfold = False  # no handover screen between the sides
    battle = BattleScreen(app, Match.start("the-ford", 1, mode, players), mode)
    app.reset(battle)
    frames(app, 2)
    assert battle.state.current_card == HERO
    return battle


def _spear_ended(battle: BattleScreen) -> bool:
    return any(isinstance(e, SpearEnded) and e.card == HERO for e in battle.session.engine.log)


def _side_point(battle: BattleScreen, model_id: str) -> tuple[int, int]:
    """A pixel on the right-hand edge of the halo a member of the Spear would have."""
    shapes = halo_shapes(battle.camera, battle.session.engine.table, battle.state, battle.look.spear_roll())
    (ax, ay), (bx, by), r = next(shape for member, shape in shapes if member.id == model_id)
    return round((ax + bx) / 2 + r), round((ay + by) / 2)


def test_the_spear_is_marked_on_the_table_and_listed_in_the_panel(app: App) -> None:
    battle = _ford(app)
    state, table, cam = battle.state, battle.session.engine.table, battle.camera
    members = spear_members(state, HERO)
    roll = battle.look.spear_roll()
    assert [m.id for m in roll] == [m.id for m in members] and len(roll) == 4
    assert roll[0].hero and not any(m.hero for m in roll[1:])
    assert {m.standing for m in roll} == {"to_activate"}
    out_of_range = {m.id for m in members if not in_command(table, state, m)}
    assert out_of_range and {m.id for m in roll if m.flagged} == out_of_range

    cam.set_zoom(1.0)
    hero = state.model(HERO)
    cam.look_at(hero.x, hero.y)
    battle.input.mouse_pinned, battle.input.mouse = True, (5, 5)  # the cursor off the table
    frames(app, 1)
    # a solid ring in the side's colour round the Hero's base; none round a Blue model of another
    # Spear standing apart from this one
    tint = theme.SIDE_TEXT["blue"]
    assert tuple(app.surface.get_at(_side_point(battle, HERO)))[:3] == tint
    other = min((m for m in state.models if m.side == "blue" and m.spear != HERO and not m.removed),
                key=lambda m: -min(math.hypot(m.x - s.x, m.y - s.y) for s in members))
    x, y = _side_point(battle, HERO)
    there = (round(x + (other.x - hero.x) * cam.px_per_inch), round(y + (other.y - hero.y) * cam.px_per_inch))
    assert cam.viewport.collidepoint(there) and tuple(app.surface.get_at(there))[:3] != tint

    # the panel lists every member, one row each, with its state
    assert [mid for _, mid in battle.layout().spear_rects] == [m.id for m in members]
    far = members[-1]
    cam.look_at(0.0, 0.0)
    frames(app, 1)
    assert not cam.viewport.collidepoint(cam.to_screen(far.x, far.y))
    row = next(rect for rect, mid in battle.layout().spear_rects if mid == far.id)
    click(app, row.center)
    assert battle.ctl.selected == far.id and cam.viewport.collidepoint(cam.to_screen(far.x, far.y))

    click(app, cam.to_screen(hero.x, hero.y))  # the Hero activates
    assert [m.standing for m in battle.look.spear_roll()][0] == "active"
    key(app, pygame.K_SPACE)  # a model was active: Space ends his activation, with no question
    assert app.top is battle and not _spear_ended(battle)
    roll = battle.look.spear_roll()
    assert roll[0].standing == "activated" and [m.standing for m in roll[1:]] == ["to_activate"] * 3
    assert [m.words for m in roll] == ["activated", "to activate", "to activate", "to activate"]


def _hero_done(app: App) -> BattleScreen:
    """The Ford with the Hero clicked and his activation ended by Space: three still to activate."""
    battle = _ford(app)
    hero = battle.state.model(HERO)
    battle.camera.look_at(hero.x, hero.y)
    frames(app, 1)
    click(app, battle.camera.to_screen(hero.x, hero.y))
    key(app, pygame.K_SPACE)
    assert not battle.state.active_model
    return battle


def test_space_asks_before_ending_the_spear_and_no_keeps_it_going(app: App) -> None:
    battle = _hero_done(app)
    state = battle.state

    key(app, pygame.K_SPACE)  # no model active, three still to activate
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.heading == "End Spear with 3 models still to activate?"
    waiting = [m.name for m in spear_members(state, HERO)[1:]]
    assert all(name in dialog.message for name in waiting)
    key(app, pygame.K_ESCAPE)  # no: the Spear goes on
    assert app.top is battle and not _spear_ended(battle) and state.current_card == HERO
    assert [m.standing for m in battle.look.spear_roll()[1:]] == ["to_activate"] * 3

    key(app, pygame.K_SPACE)
    assert isinstance(app.top, ConfirmDialog)
    key(app, pygame.K_n)  # N says no too
    assert app.top is battle and not _spear_ended(battle)

    key(app, pygame.K_SPACE)
    assert isinstance(app.top, ConfirmDialog)
    key(app, pygame.K_RETURN)  # yes
    assert _spear_ended(battle) and battle.state.current_card != HERO
    assert all(m.activated for m in spear_members(battle.state, HERO))
    assert app.settings.confirm_end_spear  # asked again next time


def test_a_hint_to_end_the_spear_asks_like_space_does(app: App) -> None:
    battle = _hero_done(app)
    state = battle.state
    battle.hint.board.shown = [Hint(rank=1, command=EndSpear(side="blue"), score=0.0, text="End the Spear",
                                kind="label")]
    key(app, pygame.K_1)
    assert battle.hint.board.chosen() is not None
    key(app, pygame.K_RETURN)  # the picked hint is to end the Spear: asked first
    assert isinstance(app.top, ConfirmDialog) and not _spear_ended(battle)
    key(app, pygame.K_ESCAPE)
    assert app.top is battle and not _spear_ended(battle) and state.current_card == HERO


def test_the_end_spear_button_asks_too_and_yes_by_mouse_ends_it(app: App) -> None:
    battle = _ford(app)
    press(app, "End Spear")  # the Hero has not activated either: all four are still to come
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog) and dialog.heading.startswith("End Spear with 4 models")
    press(app, "Yes (Enter)")
    assert app.top is battle and _spear_ended(battle)


def test_with_the_question_off_space_ends_the_spear_at_once(app: App) -> None:
    app.settings.confirm_end_spear = False
    battle = _ford(app)
    key(app, pygame.K_SPACE)
    assert app.top is battle and _spear_ended(battle)


def test_dont_ask_again_turns_the_question_off_and_saves_it(app: App) -> None:
    battle = _ford(app)
    key(app, pygame.K_SPACE)
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog)
    click(app, dialog.tick_rect.center)
    assert dialog.quiet
    key(app, pygame.K_y)
    assert _spear_ended(battle) and not app.settings.confirm_end_spear
    saved, notice = load_settings(app.config_dir)
    assert notice == "" and not saved.confirm_end_spear
    card = battle.state.current_card
    key(app, pygame.K_SPACE)  # the next Spear ends at once
    assert app.top is battle and battle.state.current_card != card


def test_nothing_is_asked_when_no_member_could_still_activate(app: App) -> None:
    app.settings.blindfold = False
    match = Match.start("the-ford", 1)
    state, table = match.engine.state, match.engine.table
    members = spear_members(state, HERO)
    last = next(m for m in reversed(members) if in_command(table, state, m))  # no Feckless test
    for m in members:  # all the others have had their activation
        m.activated = m is not last
    battle = BattleScreen(app, match, "hotseat")
    app.reset(battle)
    battle.camera.look_at(last.x, last.y)
    frames(app, 2)
    click(app, battle.camera.to_screen(last.x, last.y))
    assert state.active_model == last.id
    press(app, "End Spear")
    assert app.top is battle and _spear_ended(battle)


def test_in_solo_only_the_persons_spear_asks(app: App) -> None:
    app.settings.ai_speed = "instant"
    battle = _ford(app, {"blue": "eager", "red": HUMAN}, "solo")
    key(app, pygame.K_SPACE)  # the AI's Spear is up: the person's Space does nothing
    assert app.top is battle and not _spear_ended(battle)
    for _ in range(200):
        if battle.state.acting_side == "red" and not battle.state.active_model:
            break
        ai_frames(app, battle, 1)
        assert app.top is battle  # the AI plays its Spears out without a question
    assert battle.state.acting_side == "red" and _spear_ended(battle)
    key(app, pygame.K_SPACE)
    assert isinstance(app.top, ConfirmDialog)


def test_the_roll_lists_the_fallen_last_and_a_leaderless_spear_out_of_command() -> None:
    engine = start_game("the-ford", 1)
    state, table = engine.state, engine.table
    members = spear_members(state, HERO)
    members[1].removed = "casualty"
    roll = spear_roll(table, state)
    assert [m.id for m in roll] == [members[0].id, *(m.id for m in members[2:]), members[1].id]
    assert roll[-1].standing == "out" and roll[-1].words == "a casualty" and not roll[-1].flagged
    state.model(HERO).removed = "fled"
    roll = spear_roll(table, state)
    assert [m.standing for m in roll[-2:]] == ["out", "out"] and roll[-2].hero  # the Hero first of the fallen
    assert all(m.flagged for m in roll if m.standing == "to_activate")  # no Hero: nobody in command


def test_the_question_names_who_would_lose_the_activation() -> None:
    engine = start_game("the-ford", 1)
    state = engine.state
    members = spear_members(state, HERO)
    heading, text = end_spear_question(state) or ("", "")
    assert heading == "End Spear with 4 models still to activate?"
    a, b, c, d = (m.name for m in members)
    assert text.startswith(f"{a}, {b}, {c} and {d} have not activated yet.")
    for m in members[:-1]:
        m.activated = True
    heading, text = end_spear_question(state) or ("", "")
    assert heading == "End Spear with 1 model still to activate?"
    assert text == (f"{members[-1].name} has not activated yet. If {members[0].name}'s Spear ends now, "
                    "he loses his activation this turn.")
    members[-1].activated = True
    assert end_spear_question(state) is None


def test_a_member_who_will_lose_his_activation_is_not_asked_about() -> None:
    engine = start_game("the-ford", 1)
    state = engine.state
    members = spear_members(state, HERO)
    for m in members[:-1]:
        m.activated = True
    members[-1].stunned = 1  # stunned meanwhile: his activation will be spent unused
    assert end_spear_question(state) is None
    roll = spear_roll(engine.table, state)
    assert roll[-1].standing == "held" and roll[-1].words == "loses his activation" and not roll[-1].flagged
