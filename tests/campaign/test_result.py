"""A battle's result read from a finished game of the campaign's rosters."""

from __future__ import annotations

from game.campaign import after_battle, battle_result, model_numbers
from game.rules.events import Casualty, Looted, SteedKilled
from game.sim import play_game
from tests.campaign.helpers import campaign


def test_a_finished_game_gives_each_fielded_model_his_outcome() -> None:
    c = campaign(seed=5)
    rosters = {side: c.sides[side].roster for side in ("red", "blue")}
    game = play_game("the-ford", 0, 5, {"red": "heuristic", "blue": "heuristic"}, rosters=rosters)
    assert game.match is not None and not game.error
    engine = game.match.engine
    r = battle_result(engine, c)
    numbers = model_numbers(c)
    by_id = {m.id: m for m in engine.state.models}
    assert r.winner == engine.state.winner and r.scenario == "the-ford" and r.seed == 5
    assert len(r.models) == 24
    for mid, (side, number) in numbers.items():
        outcome = next(o for o in r.models if o.side == side and o.member == number)
        assert (outcome.state == "casualty") == (by_id[mid].removed == "casualty")
        assert by_id[mid].name == c.sides[side].roster.members[c.sides[side].index_of(number)].name
        killed = any(isinstance(e, SteedKilled) and e.model == mid for e in engine.log)
        assert (outcome.steed == "killed") == killed
    scored = sum(e.valour for e in engine.log if isinstance(e, Casualty | SteedKilled))
    looted = sum(e.valour for e in engine.log if isinstance(e, Looted))
    assert 0 < sum(o.valour for o in r.models) <= scored + looted
    after, events = after_battle(c, r)
    assert after.battles[-1] == r and events[0].kind == "result"
