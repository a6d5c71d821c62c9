"""The benchmarks print the expected JSON shape (timings are never asserted)."""

from __future__ import annotations

import json
import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.bench import main  # noqa: E402
from game.bench_render import RenderBenchError, bench_tables, render_tables  # noqa: E402

TINY = ["--json", "--reps", "3", "--frames", "3", "--warmup", "1"]


def _engine_shape(engine: dict[str, Any]) -> None:
    assert isinstance(engine["models"], int) and engine["models"] > 0
    for name in ("submit_move", "submit_fight", "snapshot_restore", "legal_commands"):
        stats = engine[name]
        assert isinstance(stats, dict)
        assert set(stats) >= {"median_us", "p90_us", "n"} and stats["n"] == 3
        assert 0 <= stats["median_us"] <= stats["p90_us"]
    assert engine["move"]["type"] == "move" and engine["fight"]["type"] == "fight"


def _midgame_shape(midgame: dict[str, Any]) -> None:
    assert midgame["scenarios"] == ["the-ford", "skirmish-field"]
    assert midgame["states"] > midgame["move_states"] > 0
    for name in ("legal_commands", "check_move", "clone_24"):
        stats = midgame[name]
        assert isinstance(stats, dict) and set(stats) >= {"median_us", "p90_us", "min_us", "n"}
        assert 0 < stats["min_us"] <= stats["median_us"] <= stats["p90_us"] and stats["n"] >= 3
    assert midgame["legal_commands"]["states"] == midgame["states"]  # every state timed at least once
    assert midgame["check_move"]["states"] == midgame["move_states"]
    assert midgame["clone_24"]["models"] == 24 and midgame["clone_24"]["scenario"] == "the-ford"


def _render_shape(render: dict[str, Any], scenario: str = "the-ford", models: int = 24) -> None:
    assert render["scenario"] == scenario and render["models"] == models
    assert render["size"] == [1920, 1080] and render["driver"] == "dummy"
    assert render["frames"] == 3 and render["warmup"] == 1
    low, high = render["zoom"]
    assert 0.375 <= low <= high <= 3.0
    for name in ("full", "bare"):
        stats = render[name]
        assert isinstance(stats, dict)
        assert set(stats) >= {"p50_ms", "p99_ms", "mean_ms", "max_ms", "n"} and stats["n"] == 3
        assert 0 < stats["p50_ms"] <= stats["p99_ms"] <= stats["max_ms"]
    for name in ("ratio_p50", "ratio_p99"):
        assert isinstance(render[name], float) and render[name] > 0
    assert render["ratio_p99"] == round(render["full"]["p99_ms"] / render["bare"]["p99_ms"], 3)
    assert 30 < render["peak_rss_mb"] < 4000  # a whole process's high-water mark, in MB
    target = render["target"]
    assert isinstance(target, dict)
    assert set(target) == {"ratio_p99_max", "full_p99_ms_max", "peak_rss_mb_max", "met"}


def test_bench_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(TINY) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["reps"] == 3
    assert set(report) >= {"scenario", "seed", "reps", "python", "engine", "midgame", "render", "seconds"}
    _engine_shape(report["engine"])
    _midgame_shape(report["midgame"])
    _render_shape(report["render"])  # The Ford, the reference table
    _render_shape(report["render_large"], "saxton-field", 60)  # the largest table


def test_bench_engine_only_and_render_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*TINY, "--engine-only"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert "engine" in report and "midgame" in report and "render" not in report
    assert main(["--render-only", "--render-scenario", "the-ford", "--frames", "2", "--warmup", "0"]) == 0
    out = capsys.readouterr().out  # as text: the one table asked for, and no engine figures
    assert "render of the-ford (24 models, peak" in out and "saxton-field" not in out
    assert "render full" in out and "render bare" in out and "full/bare" in out
    assert "submit_move" not in out and "mid-game" not in out


def test_each_table_is_measured_in_a_process_of_its_own() -> None:
    assert render_tables() == ["the-ford", "saxton-field"]  # the reference and the largest table
    with pytest.raises(RenderBenchError, match=r"no table to render: .*no-such-table\.tmx was not found"):
        bench_tables(["no-such-table"], 1, 2, 0)
