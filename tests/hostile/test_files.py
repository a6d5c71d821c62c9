"""Files that are no files (a FIFO, a device): every reader refuses them at once, with one line."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from game import replay, sim
from tests.hostile.conftest import Marker
from tests.hostile.harness import assert_bounded, copy_map, make_fifo, one_line, run_bounded


def _save_fifo(tmp: Path) -> Path:
    return make_fifo(tmp / "game.json")


def _map_fifo(tmp: Path) -> Path:
    path = copy_map(tmp)
    return make_fifo(path)


def _tileset_fifo(tmp: Path) -> Path:
    path = copy_map(tmp)
    make_fifo(path.parent / "terrain.tsx")
    return path


def _picture_fifo(tmp: Path) -> Path:
    path = copy_map(tmp)
    make_fifo(tmp / "assets" / "tiles" / "terrain.png")
    return path


FIFO = r"it is a FIFO \(named pipe\), not a regular file"


@dataclass(frozen=True)
class Case:
    """A tool given a path whose file (or a file it names) is a FIFO."""

    id: str
    build: Callable[[Path], Path]
    argv: Callable[[Path], list[str]]
    tool: Callable[[list[str]], int]
    code: int
    expect: str  # a regular expression the one line of stderr matches


CASES = [
    Case("replay-summary", _save_fifo, lambda p: [str(p)], replay.main, 2,
         r"error: .*game\.json: cannot read .*game\.json: " + FIFO),
    Case("replay-verify", _save_fifo, lambda p: [str(p), "--verify"], replay.main, 2,
         r"error: .*game\.json: cannot read .*game\.json: " + FIFO),
    Case("sim-map", _map_fifo, lambda p: ["--scenario", str(p), "--games", "0"], sim.main, 2,
         r"error: .*the-ford\.tmx: the map file is not read: " + FIFO),
    Case("sim-tileset", _tileset_fifo, lambda p: ["--scenario", str(p), "--games", "0"], sim.main, 2,
         r"error: .*the-ford\.tmx: tileset file 'terrain\.tsx' is not read: " + FIFO),
    Case("sim-tileset-picture", _picture_fifo, lambda p: ["--scenario", str(p), "--games", "0"], sim.main, 2,
         r"error: .*the-ford\.tmx: tileset 'terrain\.tsx': image file '\.\./assets/tiles/terrain\.png' "
         r"is not read: " + FIFO),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_a_fifo_is_refused_at_once(case: Case, tmp_path: Path, unchanged: Marker,
                                   fresh_content: None) -> None:
    path = case.build(tmp_path)
    unchanged()
    fifos = [p for p in tmp_path.rglob("*") if p.is_fifo()]
    outcome = run_bounded(lambda: case.tool(case.argv(path)), fifos)
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    assert outcome.value == case.code
    line = one_line(outcome.err)
    assert re.fullmatch(case.expect, line), line
