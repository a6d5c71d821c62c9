"""The scenario editor's core: the scenario document, its edits with undo and redo, brushes, and
the TMX it reads and writes. Nothing here draws or imports pygame; `game.ui.editor` does.
"""
