"""The user folders: the platform's data and config folders, moved as a whole by DESTRIER_DATA_DIR,
and the saves and settings of older versions copied in once."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from platformdirs import user_config_dir

from game.persist.folders import (
    CONFIG_ENV,
    DATA_ENV,
    MIGRATED,
    SAVES_ENV,
    SETTINGS_FILE,
    config_dir,
    data_dir,
    legacy_saves_dirs,
    migrate_once,
    saves_dir,
    scenarios_dir,
)


def test_the_data_folder_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"
    folder = scenarios_dir()
    assert folder == tmp_path / "mine" / "scenarios" and folder.is_dir()


def test_without_the_variable_it_is_the_platform_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DATA_ENV, raising=False)
    assert data_dir().name == "destrier"
    assert not scenarios_dir(create=False).is_relative_to(Path(__file__).parents[2])


# --- moving in from the places older versions used ------------------------------------------


def _old_saves(folder: Path) -> dict[str, bytes]:
    folder.mkdir(parents=True)
    files = {"autosave.json": b'{"old": "autosave"}\n', "mine.json": b'{"old": "mine"}\n',
             "kept.json": b'{"old": "kept"}\n'}
    for name, body in files.items():
        (folder / name).write_bytes(body)
    (folder / ".autosave.json.x.tmp").write_bytes(b"half a write")  # a temporary file: not a save
    (folder / "notes.txt").write_text("not a save")
    return files


def test_old_saves_are_copied_once_and_never_over_a_newer_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    old = tmp_path / "checkout" / "saves"
    files = _old_saves(old)
    os.utime(old / "mine.json", (1_600_000_000, 1_600_000_000))
    outside = tmp_path / "elsewhere.json"
    outside.write_text('{"not": "ours"}')
    (old / "linked.json").symlink_to(outside)
    new = tmp_path / "data" / "saves"
    new.mkdir(parents=True)
    (new / "kept.json").write_bytes(b'{"new": "kept"}\n')  # the new folder's own file wins

    folder = saves_dir(legacy=lambda: [old])
    assert folder == new
    assert (new / "autosave.json").read_bytes() == files["autosave.json"]
    assert (new / "mine.json").read_bytes() == files["mine.json"]
    assert (new / "mine.json").stat().st_mtime == 1_600_000_000  # the save keeps its date
    assert (new / "kept.json").read_bytes() == b'{"new": "kept"}\n'  # never overwritten
    assert not (new / "linked.json").exists()  # a link is not followed out of the old folder
    assert not (new / "notes.txt").exists() and not (new / ".autosave.json.x.tmp").exists()
    assert not [p for p in new.iterdir() if p.name.endswith(".tmp")]  # no temporary file left
    for name, body in files.items():  # the old files are left where they were, unchanged
        assert (old / name).read_bytes() == body
    assert (new / MIGRATED).is_file()

    (new / "mine.json").unlink()  # deleted by the player: it does not come back
    saves_dir(legacy=lambda: [old])
    assert not (new / "mine.json").exists()


def test_a_migration_that_cannot_read_an_old_file_still_starts(tmp_path: Path) -> None:
    old = tmp_path / "old"
    old.mkdir()
    (old / "a.json").write_text("{}")
    (old / "b.json").mkdir()  # not a regular file
    new = tmp_path / "new"
    new.mkdir()
    assert migrate_once([tmp_path / "missing", old], new, lambda n: n.endswith(".json")) == [new / "a.json"]


def test_old_settings_are_copied_into_the_config_folder_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    old = tmp_path / "home" / ".config" / "destrier"
    old.mkdir(parents=True)
    (old / SETTINGS_FILE).write_text('{"ui_scale": 1.5}')
    folder = config_dir(create=True, legacy=lambda: [old])
    assert folder == tmp_path / "data"  # DESTRIER_DATA_DIR moves the settings too
    assert (folder / SETTINGS_FILE).read_text() == '{"ui_scale": 1.5}'
    (old / SETTINGS_FILE).write_text('{"ui_scale": 2.0}')  # later changes to the old file
    config_dir(create=True, legacy=lambda: [old])
    assert (folder / SETTINGS_FILE).read_text() == '{"ui_scale": 1.5}'
    assert (old / SETTINGS_FILE).read_text() == '{"ui_scale": 2.0}'  # and the old one is untouched


def test_the_settings_folder_is_the_platform_config_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DATA_ENV, raising=False)
    monkeypatch.delenv(CONFIG_ENV, raising=False)
    assert config_dir() == Path(user_config_dir("destrier", appauthor=False))
    assert legacy_saves_dirs()[0] == Path(__file__).parents[2] / "saves"  # the checkout's saves/


def test_the_saves_variable_wins_and_migrates_nothing(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    old = tmp_path / "old"
    _old_saves(old)
    monkeypatch.setenv(SAVES_ENV, str(tmp_path / "chosen"))
    assert saves_dir(legacy=lambda: [old]) == tmp_path / "chosen"
    assert list((tmp_path / "chosen").iterdir()) == []
