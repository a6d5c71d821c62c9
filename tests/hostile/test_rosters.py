"""Hostile roster files: every way in (game.sim's --red-roster, reading one, the folder's list)
refuses them at once with one line naming the file, and no file changes."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from game import sim
from game.muster import blank
from game.persist.rosters import MAX_ROSTER_BYTES, list_rosters, read_roster
from tests.hostile.conftest import Marker
from tests.hostile.harness import assert_bounded, make_fifo, one_line, run_bounded


def _good() -> dict[str, object]:
    return blank(1).model_dump(mode="json")


def _write(tmp: Path, text: str | bytes) -> Path:
    path = tmp / "hostile.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return path


def _loop(tmp: Path) -> Path:
    a, b = tmp / "hostile.json", tmp / "other.json"
    os.symlink(b, a)
    os.symlink(a, b)
    return a


def _device(tmp: Path) -> Path:
    path = tmp / "hostile.json"
    os.symlink("/dev/zero", path)
    return path


def _folder(tmp: Path) -> Path:
    path = tmp / "hostile.json"
    path.mkdir()
    return path


def _nested(tmp: Path) -> Path:
    return _write(tmp, "[" * 50_000 + "]" * 50_000)


OUT_OF_THE_FOLDER = "a link to a file outside the rosters folder; it is not read"


@dataclass(frozen=True)
class Case:
    """A hostile roster file, and the reason (after the file's name) it is refused with."""

    id: str
    build: Callable[[Path], Path]
    expect: str  # a regular expression the reason matches in full


CASES = [
    Case("loop", _loop, r"cannot be read: it is a loop of symbolic links"),
    Case("fifo", lambda tmp: make_fifo(tmp / "hostile.json"),
         r"cannot be read: it is a FIFO \(named pipe\), not a regular file"),
    Case("device", _device, r"cannot be read: it is a character device, not a regular file"),
    Case("directory", _folder, r"cannot be read: it is a directory, not a regular file"),
    Case("oversize", lambda tmp: _write(tmp, b" " * (MAX_ROSTER_BYTES + 1)),
         r"cannot be read: it is too large \(\d+ bytes; the limit is \d+\)"),
    Case("not-utf8", lambda tmp: _write(tmp, b'{"name": "\xff"}'),
         r"not UTF-8 text \(byte 0xff at offset 10\)"),
    Case("not-json", lambda tmp: _write(tmp, "{roster"), r"not valid JSON \(.+\)"),
    Case("nested", _nested, r"not a roster: JSON nested (too deeply|deeper than 8 levels)"),
    Case("nan", lambda tmp: _write(tmp, json.dumps({**_good(), "name": float("nan")})),
         r"not valid JSON \(NaN is not allowed in a roster\)"),
    Case("a-list", lambda tmp: _write(tmp, "[1, 2]"), r"a roster is a JSON object, not list"),
    Case("a-save", lambda tmp: _write(tmp, json.dumps({**_good(), "kind": "destrier-save"})),
         r"not a Destrier roster \(kind is 'destrier-save'\)"),
    Case("newer", lambda tmp: _write(tmp, json.dumps({**_good(), "version": 2})),
         r"roster version 2 is newer than this game reads \(1\); update Destrier"),
    Case("bad-colour", lambda tmp: _write(tmp, json.dumps({**_good(), "colours": [[0, 0, 999], [0, 0, 0]]})),
         r"invalid roster at colours\.0\.2: Input should be less than or equal to 255"),
    Case("control-name", lambda tmp: _write(tmp, json.dumps({**_good(), "name": "\x1b[2J"})),
         r"invalid roster at name: String should match pattern .+"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_game_sim_refuses_a_hostile_roster_with_one_line(case: Case, tmp_path: Path,
                                                         unchanged: Marker) -> None:
    path = case.build(tmp_path)
    unchanged()
    outcome = run_bounded(lambda: sim.main(["--scenario", "the-ford", "--games", "1", "--red-roster",
                                            str(path)]), fifos=[path] if case.id == "fifo" else [])
    assert_bounded(outcome)
    assert outcome.value == 2 and outcome.out == ""
    line = one_line(outcome.err)
    assert re.fullmatch(r"error: hostile\.json: " + case.expect, line), line


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_rosters_folder_lists_a_hostile_file_with_its_line(case: Case, tmp_path: Path,
                                                               unchanged: Marker) -> None:
    path = case.build(tmp_path)
    unchanged()
    outcome = run_bounded(lambda: list_rosters(tmp_path), fifos=[path] if case.id == "fifo" else [])
    assert_bounded(outcome)
    assert outcome.error is None, outcome.error
    entries = [e for e in outcome.value if e.path == path]  # type: ignore[attr-defined]
    assert len(entries) == 1 and entries[0].roster is None
    expect = OUT_OF_THE_FOLDER if case.id == "device" else case.expect  # a link to /dev/zero
    assert re.fullmatch(r"hostile\.json: " + expect, entries[0].problem), entries[0].problem


def test_a_link_out_of_the_folder_is_listed_as_refused(tmp_path: Path, unchanged: Marker) -> None:
    folder = tmp_path / "rosters"
    folder.mkdir()
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps(_good()), encoding="utf-8")
    os.symlink(outside, folder / "link.json")
    unchanged()
    (entry,) = list_rosters(folder)
    assert entry.problem == "link.json: a link to a file outside the rosters folder; it is not read"
    assert read_roster(outside).name == "A New Retinue"
