"""File names that are no text to draw: bytes that are not UTF-8, a newline, an escape sequence.

The game plays and edits such a map, and names it (and a save so named) escaped, in one line."""

from __future__ import annotations

import json
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.bounded import printable
from game.scenario import playable, scenario_key
from game.ui.persistence import list_saves
from tests.hostile.conftest import Marker
from tests.hostile.harness import GOLDEN_SAVE, assert_bounded, copy_map, one_line, run_bounded


@dataclass(frozen=True)
class Case:
    """A file name as bytes, and how the game shows it."""

    id: str
    name: bytes  # without its extension
    shown: str


CASES = [
    Case("latin-1", b"caf\xe9", r"caf\xe9"),
    Case("newline", b"two\nlines", r"two\nlines"),
    Case("escape-sequence", b"red\x1b[31mink", r"red\x1b[31mink"),
]


def _renamed(path: Path, name: bytes) -> Path:
    """The file moved to a name of the case's bytes (same folder, same extension)."""
    target = os.fsencode(path.parent) + b"/" + name + os.fsencode(path.suffix)
    os.rename(path, target)
    return Path(os.fsdecode(target))


def _run_client(argv: list[str]) -> object:
    import main as client

    return client.main(argv)


def _close_window() -> None:
    import pygame

    pygame.display.quit()


def test_printable_escapes_what_a_font_cannot_draw() -> None:
    assert printable(os.fsdecode(b"/maps/caf\xe9.tmx")) == r"/maps/caf\xe9.tmx"
    assert printable("a\nb\tc\x1b\u2028\ud800") == r"a\nb\tc\x1b\u2028\ud800"
    assert printable("Le Gué d'Étienne, 2nd.tmx") == "Le Gué d'Étienne, 2nd.tmx"


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_editor_opens_the_map(case: Case, tmp_path: Path, unchanged: Marker, fresh_content: None) -> None:
    path = _renamed(copy_map(tmp_path), case.name)
    unchanged()
    outcome = run_bounded(lambda: _run_client(["--mode", "editor", "--scenario", str(path), "--frames", "3"]),
                          timeout=20.0)
    try:
        assert not outcome.hung and outcome.error is None, repr(outcome.error)
        assert outcome.value == 0, outcome.err[-2000:]
        assert "Traceback" not in outcome.err, outcome.err[-2000:]
    finally:
        _close_window()


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_map_plays(case: Case, tmp_path: Path, unchanged: Marker, fresh_content: None) -> None:
    path = _renamed(copy_map(tmp_path), case.name)
    unchanged()
    outcome = run_bounded(lambda: playable(scenario_key(str(path))))
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    assert getattr(outcome.value, "title", None) == "The Ford"


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_a_broken_map_is_named_escaped(case: Case, tmp_path: Path, unchanged: Marker,
                                       fresh_content: None) -> None:
    path = _renamed(copy_map(tmp_path), case.name)
    (tmp_path / "assets" / "tiles" / "terrain.png").write_bytes(b"not a picture\n")
    unchanged()
    outcome = run_bounded(lambda: _run_client(["--scenario", str(path), "--frames", "2"]))
    try:
        assert_bounded(outcome)
        assert outcome.error is None, repr(outcome.error)
        assert outcome.value == 2
        line = one_line(outcome.err)
        shown = f"{printable(path.parent)}/{case.shown}.tmx"
        assert line.startswith(f"Cannot open the map: {shown}: tileset "), line
    finally:
        _close_window()


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_load_screen_names_a_save_escaped(case: Case, tmp_path: Path, unchanged: Marker) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    shutil.copy(GOLDEN_SAVE, folder / "good.json")
    _renamed(folder / "good.json", case.name)
    data = json.loads(GOLDEN_SAVE.read_text(encoding="utf-8"))
    data["seed"] = "not a seed"
    (folder / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    _renamed(folder / "bad.json", case.name + b"-bad")
    unchanged()
    outcome = run_bounded(lambda: list_saves(folder))
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    assert isinstance(outcome.value, list)
    names = sorted(one_line(slot.label).split(":")[0] for slot in outcome.value)
    assert names == sorted([case.shown, f"{case.shown}-bad"]), names
    drawable = re.compile(r"[^\x00-\x1f\x7f\ud800-\udfff]*")
    assert all(drawable.fullmatch(f"{s.label} {s.detail}") for s in outcome.value)
