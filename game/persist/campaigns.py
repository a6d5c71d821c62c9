"""The player's campaign files: one versioned JSON file a campaign, in the campaigns folder.

A campaign file holds the whole campaign: both retinues, every battle's result and replay, and
the chronicle. It is written atomically after every battle and every step of the post-battle
sequence, and the copy it replaces is kept beside it (`<stem>.prev.json`), so a file cut short or
spoilt still has its last good copy. Reading goes through `game.bounded` and the save's JSON
checks (size, depth, values: no file can make the game hang or eat memory), then the kind and
version (a newer version is refused by name), then the model whole; any problem is one
`CampaignFileError` line naming the file.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from game.bounded import FileRefused, printable, read_bytes
from game.campaign.model import CAMPAIGN_KIND, CAMPAIGN_VERSION, Campaign
from game.persist.folders import campaigns_dir
from game.persist.saves import write_atomic
from game.persist.schema import SaveError, parse_json
from game.persist.user_files import (
    NotOurs,
    OneLineError,
    OutsideFolder,
    checked_model,
    delete_in,
    file_stem,
    free_path,
    inside,
)

MAX_CAMPAIGN_BYTES = 20 * 1024 * 1024  # the save's limit: a long campaign with its replays is a few MB
SUFFIX = ".json"
PREVIOUS = ".prev.json"


class CampaignFileError(OneLineError):
    """A campaign file that cannot be read or written; str() is one line naming the file."""


@dataclass(frozen=True, slots=True)
class CampaignEntry:
    """One file of the campaigns folder: its path, and its campaign or why it cannot be read."""

    path: Path
    campaign: Campaign | None
    problem: str = ""


def _folder(folder: Path | None) -> Path:
    return folder if folder is not None else campaigns_dir()


def previous_path(path: Path) -> Path:
    """Where a campaign file's last good copy is kept."""
    return path.with_name(path.name.removesuffix(SUFFIX) + PREVIOUS)


def parse_campaign(raw: bytes, label: str = "campaign") -> Campaign:
    """The campaign in a file's bytes, or one CampaignFileError beginning with `label`."""
    try:
        data = parse_json(raw)
    except SaveError as exc:
        raise CampaignFileError(f"{label}: {exc}") from None
    try:
        return checked_model(data, Campaign, CAMPAIGN_KIND, CAMPAIGN_VERSION, "campaign")
    except NotOurs as exc:
        raise CampaignFileError(f"{label}: {exc}") from None


def read_campaign(path: str | os.PathLike[str], nofollow: bool = False) -> Campaign:
    """Read and validate a campaign file, bounded; one CampaignFileError naming it."""
    label = printable(Path(path).name)
    try:
        raw = read_bytes(path, MAX_CAMPAIGN_BYTES, nofollow=nofollow)
    except FileRefused as exc:
        raise CampaignFileError(f"{label}: cannot be read: {exc.reason}") from None
    return parse_campaign(raw, label)


def encode_campaign(c: Campaign) -> bytes:
    """A campaign as compact, deterministic UTF-8 JSON."""
    return (json.dumps(c.model_dump(mode="json"), separators=(",", ":"), ensure_ascii=False) + "\n").encode()


def write_campaign(c: Campaign, path: Path) -> Path:
    """Write a campaign atomically, keeping the copy it replaces as its last good copy (only a copy
    that reads as a campaign: a spoilt file never takes the good copy's place). The file itself is
    there at every moment, the old campaign or the new: a write cut off anywhere loses nothing."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        old = _good_bytes(path)
        if old is not None:
            _keep(path, old)
        write_atomic(path, encode_campaign(c))
    except OSError as exc:
        raise CampaignFileError(f"{printable(path.name)}: cannot be written: {exc.strerror or exc}") from None
    return path


def _good_bytes(path: Path) -> bytes | None:
    """The file's bytes if it is a regular file (not a link) that reads as a campaign."""
    try:
        raw = read_bytes(path, MAX_CAMPAIGN_BYTES, nofollow=True)
        parse_campaign(raw)
    except (FileRefused, CampaignFileError):
        return None
    return raw


def _keep(path: Path, raw: bytes) -> None:
    """Make the file's present content its last good copy, leaving the file where it is: a second
    name for it (a copy where the file system has no such names)."""
    keep = previous_path(path)
    link = keep.with_name(f".{keep.name}.{os.getpid()}.tmp")
    try:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(link)
        os.link(path, link, follow_symlinks=False)
        os.replace(link, keep)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(link)
        write_atomic(keep, raw)


def last_good(path: Path) -> Campaign:
    """The campaign's last good copy (the one its latest write replaced)."""
    return read_campaign(previous_path(path), nofollow=True)


def new_campaign_path(name: str, folder: Path | None = None) -> Path:
    """A path in the folder for a new campaign of this name that no other file has."""
    home = _folder(folder)
    path = free_path(file_stem(name, "campaign"), home, SUFFIX)
    while os.path.lexists(previous_path(path)):  # never take the name of another's kept copy
        path = free_path(path.stem + "-x", home, SUFFIX)
    return path


def list_campaigns(folder: Path | None = None) -> list[CampaignEntry]:
    """Every campaign file of the folder (`*.json`, not hidden, not a kept copy), newest first;
    one that cannot be read is listed with its problem."""
    home = _folder(folder)
    try:
        names = [n for n in os.listdir(home) if n.lower().endswith(SUFFIX) and not n.startswith(".")
                 and not n.lower().endswith(PREVIOUS)]
    except OSError as exc:
        raise CampaignFileError(f"the campaigns folder cannot be listed: {exc.strerror or exc}") from None
    out = []
    for name in names:
        path = home / name
        try:
            out.append(CampaignEntry(path, read_campaign(inside(home, path, "campaigns"), nofollow=True)))
        except OutsideFolder as exc:
            out.append(CampaignEntry(path, None, f"{printable(name)}: {exc}"))
        except CampaignFileError as exc:
            out.append(CampaignEntry(path, None, str(exc)))
    return sorted(out, key=lambda e: (-_mtime(e.path), e.path.name))


def _mtime(path: Path) -> float:
    try:
        return path.lstat().st_mtime
    except OSError:
        return 0.0


def delete_campaign(path: Path, folder: Path | None = None) -> None:
    """Delete a campaign file of the folder and its kept copy."""
    home = _folder(folder)
    try:
        delete_in(home, path, SUFFIX, "campaign")
        if os.path.lexists(previous_path(path)):
            delete_in(home, previous_path(path), SUFFIX, "campaign")
    except OutsideFolder as exc:
        raise CampaignFileError(f"{printable(path.name)}: {exc}") from None
