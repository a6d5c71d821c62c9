"""Saving from the UI: what the load and save screens list, the name a save is offered, built on
game.persist.slots."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from game.bounded import printable
from game.persist.folders import rosters_dir
from game.persist.match import Match
from game.persist.saves import AUTOSAVE, AUTOSAVE_PREV
from game.persist.schema import HUMAN
from game.persist.slots import (
    SLOT_NAME,
    autosave,
    clear_autosave,
    list_slots,
    load_slot,
    resume_available,
    save_slot,
    validate_slot_name,
)
from game.rules.state import GameState
from game.scenario import cached_scenario
from game.terrain.terrain_map import MapError
from game.ui.solo import describe
from game.ui.theme import SIDE_NAME

__all__ = ["SlotInfo", "autosave", "clear_autosave", "list_saves", "name_problem", "open_save",
           "player_saves", "resume_available", "save_to_slot", "slot_taken", "suggested_name"]

QUICKSAVE = "quicksave"  # the quick save key's slot
# How the load screen names the saves the game writes by itself (the rest by their slot names).
OWN_NAMES = {AUTOSAVE: "Autosave", AUTOSAVE_PREV: "Autosave (the one before)",
             f"{QUICKSAVE}.json": "Quick save"}
LONGEST_TITLE = 28  # of a suggested name, the scenario's part (the turn follows it)


@dataclass(frozen=True, slots=True)
class SlotInfo:
    """A save as the load screen shows it: a label, its file and a line of detail; `name` is the
    slot name a save may be written under again ("" for the autosave and a file no player named)."""

    label: str
    path: Path
    detail: str = ""
    name: str = ""


def _slot_name(name: str, path: Path) -> str:
    """The slot name a player may save under again, or "" (the autosave's, or a name refused)."""
    if path.name in (AUTOSAVE, AUTOSAVE_PREV):
        return ""
    return name if not name_problem(name) else ""


def list_saves(saves_dir: Path) -> list[SlotInfo]:
    """Every save in the folder, newest first, by its name (the autosave as "Autosave"), its
    scenario, turn and date; a broken one says why it cannot be loaded."""
    out = []
    for slot in list_slots(saves_dir):
        own = _slot_name(slot.name, slot.path)
        # a file name need not be UTF-8, and may hold a newline
        name = OWN_NAMES.get(slot.path.name) or printable(slot.name)
        label = f"{name}: {slot.title or slot.scenario}" if (slot.title or slot.scenario) else name
        if not slot.ok:
            out.append(SlotInfo(label, slot.path, f"cannot be loaded: {slot.problem}", own))
            continue
        parts = [f"turn {slot.turn}/{slot.max_turns}"]
        if slot.mode == "solo":
            mine = next((s for s, p in slot.players.items() if p == HUMAN), "")
            ai = next((p for p in slot.players.values() if p != HUMAN), "")
            parts.insert(0, f"solo as {SIDE_NAME.get(mine, mine)} vs {describe(ai)}")
        if slot.over:
            parts.append("finished")
        parts.append(slot.saved_at.astimezone().strftime("%d %b %H:%M"))
        out.append(SlotInfo(label, slot.path, "  ·  ".join(parts), own))
    return out


def player_saves(saves_dir: Path) -> list[SlotInfo]:
    """The saves a player may overwrite by name (not the autosave), newest first."""
    return [info for info in list_saves(saves_dir) if info.name]


def name_problem(name: str) -> str:
    """Why a player may not save under this name ("" if they may)."""
    try:
        validate_slot_name(name)
    except ValueError as exc:
        return str(exc)
    return ""


def slot_taken(saves_dir: Path, name: str) -> bool:
    """Whether saving under this name would replace a file (a folder that treats letters' case
    alike says so for a name in other case too)."""
    return (Path(saves_dir) / f"{name}.json").exists()


def suggested_name(state: GameState) -> str:
    """The name a save of this game is offered: its scenario's title and its turn, in the letters a
    slot name may hold ("The Ford, turn 3")."""
    try:
        title = cached_scenario(state.scenario).title
    except (MapError, OSError):
        title = Path(state.scenario).stem
    words = " ".join(re.findall(r"[A-Za-z0-9]+", title))[:LONGEST_TITLE].strip(" _-") or "Game"
    name = f"{words}, turn {state.turn}"
    return name if SLOT_NAME.fullmatch(name) else f"Game, turn {state.turn}"


def save_to_slot(match: Match, saves_dir: Path, slot: str) -> Path:
    """Save the game into a named slot."""
    return save_slot(match, saves_dir, slot)


def open_save(path: Path, saves_dir: Path | None = None) -> Match:
    """Load and replay a save of the saves folder (raises SaveError with a one-line reason; a link
    out of the folder is refused, as the list says)."""
    return load_slot(path, saves_dir)


def has_rosters() -> bool:
    """True if the player's rosters folder holds a roster file (a game then asks which retinue each
    side fields before it starts)."""
    try:
        return any(n.lower().endswith(".json") and not n.startswith(".")
                   for n in os.listdir(rosters_dir(create=False)))
    except OSError:
        return False
