"""The AI deploys its own with purpose: riders on open ground with room ahead, shooters behind
cover, every model in its zone; the random and eager players let Auto-deploy stand their Spears."""

from __future__ import annotations

import pytest

from game.ai import make_player
from game.ai.deploy import worth
from game.persist import Match
from game.rules.commands import AutoDeploy, Deploy
from game.rules.deploying import depth, has_cover, spots, zones_of
from game.rules.engine import Accepted
from game.rules.state import Side


def _deploy(spec: str, scenario: str = "the-ford") -> Match:
    match = Match.start(scenario, 3, deploy=True)
    players = {"red": make_player(spec, 1), "blue": make_player(spec, 2)}
    while match.engine.state.deploying is not None:
        side = match.engine.state.acting_side
        assert side
        assert isinstance(match.submit(players[side].choose(match.engine, side)), Accepted)
    return match


@pytest.mark.parametrize("spec", ["heuristic", "search:easy"])
def test_the_thinking_players_stand_their_models_one_by_one_riders_on_open_ground(spec: str) -> None:
    match = _deploy(spec)
    assert any(isinstance(c, Deploy) for c in match.commands)
    table, state = match.engine.table, match.engine.state
    for m in state.models:
        assert any(z.contains(m.x, m.y) for z in zones_of(table, m.side)), m.name
        if m.steed is not None:
            assert table.terrain.kind_at(m.x, m.y) in ("open", "road"), m.name
    assert state.current_card  # the first card is turned


@pytest.mark.parametrize("spec", ["random", "eager"])
def test_the_random_and_eager_players_auto_deploy(spec: str) -> None:
    match = _deploy(spec)
    assert all(isinstance(c, AutoDeploy) for c in match.commands)


def test_a_shooter_likes_a_spot_behind_cover_better_than_one_as_far_forward_without() -> None:
    for scenario in ("stakes-and-arrows", "skirmish-field", "the-ford", "make-way"):
        match = Match.start(scenario, 3, deploy=True)
        table = match.engine.table
        for m in match.engine.state.models:
            if m.steed is not None or not any(table.content.weapons[w].is_missile for w in m.weapons):
                continue
            side: Side = m.side
            by_depth: dict[float, list[tuple[float, float]]] = {}
            for x, y in spots(table, side):
                by_depth.setdefault(round(depth(table, side, x, y), 2), []).append((x, y))
            for row in by_depth.values():
                covered = [p for p in row if has_cover(table, side, *p)]
                bare = [p for p in row if not has_cover(table, side, *p)]
                if covered and bare:
                    best_covered = max(worth(table, m, *p, None) for p in covered)
                    best_bare = max(worth(table, m, *p, None) for p in bare)
                    assert best_covered > best_bare
                    return
    pytest.skip("no shipped map has a zone with cover for a foot shooter")
