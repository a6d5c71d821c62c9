"""The scenario picker against a hostile scenarios folder: every entry is listed, greyed with its
one-line reason or played; the list shows at once and fills in as a thread of its own checks the
maps; closing the picker mid-check stops that thread; a greyed map's reason is shown whole."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest

from game.bounded import printable
from game.persist.folders import DATA_ENV
from game.ui import navigation, places, theme
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.screens import scenarios
from game.ui.screens.menu import MainMenu
from game.ui.screens.scenarios import ScenarioPicker
from game.ui.settings import Settings
from tests.hostile.conftest import Marker
from tests.hostile.harness import TIME_BOUND, assert_bounded, make_fifo, one_line, run_bounded
from tests.own_maps import copy_map, edit_map


@dataclass(frozen=True)
class Case:
    """An entry of the scenarios folder, and the reason it is greyed with ("": it plays)."""

    id: str
    build: Callable[[Path], Path]
    expect: str  # a regular expression the whole reason matches; "" for a map that plays


def _fifo(folder: Path) -> Path:
    return make_fifo(folder / "pipe.tmx")


def _link(name: str, target: str) -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        path = folder / name
        path.symlink_to(target)
        return path
    return build


def _directory(folder: Path) -> Path:
    path = folder / "x.tmx"
    path.mkdir()
    return path


def _good(stem: str) -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        return copy_map("the-ford", folder, stem)
    return build


NOT_READ = "the map file is not read: "
CASES = [
    Case("fifo", _fifo, NOT_READ + r"it is a FIFO \(named pipe\), not a regular file"),
    Case("link-dev-zero", _link("zero.tmx", "/dev/zero"),
         NOT_READ + "it is a character device, not a regular file"),
    Case("link-dev-urandom", _link("random.tmx", "/dev/urandom"),
         NOT_READ + "it is a character device, not a regular file"),
    Case("dangling-link", _link("gone.tmx", "nowhere.tmx"),
         r"the map file is a symbolic link to nowhere\.tmx, which does not exist"),
    Case("link-loop", _link("loop.tmx", "loop.tmx"), NOT_READ + "it is a loop of symbolic links"),
    Case("directory", _directory, NOT_READ + "it is a directory, not a regular file"),
    Case("newline-name", _good("two\nlines"), ""),
    Case("escape-name", _good("alarm \x1b[31mred"), ""),
    Case("250-characters", _good("m" * 246), ""),
]


@pytest.fixture
def app(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """An app whose own files (saves, settings, miniatures) lie outside the case's folder."""
    own = tmp_path_factory.mktemp("app")
    monkeypatch.setenv(DATA_ENV, str(own / "data"))
    made = App(settings=Settings(animation_speed=0), config_dir=own / "config", saves_dir=own / "saves",
               build=navigation.build)
    yield made
    pygame.display.quit()


def checked(app: App, picker: ScenarioPicker, seconds: float = TIME_BOUND) -> None:
    """Run the picker's frames until every map of its list is checked (or the time is up)."""
    deadline = time.monotonic() + seconds
    while getattr(picker, "checking", False) and time.monotonic() < deadline:
        picker.update(1 / 60)
        time.sleep(0.005)


def open_picker(app: App, folder: Path) -> ScenarioPicker:
    picker = ScenarioPicker(app, own_dir=folder)
    checked(app, picker)
    return picker


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_every_entry_of_the_folder_is_listed_greyed_with_its_reason_or_played(
        case: Case, app: App, tmp_path: Path, unchanged: Marker, fresh_content: None) -> None:
    folder, warm = tmp_path / "scenarios", tmp_path / "warm-up"
    folder.mkdir()
    warm.mkdir()
    open_picker(app, warm)  # the first picker of a process reads the shipped maps: not the case's time
    path = case.build(folder)
    unchanged()
    outcome = run_bounded(lambda: open_picker(app, folder), [path] if case.id == "fifo" else [])
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    picker = outcome.value
    assert isinstance(picker, ScenarioPicker)
    label = printable(path.name[:-4])
    listed = [i for i, e in enumerate(picker.entries) if e.own and e.label == label]
    assert listed, f"{label!r} is not listed: {[e.label for e in picker.entries if e.own]}"
    (index,) = listed
    entry = picker.entries[index]
    app.reset(picker)
    app.step(1 / 60)  # drawn without an error
    if case.expect:
        assert not entry.playable and not picker.entry_buttons[index].enabled
        assert re.fullmatch(case.expect, one_line(entry.problem)), entry.problem
        return
    assert entry.playable, entry.problem
    assert "\n" not in entry.label and "\x1b" not in entry.label  # shown escaped
    picker.choose(index)
    app.apply(picker.start())
    app.step(1 / 60)
    battle = app.top
    assert isinstance(battle, BattleScreen)
    assert battle.state.scenario == str(path.resolve())


def _gated(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, list[threading.Thread]]:
    """Each map's check waits for the gate; the threads that checked are recorded."""
    gate = threading.Event()
    seen: list[threading.Thread] = []
    real = scenarios.scenario_problem

    def slow(name: str) -> str:
        seen.append(threading.current_thread())
        gate.wait(20)
        return real(name)

    monkeypatch.setattr(scenarios, "scenario_problem", slow)
    return gate, seen


def _hostile_folder(folder: Path) -> Path:
    folder.mkdir()
    for i in range(3):
        copy_map("skirmish-field", folder, f"field {i}")
    _fifo(folder)
    _link("gone.tmx", "nowhere.tmx")(folder)
    return folder


def test_the_list_shows_at_once_and_fills_in_as_a_thread_checks_the_maps(
        app: App, tmp_path: Path, unchanged: Marker, fresh_content: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _hostile_folder(tmp_path / "scenarios")
    unchanged()
    gate, seen = _gated(monkeypatch)
    try:
        outcome = run_bounded(lambda: ScenarioPicker(app, own_dir=folder), [folder / "pipe.tmx"], timeout=3)
        assert not outcome.hung, "the picker read the maps before its first frame"
        assert outcome.error is None, repr(outcome.error)
        picker = outcome.value
        assert isinstance(picker, ScenarioPicker)
        app.reset(picker)
        app.step(1 / 60)
        assert app.frame == 1  # the first frame is drawn while the maps are being checked
        own = [e for e in picker.entries if e.own]
        assert [e.label for e in own] == ["field 0", "field 1", "field 2", "gone", "pipe"]
        assert picker.checking and all(e.pending for e in own[:3])
    finally:
        gate.set()
    checked(app, picker)
    assert not picker.checking
    own = [e for e in picker.entries if e.own]
    assert [e.playable for e in own] == [True, True, True, False, False]
    assert seen and threading.main_thread() not in seen  # every map checked off the UI thread
    picker.choose(picker.entries.index(own[1]))
    app.apply(picker.start())
    assert isinstance(app.top, BattleScreen)  # a map offered as playable opens


def test_closing_the_picker_mid_check_stops_its_thread(app: App, tmp_path: Path, unchanged: Marker,
                                                       fresh_content: None,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _hostile_folder(tmp_path / "scenarios")
    unchanged()
    before = threading.active_count()
    gate, seen = _gated(monkeypatch)
    try:
        picker = ScenarioPicker(app, own_dir=folder)
        app.reset(picker)
        app.step(1 / 60)
        assert picker.checking
        app.apply(places.Pop())  # Back: the picker is closed with its checks running
        app.reset(MainMenu(app))
    finally:
        gate.set()
    picker.checks.thread.join(TIME_BOUND)
    assert not picker.checks.thread.is_alive()
    assert len(seen) <= 2 < len(picker.entries)  # the map being read was finished, no more begun
    assert threading.active_count() <= before
    for _ in range(3):
        app.step(1 / 60)  # nothing the checks left behind breaks the frames after


def test_a_greyed_maps_reason_is_shown_whole_inside_the_window_and_clear_of_the_details(
        app: App, tmp_path: Path, unchanged: Marker, fresh_content: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "scenarios"
    copy_map("the-ford", folder, "Aaa good")
    retinue = "the " + "very " * 40 + "long-named-retinue-of-the-earl-of-nowhere-at-all" * 3
    edit_map(copy_map("skirmish-field", folder, "Broken"), 'name="red_retinue" value="york-foot"',
             f'name="red_retinue" value="{retinue}"')
    unchanged()
    picker = open_picker(app, folder)
    index = next(i for i, e in enumerate(picker.entries) if e.label == "Broken")
    reason = picker.entries[index].problem
    assert retinue in reason
    app.reset(picker)
    picker.show(index)
    picker.layout()
    app.draw()
    row = picker.entry_buttons[index].rect
    panels: list[tuple[pygame.Rect, int]] = []
    lines: list[tuple[str, tuple[int, int]]] = []
    real_panel, real_text = scenarios.panel, scenarios.text

    def spy_panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235, **kw: object) -> None:
        panels.append((pygame.Rect(rect), alpha))
        real_panel(surface, rect, alpha, **kw)  # type: ignore[arg-type]

    def spy_text(surface: pygame.Surface, msg: str, font: pygame.font.Font, pos: tuple[int, int],
                 colour: theme.Colour = theme.TEXT, anchor: str = "topleft") -> pygame.Rect:
        if colour == theme.BAD:
            lines.append((msg, pos))
        return real_text(surface, msg, font, pos, colour, anchor)

    monkeypatch.setattr(scenarios, "panel", spy_panel)
    monkeypatch.setattr(scenarios, "text", spy_text)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: row.center)
    app.draw()
    window = app.surface.get_rect()
    (box,) = [r for r, alpha in panels if alpha == 250]  # the reason's box
    (details,) = [r for r, alpha in panels if alpha != 250]
    assert panels[-1][0] == box, "the reason is drawn before the details, which cover it"
    assert window.contains(box), (box, window)
    assert not box.colliderect(details), (box, details)  # over the list only
    inside = [msg for msg, pos in lines if box.collidepoint(pos)]
    assert "".join(inside).replace(" ", "") == reason.replace(" ", "")  # the whole reason, nothing cut
