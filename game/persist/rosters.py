"""The player's roster files: listed, read bounded, written atomically, copied, renamed, deleted,
exported and imported (RULES-BRIEF §12.1).

A roster is one JSON file in the rosters folder (`folders.rosters_dir()`), named after the
retinue (`the-dukes-riders.json`). A file from outside is read as a save is: through
`game.bounded` (no FIFO, device or directory, at most MAX_ROSTER_BYTES, UTF-8, no loop of links),
as JSON nested no deeper than a roster is, with its kind and version checked (a newer version is
refused by name), then validated whole; any problem is one `RosterFileError` line naming the
file. Writing goes through a temporary file and a rename, and touches no other file.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from game.bounded import FileRefused, printable, read_bytes
from game.muster.roster import ROSTER_KIND, ROSTER_VERSION, Roster
from game.persist.folders import rosters_dir
from game.persist.saves import write_atomic
from game.persist.user_files import NotOurs, OneLineError, OutsideFolder, checked_model, delete_in, inside
from game.persist.user_files import file_stem as stem_of
from game.persist.user_files import free_path as free_in

MAX_ROSTER_BYTES = 256 * 1024  # a roster of twelve models is about 3 kB
MAX_DEPTH = 8  # a roster is four levels deep
SUFFIX = ".json"


class RosterFileError(OneLineError):
    """A roster file that cannot be read or written; str() is one line naming the file."""


@dataclass(frozen=True, slots=True)
class RosterEntry:
    """One file of the rosters folder: its path, and its roster or why it cannot be read."""

    path: Path
    roster: Roster | None
    problem: str = ""


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in a roster")


def _depth(node: Any, depth: int = 1) -> int:
    if depth > MAX_DEPTH:
        return depth
    children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
    return max((_depth(c, depth + 1) for c in children if isinstance(c, dict | list)), default=depth)


def parse_roster(raw: bytes, label: str = "roster") -> Roster:
    """The roster in a file's bytes, or one RosterFileError beginning with `label`."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RosterFileError(f"{label}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset "
                              f"{exc.start})") from None
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise RosterFileError(f"{label}: not a roster: JSON nested too deeply") from None
    except ValueError as exc:
        raise RosterFileError(f"{label}: not valid JSON ({exc})") from None
    if _depth(data) > MAX_DEPTH:
        raise RosterFileError(f"{label}: not a roster: JSON nested deeper than {MAX_DEPTH} levels")
    return roster_from(data, label)


def roster_from(data: Any, label: str = "roster") -> Roster:
    """A roster from parsed JSON, its kind and version checked first; one RosterFileError."""
    try:
        return checked_model(data, Roster, ROSTER_KIND, ROSTER_VERSION, "roster")
    except NotOurs as exc:
        raise RosterFileError(f"{label}: {exc}") from None


def read_roster(path: str | os.PathLike[str], nofollow: bool = False) -> Roster:
    """Read and validate a roster file, bounded; one RosterFileError naming it."""
    label = printable(Path(path).name)
    try:
        raw = read_bytes(path, MAX_ROSTER_BYTES, nofollow=nofollow)
    except FileRefused as exc:
        raise RosterFileError(f"{label}: cannot be read: {exc.reason}") from None
    return parse_roster(raw, label)


def encode_roster(roster: Roster) -> bytes:
    """A roster as indented, deterministic UTF-8 JSON."""
    return (json.dumps(roster.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n").encode()


def file_stem(name: str) -> str:
    """A file name for a roster's name: letters, digits and dashes (the-dukes-riders)."""
    return stem_of(name, "roster")


def _folder(folder: Path | None) -> Path:
    return folder if folder is not None else rosters_dir()


def free_path(name: str, folder: Path | None = None, keep: Path | None = None) -> Path:
    """A path in the folder for a roster of this name that no other file has (`keep` may have it)."""
    return free_in(file_stem(name), _folder(folder), SUFFIX, keep)


def list_rosters(folder: Path | None = None) -> list[RosterEntry]:
    """Every roster file of the folder (`*.json`, not hidden), by name, each read bounded; one
    that cannot be read is listed with its problem."""
    home = _folder(folder)
    try:
        names = sorted(n for n in os.listdir(home) if n.lower().endswith(SUFFIX) and not n.startswith("."))
    except OSError as exc:
        raise RosterFileError(f"the rosters folder cannot be listed: {exc.strerror or exc}") from None
    out = []
    for name in names:
        path = home / name
        try:
            out.append(RosterEntry(path, read_roster(_inside(home, path), nofollow=True)))
        except RosterFileError as exc:
            out.append(RosterEntry(path, None, str(exc)))
    return sorted(out, key=lambda e: ((e.roster.name if e.roster else e.path.name).casefold(), e.path.name))


def _inside(folder: Path, path: Path) -> Path:
    """The file a path of the folder names, links resolved; refused if it leads out of the folder."""
    try:
        return inside(folder, path, "rosters")
    except OutsideFolder as exc:
        raise RosterFileError(f"{printable(path.name)}: {exc}") from None


def write_roster(roster: Roster, folder: Path | None = None, path: Path | None = None) -> Path:
    """Write a roster atomically: to `path`, else to a new file of the folder named after it."""
    target = path if path is not None else free_path(roster.name, folder)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        write_atomic(target, encode_roster(roster))
    except OSError as exc:
        raise RosterFileError(f"{printable(target.name)}: cannot be written: {exc.strerror or exc}") from None
    return target


def copy_roster(path: Path, folder: Path | None = None) -> Path:
    """A copy of a roster of the folder, named "... (copy)", in a file of its own."""
    roster = read_roster(_inside(_folder(folder), path), nofollow=True)
    name = f"{roster.name[:73]} (copy)"
    return write_roster(roster.model_copy(update={"name": name}), folder)


def rename_roster(path: Path, name: str, folder: Path | None = None) -> Path:
    """Give a roster of the folder a new name, and its file the name that follows from it (the new
    file is written before the old one goes, so a failure leaves the old one)."""
    home = _folder(folder)
    roster = read_roster(_inside(home, path), nofollow=True)
    try:
        renamed = Roster.model_validate({**roster.model_dump(), "name": name})
    except ValidationError as exc:
        raise RosterFileError(f"{name[:40]!r} is no roster name: {exc.errors()[0]['msg']}") from None
    target = write_roster(renamed, home, free_path(name, home, keep=path))
    if target != path:
        delete_roster(path, home)
    return target


def delete_roster(path: Path, folder: Path | None = None) -> None:
    """Delete one roster file of the folder (never a file outside it, nor a folder)."""
    try:
        delete_in(_folder(folder), path, SUFFIX, "roster")
    except OutsideFolder as exc:
        raise RosterFileError(f"{printable(path.name)}: {exc}") from None


def export_roster(path: Path, to: str | os.PathLike[str], folder: Path | None = None) -> Path:
    """Write a roster of the folder to a file anywhere (atomically)."""
    roster = read_roster(_inside(_folder(folder), path), nofollow=True)
    return write_roster(roster, path=Path(to))


def import_roster(source: str | os.PathLike[str], folder: Path | None = None) -> Path:
    """Read a roster file from anywhere (bounded, validated) and write it into the folder under a
    new file; the source is left as it is."""
    return write_roster(read_roster(source), folder)
