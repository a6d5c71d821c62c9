"""Screenshots of the tutorial for the docs: two of its steps, played by mouse and key events.

Run: `xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python tools/shoot_tutorial.py [--out DIR]`
(the dummy video driver works too). The tutorial is opened as from the main menu and played as a
newcomer plays it, following the coach:
- tutorial-1.png: "Jump the hedge": Sir Thomas activated, the cursor on the flag beyond the hedge,
  the move's path and its Jump test odds shown.
- tutorial-2.png: "Mounted Charge!": over the hedge, Will Fenton activated with the charge
  declared, the cursor on the billman and the charge's odds shown.
"""

from __future__ import annotations

from pathlib import Path

import pygame
from shots import frames, shot_app, shot_args  # the checkout first on the import path

from game.ui import places
from game.ui.app import App
from game.ui.battle.coach import Coach
from game.ui.settings import Settings
from game.ui.tutorial import HEDGE_SPOT


def hover(app: App, pos: tuple[int, int], seconds: float = 0.2) -> None:
    """Move the mouse there and let the coach see it."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, max(1, round(seconds * 10)), 0.1)


def click(app: App, pos: tuple[int, int]) -> None:
    """Click there."""
    hover(app, pos, 0.1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 2)


def press(app: App, key: int) -> None:
    """Press and release a key."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
    frames(app, 2)


def at(coach: Coach, model_id: str) -> tuple[int, int]:
    """A model's place on the screen."""
    m = coach.battle.state.model(model_id)
    return coach.battle.camera.to_screen(m.x, m.y)


def shoot(app: App, coach: Coach, pos: tuple[int, int], path: Path, step: str) -> None:
    """Hold the cursor still on a point and save the window once the coach shows the step."""
    battle = coach.battle
    hover(app, pos, 0.3)
    battle.input.mouse, battle.input.mouse_pinned = pos, True
    frames(app, 20)
    shown = coach.tutorial.step
    if shown is None or shown.key != step:
        raise SystemExit(f"the coach shows {shown.key if shown else 'nothing'}, not {step}")
    pygame.image.save(app.surface, str(path))
    battle.input.mouse_pinned = False
    print(f"wrote {path}")


def main(argv: list[str] | None = None) -> None:
    """Play the tutorial to its jump and its charge and save both."""
    args = shot_args(__doc__, argv, seed=False)
    app = shot_app(Settings(animation_speed=0), (1280, 720))
    app.apply(places.Reset(places.Tutorial()))  # as from the main menu
    coach = app.top
    assert isinstance(coach, Coach)
    cast = coach.tutorial.cast
    camera = coach.battle.camera
    frames(app, 2)
    press(app, pygame.K_SPACE)  # Next: the card turned
    click(app, at(coach, cast.hero))
    spot = camera.to_screen(*HEDGE_SPOT)
    hover(app, spot, 1.2)  # the move preview, long enough to count
    shoot(app, coach, spot, args.out / "tutorial-1.png", "jump")
    click(app, spot)
    press(app, pygame.K_SPACE)
    click(app, at(coach, cast.lancer))
    press(app, pygame.K_c)
    shoot(app, coach, at(coach, cast.billman), args.out / "tutorial-2.png", "charge")
    pygame.quit()


if __name__ == "__main__":
    main()
