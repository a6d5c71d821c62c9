"""Hostile-input cases: each checks, when it ends, that no file changed (its folder, the shipped files)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game import scenario  # noqa: E402
from game.content import loader  # noqa: E402
from tests.hostile.harness import files_under, watched  # noqa: E402

Marker = Callable[[], None]


@pytest.fixture
def unchanged(tmp_path: Path) -> Iterator[Marker]:
    """Call it once the hostile files are built; the test then fails if any file under the case's
    folder or among the shipped files differs when the test ends."""
    before: list[dict[str, tuple[int, int, int]]] = []

    def mark() -> None:
        before.append(files_under(*watched(tmp_path)))

    yield mark
    assert before, "the case never marked its files"
    after = files_under(*watched(tmp_path))
    changed = sorted(p for p in set(before[0]) | set(after) if before[0].get(p) != after.get(p))
    assert not changed, f"files changed: {changed[:10]}"


@pytest.fixture
def fresh_content() -> Iterator[None]:
    """The content and scenarios are loaded afresh in the test, and again after it."""
    loader.load_content.cache_clear()
    saved = dict(scenario._CACHE)
    scenario._CACHE.clear()
    yield
    loader.load_content.cache_clear()
    scenario._CACHE.clear()
    scenario._CACHE.update(saved)
