"""One document being edited: its history of edits, its file, the thing selected and the line
the editor says last."""

from __future__ import annotations

from pathlib import Path

from game.editor.document import Item, ScenarioDoc
from game.editor.edits import Edit, History
from game.persist.scenario_files import shipped_folder
from game.ui.editor.items import Selection, item_at


class Editing:
    """The document, its edits (undone and made again through the history) and what is selected."""

    def __init__(self, doc: ScenarioDoc | None = None, path: Path | None = None) -> None:
        self.history = History(doc or ScenarioDoc.blank())
        self.path = path  # the file the document came from or was saved to
        self.selected: Selection | None = None
        self.version = 0  # counts the document's changes, so the problems are listed again
        self.message = ""

    @property
    def doc(self) -> ScenarioDoc:
        """The document being edited."""
        return self.history.doc

    def item(self) -> Item | None:
        """The thing selected, or None (the selection is dropped if the thing is gone)."""
        item = item_at(self.doc, self.selected)
        if item is None:
            self.selected = None
        return item

    def do(self, edit: Edit | None, what: str = "") -> bool:
        """Apply an edit through the history; True if there was one."""
        if not self.history.do(edit):
            return False
        self.version += 1
        self.message = what or (edit.label if edit is not None else "")
        return True

    def undo(self) -> bool:
        """Take back the last edit; True if there was one."""
        edit = self.history.undo()
        if edit is not None:
            self.changed(f"undone: {edit.label}")
        return edit is not None

    def redo(self) -> bool:
        """Make again the last edit taken back; True if there was one."""
        edit = self.history.redo()
        if edit is not None:
            self.changed(f"redone: {edit.label}")
        return edit is not None

    def changed(self, message: str) -> None:
        """The document changed other than by an edit of the tool in hand: nothing stays selected."""
        self.version += 1
        self.selected = None
        self.message = message

    def start_over(self, doc: ScenarioDoc, path: Path | None, message: str = "") -> None:
        """Another document in place of this one (opened, or a new table)."""
        self.history = History(doc)
        self.path = path
        self.changed(message)

    def own_file(self) -> bool:
        """True if the document has a file of its own to save over (not a shipped map)."""
        return self.path is not None and not shipped_folder(self.path)
