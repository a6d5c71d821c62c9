"""End to end: a retinue of the player's own built in the muster from the main menu with posted mouse
and key events (everyone mounted, two Lances, the Captain's Skill drawn, a Squire renamed, a Shootist
put on a Warhorse and the problem naming him seen and put right), saved, and played in a solo game
on The Ford, whose save reloads with the same retinue."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.persist.rosters import list_rosters, read_roster
from game.ui import places
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.menu import MainMenu
from game.ui.screens.muster import MusterScreen
from game.ui.screens.muster_prompt import TextPrompt
from game.ui.screens.retinues import RetinuesScreen
from game.ui.screens.scenarios import ScenarioPicker
from game.ui.screens.setup import HotseatSetup, SoloSetup
from tests.ui.conftest import button, click, frames, key, own_app, post

TEMPLATE = "The Duke's Affinity (York, on foot)"
CAPTAIN, SQUIRE, ARCHER, OTHER_SQUIRE = 0, 4, 3, 8  # the template's models, by their place in it


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The app over a user folder of its own (its rosters folder empty; games start in ranks)."""
    a = own_app(tmp_path, monkeypatch)
    yield a
    pygame.display.quit()


def press(app: App, element: Any) -> None:
    """Click a pygame_gui element in its middle."""
    click(app, element.rect.center)


def choose(app: App, menu: Any, option: str) -> None:
    """Open a drop-down and click the option that starts so."""
    press(app, menu)
    items = menu.current_state.options_selection_list.item_list
    press(app, next(item["button_element"] for item in items if item["text"].startswith(option)))
    frames(app, 2)  # the choice comes to the screen an event or two later


def muster(app: App) -> MusterScreen:
    screen = app.top
    assert isinstance(screen, MusterScreen)
    return screen


def token(app: App, index: int) -> None:
    """Click a model's token on the parade ground."""
    screen = muster(app)
    spot = next(s for s in screen.parade.spots if s.index == index)
    click(app, spot.centre)
    assert muster(app).selected == index


def build_roster(app: App) -> Path:
    """The muster, from the main menu to the saved roster file."""
    app.reset(MainMenu(app))
    button(app, "Retinues")
    assert isinstance(app.top, RetinuesScreen)
    button(app, "New")
    button(app, TEMPLATE)
    screen = muster(app)
    assert not screen.found

    press(app, screen.el["mount"])  # Mount everyone
    roster = muster(app).roster
    assert all(m.steed is not None for m in roster.members)
    assert {m.steed for m in roster.members if m.profile == "archer"} == {"nag"}

    for index in (CAPTAIN, SQUIRE):  # two Lances
        token(app, index)
        press(app, muster(app).el["lance"])
    assert [i for i, m in enumerate(muster(app).roster.members) if m.lance] == [CAPTAIN, SQUIRE]

    press(app, muster(app).el["draw"])  # the Captain's Skill, from the deck
    captain = muster(app).roster.members[CAPTAIN]
    assert len(captain.skills) == 1 and "Skill deck" in muster(app).line
    assert muster(app).selected == CAPTAIN

    token(app, OTHER_SQUIRE)  # a Squire renamed, typed
    press(app, muster(app).el["name"])
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    post(app, *(pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "Sir John Neville"))
    frames(app, 1)  # the entry's change comes to the screen as an event of the next frame
    assert muster(app).roster.members[OTHER_SQUIRE].name == "Sir John Neville"

    token(app, ARCHER)  # a Shootist on a Warhorse: the problem names him, at once
    choose(app, muster(app).el["steed"], "Warhorse")
    screen = muster(app)
    assert screen.roster.members[ARCHER].steed == "warhorse"
    named = [b for b in screen.found if b.member == ARCHER]
    assert named and "Will Scathelock" in named[0].text and "Nag" in named[0].text
    token(app, CAPTAIN)
    frames(app, 1)
    rect = next(r for r, b in muster(app).problem_rows if b.member == ARCHER)
    click(app, rect.center)  # the problem points at its model
    assert muster(app).selected == ARCHER
    choose(app, muster(app).el["steed"], "Nag")  # put right
    assert not muster(app).found

    press(app, muster(app).el["save"])
    screen = muster(app)
    assert screen.line == "Saved" and screen.roster == screen.saved
    saved = read_roster(screen.path)
    assert saved == screen.roster
    key(app, pygame.K_ESCAPE)  # back to the retinues (nothing unsaved: not asked)
    assert isinstance(app.top, RetinuesScreen)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)
    return screen.path


def play_solo(app: App, path: Path) -> BattleScreen:
    """A solo game on The Ford, the player's Orange fielding the roster: a few commands played."""
    button(app, "New solo game")
    picker = app.top
    assert isinstance(picker, ScenarioPicker)
    ford = next(i for i, e in enumerate(picker.entries) if e.name == "the-ford")
    picker.show(ford)
    picker.layout()
    click(app, picker.entry_buttons[ford].rect.center)
    assert picker.chosen == ford
    button(app, "Choose your side")
    form = app.top
    assert isinstance(form, SoloSetup) and form.side == "red"
    roster = read_roster(path)
    choose(app, form.roster_menus["red"], f"Your roster: {roster.name}")
    assert form.roster_choice["red"] == str(path) and not any(form.roster_problems.values())
    assert form.start_button is not None
    press(app, form.start_button)
    battle = app.top
    assert isinstance(battle, BattleScreen)
    state = battle.state
    ours = 0
    for _ in range(600):
        app.step(1 / 60)
        battle.ai.thinker.wait()
        if state.over or ours >= 3:
            break
        if isinstance(app.top, ConfirmDialog):
            key(app, pygame.K_RETURN)
        elif battle.human_acting():
            key(app, pygame.K_SPACE if state.active_model else pygame.K_e)
            ours = sum(1 for c in battle.session.match.commands if c.side == "red")
    assert ours >= 3 or state.over
    return battle


def test_a_roster_built_in_the_muster_plays_on_the_ford_and_its_save_keeps_it(app: App) -> None:
    path = build_roster(app)
    roster = read_roster(path)
    battle = play_solo(app, path)
    match = battle.session.match
    assert match.rosters == {"red": roster}
    fielded = [(m.name, m.steed) for m in battle.state.models if m.side == "red"]
    assert sorted(fielded, key=str) == sorted(((m.name, m.steed) for m in roster.members), key=str)

    key(app, pygame.K_F5)  # quick save
    saves = sorted(p for p in app.saves_dir.glob("*.json") if p.name != "autosave.json")
    assert saves
    app.reset(MainMenu(app))
    app.apply(places.Push(places.OpenSave(saves[0])))
    loaded = app.top
    assert isinstance(loaded, BattleScreen)
    assert loaded.session.match.rosters == {"red": roster}
    again = [(m.name, m.steed) for m in loaded.state.models if m.side == "red"]
    assert sorted(again, key=str) == sorted(fielded, key=str)
    assert "Sir John Neville" in {name for name, _ in again}


def test_leaving_unsaved_changes_asks_and_no_keeps_them(app: App) -> None:
    app.reset(MainMenu(app))
    button(app, "Retinues")
    button(app, "New")
    button(app, "Blank retinue")
    press(app, muster(app).el["dismount"])
    press(app, muster(app).el["mount"])
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, ConfirmDialog)
    key(app, pygame.K_n)
    assert isinstance(app.top, MusterScreen) and app.top.roster != app.top.saved


def test_the_retinues_list_copies_renames_exports_imports_and_deletes(app: App, tmp_path: Path) -> None:
    app.reset(MainMenu(app))
    button(app, "Retinues")
    button(app, "New")
    button(app, TEMPLATE)
    key(app, pygame.K_ESCAPE)
    screen = app.top
    assert isinstance(screen, RetinuesScreen) and len(screen.entries) == 1
    button(app, "Copy")
    assert len(list_rosters()) == 2 and "Copied" in screen.line
    button(app, "Rename")
    entry = app.top
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    post(app, *(pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "The Neville Affinity"))
    key(app, pygame.K_RETURN)
    assert app.top is screen and "Renamed" in screen.line
    assert "The Neville Affinity" in {e.roster.name for e in list_rosters() if e.roster}
    button(app, "Export")
    out = tmp_path / "out" / "neville.json"
    out.parent.mkdir()
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    post(app, *(pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in str(out)))
    key(app, pygame.K_RETURN)
    assert out.is_file() and "Exported" in screen.line
    button(app, "Import")
    prompt = app.top
    assert prompt is not screen and prompt is not entry
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    post(app, *(pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in str(tmp_path / "nowhere.json")))
    key(app, pygame.K_RETURN)
    assert app.top is prompt and isinstance(prompt, TextPrompt) and prompt.problem  # one line; it stays
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    post(app, *(pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in str(out)))
    key(app, pygame.K_RETURN)
    assert app.top is screen and len(list_rosters()) == 3
    button(app, "Delete")
    assert isinstance(app.top, ConfirmDialog)
    key(app, pygame.K_y)
    assert app.top is screen and len(list_rosters()) == 2 and "Deleted" in screen.line


def test_a_roster_with_problems_says_why_in_the_setup_and_start_waits(app: App) -> None:
    app.reset(MainMenu(app))
    button(app, "Retinues")
    button(app, "New")
    button(app, TEMPLATE)
    token(app, ARCHER)
    choose(app, muster(app).el["steed"], "Warhorse")
    press(app, muster(app).el["save"])
    assert "problem" in muster(app).line
    app.reset(MainMenu(app))
    app.apply(places.Push(places.ScenarioPicker("hotseat")))
    app.apply(places.Push(places.HotseatSetup("the-ford", 3)))
    form = app.top
    assert isinstance(form, HotseatSetup)
    choose(app, form.roster_menus["blue"], "Your roster")
    assert "Will Scathelock" in form.roster_problems["blue"]
    assert form.start_button is not None and not form.start_button.is_enabled
    assert form.start() is None
    choose(app, form.roster_menus["blue"], "The scenario's own")
    assert not any(form.roster_problems.values())


