"""Broken content files: one ContentError naming the file and the field, printed as one line by every tool."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

import main as client
from game import replay, sim
from game.content import ContentError, loader
from game.content.loader import load_content_from
from tests.hostile.conftest import Marker
from tests.hostile.harness import (
    GOLDEN_SAVE,
    assert_bounded,
    copy_content,
    make_fifo,
    one_line,
    run_bounded,
    run_child,
)


def _replace(name: str, old: str, new: str) -> Callable[[Path], None]:
    def spoil(folder: Path) -> None:
        path = folder / name
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return spoil


def _append_bytes(name: str, extra: bytes) -> Callable[[Path], None]:
    def spoil(folder: Path) -> None:
        with open(folder / name, "ab") as fh:
            fh.write(extra)
    return spoil


def _directory(name: str) -> Callable[[Path], None]:
    def spoil(folder: Path) -> None:
        (folder / name).unlink()
        (folder / name).mkdir()
    return spoil


def _nested(name: str, depth: int) -> Callable[[Path], None]:
    def spoil(folder: Path) -> None:
        with open(folder / name, "a", encoding="utf-8") as fh:
            fh.write("\ndeep = " + "[" * depth + "]" * depth + "\n")
    return spoil


def _fifo(name: str) -> Callable[[Path], None]:
    def spoil(folder: Path) -> None:
        make_fifo(folder / name)
    return spoil


@dataclass(frozen=True)
class Case:
    """A content folder spoiled in one way, and the one-line error it must give."""

    id: str
    spoil: Callable[[Path], None]
    expect: str  # a regular expression the whole message matches


NUMBERS = r"rules\.toml: \[numbers\]: field "
FIFO = r"it is a FIFO \(named pipe\), not a regular file"
CASES = [
    Case("non-utf8-byte", _append_bytes("perks.toml", b"\n# caf\xe9\n"),
         r"perks\.toml: not read: it is not UTF-8 text \(byte 0xe9 at offset \d+\)"),
    Case("directory", _directory("steeds.toml"),
         r"steeds\.toml: not read: it is a directory, not a regular file"),
    Case("nested-arrays", _nested("tables.toml", 50_000),
         r"tables\.toml: not valid TOML: arrays or tables nested too deeply"),
    Case("fifo", _fifo("weapons.toml"), r"weapons\.toml: not read: " + FIFO),
    Case("nan-factor", _replace("rules.toml", "hard_going_factor = 2.0", "hard_going_factor = nan"),
         NUMBERS + r"hard_going_factor: Input should be a finite number"),
    Case("inf-bonus", _replace("rules.toml", "charge_bonus = 3.0", "charge_bonus = inf"),
         NUMBERS + r"charge_bonus: Input should be a finite number"),
    Case("negative-factor", _replace("rules.toml", "hard_going_factor = 2.0", "hard_going_factor = -1.0"),
         NUMBERS + r"hard_going_factor: Input should be greater than or equal to 1"),
    Case("huge-range", _replace("rules.toml", "command_range_foot = 2.0", "command_range_foot = 1e300"),
         NUMBERS + r"command_range_foot: Input should be less than or equal to 24"),
    Case("strike-on-zero", _replace("rules.toml", "strike_on = 4", "strike_on = 0"),
         NUMBERS + r"strike_on: Input should be greater than or equal to 1"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_broken_content_is_one_content_error(case: Case, tmp_path: Path, unchanged: Marker) -> None:
    folder = copy_content(tmp_path)
    case.spoil(folder)
    unchanged()
    fifos = [p for p in folder.iterdir() if p.is_fifo()]
    outcome = run_bounded(lambda: load_content_from(folder), fifos)
    assert_bounded(outcome)
    assert isinstance(outcome.error, ContentError), repr(outcome.error)
    message = one_line(str(outcome.error))
    assert re.fullmatch(case.expect, message), message


def test_content_file_linked_to_dev_zero_is_refused_unread(tmp_path: Path, unchanged: Marker) -> None:
    folder = copy_content(tmp_path)
    (folder / "alarums.toml").unlink()
    (folder / "alarums.toml").symlink_to("/dev/zero")
    unchanged()
    outcome = run_child(
        "import sys\n"
        "from game.content.loader import ContentError, load_content_from\n"
        f"try:\n    load_content_from(__import__('pathlib').Path({str(folder)!r}))\n"
        "except ContentError as exc:\n    print(exc)\n    sys.exit(3)\n")
    assert not outcome.hung and outcome.seconds < 20
    assert outcome.value == 3, outcome.err[-2000:]
    assert one_line(outcome.out) == "alarums.toml: not read: it is a character device, not a regular file"


# --- the tools, when the shipped content is broken ---------------------------------------------
@pytest.fixture
def broken_shipped_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_content: None) -> Path:
    """The game's own content folder, as the tools see it, with a NaN in [numbers]."""
    folder = copy_content(tmp_path)
    _replace("rules.toml", "hard_going_factor = 2.0", "hard_going_factor = nan")(folder)
    monkeypatch.setattr(loader, "DATA_DIR", folder)
    return folder


def _save(tmp_path: Path) -> Path:
    target = tmp_path / "game.json"
    shutil.copy(GOLDEN_SAVE, target)
    return target


TOOLS: dict[str, Callable[[Path], list[str]]] = {
    "sim": lambda tmp: ["sim", "--scenario", "skirmish-field", "--games", "1"],
    "replay-verify": lambda tmp: ["replay", str(_save(tmp)), "--verify"],
    "client": lambda tmp: ["client", "--scenario", "the-ford", "--frames", "1"],
}
MAINS: dict[str, Callable[[list[str]], object]] = {"sim": sim.main, "replay": replay.main,
                                                   "client": client.main}


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_tools_print_broken_content_as_one_line(tool: str, tmp_path: Path, broken_shipped_content: Path,
                                                unchanged: Marker) -> None:
    name, *argv = TOOLS[tool](tmp_path)
    unchanged()
    outcome = run_bounded(lambda: MAINS[name](argv))
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    assert outcome.value == 2
    line = one_line(outcome.err)
    assert "rules.toml: [numbers]: field hard_going_factor" in line, line
    if tool == "client":
        import pygame

        pygame.display.quit()
