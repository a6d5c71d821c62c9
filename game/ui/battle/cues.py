"""Which sound each event makes, and when it is heard: one table, read by the battle screen.

The cues of one command are heard as its events are shown: a ram when its vehicle gets there in
the playback, everything else at once, a moment apart so that they do not start as one thud. Each
effect sounds once a command however many events call for it (ten dice make one rattle), and a
charge or a bolt drowns the hooves of the same move. Pure Python: the effects are names that
game/ui/sound.py plays.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from game.rules import events as ev
from game.rules.engine import Table
from game.rules.state import GameState

EffectOf = Callable[[ev.Ev, Table, GameState], str]
SHOT_SOUNDS = {"longbow": "bowstring", "crossbow": "bowstring", "handgun": "handgun"}
CHARGES = ("mounted_charge", "counter_charge")  # gambits whose success is a charge of horse
SILENT_MOVES = ("pushback", "swept")  # given ground in melee, carried off by the river
DROWNED_BY = {"hooves": ("charge", "bolting"), "steps": ("charge",)}
STAGGER = 0.12  # seconds between two effects of one command (at animation speed 1)
MAX_CUES = 4  # effects of one command; the first of RANK are kept
RANK = ("crash", "charge", "bolting", "handgun", "clash", "bowstring", "dice", "wheels", "hooves", "steps")
MAX_PER_FRAME = 3  # effects started in one frame
AGAIN_AFTER = 0.25  # seconds before the same effect may start again (a quicker one is dropped)


def _move(e: ev.Ev, table: Table, state: GameState) -> str:
    """A rider's move is hooves, a man on foot treads; giving ground or being swept is silent."""
    assert isinstance(e, ev.Moved)
    if e.reason in SILENT_MOVES or len(e.path) < 2:
        return ""
    try:
        mounted = state.model(e.model).steed is not None
    except KeyError:
        mounted = False
    return "hooves" if mounted else "steps"


def _gambit(e: ev.Ev, table: Table, state: GameState) -> str:
    """A Mounted Charge! or Counter Charge that comes off is the charge."""
    assert isinstance(e, ev.GambitRolled)
    return "charge" if e.gambit in CHARGES and e.outcome == "success" else ""


def _shot(e: ev.Ev, table: Table, state: GameState) -> str:
    """A bow or crossbow loosed, or a handgun fired."""
    assert isinstance(e, ev.ShotFired)
    weapon = table.content.weapons.get(e.weapon)
    return SHOT_SOUNDS.get(weapon.kind, "") if weapon is not None else ""


SOUNDS: dict[type[ev.Ev], str | EffectOf] = {
    ev.DiceRolled: "dice",
    ev.Moved: _move,
    ev.GambitRolled: _gambit,
    ev.ShotFired: _shot,
    ev.MeleeRound: "clash",
    ev.VehicleStruck: "clash",
    ev.HorseBolted: "bolting",
    ev.VehicleMoved: "wheels",
    ev.RamResolved: "crash",
    ev.VehicleDisabled: "crash",  # wrecked by a ram, by shots or by fire
}


def effect_of(e: ev.Ev, table: Table, state: GameState) -> str:
    """The effect an event makes ("" for none)."""
    entry = SOUNDS.get(type(e), "")
    return entry if isinstance(entry, str) else entry(e, table, state)


def cues_for(events: list[ev.Ev], table: Table, state: GameState, speed: float,
             timed: Mapping[int, float] | None = None) -> list[tuple[float, str]]:
    """The (seconds from now, effect) of one command's events, at most MAX_CUES, soonest first.

    `timed` holds when the playback shows some events (id(event) -> seconds; rams and wrecks); `speed`
    is the animation speed, 0 for none (then everything is heard at once)."""
    shown = timed or {}
    placed: dict[str, float] = {}  # effects whose moment the playback gives: the earliest
    staggered: dict[str, float] = {}  # the others, a moment apart in the order of their events
    for e in events:
        effect = effect_of(e, table, state)
        if effect and id(e) in shown:
            placed[effect] = min(placed.get(effect, shown[id(e)]), shown[id(e)])
        elif effect and effect not in staggered:
            staggered[effect] = len(staggered) * STAGGER / speed if speed > 0 else 0.0
    when = {effect: max(0.0, at) if speed > 0 else 0.0 for effect, at in {**staggered, **placed}.items()}
    for quiet, louder in DROWNED_BY.items():
        if quiet in when and any(x in when for x in louder):
            del when[quiet]
    kept = sorted(when, key=RANK.index)[:MAX_CUES]
    return sorted(((when[effect], effect) for effect in kept), key=lambda c: c[0])


@dataclass
class CueQueue:
    """The cues waiting to be heard, played a frame at a time: at most MAX_PER_FRAME a frame,
    and an effect that started less than AGAIN_AFTER seconds ago is not started again."""

    waiting: list[tuple[float, str]] = field(default_factory=list)
    clock: float = 0.0
    last: dict[str, float] = field(default_factory=dict)  # effect -> when it last started

    def add(self, cues: list[tuple[float, str]]) -> None:
        """Queue a command's cues (their times count from now)."""
        self.waiting = sorted([*self.waiting, *cues], key=lambda c: c[0])

    def clear(self) -> None:
        """Forget what has not been heard yet (the animations were cut short)."""
        self.waiting = []

    def due(self, dt: float) -> list[str]:
        """Advance by dt seconds; the effects to start now, each once (later ones wait a frame)."""
        self.clock += dt
        self.waiting = [(at - dt, effect) for at, effect in self.waiting]
        now: list[str] = []
        left: list[tuple[float, str]] = []
        for at, effect in self.waiting:
            if at > 0 or (len(now) >= MAX_PER_FRAME and effect not in now):
                left.append((at, effect))
            elif effect not in now and self.clock - self.last.get(effect, -AGAIN_AFTER) >= AGAIN_AFTER:
                now.append(effect)
                self.last[effect] = self.clock
        self.waiting = left
        return now
