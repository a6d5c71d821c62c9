"""Every menu, list, form and dialog is played from the keys: Up/Down and Tab/Shift+Tab move a
visible focus, Enter acts on it, Escape goes back (not on the main menu). The keys are posted as
events and go through the app's loop, as a player's would."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.persist import Match, save_game
from game.ui import navigation, places, theme
from game.ui.app import App, Screen
from game.ui.screens.base import ButtonScreen
from game.ui.screens.dialog import ConfirmDialog, MessageDialog
from game.ui.screens.load import LoadScreen
from game.ui.screens.menu import MainMenu
from game.ui.screens.muster import GROUND, MusterScreen
from game.ui.screens.muster_prompt import TextPrompt
from game.ui.screens.pause import PauseMenu
from game.ui.screens.result import ResultScreen
from game.ui.screens.retinues import RetinuesScreen
from game.ui.screens.scenarios import ScenarioPicker
from game.ui.screens.settings_screen import SettingsScreen
from game.ui.screens.setup import SoloSetup, WatchSetup
from game.ui.settings import Settings


class Table(Screen):
    """Stands in for a game on the table: what the keys opened."""

    def __init__(self, app: App, place: places.Place) -> None:
        super().__init__(app)
        self.place = place


def build(app: App, place: places.Place) -> Screen:
    """The navigation's screens, but a stand-in for a game (these tests are about the menus)."""
    if isinstance(place, places.Battle | places.OpenSave | places.Resume | places.Tutorial):
        return Table(app, place)
    return navigation.build(app, place)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = App(settings=Settings(animation_speed=0), config_dir=tmp_path / "config",
            saves_dir=tmp_path / "saves", build=build)
    yield a
    pygame.display.quit()


def press(app: App, key: int, mod: int = 0) -> None:
    """Post a key and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    app.step(1 / 60)


def focus_on(app: App, label: str) -> None:
    """Press Down until the focus is on the button so labelled (a scrolled column scrolls)."""
    screen = app.top
    assert isinstance(screen, ButtonScreen)
    for _ in range(30):
        button = screen.focused()
        if button is not None and button.label.startswith(label):
            return
        press(app, pygame.K_DOWN)
    raise AssertionError(f"the focus never reached {label!r}")


def focused_label(app: App) -> str:
    screen = app.top
    assert isinstance(screen, ButtonScreen)
    button = screen.focused()
    return button.label if button is not None else ""


def test_the_focus_is_drawn_round_the_focused_button(app: App) -> None:
    app.reset(MainMenu(app))
    press(app, pygame.K_DOWN)
    menu = app.top
    assert isinstance(menu, MainMenu)
    button = menu.focused()
    assert button is not None and button is menu.buttons[1]
    app.draw()
    ring = button.rect.inflate(8, 8)
    assert app.surface.get_at((ring.centerx, ring.top))[:3] == theme.GOLD
    other = menu.buttons[0].rect.inflate(8, 8)
    assert app.surface.get_at((other.centerx, other.top))[:3] != theme.GOLD


def test_the_main_menu_moves_with_the_arrows_and_tab_and_enter_opens(app: App) -> None:
    app.reset(MainMenu(app))
    first = focused_label(app)
    assert first == "Learn to play"
    press(app, pygame.K_DOWN)
    assert focused_label(app) == "New solo game"
    press(app, pygame.K_TAB)
    assert focused_label(app) == "New hot-seat game"
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    press(app, pygame.K_UP)
    assert focused_label(app) == first
    press(app, pygame.K_UP)  # round to the bottom
    assert focused_label(app) == "Quit"
    focus_on(app, "Settings")
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, SettingsScreen)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)
    press(app, pygame.K_ESCAPE)  # the main menu's Escape does nothing
    assert isinstance(app.top, MainMenu) and app.running and len(app.stack) == 1


def test_the_main_menu_reaches_its_last_button_by_keys_when_it_scrolls(tmp_path: Path) -> None:
    app = App(settings=Settings(ui_scale=2.0, animation_speed=0), size=(1024, 600),
              config_dir=tmp_path / "config", saves_dir=tmp_path / "saves", build=build)
    try:
        app.reset(MainMenu(app))
        menu = app.top
        assert isinstance(menu, MainMenu) and menu.hidden[1]  # it does not fit: it scrolls
        focus_on(app, "Quit")
        assert menu.hidden[0] and not menu.hidden[1]
        assert app.surface.get_rect().contains(menu.buttons[menu.focus].rect)
        press(app, pygame.K_DOWN)  # round to the top
        assert focused_label(app) == "Learn to play" and not menu.hidden[0]
    finally:
        pygame.display.quit()


def test_settings_change_by_enter_and_the_volume_by_left_and_right(app: App) -> None:
    app.reset(MainMenu(app))
    app.apply(places.Push(places.Settings()))
    assert app.settings.follow_camera
    focus_on(app, "View follows the active model: on")
    press(app, pygame.K_RETURN)
    assert not app.settings.follow_camera and focused_label(app) == "View follows the active model: off"
    focus_on(app, "Volume")
    before = app.settings.sound_volume
    press(app, pygame.K_LEFT)
    assert app.settings.sound_volume == before - 10
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert app.settings.sound_volume == before + 10
    focus_on(app, "Back")
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, MainMenu)


def test_the_load_list_opens_the_focused_save(app: App) -> None:
    app.saves_dir.mkdir(parents=True)
    match = Match.start("skirmish-field", 3)
    for name in ("slot-a.json", "slot-b.json"):
        save_game(match, app.saves_dir / name)
    app.reset(MainMenu(app))
    app.apply(places.Push(places.Load()))
    load = app.top
    assert isinstance(load, LoadScreen) and len(load.saves) == 2
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, Table) and table.place == places.OpenSave(load.saves[1].path)
    app.pop()
    press(app, pygame.K_TAB)  # to Back
    assert focused_label(app) == "Back"
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, MainMenu)


def test_the_scenario_list_moves_with_the_keys_and_enter_starts(app: App) -> None:
    app.reset(MainMenu(app))
    app.apply(places.Push(places.ScenarioPicker("hotseat")))
    picker = app.top
    assert isinstance(picker, ScenarioPicker)
    first = picker.chosen
    press(app, pygame.K_DOWN)
    assert picker.chosen != first
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert picker.chosen == first
    press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, Table) and isinstance(table.place, places.Battle)
    assert table.place.match.scenario == picker.entries[picker.chosen].name
    app.reset(MainMenu(app))
    app.apply(places.Push(places.ScenarioPicker("solo")))
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)


def test_the_pause_menu_saves_from_the_keys_and_escape_resumes(app: App) -> None:
    class Game(Screen):
        said = ""

        def quicksave(self) -> str:
            return "Saved to quicksave."

        def say(self, msg: str) -> None:
            self.said = msg

    game = Game(app)
    app.reset(game)
    app.apply(places.Push(places.Pause(game)))
    assert isinstance(app.top, PauseMenu) and focused_label(app) == "Resume"
    press(app, pygame.K_DOWN)
    assert focused_label(app) == "Save game"  # a name to type (tests/ui/test_save_slots.py)
    press(app, pygame.K_DOWN)
    assert focused_label(app) == "Quick save (F5)"
    press(app, pygame.K_RETURN)
    assert app.top is game and game.said == "Saved to quicksave."
    app.apply(places.Push(places.Pause(game)))
    press(app, pygame.K_ESCAPE)
    assert app.top is game


def test_the_result_screen_goes_to_the_menu_from_the_keys(app: App) -> None:
    app.reset(ResultScreen(app, Match.start("skirmish-field", 3)))
    assert focused_label(app) == "Save the replay"
    press(app, pygame.K_TAB)
    assert focused_label(app) == "Main menu"
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, MainMenu) and len(app.stack) == 1


@pytest.mark.parametrize("keys, answer", [
    ([pygame.K_RETURN], "yes"),
    ([pygame.K_TAB, pygame.K_RETURN], "no"),
    ([pygame.K_DOWN, pygame.K_UP, pygame.K_RETURN], "yes"),
    ([pygame.K_ESCAPE], "no"),
])
def test_the_question_answers_the_focused_button(app: App, keys: list[int], answer: str) -> None:
    heard: list[str] = []
    app.reset(MainMenu(app))

    def said(word: str) -> places.Transition:
        heard.append(word)
        return None

    app.apply(places.Push(places.Confirm("Leave?", "Unsaved changes.", on_yes=lambda: said("yes"),
                                         on_no=lambda: said("no"))))
    assert isinstance(app.top, ConfirmDialog) and focused_label(app) == "Yes (Enter)"
    for k in keys:
        press(app, k)
    assert heard == [answer] and isinstance(app.top, MainMenu)


def test_the_box_to_tick_is_reached_by_tab_and_ticked_by_enter(app: App) -> None:
    app.reset(MainMenu(app))
    app.apply(places.Push(places.Confirm("End the Spear?", "Two could still activate.",
                                         stop_asking=lambda: None)))
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog)
    press(app, pygame.K_TAB)
    press(app, pygame.K_TAB)
    assert "Don't ask again" in focused_label(app)
    press(app, pygame.K_RETURN)
    assert dialog.quiet and app.top is dialog


def test_a_message_closes_with_enter_or_escape(app: App) -> None:
    app.reset(MainMenu(app))
    for k in (pygame.K_RETURN, pygame.K_ESCAPE):
        app.apply(places.Push(places.Message("This save cannot be loaded", "broken.json: no")))
        assert isinstance(app.top, MessageDialog) and focused_label(app) == "OK"
        press(app, k)
        assert isinstance(app.top, MainMenu)


def test_the_solo_form_is_filled_from_the_keys(app: App) -> None:
    app.reset(MainMenu(app))
    app.apply(places.Push(places.SoloSetup("the-ford", 5)))
    form = app.top
    assert isinstance(form, SoloSetup) and form.focused() is form.start_button
    press(app, pygame.K_TAB)  # round to the first side
    press(app, pygame.K_DOWN)
    assert form.focused() is form.side_buttons["blue"]
    press(app, pygame.K_RETURN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert form.focused() is form.level_buttons["hard"]
    press(app, pygame.K_RETURN)
    assert (form.side, form.difficulty) == ("blue", "hard")
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)


def test_the_watch_form_changes_players_with_left_and_right_and_starts(app: App) -> None:
    app.reset(MainMenu(app))
    app.apply(places.Push(places.ScenarioPicker("watch")))
    app.apply(places.Push(places.WatchSetup("the-ford", 5)))
    form = app.top
    assert isinstance(form, WatchSetup)
    press(app, pygame.K_DOWN)  # round to Orange's player
    assert form.focused() is form.menus["red"]
    before = form.choice["red"]
    press(app, pygame.K_RIGHT)
    assert form.choice["red"] != before and form.focused() is form.menus["red"]
    shown = form.menus["red"].selected_option
    assert shown[1] == form.choice["red"] and ":" not in shown[0]  # a name, not a spec
    press(app, pygame.K_UP)  # round to Start
    press(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, Table) and isinstance(table.place, places.Battle)
    assert table.place.match.players["red"] == form.choice["red"]


def test_the_retinues_and_the_muster_are_played_from_the_keys(app: App, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DESTRIER_DATA_DIR", str(tmp_path / "data"))
    app.reset(MainMenu(app))
    focus_on(app, "Retinues")
    press(app, pygame.K_RETURN)
    retinues = app.top
    assert isinstance(retinues, RetinuesScreen) and not retinues.entries
    focus_on(app, "New")
    press(app, pygame.K_RETURN)
    focus_on(app, "Blank retinue")
    press(app, pygame.K_RETURN)
    muster = app.top
    assert isinstance(muster, MusterScreen) and muster.focus == GROUND and muster.selected == 0
    press(app, pygame.K_RIGHT)  # along the ranks
    assert muster.selected == 1
    press(app, pygame.K_LEFT)
    assert muster.selected == 0
    for _ in range(40):  # Tab round the form to Mount everyone
        if muster.focus is muster.el["mount"]:
            break
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert all(m.steed is not None for m in muster.roster.members)
    assert muster.focus is muster.el["mount"]  # the focus stays where it was
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    press(app, pygame.K_RETURN)  # Half mounted: on
    assert muster.roster.half_mounted and any(b.code == "house_mounted" for b in muster.found)
    for _ in range(40):  # back round to the steed of the first model, and on foot by Left
        if muster.focus is muster.el["steed"]:
            break
        press(app, pygame.K_UP)
    press(app, pygame.K_LEFT)
    assert muster.roster.members[0].steed is None and muster.focus is muster.el["steed"]
    press(app, pygame.K_ESCAPE)  # unsaved: asked first, and No stays
    assert isinstance(app.top, ConfirmDialog)
    press(app, pygame.K_ESCAPE)
    assert app.top is muster
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RETURN)  # Yes: leave without saving
    assert app.top is retinues
    assert [e.roster.name for e in retinues.entries if e.roster] == ["A New Retinue"]
    focus_on(app, "Rename")
    press(app, pygame.K_RETURN)
    prompt = app.top
    assert isinstance(prompt, TextPrompt) and prompt.typing
    press(app, pygame.K_ESCAPE)
    assert app.top is retinues
    focus_on(app, "Back")
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, MainMenu)
