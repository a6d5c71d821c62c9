"""The deployment chosen on the new game's forms: by hand (the players deploy Spear by Spear before
the first card) or in ranks, the form's first choice following the Settings' *Deploy by hand*; a
solo game started by hand opens in its deployment phase, the AI deploying and the person's Spear
waiting to be placed; the Settings' toggle saved; an older settings file still loads; the tutorial's
map keeps its models where they stand."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.rules.state import UNPLACED
from game.scenario import start_game
from game.ui import places
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.screens.menu import MainMenu
from game.ui.screens.settings_screen import SettingsScreen
from game.ui.screens.setup import HotseatSetup, SetupForm, SoloSetup, WatchSetup
from game.ui.settings import Settings, load_settings
from game.ui.tutorial import SCENARIO as TUTORIAL
from tests.ui.conftest import frames
from tests.ui.test_keyboard import press as key
from tests.ui.test_solo import ai_frames, gui_click, press

SEED = 1  # on The Ford the AI's Blue wins the roll to deploy first


def _form(app: App, place: places.Place) -> SetupForm:
    app.reset(MainMenu(app))
    app.apply(places.Push(places.ScenarioPicker("solo")))
    app.apply(places.Push(place))
    frames(app, 1)
    form = app.top
    assert isinstance(form, SetupForm)
    return form


def _marked(form: SetupForm) -> bool:
    """The choice the form's buttons show (True: by hand)."""
    chosen = [by_hand for by_hand, b in form.deploy_buttons.items() if b.is_selected]
    assert len(chosen) == 1, chosen
    return chosen[0]


@pytest.mark.parametrize("by_hand", [True, False])
@pytest.mark.parametrize("place", [places.SoloSetup("the-ford", SEED), places.WatchSetup("the-ford", SEED),
                                   places.HotseatSetup("the-ford", SEED)])
def test_each_forms_deployment_starts_as_the_settings_say(app: App, place: places.Place,
                                                          by_hand: bool) -> None:
    app.settings.deploy_by_hand = by_hand
    form = _form(app, place)
    assert isinstance(form, SoloSetup | WatchSetup | HotseatSetup)
    assert form.deploy_by_hand is by_hand and _marked(form) is by_hand
    assert {b.text for b in form.deploy_buttons.values()} == {"By hand", "In ranks"}


def test_a_solo_game_started_by_hand_opens_in_its_deployment(app: App) -> None:
    assert app.settings.deploy_by_hand is False  # the tests' app starts in ranks unless told
    form = _form(app, places.SoloSetup("the-ford", SEED))
    assert isinstance(form, SoloSetup) and form.side == "red"
    gui_click(app, form.deploy_buttons[True])
    assert form.deploy_by_hand and _marked(form)
    assert form.start_button is not None
    gui_click(app, form.start_button)
    battle = app.top
    assert isinstance(battle, BattleScreen)
    state = battle.state
    assert state.deploying is not None and state.current_card == ""
    for _ in range(400):  # the AI stands its first Spear
        if state.acting_side == "red":
            break
        ai_frames(app, battle, 1)
    assert state.deploying is not None and state.acting_side == "red"
    assert any(m.side == "blue" and m.x != UNPLACED for m in state.models)
    assert all(c.side == "blue" for c in battle.session.match.commands)
    spear = battle.look.spear_roll()  # the person's Spear, every member still to stand
    assert spear and all(m.side == "red" and m.standing == "to_deploy" for m in spear)
    assert all(state.model(m.id).x == UNPLACED for m in spear)


def test_a_game_started_in_ranks_has_no_deployment(app: App) -> None:
    app.settings.deploy_by_hand = True
    form = _form(app, places.HotseatSetup("the-ford", SEED))
    key(app, pygame.K_TAB)  # from Start round to the first choice: By hand
    assert form.focused() is form.deploy_buttons[True]
    key(app, pygame.K_RIGHT)  # the other choice, the focus going with it
    assert form.deploy_by_hand is False and form.focused() is form.deploy_buttons[False]
    key(app, pygame.K_LEFT)
    assert form.deploy_by_hand is True
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Enter on In ranks chooses it
    assert form.deploy_by_hand is False and _marked(form) is False
    start = form.start_button
    assert start is not None
    gui_click(app, start)
    battle = app.top
    assert isinstance(battle, BattleScreen)
    assert battle.state.deploying is None and battle.state.current_card
    assert all(m.x != UNPLACED for m in battle.state.models)


def test_the_settings_toggle_is_saved_and_an_older_file_deploys_by_hand(app: App, tmp_path: Path) -> None:
    app.reset(SettingsScreen(app))
    frames(app, 1)
    assert app.settings.deploy_by_hand is False
    press(app, "Deploy by hand before the first card: off")
    assert app.settings.deploy_by_hand is True
    assert load_settings(app.config_dir)[0].deploy_by_hand is True
    press(app, "Deploy by hand before the first card: on")
    assert load_settings(app.config_dir)[0].deploy_by_hand is False

    old = tmp_path / "old"
    old.mkdir()
    (old / "settings.json").write_text(json.dumps({"blindfold": False}), encoding="utf-8")
    loaded, notice = load_settings(old)
    assert notice == "" and loaded.deploy_by_hand is True and loaded.blindfold is False
    (old / "settings.json").write_text(json.dumps({"deploy_by_hand": "yes"}), encoding="utf-8")
    loaded, notice = load_settings(old)
    assert loaded == Settings() and "deploy_by_hand" in notice


def test_the_tutorials_map_fixes_its_deployment() -> None:
    engine = start_game(TUTORIAL, 1, deploy=True)
    assert engine.state.deploying is None and engine.state.current_card
    assert start_game("the-ford", 1, deploy=True).state.deploying is not None
