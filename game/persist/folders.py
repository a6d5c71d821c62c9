"""Where the player's own files live: the platform's user folders (platformdirs), one place for all.

- `data_dir()`: the user data folder (`platformdirs.user_data_dir("destrier")`); it holds
  `saves/` (`saves_dir()`), `scenarios/` (`scenarios_dir()`), `rosters/` (`rosters_dir()`) and
  `campaigns/` (`campaigns_dir()`).
- `config_dir()`: the user config folder (`platformdirs.user_config_dir("destrier")`), where
  `settings.json` lives.
- `cache_dir()`: the user cache folder, for pictures the game can always draw again.

`DESTRIER_DATA_DIR` moves all of them into one folder (tests and portable installs use it):
`saves/`, `scenarios/`, `rosters/`, `campaigns/`, `cache/` and `settings.json` are then inside it.
`DESTRIER_SAVES_DIR` still moves the saves alone, and `DESTRIER_CONFIG_DIR` the settings alone.

Older versions kept the saves in the checkout's `saves/` folder (or, installed, in
`~/.local/share/destrier/saves`) and the settings in `~/.config/destrier/`. The first time a new
folder is used those files are copied into it (`migrate_once`): each file the new folder lacks,
atomically; nothing is overwritten, and the old files are left where they were. A hidden marker
file in the new folder records that it was done, so a save deleted later does not come back.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from platformdirs import user_cache_dir, user_config_dir, user_data_dir

from game.resources import checkout

APP = "destrier"
DATA_ENV = "DESTRIER_DATA_DIR"
SAVES_ENV = "DESTRIER_SAVES_DIR"
CONFIG_ENV = "DESTRIER_CONFIG_DIR"
SETTINGS_FILE = "settings.json"
MIGRATED = ".migrated"  # the marker a migrated folder keeps (hidden: the load screen skips it)
MAX_MIGRATED_BYTES = 20 * 1024 * 1024  # a bigger file in an old folder is no save of ours


def _env(name: str) -> Path | None:
    value = os.environ.get(name, "").strip()
    return Path(value).expanduser() if value else None


def data_dir() -> Path:
    """The player's data folder (not created here)."""
    override = _env(DATA_ENV)
    return override if override else Path(user_data_dir(APP, appauthor=False))


def scenarios_dir(create: bool = True) -> Path:
    """The folder of the player's own scenarios (maps made in the editor or copied in)."""
    folder = data_dir() / "scenarios"
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def rosters_dir(create: bool = True) -> Path:
    """The folder of the player's rosters (retinues of his own, made in the muster or imported)."""
    folder = data_dir() / "rosters"
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def campaigns_dir(create: bool = True) -> Path:
    """The folder of the player's campaigns (one file a campaign, with its last good copy)."""
    folder = data_dir() / "campaigns"
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def cache_dir() -> Path:
    """The folder for pictures the game keeps to open faster (not created here)."""
    override = _env(DATA_ENV)
    return override / "cache" if override else Path(user_cache_dir(APP, appauthor=False))


# --- the places older versions used -----------------------------------------------------------
def legacy_saves_dirs() -> list[Path]:
    """Where older versions kept the saves: the checkout's `saves/` (when the game runs from a
    checkout), and `$XDG_DATA_HOME/destrier/saves` (an installed game). None when
    DESTRIER_DATA_DIR is set: that folder is a world of its own."""
    if _env(DATA_ENV):
        return []
    source = checkout()
    found = [source / "saves"] if source else []
    data_home = os.environ.get("XDG_DATA_HOME", "").strip()
    found.append((Path(data_home) if data_home else Path.home() / ".local" / "share") / APP / "saves")
    return found


def legacy_config_dirs() -> list[Path]:
    """Where older versions kept settings.json: `~/.config/destrier` (none under DESTRIER_DATA_DIR)."""
    return [] if _env(DATA_ENV) else [Path.home() / ".config" / APP]


# --- the folders the game uses ------------------------------------------------------------------
def saves_dir(create: bool = True, legacy: Callable[[], Iterable[Path]] | None = None) -> Path:
    """The saves folder: $DESTRIER_SAVES_DIR, else `saves/` in the data folder.

    Created (and the old saves copied in, once) unless `create` is False; OSError if it cannot be.
    `legacy` gives the old folders (by default `legacy_saves_dirs`; none for $DESTRIER_SAVES_DIR).
    """
    chosen = _env(SAVES_ENV)
    folder = chosen if chosen else data_dir() / "saves"
    if create:
        folder.mkdir(parents=True, exist_ok=True)
        if not chosen:
            migrate_once((legacy or legacy_saves_dirs)(), folder, _is_save)
    return folder


def config_dir(create: bool = False, legacy: Callable[[], Iterable[Path]] | None = None) -> Path:
    """The settings folder: $DESTRIER_CONFIG_DIR, else $DESTRIER_DATA_DIR, else the platform's user
    config folder. With `create` it is made and an old settings.json copied in (once)."""
    chosen = _env(CONFIG_ENV)
    folder = chosen or _env(DATA_ENV) or Path(user_config_dir(APP, appauthor=False))
    if create:
        folder.mkdir(parents=True, exist_ok=True)
        if not chosen:
            migrate_once((legacy or legacy_config_dirs)(), folder, lambda name: name == SETTINGS_FILE)
    return folder


def _is_save(name: str) -> bool:
    return name.endswith(".json") and not name.startswith(".")


# --- migration ----------------------------------------------------------------------------------
def migrate_once(old_folders: Iterable[Path], new: Path, wanted: Callable[[str], bool]) -> list[Path]:
    """Copy the wanted files of the old folders into `new`, once; returns the files written.

    A file is copied only if `new` has no file of that name (the first old folder wins), through a
    temporary file that is linked into place (never over an existing file). Only regular files are
    copied, never links. The old files are left alone. Once done, `new` keeps a marker, and later
    calls copy nothing. A file that cannot be read or written is skipped: a migration never stops
    the game from starting.
    """
    old_folders = list(old_folders)
    marker = new / MIGRATED
    if not old_folders or os.path.lexists(marker):
        return []
    written: list[Path] = []
    new_real = _real(new)
    for old in old_folders:
        if _real(old) == new_real:
            continue
        try:
            names = sorted(os.listdir(old))
        except OSError:
            continue
        for name in names:
            if not wanted(name) or os.path.lexists(new / name):
                continue
            with contextlib.suppress(OSError):
                if _copy_new(old / name, new / name):
                    written.append(new / name)
    with contextlib.suppress(OSError):
        sources = "".join(f"{old}\n" for old in old_folders)
        fd = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(f"copied from older locations, once:\n{sources}")
    return written


def _real(folder: Path) -> Path:
    try:
        return folder.resolve()
    except OSError:
        return folder


def _copy_new(source: Path, target: Path) -> bool:
    """Copy a regular file (not a link) to a target that must not exist yet; True if copied."""
    flags = os.O_RDONLY
    for extra in ("O_NOFOLLOW", "O_NONBLOCK", "O_BINARY"):
        flags |= getattr(os, extra, 0)
    fd = os.open(source, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_MIGRATED_BYTES:
            return False
        with os.fdopen(fd, "rb", closefd=False) as fh:
            payload = fh.read(MAX_MIGRATED_BYTES + 1)
    finally:
        os.close(fd)
    if len(payload) > MAX_MIGRATED_BYTES:
        return False
    tmp_fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(tmp_fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        with contextlib.suppress(OSError):
            os.utime(tmp, ns=(info.st_atime_ns, info.st_mtime_ns))  # the save keeps its date
        try:
            os.link(tmp, target)  # fails if the target exists: never overwrites
        except FileExistsError:
            return False
        except OSError:  # a file system without hard links
            if os.path.lexists(target):
                return False
            os.rename(tmp, target)
            return True
        return True
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
