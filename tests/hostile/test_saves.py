"""Saves shaped to cost: refused by their shape before validation, in a bounded time and memory,
by the replay tool and the Load screen's list alike; and the saves folder the client uses."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game import replay
from game.persist.slots import list_slots, load_slot
from game.rules.state import digest_of
from tests.hostile.conftest import Marker
from tests.hostile.harness import GOLDEN_SAVE, assert_bounded, one_line, run_bounded

JUNK = 2_000_000


def _rehash(data: dict[str, Any]) -> None:
    data["state_hash"] = digest_of(data["snapshot"])


def _junk_events(data: dict[str, Any]) -> None:
    data["events"][0] = [0] * JUNK


def _junk_setup(data: dict[str, Any]) -> None:
    data["setup_events"] = [0] * JUNK


def _empty_events(data: dict[str, Any]) -> None:
    data["events"] = [[{}] * 9_000] * len(data["commands"])


def _junk_models(data: dict[str, Any]) -> None:
    data["snapshot"]["models"] = [{}] * 190_000
    _rehash(data)


def _many_values(data: dict[str, Any]) -> None:
    data["snapshot"]["junk"] = [[0] * 100_000] * 31
    _rehash(data)


def _many_events(data: dict[str, Any]) -> None:
    data["events"][0] = [data["events"][0][0]] * 5_000


@dataclass(frozen=True)
class Case:
    """The golden save reshaped, and the reason it must be refused with."""

    id: str
    edit: Callable[[dict[str, Any]], None]
    expect: str  # a regular expression the reason matches in full


LONG_LIST = r"a list of 2000000 items; no list in a save is longer than 200000"
CASES = [
    Case("junk-events", _junk_events, LONG_LIST),
    Case("junk-setup-events", _junk_setup, LONG_LIST),
    Case("empty-event-objects", _empty_events,
         r"JSON holds more than 600000 objects and lists; no save is that large"),
    Case("junk-models", _junk_models,
         r"invalid save at snapshot: 'models' holds 190000 items; a game state holds at most 5000"),
    Case("many-values", _many_values, r"JSON holds more than 3000000 values; no save is that large"),
    Case("events-of-one-command", _many_events,
         r"invalid save at events\.0: List should have at most 2000 items after validation, not 5000"),
]


def _write(folder: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    data = json.loads(GOLDEN_SAVE.read_text(encoding="utf-8"))
    edit(data)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "game.json"
    path.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    return path


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_replay_tool_refuses_by_shape(case: Case, tmp_path: Path, unchanged: Marker) -> None:
    path = _write(tmp_path, case.edit)
    unchanged()
    outcome = run_bounded(lambda: replay.main([str(path)]))
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    assert outcome.value == 2
    line = one_line(outcome.err)
    prefix = f"error: {path}: "
    assert line.startswith(prefix) and re.fullmatch(case.expect, line.removeprefix(prefix)), line


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_load_screen_lists_it_as_unusable(case: Case, tmp_path: Path, unchanged: Marker) -> None:
    folder = tmp_path / "saves"
    _write(folder, case.edit)
    unchanged()
    outcome = run_bounded(lambda: list_slots(folder))
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    assert isinstance(outcome.value, list)
    [slot] = outcome.value
    assert not slot.ok and re.fullmatch(case.expect, one_line(slot.problem)), slot.problem


# --- the saves folder -----------------------------------------------------------------------------
def test_the_client_uses_the_saves_folder_it_is_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       unchanged: Marker) -> None:
    from game.ui.app import App

    chosen = tmp_path / "elsewhere"
    monkeypatch.setenv("DESTRIER_SAVES_DIR", str(chosen))
    unchanged()
    outcome = run_bounded(lambda: App(config_dir=tmp_path / "config"))
    assert_bounded(outcome)
    try:
        assert outcome.error is None, repr(outcome.error)
        assert getattr(outcome.value, "saves_dir", None) == chosen
    finally:
        import pygame

        pygame.display.quit()


def test_a_link_out_of_the_saves_folder_is_neither_listed_nor_loaded(tmp_path: Path,
                                                                     unchanged: Marker) -> None:
    folder, outside = tmp_path / "saves", tmp_path / "outside"
    real = _write(outside, lambda data: None)
    folder.mkdir()
    (folder / "linked.json").symlink_to(real)
    unchanged()
    listed = run_bounded(lambda: list_slots(folder))
    assert_bounded(listed)
    assert isinstance(listed.value, list)
    [slot] = listed.value
    reason = "a link to a file outside the saves folder; it is not read"
    assert not slot.ok and slot.problem == reason
    loaded = run_bounded(lambda: load_slot(folder / "linked.json", folder))
    assert_bounded(loaded)
    assert loaded.error is not None and one_line(str(loaded.error)) == reason
