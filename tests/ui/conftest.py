"""UI tests run headless: SDL's dummy video and audio drivers, a private config and saves folder."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.ui import navigation, places  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.battle.screen import BattleScreen  # noqa: E402
from game.ui.settings import Settings  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """An App with default settings (but no animations, and games from the forms starting in ranks),
    its config and saves in a temporary folder."""
    monkeypatch.setenv("DESTRIER_CONFIG_DIR", str(tmp_path / "config"))
    a = App(settings=Settings(animation_speed=0, deploy_by_hand=False), config_dir=tmp_path / "config",
            saves_dir=tmp_path / "saves", build=navigation.build)
    yield a
    import pygame

    pygame.display.quit()


def frames(app: App, n: int = 3) -> None:
    """Run a few frames."""
    for _ in range(n):
        app.step(1 / 60)


def open_battle(app: App, path: object, replace: bool = True) -> bool:
    """Open a save as the load screen does (over it, or in its stead); True if the game is on the
    table, False if a message says why it cannot be."""
    opening = places.OpenSave(Path(str(path)))
    app.apply(places.Replace(opening) if replace else places.Push(opening))
    return isinstance(app.top, BattleScreen)


def resume(app: App) -> None:
    """Resume the last game, as the main menu's button does."""
    app.apply(places.Push(places.Resume()))
