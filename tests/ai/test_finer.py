"""The finer moves: where the active model may stop beyond the engine's sample of moves."""

from __future__ import annotations

from game.ai.finer import FRACTIONS, finer_moves
from game.ai.heuristic import REFUSED, Memory, score_commands
from game.ai.search import BUDGETS, SearchPlayer
from game.rules.commands import Activate, EndActivation, Move
from game.rules.context import Rejected
from game.rules.engine import Engine
from tests.rules.fixtures import make_engine, model


def _stand_off(dx: float = 21.0) -> Engine:
    """A red billman, his activation begun, dx inches west of a blue squire on a Warhorse."""
    eng = make_engine([model("r1", "red", "billman", 6.0, 18.0),
                       model("b1", "blue", "squire", 6.0 + dx, 18.0, steed="warhorse", steed_health=2)],
                      seed=11)
    assert not isinstance(eng.submit(Activate(side="red", model="r1")), Rejected)
    return eng


def test_every_bearing_at_every_fraction_not_offered_and_all_accepted_in_the_open() -> None:
    eng = _stand_off()
    offered = eng.legal_commands("red")
    found = finer_moves(eng, "red", offered, 24)
    assert not set(found) & set(offered)
    assert len(found) == len(set(found))
    # in the open nothing stops a walk: 24 bearings x 4 stops, less the engine's own 12 full
    # moves and 6 half ones
    assert len(found) == 24 * len(FRACTIONS) - 12 - 6
    assert all(isinstance(c, Move) and c.gambit is None and c.model == "r1" for c in found)
    assert not any(isinstance(eng.check(c), Rejected) for c in found)
    stops = sorted({round(abs(c.path[-1][0] - 6.0) + abs(c.path[-1][1] - 18.0), 1) for c in found
                    if c.path[-1][1] == 18.0 and c.path[-1][0] > 6.0})
    assert stops == [1.5, 3.0, 4.5]  # due east: 1/4, 1/2 and 3/4 of 6" (all of it is offered)


def test_none_once_the_model_may_not_move_or_no_model_is_active() -> None:
    eng = _stand_off()
    assert finer_moves(eng, "red", eng.legal_commands("red"), 0) == []
    move = next(c for c in eng.legal_commands("red") if isinstance(c, Move) and c.gambit is None)
    assert not isinstance(eng.submit(move), Rejected)
    assert finer_moves(eng, "red", eng.legal_commands("red"), 24) == []
    assert not isinstance(eng.submit(EndActivation(side="red", model="r1")), Rejected)
    assert finer_moves(eng, "red", eng.legal_commands("red"), 24) == []


def test_a_finer_move_can_score_above_every_move_offered() -> None:
    """21" from a mounted squire, the billman does best a little way forward but out of his charge
    reach: no move the engine offers stops there."""
    eng = _stand_off(21.0)
    memory = Memory()
    offered = eng.legal_commands("red")
    best_offered = max(s for _, s in score_commands(eng, "red", offered, memory))
    best_finer = max(s for _, s in score_commands(eng, "red", finer_moves(eng, "red", offered, 24), memory))
    assert best_finer > best_offered


def test_the_search_adds_the_cheap_scores_best_finer_moves_to_what_it_searches() -> None:
    eng = _stand_off(21.0)
    player = SearchPlayer(3, "normal")
    player.time_cap = None
    assert player.budget.bearings == BUDGETS["normal"].bearings > 0
    offered = eng.legal_commands("red")
    found = finer_moves(eng, "red", offered, player.budget.bearings)
    scores = [s for _, s in score_commands(eng, "red", found, Memory())]
    scored = sorted(((s, i) for i, s in enumerate(scores) if s > REFUSED), reverse=True)
    commands, _ = player.widen(eng, "red", offered, [0.0] * len(offered), found)
    added = commands[len(offered):]
    assert len(added) == player.budget.finer
    assert set(added) == {found[i] for _, i in scored[:player.budget.finer]}
    kept, _ = player.search(eng, "red")
    assert set(kept) & set(added), "the best finer moves are among those searched"
