"""Saving and loading games: versioned JSON written atomically; loading replays from the seed."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.bounded import FileRefused, printable, read_bytes
from game.persist.match import Match, MatchError
from game.persist.schema import (
    KIND,
    MAX_BYTES,
    SCHEMA_VERSION,
    SaveError,
    SaveFile,
    decode_save,
)
from game.persist.verify import dump_events, replay_save
from game.persist.versions import running_versions
from game.rules.engine import Engine
from game.scenario import scenario_path

AUTOSAVE = "autosave.json"
AUTOSAVE_PREV = "autosave.prev.json"
_UMASK = os.umask(0o022)  # read the process umask once (os.umask can only be read by setting)
os.umask(_UMASK)


def save_data(source: Engine | Match) -> dict[str, Any]:
    """The JSON-ready save of a game (an Engine is replayed from its seed to split its log)."""
    try:
        match = source if isinstance(source, Match) else Match.from_engine(source)
    except MatchError as exc:
        raise SaveError(f"cannot save this game: {exc}") from None
    state = match.engine.state
    rosters = {"rosters": {side: r.model_dump(mode="json") for side, r in match.rosters.items()}} \
        if match.rosters else {}
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": KIND,
        "scenario": match.scenario,
        "seed": match.seed,
        "turns": state.max_turns,
        "mode": match.mode,
        "players": dict(match.players),
        "commands": [c.model_dump(mode="json") for c in match.commands],
        "events": [dump_events(s.events) for s in match.steps],
        "setup_events": dump_events(match.setup_events),
        "snapshot": state.to_dict(),
        "state_hash": state.digest(),
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "versions": running_versions().model_dump(),
        **rosters,
    }


def encode(data: dict[str, Any]) -> bytes:
    """Save data as compact, deterministic UTF-8 JSON text."""
    return (json.dumps(data, separators=(",", ":"), allow_nan=False) + "\n").encode()


def write_atomic(path: str | os.PathLike[str], payload: bytes,
                 keep_previous: str | os.PathLike[str] | None = None) -> None:
    """Write a file so that it is either the old or the new content, never half of one.

    With `keep_previous`, the old file (if any) is moved there just before the new one lands.
    No other file is touched; the temporary file lives beside the target and is removed on error.
    """
    target = Path(path)
    tmp = _write_temp(target, payload)
    try:
        if keep_previous is not None and target.exists():
            os.replace(target, keep_previous)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_dir(target.parent)


def _file_mode(target: Path) -> int:
    """The permissions the new file gets: the old file's, else what open() would give."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        return 0o666 & ~_UMASK


def _write_temp(target: Path, payload: bytes) -> str:
    """A fully written, fsynced temporary file in the target's folder."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with contextlib.suppress(OSError, AttributeError):  # mkstemp makes 0600 files
            os.fchmod(fd, _file_mode(target))
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def _sync_dir(folder: Path) -> None:
    """Make a rename durable (POSIX); a no-op where directories cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def save_game(source: Engine | Match, path: str | os.PathLike[str]) -> Path:
    """Save a game to `path` atomically; returns the path written."""
    target = Path(path)
    write_atomic(target, encode(save_data(source)))
    return target


def autosave(source: Engine | Match, saves_dir: str | os.PathLike[str]) -> Path:
    """Write autosave.json atomically, keeping the previous one as autosave.prev.json."""
    folder = Path(saves_dir)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / AUTOSAVE
    write_atomic(target, encode(save_data(source)), keep_previous=folder / AUTOSAVE_PREV)
    return target


def read_capped(path: str | os.PathLike[str], limit: int = MAX_BYTES, nofollow: bool = False) -> bytes:
    """Read a regular file of at most `limit` bytes without blocking on a FIFO, or raise SaveError."""
    try:
        return read_bytes(path, limit, nofollow=nofollow)
    except FileRefused as exc:
        raise SaveError(f"cannot read {printable(path)}: {exc.reason}") from None


def load_save(path: str | os.PathLike[str]) -> SaveFile:
    """Read and validate a save file; any problem raises SaveError with a one-line reason."""
    return parse_save(read_capped(path))


def parse_save(raw: bytes) -> SaveFile:
    """Validate the bytes of a save file, as load_save does; raises SaveError."""
    save = decode_save(raw)
    if not scenario_path(save.scenario).is_file():
        raise SaveError(f"unknown scenario {save.scenario!r} (no such map file)")
    return save


def restore_engine(save: SaveFile) -> Engine:
    """The saved game's engine, rebuilt by replaying its commands from scenario + seed.

    Raises ReplayDivergence (a SaveError) if the replay does not reach the saved state hash.
    """
    return replay_save(save, check_events=False).engine


def restore_match(save: SaveFile) -> Match:
    """Like restore_engine, but keeping the per-command record for further saves."""
    return replay_save(save, check_events=False)
