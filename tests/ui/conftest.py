"""UI tests run headless: SDL's dummy video and audio drivers, a private config and saves folder."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import navigation, places  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.battle.screen import BattleScreen  # noqa: E402
from game.ui.screens.base import ButtonScreen  # noqa: E402
from game.ui.settings import Settings  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """An App with default settings (but no animations, and games from the forms starting in ranks),
    its config and saves in a temporary folder."""
    monkeypatch.setenv("DESTRIER_CONFIG_DIR", str(tmp_path / "config"))
    a = App(settings=Settings(animation_speed=0, deploy_by_hand=False), config_dir=tmp_path / "config",
            saves_dir=tmp_path / "saves", build=navigation.build)
    yield a
    pygame.display.quit()


def own_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **settings: Any) -> App:
    """An App over a user folder of its own (no rosters, no campaigns), without animations, the AI on
    the instant pace and games from the forms starting in ranks; settings may say otherwise."""
    monkeypatch.setenv("DESTRIER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DESTRIER_CONFIG_DIR", str(tmp_path / "config"))
    chosen = {"animation_speed": 0, "ai_speed": "instant", "deploy_by_hand": False, **settings}
    return App(settings=Settings(**chosen), config_dir=tmp_path / "config", saves_dir=tmp_path / "saves",
               build=navigation.build)


def frames(app: App, n: int = 3) -> None:
    """Run a few frames."""
    for _ in range(n):
        app.step(1 / 60)


def post(app: App, *events: pygame.event.Event) -> None:
    """Post events and run a frame."""
    for event in events:
        pygame.event.post(event)
    frames(app, 1)


def click(app: App, pos: tuple[int, int]) -> None:
    """Move the mouse there and click."""
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 2)


def key(app: App, k: int, mod: int = 0) -> None:
    """Press and release a key."""
    post(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
         pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def button(app: App, label: str) -> None:
    """Click the top screen's button whose label starts so (with the mouse, as a person does)."""
    screen = app.top
    assert isinstance(screen, ButtonScreen), screen
    found = next(b for b in screen.buttons if b.label.startswith(label))
    click(app, found.rect.center)


def open_battle(app: App, path: object, replace: bool = True) -> bool:
    """Open a save as the load screen does (over it, or in its stead); True if the game is on the
    table, False if a message says why it cannot be."""
    opening = places.OpenSave(Path(str(path)))
    app.apply(places.Replace(opening) if replace else places.Push(opening))
    return isinstance(app.top, BattleScreen)


def resume(app: App) -> None:
    """Resume the last game, as the main menu's button does."""
    app.apply(places.Push(places.Resume()))
