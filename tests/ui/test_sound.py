"""Sound: the shipped effects, which event makes which, when they are heard, and silence when
there is no device, no file or no wish for sound."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import wave
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.persist import Match
from game.rules import events as ev
from game.rules.commands import Move
from game.rules.context import Table
from game.rules.state import GameState
from game.ui.app import App
from game.ui.battle.cues import (
    AGAIN_AFTER,
    MAX_CUES,
    MAX_PER_FRAME,
    RANK,
    STAGGER,
    CueQueue,
    cues_for,
    effect_of,
)
from game.ui.battle.motion import Motion
from game.ui.battle.screen import BattleScreen
from game.ui.screens.settings_screen import VOLUME_STEP, SettingsScreen
from game.ui.settings import Settings, load_settings, save_settings
from game.ui.sound import EFFECTS, SOUNDS_DIR, SoundBoard
from tests.ui.conftest import frames

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def ford() -> tuple[Table, GameState]:
    """The Ford as set up: riders with lances and bows, Billmen on foot."""
    engine = Match.start("the-ford", 3).engine
    return engine.table, engine.state


def rolled(n: int = 1) -> list[ev.Ev]:
    """n dice rolled."""
    return [ev.DiceRolled(purpose="to hit", sides=6, value=4, need="3+", model="red-4") for _ in range(n)]


def moved(model: str, reason: str = "move") -> ev.Moved:
    """A two-leg move of a model."""
    return ev.Moved(model=model, path=[(1.0, 1.0), (4.0, 5.0)], cost=5.0, reason=reason)


def ram() -> ev.RamResolved:
    """A wagon running into a wall."""
    return ev.RamResolved(vehicle="wagon", other="static:wall", other_kind="static", at=3.0, point=(1, 1),
                          normal=(0, 1), tangent=(1, 0), v_rel=(0, 4), closing=4, impact_speed=4,
                          die="D6", dodge_modifier=0, facing_hit="front", other_facing_hit="",
                          vehicle_damage=2, other_damage=0)


# --- the files ---------------------------------------------------------------------------------
def test_every_effect_is_a_short_mono_wav_and_all_of_them_are_small() -> None:
    total = 0
    for effect in EFFECTS:
        path = SOUNDS_DIR / f"{effect}.wav"
        with wave.open(str(path)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050), effect
            seconds = w.getnframes() / w.getframerate()
        assert 0.4 <= seconds <= 3.5, f"{effect}: {seconds:.2f} s"
        total += path.stat().st_size
    assert total < 1_500_000
    assert sorted(p.stem for p in SOUNDS_DIR.glob("*.wav")) == sorted(EFFECTS)


def test_the_generator_rebuilds_the_shipped_sounds_exactly(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(ROOT / "tools" / "make_sounds.py"), "--out", str(tmp_path)],
                   check=True, cwd=ROOT, capture_output=True, timeout=120)
    built = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert sorted(built) == sorted(f"{e}.wav" for e in EFFECTS)
    stale = [name for name, data in built.items() if not same_samples((SOUNDS_DIR / name).read_bytes(), data)]
    assert not stale, f"the shipped sounds are out of date; run tools/make_sounds.py ({', '.join(stale)})"


def same_samples(shipped: bytes, built: bytes) -> bool:
    """The same bytes, or (another numpy's FFT rounding otherwise) the same samples within 2 steps."""
    if shipped == built:
        return True
    a, b = (np.frombuffer(raw[44:], "<i2").astype(int) for raw in (shipped, built))
    return shipped[:44] == built[:44] and len(a) == len(b) and int(np.max(np.abs(a - b))) <= 2


# --- which event makes which sound ---------------------------------------------------------------
def test_each_event_makes_its_sound_and_every_effect_is_used(ford: tuple[Table, GameState]) -> None:
    table, state = ford
    shot = dict(model="red-4", target="blue-1", distance=9.0, long_range=False, need=4, roll=5, hit=True)
    cases: list[tuple[ev.Ev, str]] = [
        (rolled()[0], "dice"),
        (moved("red-1"), "hooves"),  # a rider on a Warhorse
        (moved("red-8"), "steps"),  # a Billman on foot
        (moved("red-1", "pushback"), ""),
        (ev.GambitRolled(model="red-1", gambit="mounted_charge", outcome="success"), "charge"),
        (ev.GambitRolled(model="red-1", gambit="mounted_charge", outcome="mishap"), ""),
        (ev.GambitRolled(model="red-8", gambit="run", outcome="success"), ""),
        (ev.ShotFired(weapon="longbow", **shot), "bowstring"),
        (ev.ShotFired(weapon="crossbow", **shot), "bowstring"),
        (ev.ShotFired(weapon="handgun", **shot), "handgun"),
        (ev.MeleeRound(attacker="red-1", defender="blue-1", attacker_dice=[5], defender_dice=[2],
                       attacker_strikes=1, defender_strikes=0, winner="red-1", attacker_hits=0,
                       defender_hits=1), "clash"),
        (ev.HorseBolted(model="red-1", bearing=90.0, path=[(1, 1), (8, 1)]), "bolting"),
        (ev.VehicleMoved(vehicle="wagon", path=[(1, 1), (1, 5)], headings=[0, 0], end=(1, 5), end_heading=0,
                         speed=4, distance=4, stopped=False), "wheels"),
        (ram(), "crash"),
        (ev.TurnBegan(turn=2), ""),
    ]
    for event, effect in cases:
        assert effect_of(event, table, state) == effect, event
    assert {effect for _, effect in cases} - {""} == set(EFFECTS)


def test_a_command_is_heard_once_per_effect_in_step_with_its_playback(ford: tuple[Table, GameState]) -> None:
    table, state = ford
    charge = [ev.GambitRolled(model="red-1", gambit="mounted_charge", outcome="success"), *rolled(10),
              moved("red-1")]
    cues = cues_for(charge, table, state, speed=1.0)
    assert cues == [(0.0, "charge"), (STAGGER, "dice")]  # ten dice: one rattle; the charge drowns the hooves
    assert cues_for(charge, table, state, speed=2.0)[1] == (STAGGER / 2, "dice")
    crash = ram()
    drive = [ev.VehicleMoved(vehicle="wagon", path=[(1, 1), (1, 5)], headings=[0, 0], end=(1, 5),
                             end_heading=0, speed=4, distance=4, stopped=False), crash, *rolled(3)]
    assert cues_for(drive, table, state, 1.0, {id(crash): 0.8}) == [(0.0, "wheels"), (STAGGER, "dice"),
                                                                    (0.8, "crash")]
    assert cues_for(drive, table, state, 0.0, {id(crash): 0.8}) == [(0.0, "crash"), (0.0, "dice"),
                                                                    (0.0, "wheels")]
    busy = [*rolled(), moved("red-8"), crash, ev.ShotFired(weapon="handgun", model="red-4", target="blue-1",
                                                           distance=5, long_range=False, need=4, roll=1,
                                                           hit=False), ev.HorseBolted(model="red-1",
                                                                                      bearing=0, path=[])]
    kept = [effect for _, effect in cues_for(busy, table, state, 1.0)]
    assert len(kept) == MAX_CUES and "steps" not in kept  # the least of them is left out
    assert sorted(RANK) == sorted(EFFECTS)


def test_a_wreck_is_heard_when_the_playback_shows_the_blow(ford: tuple[Table, GameState]) -> None:
    table, state = ford
    drive = ev.VehicleMoved(vehicle="wagon", path=[(0.0, 0.0), (0.0, 8.0)], headings=[180.0, 180.0],
                            end=(0.0, 8.0), end_heading=180.0, speed=8.0, distance=8.0, stopped=False)
    wreck = ev.VehicleDisabled(vehicle="wagon", by_side="", valour=0)
    crash = ram()
    events: list[ev.Ev] = [drive, wreck, crash]
    motion = Motion()
    motion.play(events, {"wagon": (0.0, 0.0, 180.0)}, 1.0)
    blow = motion.tracks[0].time_at(crash.at)
    assert blow > STAGGER
    assert cues_for(events, table, state, 1.0, motion.shown_at(events)) == [(0.0, "wheels"),
                                                                           (pytest.approx(blow), "crash")]
    motion.update(0.2)  # later on, the moment is that much nearer
    assert motion.shown_at(events)[id(crash)] == pytest.approx(blow - 0.2)
    shot_down = [*rolled(2), wreck]  # wrecked by shots: no playback, heard with the dice
    assert cues_for(shot_down, table, state, 1.0, {}) == [(0.0, "dice"), (STAGGER, "crash")]


def test_the_queue_starts_each_effect_once_and_never_floods_a_frame() -> None:
    queue = CueQueue()
    queue.add([(0.0, "dice"), (0.0, "dice"), (0.0, "clash"), (0.0, "hooves"), (0.0, "crash"),
               (0.3, "charge")])
    first = queue.due(0.0)
    assert len(first) == MAX_PER_FRAME and first.count("dice") == 1
    assert queue.due(0.01) == ["crash"]  # the one that did not fit is heard the next frame
    assert queue.due(0.1) == []
    assert queue.due(0.2) == ["charge"]
    queue.add([(0.0, "charge")])  # the same effect again within AGAIN_AFTER: dropped, not stacked
    assert queue.due(0.0) == [] and not queue.waiting
    queue.add([(0.0, "charge")])
    assert queue.due(AGAIN_AFTER) == ["charge"]
    queue.add([(0.5, "clash")])
    queue.clear()
    assert queue.due(1.0) == []


# --- the sound board ---------------------------------------------------------------------------
def test_with_the_dummy_driver_an_effect_is_really_played() -> None:
    board = SoundBoard(volume=60)
    assert board.play("dice")
    assert board.started == ["dice"] and board.notice == ""
    assert pygame.mixer.get_init() and pygame.mixer.get_busy()
    pygame.mixer.stop()


@pytest.mark.parametrize(("volume", "muted"), [(80, True), (0, False)])
def test_muted_or_at_volume_nought_nothing_is_played(volume: int, muted: bool) -> None:
    board = SoundBoard(volume=volume, muted=muted)
    pygame.mixer.stop()
    assert not board.play("clash")
    assert board.started == [] and not pygame.mixer.get_busy()
    board.configure(70, False)
    assert board.play("clash") and board.started == ["clash"]
    board.configure(70, True)  # muting stops what is sounding
    assert not pygame.mixer.get_busy()


def test_no_audio_device_is_silence_with_one_notice(monkeypatch: pytest.MonkeyPatch,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    def no_device(*args: object, **kw: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    board = SoundBoard()
    with caplog.at_level(logging.WARNING, logger="game.ui.sound"):
        assert not any(board.play(effect) for effect in (*EFFECTS, *EFFECTS))
    assert board.started == []
    assert "audio device" in board.notice and "\n" not in board.notice
    assert len(caplog.records) == 1


def test_a_corrupt_or_missing_file_is_silence_with_one_notice(tmp_path: Path,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "dice.wav").write_bytes(b"RIFF\x10\x00\x00\x00WAVEjunkjunkjunk")
    board = SoundBoard(folder=tmp_path)
    with caplog.at_level(logging.WARNING, logger="game.ui.sound"):
        assert not board.play("dice")
        assert not board.play("dice")
        assert not board.play("clash")  # not there at all
    assert "dice" in board.notice and str(tmp_path) in board.notice
    assert len(caplog.records) == 1 and board.started == []


# --- the settings ----------------------------------------------------------------------------
def test_the_sound_settings_round_trip_and_old_files_get_the_defaults(tmp_path: Path) -> None:
    wanted = Settings(sound_volume=35, sound_muted=True)
    assert save_settings(wanted, tmp_path) == ""
    assert load_settings(tmp_path) == (wanted, "")
    (tmp_path / "settings.json").write_text(json.dumps({"ui_scale": 1.25, "blindfold": False}))
    old, notice = load_settings(tmp_path)
    assert notice == "" and (old.sound_volume, old.sound_muted) == (80, False)
    (tmp_path / "settings.json").write_text(json.dumps({"sound_volume": 140}))
    assert "defaults" in load_settings(tmp_path)[1]


def click(app: App, label: str) -> None:
    """Click the settings screen's button whose label starts so."""
    screen = app.top
    assert isinstance(screen, SettingsScreen)
    button = next(b for b in screen.buttons if b.label.startswith(label))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center))


def test_the_settings_screen_sets_the_volume_and_mute_and_saves_them(app: App) -> None:
    app.reset(SettingsScreen(app))
    frames(app, 1)
    click(app, "+")
    assert app.settings.sound_volume == 80 + VOLUME_STEP and app.sound.volume == 80 + VOLUME_STEP
    assert app.sound.started[-1:] == ["dice"]  # the new loudness is heard
    click(app, "-")
    click(app, "-")
    click(app, "Sound: on")
    assert app.settings.sound_muted and app.sound.muted
    saved, _ = load_settings(app.config_dir)
    assert (saved.sound_volume, saved.sound_muted) == (80 - VOLUME_STEP, True)
    frames(app, 1)
    assert any(b.label.startswith("Sound: off") for b in app.top.buttons)  # type: ignore[union-attr]


# --- in the battle ------------------------------------------------------------------------------
def test_a_riders_move_is_heard_and_the_mute_key_silences_the_table(app: App) -> None:
    app.settings.animation_speed = 1.0
    battle = BattleScreen(app, Match.start("the-ford", 3), "hotseat")
    app.reset(battle)
    engine = battle.session.engine
    side = engine.state.acting_side
    activate = next(c for c in engine.legal_commands(side) if c.type == "activate")
    battle.submit(activate)
    rider = engine.state.model(engine.state.active_model)
    assert rider.steed is not None
    move = next(c for c in engine.legal_commands(side) if isinstance(c, Move) and not c.gambit)
    battle.submit(move)
    frames(app, 2)
    assert "hooves" in app.sound.started
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F8, mod=0, unicode=""))
    assert app.settings.sound_muted and load_settings(app.config_dir)[0].sound_muted
    assert "Sound off" in battle.flash
    heard = list(app.sound.started)
    battle.sound_cues(rolled(3))
    frames(app, 30)
    assert app.sound.started == heard
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F8, mod=0, unicode=""))
    battle.sound_cues(rolled(3))
    assert app.sound.started == [*heard, "dice"]


@pytest.mark.parametrize("pace", ["fast", "instant"])
def test_the_ai_is_heard_at_its_pace_and_silent_at_the_instant_pace(app: App, pace: str) -> None:
    app.settings.animation_speed, app.settings.ai_speed = 1.0, pace  # type: ignore[assignment]
    battle = BattleScreen.new(app, "the-ford", 2, "watch", {"red": "eager", "blue": "eager"})
    app.reset(battle)
    engine = battle.session.engine
    for _ in range(20):
        app.step(0.1)
        battle.ai.thinker.wait()
    played = len(engine.commands)
    assert played >= 3
    if pace == "instant":
        assert app.sound.started == []  # no animation, no sound: the AI's commands flash past
    else:
        assert app.sound.started and set(app.sound.started) <= set(EFFECTS)
        assert len(app.sound.started) <= MAX_CUES * played
