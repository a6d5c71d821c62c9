"""The headless simulator: complete games through Engine.submit, reproducible from the seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.ai import PLAYERS, RandomPlayer, make_player
from game.replay import main as replay_main
from game.scenario import start_game
from game.sim import TIMING_FIELDS, main

KEYS = {"games", "wins", "mean_turns", "commands", "games_per_second", "errors", "error_samples",
        "event_counts", "seconds", "choose_seconds", "submit_seconds", "choose_share"}


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["--scenario", "skirmish-field", "--red", "random", "--blue", "random",
                 "--json", *argv]) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    return report


def test_two_games_report(capsys: pytest.CaptureFixture[str]) -> None:
    report = _run(capsys, "--games", "2", "--seed", "3")
    assert set(report) >= KEYS
    assert report["games"] == 2 and report["errors"] == 0 and report["error_samples"] == []
    assert sum(report["wins"].values()) == 2 and set(report["wins"]) == {"red", "blue", "draw"}
    assert report["event_counts"]["game_ended"] == 2
    assert report["commands"] > 0 and 1 <= report["mean_turns"] <= 6


def test_same_seed_same_report(capsys: pytest.CaptureFixture[str]) -> None:
    a = _run(capsys, "--games", "2", "--seed", "5")
    b = _run(capsys, "--games", "2", "--seed", "5")
    for field in TIMING_FIELDS:
        a.pop(field), b.pop(field)
    assert a == b
    c = _run(capsys, "--games", "2", "--seed", "6")
    assert c["event_counts"] != a["event_counts"]


def test_choose_share_is_a_timing_fraction(capsys: pytest.CaptureFixture[str]) -> None:
    a = _run(capsys, "--games", "2", "--seed", "7")
    assert {"choose_seconds", "submit_seconds", "choose_share"} <= set(TIMING_FIELDS)
    assert 0.0 <= a["choose_share"] <= 1.0
    assert a["choose_seconds"] > 0 and a["submit_seconds"] > 0
    assert a["choose_seconds"] + a["submit_seconds"] <= a["seconds"] + 0.002  # each rounded to 1 ms
    b = _run(capsys, "--games", "2", "--seed", "7")
    assert 0.0 <= b["choose_share"] <= 1.0
    untimed = [{k: v for k, v in r.items() if k not in TIMING_FIELDS} for r in (a, b)]
    assert untimed[0] == untimed[1]


def test_runaway_games_count_as_errors(capsys: pytest.CaptureFixture[str]) -> None:
    report = _run(capsys, "--games", "2", "--seed", "1", "--max-commands", "10")
    assert report["errors"] == 2 and report["wins"] == {"red": 0, "blue": 0, "draw": 0}
    assert "no result after 10 commands" in report["error_samples"][0]["error"]
    assert report["commands"] == 20


class _Crasher(RandomPlayer):
    def choose(self, engine: Any, side: str) -> Any:
        if len(engine.commands) >= 5:
            raise ZeroDivisionError("boom")
        return super().choose(engine, side)


def test_a_crashing_game_is_counted_and_the_run_goes_on(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(PLAYERS, "crasher", lambda seed, level: _Crasher(seed))
    assert main(["--games", "2", "--seed", "1", "--red", "crasher", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["errors"] == 2 and report["games"] == 2 and report["commands"] >= 10
    sample = report["error_samples"][0]
    assert sample["game"] == 1 and "ZeroDivisionError: boom" in sample["error"]
    assert "test_sim.py" in sample["error"]


def test_save_dir_writes_verifiable_replays(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    _run(capsys, "--games", "2", "--seed", "2", "--save-dir", str(tmp_path / "replays"))
    files = sorted((tmp_path / "replays").iterdir())
    assert [f.name for f in files] == ["game-0001.json", "game-0002.json"]
    assert replay_main([str(files[1]), "--verify"]) == 0
    assert capsys.readouterr().out.startswith("OK: ")


def test_human_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "1", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "1 games of skirmish-field" in out and "errors: 0" in out
    assert "% of play (" in out and " s choose, " in out


def test_unknown_scenario_and_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--scenario", "no-such-field", "--games", "1"]) == 2
    with pytest.raises(SystemExit):
        main(["--red", "grandmaster"])
    with pytest.raises(ValueError, match="known: eager, easy, heuristic, random, search"):
        make_player("grandmaster", 1)


def test_random_player_uses_its_own_dice() -> None:
    engine = start_game("skirmish-field", 9)
    rng = engine.state.rng
    picks = [RandomPlayer(3).choose(engine, engine.state.active_side) for _ in range(3)]
    assert engine.state.rng == rng and len(set(picks)) == 1
    player = RandomPlayer(3)
    many = {player.choose(engine, engine.state.active_side) for _ in range(30)}
    assert len(many) > 1 and many <= set(engine.legal_commands(engine.state.active_side))
    assert "random" in PLAYERS


def test_make_way_games_ram_dodge_and_shake_the_crew(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    assert main(["--scenario", "make-way", "--games", "12", "--seed", "3", "--json",
                 "--save-dir", str(tmp_path)]) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    counts = report["event_counts"]
    assert report["errors"] == 0 and report["finished"] == 12
    assert counts["vehicle_moved"] > 12 and counts["ram_resolved"] > 0  # the wagon drives and rams
    dodges = sum(n for kind, n in counts.items() if kind.startswith("ram_resolved:character:")
                 or kind.startswith("ram_resolved:rider:"))
    assert dodges > 0 and counts["ram_resolved:static"] > 0  # men in the road, a hedge or wall hit
    assert counts["vehicle_escaped"] > 0  # the wagon gets round the roadblock and off the table
    assert counts["crew_shaken"] > 0
    replays = sorted(tmp_path.glob("*.json"))
    assert len(replays) == 12
    assert replay_main([str(replays[0]), "--verify"]) == 0


def test_swap_reports_wins_per_player_and_decision_times(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--scenario", "skirmish-field", "--games", "2", "--seed", "3", "--red", "random",
                 "--blue", "eager:hard", "--swap", "--json"]) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert report["swap"] is True and set(report["player_wins"]) == {"random", "eager:hard", "draw"}
    assert sum(report["player_wins"].values()) == 2
    by_side = report["player_wins_by_side"]
    assert set(by_side) == {"random", "eager:hard"}
    assert by_side["eager:hard"] == {"red": 0, "blue": 1}  # it won the first game, seated blue
    for spec in by_side:  # the same wins, split by the side they were won from
        assert sum(by_side[spec].values()) == report["player_wins"][spec]
    assert {side: sum(wins[side] for wins in by_side.values()) for side in ("red", "blue")} == \
        {side: report["wins"][side] for side in ("red", "blue")}
    assert set(report["decision_ms"]) == {"red", "blue"}
    for times in report["decision_ms"].values():
        assert set(times) == {"p50", "p95", "max"} and 0 <= times["p50"] <= times["p95"] <= times["max"]
    assert {"decision_ms", "decision_ms_by_player"} <= set(TIMING_FIELDS)
    with pytest.raises(SystemExit):
        main(["--red", "random:expert"])
