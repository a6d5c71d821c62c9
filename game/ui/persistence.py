"""Saving from the UI: slots, the autosave and resume, using game.persist.slots when present."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any

from game.persist import Match, load_save, restore_match, save_game
from game.persist import autosave as plain_autosave
from game.persist.saves import AUTOSAVE


def _slots() -> ModuleType | None:
    try:
        return importlib.import_module("game.persist.slots")
    except ImportError:
        return None


@dataclass(frozen=True, slots=True)
class SlotInfo:
    """A save the load screen can list."""

    label: str
    path: Path
    detail: str = ""


def _info(item: Any) -> SlotInfo | None:
    """Read whatever slots.list_slots returns (a path or an object with a path)."""
    if isinstance(item, Path | str):
        path = Path(item)
        return SlotInfo(path.stem, path)
    found = getattr(item, "path", None)
    if found is None:
        return None
    path = Path(found)
    name = str(getattr(item, "name", "") or Path(path).stem)
    title = str(getattr(item, "title", "") or getattr(item, "scenario", ""))
    label = f"{name}: {title}" if title else name
    if getattr(item, "ok", True) is False:
        return SlotInfo(label, Path(path), f"cannot be loaded: {getattr(item, 'problem', '')}")
    parts = []
    if getattr(item, "turn", 0):
        parts.append(f"turn {item.turn}/{getattr(item, 'max_turns', '?')}")
    if getattr(item, "over", False):
        parts.append("finished")
    when = getattr(item, "saved_at", None)
    if when is not None:
        parts.append(when.astimezone().strftime("%d %b %H:%M"))
    return SlotInfo(label, Path(path), "  ·  ".join(parts))


def list_saves(saves_dir: Path) -> list[SlotInfo]:
    """Every save in the folder, newest first."""
    mod = _slots()
    if mod is not None and hasattr(mod, "list_slots"):
        found = [i for i in (_info(x) for x in mod.list_slots(saves_dir)) if i is not None]
        if found:
            return found
    if not saves_dir.is_dir():
        return []
    files = sorted(saves_dir.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    return [SlotInfo(p.stem, p, datetime.fromtimestamp(p.stat().st_mtime).strftime("%Y-%m-%d %H:%M"))
            for p in files if not p.name.startswith(".")]


def autosave(match: Match, saves_dir: Path) -> None:
    """Write the autosave (atomic)."""
    mod = _slots()
    if mod is not None and hasattr(mod, "autosave"):
        mod.autosave(match, saves_dir)
    else:
        plain_autosave(match, saves_dir)


def resume_available(saves_dir: Path) -> Path | None:
    """The autosave to resume from, if there is one."""
    mod = _slots()
    if mod is not None and hasattr(mod, "resume_available"):
        found = mod.resume_available(saves_dir)
        return Path(found) if found else None
    path = saves_dir / AUTOSAVE
    return path if path.is_file() else None


def clear_autosave(saves_dir: Path) -> None:
    """Forget the autosave once a game has ended."""
    mod = _slots()
    if mod is not None and hasattr(mod, "clear_autosave"):
        mod.clear_autosave(saves_dir)
        return
    for name in (AUTOSAVE,):
        (saves_dir / name).unlink(missing_ok=True)


def save_to_slot(match: Match, saves_dir: Path, slot: str) -> Path:
    """Save the game into a named slot."""
    mod = _slots()
    if mod is not None and hasattr(mod, "save_slot"):
        return Path(mod.save_slot(match, saves_dir, slot))
    saves_dir.mkdir(parents=True, exist_ok=True)
    return save_game(match, saves_dir / f"{slot}.json")


def open_save(path: Path) -> Match:
    """Load and replay a save (raises SaveError, MatchError, MapError with a reason)."""
    mod = _slots()
    if mod is not None and hasattr(mod, "load_slot"):
        return mod.load_slot(path)  # type: ignore[no-any-return]
    return restore_match(load_save(path))
