"""Screenshots of the activating Spear for the docs: its members marked on the table and listed in
the side panel, and the question asked before the Spear is ended with models still to activate.

Run: `xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python tools/shoot_spear.py [--out DIR]`
(the dummy video driver works too). The Ford, seed 1, at 1280x720: Blue's Richard Tunstall has
activated, moved and ended his activation, his archer Jock Elliot is active, and the cursor rests
on Adam Robson, out of Command Range.
- spear.png: the Spear marked, the table zoomed in on it.
- spear-confirm.png: Jock Elliot's activation ended, Space pressed: the question.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.persist import Match  # noqa: E402
from game.rules.commands import Activate, EndActivation, Move  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.battle.screen import BattleScreen  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

HERO, ARCHER, FAR = "blue-5", "blue-7", "blue-6"  # Richard Tunstall, Jock Elliot, Adam Robson


def frames(app: App, n: int, dt: float = 1 / 60) -> None:
    """Run frames."""
    for _ in range(n):
        app.step(dt)


def staged(app: App, seed: int) -> BattleScreen:
    """The Hero has moved up and ended his activation; his archer is active."""
    battle = BattleScreen(app, Match.start("the-ford", seed), "hotseat")
    app.reset(battle)
    state = battle.state
    if state.current_card != HERO:
        raise SystemExit(f"seed {seed} turns {state.current_card!r} first, not {HERO!r}")
    hero = state.model(HERO)
    for cmd in (Activate(side="blue", model=HERO),
                Move(side="blue", model=HERO, path=((hero.x + 1.0, hero.y - 4.0),)),
                EndActivation(side="blue", model=HERO), Activate(side="blue", model=ARCHER)):
        result = battle.submit(cmd)
        if not hasattr(result, "events"):
            raise SystemExit(f"{cmd.type} was refused: {result}")
    frames(app, 5)
    cam = battle.camera
    hero = state.model(HERO)
    cam.set_zoom(1.0)
    cam.look_at(hero.x + 3.0, hero.y + 2.0)
    battle.mouse_pinned = True
    far = state.model(FAR)
    battle.mouse = cam.to_screen(far.x + 0.1, far.y + 0.3)  # over Adam Robson, out of Command Range
    frames(app, 10)
    return battle


def main(argv: list[str] | None = None) -> None:
    """Write the two screenshots."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    scratch = Path("/tmp/destrier-shots")
    app = App(settings=Settings(animation_speed=0.0, blindfold=False), size=(1280, 720), config_dir=scratch,
              saves_dir=scratch / "saves")
    battle = staged(app, args.seed)
    pygame.image.save(app.surface, args.out / "spear.png")
    battle.submit(EndActivation(side="blue", model=ARCHER))
    frames(app, 3)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    frames(app, 5)
    pygame.image.save(app.surface, args.out / "spear-confirm.png")
    print(f"wrote {args.out / 'spear.png'} and {args.out / 'spear-confirm.png'}")


if __name__ == "__main__":
    main()
