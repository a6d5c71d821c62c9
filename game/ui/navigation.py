"""Where each place of `game.ui.places` leads: the one module that builds screens.

A screen names where to go with a place; the app asks `build` for the place's screen. Only this
module imports the screens' classes, so the screens stay independent of each other.
"""

from __future__ import annotations

from pathlib import Path

from game.persist import Match, MatchError, SaveError
from game.persist.schema import HUMAN
from game.scenario import MAPS_DIR
from game.terrain.terrain_map import MapError
from game.ui import places
from game.ui.app import App, Screen
from game.ui.battle.coach import Coach
from game.ui.battle.screen import BattleScreen
from game.ui.persistence import open_save, resume_available
from game.ui.screens.dialog import ConfirmDialog, MessageDialog
from game.ui.screens.editor import EditorScreen
from game.ui.screens.handover import HandoverScreen
from game.ui.screens.load import LoadScreen
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseMenu
from game.ui.screens.result import ResultScreen
from game.ui.screens.rules import RulesScreen
from game.ui.screens.scenarios import ScenarioPicker
from game.ui.screens.settings_screen import SettingsScreen
from game.ui.screens.setup import SoloSetup, WatchSetup
from game.ui.solo import ai_spec
from game.ui.tutorial import DIFFICULTY, OPPONENT, PLAYER, SCENARIO, SEED

LOAD_ERRORS = (SaveError, MatchError, MapError, OSError, ValueError, KeyError)
CANNOT_LOAD = "This save cannot be loaded"


def build(app: App, place: places.Place) -> Screen:
    """The screen of a place."""
    if isinstance(place, places.Battle):
        return BattleScreen(app, place.match, place.mode, autosave=place.autosave)
    if isinstance(place, places.Tutorial):
        return tutorial(app)
    if isinstance(place, places.Resume):
        return resume(app)
    if isinstance(place, places.OpenSave):
        return open_game(app, place.path)
    return _simple(app, place)


def _simple(app: App, place: places.Place) -> Screen:
    """The screens a place's fields are enough to build."""
    if isinstance(place, places.MainMenu):
        return MainMenu(app)
    if isinstance(place, places.ScenarioPicker):
        return ScenarioPicker(app, place.mode, place.maps_dir or MAPS_DIR)
    if isinstance(place, places.SoloSetup):
        return SoloSetup(app, place.scenario, place.seed)
    if isinstance(place, places.WatchSetup):
        return WatchSetup(app, place.scenario, place.seed)
    if isinstance(place, places.Editor):
        return EditorScreen(app, place.doc, place.path)
    if isinstance(place, places.Rules):
        return RulesScreen(app, place.anchor)
    if isinstance(place, places.Settings):
        return SettingsScreen(app)
    if isinstance(place, places.Load):
        return LoadScreen(app)
    if isinstance(place, places.Result):
        return ResultScreen(app, place.match)
    if isinstance(place, places.Handover):
        return HandoverScreen(app, place.side, place.why)
    if isinstance(place, places.Message):
        return MessageDialog(app, place.heading, place.message, place.error)
    if isinstance(place, places.Confirm):
        return ConfirmDialog(app, place.heading, place.message, place.on_yes, place.on_no, place.stop_asking)
    if isinstance(place, places.Pause):
        return PauseMenu(app, place.game)
    raise ValueError(f"no screen for {place!r}")


def tutorial(app: App) -> Screen:
    """The tutorial's game (the person plays Blue, the AI Orange, clear of the player's autosave)
    with the coach over it: the coach is the screen, and it stands on its game."""
    match = Match.start(SCENARIO, SEED, "solo", {PLAYER: HUMAN, OPPONENT: ai_spec(DIFFICULTY)})
    return Coach(app, BattleScreen(app, match, "solo", autosave=False))


def resume(app: App) -> Screen:
    """The last game from its autosave, or a message saying there is none to resume."""
    path = resume_available(app.saves_dir)
    if path is None:
        return MessageDialog(app, "No game to resume", "There is no unfinished game in the saves folder.")
    return open_game(app, path)


def open_game(app: App, path: Path) -> Screen:
    """A saved game on the table, or a message saying why the save cannot be loaded."""
    name = Path(str(path)).name
    try:
        match = open_save(Path(str(path)), app.saves_dir)
    except LOAD_ERRORS as exc:
        return MessageDialog(app, CANNOT_LOAD, f"{name}: {exc}")
    except Exception as exc:  # a bug in loading must not take the game down with it
        return MessageDialog(app, CANNOT_LOAD, f"{name}: unexpected {type(exc).__name__}: {exc}")
    return BattleScreen(app, match)
