"""Retinues: the player's rosters (RULES-BRIEF §12.1), each with its models, how many ride and how
many problems keep it from the field; a new one from a shipped retinue or blank, and a roster
edited, copied, renamed, deleted (asked first), exported to a file or imported from one. What
went wrong is said in one line on the screen.

A click on a roster chooses it and a second click (or Enter on it) opens it in the muster; the
buttons under the list act on the chosen one."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

from game.content import load_content
from game.content.models import Content
from game.muster import Roster, blank, breaches, muster_rules, template
from game.persist.folders import rosters_dir
from game.persist.rosters import (
    RosterEntry,
    RosterFileError,
    copy_roster,
    delete_roster,
    export_roster,
    file_stem,
    import_roster,
    list_rosters,
    rename_roster,
    write_roster,
)
from game.ui import places
from game.ui.app import App
from game.ui.screens.base import FileListScreen
from game.ui.widgets import Button

BLANK = ""  # the template id of a blank roster


def summary(roster: Roster, content: Content) -> str:
    """'12 models, 6 mounted, 2 problems' (no problems said as ready)."""
    models = len(roster.members)
    riding = sum(1 for m in roster.members if m.steed is not None)
    found = len(breaches(roster, content, muster_rules()))
    problems = f"{found} problem{'s' if found != 1 else ''}" if found else "ready to play"
    return f"{models} model{'s' if models != 1 else ''}, {riding} mounted, {problems}"


def templates(content: Content) -> list[tuple[str, str]]:
    """The rosters a new one may start from: blank, then each shipped retinue a roster may field as
    it is (id, name)."""
    out = [(BLANK, "Blank retinue (on foot, period names)")]
    for rid, retinue in content.retinues.items():
        try:
            if not breaches(template(rid, content), content, muster_rules()):
                out.append((rid, retinue.name))
        except (KeyError, ValueError):
            continue
    return out


def wrap_row(labels: list[tuple[str, Callable[[], object]]], font: pygame.font.Font, left: int, right: int,
             bottom: int, height: int, gap: int = 8) -> list[Button]:
    """Buttons side by side, each as wide as its label, going on to another row (upwards from
    `bottom`) when the row is full; the rows are centred."""
    rows: list[list[tuple[str, Callable[[], object], int]]] = [[]]
    x = left
    for label, action in labels:
        width = font.size(label)[0] + 28
        if rows[-1] and x + width > right:
            rows.append([])
            x = left
        rows[-1].append((label, action, width))
        x += width + gap
    out: list[Button] = []
    for i, row in enumerate(rows):
        total = sum(w for _, _, w in row) + gap * (len(row) - 1)
        x = (left + right) // 2 - total // 2
        y = bottom - (len(rows) - i) * (height + gap) + gap
        for label, action, width in row:
            out.append(Button(label, action, pygame.Rect(x, y, width, height)))
            x += width + gap
    return out


class RetinuesScreen(FileListScreen[RosterEntry]):
    """The rosters of the player's folder, and what may be done with them."""

    title = "Your retinues"

    def __init__(self, app: App, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else rosters_dir()
        self.content = load_content()
        self.choosing_template = False  # New asks which roster to start from
        self.rows = 0  # the buttons of the list (the first of self.buttons)
        super().__init__(app)

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        """The rosters (or the templates) in a column, the actions in rows at the bottom."""
        self.read_list(partial(list_rosters, self.folder), RosterFileError)
        w, h = self.app.surface.get_size()
        fonts, scale = self.app.fonts, self.app.fonts.scale
        bh = fonts.body.get_linesize() + round(14 * scale)
        if self.choosing_template:
            items = [(name, partial(self.new, rid)) for rid, name in templates(self.content)]
            actions: list[tuple[str, Callable[[], object]]] = [("Cancel", self.cancel_new)]
        else:
            items = [(self._label(e), partial(self.choose, e.path)) for e in self.entries]
            actions = [("Edit", self.edit), ("New", self.start_new), ("Copy", self.copy),
                       ("Rename", self.rename), ("Delete", self.delete), ("Export", self.export),
                       ("Import", self.import_), ("Back", self.back)]
        foot = h - 16 - fonts.small.get_linesize() - 6
        row = wrap_row(actions, fonts.body, 30, w - 30, foot, bh)
        top = self.title_bottom() + 12 + (fonts.small.get_linesize() + 6)
        self.buttons = self.fit_column(items, top, min(b.rect.top for b in row) - 14,
                                       min(w - 60, round(760 * scale)), round(40 * scale), 6)
        self.rows = len(self.buttons)
        for button in self.buttons:
            entry = self._entry_of(button)
            button.selected = entry is not None and entry.path == self.chosen
        needs_choice = {"Edit", "Copy", "Rename", "Delete", "Export"}
        for button in row:
            button.enabled = button.label not in needs_choice or self.chosen_entry() is not None
            if button.label in ("Edit", "Copy", "Rename", "Export"):
                chosen = self.chosen_entry()
                button.enabled = chosen is not None and chosen.roster is not None
        self.buttons += row

    def _label(self, entry: RosterEntry) -> str:
        if entry.roster is None:
            return f"{entry.path.name}: cannot be read"
        return f"{entry.roster.name}  ·  {summary(entry.roster, self.content)}"

    def _entry_of(self, button: Button) -> RosterEntry | None:
        index = self.buttons.index(button) + self.first
        return self.entries[index] if not self.choosing_template and index < len(self.entries) else None

    # --- the list -------------------------------------------------------------------------
    def open_chosen(self) -> places.Transition:
        """A second click on the chosen roster opens it in the muster."""
        return self.edit()

    def edit(self) -> places.Transition:
        """The chosen roster in the muster."""
        entry = self.chosen_entry()
        if entry is None or entry.roster is None:
            if entry is not None:
                self.tell(entry.problem, bad=True)
            return None
        return places.Push(places.Muster(entry.path))

    # --- new ------------------------------------------------------------------------------
    def start_new(self) -> places.Transition:
        """Ask which roster the new one starts from."""
        self.choosing_template, self.first, self.focus = True, 0, 0
        self.layout()
        return None

    def cancel_new(self) -> places.Transition:
        """Back to the list."""
        self.choosing_template, self.first = False, 0
        self.layout()
        return None

    def new(self, rid: str) -> places.Transition:
        """Write a new roster from a shipped retinue (or blank) and open it in the muster."""
        self.choosing_template = False
        taken = {e.roster.name for e in self.entries if e.roster is not None}
        roster = blank(int(time.time()) % 100000) if rid == BLANK else template(rid, self.content)
        name, n = roster.name, 2
        while name in taken:
            name, n = f"{roster.name[:74]} ({n})", n + 1
        try:
            path = write_roster(roster.model_copy(update={"name": name}), self.folder)
        except RosterFileError as exc:
            self.tell(str(exc), bad=True)
            self.layout()
            return None
        self.chosen = path
        self.layout()
        return places.Push(places.Muster(path))

    # --- the chosen roster ----------------------------------------------------------------
    def _act(self, work: Callable[[Path], str]) -> places.Transition:
        """Do something to the chosen roster; its line said, or the error in one line."""
        if self.chosen is None:
            return None
        try:
            self.tell(work(self.chosen))
        except RosterFileError as exc:
            self.tell(str(exc), bad=True)
        except OSError as exc:
            self.tell(f"{exc.strerror or exc}", bad=True)
        self.layout()
        return None

    def copy(self) -> places.Transition:
        """A copy of the chosen roster, chosen."""
        def work(path: Path) -> str:
            self.chosen = copy_roster(path, self.folder)
            return f"Copied to {self.chosen.name}"
        return self._act(work)

    def rename(self) -> places.Transition:
        """Ask for the chosen roster's new name."""
        entry = self.chosen_entry()
        if entry is None or entry.roster is None:
            return None
        path = entry.path

        def rename_to(name: str) -> places.Transition | str:
            if not name:
                return "Type the retinue's new name"
            try:
                self.chosen = rename_roster(path, name, self.folder)
            except RosterFileError as exc:
                return str(exc)
            return places.Pop(say=f"Renamed {name}")
        return places.Push(places.AskText("Rename the retinue", "Its new name", entry.roster.name, rename_to))

    def delete(self) -> places.Transition:
        """Delete the chosen roster, asked first."""
        entry = self.chosen_entry()
        if entry is None:
            return None
        name = entry.roster.name if entry.roster is not None else entry.path.name

        def work(path: Path) -> str:
            delete_roster(path, self.folder)
            return f"Deleted {name}"

        def gone() -> places.Transition:
            return self._act(work)
        return places.Push(places.Confirm("Delete the retinue?", f"{name} will be deleted for good "
                                          f"({entry.path.name}).", on_yes=gone))

    def export(self) -> places.Transition:
        """Ask where to write the chosen roster (the home folder unless another is typed)."""
        entry = self.chosen_entry()
        if entry is None or entry.roster is None:
            return None
        path = entry.path

        def export_to(to: str) -> places.Transition | str:
            if not to:
                return "Type the file to write the roster to"
            target = Path(to).expanduser()
            if target.is_dir():
                target = target / path.name
            try:
                written = export_roster(path, target, self.folder)
            except RosterFileError as exc:
                return str(exc)
            return places.Pop(say=f"Exported to {written}")
        default = Path.home() / f"{file_stem(entry.roster.name)}.json"
        return places.Push(places.AskText("Export the retinue", "The file to write it to", str(default),
                                          export_to))

    def import_(self) -> places.Transition:
        """Ask for a roster file to read into the folder."""
        def import_from(source: str) -> places.Transition | str:
            if not source:
                return "Type the roster file to import"
            try:
                self.chosen = import_roster(Path(source).expanduser(), self.folder)
            except RosterFileError as exc:
                return str(exc)
            return places.Pop(say=f"Imported as {self.chosen.name}")
        return places.Push(places.AskText("Import a retinue", "The roster file to read", f"{Path.home()}/",
                                          import_from))

    def back(self) -> places.Transition:
        """Escape: out of the templates, else back to the menu."""
        if self.choosing_template:
            return self.cancel_new()
        return places.Pop()

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The title, what the list is, the list, the line and the buttons."""
        super().draw(surface)
        if self.choosing_template:
            head = "Start the new retinue from:"
        elif self.entries:
            head = "Click a retinue to choose it, again to edit it"
        else:
            head = "No retinues yet: New starts one"
        self.draw_lines(surface, head)
