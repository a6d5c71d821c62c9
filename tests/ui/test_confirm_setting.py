"""The setting that asks before a Spear is ended with models still to activate: its default, older
settings files without it, saving it, and its button on the Settings screen."""

from __future__ import annotations

import json
from pathlib import Path

from game.ui.app import App
from game.ui.screens.settings_screen import SettingsScreen
from game.ui.settings import SETTINGS_FILE, Settings, load_settings, save_settings
from tests.ui.conftest import frames
from tests.ui.test_solo import press


def test_the_question_is_asked_by_default() -> None:
    assert Settings().confirm_end_spear is True


def test_an_older_settings_file_without_the_field_still_loads(tmp_path: Path) -> None:
    older = {"ui_scale": 1.25, "blindfold": False, "animation_speed": 2.0, "ai_speed": "fast"}
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(older), encoding="utf-8")
    settings, notice = load_settings(tmp_path)
    assert notice == ""
    assert settings.ui_scale == 1.25 and settings.ai_speed == "fast" and settings.confirm_end_spear


def test_the_question_turned_off_is_saved_and_read_back(tmp_path: Path) -> None:
    assert save_settings(Settings(confirm_end_spear=False), tmp_path) == ""
    assert json.loads((tmp_path / SETTINGS_FILE).read_text(encoding="utf-8"))["confirm_end_spear"] is False
    settings, notice = load_settings(tmp_path)
    assert notice == "" and settings.confirm_end_spear is False


def test_a_wrong_value_gives_the_defaults_with_a_notice(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"confirm_end_spear": "sometimes"}), encoding="utf-8")
    settings, notice = load_settings(tmp_path)
    assert settings == Settings() and "could not be read" in notice and "confirm_end_spear" in notice


def test_the_settings_screen_turns_the_question_off_and_on(app: App) -> None:
    screen = SettingsScreen(app)
    app.reset(screen)
    frames(app, 1)
    press(app, "Ask before ending a Spear early: on")
    assert app.settings.confirm_end_spear is False and screen.message == "Saved."
    assert load_settings(app.config_dir)[0].confirm_end_spear is False
    press(app, "Ask before ending a Spear early: off")
    assert app.settings.confirm_end_spear is True
    assert load_settings(app.config_dir)[0].confirm_end_spear is True
