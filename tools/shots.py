"""What the screenshot tools share: the checkout on the import path, their command line, an app
window with its own scratch folders (the player's settings and saves are never touched) and frames."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the game package of this checkout, whatever else is installed
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui import navigation  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

SCRATCH = Path("/tmp/destrier-shots")


def shot_args(doc: str | None, argv: list[str] | None, seed: bool = True) -> argparse.Namespace:
    """--out DIR (default docs/screenshots, made if missing) and, unless told not to, --seed N."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    if seed:
        parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    return args


def shot_app(settings: Settings, size: tuple[int, int]) -> App:
    """The app in a window of this size, its settings and saves in scratch folders."""
    return App(settings=settings, size=size, config_dir=SCRATCH, saves_dir=SCRATCH / "saves",
               build=navigation.build)


def frames(app: App, n: int, dt: float = 1 / 60) -> None:
    """Run frames."""
    for _ in range(n):
        app.step(dt)
