"""The editor's files: opening a map, saving it (a shipped map only as a copy, another file replaced
only when asked), a new table, and saving it for a test play."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.windows import UIFileDialog

from game.bounded import printable
from game.editor.document import ScenarioDoc
from game.editor.tmx_io import read_map
from game.persist import Match
from game.persist.folders import scenarios_dir
from game.persist.scenario_files import SaveRefused, save_scenario
from game.scenario import forget_scenario, scenario_key, scenario_label, scenario_problem
from game.terrain.terrain_map import MapError
from game.ui import places
from game.ui.editor.session import Editing
from game.ui.persistence import has_rosters
from game.ui.solo import solo_players

Pending = tuple[str, None]  # what a file dialog is open for: ("open", None) or ("save_as", None)


def confirm(question: str, on_yes: Callable[[], object]) -> places.Transition:
    """Ask a yes/no question; `on_yes` is done on yes."""

    def yes() -> places.Transition:
        on_yes()
        return None

    return places.Push(places.Confirm("Destrier", question, on_yes=yes))


class Files:
    """Where the document is read from and written to; `reopened` is called when another document
    (opened, or a new table) takes its place."""

    def __init__(self, editing: Editing, reopened: Callable[[], None]) -> None:
        self.editing = editing
        self.reopened = reopened
        self.pending: Pending | None = None
        self.dialog: UIFileDialog | None = None

    def open_dialog(self, manager: pygame_gui.UIManager) -> None:
        """Ask for a map file to open."""
        self.dialog = UIFileDialog(pygame.Rect(160, 60, 640, 480), manager, "Open a map",
                                   initial_file_path=str(scenarios_dir()), allow_existing_files_only=True)
        self.pending = ("open", None)

    def save(self, manager: pygame_gui.UIManager) -> None:
        """Save over the document's own file, or ask where (a new or a shipped map)."""
        if self.editing.own_file() and self.editing.path is not None:
            self.save_to(self.editing.path, overwrite=True)
        else:
            self.save_as(manager)

    def save_as(self, manager: pygame_gui.UIManager) -> None:
        """Ask for a file in the scenarios folder (or anywhere) to save to."""
        start = scenarios_dir() / f"{scenario_label(self.editing.doc.settings.title)}.tmx"
        self.dialog = UIFileDialog(pygame.Rect(160, 60, 640, 480), manager, "Save scenario as",
                                   initial_file_path=str(start), allow_existing_files_only=False)
        self.pending = ("save_as", None)

    def save_to(self, path: Path, overwrite: bool = False) -> bool:
        """Write the document to a file; a refusal is shown as the message. True if it was written."""
        editing = self.editing
        if path.suffix.lower() != ".tmx":
            path = path.with_name(path.name + ".tmx")
        try:
            written = save_scenario(editing.doc, path, overwrite=overwrite)
        except SaveRefused as exc:
            editing.message = str(exc)
            return False
        except OSError as exc:
            editing.message = f"could not save: {exc}"
            return False
        editing.path = written.resolve()
        forget_scenario(str(editing.path))
        editing.history.saved()
        editing.message = f"saved {printable(written)}"
        return True

    def picked(self, path: Path) -> places.Transition:
        """A file chosen in the Save as or Open dialog (replacing another file asks first)."""
        kind = self.pending[0] if self.pending else ""
        self.pending = None
        if kind == "open":
            self.load(path)
            return None
        if path.suffix.lower() != ".tmx":
            path = path.with_name(path.name + ".tmx")
        if path.exists() and (self.editing.path is None or path.resolve() != self.editing.path):
            target = path
            return confirm(f"{printable(path.name)} exists. Replace it?",
                           lambda: self.save_to(target, overwrite=True))
        self.save_to(path, overwrite=path.exists())
        return None

    def load(self, path: Path) -> None:
        """Open a map file in the editor (its problems, if it does not load, as the message)."""
        try:
            doc = read_map(path)
        except MapError as exc:
            self.editing.message = str(exc)
            return
        self.editing.start_over(doc, path.resolve(), f"opened {printable(path)}")
        self.reopened()

    def ask_new(self) -> places.Transition:
        """A new table: at once, or after asking when there are unsaved changes."""
        if not self.editing.history.dirty:
            self.new_table()
            return None
        return confirm("Start a new table? Unsaved changes are lost.", self.new_table)

    def new_table(self) -> None:
        """A blank table in place of the document."""
        self.editing.start_over(ScenarioDoc.blank(), None)
        self.reopened()

    def test_play(self, mode: str) -> places.Transition:
        """Save the scenario as edited into the user folder and start a game of it."""
        editing = self.editing
        own = editing.own_file() and editing.path is not None
        path = editing.path if own and editing.path is not None else self.free_path()
        if not self.save_to(path, overwrite=own or not path.exists()):
            return None
        key = scenario_key(str(path))
        forget_scenario(key)
        problem = scenario_problem(key)
        if problem:
            editing.message = f"cannot play it yet: {problem}"
            return None
        if has_rosters():  # each side may field one of the player's rosters: the game's form asks
            form = places.SoloSetup if mode == "solo" else places.HotseatSetup
            return places.Push(form(key, 1))
        players = solo_players("red", "normal") if mode == "solo" else None
        try:
            match = Match.start(key, 1, mode, players)
        except MapError as exc:
            return places.Push(places.Message("Cannot play it yet", str(exc)))
        return places.Push(places.Battle(match, mode))

    def free_path(self) -> Path:
        """A file in the scenarios folder named after the title, not yet taken."""
        folder = scenarios_dir()
        stem = scenario_label(self.editing.doc.settings.title)
        path, n = folder / f"{stem}.tmx", 2
        while path.exists():
            path, n = folder / f"{stem}-{n}.tmx", n + 1
        return path
