"""The search player: seeded, always legal, and it finds an obviously winning line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from game.ai import LEVELS, heuristic, make_player, parse_spec
from game.ai.heuristic import Memory
from game.ai.heuristic_terms import Guesser
from game.ai.search import (
    BUDGETS,
    DECISIVE,
    SearchPlayer,
    Standing,
    evaluate,
    in_endgame,
    quick_command,
    result_value,
    score_commands,
)
from game.ai.view import determinise
from game.rules.commands import Activate, Command, EndActivation, Fight, Move, PlayPerk, Shoot
from game.rules.context import Rejected
from game.rules.dice import Dice
from game.rules.engine import Engine
from game.rules.state import Side
from game.scenario import start_game
from game.sim import player_seed
from game.ui.hints import hints
from tests.rules.fixtures import make_engine, model


def _player(level: str, seed: int = 3) -> SearchPlayer:
    player = SearchPlayer(seed, level)
    player.time_cap = None  # the whole budget: the answer does not depend on the clock
    return player


def _duel(dx: float, activated: bool = True) -> Engine:
    """A red squire against the last blue model, a man-at-arms, dx inches east of him."""
    eng = make_engine([model("r1", "red", "squire", 10.0, 10.5),
                       model("b1", "blue", "man_at_arms", 10.0 + dx, 10.5)], seed=11)
    if activated:
        assert not isinstance(eng.submit(Activate(side="red", model="r1")), Rejected)
    return eng


def test_the_registry_parses_levels() -> None:
    assert parse_spec("search") == ("search", "normal")
    assert parse_spec("search:hard") == ("search", "hard")
    assert isinstance(make_player("search:easy", 1), SearchPlayer)
    with pytest.raises(ValueError, match="unknown level"):
        make_player("search:grandmaster", 1)
    assert set(LEVELS) == set(BUDGETS) == {"easy", "normal", "hard"}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_it_fights_the_last_enemy_in_contact(level: str) -> None:
    eng = _duel(1.0)
    cmd = _player(level).choose(eng, "red")
    assert isinstance(cmd, Fight) and cmd.target == "b1" and not cmd.at_steed


def test_easy_fights_too_before_the_activation_ends() -> None:
    eng = _duel(1.0)
    player = _player("easy")
    given: list[Command] = []
    while eng.state.active_model == "r1" and len(given) < 6:
        given.append(player.choose(eng, "red"))
        assert not isinstance(eng.submit(given[-1]), Rejected)
    assert any(isinstance(c, Fight) and c.target == "b1" for c in given), given


def test_it_closes_in_to_fight_when_the_fight_can_win_the_game() -> None:
    eng = _duel(4.0)
    player = _player("normal")
    first = player.choose(eng, "red")
    assert isinstance(first, Move)
    assert not isinstance(eng.submit(first), Rejected)
    second = player.choose(eng, "red")
    assert isinstance(second, Fight) and second.target == "b1"


def test_it_activates_the_hero_who_can_charge_rather_than_end_the_spear() -> None:
    eng = make_engine([model("r1", "red", "squire", 12.0, 7.0),
                       model("b1", "blue", "man_at_arms", 15.0, 10.5)], seed=5)
    assert not eng.state.active_model
    assert _player("normal").choose(eng, "red") == Activate(side="red", model="r1")


def _game_positions() -> list[Engine]:
    engine = start_game("the-ford", 8)
    seats = {s: make_player("eager", player_seed(8, s)) for s in ("red", "blue")}
    out = []
    for n in range(120):
        if engine.state.over:
            break
        if n % 11 == 5:
            out.append(Engine(engine.table, engine.state.clone()))
        side = engine.state.acting_side
        engine.submit(seats[side].choose(engine, side))
    return out


POSITIONS = _game_positions()


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_same_seed_gives_the_same_command_and_every_command_is_accepted(level: str) -> None:
    for engine in POSITIONS:
        side = engine.state.acting_side
        assert side
        before = engine.state.digest()
        a = _player(level, 21).choose(engine, side)
        b = _player(level, 21).choose(engine, side)
        assert a == b
        assert engine.state.digest() == before  # searching changed nothing in the game
        assert not isinstance(engine.check(a), Rejected), a


def test_a_whole_game_against_eager_is_legal_throughout() -> None:
    engine = start_game("the-ford", 13)
    seats = {"red": _player("easy", 1), "blue": make_player("eager", 2)}
    for _ in range(2000):
        if engine.state.over:
            break
        side = engine.state.acting_side
        assert side
        cmd: Command = seats[side].choose(engine, side)
        assert not isinstance(engine.submit(cmd), Rejected), cmd
    assert engine.state.over


def test_the_screen_and_the_evaluation_read_a_view() -> None:
    eng = _duel(1.0)
    view = determinise(eng, "red", Dice(1))
    commands = view.legal_commands("red")
    scored = score_commands(view, "red", commands)
    assert [c for c, _ in scored] == commands
    assert evaluate(view, "red") == -evaluate(view, "blue")


def test_suggest_gives_the_searched_best_few_best_first() -> None:
    eng = _duel(1.0)
    found = _player("normal").suggest(eng, "red", 3)
    assert 1 <= len(found) <= 3
    values = [value for _, value in found]
    assert values == sorted(values, reverse=True)
    best, _ = found[0]
    assert isinstance(best, Fight) and best.target == "b1"
    assert all(not isinstance(eng.check(cmd), Rejected) for cmd, _ in found)
    assert found == _player("normal").suggest(eng, "red", 3)  # the same seed, the same advice


def test_the_hint_uses_the_search_players_own_suggest() -> None:
    eng = _duel(1.0)
    assert hints(eng, "red", 2, _player("normal")) == _player("normal").suggest(eng, "red", 2)


def test_the_standing_counts_the_searching_sides_moved_models_only() -> None:
    eng = make_engine([model("r1", "red", "squire", 10.0, 10.5), model("r2", "red", "billman", 12.0, 20.5),
                       model("b1", "blue", "man_at_arms", 30.0, 10.5)], seed=11)
    memory = Memory()
    standing = Standing(eng, "red", memory)
    assert standing(eng) == 0.0  # nobody has moved
    later = Engine(eng.table, eng.state.clone())
    foe = later.state.model("b1")
    foe.x = 14.0  # the enemy closes in: his gain is the threat in red's own spots, not counted again
    assert standing(later) == 0.0
    ours = later.state.model("r1")
    ours.x = 20.0
    guess = Guesser(later.table, later.state, "red", memory.ground, memory.melee)
    root = Guesser(eng.table, eng.state, "red", memory.ground, memory.melee)
    before = root.spot_value(eng.state.model("r1"), (10.0, 10.5), False)
    gain = guess.spot_value(ours, (20.0, 10.5), False) - before
    assert gain != 0.0 and standing(later) == pytest.approx(gain)


def test_the_play_outs_move_a_model_as_the_heuristic_would_not_straight_at_the_enemy() -> None:
    """An archer that has shot may still move: riding at him are two mounted squires. The quick
    policy's old close-in walked him straight at them (and the searched value of every shot paid
    for that walk); at normal and hard the play-out moves him where the heuristic would."""
    eng = make_engine([model("r1", "red", "archer", 10.0, 10.5), model("r2", "red", "billman", 8.0, 14.5),
                       model("b1", "blue", "squire", 30.0, 10.5, steed="warhorse", steed_health=2),
                       model("b2", "blue", "squire", 30.0, 14.5, steed="warhorse", steed_health=2)], seed=11)
    assert not isinstance(eng.submit(Activate(side="red", model="r1")), Rejected)
    assert not isinstance(eng.submit(Shoot(side="red", model="r1", target="b1")), Rejected)
    memory = Memory()
    straight = quick_command(eng, "red", Dice(1), None, "nearest")
    played = quick_command(eng, "red", Dice(1), None, "heuristic", memory)
    assert isinstance(straight, Move) and straight.path[-1][0] > 10.0 and straight.path[-1][1] == 10.5
    assert played == heuristic.best_command(eng, "red", memory) and played != straight
    assert BUDGETS["normal"].moves_by == BUDGETS["hard"].moves_by == "heuristic"


def _last_fight(red_lead: int, blue_card_left: bool = False) -> Engine:
    """The last turn: a red billman in contact with a blue one, red ahead by `red_lead` Valour, and
    (unless `blue_card_left`) no Hero card left to draw, so the game ends with red's activation."""
    eng = make_engine([model("r1", "red", "billman", 10.0, 10.5), model("b1", "blue", "billman", 11.0, 10.5),
                       model("r2", "red", "captain", 2.0, 30.5), model("b2", "blue", "captain", 40.0, 30.5)],
                      seed=11)
    state = eng.state
    state.turn = state.max_turns
    state.hero_deck = ["b2"] if blue_card_left else []
    state.sides["red"].valour = red_lead
    assert not isinstance(eng.submit(Activate(side="red", model="r1")), Rejected)
    return eng


def test_a_finished_play_out_counts_the_result_not_the_material() -> None:
    eng = _last_fight(1)
    sim = Engine(eng.table, eng.state.clone())
    assert not isinstance(sim.submit(EndActivation(side="red", model="r1")), Rejected)
    assert sim.state.over and sim.state.winner == "red"
    assert result_value(sim.state, "red") == 1 + DECISIVE
    assert result_value(sim.state, "blue") == -1 - DECISIVE


def test_ahead_in_the_last_activation_it_keeps_the_win_where_the_heuristic_fights() -> None:
    """A fight between billmen is an even gamble on Valour, so the heuristic (which adds a little
    for acting) takes it; one Valour ahead with nothing left to play, losing the billman would
    throw the win away, and the search, playing to the result, ends the activation instead."""
    ahead = _last_fight(1)
    assert isinstance(heuristic.best_command(ahead, "red"), Fight)
    assert isinstance(_player("normal").choose(ahead, "red"), EndActivation)
    behind = _last_fight(-1)  # one behind, only the kill can win
    assert isinstance(_player("normal").choose(behind, "red"), Fight)


def test_in_the_endgame_the_play_outs_run_to_the_end_of_the_game() -> None:
    eng = _last_fight(0, blue_card_left=True)  # blue's Spear still to come
    assert in_endgame(eng.state, BUDGETS["normal"].endgame) and not in_endgame(eng.state, 0)
    eng.state.turn = eng.state.max_turns - 1
    assert not in_endgame(eng.state, BUDGETS["normal"].endgame)  # not the last turn
    eng.state.turn = eng.state.max_turns
    finished: dict[int, list[bool]] = {}
    for cards in (0, BUDGETS["normal"].endgame):
        player = _player("normal")
        player.budget = replace(player.budget, endgame=cards)
        leaf = player.leaf
        seen = finished[cards] = []

        def recording(sim: Engine, side: Side, leaf: Callable[[Engine, Side], float] = leaf,
                      seen: list[bool] = seen) -> float:
            seen.append(sim.state.over)
            return leaf(sim, side)

        player.leaf = recording  # type: ignore[method-assign]
        player.choose(eng, "red")
    assert finished[0] and not any(finished[0])  # the play-outs stop at the end of red's activation
    assert finished[BUDGETS["normal"].endgame] and all(finished[BUDGETS["normal"].endgame])


def test_of_the_models_still_to_act_only_the_heuristics_next_is_searched() -> None:
    """Between the models of a Spear, every model still to act will act: a play-out of one model's
    activation would compare what two models do, not two orders. So at normal and hard one
    Activate is searched, the cheap score's best, against ending the Spear and the Perks."""
    eng = make_engine([model("r1", "red", "squire", 10.0, 10.5),
                       model("r2", "red", "archer", 11.5, 12.0, spear="r1"),
                       model("r3", "red", "billman", 8.5, 12.0, spear="r1"),
                       model("b1", "blue", "man_at_arms", 30.0, 10.5)], seed=5)
    assert not isinstance(eng.submit(Activate(side="red", model="r1")), Rejected)
    assert not isinstance(eng.submit(EndActivation(side="red", model="r1")), Rejected)
    with eng.deciding():
        offered = eng.legal_commands("red")
    assert sum(isinstance(c, Activate) for c in offered) == 2
    best = heuristic.best_command(eng, "red")
    assert isinstance(best, Activate)
    for level in ("normal", "hard"):
        assert BUDGETS[level].one_to_bring_on
        kept, _ = _player(level).search(eng, "red")
        assert [c for c in kept if isinstance(c, Activate)] == [best]
    every = _player("normal")
    every.budget = replace(every.budget, one_to_bring_on=False)
    kept, _ = every.search(eng, "red")
    assert sum(isinstance(c, Activate) for c in kept) == 2


def test_whole_spear_plays_out_the_rest_of_the_spear_where_the_levels_stop_with_the_model() -> None:
    """A Hero who walks off leaves his Retainers to Feckless tests: only a play-out that brings
    them on sees it. With `whole_spear` the leaves lie after the Spear's activation, else after
    the Hero's (no level uses it: measured against normal it gained nothing, at three times the time)."""
    eng = make_engine([model("r1", "red", "squire", 10.0, 10.5),
                       model("r2", "red", "archer", 11.5, 12.0, spear="r1"),
                       model("r3", "red", "billman", 8.5, 12.0, spear="r1"),
                       model("b1", "blue", "man_at_arms", 30.0, 10.5)], seed=5)
    assert not isinstance(eng.submit(Activate(side="red", model="r1")), Rejected)
    acted: dict[str, list[bool]] = {}
    for level in ("normal", "hard"):
        player = _player(level)
        if level == "hard":
            player.budget = replace(player.budget, whole_spear=True, depth=16)
        leaf = player.leaf
        seen = acted[level] = []

        def recording(sim: Engine, side: Side, leaf: Callable[[Engine, Side], float] = leaf,
                      seen: list[bool] = seen) -> float:
            state = sim.state
            seen.append(state.current_card != "r1" or all(state.model(m).activated for m in ("r2", "r3")))
            return leaf(sim, side)

        player.leaf = recording  # type: ignore[method-assign]
        player.choose(eng, "red")
    assert acted["normal"] and not any(acted["normal"])
    assert acted["hard"] and all(acted["hard"])


def test_cut_short_by_the_clock_after_one_view_it_keeps_the_heuristics_choice() -> None:
    """One view measures no doubt: where the clock stops the search after its first view, a rival
    may not leave the heuristic's choice on that one sample (with every view it does: the win
    kept in the last activation)."""
    ahead = _last_fight(1)
    for seed in range(1, 13):  # on one view, about half of these seeds draw a view that ends it
        hurried = _player("normal", seed)
        hurried.time_cap = 0.0  # no round of views after the first
        assert isinstance(hurried.choose(ahead, "red"), Fight), seed  # the heuristic's choice
    assert isinstance(_player("normal").choose(ahead, "red"), EndActivation)


def _rally_moment() -> Engine:
    """Between the models of red's Spear: the Hero has acted, his billman stands out of Command
    Range, and red holds a Rally to the Banner to spare him the Feckless test."""
    eng = make_engine([model("r1", "red", "squire", 5.0, 5.5),
                       model("r2", "red", "billman", 15.0, 5.5, spear="r1"),
                       model("b1", "blue", "captain", 20.0, 20.5)], seed=7)
    eng.state.sides["red"].perks = ["rally"]
    assert not isinstance(eng.submit(Activate(side="red", model="r1")), Rejected)
    assert not isinstance(eng.submit(EndActivation(side="red", model="r1")), Rejected)
    return eng


def _leaves_after(player: SearchPlayer, eng: Engine, cmd: Command) -> list[bool]:
    """Whether the billman has been brought on at each leaf of the play-out of `cmd` on one view."""
    seen: list[bool] = []
    leaf = player.leaf

    def recording(sim: Engine, side: Side) -> float:
        seen.append(sim.state.model("r2").activated)
        return leaf(sim, side)

    player.leaf = recording  # type: ignore[method-assign]
    player.value(determinise(eng, "red", Dice(1)), "red", cmd, Dice(2))
    return seen


def test_a_perk_played_between_models_is_played_out_through_the_next_activation() -> None:
    """A Rally played between models does its work in the next model's activation: a play-out that
    stopped at once compared it, with nothing yet done, against a whole activation."""
    eng = _rally_moment()
    rally = PlayPerk(side="red", card="rally", model="r2")
    assert rally in eng.legal_commands("red")
    through = _player("normal")
    assert through.budget.through_perks and BUDGETS["hard"].through_perks
    assert _leaves_after(through, eng, rally) == [True]
    stopping = _player("normal")
    stopping.budget = replace(stopping.budget, through_perks=False)
    assert _leaves_after(stopping, eng, rally) == [False]
    bring_on = Activate(side="red", model="r2")  # not a Perk: the play-out stops after his activation
    assert _leaves_after(through, eng, bring_on) == [True]


def test_the_play_outs_strike_as_the_heuristic_would_not_as_the_dice_pick() -> None:
    """In contact, the play-outs' blow (its target, stroke, a Perk first) is the heuristic's at
    normal and hard: a blow the dice picked made a Perk played before it pay for a random stroke."""
    eng = _duel(1.0)
    memory = Memory()
    struck = quick_command(eng, "red", Dice(1), None, "heuristic", memory, "heuristic")
    assert struck == heuristic.best_command(eng, "red", memory)
    picks = {repr(quick_command(eng, "red", Dice(seed), None, "heuristic", memory)) for seed in range(12)}
    assert len(picks) > 1  # by the dice, the strokes offered are picked at random
    assert BUDGETS["normal"].strikes_by == BUDGETS["hard"].strikes_by == "heuristic"



def _first_charge_answered_otherwise() -> Engine:
    """The first charge of a heuristic game on the ford that a one-look on the dice would answer
    otherwise than the heuristic does (found by command 90)."""
    engine = start_game("the-ford", 1)
    seats = {s: make_player("heuristic", player_seed(1, s)) for s in ("red", "blue")}
    for _ in range(150):
        side = engine.state.acting_side
        assert side and not engine.state.over
        if engine.state.pending is not None:
            view = Engine(engine.table, engine.state.clone())
            if quick_command(view, side, Dice(1), None, "heuristic", Memory(), "dice") != \
                    heuristic.best_command(view, side, Memory()):
                return view
        engine.submit(seats[side].choose(engine, side))
    raise AssertionError("no charge answered otherwise in the first 150 commands")


def test_the_play_outs_answer_a_charge_as_the_heuristic_would() -> None:
    """At normal and hard the play-outs' reactions are the heuristic's (the opponent the search
    meets is modelled as the heuristic plays): a one-step look on one roll of the dice answered
    about a third of the charges in play-outs otherwise than the heuristic would."""
    view = _first_charge_answered_otherwise()
    side = view.state.acting_side
    assert side and view.state.pending is not None
    memory = Memory()
    answer = quick_command(view, side, Dice(1), None, "heuristic", memory, "heuristic")
    assert answer == heuristic.best_command(view, side, memory)
    assert answer != quick_command(view, side, Dice(1), None, "heuristic", memory, "dice")


def _searched(eng: Engine, fresh: bool,
              first_view: Callable[[int, Command], float]) -> tuple[list[Command], list[float]]:
    """The search's kept commands and values at normal (no doubt term), with every play-out worth
    0 but those on the first view, worth `first_view(i, cmd)` for the i-th command played there."""
    player = _player("normal")
    player.budget = replace(player.budget, fresh=fresh, confidence=0.0)
    calls: list[object] = []

    def value(view: Engine, side: Side, cmd: Command, dice: Dice) -> float:
        calls.append(view)
        return first_view(len(calls) - 1, cmd) if view is calls[0] else 0.0

    player.value = value  # type: ignore[method-assign]
    return player.search(eng, "red")


def test_fresh_values_leave_out_the_view_the_kept_commands_were_picked_on() -> None:
    """The kept are the luckiest on the first view (the winner's curse): with `fresh` their values
    are the later views' only, and the cheap score's best is kept however its first view went."""
    eng = _duel(4.0)
    flat, flat_means = _searched(eng, True, lambda i, cmd: 0.0)
    lucky, lucky_means = _searched(eng, True, lambda i, cmd: 100.0)
    stale, stale_means = _searched(eng, False, lambda i, cmd: 100.0)
    assert len(flat) == BUDGETS["normal"].keep and flat == lucky == stale
    assert lucky_means == flat_means  # the first view's 100 counts for nothing
    views = BUDGETS["normal"].samples
    assert stale_means == pytest.approx([m + 100.0 / views for m in flat_means])
    anchor = flat[0]  # the cheap score's best; now its first view goes worst of all
    unlucky, _ = _searched(eng, True, lambda i, cmd: -100.0 if cmd == anchor else float(i))
    assert unlucky[0] == anchor
    dropped, _ = _searched(eng, False, lambda i, cmd: -100.0 if cmd == anchor else float(i))
    assert anchor not in dropped
