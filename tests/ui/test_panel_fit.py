"""The battle screen's side panel fits its window, the rings' legend keeps clear of the odds box,
and the event log speaks the players' words.

- The panel at each window size and UI scale, with the hint list shown or in drive mode: every
  row the layout gives (hint rows, Spear rows, Perk cards, log lines, the action bar's buttons)
  lies inside the window and inside its part, and the log shows at least three lines.
- The rings' legend never covers the odds box nor the active model.
- No line of the log, over seeded games on every shipped scenario, holds an engine id.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai import EagerPlayer
from game.content import load_content
from game.persist import Match
from game.rules.commands import Activate, EndActivation, EndSpear
from game.rules.vehicles import driver_of
from game.scenario import list_scenarios
from game.ui import navigation, places, theme
from game.ui.app import App
from game.ui.battle.draw import legend_rect
from game.ui.battle.hud import ring_legend_rect
from game.ui.battle.layout import BattleLayout, base_rect
from game.ui.battle.overlays import rings as rings_of
from game.ui.battle.screen import BattleScreen
from game.ui.eventtext import describe_event, names_of
from game.ui.launch import stage_demo, stage_hint
from game.ui.settings import Settings

SIZES = ((1280, 720), (1024, 600), (1920, 1080))
SCALES = (1.0, 1.5)

IDENT = re.compile(r"\b\w+_\w+\b")  # an engine key: to_leader, man_at_arms
SPEC = re.compile(r"\b[a-z]+:[a-z]+\b")  # a player spec: search:normal
RAW_WORDS = ("red", "to_leader", "dither", "success", "calamity")  # keys the log once showed


def played(scenario: str, seed: int, steps: int = 300) -> Match:
    """A game on a scenario after eager AI players gave up to `steps` commands."""
    match = Match.start(scenario, seed)
    engine = match.engine
    players = {"red": EagerPlayer(seed * 2 + 1), "blue": EagerPlayer(seed * 2 + 2)}
    for _ in range(steps):
        if engine.state.over:
            break
        side = engine.state.acting_side
        match.submit(players[side].choose(engine, side))
    return match


def to_driver(battle: BattleScreen) -> None:
    """End Spears until the wagon's driver's Spear is up, then activate him (his Hero first)."""
    engine = battle.session.engine
    driver = driver_of(engine.table, engine.state, engine.state.vehicle("vehicle-1"))
    assert driver is not None
    for _ in range(40):
        if engine.state.current_card == driver.spear:
            break
        battle.submit(EndSpear(side=engine.state.acting_side))  # type: ignore[arg-type]
    side = engine.state.acting_side
    if driver.spear != driver.id:
        battle.submit(Activate(side=side, model=driver.spear))  # type: ignore[arg-type]
        battle.submit(EndActivation(side=side, model=driver.spear))  # type: ignore[arg-type]
    battle.submit(Activate(side=side, model=driver.id))  # type: ignore[arg-type]
    assert engine.state.active_model == driver.id


def staged(app: App, case: str) -> BattleScreen:
    """A table mid-game: The Ford after 119 eager commands with the hint list shown, or Make Way!
    with the wagon's driver steering (drive mode), with or without the hints."""
    scenario = "the-ford" if case == "ford-hint" else "make-way"
    match = played(scenario, 1, 119) if scenario == "the-ford" else Match.start(scenario, 1)
    app.apply(places.Reset(places.Battle(match, "hotseat", autosave=False)))
    battle = app.top
    assert isinstance(battle, BattleScreen)
    if scenario == "make-way":
        to_driver(battle)
        assert battle.driving()
    if case.endswith("hint"):
        stage_hint(battle)
        assert battle.hint.shown()
    return battle


def sized(app: App, battle: BattleScreen, size: tuple[int, int], scale: float) -> BattleLayout:
    """The table's layout in a window of this size at this UI scale."""
    app.settings.ui_scale_auto, app.settings.ui_scale = False, scale
    app.fonts = theme.Fonts(scale)
    app.surface = pygame.display.set_mode(size)
    battle.resized(size)
    return battle.layout()


@pytest.fixture(scope="module")
def window(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    folder: Path = tmp_path_factory.mktemp("fit")
    yield App(settings=Settings(animation_speed=0), config_dir=folder / "config",
              saves_dir=folder / "saves", build=navigation.build)
    pygame.display.quit()


@pytest.mark.parametrize("case", ["ford-hint", "way-drive", "way-drive-hint"])
def test_the_side_panel_fits_every_window_and_scale(window: App, case: str) -> None:
    battle = staged(window, case)
    for size in SIZES:
        for scale in SCALES:
            layout = sized(window, battle, size, scale)
            where = (case, size, scale)
            screen, panel, bar = window.surface.get_rect(), layout.frame.panel_rect, layout.frame.bar_rect
            rows = [*(r for r, _ in layout.hint_rects), *(r for r, _ in layout.spear_rects),
                    *(b.rect for b in layout.perk_buttons), *(r for r, _ in layout.log_rects)]
            for rect in rows:
                assert screen.contains(rect) and panel.contains(rect), (where, rect, panel)
            for b in layout.actions:
                assert screen.contains(b.rect) and bar.contains(b.rect), (where, b.label, b.rect, bar)
            assert len(layout.log_rects) >= 3, where
            assert layout.plan.log_most > 0, where  # the older lines are a scroll away
            if case.endswith("hint"):
                assert layout.hint_rects, where
            logs = [r for r, _ in layout.log_rects]
            assert all(a.bottom <= b.top for a, b in zip(logs, logs[1:], strict=False)), where
            above = [*(r for r, _ in layout.hint_rects), *(b.rect for b in layout.perk_buttons)]
            assert all(r.bottom <= logs[0].top for r in above), where
            window.draw()


def raw_ids() -> set[str]:
    """Content ids a player never reads: profiles, retinues, steeds, weapons, Perks, vehicles."""
    content = load_content()
    out: set[str] = set()
    for kind in ("profiles", "retinues", "steeds", "weapons", "perks", "vehicles"):
        table = getattr(content, kind, {})
        out |= {key for key in table if "-" in key or "_" in key}
    return out


def test_the_log_speaks_in_words_over_games_on_every_scenario() -> None:
    known = raw_ids()
    seen = 0
    for scenario in list_scenarios():
        for seed in (1, 2, 3):
            match = played(scenario, seed)
            state = match.engine.state
            names = names_of(state)
            ids = known | {m.id for m in state.models} | {v.id for v in state.vehicles}
            for event in match.engine.log:
                line = describe_event(event, names)
                seen += 1
                assert not IDENT.search(line), line
                assert not SPEC.search(line), line
                words = set(re.findall(r"[\w-]+", line))
                assert not words & ids, line
                assert not words & set(RAW_WORDS), line
    assert seen > 2000


def test_the_rumour_of_treachery_says_what_each_retainer_does() -> None:
    from game.rules.events import AlarumDrawn, GameEnded

    rumour = AlarumDrawn(alarum="rumour", name="A Rumour of Treachery",
                         detail="Davy Longstaffe: flee; Oswin Charlton: to_leader")
    assert describe_event(rumour) == ("Divers Alarums: A Rumour of Treachery — Davy Longstaffe: runs for "
                                      "it; Oswin Charlton: falls back to his Hero")
    ended = GameEnded(winner="blue", reason="red failed the Will to Fight and quit the field",
                      valour={"red": 1, "blue": 2})
    assert "(Orange failed the Will to Fight" in describe_event(ended)


def test_the_rings_legend_keeps_off_the_odds_box_and_the_active_model(window: App) -> None:
    match = played("the-ford", 1, 125)
    window.apply(places.Reset(places.Battle(match, "hotseat", autosave=False)))
    battle = window.top
    assert isinstance(battle, BattleScreen)
    sized(window, battle, (1280, 720), 1.0)
    stage_demo(battle)  # a model activated, its rings shown, the view on it
    active = battle.ctl.active()
    assert active is not None and battle.show_rings
    cam, table = battle.camera, battle.session.engine.table
    base = base_rect(cam, table, active)
    vp = cam.viewport
    overlapped_before = boxes = 0
    for x in range(vp.left + 20, vp.right - 20, 60):
        for y in range(vp.top + 20, vp.bottom - 20, 50):
            battle.input.mouse = (x, y)
            view = battle.view()
            box = view.layout.preview_box
            if box is None:
                continue
            boxes += 1
            rings = rings_of(table, view.state, active)
            before = ring_legend_rect(window.fonts, vp, rings, cam.to_screen(active.x, active.y), [])
            overlapped_before += before is not None and before.colliderect(box)
            legend = legend_rect(view)
            where = ((x, y), box, legend)
            if legend is not None:
                assert vp.contains(legend) and not legend.colliderect(box), where
                assert not legend.colliderect(base), where
            assert not box.colliderect(base), where
    assert boxes > 50 and overlapped_before > 0
