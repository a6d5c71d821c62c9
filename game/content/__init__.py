"""Content: validated game data (profiles, retinues, decks, tables) loaded from TOML."""

from game.content.loader import ContentError, load_content
from game.content.models import Content

__all__ = ["Content", "ContentError", "load_content"]
