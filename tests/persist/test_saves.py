"""Saves: round trip, atomic writes, autosave rotation, and refusing corrupt or hostile files."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from game.persist import (
    MIGRATIONS,
    SCHEMA_VERSION,
    Match,
    SaveError,
    autosave,
    load_save,
    restore_engine,
    save_game,
)
from game.persist import saves as saves_module
from game.persist.schema import MAX_BYTES
from game.persist.verify import replay_save
from tests.persist.conftest import play, read_json, write_json
from tests.rules.fixtures import make_engine, model


def test_round_trip_restores_the_same_state(save_path: Path, short_match: Match) -> None:
    save = load_save(save_path)
    assert save.schema_version == SCHEMA_VERSION
    assert save.scenario == "skirmish-field" and save.seed == 11
    assert save.commands == short_match.commands
    assert [list(s.events) for s in short_match.steps] == save.events
    engine = restore_engine(save)
    assert engine.state.digest() == short_match.engine.state.digest() == save.state_hash
    assert engine.log == short_match.engine.log


def test_restored_game_plays_on_like_the_original(save_path: Path) -> None:
    save = load_save(save_path)
    original = play(seed=11, commands=60)
    engine = restore_engine(save)
    for step in original.steps[len(save.commands):]:
        engine.submit(step.command)
    assert engine.state.digest() == original.engine.state.digest()


def test_a_bare_engine_saves_like_a_match(tmp_path: Path, short_match: Match) -> None:
    a = read_json(save_game(short_match, tmp_path / "a.json"))
    b = read_json(save_game(short_match.engine, tmp_path / "b.json"))
    a.pop("created"), b.pop("created")
    assert a == b


def test_an_engine_not_from_a_scenario_cannot_be_saved(tmp_path: Path) -> None:
    engine = make_engine([model("r", "red", "billman", 5, 5), model("b", "blue", "billman", 9, 9)])
    with pytest.raises(SaveError, match="cannot save"):
        save_game(engine, tmp_path / "x.json")
    assert list(tmp_path.iterdir()) == []


def test_undo_by_rewind_saves_a_clean_replay(tmp_path: Path) -> None:
    match = play(seed=11, commands=30)
    digest = match.engine.state.digest()
    mark = match.mark()
    side = match.engine.state.active_side
    for cmd in match.engine.legal_commands(side)[:1]:
        match.submit(cmd)
    match.rewind(mark)
    assert match.engine.state.digest() == digest and len(match.steps) == 30
    save = load_save(save_game(match.engine, tmp_path / "undo.json"))
    assert restore_engine(save).state.digest() == digest


def test_save_touches_no_other_file(tmp_path: Path, short_match: Match) -> None:
    other = tmp_path / "other.json"
    other.write_text("keep me")
    before = os.stat(other)
    save_game(short_match, tmp_path / "game.json")
    save_game(short_match, tmp_path / "game.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "other.json"]
    assert other.read_text() == "keep me" and os.stat(other).st_mtime_ns == before.st_mtime_ns


def test_saved_files_get_normal_permissions(tmp_path: Path, short_match: Match) -> None:
    umask = os.umask(0o022)
    os.umask(umask)
    path = save_game(short_match, tmp_path / "game.json")
    assert os.stat(path).st_mode & 0o777 == 0o666 & ~umask
    os.chmod(path, 0o600)
    save_game(short_match, path)
    assert os.stat(path).st_mode & 0o777 == 0o600


@pytest.mark.parametrize("victim", ["fsync", "replace"])
def test_interrupted_write_keeps_the_old_file(tmp_path: Path, short_match: Match,
                                              monkeypatch: pytest.MonkeyPatch, victim: str) -> None:
    target = tmp_path / "game.json"
    target.write_text("old save")

    def fail(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full (simulated)")

    monkeypatch.setattr(saves_module.os, victim, fail)
    with pytest.raises(OSError, match="simulated"):
        save_game(short_match, target)
    monkeypatch.undo()
    assert target.read_text() == "old save"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_autosave_keeps_the_previous_one(tmp_path: Path, short_match: Match) -> None:
    longer = play(seed=11, commands=45)
    first = autosave(short_match, tmp_path / "saves")
    assert not (tmp_path / "saves" / "autosave.prev.json").exists()
    autosave(longer, tmp_path / "saves")
    assert len(load_save(first).commands) == len(longer.steps)
    prev = load_save(tmp_path / "saves" / "autosave.prev.json")
    assert len(prev.commands) == len(short_match.steps)
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == [
        "autosave.json", "autosave.prev.json"]


def test_future_versions_are_refused(save_path: Path) -> None:
    assert SCHEMA_VERSION == 4 and set(MIGRATIONS) == {1, 2, 3}
    data = read_json(save_path)
    data["schema_version"] = 5
    with pytest.raises(SaveError, match="newer than this game reads"):
        load_save(write_json(save_path, data))


def test_a_migration_runs_for_an_older_version(save_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    data = read_json(save_path)
    data["schema_version"] = 0
    data["turn_limit"] = data.pop("turns")  # pretend v0 called it turn_limit

    def v0_to_v1(old: dict[str, Any]) -> dict[str, Any]:
        old["turns"] = old.pop("turn_limit")
        return {**old, "schema_version": 1}

    monkeypatch.setitem(MIGRATIONS, 0, v0_to_v1)
    assert load_save(write_json(save_path, data)).turns == 6


def test_a_version_1_save_from_before_vehicles_loads_and_verifies(tmp_path: Path) -> None:
    old = Path(__file__).parent / "golden-skirmish-v1.json"
    before = old.read_bytes()
    assert json.loads(before)["schema_version"] == 1
    save = load_save(old)
    assert save.schema_version == SCHEMA_VERSION and save.snapshot["vehicles"] == []
    assert save.mode == "hotseat" and save.players == {"red": "human", "blue": "human"}
    assert all(m["aboard"] == "" and m["seat"] == "" for m in save.snapshot["models"])
    match = replay_save(save, check_events=True)  # the same game, now with an empty vehicle list
    assert match.engine.state.digest() == save.state_hash
    assert old.read_bytes() == before  # loading never rewrites the file


def test_a_version_1_save_without_its_models_is_refused(save_path: Path) -> None:
    data = read_json(save_path)
    data["schema_version"] = 1
    data["snapshot"]["models"] = "none"
    with pytest.raises(SaveError, match="snapshot.models: a version 1 save needs its list of models"):
        load_save(write_json(save_path, data))


def _edit(save_path: Path, change: Any) -> Path:
    data = read_json(save_path)
    change(data)
    return write_json(save_path, data)


HOSTILE_EDITS: dict[str, tuple[Any, str]] = {
    "wrong kind": (lambda d: d.update(kind="tuxemon-save"), "not a Destrier save"),
    "no version": (lambda d: d.pop("schema_version"), "schema_version must be a whole number"),
    "string version": (lambda d: d.update(schema_version="1"), "must be a whole number"),
    "old version": (lambda d: d.update(schema_version=0), "no migration"),
    "path traversal": (lambda d: d.update(scenario="../../etc/passwd"), "not a scenario name"),
    "unknown scenario": (lambda d: d.update(scenario="no-such-field"), "unknown scenario"),
    "bad command type": (lambda d: d["commands"][0].update(type="nuke"), "invalid command"),
    "extra command field": (lambda d: d["commands"][0].update(x=1), "invalid command"),
    "extra top field": (lambda d: d.update(pickle="cos\nsystem"), "invalid save"),
    "string for number": (lambda d: d.update(seed="11"), "invalid save at seed"),
    "events per command": (lambda d: d["events"].pop(), "event lists"),
    "bad hash": (lambda d: d.update(state_hash="../x"), "state_hash"),
    "empty object": (lambda d: d.clear(), "not a Destrier save"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_EDITS))
def test_hostile_edits_are_refused(save_path: Path, name: str) -> None:
    change, reason = HOSTILE_EDITS[name]
    with pytest.raises(SaveError, match=reason) as info:
        load_save(_edit(save_path, change))
    assert "\n" not in str(info.value)


HOSTILE_TEXT: dict[str, tuple[Any, str]] = {
    "truncated": (lambda t: t[: len(t) // 2], "not valid JSON"),
    "empty": (lambda t: "", "not valid JSON"),
    "a list": (lambda t: "[1, 2]", "JSON object, not list"),
    "NaN": (lambda t: t.replace('"seed":11', '"seed":NaN'), "NaN is not allowed"),
    "Infinity": (lambda t: t.replace('"seed":11', '"seed":-Infinity'), "Infinity is not allowed"),
    "overflow": (lambda t: t.replace('"seed":11', '"seed":1e999'), "non-finite"),
    "nan string": (lambda t: t.replace('"path":[[', '"path":[["nan",1.0],['), "invalid command"),
    "deep nesting": (lambda t: t.replace('"snapshot":', '"deep":' + "[" * 100 + "]" * 100
                                         + ',"snapshot":'), "nested deeper"),
    "very deep nesting": (lambda t: "[" * 200_000 + "]" * 200_000, "nested deeper"),
    "huge integer": (lambda t: t.replace('"seed":11', '"seed":' + "9" * 5000), "not valid JSON"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_TEXT))
def test_hostile_text_is_refused(save_path: Path, name: str) -> None:
    change, reason = HOSTILE_TEXT[name]
    text = save_path.read_text()
    assert '"seed":11' in text and '"path":[[' in text
    save_path.write_text(change(text))
    with pytest.raises(SaveError, match=reason) as info:
        load_save(save_path)
    assert "\n" not in str(info.value) and len(str(info.value)) <= 300


def test_binary_garbage_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveError, match="not UTF-8"):
        load_save(path)


def test_huge_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as fh:
        fh.truncate(MAX_BYTES + 1)  # sparse: costs no disk
    with pytest.raises(SaveError, match="too large"):
        load_save(path)


def test_missing_file_and_directory_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="cannot read"):
        load_save(tmp_path / "absent.json")
    with pytest.raises(SaveError):
        load_save(tmp_path)


def test_loading_never_writes(save_path: Path) -> None:
    before = {p.name: os.stat(p).st_mtime_ns for p in save_path.parent.iterdir()}
    restore_engine(load_save(save_path))
    after = {p.name: os.stat(p).st_mtime_ns for p in save_path.parent.iterdir()}
    assert before == after



def test_a_version_2_save_loads_as_hot_seat_and_verifies(save_path: Path) -> None:
    data = read_json(save_path)
    del data["mode"], data["players"]
    data["schema_version"] = 2  # as the game wrote saves before it knew who plays each side
    save = load_save(write_json(save_path, data))
    assert save.schema_version == SCHEMA_VERSION == 4
    assert save.mode == "hotseat" and save.players == {"red": "human", "blue": "human"}
    match = replay_save(save, check_events=True)
    assert match.mode == "hotseat" and match.players == {"red": "human", "blue": "human"}
    golden = load_save(Path(__file__).parent / "golden-skirmish.json")  # committed in version 2
    assert golden.mode == "hotseat" and replay_save(golden, check_events=True).engine.state.over


def test_a_solo_game_keeps_its_mode_and_players(tmp_path: Path, short_match: Match) -> None:
    match = Match.start("skirmish-field", 11, "solo", {"red": "human", "blue": "eager:hard"})
    for step in short_match.steps[:10]:
        match.submit(step.command)
    save = load_save(save_game(match, tmp_path / "solo.json"))
    assert save.mode == "solo" and save.players == {"red": "human", "blue": "eager:hard"}
    again = replay_save(save)
    assert again.mode == "solo" and again.players == match.players
    watched = Match.start("skirmish-field", 11, "watch", {"red": "random:easy", "blue": "eager"})
    assert load_save(save_game(watched, tmp_path / "w.json")).players["blue"] == "eager"


@pytest.mark.parametrize(("change", "message"), [
    ({"mode": "solo"}, "a solo game has 1 human sides, not 2"),
    ({"mode": "watch"}, "a watch game has 0 human sides, not 2"),
    ({"mode": "online"}, "mode"),
    ({"players": {"red": "human"}}, "needs a player for red and for blue"),
    ({"players": {"red": "human", "blue": "eager:brutal"}}, "neither 'human' nor a player"),
    ({"players": {"red": "human", "blue": "../../etc"}}, "neither 'human' nor a player"),
])
def test_mode_and_players_are_checked(save_path: Path, change: dict[str, Any], message: str) -> None:
    data = read_json(save_path)
    data.update(change)
    with pytest.raises(SaveError, match=message):
        load_save(write_json(save_path, data))
