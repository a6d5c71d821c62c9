"""The replay tool's summary: text from the file is escaped, and the stored hash is not taken on trust."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import replay
from game.rules.state import digest_of
from tests.hostile.conftest import Marker
from tests.hostile.harness import GOLDEN_SAVE, MAPS, assert_bounded, one_line, run_bounded

ESCAPES = "\x1b]2;owned\x07\x1b[2J\x9b31m\u202e"


def _rehash(data: dict[str, Any]) -> None:
    data["state_hash"] = digest_of(data["snapshot"])


def _retinue(data: dict[str, Any], tmp: Path) -> None:
    data["snapshot"]["sides"]["red"]["retinue"] = "york" + ESCAPES
    _rehash(data)


def _result(data: dict[str, Any], tmp: Path) -> None:
    data["snapshot"].update(over=True, winner="red", result="wiped out" + ESCAPES)
    _rehash(data)


def _scenario(data: dict[str, Any], tmp: Path) -> None:
    folder = tmp / ("maps" + ESCAPES)
    folder.mkdir()
    shutil.copy(MAPS / "skirmish-field.tmx", folder / "skirmish-field.tmx")
    shutil.copy(MAPS / "terrain.tsx", folder / "terrain.tsx")
    data["scenario"] = str(folder / "skirmish-field.tmx")


ESCAPE_CASES: list[tuple[str, Callable[[dict[str, Any], Path], None]]] = [
    ("retinue", _retinue), ("result", _result), ("scenario-path", _scenario)]


def _write(tmp: Path, edit: Callable[[dict[str, Any], Path], None]) -> Path:
    data = json.loads(GOLDEN_SAVE.read_text(encoding="utf-8"))
    edit(data, tmp)
    path = tmp / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("edit", [c[1] for c in ESCAPE_CASES], ids=[c[0] for c in ESCAPE_CASES])
def test_the_summary_escapes_control_characters(edit: Callable[[dict[str, Any], Path], None],
                                                tmp_path: Path, unchanged: Marker) -> None:
    path = _write(tmp_path, edit)
    unchanged()
    outcome = run_bounded(lambda: replay.main([str(path)]))
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    assert outcome.value == 0, outcome.err
    assert all(ch.isprintable() or ch == "\n" for ch in outcome.out), repr(outcome.out)
    assert "\\x1b]2;owned\\x07\\x1b[2J\\x9b31m\\u202e" in outcome.out


def _bad_hash(data: dict[str, Any], tmp: Path) -> None:
    data["state_hash"] = "0" * 64


def _more_valour(data: dict[str, Any], tmp: Path) -> None:
    data["snapshot"]["sides"]["red"]["valour"] += 50
    _rehash(data)


def test_a_tampered_state_hash_is_refused(tmp_path: Path, unchanged: Marker) -> None:
    path = _write(tmp_path, _bad_hash)
    unchanged()
    outcome = run_bounded(lambda: replay.main([str(path)]))
    assert_bounded(outcome)
    assert outcome.value == 2
    assert one_line(outcome.err) == (f"error: {path}: the stored snapshot does not match its state hash "
                                     "(the file was altered)")
    assert outcome.out == ""


def test_the_summary_says_the_hash_is_unverified(tmp_path: Path, unchanged: Marker) -> None:
    path = _write(tmp_path, _more_valour)
    unchanged()
    outcome = run_bounded(lambda: replay.main([str(path)]))
    assert_bounded(outcome)
    assert outcome.value == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert outcome.out.strip().splitlines()[-1] == (
        f"State hash {data['state_hash']} (unverified: not replayed; use --verify to check it)")
