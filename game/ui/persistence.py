"""Saving from the UI: what the load screen lists, built on game.persist.slots."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.bounded import printable
from game.persist.match import Match
from game.persist.schema import HUMAN
from game.persist.slots import (
    autosave,
    clear_autosave,
    list_slots,
    load_slot,
    resume_available,
    save_slot,
)
from game.ui.solo import describe
from game.ui.theme import SIDE_NAME

__all__ = ["SlotInfo", "autosave", "clear_autosave", "list_saves", "open_save", "resume_available",
           "save_to_slot"]


@dataclass(frozen=True, slots=True)
class SlotInfo:
    """A save as the load screen shows it: a label, its file and a line of detail."""

    label: str
    path: Path
    detail: str = ""


def list_saves(saves_dir: Path) -> list[SlotInfo]:
    """Every save in the folder, newest first; a broken one says why it cannot be loaded."""
    out = []
    for slot in list_slots(saves_dir):
        name = printable(slot.name)  # a file name need not be UTF-8, and may hold a newline
        label = f"{name}: {slot.title or slot.scenario}" if (slot.title or slot.scenario) else name
        if not slot.ok:
            out.append(SlotInfo(label, slot.path, f"cannot be loaded: {slot.problem}"))
            continue
        parts = [f"turn {slot.turn}/{slot.max_turns}"]
        if slot.mode == "solo":
            mine = next((s for s, p in slot.players.items() if p == HUMAN), "")
            ai = next((p for p in slot.players.values() if p != HUMAN), "")
            parts.insert(0, f"solo as {SIDE_NAME.get(mine, mine)} vs {describe(ai)}")
        if slot.over:
            parts.append("finished")
        parts.append(slot.saved_at.astimezone().strftime("%d %b %H:%M"))
        out.append(SlotInfo(label, slot.path, "  ·  ".join(parts)))
    return out


def save_to_slot(match: Match, saves_dir: Path, slot: str) -> Path:
    """Save the game into a named slot."""
    return save_slot(match, saves_dir, slot)


def open_save(path: Path, saves_dir: Path | None = None) -> Match:
    """Load and replay a save of the saves folder (raises SaveError with a one-line reason; a link
    out of the folder is refused, as the list says)."""
    return load_slot(path, saves_dir)
