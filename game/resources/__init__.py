"""Where the game's own files are: the shipped maps, the pictures, the sounds and the rules page.

They are package data of `game.resources`, found through `importlib.resources`, so a checkout and
an installed game find them the same way:

    game/resources/
      maps/            the shipped scenarios (*.tmx) and their tileset (terrain.tsx)
      assets/tiles/    the tileset's picture (terrain.tsx names it ../assets/tiles/terrain.png)
      assets/tokens/   the miniatures, markers and vehicles (drawn by tools/make_tokens.py)
      assets/sounds/   the game's sounds
      rules.md         the rules as the engine enforces them (the in-game reference)
      theme.json       the colours and fonts of the menus and forms (a pygame_gui theme)

Every reader and every generator names these places through the constants here and nowhere else.
The player's own files (saves, settings, scenarios) live in the user folders: `game.persist.folders`.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def _folder(package: str) -> Path:
    """The folder of a package on disk (RuntimeError if it is inside an archive)."""
    found = files(package)
    if not isinstance(found, Path):
        raise RuntimeError(f"the game's files must be unpacked on disk, not read from {found}")
    return found


RESOURCES = _folder(__name__)
MAPS_DIR = RESOURCES / "maps"
TILESET_TSX = MAPS_DIR / "terrain.tsx"
TILES_PNG = RESOURCES / "assets" / "tiles" / "terrain.png"
TOKENS_DIR = RESOURCES / "assets" / "tokens"
SOUNDS_DIR = RESOURCES / "assets" / "sounds"
RULES_MD = RESOURCES / "rules.md"
THEME_JSON = RESOURCES / "theme.json"


def checkout() -> Path | None:
    """The source checkout the game runs from (pyproject.toml beside `game/`), or None if installed."""
    root = _folder("game").parent
    return root if (root / "pyproject.toml").is_file() else None
