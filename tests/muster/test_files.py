"""The rosters folder: written atomically beside nothing else, listed, copied, renamed, deleted,
exported and imported, each roster coming back as it was written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.muster import blank, mount_all, template
from game.persist.folders import data_dir, rosters_dir
from game.persist.rosters import (
    RosterFileError,
    copy_roster,
    delete_roster,
    export_roster,
    import_roster,
    list_rosters,
    read_roster,
    rename_roster,
    write_roster,
)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_the_rosters_folder_is_in_the_user_data_folder() -> None:
    assert rosters_dir() == data_dir() / "rosters"
    assert rosters_dir().is_dir()


def test_written_rosters_are_listed_and_read_back_as_they_were(tmp_path: Path) -> None:
    riders, foot = mount_all(template("york-mounted")), blank(2)
    a, b = write_roster(riders, tmp_path), write_roster(foot, tmp_path)
    assert a.name == "the-dukes-riders-york-mounted.json"
    assert read_roster(a) == riders and read_roster(b) == foot
    listed = [e.roster for e in list_rosters(tmp_path)]
    assert listed == sorted([riders, foot], key=lambda r: r.name.casefold())
    assert write_roster(foot, tmp_path).name == "a-new-retinue-2.json"  # never over another file
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_a_broken_file_is_listed_with_its_one_line(tmp_path: Path) -> None:
    write_roster(blank(1), tmp_path)
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a roster", encoding="utf-8")
    entries = list_rosters(tmp_path)
    assert len(entries) == 2
    broken = next(e for e in entries if e.roster is None)
    assert broken.problem.startswith("broken.json: not valid JSON") and "\n" not in broken.problem


def test_copy_rename_and_delete_touch_only_their_files(tmp_path: Path) -> None:
    first = write_roster(blank(1), tmp_path)
    other = write_roster(blank(2, name="Another"), tmp_path)
    kept = other.read_bytes()
    copy = copy_roster(first, tmp_path)
    assert read_roster(copy).name == "A New Retinue (copy)"
    assert read_roster(copy).members == read_roster(first).members
    renamed = rename_roster(copy, "The Bastard's Lances", tmp_path)
    assert renamed.name == "the-bastards-lances.json" and not copy.exists()
    assert read_roster(renamed).name == "The Bastard's Lances"
    delete_roster(renamed, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([first.name, other.name])
    assert other.read_bytes() == kept


def test_delete_refuses_a_file_outside_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "rosters"
    outside = write_roster(blank(1), tmp_path)
    with pytest.raises(RosterFileError, match="not a roster file of the rosters folder"):
        delete_roster(outside, folder)
    assert outside.exists()


def test_export_and_import_go_through_a_file_anywhere(tmp_path: Path) -> None:
    folder, away = tmp_path / "rosters", tmp_path / "away"
    away.mkdir()
    mine = write_roster(template("lancaster-mounted"), folder)
    exported = export_roster(mine, away / "for-a-friend.json", folder)
    assert json.loads(exported.read_text(encoding="utf-8"))["kind"] == "destrier-roster"
    before = _snapshot(folder)
    imported = import_roster(exported, folder)
    assert imported.parent == folder and imported.name not in before
    assert read_roster(imported) == read_roster(mine)
    assert {k: v for k, v in _snapshot(folder).items() if k in before} == before
    assert exported.exists()
