"""Files that are no files (a FIFO, a device): every reader refuses them at once, with one line."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from game import replay, sim
from game.bounded import FileRefused, read_bytes, read_text
from tests.hostile.conftest import Marker
from tests.hostile.harness import GOLDEN_SAVE, assert_bounded, copy_map, make_fifo, one_line, run_bounded


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


# --- the reader itself ---------------------------------------------------------------------------
def _fifo(tmp: Path) -> Path:
    return make_fifo(tmp / "f")


def _dev_zero(tmp: Path) -> Path:
    link = tmp / "zero"
    link.symlink_to("/dev/zero")
    return link


def _folder(tmp: Path) -> Path:
    (tmp / "d").mkdir()
    return tmp / "d"


def _big(tmp: Path) -> Path:
    path = tmp / "big"
    with open(path, "wb") as fh:
        fh.truncate(10_001)  # sparse: costs no disk
    return path


def _latin1(tmp: Path) -> Path:
    path = tmp / "t"
    path.write_bytes(b"caf\xe9")
    return path


def _link(tmp: Path) -> Path:
    shutil.copy(GOLDEN_SAVE, tmp / "real.json")
    (tmp / "link.json").symlink_to(tmp / "real.json")
    return tmp / "link.json"


READS: list[tuple[str, Callable[[Path], Path], Callable[[Path], object], str]] = [
    ("fifo", _fifo, lambda p: read_bytes(p, 10_000), "it is a FIFO (named pipe), not a regular file"),
    ("dev-zero", _dev_zero, lambda p: read_bytes(p, 10_000), "it is a character device, not a regular file"),
    ("directory", _folder, lambda p: read_bytes(p, 10_000), "it is a directory, not a regular file"),
    ("too-large", _big, lambda p: read_bytes(p, 10_000), "it is too large (10001 bytes; the limit is 10000)"),
    ("missing", lambda tmp: tmp / "nothing", lambda p: read_bytes(p, 10), "the file is missing"),
    ("not-utf8", _latin1, lambda p: read_text(p, 100), "it is not UTF-8 text (byte 0xe9 at offset 3)"),
    ("link-not-followed", _link, lambda p: read_bytes(p, 10**8, nofollow=True),
     "it cannot be opened: Too many levels of symbolic links"),
]


@pytest.mark.parametrize(("build", "read", "reason"), [r[1:] for r in READS], ids=[r[0] for r in READS])
def test_the_bounded_reader_refuses(build: Callable[[Path], Path], read: Callable[[Path], object],
                                    reason: str, tmp_path: Path, unchanged: Marker) -> None:
    path = build(tmp_path)
    unchanged()
    outcome = run_bounded(lambda: read(path), [path])
    assert_bounded(outcome)
    assert isinstance(outcome.error, FileRefused), repr(outcome.error)
    assert str(outcome.error) == reason
