"""Game state: plain dataclasses (cheap to clone for undo and AI search), validated on load."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field, fields, replace
from operator import attrgetter
from typing import Literal

Side = Literal["red", "blue"]
NoSide = Literal[""]  # no side: nobody's turn, nobody to credit
SIDES: tuple[Side, Side] = ("red", "blue")
Winner = Side | Literal["draw"]
VehicleSide = Side | Literal["none"]  # "none": an abandoned vehicle
# the answers a player may give to a charge (or, for a rider, at the end of a melee round)
Reaction = Literal["counter_charge", "mounted_evasion", "evade", "defend", "stand", "break_away"]
ALARUMS_CARD = "alarums"


def other_side(side: Side) -> Side:
    """The opposing side."""
    return "blue" if side == "red" else "red"


@dataclass(slots=True)
class Model:
    """One Character on the table (or removed from it)."""

    id: str
    side: Side
    name: str
    profile: str
    spear: str  # id of the Hero model leading this model's Spear (a Hero leads his own)
    x: float
    y: float
    health: int
    weapons: list[str] = field(default_factory=list)
    facing: float = 0.0  # degrees clockwise from north; used by mounted bases
    steed: str | None = None  # steed id while mounted
    steed_health: int = 0
    removed: str = ""  # "" on the table; else "casualty", "fled", ...
    mishap: int = 0  # 0 none, 1 token held, 2 token has served its turn
    stunned: int = 0  # turns of stun left
    reloads_needed: int = 0  # Reload actions needed before the missile weapon shoots again
    drill: str = "parry"  # Skill'd at Arms choice when defending
    # this turn / this activation
    activated: bool = False
    moved: bool = False
    acted: bool = False
    feckless: str = ""  # this activation's Feckless result, "" if it did not test
    rallied: bool = False
    reroll_ready: bool = False
    extra_move: float = 0.0
    aim_bonus: int = 0
    save_bonus: int = 0
    moved_distance: float = 0.0  # inches of allowance spent this activation
    shots: int = 0  # shots taken this activation (a stationary mounted archer takes two)
    # mounted
    charge_bonus: bool = False  # holds the Mounted Charge! melee bonuses
    charged_this_turn: bool = False  # made a Mounted Charge! this turn
    riderless: bool = False  # a steed left standing without a rider ("steeds stay")
    charged_by_riders: int = 0  # Mounted Charges! that hit this model this turn (Shock of the charge)
    holding: bool = False  # holds the horses ("steeds stay"): loses its activations meanwhile
    # aboard a vehicle (§10): x, y follow the vehicle's centre; the model is out of base contact
    aboard: str = ""  # the vehicle's id, "" if not aboard
    seat: str = ""  # the seat's name on that vehicle's profile
    # the Skills he has beyond his profile's (a roster's, RULES-BRIEF §12.1); left out of the
    # saved state while empty, so the games and saves from before rosters keep their hashes
    skills: list[str] = field(default_factory=list)

    def copy(self) -> Model:
        """A copy that shares nothing mutable (positional construction: ~5x faster than replace)."""
        new = Model(*_MODEL_VALUES(self))
        new.weapons = list(self.weapons)
        new.skills = list(self.skills)
        return new


_MODEL_VALUES = attrgetter(*(f.name for f in fields(Model)))


@dataclass(slots=True)
class Vehicle:
    """A cart or wagon on the table (§10): its pose, speed, damage and fire."""

    id: str
    name: str
    profile: str  # vehicles.toml id
    side: VehicleSide
    x: float  # centre, inches
    y: float
    heading: float  # compass degrees, 0 = up the table, clockwise
    health: int
    speed: float = 0.0  # inches per turn, set by the last Drive
    damage: dict[str, int] = field(default_factory=dict)  # damage points taken by location
    burning: list[str] = field(default_factory=list)  # locations alight
    disabled: bool = False  # Health fell below the Operational Level: it never moves again
    removed: str = ""  # "" on the table; "escaped" once it left by its escort edge
    moved: bool = False  # it moved (or tried to) this turn
    moved_distance: float = 0.0  # inches it moved this turn (shooting modifiers)
    escort_edge: str = ""  # table edge its side must get it off by ("" if none)
    escort_valour: int = 0  # Valour for getting it off; the other side scores it for disabling it

    @property
    def owner(self) -> Side | NoSide:
        """The side it is with, "" for an abandoned vehicle (one never driven, so it never moves)."""
        return "" if self.side == "none" else self.side

    def copy(self) -> Vehicle:
        """A copy that shares nothing mutable."""
        return replace(self, damage=dict(self.damage), burning=list(self.burning))


@dataclass(slots=True)
class SideState:
    """A player's side: retinue, Valour, Perk hand and Will to Fight."""

    name: Side
    retinue: str
    start_models: int
    valour: int = 0
    perks: list[str] = field(default_factory=list)
    will_bonus: int = 0
    quit: bool = False

    def copy(self) -> SideState:
        """A copy that shares nothing mutable."""
        return SideState(self.name, self.retinue, self.start_models, self.valour, list(self.perks),
                         self.will_bonus, self.quit)


@dataclass(slots=True)
class Pending:
    """A reaction the engine waits for: which side answers, for which model, to what."""

    kind: str  # "charged": Counter Charge / Mounted Evasion / Evade / Defend / stand
    side: Side
    model: str
    charger: str
    options: list[Reaction] = field(default_factory=list)
    data: dict[str, float] = field(default_factory=dict)


@dataclass(slots=True)
class Deploying:
    """The deployment before the first card: the Spears still to deploy, in turn (the one
    deploying now first, each named by its Hero's id), and the models of it placed so far."""

    order: list[str] = field(default_factory=list)
    placed: list[str] = field(default_factory=list)


UNPLACED = -100.0  # where a model not yet deployed waits, off the table (x and y)


@dataclass(slots=True)
class GameState:
    """Everything that decides the game, including the dice."""

    scenario: str
    seed: int
    rng: int
    models: list[Model]
    sides: dict[Side, SideState]
    turn: int = 1
    max_turns: int = 6
    hero_deck: list[str] = field(default_factory=list)  # cards still to draw, top last
    drawn: list[str] = field(default_factory=list)  # cards drawn this turn
    current_card: str = ""
    active_side: Side | NoSide = ""
    active_model: str = ""
    perk_deck: list[str] = field(default_factory=list)
    perk_discard: list[str] = field(default_factory=list)
    effects: dict[str, int] = field(default_factory=dict)  # this turn's Alarums effects
    mud: list[int] = field(default_factory=list)  # tile indices turned to Hard Going
    looted: list[str] = field(default_factory=list)  # loot objectives taken
    over: bool = False
    winner: Winner | NoSide = ""  # set when over
    result: str = ""
    next_model_number: int = 0
    pending: Pending | None = None
    options: dict[str, bool] = field(default_factory=dict)  # scenario options: steeds_stay
    vehicles: list[Vehicle] = field(default_factory=list)
    # the deployment under way before the first card, None once it is over or when the scenario
    # fixes it (left out of the saved state while None, so the games from before keep their hashes)
    deploying: Deploying | None = None

    @property
    def acting_side(self) -> Side | NoSide:
        """The side that must give the next command: a pending reaction's side, the side deploying
        its Spear before the first card, else the active one."""
        if self.pending is not None:
            return self.pending.side
        if self.deploying is not None and self.deploying.order:
            return self.model(self.deploying.order[0]).side
        return self.active_side

    def model(self, model_id: str) -> Model:
        """The model with this id (raises KeyError if none)."""
        for m in self.models:
            if m.id == model_id:
                return m
        raise KeyError(model_id)

    def find(self, model_id: str) -> Model | None:
        """The model with this id, or None."""
        for m in self.models:
            if m.id == model_id:
                return m
        return None

    def living(self, side: Side | None = None) -> list[Model]:
        """Characters on the table (not riderless steeds), optionally of one side."""
        return [m for m in self.models
                if not m.removed and not m.riderless and (side is None or m.side == side)]

    def vehicle(self, vehicle_id: str) -> Vehicle:
        """The vehicle with this id (raises KeyError if none)."""
        v = self.find_vehicle(vehicle_id)
        if v is None:
            raise KeyError(vehicle_id)
        return v

    def find_vehicle(self, vehicle_id: str) -> Vehicle | None:
        """The vehicle with this id, or None."""
        for v in self.vehicles:
            if v.id == vehicle_id:
                return v
        return None

    def aboard(self, vehicle_id: str) -> list[Model]:
        """The models on the table aboard a vehicle, in seat order of the model list."""
        return [m for m in self.models if m.aboard == vehicle_id and not m.removed]

    def clone(self) -> GameState:
        """A deep copy, fast enough for undo snapshots and AI search (positional construction,
        then a fresh copy of every mutable field; tests/rules/test_clone.py proves none is shared)."""
        new = GameState(*_STATE_VALUES(self))
        new.models = [m.copy() for m in self.models]
        new.sides = {k: s.copy() for k, s in self.sides.items()}
        new.hero_deck = list(self.hero_deck)
        new.drawn = list(self.drawn)
        new.perk_deck = list(self.perk_deck)
        new.perk_discard = list(self.perk_discard)
        new.effects = dict(self.effects)
        new.mud = list(self.mud)
        new.looted = list(self.looted)
        if self.pending is not None:
            new.pending = replace(self.pending, options=list(self.pending.options),
                                  data=dict(self.pending.data))
        new.options = dict(self.options)
        new.vehicles = [v.copy() for v in self.vehicles]
        if self.deploying is not None:
            new.deploying = Deploying(list(self.deploying.order), list(self.deploying.placed))
        return new

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dictionary of the whole state (a model's Skills only when he has some, the
        deployment only while it is under way)."""
        snap = asdict(self)
        if snap.get("deploying") is None:
            del snap["deploying"]
        for model in snap["models"]:
            if isinstance(model, dict) and model.get("skills") == []:
                del model["skills"]
        return snap

    def digest(self) -> str:
        """A stable hash of the state, for replay verification."""
        return digest_of(self.to_dict())


_STATE_VALUES = attrgetter(*(f.name for f in fields(GameState)))


def digest_of(snapshot: dict[str, object]) -> str:
    """The hash of a state saved as a dict (GameState.to_dict()): SHA-256 of its sorted, compact JSON."""
    text = json.dumps(snapshot, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()
