"""The engine benchmark prints the expected JSON shape (timings are never asserted)."""

from __future__ import annotations

import json

import pytest

from game.bench import main


def test_bench_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--json", "--reps", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    engine = report["engine"]
    assert report["reps"] == 3 and engine["models"] > 0
    for name in ("submit_move", "submit_fight", "snapshot_restore", "legal_commands"):
        stats = engine[name]
        assert set(stats) >= {"median_us", "p90_us", "n"} and stats["n"] == 3
        assert 0 <= stats["median_us"] <= stats["p90_us"]
    assert engine["move"]["type"] == "move" and engine["fight"]["type"] == "fight"
