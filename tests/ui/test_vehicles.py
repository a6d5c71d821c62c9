"""Carts and wagons on the battle screen: drawing, picking, drive mode, the replayed move, the words."""

from __future__ import annotations

import math

import pygame
import pytest

from game.persist import Match
from game.rules.commands import Activate, Drive, EndActivation, EndSpear
from game.rules.context import Rejected
from game.rules.events import ModelShoved, RamResolved, VehicleMoved
from game.rules.vehicles import driver_of
from game.ui import vehicle_layout as vl
from game.ui.app import App
from game.ui.battle.driving import DriveControl, other_name, sample_poses
from game.ui.battle.motion import Motion
from game.ui.battle.screen import BattleScreen
from game.ui.battle.vehicles import crew_at, crew_spots, vehicle_at
from game.ui.eventtext import describe_event, names_of, ram_summary
from tests.ui.conftest import frames
from tests.ui.test_play_e2e import click, key


def at_the_wagon_spear(seed: int = 1) -> Match:
    """Make Way!, the Spears ended until Orange's wagon Spear (Sir Thomas Harrington's) is up."""
    match = Match.start("make-way", seed)
    engine = match.engine
    driver = driver_of(engine.table, engine.state, engine.state.vehicle("vehicle-1"))
    assert driver is not None
    for _ in range(40):
        if engine.state.current_card == driver.spear:
            break
        side = engine.state.acting_side
        assert not isinstance(match.submit(EndSpear(side=side)), Rejected)  # type: ignore[arg-type]
    assert engine.state.current_card == driver.spear
    return match


def test_the_battle_screen_draws_vehicles_damage_fire_and_a_wreck(app: App) -> None:
    match = Match.start("make-way", 1)
    state = match.engine.state
    assert state.vehicles, "make-way has its wagon and roadblock"
    wagon, block = state.vehicle("vehicle-1"), state.vehicle("vehicle-2")
    wagon.damage, wagon.health, wagon.burning = {"hull": 3, "traction": 2}, 15, ["hull", "traction", "crew"]
    block.disabled, block.health = True, 2
    battle = BattleScreen(app, match, "hotseat")
    app.reset(battle)
    for zoom in (0.5, 1.0, 3.0):
        battle.camera.set_zoom(zoom)
        battle.camera.look_at(wagon.x, wagon.y)
        frames(app, 2)
    battle.input.mouse = battle.camera.to_screen(wagon.x - 1.5, wagon.y)  # over the wagon's tail
    frames(app, 1)
    assert battle.look.vehicle_under(battle.camera.to_world(*battle.input.mouse)) is wagon
    assert app.running


def test_vehicles_and_crew_are_picked_by_their_footprint_and_seats() -> None:
    match = Match.start("make-way", 1)
    engine = match.engine
    table, state = engine.table, engine.state
    wagon = state.vehicle("vehicle-1")
    prof = table.content.vehicles[wagon.profile]
    assert vehicle_at(table, state, wagon.x, wagon.y) is wagon
    assert vehicle_at(table, state, wagon.x, wagon.y + prof.width / 2 + 0.2) is None
    spots = crew_spots(table, state, wagon)
    assert {m.seat for m, _ in spots} == {"Box", "Box mate", "Tailboard"}
    for m, (x, y) in spots:
        assert crew_at(table, state, x, y) is m
        along, across = vl.to_local(wagon.x, wagon.y, wagon.heading, x, y)
        front, rear, half = vl.bed(prof.kind, prof.length, prof.width)
        assert rear - 1e-9 <= along <= front and abs(across) <= half  # on the bed, not on the team
    positions = [p for _, p in spots]
    gaps = [math.dist(a, b) for i, a in enumerate(positions) for b in positions[i + 1:]]
    assert min(gaps) >= vl.CREW_INCHES - 1e-6


@pytest.mark.parametrize("kind", list(vl.LAYOUTS))
def test_every_seat_of_every_vehicle_fits_on_its_bed(kind: str) -> None:
    from game.content import load_content

    content = load_content()
    for prof in (p for p in content.vehicles.values() if p.kind == kind):
        spots = vl.seat_spots(kind, prof.length, prof.width, [(s.name, s.role) for s in prof.seats])
        assert set(spots) == {s.name for s in prof.seats}
        front, rear, half = vl.bed(kind, prof.length, prof.width)
        for along, across in spots.values():
            assert rear <= along <= front and abs(across) <= half
        pts = list(spots.values())
        for i, a in enumerate(pts):
            for b in pts[i + 1:]:
                assert math.dist(a, b) >= vl.CREW_INCHES * 0.95, (prof.id, spots)


def test_drive_aim_snaps_clamps_and_caches_its_prediction(monkeypatch: pytest.MonkeyPatch) -> None:
    match = at_the_wagon_spear()
    engine = match.engine
    state = engine.state
    hero = state.model(state.current_card)
    match.submit(Activate(side=hero.side, model=hero.id))  # type: ignore[arg-type]
    match.submit(EndActivation(side=hero.side, model=hero.id))  # type: ignore[arg-type]
    wagon = state.vehicle("vehicle-1")
    driver = driver_of(engine.table, state, wagon)
    assert driver is not None
    assert not isinstance(match.submit(Activate(side=driver.side, model=driver.id)), Rejected)  # type: ignore[arg-type]
    drive = DriveControl()
    aim = drive.sync(engine)
    assert aim is not None and aim.heading == wagon.heading and wagon.speed == 0.0
    assert aim.speed == 4.0  # from a standstill the aim starts at the greatest change
    drive.point_at(engine.table, state, (wagon.x + 6.0, wagon.y + 6.0 * math.tan(math.radians(22))))
    assert aim.heading == pytest.approx(wagon.heading + 20.0)  # 22 degrees snaps to 20
    drive.point_at(engine.table, state, (wagon.x - 8.0, wagon.y + 1.0))  # behind: at most 90 degrees
    assert abs((aim.heading - wagon.heading + 180) % 360 - 180) == pytest.approx(90.0)
    drive.step_speed(engine, 10)
    assert aim.speed == 4.0  # 0 + the greatest change
    drive.step_speed(engine, -10)
    assert aim.speed == 0.0
    drive.step_speed(engine, 3)
    calls = []
    import game.ui.battle.driving as driving_mod

    real = driving_mod.predict_drive
    monkeypatch.setattr(driving_mod, "predict_drive", lambda *a: calls.append(1) or real(*a))
    for _ in range(3):
        drive.prediction(engine)
    drive.preview(engine)
    assert len(calls) == 1
    drive.step_speed(engine, 1)
    drive.prediction(engine)
    assert len(calls) == 2
    lines = drive.preview(engine)
    assert lines is not None and lines.legal and any("Carter" in ln for ln in lines.lines)


def test_drive_the_wagon_by_mouse_wheel_and_keys(app: App) -> None:
    match = at_the_wagon_spear()
    engine = match.engine
    battle = BattleScreen(app, match, "hotseat")
    app.reset(battle)
    frames(app, 2)
    state = engine.state
    wagon = state.vehicle("vehicle-1")
    start = (wagon.x, wagon.y, wagon.heading)
    hero = state.model(state.current_card)
    cam = battle.camera
    cam.set_zoom(1.5)
    cam.look_at(wagon.x + 4.0, wagon.y)
    frames(app, 1)

    click(app, cam.to_screen(hero.x, hero.y))  # the Hero acts first
    assert state.active_model == hero.id
    key(app, pygame.K_SPACE)
    driver = driver_of(engine.table, state, wagon)
    assert driver is not None
    seat = next(p for m, p in crew_spots(engine.table, state, wagon) if m.id == driver.id)
    click(app, cam.to_screen(*seat))  # the driver's token on the wagon's box
    assert state.active_model == driver.id and battle.driving()

    target = cam.to_screen(wagon.x + 8.0, wagon.y + 1.5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    aim = battle.ctl.drive.aim
    assert aim is not None and aim.speed == 4.0  # from a standstill: the greatest change
    for _ in range(2):  # two notches of the wheel down: 2" a turn
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    frames(app, 1)
    assert aim.speed == 2.0 and 0 < (aim.heading - wagon.heading) % 360 <= 15
    key(app, pygame.K_EQUALS)
    assert aim.speed == 3.0
    key(app, pygame.K_MINUS)  # and one slower
    assert aim.speed == 2.0
    key(app, pygame.K_EQUALS)
    assert aim.speed == 3.0
    preview = battle.current_preview()
    assert preview is not None and preview.legal
    assert any("Carter" in ln for ln in preview.lines) and any("Goes" in ln for ln in preview.lines)

    click(app, target)
    drives = [c for c in engine.commands if isinstance(c, Drive)]
    assert len(drives) == 1 and drives[0].speed == 3.0
    moved = [e for e in engine.log if isinstance(e, VehicleMoved) and e.vehicle == wagon.id]
    assert moved and moved[-1].distance > 2.0
    wagon = engine.state.vehicle("vehicle-1")
    assert math.dist((wagon.x, wagon.y), start[:2]) > 2.0 and wagon.speed == 3.0
    assert not battle.driving()  # he has driven

    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # a Carter rolls no die: the Drive can be undone
    wagon = engine.state.vehicle("vehicle-1") if battle.session.engine is engine else \
        battle.session.engine.state.vehicle("vehicle-1")
    assert (wagon.x, wagon.y, wagon.heading) == start and battle.driving()
    frames(app, 1)
    key(app, pygame.K_RETURN)  # Enter drives too (at the speed offered again after the undo, 4")
    last = battle.session.engine.commands[-1]
    assert isinstance(last, Drive) and last.speed == 4.0, battle.flash


def test_a_move_is_replayed_from_its_events_never_simulated() -> None:
    moved = VehicleMoved(vehicle="v", path=[(0.0, 0.0), (4.0, 0.0), (4.0, 4.0)],
                         headings=[90.0, 90.0, 180.0], end=(4.0, 4.0), end_heading=180.0, speed=8.0,
                         distance=8.0, stopped=False)
    ram = RamResolved(vehicle="v", other="m", other_kind="character", at=6.0, point=(4.0, 2.5),
                      normal=(0.0, 1.0), tangent=(-1.0, 0.0), v_rel=(0.0, -8.0), closing=8.0,
                      impact_speed=8.0, die="D6", dodge_modifier=0, facing_hit="front", other_facing_hit="",
                      vehicle_damage=0, other_damage=7)
    shove = ModelShoved(model="m", to=(6.0, 2.5), heading=0.0)
    motion = Motion()
    motion.play([moved, ram, shove], {"v": (0.0, 0.0, 0.0), "m": (4.0, 2.5, 0.0)}, 1.0)
    assert motion.busy
    track = motion.tracks[0]
    assert motion.poses()["v"] == (0.0, 0.0, 0.0)  # it pivots first, from where it stood
    assert motion.poses()["m"][:2] == (4.0, 2.5)  # not yet shoved
    hit = track.time_at(6.0)
    assert track.start < hit < track.end
    motion.update(hit + 0.01)
    x, y, _ = motion.poses()["v"]
    assert x == pytest.approx(4.0, abs=0.2) and 1.5 < y < 2.5
    assert [e.other for e, _ in motion.shown_bursts()] == ["m"]
    motion.update(track.end + 1.0)
    assert not motion.busy and motion.poses() == {}
    motion.play([moved], {}, 0.0)  # animations off: nothing plays
    assert not motion.busy


def test_vehicle_events_read_well() -> None:
    match = Match.start("make-way", 1)
    names = names_of(match.engine.state)
    ram = RamResolved(vehicle="vehicle-1", other="vehicle-2", other_kind="vehicle", at=3.0,
                      point=(1.0, 1.0), normal=(1.0, 0.0), tangent=(0.0, 1.0), v_rel=(-6.0, 0.0), closing=6.0,
                      impact_speed=6.0, die="D6", dodge_modifier=0, facing_hit="front",
                      other_facing_hit="side", vehicle_damage=3, other_damage=5)
    assert describe_event(ram, names) == ("The supply wagon rams the roadblock at 6.0\" (D6), on its front: "
                                          "it takes 3, the roadblock takes 5")
    assert ram_summary(ram, names) == "6.0\" D6: -3 supply wagon, -5 roadblock"
    crash = ram.model_copy(update={"other": "static:wall:Low wall", "other_kind": "static",
                                   "other_damage": 0})
    assert "crashes into the Low wall" in describe_event(crash, names)
    assert other_name(match.engine.state, "static:table-edge") == "the table edge"


def test_sample_poses_follow_the_path_and_turns() -> None:
    poses = sample_poses([(0.0, 0.0, 0.0), (0.0, -2.0, 0.0), (0.0, -2.0, 90.0)], 0.25)
    assert poses[0] == (0.0, 0.0, 0.0) and poses[-1] == (0.0, -2.0, 90.0)
    assert all(math.dist(a[:2], b[:2]) <= 0.25 + 1e-9 for a, b in zip(poses, poses[1:], strict=False))


def test_a_shot_at_a_wagon_is_previewed_with_its_hit_table_and_armour(app: App) -> None:
    match = Match.start("make-way", 1)
    engine = match.engine
    state = engine.state
    hero = state.model(state.current_card)
    match.submit(Activate(side=hero.side, model=hero.id))  # type: ignore[arg-type]
    match.submit(EndActivation(side=hero.side, model=hero.id))  # type: ignore[arg-type]
    state = engine.state
    archer = next(m for m in state.models if m.spear == hero.id and m.id != hero.id)
    archer.steed, archer.profile, archer.weapons = None, "archer", ["longbow"]  # a bowman for the test
    wagon = state.vehicle("vehicle-1")
    archer.x, archer.y = hero.x - 3.0, hero.y + 2.0  # within his Hero's Command Range, 16" off
    assert not isinstance(match.submit(Activate(side=archer.side, model=archer.id)), Rejected)  # type: ignore[arg-type]
    battle = BattleScreen(app, match, "hotseat")
    app.reset(battle)
    cam = battle.camera
    cam.set_zoom(1.0)
    cam.look_at(wagon.x + 6.0, wagon.y - 4.0)
    frames(app, 1)
    battle.input.mouse = cam.to_screen(wagon.x - 0.9, wagon.y + 0.6)  # its bed, where no one sits
    battle.input.down.add(pygame.K_s)
    preview = battle.current_preview()
    battle.input.down.discard(pygame.K_s)
    assert preview is not None and preview.legal, preview
    text = "\n".join(preview.lines)
    assert "at the supply wagon" in text and "Hit location (d6): 1-3 hull, 4-5 traction, 6 crew" in text
    assert "less armour 1 (front)" in text and "+1 to hit" in text  # ahead of it, and it stands still
    frames(app, 1)


def test_a_man_beside_an_enemy_wagon_strikes_it_with_the_strike_buttons(app: App) -> None:
    match = Match.start("make-way", 1)
    engine = match.engine
    state = engine.state
    hero = state.model(state.current_card)
    cart = state.vehicle("vehicle-2")  # the abandoned ox-cart across the road: x 27-29, y 13-16
    hero.steed = None  # on foot against its east side, his Spear's card turned
    hero.x, hero.y = cart.x + 1.0 + 0.55, cart.y
    assert not isinstance(match.submit(Activate(side=hero.side, model=hero.id)), Rejected)  # type: ignore
    battle = BattleScreen(app, match, "hotseat")
    app.reset(battle)
    battle.camera.set_zoom(1.0)
    battle.camera.look_at(cart.x, cart.y)
    frames(app, 1)
    battle.input.mouse = battle.camera.to_screen(cart.x - 0.5, cart.y + 1.0)  # its bed
    preview = battle.current_preview()
    assert preview is not None and preview.legal and "Strike the roadblock" in preview.lines[0], preview
    buttons = {label: act for label, act, _ in battle.ctl.actions()}
    assert {"Strike its hull", "Strike its traction", "Strike its crew"} <= set(buttons)
    buttons["Strike its traction"]()
    frames(app, 1)
    struck = [e for e in engine.log if e.type == "vehicle_struck"]
    assert len(struck) == 1 and struck[0].location == "traction" and state.model(hero.id).acted
