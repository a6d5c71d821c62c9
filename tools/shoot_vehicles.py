"""Screenshots of the vehicle client for the docs: drive mode with its prediction, and a ram.

Run: `xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python tools/shoot_vehicles.py [--out DIR]`
(the dummy video driver works too). Make Way! Clear the Road!, seed 1: the Spears are ended
until Orange's wagon Spear is up, then its driver is activated.
- vehicles-drive.png: the driver steering right with the wagon's prediction drawn.
- vehicles-ram.png: staged (the wagon is put at speed before the roadblock, a billman in the road):
  the Drive is submitted and the animation is caught at the impacts.
"""

from __future__ import annotations

from pathlib import Path

import pygame
from shots import frames, shot_app, shot_args  # the checkout first on the import path

from game.persist import Match
from game.rules.commands import Activate, EndActivation, EndSpear
from game.rules.vehicles import driver_of
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.settings import Settings


def to_driver(battle: BattleScreen, vehicle: str = "vehicle-1") -> None:
    """End Spears until the driver's is up, then activate him (after his Hero, who acts first)."""
    engine = battle.session.engine
    state = engine.state
    v = state.vehicle(vehicle)
    driver = driver_of(engine.table, state, v)
    assert driver is not None
    for _ in range(40):
        if state.current_card == driver.spear:
            break
        battle.submit(EndSpear(side=state.acting_side))  # type: ignore[arg-type]
        state = engine.state
    if state.current_card != driver.spear:
        raise SystemExit(f"the Spear of {driver.name} never came up")
    side = state.acting_side
    if driver.spear != driver.id:
        battle.submit(Activate(side=side, model=driver.spear))  # type: ignore[arg-type]
        battle.submit(EndActivation(side=side, model=driver.spear))  # type: ignore[arg-type]
    battle.submit(Activate(side=side, model=driver.id))  # type: ignore[arg-type]
    assert engine.state.active_model == driver.id, engine.log[-3:]


def main(argv: list[str] | None = None) -> None:
    """Write the two screenshots."""
    args = shot_args(__doc__, argv)
    app = shot_app(Settings(animation_speed=1.0, blindfold=False), (1600, 900))
    shoot_drive(app, args.seed, args.out / "vehicles-drive.png")
    shoot_ram(app, args.seed, args.out / "vehicles-ram.png")
    print(f"wrote {args.out / 'vehicles-drive.png'} and {args.out / 'vehicles-ram.png'}")


def staged(app: App, seed: int) -> BattleScreen:
    """The wagon rolling at 5" down the road towards the roadblock, a billman in its way, its
    driver activated (staged for the pictures: the wagon is put there, nothing else is changed)."""
    battle = BattleScreen(app, Match.start("make-way", seed), "hotseat")
    app.reset(battle)
    to_driver(battle)
    state = battle.session.engine.state
    v = state.vehicle("vehicle-1")
    block = state.vehicle("vehicle-2")
    v.x, v.speed = block.x - 9.0, 5.0
    for m in state.aboard(v.id):
        m.x = v.x
    blue = next(m for m in state.models if m.side == "blue" and m.steed is None and not m.removed)
    blue.x, blue.y = v.x + 5.0, v.y - 0.6
    battle.camera.set_zoom(1.75)
    battle.camera.look_at(block.x - 4.0, v.y + 3.5)
    battle.ctl.drive.sync(battle.session.engine)
    return battle


def shoot_drive(app: App, seed: int, path: Path) -> None:
    """Drive mode: the heading arrow and speed, the swept path, the ghost, each contact with its
    impact speed and dice, and the preview panel."""
    battle = staged(app, seed)
    engine = battle.session.engine
    v = engine.state.vehicle("vehicle-1")
    battle.ctl.drive.speed_to(engine.table, v, 8.0)
    battle.input.mouse = battle.camera.to_screen(v.x + 12.0, v.y + 0.4)
    battle.input.mouse_pinned = True
    frames(app, 3)
    pygame.image.save(app.surface, str(path))


def shoot_ram(app: App, seed: int, path: Path) -> None:
    """The same Drive submitted: the move replayed from its events, caught just after the rams."""
    battle = staged(app, seed)
    engine = battle.session.engine
    v = engine.state.vehicle("vehicle-1")
    battle.ctl.drive.speed_to(engine.table, v, 8.0)
    cam = battle.camera
    battle.input.mouse = cam.to_screen(v.x + 12.0, v.y + 0.4)
    battle.input.mouse_pinned = True
    frames(app, 2)
    battle.ctl.commit_drive()
    last = max((b.start for b in battle.motion.bursts), default=0.5)
    t = 0.0
    while t < last + 0.3:
        app.step(1 / 60)
        t += 1 / 60
    wagon = battle.session.engine.state.vehicle("vehicle-1")
    battle.input.mouse = cam.to_screen(wagon.x - 1.2, wagon.y)  # over the wagon: its card in the panel
    app.step(1 / 60)
    pygame.image.save(app.surface, str(path))


if __name__ == "__main__":
    main()
