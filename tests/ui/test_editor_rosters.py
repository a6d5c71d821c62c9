"""The editor's test play fields the player's rosters: with a roster in the folder, the game's form
asks which retinue each side fields before the game starts."""

from __future__ import annotations

from game.muster.templates import template
from game.persist.folders import scenarios_dir
from game.persist.rosters import write_roster
from game.ui import places
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.screens.editor import EditorScreen
from game.ui.screens.setup import HotseatSetup
from tests.own_maps import copy_map
from tests.ui.conftest import frames


def _editor_on_a_copy(app: App) -> EditorScreen:
    path = copy_map("skirmish-field", scenarios_dir(), "meadow")
    app.apply(places.Reset(places.Editor(path=path)))
    editor = app.top
    assert isinstance(editor, EditorScreen)
    return editor


def test_with_no_roster_the_test_play_starts_at_once(app: App) -> None:
    editor = _editor_on_a_copy(app)
    app.apply(editor.files.test_play("hotseat"))
    assert isinstance(app.top, BattleScreen)


def test_with_a_roster_the_test_play_asks_which_retinue_each_side_fields(app: App) -> None:
    roster = template("york-mounted").model_copy(update={"name": "The Meadow Riders"})
    path = write_roster(roster)
    editor = _editor_on_a_copy(app)
    app.apply(editor.files.test_play("hotseat"))
    form = app.top
    assert isinstance(form, HotseatSetup) and form.scenario.endswith("meadow.tmx")
    form.choose_roster("red", str(path))
    assert form.roster_problems["red"] == ""
    app.apply(form.start())
    frames(app, 1)
    battle = app.top
    assert isinstance(battle, BattleScreen)
    names = {m.name for m in battle.state.models if m.side == "red"}
    assert names == {m.name for m in roster.members}
    assert any(s.games_return_here for s in app.stack)  # the game goes back to the editor
