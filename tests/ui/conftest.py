"""UI tests run headless: SDL's dummy video and audio drivers, a private config and saves folder."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.settings import Settings  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """An App with default settings, its config and saves in a temporary folder."""
    monkeypatch.setenv("DESTRIER_CONFIG_DIR", str(tmp_path / "config"))
    a = App(settings=Settings(animation_speed=0), config_dir=tmp_path / "config",
            saves_dir=tmp_path / "saves")
    yield a
    import pygame

    pygame.display.quit()


def frames(app: App, n: int = 3) -> None:
    """Run a few frames."""
    for _ in range(n):
        app.step(1 / 60)
