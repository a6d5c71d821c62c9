"""The defects a new player met on the battle table, each pinned: overlapping bases picked by the
nearest centre, the Spear panel's row that activates, the camera that follows, the AI's last command
in words, one name per side, a map whose tileset lies elsewhere."""

from __future__ import annotations

import pygame

from game.persist import Match
from game.rules.state import GameState
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.battle.tokens import model_at
from tests.ui.conftest import frames
from tests.ui.test_play_e2e import click

HERO = "blue-5"  # The Ford, seed 1: Blue's Richard Tunstall's card is turned first


def _ford(app: App, mode: str = "hotseat", players: dict[str, str] | None = None) -> BattleScreen:
    app.settings.blindfold = False  # no handover screen between the sides
    battle = BattleScreen(app, Match.start("the-ford", 1, mode, players), mode)
    app.reset(battle)
    frames(app, 2)
    assert battle.state.current_card == HERO
    return battle


def _overlap(state: GameState) -> str:
    """Stand a Blue rider listed before the Hero less than a base beside him (each centre lies under the other base); his id."""
    hero = state.model(HERO)
    listed = [m.id for m in state.models]
    other = next(m for m in state.models if m.side == "blue" and m.steed is not None and m.id != HERO
                 and listed.index(m.id) < listed.index(HERO))
    other.x, other.y, other.facing = hero.x + 0.4, hero.y - 0.3, hero.facing
    return other.id


def test_a_click_on_an_overlapped_heros_centre_picks_the_hero(app: App) -> None:
    battle = _ford(app)
    state, table, cam = battle.state, battle.session.engine.table, battle.camera
    other = _overlap(state)
    hero = state.model(HERO)
    assert table.bases.edge_distance(hero, state.model(other)) < 0  # the bases overlap
    assert model_at(table, state, hero.x, hero.y).id == HERO  # type: ignore[union-attr]
    assert model_at(table, state, state.model(other).x, state.model(other).y).id == other  # type: ignore[union-attr]
    cam.set_zoom(1.0)
    cam.look_at(hero.x, hero.y)
    for _ in range(4):
        click(app, cam.to_screen(hero.x, hero.y))
        assert battle.state.active_model == HERO or battle.ctl.selected == HERO
    assert battle.state.active_model == HERO
