"""Save slots, the autosave and resuming after a crash: what the client's load and resume screens use.

A saves folder holds named slots (`NAME.json`), `autosave.json` (written after every activation)
and `autosave.prev.json` (the autosave before it). Every write is atomic (save_game and
write_atomic: temporary file, fsync, rename), so a crash or a kill leaves either the old file or
the new one. Reading never raises for a bad file: listing marks it `ok=False` with the one-line
reason, and loading raises SaveError, whose text is meant for a dialog.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from game.bounded import FileRefused, printable, read_bytes, resolve
from game.persist.folders import saves_dir
from game.persist.match import Match
from game.persist.saves import AUTOSAVE, AUTOSAVE_PREV, parse_save, save_game
from game.persist.saves import autosave as _autosave
from game.persist.schema import MAX_BYTES, SaveError, SaveFile
from game.persist.verify import replay_save
from game.rules.engine import Engine
from game.rules.state import SIDES, GameState, digest_of
from game.scenario import cached_scenario
from game.terrain.terrain_map import MapError

SLOT_NAME = re.compile(r"[A-Za-z0-9_-]([A-Za-z0-9 ,_-]{0,38}[A-Za-z0-9_-])?")  # no space at either end
# Names a player may not pick: the autosave's own, and devices Windows will not let be files.
RESERVED = frozenset({"autosave", "con", "prn", "aux", "nul"}
                     | {f"{dev}{n}" for dev in ("com", "lpt") for n in range(1, 10)})
STALE_TEMP_SECONDS = 60.0  # an autosave temp file older than this belongs to no running writer


@cache
def _state_adapter() -> TypeAdapter[GameState]:
    """The game state's validator, built when a save is first listed (14 ms off start-up)."""
    return TypeAdapter(GameState)


PathLike = str | os.PathLike[str]


@dataclass(frozen=True, slots=True)
class SlotInfo:
    """One file in the saves folder, as a load screen shows it.

    `ok` is False for a file that cannot be used; `problem` is then the one-line reason and the
    game fields keep their defaults. `saved_at` is the file's modification time (UTC).
    """

    name: str  # the slot name: the file name without .json ("autosave", "autosave.prev" too)
    path: Path
    saved_at: datetime
    ok: bool
    problem: str = ""
    scenario: str = ""
    title: str = ""
    turn: int = 0
    max_turns: int = 0
    active_side: str = ""
    valour: dict[str, int] = field(default_factory=dict)
    commands: int = 0
    over: bool = False
    winner: str = ""  # "red", "blue" or "draw" when over
    mode: str = ""  # "hotseat", "solo" or "watch"
    players: dict[str, str] = field(default_factory=dict)  # per side: "human" or an AI player spec

    @property
    def is_autosave(self) -> bool:
        """Whether this is autosave.json or autosave.prev.json rather than a player's slot."""
        return self.path.name in (AUTOSAVE, AUTOSAVE_PREV)


def default_saves_dir() -> Path:
    """The saves folder, created if missing: $DESTRIER_SAVES_DIR if set, else `saves/` in the
    player's data folder (game.persist.folders), the saves of older versions copied in once.

    Raises OSError if the folder cannot be created.
    """
    return saves_dir()


def _folder(saves_dir: PathLike | None) -> Path:
    return default_saves_dir() if saves_dir is None else Path(saves_dir)


def validate_slot_name(slot: object) -> str:
    """The slot name if a player may use it; else ValueError saying why (for the save dialog)."""
    if not isinstance(slot, str):
        raise ValueError(f"a slot name is text, not {type(slot).__name__}")
    if not SLOT_NAME.fullmatch(slot):
        raise ValueError("a slot name is 1 to 40 letters, digits, spaces, commas, - and _ (no dots, "
                         "no space at either end)")
    if slot.lower() in RESERVED:
        raise ValueError(f"{slot!r} is a reserved name; choose another")
    return slot


def slot_path(saves_dir: PathLike, slot: str) -> Path:
    """The file a slot is saved in (the name is validated: ValueError if refused)."""
    return Path(saves_dir) / f"{validate_slot_name(slot)}.json"


def save_slot(match: Match | Engine, saves_dir: PathLike | None, slot: str) -> Path:
    """Save a game in a named slot, atomically, replacing that slot only; returns its path.

    ValueError for a refused name, SaveError for a game that cannot be saved, OSError if the
    disk refuses the write (the slot's old file is then untouched).
    """
    validate_slot_name(slot)
    folder = _folder(saves_dir)
    folder.mkdir(parents=True, exist_ok=True)
    return save_game(match, slot_path(folder, slot))


def autosave(match: Match | Engine, saves_dir: PathLike | None = None) -> Path:
    """Write autosave.json atomically, the one before it kept as autosave.prev.json.

    Call it after every activation. A kill at any moment leaves a good autosave.json, or (between
    the two renames) no autosave.json and the last one as autosave.prev.json: resume_available
    falls back to it, so at most the activation in progress is lost.
    """
    return _autosave(match, _folder(saves_dir))


def load_slot(path: PathLike, saves_dir: PathLike | None = None) -> Match:
    """A saved game rebuilt by replay from scenario + seed; SaveError (one line) if it cannot be.

    The file must be in its saves folder (`saves_dir`, by default the folder it is in): a link
    that takes it out of the folder is refused, as the listing marks it, and never followed.
    """
    file = Path(path)
    folder = file.parent if saves_dir is None else Path(saves_dir)
    return replay_save(_read_save(_inside(folder, file), nofollow=True), check_events=False)


def list_slots(saves_dir: PathLike | None = None, verify: bool = False) -> list[SlotInfo]:
    """Every *.json file in the saves folder, newest first; never raises for a bad file.

    Hidden files (temporary files of a write in progress) are skipped. A symbolic link is read
    only if it points inside the folder. By default a file is checked as far as load_save does
    plus its snapshot against its hash; with `verify` each game is also replayed from its seed.
    A missing folder lists nothing.
    """
    folder = _folder(saves_dir)
    try:
        names = [n for n in os.listdir(folder) if n.endswith(".json") and not n.startswith(".")]
    except OSError:
        return []
    found = [_slot_info(folder, name, verify) for name in names]
    found.sort(key=lambda s: (s.saved_at, s.name), reverse=True)
    return found


def _slot_info(folder: Path, name: str, verify: bool) -> SlotInfo:
    path = folder / name
    slot = name.removesuffix(".json")
    try:
        mtime = os.stat(path, follow_symlinks=False).st_mtime
    except OSError:
        mtime = 0.0
    try:
        source = _inside(folder, path)
        with contextlib.suppress(OSError):
            mtime = os.stat(source).st_mtime
        save = _read_save(source, nofollow=True)
        state = _snapshot_state(save)
        if verify:
            replay_save(save, check_events=False)
    except SaveError as exc:
        return SlotInfo(slot, path, _when(mtime), ok=False, problem=str(exc))
    except Exception as exc:  # a bug must not take the load screen down with it
        problem = SaveError(f"unexpected {type(exc).__name__}: {exc}").reason
        return SlotInfo(slot, path, _when(mtime), ok=False, problem=problem)
    return SlotInfo(slot, path, _when(mtime), ok=True, scenario=save.scenario,
                    title=_title(save.scenario), turn=state.turn, max_turns=state.max_turns,
                    active_side=state.active_side,
                    valour={s: state.sides[s].valour for s in SIDES if s in state.sides},
                    commands=len(save.commands), over=state.over, winner=state.winner, mode=save.mode,
                    players={str(k): v for k, v in save.players.items()})


def _when(mtime: float) -> datetime:
    return datetime.fromtimestamp(mtime, UTC)


def _title(scenario: str) -> str:
    try:
        return cached_scenario(scenario).title
    except (MapError, OSError):
        return scenario


def _inside(folder: Path, path: Path) -> Path:
    """The file `path` names, links resolved; SaveError if a link takes it out of `folder`, or
    if its links (or the folder's) loop.

    The result has no link in its last part, so it is opened with O_NOFOLLOW (a file swapped for
    a link in between is then refused, not followed).
    """
    try:
        target, home = resolve(path), resolve(folder)
    except FileRefused as exc:
        raise SaveError(f"cannot read {printable(path.name)}: {exc.reason}") from None
    if not target.is_relative_to(home):
        raise SaveError("a link to a file outside the saves folder; it is not read")
    return target


def _snapshot_state(save: SaveFile) -> GameState:
    """The saved final state, from the snapshot (checked against the state hash)."""
    if digest_of(save.snapshot) != save.state_hash:
        raise SaveError("stored snapshot does not match its state hash")
    try:
        return _state_adapter().validate_python(save.snapshot)
    except ValidationError as exc:
        raise SaveError(f"the snapshot is not a game state: {exc.errors()[0]['msg']}") from None


def _read_save(path: Path, nofollow: bool = False) -> SaveFile:
    """Read and validate a save like load_save, but never block on a FIFO or device."""
    try:
        raw = read_bytes(path, MAX_BYTES, nofollow=nofollow)
    except FileRefused as exc:
        raise SaveError(f"cannot read {printable(path.name)}: {exc.reason}") from None
    return parse_save(raw)


def _resumable(folder: Path) -> tuple[Path, Match] | SaveError:
    """The autosave to resume and its rebuilt game, or the reason there is none."""
    reason = SaveError("no autosave to resume")
    for index, name in enumerate((AUTOSAVE, AUTOSAVE_PREV)):
        path = folder / name
        if index == 0 and not os.path.lexists(path):
            continue  # killed between the two renames of an autosave: the previous one is good
        try:
            match = replay_save(_read_save(_inside(folder, path), nofollow=True),
                                check_events=False)
        except SaveError as exc:
            if index == 0:
                reason = SaveError(f"the autosave cannot be resumed: {exc}")
            continue
        if match.engine.state.over:
            return SaveError("the autosaved game is over")
        return path, match
    return reason


def resume_available(saves_dir: PathLike | None = None) -> Path | None:
    """The autosave a new launch should offer to resume, or None.

    autosave.json if it loads and replays cleanly and its game is not over; else, if it is
    missing or bad, autosave.prev.json on the same terms; else None. A finished game gives None.
    """
    found = _resumable(_folder(saves_dir))
    return None if isinstance(found, SaveError) else found[0]


def resume(saves_dir: PathLike | None = None) -> Match:
    """The autosaved game (as resume_available picks it), rebuilt by replay from its seed.

    Raises SaveError with the reason if there is nothing to resume. Removes autosave temporary
    files a killed process left behind.
    """
    folder = _folder(saves_dir)
    _sweep_temps(folder)
    found = _resumable(folder)
    if isinstance(found, SaveError):
        raise found
    return found[1]


def clear_autosave(saves_dir: PathLike | None = None) -> None:
    """Remove autosave.json and autosave.prev.json (after a finished game); slots are kept."""
    folder = _folder(saves_dir)
    for name in (AUTOSAVE_PREV, AUTOSAVE):  # in this order, so a kill between leaves no prev
        with contextlib.suppress(FileNotFoundError):
            os.unlink(folder / name)
    _sweep_temps(folder)


def _sweep_temps(folder: Path) -> None:
    """Delete stale temporary autosave files (`.autosave.json.*.tmp`) a kill left behind."""
    cutoff = time.time() - STALE_TEMP_SECONDS
    prefix = f".{AUTOSAVE}."
    try:
        names = [n for n in os.listdir(folder) if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return
    for name in names:
        path = folder / name
        with contextlib.suppress(OSError):
            info = os.stat(path, follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and info.st_mtime < cutoff:
                os.unlink(path)
