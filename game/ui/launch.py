"""Which places the app opens on, from the command line (and the hidden --screen for docs)."""

from __future__ import annotations

import argparse
import math
from typing import TYPE_CHECKING, cast

from game.ai import PLAYERS, EagerPlayer, parse_spec
from game.muster.roster import Roster
from game.persist import Match
from game.persist.rosters import read_roster
from game.rules.commands import Activate
from game.scenario import resolved_map, scenario_key, scenario_path
from game.ui import places
from game.ui.app import App
from game.ui.battle.camera import ZOOM_STEPS
from game.ui.battle.previews import move_preview
from game.ui.solo import ai_spec, solo_players

if TYPE_CHECKING:  # the docs' staging reaches into the table it stages (not a screen's import)
    from game.ui.battle.screen import BattleScreen

SIMPLE: dict[str, places.Place] = {"rules": places.Rules(), "settings": places.Settings(),
                                   "scenarios": places.ScenarioPicker(), "load": places.Load()}


def play_ai(match: Match, steps: int, seed: int) -> None:
    """Let eager AI players give `steps` commands (to show a game in progress)."""
    players = {"red": EagerPlayer(seed * 2 + 1), "blue": EagerPlayer(seed * 2 + 2)}
    engine = match.engine
    for _ in range(steps):
        if engine.state.over:
            return
        side = engine.state.acting_side
        match.submit(players[side].choose(engine, side))


def check_player(spec: str | None) -> str:
    """Why an AI player spec from the command line cannot be used ("" if it can, or is not given)."""
    if spec is None:
        return ""
    try:
        name, _ = parse_spec(spec)
    except ValueError as exc:
        return str(exc)
    return "" if name in PLAYERS else f"unknown player {name!r}; known: {', '.join(sorted(PLAYERS))}"


def side_rosters(red: str | None, blue: str | None) -> dict[str, Roster]:
    """The roster files named by --orange-roster and --blue-roster, read, by side (RosterFileError)."""
    return {side: read_roster(path) for side, path in (("red", red), ("blue", blue)) if path}


def players_of(args: argparse.Namespace) -> dict[str, str] | None:
    """Who plays each side, from --mode, --side, --difficulty, --red and --blue."""
    if args.mode == "solo":
        return solo_players(args.side, args.difficulty)
    if args.mode == "watch":
        default = ai_spec("normal")
        return {"red": args.red or default, "blue": args.blue or default}
    return None


def first_screen(app: App, args: argparse.Namespace) -> None:
    """Open the places the arguments ask for: a page over the main menu, or a game alone (the menu
    is built when the game is left, not before its first frame)."""
    screen = args.screen or ("battle" if args.scenario else "menu")
    if screen in ("menu", *SIMPLE, "solo-setup", "watch-setup"):
        app.apply(places.Reset(places.MainMenu()))
    if screen == "menu":
        return
    if screen in SIMPLE:
        app.apply(places.Push(SIMPLE[screen]))
        return
    if screen in ("solo-setup", "watch-setup"):
        form = places.SoloSetup if screen == "solo-setup" else places.WatchSetup
        app.apply(places.Push(form(args.scenario or "the-ford", args.seed)))
        return
    match = Match.start(args.scenario or "the-ford", args.seed, args.mode, players_of(args),
                        getattr(args, "rosters", None), deploy=getattr(args, "deploy", False))
    play_ai(match, args.steps, args.seed)
    if screen == "result":
        _finish(match, args.seed)
    # a scripted run (screenshots) leaves the player's autosave alone
    app.apply(places.Reset(places.Battle(match, args.mode, autosave=not getattr(args, "frames", 0))))
    battle = cast("BattleScreen", app.top)
    if getattr(args, "hint", False):
        stage_hint(battle)
    elif screen == "battle" and args.screen:
        stage_demo(battle)
    if screen == "handover":
        app.apply(places.Push(places.Handover("blue", "Your Spear activates: the next card is yours")))


def editor_place(scenario: str | None) -> places.Editor:
    """The editor on a scenario named as on the command line (a map in maps/ or a path), or a new one."""
    if not scenario:
        return places.Editor()
    path = scenario_path(scenario_key(scenario))
    return places.Editor(path=resolved_map(path))  # the map is read as the editor opens


def _finish(match: Match, seed: int) -> None:
    """Play the game out with AI players (for the result screen's screenshot)."""
    play_ai(match, 5000, seed)


def stage_demo(battle: BattleScreen) -> None:
    """For the docs: activate a model, zoom on it, show its rings and the odds of a move."""
    engine = battle.session.engine
    state = engine.state
    if not state.active_model:
        acts = [c for c in engine.legal_commands(state.acting_side) if isinstance(c, Activate)]
        if acts:
            battle.submit(acts[0])
    m = battle.ctl.active()
    if m is None:
        return
    battle.show_rings = True
    cam = battle.camera
    cam.set_zoom(1.0)
    target = _demo_target(battle, m.id, (m.x, m.y))
    cam.look_at((m.x + target[0]) / 2, (m.y + target[1]) / 2)
    battle.input.mouse = cam.to_screen(*target)
    battle.input.mouse_pinned = True


def stage_hint(battle: BattleScreen) -> None:
    """For the docs: activate a model of the side to play, ask for a hint and highlight the first."""
    engine = battle.session.engine
    state = engine.state
    if not state.active_model and state.pending is None and battle.human_acting():
        acts = [c for c in engine.legal_commands(state.acting_side) if isinstance(c, Activate)]
        if acts:
            battle.submit(acts[0])
    battle.hint.toggle()
    battle.hint.board.worker.wait(60.0)
    battle.update(0.0)
    battle.hint.pick(1)
    m = battle.ctl.active()
    spots = [(m.x, m.y)] if m is not None else []
    for h in battle.hint.shown():
        target = state.find(h.target) if h.target else None
        spots += h.path[-1:] + ([(target.x, target.y)] if target is not None else [])
    if spots:
        _frame(battle, spots)
    battle.input.mouse = (battle.app.surface.get_width() - 4, 4)  # off the table: no hover preview
    battle.input.mouse_pinned = True


def _frame(battle: BattleScreen, spots: list[tuple[float, float]]) -> None:
    """Zoom and centre the table on the points, as close as they all fit (at most 1.5x)."""
    cam = battle.camera
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    span_x, span_y = (max(xs) - min(xs) + 6) * cam.tile_px, (max(ys) - min(ys) + 6) * cam.tile_px
    fits = [z for z in ZOOM_STEPS if z <= 1.5 and span_x * z <= cam.viewport.width
            and span_y * z <= cam.viewport.height]
    cam.set_zoom(max(fits) if fits else ZOOM_STEPS[0])
    cam.look_at((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)


def _demo_target(battle: BattleScreen, model_id: str, at: tuple[float, float]) -> tuple[float, float]:
    """A legal move end for the demo, preferring one that crosses an obstacle."""
    engine = battle.session.engine
    best = None
    for dist in (9.0, 8.0, 7.0, 5.5, 4.0):
        for bearing in range(0, 360, 15):
            rad = math.radians(bearing)
            ends = [(at[0] + d * math.sin(rad), at[1] - d * math.cos(rad)) for d in
                    (dist, dist - 0.4, dist + 0.4)]
            pvs = [move_preview(engine, model_id, [e], None) for e in ends]
            if not all(p.legal for p in pvs):
                continue
            if any("ump" in ln for ln in pvs[0].lines):
                return ends[0]
            best = best or ends[0]
    return best or (at[0], at[1] - 3.0)
