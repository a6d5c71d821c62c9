"""The defects a new player met on the battle table, each pinned: overlapping bases picked by the
nearest centre, the Spear panel's row that activates, the camera that follows, the AI's last command
in words, one name per side, a map whose tileset lies elsewhere."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.__main__ import _open, _parser
from game.persist import Match
from game.persist.schema import HUMAN
from game.rules import events as ev
from game.rules.state import GameState, Model
from game.scenario import scenario_key, scenario_path, scenario_problem, start_game
from game.ui import theme
from game.ui.app import App
from game.ui.battle.camera import Camera
from game.ui.battle.hud import RING_MEANINGS, _status, draw_ring_legend, draw_tooltip
from game.ui.battle.overlays import rings
from game.ui.battle.screen import BattleScreen
from game.ui.battle.spear import SpearMember, next_to_act
from game.ui.battle.tokens import TokenArt, model_at
from game.ui.eventtext import ai_summary
from game.ui.screens.dialog import MessageDialog
from game.ui.settings import Settings
from game.ui.sides import SIDE_NAME
from tests.ui.conftest import frames

HERO = "blue-5"  # The Ford, seed 1: Blue's Richard Tunstall's card is turned first


def click(app: App, pos: tuple[int, int]) -> None:
    """Move the mouse there and click."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 1)


def key(app: App, k: int, kind: int = pygame.KEYDOWN) -> None:
    """Press (or release) a key."""
    pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))
    frames(app, 1)


def ai_frames(app: App, battle: BattleScreen, n: int) -> None:
    """Run frames, letting the AI's worker finish each choice before the next frame."""
    for _ in range(n):
        app.step(1 / 60)
        battle.ai.thinker.wait()


def _ford(app: App, mode: str = "hotseat", players: dict[str, str] | None = None) -> BattleScreen:
    app.settings.blindfold = False  # no handover screen between the sides
    battle = BattleScreen(app, Match.start("the-ford", 1, mode, players), mode)
    app.reset(battle)
    frames(app, 2)
    assert battle.state.current_card == HERO
    return battle


def _overlap(state: GameState) -> str:
    """Stand a Blue rider listed before the Hero less than a base beside him (each centre lies under
    the other base); his id."""
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


def _row(battle: BattleScreen, model_id: str) -> tuple[int, int]:
    return next(rect.center for rect, mid in battle.layout().spear_rects if mid == model_id)


def test_a_click_on_a_spear_row_activates_the_model_or_says_why_not(app: App) -> None:
    battle = _ford(app)
    retainer = next(m.id for m in battle.look.spear_roll() if not m.hero)
    click(app, _row(battle, retainer))  # the Hero activates first: the Retainer is only selected
    assert battle.state.active_model == "" and battle.ctl.selected == retainer
    assert battle.flash_time > 0 and "cannot activate" in battle.flash
    click(app, _row(battle, HERO))
    assert battle.state.active_model == HERO
    standing = {m.id: m for m in battle.look.spear_roll()}[HERO]
    assert standing.words == "activating"
    assert _status(battle.state.model(HERO), True) == "activating"


def test_the_next_model_key_cycles_through_the_spear_still_to_act(app: App) -> None:
    battle = _ford(app)
    n = pygame.key.key_code("n")
    assert "next_model" in app.keys.actions(n)
    waiting = [m.id for m in battle.look.spear_roll() if m.standing == "to_activate"]
    seen = []
    for _ in range(len(waiting) + 1):
        key(app, n)
        key(app, n, pygame.KEYUP)
        seen.append(battle.ctl.selected)
    assert seen == [*waiting, waiting[0]]
    assert battle.state.active_model == ""  # the key only picks; a click activates
    hero = battle.state.model(seen[-1])
    assert battle.camera.viewport.collidepoint(battle.camera.to_screen(hero.x, hero.y))


def test_next_to_act_skips_those_who_have_acted() -> None:
    roll = (SpearMember("a", "A", "", "blue", True, "activated", True),
            SpearMember("b", "B", "", "blue", False, "to_activate", True),
            SpearMember("c", "C", "", "blue", False, "held", True),
            SpearMember("d", "D", "", "blue", False, "to_activate", False))
    assert next_to_act(roll, "") == "b" and next_to_act(roll, "b") == "d" and next_to_act(roll, "d") == "b"
    assert next_to_act(roll[:1], "a") == ""


def test_follow_camera_is_a_setting_on_by_default_and_old_files_load(tmp_path: Path) -> None:
    assert Settings().follow_camera
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"blindfold": False, "ai_speed": "fast"}))
    loaded = Settings.model_validate_json(path.read_text())
    assert loaded.follow_camera and not loaded.blindfold


def test_the_camera_glides_to_a_followed_model_out_of_view(app: App) -> None:
    battle = _ford(app)
    cam = battle.camera
    cam.set_zoom(2.0)
    cam.look_at(0.0, 0.0)
    far = (40.0, 30.0)
    assert not cam.viewport.collidepoint(cam.to_screen(*far))
    cam.follow(("blue-5", *far))
    start = tuple(cam.centre)
    cam.glide(1 / 60)
    step = tuple(cam.centre)
    assert step != start and cam.goal is not None  # a step of the way, not a jump
    for _ in range(240):
        cam.glide(1 / 60)
    assert cam.viewport.collidepoint(cam.to_screen(*far)) and cam.goal is None
    cam.look_at(0.0, 0.0)
    cam.follow(("blue-5", *far))  # the same spot again: the player's view is left alone
    cam.glide(1 / 60)
    assert not cam.viewport.collidepoint(cam.to_screen(*far))


def test_the_camera_follows_the_ai_and_the_bar_says_what_it_did(app: App) -> None:
    app.settings.ai_speed = "instant"
    battle = _ford(app, "watch")
    cam = battle.camera
    cam.set_zoom(2.5)
    cam.look_at(0.0, 0.0)
    for _ in range(200):
        ai_frames(app, battle, 1)
        if battle.ai.said[1] and battle.state.active_model:
            break
    words = battle.ai.status(app.keys.label("skip_ai"))
    side, said = battle.ai.said
    assert said and f"{SIDE_NAME[side]} AI: {said}" in words
    names = {m.name for m in battle.state.models}
    assert any(said.startswith(name) for name in names)
    m = battle.state.model(battle.state.active_model)
    battle.ai.players = {}  # the AI pauses here: the camera glides on to the model it activated
    for _ in range(90):
        frames(app, 1)
    assert cam.viewport.collidepoint(cam.to_screen(m.x, m.y))


def test_ai_summary_tells_moves_charges_and_shots_in_words() -> None:
    names = {"red-1": "Sir Robert Ogle", "blue-2": "John Neville"}
    places = (("the ford", 13.0, 18.5),)
    moved = ev.Moved(model="red-1", path=[(13.0, 12.5), (13.0, 18.5)], cost=6.0)
    assert ai_summary([moved], names, places) == "Sir Robert Ogle moved 6″ to the ford"
    north = ev.Moved(model="red-1", path=[(30.0, 30.0), (30.0, 26.0)], cost=4.0)
    assert ai_summary([ev.Activated(model="red-1", in_command=True), north], names, places) \
        == "Sir Robert Ogle moved 4″ north"
    charge = ev.GambitRolled(model="red-1", gambit="mounted_charge", outcome="success")
    assert ai_summary([charge, moved], names, places).startswith("Sir Robert Ogle charged 6″")
    shot = ev.ShotFired(model="red-1", target="blue-2", weapon="longbow", distance=10.0, long_range=False,
                        need=4, roll=5, hit=True)
    fell = ev.Casualty(model="blue-2", by_side="red", valour=1)
    assert ai_summary([shot, fell], names) == \
        "Sir Robert Ogle shot at John Neville (hit); John Neville is a casualty"
    assert ai_summary([ev.Activated(model="red-1", in_command=True)], names) == "Sir Robert Ogle activated"


def test_a_map_copied_alone_uses_the_shipped_tileset(app: App, tmp_path: Path) -> None:
    copy = tmp_path / "my-ford.tmx"
    copy.write_text(scenario_path("the-ford").read_text())
    assert not (tmp_path / "terrain.tsx").exists()
    name = scenario_key(str(copy))
    assert scenario_problem(name) == ""
    engine = start_game(name, 1)
    assert engine.table.terrain.width == 48
    cam = Camera(Path(name), pygame.Rect(0, 0, 640, 480))  # the window draws it with the shipped picture
    assert cam.whole().get_size() == (48 * cam.tile_px, 36 * cam.tile_px)


def test_a_map_whose_own_tileset_is_missing_says_why(tmp_path: Path) -> None:
    copy = tmp_path / "lost.tmx"
    ford = scenario_path("the-ford").read_text()
    copy.write_text(ford.replace('source="terrain.tsx"', 'source="mine.tsx"'))
    problem = scenario_problem(scenario_key(str(copy)))
    assert "mine.tsx" in problem and "missing" in problem


def test_the_buttons_that_answer_a_charge_tell_what_they_do_with_odds(app: App) -> None:
    app.settings.blindfold = False
    engine = start_game("the-ford", 4)  # John Heron (Blue) rides at Thomas Strangways (Orange)
    for mid, pos, facing in (("blue-9", (10.5, 31.0), 0.0), ("red-9", (10.5, 23.0), 180.0)):
        m = engine.state.model(mid)
        m.x, m.y = pos
        m.facing = facing
    battle = BattleScreen(app, Match(engine, "hotseat", {"red": HUMAN, "blue": HUMAN}), "hotseat")
    app.reset(battle)
    frames(app, 2)
    cam = battle.camera
    cam.set_zoom(1.0)
    cam.look_at(10.5, 27.0)
    frames(app, 1)
    click(app, cam.to_screen(10.5, 31.0))
    key(app, pygame.K_c)
    click(app, cam.to_screen(10.5, 23.0))
    assert battle.state.pending is not None and battle.state.acting_side == "red"
    frames(app, 1)
    answers = ("Counter Charge", "Evade", "Stand")
    tips = {b.label: b.hint for b in battle.layout().buttons if b.label in answers}
    assert tips and all(tips.values())
    assert "Counter Charge" not in tips or "in 6" in tips["Counter Charge"]
    answer = next(b for b in battle.layout().buttons if b.hint and b.label in tips)
    battle.input.mouse_pinned, battle.input.mouse = True, answer.rect.center
    frames(app, 1)
    box = draw_tooltip(app.surface, app.fonts, battle.layout().buttons, battle.input.mouse, cam.viewport)
    assert box is not None and cam.viewport.contains(box)
    assert draw_tooltip(app.surface, app.fonts, battle.layout().buttons, (5, 5), cam.viewport) is None


def test_perk_cards_have_tooltips(app: App) -> None:
    battle = _ford(app)
    frames(app, 1)
    perks = battle.layout().perk_buttons
    assert perks and all(b.hint for b in perks)
    box = draw_tooltip(app.surface, app.fonts, battle.layout().buttons, perks[0].rect.center,
                       battle.camera.viewport)
    assert box is not None and battle.camera.viewport.contains(box) and box.right <= perks[0].rect.left


def test_the_rings_have_a_legend_away_from_the_ringed_model(app: App) -> None:
    battle = _ford(app)
    state, table, cam = battle.state, battle.session.engine.table, battle.camera
    hero = state.model(HERO)
    shown = rings(table, state, hero)
    assert {label.split()[0] for _, label, _ in shown} <= set(RING_MEANINGS)
    at = cam.to_screen(hero.x, hero.y)
    box = draw_ring_legend(app.surface, app.fonts, cam.viewport, shown, at)
    assert box is not None and cam.viewport.contains(box) and not box.collidepoint(at)
    assert box.height >= (len(shown) + 1) * app.fonts.small.get_linesize()
    assert draw_ring_legend(app.surface, app.fonts, cam.viewport, [], at) is None


def test_tokens_read_at_the_default_zoom(app: App) -> None:
    battle = _ford(app)
    state, table, cam = battle.state, battle.session.engine.table, battle.camera
    px = round(cam.px_per_inch)
    assert px < 28  # the whole table in view: painted figures too small to read alone
    hero, retainer = state.model(HERO), next(m for m in state.models if m.side == "blue" and m.spear != m.id)
    art = TokenArt()

    def colours(m: Model) -> set[tuple[int, int, int]]:
        image = art.token(m, table, px).image
        return {tuple(image.get_at((x, y)))[:3] for x in range(image.get_width())  # type: ignore[misc]
                for y in range(image.get_height()) if image.get_at((x, y)).a == 255}

    assert theme.GOLD in colours(hero) and theme.GOLD not in colours(retainer)  # the Hero's mark
    assert theme.SIDE["blue"] in colours(retainer)  # the side's rim
    turned = hero.copy()
    turned.facing = (hero.facing + 90) % 360
    assert art.token(turned, table, px).image.get_size() != art.token(hero, table, px).image.get_size()


def test_a_map_that_cannot_be_played_says_why_in_the_window(app: App, tmp_path: Path) -> None:
    lost = tmp_path / "lost.tmx"
    lost.write_text(scenario_path("the-ford").read_text().replace('source="terrain.tsx"', 'source="x.tsx"'))
    args = _parser().parse_args(["--scenario", scenario_key(str(lost)), "--frames", "1"])
    assert _open(app, args) == 2  # shown in the window, and refused by the exit code
    shown = app.top
    assert isinstance(shown, MessageDialog) and shown.heading == "This map cannot be played"
    assert "x.tsx" in shown.message and "missing" in shown.message


def test_the_command_line_names_orange_as_the_game_does() -> None:
    args = _parser().parse_args(["--mode", "solo", "--side", "orange", "--orange", "random:easy"])
    assert args.side == "red" and args.red == "random:easy"
    assert "--orange" in _parser().format_help() and "{orange,blue}" in _parser().format_help()
