"""Where each place of `game.ui.places` leads: the one module that builds screens.

A screen names where to go with a place; the app asks `build` for the place's screen. Only this
module imports the screens' classes, so the screens stay independent of each other. It imports
each screen when its place is first built, not when the game starts: the first frame (the menu,
or a battle from the command line) pays only for its own screen (the editor alone costs 0.1 s).
"""

from __future__ import annotations

from pathlib import Path

from game.persist import Match, MatchError, SaveError
from game.persist.rosters import RosterFileError
from game.persist.schema import HUMAN
from game.scenario import MAPS_DIR
from game.terrain.terrain_map import MapError
from game.ui import places
from game.ui.app import App, Screen
from game.ui.campaign_link import campaign_of
from game.ui.persistence import open_save, resume_available

LOAD_ERRORS = (SaveError, MatchError, MapError, OSError, ValueError, KeyError)
CANNOT_LOAD = "This save cannot be loaded"


def build(app: App, place: places.Place) -> Screen:
    """The screen of a place."""
    if isinstance(place, places.Battle):
        from game.ui.battle.screen import BattleScreen

        try:
            return BattleScreen(app, place.match, place.mode, autosave=place.autosave,
                                campaign=place.campaign, script=place.script)
        except MapError as exc:  # its pictures failed to load at the table: said in the window
            return _dialog(app, places.Message("This map cannot be played", str(exc)))
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
        from game.ui.screens.menu import MainMenu

        return MainMenu(app)
    if isinstance(place, places.ScenarioPicker):
        from game.ui.screens.scenarios import ScenarioPicker

        return ScenarioPicker(app, place.mode, place.maps_dir or MAPS_DIR)
    if isinstance(place, places.SoloSetup | places.WatchSetup | places.HotseatSetup):
        return _setup(app, place)
    if isinstance(place, places.Retinues | places.Muster | places.AskText):
        return _muster(app, place)
    if isinstance(place, places.Editor):
        from game.editor.tmx_io import read_map
        from game.ui.screens.editor import EditorScreen

        doc = read_map(place.path) if place.doc is None and place.path is not None else place.doc
        return EditorScreen(app, doc, place.path)
    if isinstance(place, places.PostBattle | places.CampaignMuster | places.Chronicle):
        return _after_battle(app, place)
    if isinstance(place, places.Message | places.Confirm):
        return _dialog(app, place)
    if isinstance(place, places.Campaigns | places.NewCampaign | places.Campaign):
        return _campaign(app, place)
    return _over(app, place)


def _setup(app: App, place: places.SoloSetup | places.WatchSetup | places.HotseatSetup) -> Screen:
    """The form before a solo, a watched or a hot-seat game."""
    from game.ui.screens.setup import HotseatSetup, SoloSetup, WatchSetup

    form = {places.SoloSetup: SoloSetup, places.WatchSetup: WatchSetup, places.HotseatSetup: HotseatSetup}[
        type(place)]
    return form(app, place.scenario, place.seed)


def _muster(app: App, place: places.Retinues | places.Muster | places.AskText) -> Screen:
    """The player's rosters, the muster on one of them, and the line typed for a roster."""
    if isinstance(place, places.Retinues):
        from game.ui.screens.retinues import RetinuesScreen

        return RetinuesScreen(app, place.folder)
    if isinstance(place, places.Muster):
        from game.ui.screens.muster import MusterScreen

        try:
            return MusterScreen(app, place.path)
        except RosterFileError as exc:
            return _dialog(app, places.Message("This roster cannot be opened", str(exc)))
    from game.ui.screens.muster_prompt import TextPrompt

    return TextPrompt(app, place)


def _campaign(app: App, place: places.Campaigns | places.NewCampaign | places.Campaign) -> Screen:
    """The campaigns, a new campaign's form, and a campaign's own screen."""
    if isinstance(place, places.Campaigns):
        from game.ui.screens.campaigns import CampaignsScreen

        return CampaignsScreen(app, place.folder)
    if isinstance(place, places.NewCampaign):
        from game.ui.screens.campaign_new import NewCampaignForm

        return NewCampaignForm(app, place.folder)
    from game.ui.screens.campaign import CampaignScreen

    return CampaignScreen(app, place.path)


def _after_battle(app: App, place: places.PostBattle | places.CampaignMuster | places.Chronicle) -> Screen:
    """A campaign's post-battle steps, a person's muster between its battles, and its chronicle (a
    message says why when the campaign file cannot be read)."""
    from game.persist.campaigns import CampaignFileError

    try:
        if isinstance(place, places.PostBattle):
            from game.ui.screens.post_battle import PostBattleScreen

            return PostBattleScreen(app, place.path)
        if isinstance(place, places.CampaignMuster):
            from game.ui.screens.campaign_muster import CampaignMusterScreen

            return CampaignMusterScreen(app, place.path, place.side)
        from game.ui.screens.chronicle import ChronicleScreen

        return ChronicleScreen(app, place.path)
    except CampaignFileError as exc:
        return _dialog(app, places.Message("This campaign cannot be opened", str(exc)))


def _dialog(app: App, place: places.Message | places.Confirm) -> Screen:
    """A message, or a question."""
    from game.ui.screens.dialog import ConfirmDialog, MessageDialog

    if isinstance(place, places.Message):
        return MessageDialog(app, place.heading, place.message, place.error)
    return ConfirmDialog(app, place.heading, place.message, place.on_yes, place.on_no, place.stop_asking)


def _over(app: App, place: places.Place) -> Screen:
    """The pages opened over the menu or a game: rules, settings, saves, result, handover, pause,
    saving under a name."""
    if isinstance(place, places.Rules):
        from game.ui.screens.rules import RulesScreen

        return RulesScreen(app, place.anchor)
    if isinstance(place, places.Settings):
        from game.ui.screens.settings_screen import SettingsScreen

        return SettingsScreen(app)
    if isinstance(place, places.Load):
        from game.ui.screens.load import LoadScreen

        return LoadScreen(app)
    if isinstance(place, places.Result):
        from game.ui.screens.result import ResultScreen

        return ResultScreen(app, place.match, place.campaign)
    if isinstance(place, places.Handover):
        from game.ui.screens.handover import HandoverScreen

        return HandoverScreen(app, place.side, place.why)
    if isinstance(place, places.Pause):
        from game.ui.screens.pause import PauseMenu

        return PauseMenu(app, place.game)
    if isinstance(place, places.SaveAs):
        from game.ui.screens.save_game import SaveGameScreen

        return SaveGameScreen(app, place.game)
    raise ValueError(f"no screen for {place!r}")


def tutorial(app: App) -> Screen:
    """The tutorial's game (the person plays Blue, the AI Orange, clear of the player's autosave)
    with the coach over it: the coach is the screen, and it stands on its game."""
    from game.ui.battle.coach import Coach
    from game.ui.battle.screen import BattleScreen
    from game.ui.solo import ai_spec
    from game.ui.tutorial import DIFFICULTY, OPPONENT, PLAYER, SCENARIO, SEED

    match = Match.start(SCENARIO, SEED, "solo", {PLAYER: HUMAN, OPPONENT: ai_spec(DIFFICULTY)})
    return Coach(app, BattleScreen(app, match, "solo", autosave=False))


def resume(app: App) -> Screen:
    """The last game from its autosave, or a message saying there is none to resume."""
    path = resume_available(app.saves_dir)
    if path is None:
        return _dialog(app, places.Message("No game to resume",
                                           "There is no unfinished game in the saves folder."))
    return open_game(app, path)


def open_game(app: App, path: Path) -> Screen:
    """A saved game on the table (a campaign's battle with its campaign), or a message saying why the
    save cannot be loaded."""
    name = Path(str(path)).name
    try:
        match = open_save(Path(str(path)), app.saves_dir)
    except LOAD_ERRORS as exc:
        return _dialog(app, places.Message(CANNOT_LOAD, f"{name}: {exc}"))
    except Exception as exc:  # a bug in loading must not take the game down with it
        return _dialog(app, places.Message(CANNOT_LOAD, f"{name}: unexpected {type(exc).__name__}: {exc}"))
    return build(app, places.Battle(match, campaign=campaign_of(match)))
