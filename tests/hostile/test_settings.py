"""A bad settings.json never stops the client: it starts on the defaults and says why, in one line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from game.ui.settings import SETTINGS_FILE, Settings
from tests.hostile.conftest import Marker
from tests.hostile.harness import assert_bounded, make_fifo, one_line, run_bounded, run_child


def _nested(depth: int) -> Callable[[Path], None]:
    def build(path: Path) -> None:
        path.write_text("[" * depth + "]" * depth, encoding="utf-8")
    return build


def _fifo(path: Path) -> None:
    make_fifo(path)


def _value(key: str, value: object) -> Callable[[Path], None]:
    """A settings file whose one value is of the wrong type (JSON's true, or a word for a switch)."""
    def build(path: Path) -> None:
        path.write_text(json.dumps({key: value}), encoding="utf-8")
    return build


CASES: list[tuple[str, Callable[[Path], None], str]] = [
    ("nested-100000", _nested(100_000), "nested too deeply"),
    ("nested-object", lambda p: p.write_text('{"a":' * 100_000 + "1" + "}" * 100_000), "nested too deeply"),
    ("fifo", _fifo, "it is a FIFO (named pipe), not a regular file"),
    ("volume-true", _value("sound_volume", True), "sound_volume: Input should be a valid integer"),
    ("scale-true", _value("ui_scale", True), "ui_scale: Input should be a valid number"),
    ("speed-true", _value("animation_speed", True), "animation_speed: Input should be a valid number"),
    ("blindfold-yes", _value("blindfold", "yes"), "blindfold: Input should be a valid boolean"),
    ("muted-off", _value("sound_muted", "off"), "sound_muted: Input should be a valid boolean"),
]


@pytest.mark.parametrize(("build", "reason"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_the_client_starts_on_the_defaults(build: Callable[[Path], None], reason: str, tmp_path: Path,
                                           unchanged: Marker) -> None:
    from game.ui.app import App

    config = tmp_path / "config"
    config.mkdir()
    build(config / SETTINGS_FILE)
    unchanged()

    def start() -> App:
        return App(config_dir=config, saves_dir=tmp_path / "saves")

    outcome = run_bounded(start, [config / SETTINGS_FILE])
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    app = outcome.value
    assert isinstance(app, App)
    try:
        assert app.settings == Settings()
        line = one_line(app.notice)
        assert line == (f"Settings file {config / SETTINGS_FILE} could not be read ({reason}); "
                        "using the defaults.")
    finally:
        import pygame

        pygame.display.quit()


def test_settings_linked_to_dev_zero_give_the_defaults(tmp_path: Path, unchanged: Marker) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / SETTINGS_FILE).symlink_to("/dev/zero")
    unchanged()
    outcome = run_child(
        "from pathlib import Path\n"
        "from game.ui.settings import Settings, load_settings\n"
        f"settings, notice = load_settings(Path({str(config)!r}))\n"
        "assert settings == Settings()\n"
        "print(notice)\n")
    assert not outcome.hung and outcome.seconds < 20
    assert outcome.value == 0, outcome.err[-2000:]
    assert one_line(outcome.out) == (f"Settings file {config / SETTINGS_FILE} could not be read (it is a "
                                     "character device, not a regular file); using the defaults.")
