"""The user folders: the platform's data folder, moved as a whole by DESTRIER_DATA_DIR."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.persist.folders import DATA_ENV, data_dir, scenarios_dir


def test_the_data_folder_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"
    folder = scenarios_dir()
    assert folder == tmp_path / "mine" / "scenarios" and folder.is_dir()


def test_without_the_variable_it_is_the_platform_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DATA_ENV, raising=False)
    assert data_dir().name == "destrier"
    assert not scenarios_dir(create=False).is_relative_to(Path(__file__).parents[2])
