"""The hint is honest: asked again on the same position it gives the same advice, what the side
cannot know never changes it, and the figure beside each command is what the panel calls it (the
Valour Points it wins against ending the activation, with its standard error)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from game.rules.commands import Activate, Command, EndActivation, Fight, Move
from game.rules.engine import Engine
from game.scenario import start_game
from game.ui.battle.hint_panel import figure_help
from game.ui.hints import (
    AGAINST_END,
    FIGURE,
    Estimate,
    Hint,
    HintWorker,
    estimates,
    hint_seed,
    player_view,
)
from tests.ai.test_no_cheating import CHANGES
from tests.rules.played import eager_positions

Advice = list[tuple[Command, float, str]]


@cache
def positions() -> list[Engine]:
    """Mid-game positions of seeded eager games on two maps, each with a model in the middle of its
    activation (moves, shots and fights to weigh), and one between models."""
    def keep(every: int) -> Callable[[int, Engine, list[Engine]], bool]:
        return lambda n, e, out: n > 20 and n % every == 0 and len(out) < 2 and bool(e.state.active_model)
    found = eager_positions("the-ford", 3, 140, keep(7)) + eager_positions("make-way", 5, 160, keep(9))
    between = eager_positions("the-ford", 3, 140, lambda n, e, out: n == 46 and not out)
    return found + between


def ask(worker: HintWorker, engine: Engine) -> Advice:
    """One ask of the worker on this position: each hint's command, the AI's value and its figure."""
    side = engine.state.acting_side
    assert side
    worker.start(engine.state, side, "token")
    worker.wait(120)
    found = worker.poll()
    assert found is not None and isinstance(found[1], list), found
    return [(h.command, h.score, h.figure) for h in found[1]]


def test_the_positions_are_mid_game_on_two_maps() -> None:
    engines = positions()
    assert len(engines) == 5 and len({e.state.scenario for e in engines}) == 2
    assert sum(bool(e.state.active_model) for e in engines) == 4


@pytest.mark.parametrize("index", range(5))
def test_three_asks_of_the_same_position_give_the_same_advice(index: int) -> None:
    engine = positions()[index]
    worker = HintWorker(engine.table)  # the screen keeps one worker for the whole game
    first = ask(worker, engine)
    assert first and all(figure for _, _, figure in first)
    assert ask(worker, engine) == first
    assert ask(worker, engine) == first
    assert ask(HintWorker(engine.table), engine) == first  # another screen, the same advice


@pytest.mark.parametrize("index", [0, 2])
def test_what_the_side_cannot_know_does_not_change_the_advice(index: int) -> None:
    engine = positions()[index]
    worker = HintWorker(engine.table)
    advice = ask(worker, engine)
    tried = 0
    for change in CHANGES.values():
        state = engine.state.clone()
        side = state.acting_side
        assert side
        if change(state, side):
            tried += 1
            assert ask(worker, Engine(engine.table, state)) == advice, change.__name__
    assert tried >= 3


def _charge() -> Engine:
    """The Ford, seed 4: John Heron (Blue) activated 8" south of Thomas Strangways (Red), who has
    one Health left, so a blow that wounds him kills him and wins Valour."""
    engine = start_game("the-ford", 4)
    state = engine.state
    for mid, pos, facing in (("blue-9", (10.5, 31.0), 0.0), ("red-9", (10.5, 23.0), 180.0)):
        m = state.model(mid)
        m.x, m.y = pos
        m.facing = facing
    state.model("red-9").health = 1
    engine.submit(Activate(side="blue", model="blue-9"))
    return engine


def _charges(engine: Engine, cmd: Command) -> str:
    """Whom a move charges ("" for nobody)."""
    move = engine.explain(cmd).move
    return move.charge_target if move is not None and move.charge_target else ""


def test_the_figure_is_valour_won_against_ending_the_activation() -> None:
    engine = _charge()
    view = player_view(engine, "blue")
    seed = hint_seed(engine, "blue")
    away = Move(side="blue", model="blue-9", path=((10.5, 34.0),))  # back from him: no Valour to win
    contact = next(c for c in view.legal_commands("blue") if isinstance(c, Move) and c.gambit is None
                   and _charges(view, c) == "red-9")
    end = EndActivation(side="blue", model="blue-9")
    still, won, nothing = estimates(view, "blue", [away, contact, end], seed, views=16)
    assert still is not None and won is not None and nothing is not None
    assert nothing == Estimate(0.0, 0.0, AGAINST_END, 16)  # ending it against itself
    assert abs(still.gain) <= 2 * still.error + 1e-9  # a step away cannot change the Valour margin
    assert won.gain > 0 and won.error > 0  # into contact with a man on his last Health: Valour to win
    assert won.words == f"{won.text} vs ending the activation" and won.text.endswith(" VP")
    assert "±" in won.text


def test_the_labels_say_what_is_computed() -> None:
    assert "Valour margin" in FIGURE and "{against}" in FIGURE and "standard error" in FIGURE
    figure = Estimate(1.24, 0.61, AGAINST_END, 8)
    assert figure.text == "+1.2 ± 0.6 VP" and figure.words == "+1.2 ± 0.6 VP vs ending the activation"
    assert Estimate(-0.04, 0.0, AGAINST_END, 8).text == "+0.0 ± 0.0 VP"  # never "-0.0"
    hint = Hint(1, Fight(side="blue", model="blue-9", target="red-9"), 9.5, "Fight Thomas Strangways",
                "line", estimate=figure)
    assert hint.value == "+1.2 ± 0.6 VP" and hint.figure == figure.words
    assert hint.label == "1. Fight Thomas Strangways — +1.2 ± 0.6 VP"  # the AI's own 9.5 is never shown
    assert "Valour Points won" in figure_help([hint]) and "vs ending the activation" in figure_help([hint])
    assert figure_help([]) == ""
