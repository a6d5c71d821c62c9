"""The replay tool: --verify exits 0 when the log reproduces, 1 on divergence, 2 on a bad file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.replay import main
from tests.persist.conftest import read_json, write_json

ROOT = Path(__file__).resolve().parents[2]


def _files(folder: Path) -> dict[str, int]:
    return {p.name: os.stat(p).st_mtime_ns for p in folder.iterdir()}


def test_verify_ok(save_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(save_path), "--verify"]) == 0
    out = capsys.readouterr().out
    data = read_json(save_path)
    assert out.strip() == f"OK: {len(data['commands'])} commands, hash {data['state_hash']}"


def test_summary_without_verify(save_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(save_path)]) == 0
    out = capsys.readouterr().out
    assert "skirmish-field" in out and "valour" in out and "turn" in out
    assert "Played hotseat: red human, blue human" in out


def _first_event_with(data: dict[str, Any], key: str) -> tuple[int, int]:
    for i, events in enumerate(data["events"]):
        for j, event in enumerate(events):
            if key in event:
                return i, j
    raise AssertionError(f"no stored event has {key!r}")


def test_tampered_event_diverges(save_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = read_json(save_path)
    i, j = _first_event_with(data, "model")
    data["events"][i][j]["model"] = "blue-99"
    write_json(save_path, data)
    assert main([str(save_path), "--verify"]) == 1
    err = capsys.readouterr().err
    assert f"diverged at command {i}:" in err and f"event {j} differs" in err
    assert "blue-99" in err


def test_tampered_hash_diverges(save_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = read_json(save_path)
    data["state_hash"] = "0" * 64
    write_json(save_path, data)
    assert main([str(save_path), "--verify"]) == 1
    assert "final state hash differs" in capsys.readouterr().err


def test_tampered_snapshot_diverges(save_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = read_json(save_path)
    data["snapshot"]["sides"]["red"]["valour"] += 5
    write_json(save_path, data)
    assert main([str(save_path), "--verify"]) == 1
    assert "snapshot does not match" in capsys.readouterr().err


def test_changed_seed_diverges_at_setup(save_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = read_json(save_path)
    data["seed"] += 1
    write_json(save_path, data)
    assert main([str(save_path), "--verify"]) == 1
    assert "diverged at setup" in capsys.readouterr().err


@pytest.mark.parametrize("verify", [True, False])
def test_corrupt_file_exits_2_and_touches_nothing(save_path: Path, verify: bool,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    save_path.write_text(save_path.read_text()[:100])
    before = _files(save_path.parent)
    assert main([str(save_path)] + (["--verify"] if verify else [])) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not valid JSON" in err
    assert _files(save_path.parent) == before


def test_hostile_scenario_exits_2(save_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = read_json(save_path)
    data["scenario"] = "../../etc/passwd"
    write_json(save_path, data)
    assert main([str(save_path), "--verify"]) == 2
    assert "not a scenario name" in capsys.readouterr().err


def test_command_line_exit_codes(save_path: Path, tmp_path: Path) -> None:
    def run(path: Path) -> int:
        return subprocess.run([sys.executable, "-m", "game.replay", str(path), "--verify"],
                              cwd=ROOT, capture_output=True, text=True).returncode

    assert run(save_path) == 0
    data = read_json(save_path)
    data["state_hash"] = "f" * 64
    assert run(write_json(tmp_path / "tampered.json", data)) == 1
    (tmp_path / "bad.json").write_text("{")
    assert run(tmp_path / "bad.json") == 2
