"""Menus fit the window, or scroll, at every UI scale and window size: every button shown lies
inside the window, under the title, and clear of every other button."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.muster import template
from game.persist import Match, save_game
from game.persist.rosters import write_roster
from game.rules.state import GameState
from game.ui import navigation, places
from game.ui.app import App, Screen
from game.ui.screens.base import ButtonScreen
from game.ui.screens.dialog import ConfirmDialog, MessageDialog
from game.ui.screens.load import LoadScreen
from game.ui.screens.menu import MainMenu
from game.ui.screens.muster import MusterScreen
from game.ui.screens.muster_prompt import TextPrompt
from game.ui.screens.pause import PauseMenu
from game.ui.screens.result import ResultScreen
from game.ui.screens.retinues import RetinuesScreen
from game.ui.screens.save_game import SaveGameScreen
from game.ui.screens.scenarios import ScenarioPicker
from game.ui.screens.settings_screen import SettingsScreen
from game.ui.settings import SCALES, Settings
from game.ui.widgets import Button

SIZES = ((1280, 720), (1024, 600), (1920, 1080))


class Saver:
    """A game under the pause menu that saves nowhere."""

    def quicksave(self) -> str:
        return "Saved"


class Named(Saver):
    """A game under the Save game screen that saves nowhere."""

    def __init__(self, match: Match) -> None:
        self.match = match

    @property
    def state(self) -> GameState:
        return self.match.engine.state

    def save_as(self, name: str) -> str:
        return f"Saved as {name}"


@pytest.fixture(scope="module")
def match() -> Match:
    return Match.start("skirmish-field", 3)


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory, match: Match) -> Path:
    """A saves folder as full as the load screen lists (12 saves) and an autosave to resume."""
    folder = tmp_path_factory.mktemp("saves")
    for i in range(12):
        save_game(match, folder / f"slot-{i:02d}.json")
    save_game(match, folder / "autosave.json")
    return folder


@pytest.fixture(scope="module")
def rosters(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A rosters folder fuller than the list shows at once (14 rosters)."""
    folder = tmp_path_factory.mktemp("rosters")
    for i in range(14):
        roster = template("york-mounted" if i % 2 else "lancaster-foot")
        write_roster(roster.model_copy(update={"name": f"{roster.name} {i}"}), folder)
    return folder


ROSTERS = Path()  # the rosters folder of the module's tests, set by the `sized` fixture

SCREENS: dict[str, Callable[[App, Match], Screen]] = {
    "menu": lambda app, match: MainMenu(app),
    "settings": lambda app, match: SettingsScreen(app),
    "pause": lambda app, match: PauseMenu(app, Saver()),
    "load": lambda app, match: LoadScreen(app),
    "save": lambda app, match: SaveGameScreen(app, Named(match)),
    "result": lambda app, match: ResultScreen(app, match),
    "picker": lambda app, match: ScenarioPicker(app),
    "retinues": lambda app, match: RetinuesScreen(app, ROSTERS),
    "prompt": lambda app, match: TextPrompt(app, places.AskText(
        "Export the retinue", "The file to write it to", "/home/someone/the-dukes-riders.json")),
    "message": lambda app, match: MessageDialog(app, "This save cannot be loaded", "broken.json: no"),
    "confirm": lambda app, match: ConfirmDialog(app, "End the Spear?", "Two models could still activate.",
                                                lambda: None, stop_asking=lambda: None),
}


@pytest.fixture
def sized(tmp_path: Path, saves: Path, rosters: Path) -> Iterator[Callable[[tuple[int, int], float], App]]:
    global ROSTERS
    ROSTERS = rosters
    made: list[App] = []

    def make(size: tuple[int, int], scale: float) -> App:
        app = App(settings=Settings(ui_scale=scale, animation_speed=0), size=size,
                  config_dir=tmp_path / "config", saves_dir=saves, build=navigation.build)
        app.notice = "Settings file settings.json could not be read (bad); using the defaults."
        made.append(app)
        return app

    yield make
    pygame.display.quit()


def shown(screen: Screen) -> list[Button]:
    """The buttons a click can reach (the picker's list rows are checked against the list)."""
    buttons = list(getattr(screen, "buttons", []))
    if isinstance(screen, ScenarioPicker):
        buttons = buttons[len(screen.entries):]
    return buttons


def check(app: App, screen: Screen) -> None:
    window = app.surface.get_rect()
    buttons = shown(screen)
    assert buttons
    for b in buttons:
        assert window.contains(b.rect), (b.label, b.rect, window)
    for i, a in enumerate(buttons):
        for b in buttons[i + 1:]:
            assert not a.rect.colliderect(b.rect), (a.label, b.label)
    if isinstance(screen, ButtonScreen) and screen.title and not isinstance(screen, ScenarioPicker):
        assert all(b.rect.top >= screen.title_bottom() for b in buttons)
    if isinstance(screen, ScenarioPicker):
        assert window.contains(screen.list_rect)
        assert not any(b.rect.colliderect(screen.list_rect) for b in buttons)


@pytest.mark.parametrize("name", sorted(SCREENS))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("scale", SCALES)
def test_every_button_lies_inside_the_window_and_none_overlap(
        sized: Callable[[tuple[int, int], float], App], match: Match, name: str, size: tuple[int, int],
        scale: float) -> None:
    app = sized(size, scale)
    screen = SCREENS[name](app, match)
    app.reset(screen)
    app.draw()
    check(app, screen)
    if isinstance(screen, ButtonScreen):  # a column that does not fit scrolls to its last button
        for _ in range(20):
            if not screen.scroll_column(1):
                break
            check(app, screen)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("scale", SCALES)
def test_the_main_menu_shows_or_scrolls_to_every_item_clear_of_its_titles(
        sized: Callable[[tuple[int, int], float], App], size: tuple[int, int], scale: float) -> None:
    app = sized(size, scale)
    menu = MainMenu(app)
    app.reset(menu)
    seen = [b.label for b in menu.buttons]
    while menu.scroll_column(1):
        seen += [b.label for b in menu.buttons]
    assert {"Resume last game", "Learn to play", "Rules", "Settings", "Quit"} <= set(seen)
    assert all(menu.subtitle_bottom() < b.rect.top and b.rect.bottom < menu.footer_top()
               for b in menu.buttons)


def test_at_scale_one_and_a_half_the_default_window_shows_the_whole_main_menu(
        sized: Callable[[tuple[int, int], float], App]) -> None:
    app = sized((1280, 720), 1.5)
    menu = MainMenu(app)
    app.reset(menu)
    labels = [b.label for b in menu.buttons]
    assert labels[-3:] == ["Rules", "Settings", "Quit"] and not any(menu.hidden)
    assert all(app.surface.get_rect().contains(b.rect) for b in menu.buttons)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("scale", SCALES)
def test_the_muster_fits_the_window_its_buttons_apart_and_every_token_on_the_ground(
        sized: Callable[[tuple[int, int], float], App], rosters: Path, size: tuple[int, int],
        scale: float) -> None:
    app = sized(size, scale)
    path = sorted(rosters.glob("*.json"))[1]
    screen = MusterScreen(app, path)
    app.reset(screen)
    app.draw()
    window = app.surface.get_rect()
    elements = list(screen.el.values())
    assert elements
    for element in elements:
        assert window.contains(element.rect), (element, element.rect, window)
    for i, a in enumerate(elements):
        for b in elements[i + 1:]:
            assert not a.rect.colliderect(b.rect), (a, b)
    ground = screen.rects["ground"]
    assert len(screen.parade.spots) == len(screen.roster.members)
    for spot in screen.parade.spots:
        assert ground.contains(spot.cell), (spot, ground)
    assert not ground.colliderect(screen.rects["form"]) and not ground.colliderect(screen.rects["problems"])
    assert not any(e.rect.colliderect(ground) for e in elements)
