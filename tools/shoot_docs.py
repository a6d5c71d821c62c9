"""Screenshots for the docs that the command line cannot stage: the scenario picker with the
player's own scenarios, a solo game with the AI at play, the editor, the muster and its retinues, a
game with a mustered retinue and a deployment by hand.

Run: `xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python tools/shoot_docs.py [--out DIR]`
(the dummy video driver works too). All at 1280x720, the player's own folders untouched:
- picker.png: the picker over a scratch scenarios folder holding two maps of the player's own and
  one that cannot be played (a retinue the game does not know).
- solo.png: The Ford, seed --seed (default 1), Blue the person and Orange a Normal AI; eager
  players give SOLO_STEPS commands, then Orange's AI plays on at its own pace and is caught just
  after one of its moves, the move's trail on the table and its rolls in the log.
- editor.png: the editor on The Ford, the woods brush in hand.
- muster.png, muster-list.png, muster-game.png: four rosters in the scratch rosters folder (a blank
  one, a shipped retinue as it is, one half done with a problem, and The Neville Riders: the Duke's
  Affinity mounted, two Lances, a Squire renamed); the muster on The Neville Riders with the
  Captain's Skill drawn and a Shootist put on a Warhorse, his problem listed (then put right and
  saved); the retinues list; a solo game on The Ford with Orange fielding The Neville Riders,
  eager players playing into turn 2 until an Orange Spear's card is turned.
- deploy.png: The Ford with deployment on, seed DEPLOY_SEED, Blue the person against a Normal AI:
  Blue's first Spear by Auto-deploy, the second's first two models stood by clicks, the pointer
  on a spot where the third may stand.

The other pictures come from the command line (XDG_CONFIG_HOME and XDG_DATA_HOME pointed at a
scratch folder, SDL_VIDEODRIVER=dummy for the menu so no cursor hovers it), each with
`--frames 10 --screenshot docs/screenshots/NAME.png`:
- battle.png: `main.py --scenario the-ford --screen battle --seed 1 --steps 40`
- hint.png: `main.py --scenario the-ford --seed 1 --steps 119 --hint`
- handover.png, result.png: `main.py --scenario the-ford --screen handover|result --seed 1`
- menu.png: `main.py --screen menu`
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import TypeVar

import pygame
from shots import SCRATCH, frames, shot_app, shot_args  # the checkout first on the import path

from game.ai import EagerPlayer
from game.muster import Roster, blank, mount_all, template
from game.persist import Match
from game.persist.rosters import read_roster, rosters_dir, write_roster
from game.rules.commands import AutoDeploy, Deploy
from game.rules.deploying import now_deploying, zones_of
from game.rules.events import Moved
from game.rules.state import GameState
from game.scenario import scenario_path
from game.ui import places
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.editor.screen import EditorScreen
from game.ui.launch import editor_place, play_ai
from game.ui.screens import muster_edit as edit
from game.ui.screens.muster import MusterScreen
from game.ui.screens.retinues import RetinuesScreen
from game.ui.screens.scenarios import ScenarioPicker
from game.ui.settings import Settings
from game.ui.solo import solo_players

OWN = SCRATCH / "you" / "destrier"  # the scratch data folder: its scenarios/ is "your own"
SIZE = (1280, 720)
T = TypeVar("T")
SOLO_STEPS = 100  # eager commands before the solo game is shown
DEPLOY_SEED = 1  # on The Ford Blue wins the roll and deploys first
RIDERS = "The Neville Riders"
SHOOTIST = 3  # Will Scathelock, the Duke's Affinity's first archer, by his place in the roster
LANCES = (0, 4)  # the Captain and the first Squire
RENAMED = (8, "Sir John Neville")  # the other Squire


def top(app: App, kind: type[T]) -> T:
    """The screen on top, which must be of this kind."""
    screen = app.top
    if not isinstance(screen, kind):
        raise SystemExit(f"{type(screen).__name__} is on top, not {kind.__name__}")
    return screen


def own_scenarios() -> None:
    """Two of the player's own maps and a broken one, in the scratch scenarios folder."""
    folder = OWN / "scenarios"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    shutil.copy(scenario_path("the-ford"), folder / "the-ford.tmx")
    shutil.copy(scenario_path("skirmish-field"), folder / "the long field.tmx")
    text = scenario_path("make-way").read_text(encoding="utf-8")
    (folder / "Desert_Well.tmx").write_text(text.replace('"lancaster-ambush"', '"saracen-raiders"'),
                                            encoding="utf-8")


def shoot_picker(app: App, path: Path) -> None:
    """The picker as from the menu's New hot-seat game, one of the player's own maps chosen (the
    list scrolled down to it)."""
    own_scenarios()
    app.apply(places.Reset(places.MainMenu()))
    app.apply(places.Push(places.ScenarioPicker("hotseat")))
    picker = top(app, ScenarioPicker)
    own = [i for i, e in enumerate(picker.entries) if e.own and e.playable]
    picker.choose(own[0])
    picker.scroll_by(10_000)
    frames(app, 5)
    pygame.image.save(app.surface, str(path))


def shoot_solo(app: App, seed: int, steps: int, path: Path) -> None:
    """Orange's AI caught just after one of its moves, Blue waiting."""
    match = Match.start("the-ford", seed, "solo", solo_players("blue", "normal"))
    play_ai(match, steps, seed)
    app.apply(places.Reset(places.Battle(match, "solo", autosave=False)))
    battle = top(app, BattleScreen)
    engine = battle.session.engine
    seen = len(engine.log)
    for _ in range(60 * 120):
        frames(app, 1)
        fresh, seen = engine.log[seen:], len(engine.log)
        if engine.state.acting_side == "red" and any(isinstance(e, Moved) for e in fresh):
            break
    else:
        raise SystemExit("Orange's AI never moved")
    while battle.animating():
        frames(app, 1)  # the move played out, its trail still fresh
    frames(app, 10)
    pygame.image.save(app.surface, str(path))


def shoot_editor(app: App, path: Path) -> None:
    """The editor on The Ford, woods to paint."""
    app.apply(places.Reset(places.MainMenu()))
    app.apply(places.Push(editor_place("the-ford")))
    editor = top(app, EditorScreen)
    editor.paint.kind = "woods"
    editor.set_tool("paint")
    frames(app, 5)
    pygame.image.save(app.surface, str(path))


def write_rosters() -> Path:
    """The scratch rosters folder holding four rosters; the path of The Neville Riders'."""
    folder = rosters_dir()
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    write_roster(blank(3, "Hob's Lads"))
    write_roster(template("lancaster-archers"))
    meinie = template("lancaster-foot").model_copy(update={"name": "The Earl's Meinie, half done"})
    archer = next(i for i, m in enumerate(meinie.members) if m.profile == "archer")
    write_roster(edit.changed(meinie, archer, steed="warhorse"))  # a Shootist may ride only a Nag
    riders: Roster = mount_all(template("york-foot")).model_copy(update={"name": RIDERS})
    for index in LANCES:
        riders = edit.changed(riders, index, lance=True)
    named = edit.renamed(riders, *RENAMED)
    assert not isinstance(named, str), named
    return write_roster(named)


def shoot_muster(app: App, riders: Path, path: Path) -> None:
    """The muster on The Neville Riders: Will Scathelock put on a Warhorse, the Captain's Skill drawn
    from the deck, Will chosen again, his problem listed; afterwards he goes back to his Nag and the
    roster is saved (so the list and the game field it with its Skill)."""
    app.apply(places.Reset(places.MainMenu()))
    app.apply(places.Push(places.Retinues()))
    app.apply(places.Push(places.Muster(riders)))
    muster = top(app, MusterScreen)
    muster.select(SHOOTIST)
    muster.picked(muster.el["steed"], "warhorse")
    muster.pressed(muster.el["draw"])  # the Captain chosen, the card drawn said under the ground
    if muster.bad or "Skill deck" not in muster.line:
        raise SystemExit(f"the Captain's Skill was not drawn: {muster.line}")
    muster.select(SHOOTIST)
    if not any(b.member == SHOOTIST for b in muster.found):
        raise SystemExit("a Shootist on a Warhorse is no problem any more")
    frames(app, 5)
    pygame.image.save(app.surface, str(path))
    muster.picked(muster.el["steed"], "nag")
    muster.pressed(muster.el["save"])
    if muster.found:
        raise SystemExit(f"{RIDERS} saved with problems: {muster.found}")


def shoot_retinues(app: App, path: Path) -> None:
    """The retinues list, the first roster chosen."""
    app.apply(places.Reset(places.MainMenu()))
    app.apply(places.Push(places.Retinues()))
    top(app, RetinuesScreen)
    frames(app, 5)
    pygame.image.save(app.surface, str(path))


def _spear_begins(state: GameState, side: str) -> bool:
    """True when a card of the side has just been turned and none of its Spear has activated."""
    return (state.acting_side == side and bool(state.current_card) and not state.active_model
            and not any(m.activated for m in state.models if m.spear == state.current_card))


def shoot_muster_game(app: App, riders: Path, seed: int, path: Path) -> None:
    """Orange, the person, fielding The Neville Riders on The Ford against a Normal AI: eager
    players play into turn 2 until a card of Orange's is turned."""
    match = Match.start("the-ford", seed, "solo", solo_players("red", "normal"),
                        rosters={"red": read_roster(riders)})
    engine = match.engine
    state = engine.state
    players = {"red": EagerPlayer(seed * 2 + 1), "blue": EagerPlayer(seed * 2 + 2)}
    for _ in range(2000):
        if state.over or (state.turn >= 2 and _spear_begins(state, "red")):
            break
        match.submit(players[state.acting_side].choose(engine, state.acting_side))
    if state.over or state.turn < 2:
        raise SystemExit("the game never reached an Orange card in turn 2")
    app.apply(places.Reset(places.Battle(match, "solo", autosave=False)))
    top(app, BattleScreen)
    frames(app, 20)
    pygame.image.save(app.surface, str(path))


def _click(app: App, pos: tuple[int, int]) -> None:
    """Move the mouse there and click."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 2)


def _blue_to_deploy(app: App, battle: BattleScreen) -> None:
    """Frames until the AI has stood its Spear and Blue deploys."""
    for _ in range(60 * 60):
        if battle.state.acting_side == "blue" or battle.state.deploying is None:
            return
        frames(app, 1)
        battle.ai.thinker.wait()
    raise SystemExit("Orange's AI never deployed")


def _free_row(battle: BattleScreen, models: list[str], middle: float, y: float) -> list[tuple[float, float]]:
    """Spots 2.5" apart along a line of the zone, left of its middle, where each model may stand
    (the rest of the table as it is)."""
    engine = battle.session.engine
    for start in (middle - 3.0 * k for k in range(1, 12)):
        spots = [(start - 2.5 * i, y) for i in range(len(models))]
        if all(engine.explain(Deploy(side="blue", model=mid, x=x, y=y, facing=0.0)).legal
               for mid, (x, y) in zip(models, spots, strict=True)):
            return spots
    raise SystemExit("no free row in Blue's zone")


def shoot_deploy(app: App, path: Path) -> None:
    """Blue deploying by hand on The Ford: its first Spear by Auto-deploy, two of the second's
    models stood by clicks at the front of the zone, the pointer where the third may stand."""
    match = Match.start("the-ford", DEPLOY_SEED, "solo", solo_players("blue", "normal"), deploy=True)
    app.apply(places.Reset(places.Battle(match, "solo", autosave=False)))
    battle = top(app, BattleScreen)
    frames(app, 2)
    if battle.state.acting_side != "blue":
        raise SystemExit("Blue does not deploy first")
    battle.submit(AutoDeploy(side="blue", spear=now_deploying(battle.state)))
    _blue_to_deploy(app, battle)
    zone = zones_of(match.engine.table, "blue")[0]
    cam = battle.camera
    cam.set_zoom(1.0)
    cam.look_at(zone.x + zone.w / 2, zone.y + zone.h / 2 - 6.0)
    frames(app, 2)
    roll = battle.look.spear_roll()
    spots = _free_row(battle, [m.id for m in roll], zone.x + zone.w / 2, zone.y + 1.2)
    rows = {mid: rect for rect, mid in battle.layout().spear_rects}
    _click(app, rows[roll[0].id].center)  # the Hero, picked in the panel
    for x, y in spots[:2]:
        _click(app, cam.to_screen(x, y))
    x, y = spots[2]
    at = cam.to_screen(x, y)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 60 * 5)  # the line that said whom to stand has gone
    preview = battle.current_preview()
    if preview is None or not preview.legal:
        raise SystemExit(f"the pointer is on no legal spot: {preview}")
    pygame.image.save(app.surface, str(path))


def main(argv: list[str] | None = None) -> None:
    """Write the screenshots."""
    os.environ["DESTRIER_DATA_DIR"] = str(OWN)  # "your own scenarios" live in the scratch folder
    args = shot_args(__doc__, argv)
    app = shot_app(Settings(animation_speed=1.0, ai_speed="normal", blindfold=False), SIZE)
    shoot_picker(app, args.out / "picker.png")
    shoot_editor(app, args.out / "editor.png")
    shoot_solo(app, args.seed, SOLO_STEPS, args.out / "solo.png")
    riders = write_rosters()
    shoot_muster(app, riders, args.out / "muster.png")
    shoot_retinues(app, args.out / "muster-list.png")
    shoot_muster_game(app, riders, args.seed, args.out / "muster-game.png")
    shoot_deploy(app, args.out / "deploy.png")
    print(f"wrote picker.png, editor.png, solo.png, muster.png, muster-list.png, muster-game.png and "
          f"deploy.png in {args.out}")


if __name__ == "__main__":
    main()
