"""The settings tool: the scenario's name, briefing, turns, retinues, options and the table's size."""

from __future__ import annotations

from game.editor.document import Item
from game.editor.edits import SetSettings, resize
from game.ui.editor.forms import TABLE_FORM, Field
from game.ui.editor.tools.base import Tool


class SettingsTool(Tool):
    """The scenario's properties, applied together with Apply (a new size resizes the table)."""

    name = "settings"
    title = "Scenario settings"
    help = "The scenario's name, briefing, turns, retinues, options and size."
    applies = True
    wide = True

    def fields(self, item: Item | None) -> list[Field]:
        """The scenario's properties as they stand."""
        return TABLE_FORM.shown(None, self.editing.doc)

    def apply(self) -> None:
        """The settings as the form says, then the table's new size."""
        form, editing = self.desk.form, self.editing
        if form is None:
            return
        doc = editing.doc
        table = TABLE_FORM.read(form, doc)
        if table.settings != doc.settings:
            editing.do(SetSettings(doc.settings, table.settings, "settings"))
        try:
            editing.do(resize(doc, table.width, table.height))
        except ValueError as exc:
            editing.message = str(exc)
