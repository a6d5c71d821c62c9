"""Screenshots for the docs that the command line cannot stage: the scenario picker with the
player's own scenarios, a solo game with the AI at play, and the editor.

Run: `xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python tools/shoot_docs.py [--out DIR]`
(the dummy video driver works too). All at 1280x720, the player's own folders untouched:
- picker.png: the picker over a scratch scenarios folder holding two maps of the player's own and
  one that cannot be played (a retinue the game does not know).
- solo.png: The Ford, seed --seed (default 1), Blue the person and Orange a Normal AI; eager
  players give SOLO_STEPS commands, then Orange's AI plays on at its own pace and is caught just
  after one of its moves, the move's trail on the table and its rolls in the log.
- editor.png: the editor on The Ford, the woods brush in hand.

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

from game.persist import Match
from game.rules.events import Moved
from game.scenario import scenario_path
from game.ui import places
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.editor.screen import EditorScreen
from game.ui.launch import editor_place, play_ai
from game.ui.screens.scenarios import ScenarioPicker
from game.ui.settings import Settings
from game.ui.solo import solo_players

OWN = SCRATCH / "you" / "destrier"  # the scratch data folder: its scenarios/ is "your own"
SIZE = (1280, 720)
T = TypeVar("T")
SOLO_STEPS = 100  # eager commands before the solo game is shown


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


def main(argv: list[str] | None = None) -> None:
    """Write the three screenshots."""
    os.environ["DESTRIER_DATA_DIR"] = str(OWN)  # "your own scenarios" live in the scratch folder
    args = shot_args(__doc__, argv)
    app = shot_app(Settings(animation_speed=1.0, ai_speed="normal", blindfold=False), SIZE)
    shoot_picker(app, args.out / "picker.png")
    shoot_editor(app, args.out / "editor.png")
    shoot_solo(app, args.seed, SOLO_STEPS, args.out / "solo.png")
    print(f"wrote picker.png, editor.png and solo.png in {args.out}")


if __name__ == "__main__":
    main()
