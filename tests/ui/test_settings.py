"""Settings are written through the one atomic write of game.persist: temp file, fsync, rename."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.ui.settings import SETTINGS_FILE, Settings, load_settings, save_settings


def test_settings_round_trip_through_the_atomic_write(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    folder = tmp_path / "config"  # not there yet: saving makes it
    wanted = Settings(ui_scale=1.5, blindfold=False, animation_speed=2.0)
    assert save_settings(wanted, folder) == ""
    assert synced, "the settings file was not fsynced before the rename"
    assert [p.name for p in folder.iterdir()] == [SETTINGS_FILE]  # no temporary file left behind
    assert (folder / SETTINGS_FILE).read_text(encoding="utf-8") == wanted.model_dump_json(indent=2)
    assert load_settings(folder) == (wanted, "")


def test_a_failed_save_keeps_the_old_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = Settings(ui_scale=1.25)
    assert save_settings(old, tmp_path) == ""

    def refuse(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", refuse)
    reason = save_settings(Settings(ui_scale=2.0), tmp_path)
    assert reason.startswith("Could not save settings") and "disk full" in reason
    assert [p.name for p in tmp_path.iterdir()] == [SETTINGS_FILE]
    assert load_settings(tmp_path) == (old, "")
