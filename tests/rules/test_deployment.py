"""Deployment before the first card: the roll for who deploys first, the Spears in turn, a model
stood by hand inside its zone with the spacing checked, Auto-deploy in every shipped scenario and for
an all-mounted retinue, a map that fixes the deployment, and a deployed game saved and replayed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.ai import RandomPlayer
from game.content import load_content
from game.muster import mount_all, roster_id, template
from game.muster.play import content_with_rosters
from game.persist import Match, load_save, save_game
from game.persist.verify import replay_save
from game.rules.commands import Activate, AutoDeploy, Deploy
from game.rules.context import Rejected, Table
from game.rules.deploying import now_deploying, to_place, zones_of
from game.rules.dice import FixedDice
from game.rules.engine import Accepted, Engine
from game.rules.events import DeploymentBegan, DeploymentEnded, DiceRolled, ModelDeployed, SpearDeployed
from game.rules.movement import position_problem
from game.rules.setup import new_game
from game.rules.state import UNPLACED, Model, other_side
from game.scenario import cached_scenario, list_scenarios, start_game


def _ford(dice: list[int] | None = None, seed: int = 5, fixed: bool = False) -> Engine:
    sc = cached_scenario("the-ford")
    terrain = sc.terrain
    if fixed:
        terrain = replace(terrain, properties={**terrain.properties, "deployment": "fixed"})
    table = Table(load_content(), terrain)
    return new_game(table, sc.name, seed, sc.retinues, sc.turns, FixedDice(dice) if dice else None,
                    sc.options, sc.escort, deploy=True)


def _auto(engine: Engine) -> Accepted:
    state = engine.state
    result = engine.submit(AutoDeploy(side=state.acting_side or "red", spear=now_deploying(state)))
    assert isinstance(result, Accepted), result
    return result


def _deploy_all(engine: Engine) -> None:
    while engine.state.deploying is not None:
        _auto(engine)


def _in_zone(engine: Engine, m: Model) -> bool:
    sp = engine.table.bases.spine(m)
    ends = ((sp[0], sp[1]), (sp[2], sp[3]))
    return all(any(z.contains(x, y) for z in zones_of(engine.table, m.side)) for x, y in ends)


def _spaced(engine: Engine) -> None:
    """Every model stands in his zone, where he may stand, no base overlapping another."""
    table, state = engine.table, engine.state
    standing = [m for m in state.models if not m.aboard and not m.removed]
    for m in standing:
        assert _in_zone(engine, m), (m.name, m.x, m.y)
        assert position_problem(table, state, m, m.x, m.y) == "", m.name
    for i, a in enumerate(standing):
        for b in standing[i + 1:]:
            assert table.bases.spine_gap(table.bases.spine(a), table.bases.spine(b)) >= 0.0, (a.name, b.name)


@pytest.mark.parametrize(("dice", "first"), [([2, 5], "blue"), ([6, 1], "red"), ([3, 3, 4, 2], "red")])
def test_the_higher_roll_deploys_first_and_a_tie_rolls_again(dice: list[int], first: str) -> None:
    engine = _ford(dice)
    rolls = [e for e in engine.log if isinstance(e, DiceRolled)]
    assert [r.value for r in rolls] == dice
    assert {r.purpose for r in rolls} == {"red rolls to deploy first", "blue rolls to deploy first"}
    began = next(e for e in engine.log if isinstance(e, DeploymentBegan))
    assert began.first == first and engine.state.acting_side == first
    assert engine.state.current_card == "" and engine.state.active_side == ""


def test_no_model_stands_on_the_table_until_deployed() -> None:
    engine = _ford([1, 2])
    assert all(m.x == UNPLACED for m in engine.state.models)
    assert engine.state.options["deploy"] is True


def test_the_sides_deploy_spear_by_spear_in_turn() -> None:
    engine = _ford([1, 2])  # blue first
    sides = []
    while engine.state.deploying is not None:
        side = engine.state.acting_side
        assert side
        sides.append(side)
        other = other_side(side)
        refused = engine.submit(AutoDeploy(side=other, spear=now_deploying(engine.state)))
        assert isinstance(refused, Rejected) and refused.code == "not_your_turn"
        events = _auto(engine).events
        assert any(isinstance(e, SpearDeployed) and e.side == side for e in events)
    assert sides == ["blue", "red"] * 3
    assert any(isinstance(e, DeploymentEnded) for e in engine.log)
    assert engine.state.current_card and engine.state.active_side  # the first card is turned


def test_no_command_of_play_is_taken_while_deploying() -> None:
    engine = _ford([1, 2])
    hero = engine.state.model(now_deploying(engine.state))
    result = engine.submit(Activate(side=hero.side, model=hero.id))
    assert isinstance(result, Rejected)


def test_a_model_dropped_outside_its_zone_is_refused_with_the_reason() -> None:
    engine = _ford([1, 2])  # blue first
    hero = engine.state.model(now_deploying(engine.state))
    before = engine.state.digest()
    result = engine.submit(Deploy(side="blue", model=hero.id, x=24.0, y=18.0, facing=0.0))
    assert isinstance(result, Rejected) and result.code == "outside_zone"
    assert "must stand inside blue's deployment zone" in result.reason and "\n" not in result.reason
    assert engine.state.digest() == before
    explained = engine.explain(Deploy(side="blue", model=hero.id, x=24.0, y=18.0, facing=0.0))
    assert not explained.legal and explained.code == "outside_zone"


def test_a_model_by_hand_stands_where_put_and_the_spear_ends_with_its_last() -> None:
    engine = _ford([1, 2])
    zone = zones_of(engine.table, "blue")[0]
    members = to_place(engine.state)
    y = zone.y + 1.5
    for i, m in enumerate(members):
        x = zone.x + 2.0 + 2.5 * i
        result = engine.submit(Deploy(side="blue", model=m.id, x=x, y=y, facing=0.0))
        assert isinstance(result, Accepted), result
        assert (engine.state.model(m.id).x, engine.state.model(m.id).y) == (x, y)
        assert any(isinstance(e, ModelDeployed) and e.model == m.id for e in result.events)
    assert engine.state.acting_side == "red"
    assert now_deploying(engine.state) != members[0].id


def test_spacing_no_base_on_another_and_a_riders_whole_base_in_the_zone() -> None:
    engine = _ford([1, 2])
    zone = zones_of(engine.table, "blue")[0]
    hero, second = to_place(engine.state)[:2]
    assert hero.steed is not None and second.steed is not None  # the Ford's Lancastrians ride
    x, y = zone.x + 4.0, zone.y + 2.0
    assert isinstance(engine.submit(Deploy(side="blue", model=hero.id, x=x, y=y, facing=0.0)), Accepted)
    on_him = engine.submit(Deploy(side="blue", model=second.id, x=x + 0.8, y=y, facing=0.0))
    assert isinstance(on_him, Rejected) and on_him.code == "bad_spot" and "overlap" in on_him.reason
    beside = engine.submit(Deploy(side="blue", model=second.id, x=x + 1.0, y=y, facing=0.0))
    assert isinstance(beside, Accepted)
    # a rider whose centre is inside but whose long base pokes out of the zone's back edge
    third = to_place(engine.state)[0]
    back = zone.y + zone.h - 0.25
    out = engine.submit(Deploy(side="blue", model=third.id, x=x + 5.0, y=back, facing=0.0))
    assert isinstance(out, Rejected) and out.code == "outside_zone"


def test_a_placed_model_of_the_spear_may_be_stood_again() -> None:
    engine = _ford([1, 2])
    zone = zones_of(engine.table, "blue")[0]
    hero = to_place(engine.state)[0]
    for x in (zone.x + 2.0, zone.x + 6.0):
        assert isinstance(engine.submit(Deploy(side="blue", model=hero.id, x=x, y=zone.y + 2.0)), Accepted)
    assert engine.state.model(hero.id).x == zone.x + 6.0
    assert engine.state.deploying is not None and engine.state.deploying.placed == [hero.id]


def test_undo_within_a_spear_is_a_restore() -> None:
    engine = _ford([1, 2])
    mark = engine.snapshot()
    zone = zones_of(engine.table, "blue")[0]
    hero = to_place(engine.state)[0]
    engine.submit(Deploy(side="blue", model=hero.id, x=zone.x + 2.0, y=zone.y + 2.0))
    engine.restore(mark)
    assert engine.state.model(hero.id).x == UNPLACED and engine.state.deploying is not None
    assert engine.state.deploying.placed == []


@pytest.mark.parametrize("scenario", list_scenarios())
def test_auto_deploy_stays_in_the_zone_and_keeps_the_spacing(scenario: str) -> None:
    engine = start_game(scenario, 3, deploy=True)
    if scenario == "tutorial" and engine.state.deploying is None:
        return  # the tutorial fixes its deployment
    _deploy_all(engine)
    _spaced(engine)
    assert engine.state.current_card


def test_auto_deploy_puts_riders_on_open_ground_and_a_whole_mounted_retinue_in_its_zone() -> None:
    riders = mount_all(template("lancaster-mounted"))
    sc = cached_scenario("the-ford")
    table = Table(content_with_rosters(load_content(), {"red": riders, "blue": riders}), sc.terrain)
    engine = new_game(table, sc.name, 9, {"red": roster_id("red"), "blue": roster_id("blue")}, sc.turns,
                      None, sc.options, sc.escort, deploy=True)
    _deploy_all(engine)
    _spaced(engine)
    for m in engine.state.models:
        assert m.steed is not None and table.terrain.kind_at(m.x, m.y) in ("open", "road"), m.name


def test_auto_deploy_is_deterministic_and_near_the_front() -> None:
    a, b = _ford([1, 2]), _ford([1, 2])
    _deploy_all(a)
    _deploy_all(b)
    assert [(m.x, m.y) for m in a.state.models] == [(m.x, m.y) for m in b.state.models]
    zone = zones_of(a.table, "blue")[0]
    assert all(m.y < zone.y + zone.h / 2 for m in a.state.models if m.side == "blue")  # blue's front is up


def test_a_map_that_fixes_the_deployment_plays_no_phase() -> None:
    engine = _ford(seed=5, fixed=True)
    assert engine.state.deploying is None and engine.state.current_card
    assert "deploy" not in engine.state.options


def test_without_the_option_a_game_is_as_before() -> None:
    assert "deploying" not in start_game("the-ford", 5).state.to_dict()
    assert start_game("the-ford", 5).state.digest() == Match.start("the-ford", 5).engine.state.digest()


def test_a_deployed_game_saves_and_its_replay_verifies(tmp_path: Path) -> None:
    match = Match.start("the-ford", 21, deploy=True)
    state = match.engine.state
    zone = zones_of(match.engine.table, state.acting_side or "red")[0]
    hero = to_place(state)[0]
    x, y = zone.x + zone.w / 2, zone.y + zone.h / 2
    assert isinstance(match.submit(Deploy(side=hero.side, model=hero.id, x=x, y=y)), Accepted)
    mid = replay_save(load_save(save_game(match, tmp_path / "mid.json")))
    assert mid.engine.state.digest() == state.digest() and mid.engine.state.deploying is not None
    players = {"red": RandomPlayer(1), "blue": RandomPlayer(2)}
    while len(match.steps) < 40 and not match.engine.state.over:
        side = match.engine.state.acting_side
        assert side
        match.submit(players[side].choose(match.engine, side))
    assert match.engine.state.deploying is None
    replayed = replay_save(load_save(save_game(match, tmp_path / "game.json")))
    assert replayed.engine.state.digest() == match.engine.state.digest()
    assert Match.from_engine(match.engine).engine.state.digest() == match.engine.state.digest()
