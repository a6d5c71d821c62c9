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

import pygame
from shots import frames, shot_app, shot_args  # the checkout first on the import path

from game.persist import Match
from game.rules.commands import Activate, EndActivation, Move
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.settings import Settings

HERO, ARCHER, FAR = "blue-5", "blue-7", "blue-6"  # Richard Tunstall, Jock Elliot, Adam Robson


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
    battle.input.mouse_pinned = True
    far = state.model(FAR)
    battle.input.mouse = cam.to_screen(far.x + 0.1, far.y + 0.3)  # over Adam Robson, out of Command Range
    frames(app, 10)
    return battle


def main(argv: list[str] | None = None) -> None:
    """Write the two screenshots."""
    args = shot_args(__doc__, argv)
    app = shot_app(Settings(animation_speed=0.0, blindfold=False), (1280, 720))
    battle = staged(app, args.seed)
    pygame.image.save(app.surface, args.out / "spear.png")
    battle.submit(EndActivation(side="blue", model=ARCHER))
    battle.input.mouse = (app.surface.get_width() // 2, app.surface.get_height() // 2)  # on the question
    frames(app, 3)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    frames(app, 5)
    pygame.image.save(app.surface, args.out / "spear-confirm.png")
    print(f"wrote {args.out / 'spear.png'} and {args.out / 'spear-confirm.png'}")


if __name__ == "__main__":
    main()
