"""Campaign files: written and read back whole, the copy a write replaces kept as the last good copy,
a spoilt file or one from a newer version refused with one line naming it, hostile files refused
at once, and the folder listed, cleared and given new names without touching another's file."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game.campaign import Campaign, after_battle
from game.campaign.model import CAMPAIGN_VERSION
from game.campaign.progress import advance, fought
from game.persist.campaigns import (
    MAX_CAMPAIGN_BYTES,
    CampaignFileError,
    delete_campaign,
    encode_campaign,
    last_good,
    list_campaigns,
    new_campaign_path,
    previous_path,
    read_campaign,
    write_campaign,
)
from tests.campaign.helpers import campaign, number_of, result
from tests.hostile.harness import assert_bounded, make_fifo, run_bounded


@pytest.fixture(scope="module")
def three() -> tuple[Campaign, Campaign, Campaign]:
    """A campaign at three moments: before its battle, its post-battle sequence under way, and after."""
    start = campaign(seed=5)
    r = result({"side": "red", "member": number_of(start, "red", "fighter"), "state": "casualty", "valour": 3,
                "steed": "killed"},
               {"side": "blue", "member": number_of(start, "blue", "captain"), "valour": 4}, winner="blue")
    under_way = advance(fought(start, r))
    after, _ = after_battle(start, r)
    return start, under_way, after


def one_line_naming(exc: BaseException, name: str) -> str:
    """The error's text, checked to be one line beginning with the file's name."""
    line = str(exc)
    assert "\n" not in line and line.startswith(f"{name}: "), line
    return line


# --- written and read back ------------------------------------------------------------------------
def test_a_campaign_reads_back_as_it_was_written(three: tuple[Campaign, ...], tmp_path: Path) -> None:
    for i, c in enumerate(three):
        path = write_campaign(c, tmp_path / f"c{i}.json")
        assert read_campaign(path) == c
        assert path.read_bytes() == encode_campaign(c) == encode_campaign(read_campaign(path))
        assert json.loads(path.read_bytes())["version"] == CAMPAIGN_VERSION
    assert read_campaign(tmp_path / "c1.json").pending is not None  # the sequence under way is kept
    assert not list(tmp_path.glob(".*"))  # no temporary file left behind


def test_each_write_keeps_the_copy_it_replaces(three: tuple[Campaign, ...], tmp_path: Path) -> None:
    start, under_way, after = three
    path = tmp_path / "feud.json"
    write_campaign(start, path)
    with pytest.raises(CampaignFileError) as no_copy:
        last_good(path)
    one_line_naming(no_copy.value, "feud.prev.json")
    write_campaign(under_way, path)
    assert previous_path(path) == tmp_path / "feud.prev.json"
    assert read_campaign(path) == under_way and last_good(path) == start
    write_campaign(after, path)
    assert read_campaign(path) == after and last_good(path) == under_way
    assert sorted(p.name for p in tmp_path.iterdir()) == ["feud.json", "feud.prev.json"]


# --- spoilt files ---------------------------------------------------------------------------------
def _cut(raw: bytes) -> bytes:
    return raw[: len(raw) // 2]


def _garbage(raw: bytes) -> bytes:
    return bytes((b * 7 + 13) % 256 for b in raw[:4000])


def _kind(raw: bytes) -> bytes:
    return json.dumps({**json.loads(raw), "kind": "destrier-save"}).encode()


SPOILT: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "cut-in-half": (_cut, r"not valid JSON .*"),
    "garbage": (_garbage, r"(file is )?not (UTF-8 text|valid JSON).*"),
    "not-json": (lambda raw: b"campaign: the feud\n", r"not valid JSON .*"),
    "empty": (lambda raw: b"", r"not valid JSON .*"),
    "wrong-kind": (_kind, r"not a Destrier campaign \(kind is 'destrier-save'\)"),
    "a-list": (lambda raw: b"[1, 2, 3]", r"a campaign is a JSON object, not list"),
    "no-version": (lambda raw: json.dumps({**json.loads(raw), "version": "1"}).encode(),
                   r"version must be a whole number, not '1'"),
    "bad-field": (lambda raw: json.dumps({**json.loads(raw), "seed": -1}).encode(),
                  r"invalid campaign at seed: .*"),
}


@pytest.mark.parametrize("how", SPOILT)
def test_a_spoilt_file_is_one_line_and_its_last_good_copy_reads(how: str, three: tuple[Campaign, ...],
                                                               tmp_path: Path) -> None:
    start, under_way, _ = three
    path = tmp_path / "feud.json"
    write_campaign(start, path)
    write_campaign(under_way, path)
    spoil, expect = SPOILT[how]
    path.write_bytes(spoil(path.read_bytes()))
    with pytest.raises(CampaignFileError) as refused:
        read_campaign(path)
    line = one_line_naming(refused.value, "feud.json")
    assert re.fullmatch(r"feud\.json: " + expect, line), line
    assert last_good(path) == start


@pytest.mark.parametrize("how", ["cut-in-half", "garbage", "wrong-kind"])
def test_writing_over_a_spoilt_file_keeps_the_good_copy(how: str, three: tuple[Campaign, ...],
                                                        tmp_path: Path) -> None:
    start, under_way, after = three
    path = tmp_path / "feud.json"
    write_campaign(start, path)
    write_campaign(under_way, path)
    path.write_bytes(SPOILT[how][0](path.read_bytes()))
    write_campaign(after, path)
    assert read_campaign(path) == after
    assert last_good(path) == start  # not the spoilt file


def test_a_spoilt_file_with_no_kept_copy_is_one_line_too(three: tuple[Campaign, ...], tmp_path: Path) -> None:
    path = write_campaign(three[0], tmp_path / "feud.json")
    path.write_bytes(_cut(path.read_bytes()))
    for call in (read_campaign, last_good):
        with pytest.raises(CampaignFileError) as refused:
            call(path)
        assert "\n" not in str(refused.value) and "feud" in str(refused.value)


def test_a_campaign_from_a_newer_version_is_refused_by_name(three: tuple[Campaign, ...],
                                                            tmp_path: Path) -> None:
    path = tmp_path / "from-the-future.json"
    path.write_text(json.dumps({**three[0].model_dump(mode="json"), "version": CAMPAIGN_VERSION + 1,
                                "a_field_of_tomorrow": [1, 2]}))
    with pytest.raises(CampaignFileError) as refused:
        read_campaign(path)
    line = one_line_naming(refused.value, "from-the-future.json")
    assert "newer" in line and "update Destrier" in line, line
    (entry,) = list_campaigns(tmp_path)
    assert entry.campaign is None and "update Destrier" in entry.problem


def test_an_older_version_is_refused_by_name(three: tuple[Campaign, ...], tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps({**three[0].model_dump(mode="json"), "version": 0}))
    with pytest.raises(CampaignFileError) as refused:
        read_campaign(path)
    line = one_line_naming(refused.value, "old.json")
    assert line == "old.json: campaign version 0 is not one this game reads"


def test_a_campaign_that_cannot_be_written_is_one_line(three: tuple[Campaign, ...], tmp_path: Path) -> None:
    (tmp_path / "a-folder.json").mkdir()
    (tmp_path / "a-file").write_text("not a folder")
    for path in (tmp_path / "a-folder.json", tmp_path / "a-file" / "feud.json"):
        with pytest.raises(CampaignFileError) as refused:
            write_campaign(three[0], path)
        assert "cannot be written" in one_line_naming(refused.value, path.name)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "a-folder.json"]  # nothing left behind
    with pytest.raises(CampaignFileError) as no_folder:
        list_campaigns(tmp_path / "no-such-folder")
    assert str(no_folder.value).startswith("the campaigns folder cannot be listed: ")


# --- a write cut off anywhere ---------------------------------------------------------------------
class Killed(BaseException):
    """The process stopped in the middle of a write (as by kill -9: no handler runs on after)."""


@pytest.fixture
def killed_at(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[int], list[str]]]:
    """kill(n): the n-th renaming or linking of a file from now on stops the write; returns the
    operations made so far."""
    made: list[str] = []
    stop = [0]
    real = {"replace": os.replace, "rename": os.rename, "link": os.link}

    def wrap(name: str) -> Callable[..., Any]:
        def op(*args: Any, **kwargs: Any) -> Any:
            made.append(name)
            if len(made) == stop[0]:
                raise Killed(name)
            return real[name](*args, **kwargs)
        return op

    for name in real:
        monkeypatch.setattr(os, name, wrap(name))

    def kill(n: int) -> list[str]:
        made.clear()
        stop[0] = n
        return made

    yield kill


def test_a_write_cut_off_at_any_point_leaves_the_file_readable(three: tuple[Campaign, ...], tmp_path: Path,
                                                               killed_at: Callable[[int], list[str]]) -> None:
    start, under_way, after = three
    for n in range(1, 10):
        path = tmp_path / f"cut-{n}.json"
        write_campaign(start, path)
        write_campaign(under_way, path)
        made = killed_at(n)
        try:
            write_campaign(after, path)
        except Killed:
            pass
        else:
            assert len(made) < n
            break
        assert read_campaign(path) in (under_way, after), f"cut off at {made}"  # the file is there, whole
        assert last_good(path) in (start, under_way)
    else:
        pytest.fail("a write made more than nine renames")
    assert n > 1  # the write was cut off at least once


def test_without_hard_links_the_kept_copy_is_a_copy(three: tuple[Campaign, ...], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(*args: Any, **kwargs: Any) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    path = write_campaign(three[0], tmp_path / "feud.json")
    write_campaign(three[1], path)
    write_campaign(three[2], path)
    assert read_campaign(path) == three[2] and last_good(path) == three[1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["feud.json", "feud.prev.json"]


# --- hostile files --------------------------------------------------------------------------------
def _nested(path: Path) -> Path:
    path.write_text("[" * 10_000 + "]" * 10_000)
    return path


def _oversize(path: Path) -> Path:
    with path.open("wb") as fh:
        fh.truncate(MAX_CAMPAIGN_BYTES + 1)
    return path


def _folder(path: Path) -> Path:
    path.mkdir()
    return path


HOSTILE: dict[str, tuple[Callable[[Path], Path], str]] = {
    "oversize": (_oversize, r"cannot be read: it is too large \(\d+ bytes; the limit is \d+\)"),
    "nested": (_nested, r"JSON is nested deeper than \d+ levels"),
    "fifo": (make_fifo, r"cannot be read: it is a FIFO \(named pipe\), not a regular file"),
    "directory": (_folder, r"cannot be read: it is a directory, not a regular file"),
}


@pytest.mark.parametrize("how", HOSTILE)
def test_a_hostile_file_is_refused_at_once(how: str, tmp_path: Path) -> None:
    build, expect = HOSTILE[how]
    path = build(tmp_path / "hostile.json")
    fifos = [path] if how == "fifo" else []
    read = run_bounded(lambda: read_campaign(path), fifos=fifos)
    assert_bounded(read)
    assert isinstance(read.error, CampaignFileError), read.error
    line = one_line_naming(read.error, "hostile.json")
    assert re.fullmatch(r"hostile\.json: (" + expect + ")", line), line
    listed = run_bounded(lambda: list_campaigns(tmp_path), fifos=fifos)
    assert_bounded(listed)
    assert listed.error is None, listed.error
    assert isinstance(listed.value, list)
    (entry,) = listed.value
    assert entry.path == path and entry.campaign is None and entry.problem == line


def test_a_link_out_of_the_folder_is_listed_as_refused(three: tuple[Campaign, ...], tmp_path: Path) -> None:
    folder = tmp_path / "campaigns"
    outside = write_campaign(three[0], tmp_path / "elsewhere.json")
    folder.mkdir()
    os.symlink(outside, folder / "link.json")
    listed = run_bounded(lambda: list_campaigns(folder))
    assert_bounded(listed)
    assert isinstance(listed.value, list)
    (entry,) = listed.value
    assert entry.campaign is None
    assert entry.problem == "link.json: a link to a file outside the campaigns folder; it is not read"
    before = outside.read_bytes()
    write_campaign(three[1], folder / "link.json")  # the link itself is replaced, never followed
    assert outside.read_bytes() == before
    assert not (folder / "link.prev.json").exists()  # and what it led to is not kept as the folder's


# --- the folder -----------------------------------------------------------------------------------
def _aged(path: Path, age: int) -> Path:
    os.utime(path, (1_700_000_000 - age, 1_700_000_000 - age))
    return path


def test_the_folder_lists_its_campaigns_newest_first(three: tuple[Campaign, ...], tmp_path: Path) -> None:
    start, under_way, after = three
    _aged(write_campaign(start, tmp_path / "old.json"), 300)
    write_campaign(under_way, tmp_path / "newest.json")
    _aged(write_campaign(after, tmp_path / "newest.json"), 10)  # and its kept copy beside it
    bad = tmp_path / "spoilt.json"
    bad.write_bytes(b'{"kind": "destrier-campaign", "version": 1')
    _aged(bad, 100)
    write_campaign(start, tmp_path / ".hidden.json")
    (tmp_path / "notes.txt").write_text("not a campaign")
    entries = list_campaigns(tmp_path)
    assert [e.path.name for e in entries] == ["newest.json", "spoilt.json", "old.json"]
    assert [e.campaign for e in entries] == [after, None, start]
    assert entries[1].problem.startswith("spoilt.json: ") and "\n" not in entries[1].problem
    assert entries[0].problem == entries[2].problem == ""


def test_deleting_a_campaign_takes_its_kept_copy_too(three: tuple[Campaign, ...], tmp_path: Path) -> None:
    path = write_campaign(three[0], tmp_path / "feud.json")
    write_campaign(three[1], path)
    other = write_campaign(three[2], tmp_path / "feud-2.json")
    delete_campaign(path, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["feud-2.json"]
    assert read_campaign(other) == three[2]


def test_deleting_refuses_a_file_outside_the_folder(three: tuple[Campaign, ...], tmp_path: Path) -> None:
    folder = tmp_path / "campaigns"
    folder.mkdir()
    outside = write_campaign(three[0], tmp_path / "outside.json")
    for path in (outside, folder / ".." / "outside.json", folder / "sub" / "x.json"):
        with pytest.raises(CampaignFileError) as refused:
            delete_campaign(path, folder)
        assert "\n" not in str(refused.value)
    assert read_campaign(outside) == three[0]
    (folder / "a-folder.json").mkdir()
    with pytest.raises(CampaignFileError):
        delete_campaign(folder / "a-folder.json", folder)
    assert (folder / "a-folder.json").is_dir()


def test_a_new_campaign_never_takes_another_file_or_kept_copy(three: tuple[Campaign, ...],
                                                              tmp_path: Path) -> None:
    first = new_campaign_path("The Thornby Feud", tmp_path)
    assert first == tmp_path / "the-thornby-feud.json"
    write_campaign(three[0], first)
    write_campaign(three[1], first)  # and its kept copy
    taken = {first, previous_path(first)}
    for _ in range(3):
        path = new_campaign_path("The Thornby Feud", tmp_path)
        assert path not in taken and previous_path(path) not in taken and not path.exists()
        write_campaign(three[0], path)
        taken |= {path, previous_path(path)}
    orphan = tmp_path / "orphan.prev.json"  # a kept copy whose campaign file is gone
    orphan.write_bytes(encode_campaign(three[0]))
    path = new_campaign_path("Orphan", tmp_path)
    assert path != tmp_path / "orphan.json" and previous_path(path) != orphan
    assert new_campaign_path("..", tmp_path).parent == tmp_path
    assert new_campaign_path("a/../../b", tmp_path).parent == tmp_path
