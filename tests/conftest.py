"""Every test runs with the player's folders in a temporary folder of its own: nothing a test does
reads or writes the real saves, settings or scenarios."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.persist.folders import CONFIG_ENV, DATA_ENV, SAVES_ENV


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """DESTRIER_DATA_DIR in the test's temporary folder; no saves or config folder of the caller's."""
    folder = tmp_path / "user-data"
    monkeypatch.setenv(DATA_ENV, str(folder))
    monkeypatch.delenv(SAVES_ENV, raising=False)
    monkeypatch.delenv(CONFIG_ENV, raising=False)
    return folder
