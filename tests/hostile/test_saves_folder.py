"""Entries of the saves folder that are no save files (a loop of links, a FIFO, a device, a folder),
named as the autosave, the autosave before it, or a slot: the game still starts, the load screen lists
each as unusable with its one-line reason, and opening one is a SaveError line, all at once."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.persist.saves import AUTOSAVE, AUTOSAVE_PREV
from game.persist.schema import SaveError
from game.persist.slots import list_slots, load_slot, resume, resume_available
from tests.hostile.conftest import Marker
from tests.hostile.harness import assert_bounded, make_fifo, one_line, run_bounded


def _loop(path: Path) -> None:
    path.symlink_to(path.name)


def _loop_of_two(path: Path) -> None:
    other = path.with_name(f"other-{path.name}")
    path.symlink_to(other.name)
    other.symlink_to(path.name)


def _fifo(path: Path) -> None:
    make_fifo(path)


def _dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _folder(path: Path) -> None:
    path.mkdir()


@dataclass(frozen=True)
class Case:
    """An entry that is no save file, and the reason the listing gives for it."""

    id: str
    build: Callable[[Path], None]
    expect: str  # a regular expression the reason matches in full, after "cannot read NAME: "


LOOP = r"it is a loop of symbolic links"
CASES = [
    Case("loop", _loop, LOOP),
    Case("loop-of-two", _loop_of_two, LOOP),
    Case("fifo", _fifo, r"it is a FIFO \(named pipe\), not a regular file"),
    Case("dev-zero", _dev_zero, r"a link to a file outside the saves folder; it is not read"),
    Case("folder", _folder, r"it is a directory, not a regular file"),
]
NAMES = [AUTOSAVE, AUTOSAVE_PREV, "slot.json"]
TABLE = [(case, name) for case in CASES for name in NAMES]
IDS = [f"{case.id}-as-{name.removesuffix('.json')}" for case, name in TABLE]


def _folder_with(tmp: Path, case: Case, name: str) -> tuple[Path, list[Path]]:
    folder = tmp / "saves"
    folder.mkdir()
    case.build(folder / name)
    return folder, [p for p in folder.iterdir() if p.is_fifo()]


def _reason(case: Case, name: str) -> str:
    return case.expect if case.id == "dev-zero" else rf"cannot read {re.escape(name)}: {case.expect}"


@pytest.mark.parametrize(("case", "name"), TABLE, ids=IDS)
def test_the_load_screen_lists_it_with_its_reason(case: Case, name: str, tmp_path: Path,
                                                  unchanged: Marker) -> None:
    folder, fifos = _folder_with(tmp_path, case, name)
    unchanged()
    outcome = run_bounded(lambda: list_slots(folder), fifos)
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    assert isinstance(outcome.value, list)
    listed = {slot.path.name: slot for slot in outcome.value}
    slot = listed[name]
    assert not slot.ok and re.fullmatch(_reason(case, name), one_line(slot.problem)), slot.problem


@pytest.mark.parametrize(("case", "name"), TABLE, ids=IDS)
def test_opening_it_is_one_save_error(case: Case, name: str, tmp_path: Path, unchanged: Marker) -> None:
    folder, fifos = _folder_with(tmp_path, case, name)
    unchanged()
    outcome = run_bounded(lambda: load_slot(folder / name, folder), fifos)
    assert_bounded(outcome)
    assert isinstance(outcome.error, SaveError), repr(outcome.error)
    assert re.fullmatch(_reason(case, name), one_line(str(outcome.error))), outcome.error


@pytest.mark.parametrize(("case", "name"), TABLE, ids=IDS)
def test_there_is_nothing_to_resume(case: Case, name: str, tmp_path: Path, unchanged: Marker) -> None:
    folder, fifos = _folder_with(tmp_path, case, name)
    unchanged()
    offered = run_bounded(lambda: resume_available(folder), fifos)
    assert_bounded(offered)
    assert offered.error is None and offered.value is None, repr(offered.error)
    resumed = run_bounded(lambda: resume(folder), fifos)
    assert_bounded(resumed)
    assert isinstance(resumed.error, SaveError), repr(resumed.error)
    one_line(str(resumed.error))


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_game_starts_over_a_bad_autosave(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             unchanged: Marker) -> None:
    import main as client

    folder, fifos = _folder_with(tmp_path, case, AUTOSAVE)
    monkeypatch.setenv("DESTRIER_SAVES_DIR", str(folder))
    monkeypatch.setenv("DESTRIER_CONFIG_DIR", os.fspath(tmp_path / "config"))
    unchanged()
    outcome = run_bounded(lambda: client.main(["--frames", "2"]), fifos, timeout=20.0)
    try:
        assert not outcome.hung, "the game hung over its saves folder"
        assert outcome.error is None, repr(outcome.error)
        assert outcome.value == 0, outcome.err[-2000:]
        assert "Traceback" not in outcome.err, outcome.err[-2000:]
    finally:
        import pygame

        pygame.display.quit()
