"""The three levels a person picks are players of their own: over mid-game positions of seeded
games on two maps each pair of levels decides differently in a sizeable share, every level's
command is legal, the same seed gives the same choices, and Easy's careless choices are never
absurd (a shot at its own side, a fight on offer left unfought, a Spear ended before any of its
models acts, a command far below its best)."""

from __future__ import annotations

from functools import cache
from itertools import combinations

import pytest

from game.ai import PLAYERS, make_player, parse_spec
from game.ai.easy import (
    EasyPlayer,
    EasyTuning,
    easy_tuning,
    likely_slips_away,
    not_the_enemys,
    spear_idle,
    worse_than_standing,
)
from game.ai.heuristic import HeuristicPlayer
from game.ai.levels import LEVEL_PLAYERS, level_of, level_spec
from game.ai.tuning import near_tie
from game.ai.weighing import WeighingHeuristic, ranked
from game.rules.commands import Activate, Command, EndSpear, Fight, PlayPerk
from game.rules.context import Rejected
from game.rules.engine import Engine
from game.ui.solo import ai_spec, describe, player_choices
from tests.rules.played import eager_positions

DIFFERENT = 0.20  # each pair of levels chooses differently in at least this share of the positions
SEED = 9100  # a level's own seed at position i is SEED + i (a player deep in a game has rolled on)


def _real_decision(n: int, engine: Engine, out: list[Engine]) -> bool:
    """Every fifth command from the thirtieth on where the side has at least three legal commands."""
    side = engine.state.acting_side
    return (n >= 30 and n % 5 == 0 and len(out) < 20 and bool(side)
            and len(engine.legal_commands(side)) >= 3)


@cache
def positions() -> tuple[Engine, ...]:
    """Mid-game positions of seeded games on the ford and the stakes."""
    found = eager_positions("the-ford", 11, 400, _real_decision)
    found += eager_positions("stakes-and-arrows", 12, 400, _real_decision)
    return tuple(found)


def _player(spec: str, seed: int) -> object:
    player = make_player(spec, seed)
    if hasattr(player, "time_cap"):
        player.time_cap = None  # the whole budget, so the answer does not depend on the clock
    return player


def _choose(spec: str, i: int, engine: Engine) -> Command:
    player = _player(spec, SEED + i)
    side = engine.state.acting_side
    assert side
    return player.choose(engine, side)  # type: ignore[attr-defined]


@cache
def choices(level: str) -> tuple[Command, ...]:
    """The command each level chooses in each position."""
    return tuple(_choose(LEVEL_PLAYERS[level], i, e) for i, e in enumerate(positions()))


def test_the_levels_name_players_of_their_own() -> None:
    assert set(LEVEL_PLAYERS) == {"easy", "normal", "hard"}
    assert len(set(LEVEL_PLAYERS.values())) == 3
    for level, spec in LEVEL_PLAYERS.items():
        assert ai_spec(level) == level_spec(level) == spec and level_of(spec) == level
        assert parse_spec(spec)[0] in PLAYERS
        assert describe(spec) == level.capitalize()
    assert isinstance(make_player(level_spec("easy"), 1), EasyPlayer)
    assert isinstance(make_player(level_spec("normal"), 1), HeuristicPlayer)
    assert player_choices()[:3] == [LEVEL_PLAYERS[lv] for lv in ("easy", "normal", "hard")]
    for old in ("search:easy", "search:normal", "heuristic:hard", "eager", "random"):  # saves name these
        assert parse_spec(old) and make_player(old, 1) is not None
    with pytest.raises(ValueError, match="known"):
        level_spec("nightmare")


def test_the_positions_are_mid_game_on_two_maps() -> None:
    found = positions()
    assert len(found) >= 30
    assert {e.state.scenario for e in found} == {"the-ford", "stakes-and-arrows"}
    assert all(e.state.turn >= 2 for e in found)


@pytest.mark.parametrize(("a", "b"), list(combinations(("easy", "normal", "hard"), 2)))
def test_each_pair_of_levels_decides_differently(a: str, b: str) -> None:
    differ = sum(x != y for x, y in zip(choices(a), choices(b), strict=True))
    assert differ >= DIFFERENT * len(positions()), (a, b, differ, len(positions()))


def test_every_level_gives_legal_commands_and_the_same_seed_the_same_choices() -> None:
    for level in LEVEL_PLAYERS:
        for i, (engine, cmd) in enumerate(zip(positions(), choices(level), strict=True)):
            assert not isinstance(engine.check(cmd), Rejected), (level, i, cmd)
    for level in ("easy", "normal"):
        again = tuple(_choose(LEVEL_PLAYERS[level], i, e) for i, e in enumerate(positions()))
        assert again == choices(level), level
    some = positions()[:6]  # the search is dearer: six positions again
    assert tuple(_choose(LEVEL_PLAYERS["hard"], i, e) for i, e in enumerate(some)) == choices("hard")[:6]


def _never_absurd(engine: Engine, cmd: Command, gap: float) -> None:
    side = engine.state.acting_side
    assert side
    scored = ranked(engine, side)
    offered = [c for c, _ in scored]
    assert cmd in offered
    assert not not_the_enemys(engine.state, side, cmd)
    assert cmd not in worse_than_standing(scored)
    assert cmd == scored[0][0] or not likely_slips_away(engine, cmd)
    if any(isinstance(c, Fight) for c in offered):
        assert isinstance(cmd, Fight | PlayPerk), cmd
    if isinstance(cmd, EndSpear):
        assert not (spear_idle(engine.state) and any(isinstance(c, Activate) for c in offered))
    best = scored[0][1]
    assert dict(scored)[cmd] > best - gap, (cmd, dict(scored)[cmd], best)


def test_easy_is_careless_but_never_absurd() -> None:
    gap = easy_tuning().worst_gap
    careless = 0
    tries = 0
    for i, engine in enumerate(positions()):
        side = engine.state.acting_side
        assert side
        best = ranked(engine, side)[0][1]
        for k in range(6):  # six of its seeds a position: its dice reach every kind of carelessness
            cmd = EasyPlayer(SEED + 100 * k + i).choose(engine, side)
            _never_absurd(engine, cmd, gap)
            tries += 1
            careless += dict(ranked(engine, side))[cmd] < best - 1e-9
    assert 0.15 * tries <= careless <= 0.8 * tries, (careless, tries)


def test_the_easy_tuning_is_read_whole_and_steers_it() -> None:
    keys = set(EasyTuning.model_fields)
    assert keys == {"second_best", "third_best", "forget_perks", "rush_nearest", "worst_gap"}
    assert set(easy_tuning().model_dump()) == keys
    with pytest.raises(ValueError):
        EasyTuning(second_best=0.7, third_best=0.5, forget_perks=0, rush_nearest=0, worst_gap=1)
    careful = EasyTuning(second_best=0, third_best=0, forget_perks=0, rush_nearest=0, worst_gap=2)
    second = careful.model_copy(update={"second_best": 1.0})
    for i, engine in enumerate(positions()[:12]):
        side = engine.state.acting_side
        assert side
        scored = ranked(engine, side)
        assert EasyPlayer(i, tuning=careful).choose(engine, side) == scored[0][0]
        pool = [c for c, s in scored if s > scored[0][1] - 2 and not isinstance(c, EndSpear)]
        if len(pool) >= 2 and not any(isinstance(c, Fight) for c in pool):
            picked = EasyPlayer(i, tuning=second).choose(engine, side)
            assert picked != scored[0][0] and picked in pool


def test_the_weighing_heuristic_chooses_as_the_heuristic_and_keeps_what_it_weighed() -> None:
    for i, engine in enumerate(positions()[:15]):
        side = engine.state.acting_side
        assert side
        weighing = WeighingHeuristic(SEED + i)
        cmd = weighing.choose(engine, side)
        assert cmd == HeuristicPlayer(SEED + i).choose(engine, side)
        weighed = weighing.last_weighed
        values = [s for _, s in weighed]
        assert 1 <= len(weighed) <= 5 and values == sorted(values, reverse=True)
        assert dict(ranked(engine, side))[cmd] >= weighed[0][1] - near_tie("normal")
