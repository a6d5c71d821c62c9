"""End to end, with posted mouse events: a solo game on The Ford with deployment on. The person picks
a model in the panel and clicks the ground to stand him, one Spear by hand and one by Auto-deploy;
the AI deploys its Spears between; a model dropped outside the zone is refused with the reason
shown; then the first card is turned and play goes on."""

from __future__ import annotations

from game.persist import Match
from game.persist.schema import HUMAN
from game.rules.commands import Activate, AutoDeploy, Deploy
from game.rules.deploying import zones_of
from game.rules.events import Activated, DeploymentEnded
from game.rules.state import Side
from game.ui.app import App
from game.ui.battle.intent import Place
from game.ui.battle.screen import BattleScreen
from game.ui.battle.view import hidden_models
from game.ui.solo import ai_spec
from tests.ui.conftest import frames
from tests.ui.test_play_e2e import click
from tests.ui.test_solo import ai_frames, press

PERSON: Side = "blue"


def _until_person(app: App, battle: BattleScreen, limit: int = 400) -> None:
    for _ in range(limit):
        state = battle.state
        if state.over or state.acting_side == PERSON:
            return
        ai_frames(app, battle, 1)
    raise AssertionError("the AI never handed the table back")


def _screen(battle: BattleScreen, x: float, y: float) -> tuple[int, int]:
    at = battle.camera.to_screen(x, y)
    assert battle.camera.viewport.collidepoint(at), (x, y, at)
    return at


def test_deploy_by_hand_and_by_auto_deploy_against_the_ais_deployment(app: App) -> None:
    match = Match.start("the-ford", 7, "solo", {PERSON: HUMAN, "red": ai_spec("easy")}, deploy=True)
    battle = BattleScreen(app, match, "solo")
    app.reset(battle)
    frames(app, 2)
    state = battle.state
    assert state.deploying is not None and state.current_card == ""
    _until_person(app, battle)
    zone = zones_of(match.engine.table, PERSON)[0]
    cam = battle.camera
    cam.set_zoom(1.0)
    cam.look_at(zone.x + zone.w / 2, zone.y + zone.h / 2)

    # the Spear deploying is listed in the panel, every member still to deploy
    roll = battle.look.spear_roll()
    assert roll and {m.standing for m in roll} == {"to_deploy"} and roll[0].hero
    rows = dict((mid, rect) for rect, mid in battle.layout().spear_rects)
    hero = roll[0].id
    click(app, rows[hero].center)  # pick the Hero in the panel
    assert battle.ctl.selected == hero

    # dropped outside the zone (the middle of the table): the preview and the refusal say why
    outside = _screen(battle, zone.x + zone.w / 2, zone.y - 3.0)
    click(app, outside)
    preview = battle.current_preview()
    assert preview is not None and not preview.legal
    assert "must stand inside blue's deployment zone" in preview.lines[0]
    assert "must stand inside blue's deployment zone" in battle.flash
    assert state.model(hero).x < 0  # still waiting to deploy
    assert not any(isinstance(c, Deploy) and c.side == PERSON for c in match.commands)

    # by hand: each member stood where the ground is clicked (the next one picked each time)
    spear_cards = {m.id for m in roll}
    for i, member in enumerate(roll):
        assert battle.ctl.selected == member.id
        x, y = zone.x + zone.w / 2 - 4.0 + 2.5 * i, zone.y + 1.5
        click(app, _screen(battle, x, y))
        intent = battle.ctl.intent(battle.look.pointer_at(_screen(battle, x, y)), battle.input.held())
        assert not isinstance(intent, Place) or intent.command.model != member.id  # he stands there now
        m = battle.state.model(member.id)
        assert (round(m.x, 1), round(m.y, 1)) == (round(x, 1), round(y, 1)), member.name
    assert all(battle.state.model(mid).x >= 0 for mid in spear_cards)
    mine = [c for c in match.commands if c.side == PERSON]
    assert len(mine) == len(roll) and all(isinstance(c, Deploy) for c in mine)

    # the AI deploys its Spear, then the person's next Spear goes by Auto-deploy
    _until_person(app, battle)
    assert any(c.side == "red" for c in match.commands)
    assert battle.state.deploying is not None
    press(app, "Auto-deploy")
    assert isinstance(match.commands[-1], AutoDeploy) and match.commands[-1].side == PERSON
    for mid in (m.id for m in battle.look.spear_roll() if m.side == PERSON):
        assert battle.state.model(mid).x >= 0

    # the rest goes by Auto-deploy and the AI's turns, then the first card is turned and play goes on
    for _ in range(6):
        if battle.state.deploying is None:
            break
        _until_person(app, battle)
        if battle.state.deploying is not None and battle.state.acting_side == PERSON:
            press(app, "Auto-deploy")
    assert battle.state.deploying is None
    assert any(isinstance(e, DeploymentEnded) for e in match.engine.log)
    assert battle.state.current_card
    for m in battle.state.models:
        assert any(z.contains(m.x, m.y) for z in zones_of(match.engine.table, m.side)), m.name
    steps = len(match.steps)
    _until_person(app, battle)
    if battle.state.acting_side == PERSON and not battle.state.active_model:
        cmd = next(c for c in battle.ctl.legal() if isinstance(c, Activate))
        click(app, _screen(battle, *(lambda m: (m.x, m.y))(battle.state.model(cmd.model))))
    assert len(match.steps) > steps or any(isinstance(e, Activated) for e in match.engine.log)


def test_in_hot_seat_the_other_sides_placings_stay_hidden_until_both_are_deployed() -> None:
    match = Match.start("the-ford", 7, "hotseat", deploy=True)
    engine = match.engine
    first = engine.state.acting_side
    assert first
    assert match.submit(AutoDeploy(side=first, spear=engine.state.deploying.order[0]))  # type: ignore[union-attr]
    hidden = hidden_models(engine.state, "hotseat")
    theirs = {m.id for m in engine.state.models if m.side == first and m.x >= 0}
    assert theirs and hidden == theirs  # the side now deploying does not see them
    assert hidden_models(engine.state, "solo") == frozenset()
    while engine.state.deploying is not None:
        side = engine.state.acting_side
        assert side
        match.submit(AutoDeploy(side=side, spear=engine.state.deploying.order[0]))
    assert hidden_models(engine.state, "hotseat") == frozenset()
