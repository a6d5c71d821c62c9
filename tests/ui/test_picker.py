"""The scenario picker lists every map in its folder; a broken one is greyed with its reason and can
never be chosen or started."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.screens.scenarios import ScenarioPicker
from tests.own_maps import copy_map, edit_map
from tests.ui.conftest import frames


def listed(picker: ScenarioPicker, seconds: float = 20.0) -> ScenarioPicker:
    """The picker once every map of its list is checked (its frames run until then)."""
    deadline = time.monotonic() + seconds
    while picker.checking and time.monotonic() < deadline:
        picker.update(1 / 60)
        time.sleep(0.005)
    assert not picker.checking, "the maps were not all checked in time"
    return picker


def key(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def folder_with_a_broken_map_first(tmp_path: Path) -> Path:
    maps = tmp_path / "own"
    copy_map("the-ford", maps, "Desert_Well")
    bad = copy_map("skirmish-field", maps, "Aaa broken")
    edit_map(bad, 'name="red_retinue" value="york-foot"', 'name="red_retinue" value="no-such-retinue"')
    (maps / "zz-not-xml.tmx").write_text("<map", encoding="utf-8")
    return maps


def test_a_broken_map_is_greyed_with_its_reason_and_never_chosen(app: App, tmp_path: Path) -> None:
    picker = ScenarioPicker(app, maps_dir=folder_with_a_broken_map_first(tmp_path))
    app.reset(picker)
    listed(picker)
    frames(app)
    assert [e.label for e in picker.entries] == ["Aaa broken", "Desert_Well", "zz-not-xml"]
    assert [e.playable for e in picker.entries] == [False, True, False]
    assert "unknown retinue 'no-such-retinue'" in picker.entries[0].problem
    assert "not well-formed XML" in picker.entries[2].problem
    assert picker.chosen == 1  # the first playable map, not the broken one that sorts first
    assert [b.enabled for b in picker.buttons[:3]] == [False, True, False]
    assert not picker.buttons[0].click(picker.buttons[0].rect.center)
    key(pygame.K_DOWN)
    key(pygame.K_UP)
    frames(app, 1)
    assert picker.chosen == 1  # up and down skip the broken maps
    key(pygame.K_RETURN)
    frames(app, 2)
    battle = app.top
    assert isinstance(battle, BattleScreen)
    assert battle.state.scenario == str((tmp_path / "own" / "Desert_Well.tmx").resolve())


def test_a_folder_of_broken_maps_offers_nothing_to_start(app: App, tmp_path: Path) -> None:
    maps = tmp_path / "own"
    copy_map("the-ford", maps, "No_Picture", image=None)  # its tileset PNG is missing
    picker = ScenarioPicker(app, maps_dir=maps)
    app.reset(picker)
    listed(picker)
    frames(app)
    (entry,) = picker.entries
    assert not entry.playable and "missing-terrain.png" in entry.problem and "is missing" in entry.problem
    assert picker.chosen == -1
    start = next(b for b in picker.buttons if b.label.startswith("Start"))
    assert not start.enabled
    key(pygame.K_RETURN)
    frames(app, 2)
    assert app.top is picker  # nothing started, nothing crashed


def test_the_shipped_maps_are_all_playable(app: App) -> None:
    picker = listed(ScenarioPicker(app))
    assert picker.entries and all(e.playable for e in picker.entries)
    assert picker.chosen == 0
