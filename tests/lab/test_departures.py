"""The departures audit: paired play-outs, the same views for a variant, the report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai.search import BUDGETS, SearchPlayer
from game.lab import departures
from game.lab.departures import Audit, Difference, both_choose, report, variant_budget, worth
from game.persist.match import Match
from game.rules.commands import EndActivation


def opening(scenario: str = "tutorial", seed: int = 3) -> Match:
    """A game at its first decision."""
    return Match.start(scenario, seed)


def test_a_command_against_itself_gains_nothing_on_every_view() -> None:
    """Both commands meet the same view and the same players' dice, so a command played against
    itself comes out the same to the last Valour Point, though the views' games differ."""
    match = opening()
    engine = match.engine
    side = engine.state.acting_side
    assert side
    cmd = engine.legal_commands(side)[0]
    assert worth(engine, side, cmd, cmd, samples=2, seed=11) == [0.0, 0.0]


def test_a_refused_command_counts_as_a_lost_game() -> None:
    match = opening()
    engine = match.engine
    side = engine.state.acting_side
    assert side
    cmd = engine.legal_commands(side)[0]
    refused = EndActivation(side=side, model="nobody")
    gains = worth(engine, side, cmd, refused, samples=1, seed=5)
    assert gains[0] >= 100.0 - 40.0  # a played game's result is a few dozen points at most


def test_a_variant_on_the_same_budget_chooses_as_the_search_does() -> None:
    """The variant starts from the search's dice, whatever its own: at `easy`, whose pick is a
    softmax draw among few views, an unchanged budget gives the same command at every decision
    of the opening."""
    match = opening("the-ford", 5)
    engine = match.engine
    search = SearchPlayer(7, "easy")
    other = SearchPlayer(8, "easy")
    other.budget = variant_budget("easy", {"temperature": "0.6"})
    search.time_cap = other.time_cap = None
    for _ in range(12):
        side = engine.state.acting_side
        assert side
        ours, theirs = both_choose(search, other, engine, side)
        assert ours == theirs
        match.submit(ours)


def test_without_a_variant_the_other_choice_is_the_anchor() -> None:
    match = opening("the-ford", 5)
    engine = match.engine
    side = engine.state.acting_side
    assert side
    search = SearchPlayer(7, "normal")
    search.time_cap = None
    twin = SearchPlayer(7, "normal")
    twin.time_cap = None
    ours, theirs = both_choose(search, None, engine, side)
    kept, means = twin.search(engine, side)
    assert theirs == kept[0]
    assert ours == twin.pick(kept, means)


def test_a_variant_budget_keeps_each_field_s_type_and_names_an_unknown_one() -> None:
    budget = variant_budget("normal", {"confidence": "0", "samples": "5", "fresh": "false",
                                       "time_cap": "none", "moves_by": "nearest"})
    assert budget.confidence == 0.0 and isinstance(budget.confidence, float)
    assert budget.samples == 5 and budget.fresh is False and budget.time_cap is None
    assert budget.moves_by == "nearest"
    assert budget.keep == BUDGETS["normal"].keep
    with pytest.raises(ValueError, match="unknown budget field 'views'"):
        variant_budget("normal", {"views": "3"})


def test_the_report_gives_the_mean_gain_and_its_standard_error_by_kind() -> None:
    found = Audit(
        differences=[Difference(0, 1, "red", "Shoot", "Move:plain", (2.0, 0.0)),
                     Difference(0, 2, "red", "Shoot", "Move:plain", (-1.0, -1.0)),
                     Difference(1, 3, "blue", "Fight", "Fight", (4.0, 4.0))],
        games=[{"search": "red", "winner": "red"}, {"search": "blue", "winner": "draw"}])
    result = report(found)
    assert (result["games"], result["search_won"], result["drawn"], result["lost"]) == (2, 1, 1, 0)
    assert result["differences"] == 3
    assert result["mean_gain"] == pytest.approx((1.0 - 1.0 + 4.0) / 3, abs=1e-3)
    assert result["by_kind"]["Shoot for Move:plain"] == {"n": 2, "mean": 0.0, "se": 1.0}
    assert list(result["by_kind"]) == ["Shoot for Move:plain", "Fight for Fight"]
    json.dumps(result)


def test_the_command_line_names_a_bad_variant_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert departures.main(["--scenario", "tutorial", "--variant", "views=3"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("departures: unknown budget field 'views'; known: keep, ")


def test_a_run_logs_each_difference_and_game_as_it_goes(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """The log holds, line by line, what the report holds: every difference, then the game."""
    log = tmp_path / "found.jsonl"
    code = departures.main(["--scenario", "tutorial", "--games", "1", "--seed", "2", "--samples", "1",
                            "--level", "easy", "--variant", "temperature=0", "--json", "--log", str(log)])
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert result["differences"] > 0
    assert lines[:-1] == result["per_difference"]
    assert lines[-1] == {"game": 0, "search": "red", "winner": lines[-1]["winner"]}
    assert result["games"] == 1 and lines[-1]["winner"] in ("red", "blue", "draw")
