"""The picker lists the player's own scenarios (the scenarios folder) after the shipped ones, each
with a miniature of its table, its size, turns and retinues; a broken one is greyed and can never be
chosen; one named like a shipped map is shown as the player's own; and one started from the picker
plays, autosaves and resumes."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.persist.folders import cache_dir, scenarios_dir
from game.rules.commands import Activate
from game.rules.events import ActivationEnded
from game.scenario import MAPS_DIR, cached_scenario
from game.ui import miniature as mini
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.persistence import resume_available
from game.ui.screens.scenarios import OWN, SHIPPED, ScenarioPicker
from tests.own_maps import copy_map, edit_map
from tests.ui.conftest import frames, resume
from tests.ui.test_picker import listed


def post(event_type: int, **kw: object) -> None:
    pygame.event.post(pygame.event.Event(event_type, **kw))


def own_folder() -> Path:
    folder = scenarios_dir()
    copy_map("the-ford", folder, "Desert Well")  # any file name
    copy_map("skirmish-field", folder, "the-ford")  # named like a shipped map
    bad = copy_map("skirmish-field", folder, "Broken")
    edit_map(bad, 'name="turns" type="int" value="6"', 'name="turns" type="int" value="99"')
    return folder


def test_own_scenarios_are_listed_with_their_table_size_turns_and_retinues(app: App) -> None:
    folder = own_folder()
    picker = listed(ScenarioPicker(app))
    app.reset(picker)
    frames(app, 2)
    shipped = [e for e in picker.entries if e.origin == SHIPPED]
    own = [e for e in picker.entries if e.origin == OWN]
    assert [e.label for e in shipped] == sorted((p.stem for p in MAPS_DIR.glob("*.tmx")), key=str.casefold)
    assert [e.label for e in own] == ["Broken", "Desert Well", "the-ford"]
    assert picker.entries[:len(shipped)] == shipped  # the shipped ones first, then the player's

    well = own[1]
    assert well.playable and well.own and well.name == str((folder / "Desert Well.tmx").resolve())
    assert well.title == "The Ford" and well.size == (48, 36) and well.turns == 6
    assert [(f.side, f.name) for f in well.forces] == [("red", "The Duke's Riders (York, mounted)"),
                                                         ("blue", "The Earl's Prickers (Lancaster, mounted)")]
    assert all(f.models > 0 and 0 < f.mounted <= f.models for f in well.forces)
    picture = picker.miniature(well)
    assert isinstance(picture, pygame.Surface)
    k = picture.get_width() // 48
    assert picture.get_size() == (48 * k, 36 * k) and k >= 4
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, picture.get_width(), 7)
               for y in range(0, picture.get_height(), 7)}
    assert len(colours) > 20  # tiles drawn, not a plain box

    # the player's own "the-ford" is listed as theirs, beside the shipped one of that name
    mine, theirs = own[2], next(e for e in shipped if e.label == "the-ford")
    assert mine.own and not theirs.own and mine.name != theirs.name == "the-ford"
    assert mine.title == "Skirmish Field" and mine.path == folder / "the-ford.tmx"


def test_a_broken_own_map_is_greyed_and_never_chosen(app: App) -> None:
    own_folder()
    picker = listed(ScenarioPicker(app))
    app.reset(picker)
    frames(app, 1)
    index = next(i for i, e in enumerate(picker.entries) if e.label == "Broken")
    broken = picker.entries[index]
    assert not broken.playable and "turns must be between 1 and 20" in broken.problem
    assert picker.miniature(broken) is None
    button = picker.entry_buttons[index]
    assert not button.enabled
    before = picker.chosen
    picker.show(index)
    picker.layout()
    assert not picker.entry_buttons[index].click(picker.entry_buttons[index].rect.center)
    picker.choose(index)
    assert picker.chosen == before != index
    for _ in range(len(picker.entries) + 1):  # the keys go round the list and skip it
        post(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")
        frames(app, 1)
        assert picker.chosen != index


def test_miniatures_are_kept_per_file_and_modification_time(app: App) -> None:
    folder = own_folder()
    picker = listed(ScenarioPicker(app))
    well = next(e for e in picker.entries if e.label == "Desert Well")
    first = picker.miniature(well)
    assert first is not None
    kept = list((cache_dir() / "miniatures").glob("*.png"))
    assert kept  # kept on disk for the next run
    mini.forget()
    again = listed(ScenarioPicker(app))
    copy = next(e for e in again.entries if e.label == "Desert Well")
    reread = again.miniature(copy)
    assert reread is not None and reread.get_size() == first.get_size()
    assert pygame.image.tobytes(reread, "RGB") == pygame.image.tobytes(first, "RGB")
    assert mini.miniature(copy.path, cached_scenario(copy.name).terrain) is reread  # from memory now
    # the file changes (a new modification time): it is drawn again and kept under a new key
    path = folder / "Desert Well.tmx"
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))
    assert mini.miniature(path, cached_scenario(copy.name).terrain) is not reread
    assert len(list((cache_dir() / "miniatures").glob("*.png"))) == len(kept) + 1


def test_an_own_scenario_starts_from_the_picker_plays_an_activation_and_resumes(app: App) -> None:
    app.settings.blindfold = False
    folder = own_folder()
    picker = listed(ScenarioPicker(app))
    app.reset(picker)
    frames(app, 1)
    index = next(i for i, e in enumerate(picker.entries) if e.label == "Desert Well")
    button = picker.entry_buttons[index]
    picker.show(index)
    picker.layout()
    button = picker.entry_buttons[index]
    post(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)
    frames(app, 1)
    assert picker.chosen == index
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")
    frames(app, 2)
    battle = app.top
    assert isinstance(battle, BattleScreen)
    state = battle.state
    assert state.scenario == str((folder / "Desert Well.tmx").resolve())
    engine = battle.session.engine
    act = next(c for c in engine.legal_commands(state.acting_side) if isinstance(c, Activate))
    model = state.model(act.model)
    battle.camera.set_zoom(1.0)
    battle.camera.look_at(model.x, model.y)
    frames(app, 1)
    at = battle.camera.to_screen(model.x, model.y)
    post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=at, button=1)
    post(pygame.MOUSEBUTTONUP, pos=at, button=1)
    frames(app, 1)
    assert battle.state.active_model == act.model
    post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode="", scancode=0)
    frames(app, 1)
    assert any(isinstance(e, ActivationEnded) and e.model == act.model for e in engine.log)
    assert resume_available(app.saves_dir) == app.saves_dir / "autosave.json"
    digest = battle.session.engine.state.digest()
    app.reset(listed(ScenarioPicker(app)))
    resume(app)
    resumed = app.top
    assert isinstance(resumed, BattleScreen)
    assert resumed.state.scenario == state.scenario and resumed.state.digest() == digest


def test_a_file_name_that_is_not_text_is_listed_and_drawn(app: App) -> None:
    folder = own_folder()
    odd = os.fsdecode(b"caf\xe9 field.tmx")  # a Latin-1 name on a UTF-8 system
    (folder / "Desert Well.tmx").rename(folder / odd)
    picker = listed(ScenarioPicker(app))
    app.reset(picker)
    entry = next(e for e in picker.entries if e.label.startswith("caf"))
    assert entry.playable and entry.label == "caf\\xe9 field"  # the byte shown escaped, as everywhere
    picker.choose(picker.entries.index(entry))
    frames(app, 2)  # drawn without an error
    assert picker.chosen == picker.entries.index(entry)


def test_the_miniature_cache_keeps_a_bounded_number_of_pictures(app: App,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    folder = own_folder()
    monkeypatch.setattr(mini, "DISK_LIMIT", 2)
    picker = listed(ScenarioPicker(app))
    for entry in picker.entries:
        picker.miniature(entry)
    assert len(list((cache_dir() / "miniatures").glob("*.png"))) == 2
    # a tileset beside the map changes: its miniatures are drawn again
    well = next(e for e in picker.entries if e.label == "Desert Well")
    before = mini.miniature(well.path, cached_scenario(well.name).terrain)
    tsx = folder / "terrain.tsx"
    os.utime(tsx, ns=(tsx.stat().st_atime_ns, tsx.stat().st_mtime_ns + 10**9))
    assert mini.miniature(well.path, cached_scenario(well.name).terrain) is not before


def test_a_long_list_scrolls_and_keeps_the_chosen_map_in_view(app: App) -> None:
    folder = scenarios_dir()
    for i in range(6):  # with the shipped maps, more than the window shows
        copy_map("skirmish-field", folder, f"field {i:02d}")
    picker = listed(ScenarioPicker(app))
    app.reset(picker)
    frames(app, 1)
    assert picker.content_height > picker.list_rect.height
    last = len(picker.entries) - 1
    hidden = picker.entry_buttons[last]
    assert not picker.list_rect.contains(hidden.rect)  # below the list's edge
    post(pygame.MOUSEBUTTONDOWN, pos=(hidden.rect.centerx, picker.list_rect.bottom + 30), button=1)
    frames(app, 1)
    assert picker.chosen == 0  # a row out of view is not clicked through the footer
    post(pygame.MOUSEWHEEL, x=0, y=-50, flipped=False)
    frames(app, 1)
    assert picker.scroll == picker.content_height - picker.list_rect.height
    assert picker.list_rect.contains(picker.entry_buttons[last].rect)
    post(pygame.MOUSEWHEEL, x=0, y=50, flipped=False)
    frames(app, 1)
    assert picker.scroll == 0
    post(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="")  # up from the first: the last, in view
    frames(app, 1)
    assert picker.chosen == last and picker.list_rect.contains(picker.entry_buttons[last].rect)
    post(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")  # round to the first, scrolled back
    frames(app, 1)
    assert picker.chosen == 0 and picker.scroll == 0
