"""The scenario editor's screen, kept importable here; it lives in `game.ui.editor.screen`."""

from game.ui.editor.screen import EditorScreen

__all__ = ["EditorScreen"]
