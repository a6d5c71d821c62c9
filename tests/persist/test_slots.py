"""Save slots, the autosave and resuming: listing, hostile names, crashes mid-write, a real kill."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from game.ai import EagerPlayer
from game.persist import Match, SaveError, load_save, replay_save, save_game
from game.persist import saves as saves_module
from game.persist.folders import data_dir
from game.persist.slots import (
    SlotInfo,
    autosave,
    clear_autosave,
    default_saves_dir,
    list_slots,
    load_slot,
    resume,
    resume_available,
    save_slot,
)
from game.rules.engine import Accepted
from game.rules.events import ActivationEnded, SpearEnded
from tests.persist.conftest import play

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="session")
def finished_match() -> Match:
    """A whole seeded game played to its end (treat as read-only)."""
    match = play(seed=5, commands=10_000, eager=True)
    assert match.engine.state.over
    return match


def _by_name(slots: list[SlotInfo]) -> dict[str, SlotInfo]:
    return {s.name: s for s in slots}


def test_slot_round_trip(tmp_path: Path, short_match: Match) -> None:
    path = save_slot(short_match, tmp_path, "before-the-ford_2")
    assert path == tmp_path / "before-the-ford_2.json"
    [info] = list_slots(tmp_path)
    state = short_match.engine.state
    assert info.ok and info.problem == "" and not info.is_autosave
    assert (info.name, info.path, info.scenario) == ("before-the-ford_2", path, "skirmish-field")
    assert info.title and info.turn == state.turn and info.active_side == state.active_side
    assert info.valour == {s: state.sides[s].valour for s in ("red", "blue")}
    assert info.commands == 40 and not info.over and info.saved_at.tzinfo is not None
    loaded = load_slot(path)
    assert loaded.commands == short_match.commands
    assert loaded.engine.state.digest() == state.digest()


def test_save_slot_touches_no_other_file(tmp_path: Path, short_match: Match) -> None:
    (tmp_path / "other.json").write_text("keep me")
    autosave(short_match, tmp_path)
    before = {p.name: (p.read_bytes(), os.stat(p).st_mtime_ns) for p in tmp_path.iterdir()}
    save_slot(short_match, tmp_path, "mine")
    save_slot(short_match, tmp_path, "mine")
    after = {p.name: (p.read_bytes(), os.stat(p).st_mtime_ns) for p in tmp_path.iterdir()}
    assert sorted(after) == sorted([*before, "mine.json"])
    assert all(after[name] == before[name] for name in before)


def test_listing_shows_bad_files_with_a_reason_and_newest_first(tmp_path: Path,
                                                                 short_match: Match) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    folder = tmp_path / "saves"
    good = save_slot(short_match, folder, "good")
    (folder / "broken.json").write_text('{"kind": "destrier-save", ')
    (folder / "garbage.json").write_bytes(b"\xff\xfe\x00")
    (folder / "notes.txt").write_text("not a save")
    (folder / ".good.json.abc123.tmp").write_text("half a save")
    (folder / "inner.json").symlink_to(good)
    (folder / "escape.json").symlink_to(save_game(short_match, outside / "x.json"))
    os.mkfifo(folder / "pipe.json")  # reading must not block on it
    for age, name in enumerate(["garbage", "broken", "good"]):
        os.utime(folder / f"{name}.json", (1e9 - age * 100, 1e9 - age * 100))
    slots = list_slots(folder)
    info = _by_name(slots)
    assert sorted(info) == ["broken", "escape", "garbage", "good", "inner", "pipe"]
    assert info["good"].ok and info["inner"].ok and info["inner"].commands == 40
    assert not info["broken"].ok and "not valid JSON" in info["broken"].problem
    assert not info["garbage"].ok and "not UTF-8" in info["garbage"].problem
    assert not info["escape"].ok and "outside the saves folder" in info["escape"].problem
    assert not info["pipe"].ok and "not a regular file" in info["pipe"].problem
    assert all("\n" not in s.problem and s.scenario == "" for s in slots if not s.ok)
    assert [s.name for s in slots if s.name in ("garbage", "broken", "good")] == [
        "garbage", "broken", "good"]
    assert [s.saved_at for s in slots] == sorted((s.saved_at for s in slots), reverse=True)


def test_listing_a_tampered_save(tmp_path: Path, short_match: Match) -> None:
    path = save_slot(short_match, tmp_path, "tampered")
    data = json.loads(path.read_text())
    data["snapshot"]["turn"] += 1
    path.write_text(json.dumps(data))
    [info] = list_slots(tmp_path)
    assert not info.ok and "snapshot does not match" in info.problem
    with pytest.raises(SaveError):
        load_slot(path)


def test_listing_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert list_slots(tmp_path / "absent") == []


@pytest.mark.parametrize("name", [
    "", "../escape", "a/b", "a\\b", ".hidden", "a.b", " a b", "a b ", "x" * 41, "line\n", "autosave",
    "AutoSave", "CON", "nul", "com1", "\u00e9t\u00e9", "tab\t", "/etc/passwd", None, 7,
])
def test_hostile_slot_names_are_refused(tmp_path: Path, short_match: Match, name: Any) -> None:
    with pytest.raises(ValueError):
        save_slot(short_match, tmp_path, name)
    assert list(tmp_path.iterdir()) == []


def test_a_forty_character_name_is_allowed(tmp_path: Path, short_match: Match) -> None:
    assert save_slot(short_match, tmp_path, "A-z_9" * 8).name == "A-z_9" * 8 + ".json"


def test_autosave_keeps_the_previous_one(tmp_path: Path, short_match: Match) -> None:
    longer = play(seed=11, commands=45)
    autosave(short_match, tmp_path)
    autosave(longer, tmp_path)
    assert len(load_save(tmp_path / "autosave.json").commands) == 45
    assert len(load_save(tmp_path / "autosave.prev.json").commands) == 40
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json", "autosave.prev.json"]
    assert {s.name: s.is_autosave for s in list_slots(tmp_path)} == {
        "autosave": True, "autosave.prev": True}


def _fail_on_call(monkeypatch: pytest.MonkeyPatch, name: str, failing: int) -> None:
    """Make os.<name> raise on its `failing`-th call (1-based), as a crash there would stop."""
    real = getattr(saves_module.os, name)
    calls = [0]

    def maybe_fail(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == failing:
            raise OSError("killed mid-write (simulated)")
        return real(*args, **kwargs)

    monkeypatch.setattr(saves_module.os, name, maybe_fail)


@pytest.mark.parametrize(("victim", "failing", "survivor"), [
    ("fsync", 1, "autosave.json"),  # while writing the temporary file
    ("replace", 1, "autosave.json"),  # moving the old autosave to prev
    ("replace", 2, "autosave.prev.json"),  # between the renames: only prev holds the last one
])
def test_autosave_survives_a_crash_mid_write(tmp_path: Path, short_match: Match,
                                             monkeypatch: pytest.MonkeyPatch, victim: str,
                                             failing: int, survivor: str) -> None:
    older = play(seed=11, commands=30)
    longer = play(seed=11, commands=50)
    autosave(older, tmp_path)
    autosave(short_match, tmp_path)
    _fail_on_call(monkeypatch, victim, failing)
    with pytest.raises(OSError, match="simulated"):
        autosave(longer, tmp_path)
    monkeypatch.undo()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert resume_available(tmp_path) == tmp_path / survivor
    assert len(load_save(tmp_path / survivor).commands) == 40
    resumed = resume(tmp_path)
    assert resumed.commands == short_match.commands
    autosave(longer, tmp_path)  # and the next autosave works again
    assert len(resume(tmp_path).commands) == 50


def test_resume_prefers_a_good_autosave(tmp_path: Path, short_match: Match) -> None:
    autosave(play(seed=11, commands=30), tmp_path)
    autosave(short_match, tmp_path)
    assert resume_available(tmp_path) == tmp_path / "autosave.json"
    assert resume(tmp_path).engine.state.digest() == short_match.engine.state.digest()


@pytest.mark.parametrize("damage", ["truncate", "diverge", "directory"])
def test_resume_falls_back_to_prev_when_the_newest_is_bad(tmp_path: Path, short_match: Match,
                                                          damage: str) -> None:
    autosave(short_match, tmp_path)
    newest = autosave(play(seed=11, commands=45), tmp_path)
    text = newest.read_text()
    if damage == "truncate":
        newest.write_text(text[: len(text) // 2])
    elif damage == "diverge":  # valid JSON, but the replay does not reach the stored state
        newest.write_text(text.replace('"seed":11', '"seed":12', 1))
    else:
        newest.unlink()
        newest.mkdir()
    assert resume_available(tmp_path) == tmp_path / "autosave.prev.json"
    assert resume(tmp_path).commands == short_match.commands


def test_nothing_to_resume(tmp_path: Path, short_match: Match) -> None:
    assert resume_available(tmp_path) is None
    with pytest.raises(SaveError, match="no autosave"):
        resume(tmp_path)
    autosave(short_match, tmp_path)
    autosave(short_match, tmp_path)
    for name in ("autosave.json", "autosave.prev.json"):
        (tmp_path / name).write_text("{}")
    assert resume_available(tmp_path) is None
    with pytest.raises(SaveError, match="autosave cannot be resumed: not a Destrier save"):
        resume(tmp_path)


def test_a_finished_game_is_not_offered(tmp_path: Path, short_match: Match,
                                        finished_match: Match) -> None:
    autosave(short_match, tmp_path)
    autosave(finished_match, tmp_path)  # prev is good, but the newest says the game is over
    assert resume_available(tmp_path) is None
    with pytest.raises(SaveError, match="over"):
        resume(tmp_path)
    save_slot(short_match, tmp_path, "keep")
    clear_autosave(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]
    clear_autosave(tmp_path)  # nothing left to clear is fine


def test_default_saves_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DESTRIER_SAVES_DIR", str(tmp_path / "my" / "saves"))
    assert default_saves_dir() == tmp_path / "my" / "saves"
    assert (tmp_path / "my" / "saves").is_dir()
    monkeypatch.delenv("DESTRIER_SAVES_DIR")
    assert default_saves_dir() == data_dir() / "saves"  # the player's data folder, not the checkout


# The child: a seeded eager game through a Match, autosaving after every activation and printing
# the command count after each autosave. It plays exactly like conftest.play(seed, n, eager=True).
CHILD = """
import sys, time
from game.ai import EagerPlayer
from game.persist import Match
from game.persist.slots import autosave
from game.rules.engine import Accepted
from game.rules.events import ActivationEnded, SpearEnded
folder, seed = sys.argv[1], int(sys.argv[2])
match = Match.start("skirmish-field", seed)
players = {"red": EagerPlayer(seed * 2 + 1), "blue": EagerPlayer(seed * 2 + 2)}
while not match.engine.state.over:
    side = match.engine.state.acting_side
    result = match.submit(players[side].choose(match.engine, side))
    if isinstance(result, Accepted) and any(
            isinstance(e, (ActivationEnded, SpearEnded)) for e in result.events):
        autosave(match, folder)
        print(len(match.steps), flush=True)
    time.sleep(0.01)
print("finished", flush=True)
"""


def test_a_killed_game_resumes_from_its_autosave(tmp_path: Path) -> None:
    seed = 5
    folder = tmp_path / "saves"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(folder), str(seed)], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, text=True)
    watchdog = threading.Timer(30, proc.kill)
    watchdog.start()
    try:
        assert proc.stdout is not None
        printed: list[int] = []  # kill it after its 3rd autosave and about a second of play
        while len(printed) < 3 or time.monotonic() - started < 1.0:
            printed.append(int(proc.stdout.readline()))
        os.kill(proc.pid, signal.SIGKILL)
        rest = proc.stdout.read().split()
        assert proc.wait(timeout=10) == -signal.SIGKILL
    finally:
        watchdog.cancel()
        proc.kill()
    assert "finished" not in rest
    last_printed = int(rest[-1]) if rest else printed[-1]

    path = resume_available(folder)
    assert path is not None
    saved = load_save(path)
    match = resume(folder)
    n = len(match.commands)
    assert n == len(saved.commands) >= last_printed >= printed[-1]  # at most one activation lost
    assert replay_save(saved).engine.state.digest() == match.engine.state.digest()
    assert any(isinstance(e, (ActivationEnded, SpearEnded)) for e in match.steps[-1].events)

    reference = play(seed, n + 12, eager=True)  # the same game, uninterrupted
    assert match.commands == reference.commands[:n]
    players = {"red": EagerPlayer(99), "blue": EagerPlayer(100)}
    for step in reference.steps[n:]:
        side = match.engine.state.acting_side
        assert step.command in match.engine.legal_commands(side)
        assert isinstance(match.submit(step.command), Accepted)
    assert match.engine.state.digest() == reference.engine.state.digest()
    for _ in range(5):  # and on with fresh players, past where the reference stopped
        if match.engine.state.over:
            break
        side = match.engine.state.acting_side
        assert isinstance(match.submit(players[side].choose(match.engine, side)), Accepted)
    autosave(match, folder)
    assert resume(folder).engine.state.digest() == match.engine.state.digest()
