"""The bounded reader itself: what it refuses, and that it never blocks or reads past its limit."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from game.bounded import FileRefused, read_bytes, read_text, resolve
from tests.hostile.conftest import Marker
from tests.hostile.harness import GOLDEN_SAVE, assert_bounded, make_fifo, run_bounded


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


def _loop(tmp: Path) -> Path:
    (tmp / "loop.json").symlink_to("loop.json")
    return tmp / "loop.json"


def _loop_of_two(tmp: Path) -> Path:
    (tmp / "a.json").symlink_to("b.json")
    (tmp / "b.json").symlink_to("a.json")
    return tmp / "a.json"


def _through_loop(tmp: Path) -> Path:
    (tmp / "here").symlink_to("here")
    return tmp / "here" / "game.json"


LOOP = "it is a loop of symbolic links"
READS: list[tuple[str, Callable[[Path], Path], Callable[[Path], object], str]] = [
    ("fifo", _fifo, lambda p: read_bytes(p, 10_000), "it is a FIFO (named pipe), not a regular file"),
    ("dev-zero", _dev_zero, lambda p: read_bytes(p, 10_000), "it is a character device, not a regular file"),
    ("directory", _folder, lambda p: read_bytes(p, 10_000), "it is a directory, not a regular file"),
    ("too-large", _big, lambda p: read_bytes(p, 10_000), "it is too large (10001 bytes; the limit is 10000)"),
    ("missing", lambda tmp: tmp / "nothing", lambda p: read_bytes(p, 10), "the file is missing"),
    ("not-utf8", _latin1, lambda p: read_text(p, 100), "it is not UTF-8 text (byte 0xe9 at offset 3)"),
    ("link-not-followed", _link, lambda p: read_bytes(p, 10**8, nofollow=True),
     "it is a symbolic link, which is not followed"),
    ("link-loop", _loop, lambda p: read_bytes(p, 10), LOOP),
    ("link-loop-not-followed", _loop, lambda p: read_bytes(p, 10, nofollow=True), LOOP),
    ("link-loop-of-two", _loop_of_two, lambda p: read_text(p, 10), LOOP),
    ("folder-that-loops", _through_loop, lambda p: read_bytes(p, 10, nofollow=True), LOOP),
    ("resolve-loop", _loop, resolve, LOOP),
    ("resolve-loop-of-two", _loop_of_two, resolve, LOOP),
    ("resolve-through-loop", _through_loop, resolve, LOOP),
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
