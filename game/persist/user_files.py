"""Files of one of the player's folders (rosters, campaigns): a free name for a new file, a file of
the folder read only if it truly lies in it, and a file deleted only if it is one of the folder's.

Each function raises `OutsideFolder` with the reason in words; the caller names its own kind of file.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from game.bounded import FileRefused, resolve


class OneLineError(Exception):
    """A file's problem as the player reads it: one line, at most 300 characters."""

    def __init__(self, reason: str) -> None:
        line = " ".join(reason.split())
        super().__init__(line if len(line) <= 300 else line[:297] + "...")


class OutsideFolder(Exception):
    """A path the folder's files may not be read from or deleted at; str() is the reason."""


class NotOurs(Exception):
    """Parsed JSON that is not a file of this kind and version; str() is the reason."""


def check_kind(data: Any, kind: str, version: int, what: str) -> dict[str, Any]:
    """The parsed JSON of a file of ours, its kind and version checked before anything else (a
    newer version refused by name, so the player knows to update); NotOurs naming the problem."""
    if not isinstance(data, dict):
        raise NotOurs(f"a {what} is a JSON object, not {type(data).__name__}")
    if data.get("kind") != kind:
        raise NotOurs(f"not a Destrier {what} (kind is {short(data.get('kind'))})")
    found = data.get("version")
    if type(found) is not int:
        raise NotOurs(f"version must be a whole number, not {short(found)}")
    if found > version:
        raise NotOurs(f"{what} version {found} is newer than this game reads ({version}); update Destrier")
    if found < version:
        raise NotOurs(f"{what} version {found} is not one this game reads")
    return data


M = TypeVar("M", bound=BaseModel)


def checked_model(data: Any, model: type[M], kind: str, version: int, what: str) -> M:
    """A file of ours as its model: its kind and version checked first (`check_kind`), then the
    whole of it; NotOurs naming the problem (the first invalid field, by where it stands)."""
    check_kind(data, kind, version, what)
    try:
        return model.model_validate(data, strict=False)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        loc = ".".join(str(p) for p in err["loc"])
        raise NotOurs(f"invalid {what} at {loc}: {err['msg']}") from None


def short(value: object, limit: int = 40) -> str:
    """A value as a short repr, for a line about a file."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def file_stem(name: str, default: str) -> str:
    """A file name for a name: letters, digits and dashes (the-dukes-riders)."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.casefold().replace("'", "")).strip("-")
    return stem[:60].strip("-") or default


def free_path(stem: str, home: Path, suffix: str, keep: Path | None = None) -> Path:
    """A path in the folder, named after the stem, that no other file has (`keep` may have it)."""
    path = home / f"{stem}{suffix}"
    n = 2
    while os.path.lexists(path) and path != keep:
        path = home / f"{stem}-{n}{suffix}"
        n += 1
    return path


def inside(home: Path, path: Path, what: str) -> Path:
    """The file a path of the folder names, links resolved; refused if it leads out of the folder."""
    try:
        target, folder = resolve(path), resolve(home)
    except FileRefused as exc:
        raise OutsideFolder(f"cannot be read: {exc.reason}") from None
    if not target.is_relative_to(folder):
        raise OutsideFolder(f"a link to a file outside the {what} folder; it is not read")
    return target


def delete_in(home: Path, path: Path, suffix: str, what: str) -> None:
    """Delete one file of the folder (never a file outside it, nor a folder; a link itself, never
    what it leads to)."""
    if resolve(path.parent) != resolve(home) or not path.name.lower().endswith(suffix):
        raise OutsideFolder(f"not a {what} file of the {what}s folder")
    if not path.is_symlink() and not path.is_file():
        raise OutsideFolder("not a regular file; it is not deleted")
    try:
        path.unlink()
    except OSError as exc:
        raise OutsideFolder(f"cannot be deleted: {exc.strerror or exc}") from None
