"""Pydantic models for every piece of game data; extra fields are errors, references are checked."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

# The Skills the engine enforces, by list (RULES-BRIEF §8, §12.2); skills.toml describes each one and
# holds its numbers, and must name exactly these.
SKILL_LISTS: dict[str, tuple[str, ...]] = {
    "leader": ("commanding", "unyielding", "inspiring", "rally", "stratagem", "steady_the_ranks"),
    "agility": ("equestrian", "nimble", "born_in_the_saddle", "sure_seat", "fleet_of_foot", "dodge_shots"),
    "strength": ("skilld_at_arms", "deadly_blade", "carter", "hard_as_nails", "stalwart", "mighty_blow"),
}
SKILLS: tuple[str, ...] = tuple(skill for listed in SKILL_LISTS.values() for skill in listed)


class Data(BaseModel):
    """Base for content models: unknown fields are rejected, models are immutable, and no number is
    NaN or infinite."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class Weapon(Data):
    """A weapon: melee tools and missile weapons with ranges and reload rules."""

    id: str
    name: str
    kind: Literal["hand", "bill", "spear", "lance", "longbow", "crossbow", "handgun"] = Field(
        description="What the weapon is; missile kinds need ranges."
    )
    short_range: float | None = Field(None, ge=0, le=72, description='Short range limit in inches.')
    long_range: float | None = Field(None, ge=0, le=72, description='Long range limit in inches.')
    must_reload: bool = Field(False, description="An Action to Reload is needed after each shot.")
    noisy: bool = Field(False, description="Spooks Nags and Beasts of Burden within 6 inches.")

    @property
    def is_missile(self) -> bool:
        """True for a shooting weapon."""
        return self.kind in ("longbow", "crossbow", "handgun")

    @model_validator(mode="after")
    def _ranges(self) -> Weapon:
        if self.is_missile:
            if self.short_range is None or self.long_range is None:
                raise ValueError(f"missile weapon {self.id!r} needs short_range and long_range")
            if not 0 < self.short_range < self.long_range:
                raise ValueError(f"weapon {self.id!r}: need 0 < short_range < long_range")
        return self


SteedKind = Literal["warhorse", "nag", "beast_of_burden"]
STEED_KINDS: tuple[str, ...] = ("warhorse", "nag", "beast_of_burden")


class Steed(Data):
    """A steed type: Warhorse, Nag or Beast of Burden."""

    id: str
    name: str
    kind: SteedKind | None = Field(
        None, description="Which of the three steed types it is, for roster rules; defaults to the id."
    )
    move: float = Field(gt=0, le=24, description="Move in inches.")
    health: int = Field(ge=1, le=12)
    save: int = Field(ge=2, le=7, description="d6 target; 7 means no save.")
    can_charge: bool = Field(False, description="May make a Mounted Charge! (Warhorses).")
    feckless_table: str = Field("normal", description="Feckless table its rider uses.")

    @model_validator(mode="after")
    def _kind(self) -> Steed:
        if self.kind is None and self.id not in STEED_KINDS:
            raise ValueError(f"steed {self.id!r} needs a kind: warhorse, nag or beast_of_burden")
        return self

    @property
    def steed_kind(self) -> str:
        """The steed type: 'warhorse', 'nag' or 'beast_of_burden'."""
        return self.kind or self.id


class Profile(Data):
    """A Character profile from RULES-BRIEF §1."""

    id: str
    name: str
    type: Literal["hero", "retainer"]
    role: Literal["captain", "squire", "fighter", "shootist"]
    move: float = Field(gt=0, le=24)
    fight: int = Field(ge=0, le=12, description="Melee dice.")
    shoot: int | None = Field(None, ge=2, le=6, description="To-hit number at short range.")
    save: int = Field(ge=2, le=7)
    health: int = Field(ge=1, le=12)
    prowess: int | None = Field(None, ge=1, le=6, description="Heroes only.")
    skills: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    shock_exempt: bool = Field(False, description="Bill or spear: exempt from Shock of the charge.")

    @model_validator(mode="after")
    def _hero_prowess(self) -> Profile:
        if self.type == "hero" and self.prowess is None:
            raise ValueError(f"hero profile {self.id!r} needs prowess")
        if self.type == "retainer" and self.prowess is not None:
            raise ValueError(f"retainer profile {self.id!r} may not have prowess")
        for skill in self.skills:
            if skill not in SKILLS:
                raise ValueError(f"profile {self.id!r}: unknown skill {skill!r}")
        return self


# Who rides what (§9.1 [R]): the one steed type each role may ride, and the role's name.
ROLE_STEEDS: dict[str, str] = {"captain": "warhorse", "squire": "warhorse", "fighter": "warhorse",
                               "shootist": "nag"}
ROLE_NAMES: dict[str, str] = {"captain": "Captain", "squire": "Squire", "fighter": "Fighter",
                              "shootist": "Shootist"}


class Member(Data):
    """One model in a retinue: a profile, a name, and optionally a steed or a seat on a vehicle."""

    profile: str
    name: str
    steed: str | None = None
    weapons: tuple[str, ...] | None = Field(None, description="Overrides the profile's weapons.")
    seat: str | None = Field(
        None,
        description="The name of a seat on the side's vehicle in the scenario, e.g. 'Box'; the "
        "model starts aboard there. It must be a seat of some vehicle profile; no steed with it.",
    )
    skills: tuple[str, ...] = Field((), max_length=12, description="Skills beyond the profile's.")

    @field_validator("skills")
    @classmethod
    def _known_skills(cls, skills: tuple[str, ...]) -> tuple[str, ...]:
        for skill in skills:
            if skill not in SKILLS:
                raise ValueError(f"unknown skill {skill!r}")
        return skills


class Spear(Data):
    """A Hero and the Retainers assigned to him."""

    hero: Member
    retainers: tuple[Member, ...] = ()


class Retinue(Data):
    """A side's force: a Captain's Spear and his Squires' Spears."""

    id: str
    name: str
    banner: str = Field(description="Short heraldic description shown in the UI.")
    spears: tuple[Spear, ...] = Field(min_length=1)


class TableRow(Data):
    """One band of a d6 table: rolls low..high give this result."""

    low: int = Field(ge=-5, le=12)
    high: int = Field(ge=-5, le=12)
    result: str
    text: str
    wounds: int = Field(default=0, ge=0, le=6, description="Wounds the result deals (a Thrown Rider).")


class DiceTable(Data):
    """A named d6 table; rows must cover every possible roll without overlap."""

    id: str
    name: str
    rule: str = Field(description="Rule id in rules.toml this table belongs to.")
    rows: tuple[TableRow, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _cover(self) -> DiceTable:
        rows = sorted(self.rows, key=lambda r: r.low)
        for a, b in zip(rows, rows[1:], strict=False):
            if b.low != a.high + 1:
                raise ValueError(f"table {self.id!r}: rows {a.low}-{a.high} and {b.low}-{b.high} "
                                 "leave a gap or overlap")
        return self

    def lookup(self, roll: int) -> TableRow:
        """The row for a roll, clamping rolls below or above the table to its ends."""
        rows = self.rows
        lowest = min(rows, key=lambda r: r.low)
        highest = max(rows, key=lambda r: r.high)
        if roll <= lowest.low:
            return lowest
        if roll >= highest.high:
            return highest
        for row in rows:
            if row.low <= roll <= row.high:
                return row
        raise AssertionError("unreachable: table rows are contiguous")


AlarumEffect = Literal[
    "squall",  # bows -amount to hit this turn
    "loose_dog",  # a random steed tests to bolt: it bolts on 1..amount
    "church_bells",  # Feckless tests +amount this turn
    "muddy_field",  # an area of open ground becomes Hard Going
    "reinforcements",  # a Retainer joins the weaker side
    "fog",  # shooting range limited to `amount` inches this turn
    "surgeon",  # a wounded Hero regains `amount` Health
    "rumour",  # a random Retainer on each side takes a Feckless test
    "high_spirits",  # each side draws `amount` Perk card
]


class Alarum(Data):
    """A Divers Alarums event."""

    id: str
    name: str
    text: str
    effect: AlarumEffect
    amount: int = Field(0, ge=0, le=72, description="The effect's size: dice, inches, Health or cards.")
    copies: int = Field(1, ge=1, le=12)


PerkEffect = Literal[
    "reroll",  # the model's next failed roll of its own is rerolled once
    "extra_move",  # +amount inches to one move this activation
    "counter_charge",  # allows a Counter Charge after its own Mounted Charge!
    "rally",  # a Retainer skips its Feckless test
    "steady_aim",  # +amount to hit on the model's next shot
    "stout_heart",  # +amount to the side's next Will to Fight test
    "hold_fast",  # +amount to the model's saves until the end of the turn
    "quick_reload",  # the model reloads without spending its Action
]


class Perk(Data):
    """A Cunning Plan card."""

    id: str
    name: str
    text: str
    effect: PerkEffect
    amount: int = Field(0, ge=0, le=12)
    copies: int = Field(1, ge=1, le=12)
    needs_model: bool = Field(True, description="Played on one of the player's models.")


SkillList = Literal["leader", "agility", "strength"]


class Skill(Data):
    """A Skill of the Leader, Agility or Strength list, with the numbers of its effect."""

    id: str
    kind: SkillList = Field(description="The list it belongs to: leader, agility or strength.")
    name: str
    summary: str
    modifier: int = Field(0, ge=0, le=6, description="A plus to a roll, or dice or cards more.")
    inches: float = Field(0.0, ge=0, le=24, description="A distance the Skill adds.")
    on: int = Field(0, ge=0, le=7, description="The d6 score the Skill's own roll needs (0: none).")

    @model_validator(mode="after")
    def _known(self) -> Skill:
        if self.id not in SKILLS:
            raise ValueError(f"skill {self.id!r} is not one the engine knows")
        if self.id not in SKILL_LISTS[self.kind]:
            raise ValueError(f"skill {self.id!r} belongs to another list than {self.kind!r}")
        return self


class Rule(Data):
    """A named rule with its source tag, used by the log, the coverage doc and the UI."""

    id: str
    name: str
    tag: str = Field(pattern=r"^(R|G|I|C|H)(/(R|G|I|C|H))*$")
    section: str
    summary: str


class Numbers(Data):
    """Every house-rule number the engine uses, so a group can play its own variant."""

    turns: int = Field(6, ge=1, le=100)
    command_range_foot: float = Field(2.0, ge=0, le=24)
    command_range_mounted: float = Field(3.0, ge=0, le=24)
    hard_going_factor: float = Field(2.0, ge=1, le=10)
    obstacle_cost: float = Field(2.0, ge=0, le=24)
    gambit_success: int = Field(2, ge=1, le=7)
    charge_bonus: float = Field(3.0, ge=0, le=24)
    run_bonus_die: int = Field(3, ge=2, le=20)
    will_to_fight_target: int = Field(7, ge=2, le=13)
    pushback: float = Field(1.0, ge=0, le=12)
    blocked_shot_hits_on: int = Field(3, ge=0, le=6)
    blocked_stroke_hits_on: int = Field(3, ge=0, le=6)
    woods_blocking_depth: float = Field(2.0, ge=0, le=72)
    long_range_penalty: int = Field(1, ge=0, le=6)
    strike_on: int = Field(4, ge=1, le=7)
    valour_retainer: int = Field(1, ge=0, le=100)
    valour_squire: int = Field(2, ge=0, le=100)
    valour_captain: int = Field(3, ge=0, le=100)
    valour_steed: int = Field(1, ge=0, le=100)
    perk_hand_start: int = Field(2, ge=0, le=10)
    perk_hand_max: int = Field(3, ge=0, le=10)
    contact_tolerance: float = Field(0.1, ge=0, le=1, description="Bases this far apart still touch.")
    base_diameter: float = Field(1.0, ge=0.5, le=3,
                                 description="A foot base's diameter, and the width of every base.")
    river_swept_dice: int = Field(2, ge=0, le=10)
    mounted_base_length: float = Field(
        ..., ge=0.5, le=6, description="A rider's base from nose to tail; it is as wide as base_diameter.")
    mounted_charge_reach: float = Field(
        ..., ge=0, le=24, description="Inches a Mounted Charge! adds to the Move.")
    max_jump_width: float = Field(..., ge=0, le=12, description="The widest obstacle a rider may jump.")
    defended_obstacle_reach: float = Field(
        ..., ge=0, le=24, description="An enemy on foot against an obstacle defends it this far (base "
        "centre, beyond half the obstacle's width) from where a rider would cross.")
    break_away_distance: float = Field(
        ..., gt=0, le=24, description="Inches a rider Breaking Away rides clear.")
    keep_seat_on: int = Field(..., ge=1, le=7, description="After a bolt, any die this high keeps the seat.")
    spook_range: float = Field(
        ..., ge=0, le=72,
        description="A noisy weapon spooks Nags and Beasts of Burden this close, edge to edge.")
    spook_bolts_on: int = Field(..., ge=0, le=6, description="A spooked steed bolts on this roll or less.")
    mounted_shot_hits_on: int = Field(
        ..., ge=2, le=7, description="A shot from the saddle hits on this natural roll or more (7: never).")
    lean_over: float = Field(
        ..., ge=0, le=12, description="A shooter whose base is this close to an obstacle shoots over it.")
    evade_on: int = Field(
        ..., ge=2, le=7, description="A Shootist's Evade test against a rider passes on this or more.")
    nimble_bonus: int = Field(
        ..., ge=0, le=5, description="A Nimble Shootist in Hard Going evades on this much less.")
    pull_down_on: int = Field(
        ..., ge=1, le=7, description="A Billman's Fight die this high pulls a rider down (7: never).")
    misfire_reloads: int = Field(..., ge=1, le=5, description="Reloads a misfired crossbow or handgun needs.")
    stationary_archer_shots: int = Field(
        ..., ge=1, le=5, description="Shots a mounted archer who has not moved may take.")
    mounted_archer_move_share: float = Field(
        ..., ge=0, le=1, description="A mounted archer shoots only after at most this share of his "
        "steed's Move.")
    dismount_ride_share: float = Field(
        ..., ge=0, le=1, description="A rider may dismount after riding at most this share of his "
        "steed's Move.")
    dismount_walk_share: float = Field(
        ..., ge=0, le=1, description="A rider who dismounts before moving may walk this share of his "
        "own Move.")
    remount_move_divisor: int = Field(
        ..., ge=1, le=10, description="Remounting spends the steed's Move divided by this (3: a third).")
    horses_per_holder: int = Field(
        ..., ge=1, le=12,
        description="One dismounted model must hold the horses for this many riderless steeds.")
    bolt_direction_die: int = Field(
        ..., ge=2, le=360, description="A bolting steed's direction: this die, read as a clock of as many "
        "hours, its top hour up the table.")

    @model_validator(mode="after")
    def _bases(self) -> Numbers:
        if self.mounted_base_length < self.base_diameter:
            raise ValueError(f"mounted_base_length {self.mounted_base_length:g} is shorter than "
                             f"base_diameter {self.base_diameter:g}: a rider's base is at least as long "
                             "as it is wide")
        if self.mounted_base_length > 3 * self.base_diameter:
            raise ValueError(f"mounted_base_length {self.mounted_base_length:g} is more than three times "
                             f"base_diameter {self.base_diameter:g}: a rider's base is at most three "
                             "times as long as it is wide")
        return self


# --- Vehicles and ramming, RULES-BRIEF §10 [I/H] -------------------------------------------------

VehicleKind = Literal["handcart", "ox_cart", "supply_wagon", "war_wagon"]
HitLocation = Literal["hull", "traction", "crew"]
Facing = Literal["front", "side", "rear"]
SeatRole = Literal["driver", "crew", "passenger"]
# the steed types that may be put to a vehicle (§10: "a Beast of Burden or a Nag team")
TEAM_STEED_KINDS: tuple[str, ...] = ("beast_of_burden", "nag")
# the results the engine understands in the out-of-control table
OUT_OF_CONTROL_RESULTS: tuple[str, ...] = ("veer_left", "veer_right", "stall")
# tolerance for impact speeds computed in floating point (8.999999 counts as 9)
SPEED_EPSILON = 1e-6


class Die(Data):
    """One die with a bonus, e.g. D3, D6 or D6+2; `sides` 3 is rolled on the engine's dice as a D3."""

    sides: int = Field(ge=2, le=20, description="Faces of the die.")
    bonus: int = Field(0, ge=-5, le=10, description="Added to the roll.")

    @property
    def label(self) -> str:
        """Tabletop notation: 'D6', 'D6+1', 'D3-1'."""
        return f"D{self.sides}" + (f"{self.bonus:+d}" if self.bonus else "")

    @property
    def lowest(self) -> int:
        """The lowest result."""
        return 1 + self.bonus

    @property
    def highest(self) -> int:
        """The highest result."""
        return self.sides + self.bonus

    @property
    def mean(self) -> float:
        """The average result."""
        return (self.sides + 1) / 2 + self.bonus


class Armour(Data):
    """Armour by facing [I]: points taken off each ram or hit arriving from that side."""

    front: int = Field(ge=0, le=20, description="Against blows from the front arc.")
    side: int = Field(ge=0, le=20, description="Against blows from either side.")
    rear: int = Field(ge=0, le=20, description="Against blows from the rear arc.")

    def against(self, facing: Facing) -> int:
        """The armour facing a blow from `facing`."""
        return {"front": self.front, "side": self.side, "rear": self.rear}[facing]


class HitRow(Data):
    """One band of a vehicle's d6 hit location table [I]."""

    low: int = Field(ge=1, le=6, description="Lowest d6 roll of the band.")
    high: int = Field(ge=1, le=6, description="Highest d6 roll of the band.")
    result: HitLocation = Field(description="Hull, Traction (wheels or team) or Crew (open-topped only).")

    @model_validator(mode="after")
    def _order(self) -> HitRow:
        if self.low > self.high:
            raise ValueError(f"row {self.low}-{self.high} runs backwards")
        return self


class Seat(Data):
    """A place on a vehicle for one model: the driver, a crewman or a passenger."""

    name: str = Field(description="Shown in the UI, unique on the vehicle, e.g. 'Box' or 'Pavise, left'.")
    role: SeatRole = Field(description="A driver seat may Drive; crew and passengers ride.")
    braced: bool = Field(False, description="Behind pavises: crew damage in a ram is D3 per die, not D6.")
    leaning_out: bool = Field(False, description="A shooting position: crew damage is D6+2 per die.")

    @model_validator(mode="after")
    def _posture(self) -> Seat:
        if self.braced and self.leaning_out:
            raise ValueError(f"seat {self.name!r} cannot be both braced and leaning out")
        return self


class Team(Data):
    """The animals put to a vehicle; each has its own Health from steeds.toml."""

    steed: str = Field(description="A steeds.toml id whose kind is beast_of_burden or nag.")
    count: int = Field(ge=1, le=8, description="How many animals pull the vehicle.")


class VehicleProfile(Data):
    """A cart or wagon, RULES-BRIEF §10: Toughness, Base Damage, Operational Level, armour, seats, team."""

    id: str
    name: str
    kind: VehicleKind = Field(description="Which of the four medieval vehicles it is.")
    toughness: int = Field(
        ge=1, le=100, description="Health: the vehicle's starting and greatest damage points.")
    base_damage: int = Field(
        ge=1, le=12, description="Dice of ram damage it deals; the ram band sets the die.")
    operational_level: int = Field(ge=1, le=100, description="Disabled once its Health falls below this.")
    armour: Armour = Field(description="Armour by facing (front, side, rear).")
    length: float = Field(gt=0, le=12, description="Footprint along the heading, in inches.")
    width: float = Field(gt=0, le=6, description="Footprint across the heading, in inches.")
    mass: float = Field(gt=0, le=100, description="Relative mass for the physics (a handcart is 1).")
    max_speed: float = Field(gt=0, le=24, description="Greatest speed in inches per turn.")
    open_topped: bool = Field(description="Crew and passengers are exposed: the Crew hit location exists.")
    hit_locations: tuple[HitRow, ...] = Field(min_length=1, description="d6 table: hull, traction, crew.")
    seats: tuple[Seat, ...] = Field(min_length=1, description="At least one driver seat.")
    team: Team = Field(description="The animals that pull it.")

    @field_validator("operational_level")
    @classmethod
    def _operational(cls, value: int, info: ValidationInfo) -> int:
        toughness = info.data.get("toughness")
        if toughness is not None and value > toughness:
            raise ValueError(f"operational level {value} is above the toughness {toughness}")
        return value

    @field_validator("width")
    @classmethod
    def _footprint(cls, value: float, info: ValidationInfo) -> float:
        length = info.data.get("length")
        if length is not None and value > length:
            raise ValueError(f"width {value} is more than the length {length}: length runs along the heading")
        return value

    @field_validator("hit_locations")
    @classmethod
    def _hit_table(cls, rows: tuple[HitRow, ...], info: ValidationInfo) -> tuple[HitRow, ...]:
        covered = sorted(roll for row in rows for roll in range(row.low, row.high + 1))
        if covered != [1, 2, 3, 4, 5, 6]:
            missing = sorted(set(range(1, 7)) - set(covered))
            twice = sorted({r for r in covered if covered.count(r) > 1})
            problem = f"rolls {missing} are missing" if missing else f"rolls {twice} appear twice"
            raise ValueError(f"the d6 hit table must cover 1-6 exactly once: {problem}")
        results = {row.result for row in rows}
        for needed in ("hull", "traction"):
            if needed not in results:
                raise ValueError(f"the hit table has no {needed} row")
        open_topped = info.data.get("open_topped")
        if open_topped is False and "crew" in results:
            raise ValueError("a crew row is only allowed on an open-topped vehicle (open_topped = false)")
        if open_topped and "crew" not in results:
            raise ValueError("an open-topped vehicle needs a crew row")
        return rows

    @field_validator("seats")
    @classmethod
    def _seats(cls, seats: tuple[Seat, ...]) -> tuple[Seat, ...]:
        if not any(seat.role == "driver" for seat in seats):
            raise ValueError("needs at least one seat with role 'driver'")
        names = [seat.name for seat in seats]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(f"seat name {name!r} is used twice")
        return seats

    def hit_location(self, roll: int) -> HitLocation:
        """The location a d6 roll hits; rolls outside 1-6 are clamped."""
        roll = min(6, max(1, roll))
        return next(row.result for row in self.hit_locations if row.low <= roll <= row.high)

    def disabled(self, health: int) -> bool:
        """A vehicle whose Health has fallen below its Operational Level is disabled [I]."""
        return health < self.operational_level

    @property
    def drivers(self) -> tuple[Seat, ...]:
        """The driver seats."""
        return tuple(seat for seat in self.seats if seat.role == "driver")

    def seat(self, name: str) -> Seat:
        """The seat of that name (KeyError if there is none)."""
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise KeyError(name)


class RamBand(Data):
    """One impact-speed band [H]: the die of each Base Damage die and the victim's dodge modifier.

    A band runs from `from_speed` up to the next band's `from_speed`. Speeds count in whole inches:
    4.9" is still in the band starting at 0, and the band starting at 5 begins at 5".
    """

    from_speed: float = Field(ge=0, le=72, description="Lowest impact speed of the band, in inches per turn.")
    die_sides: int = Field(ge=2, le=20, description="The die rolled for each Base Damage die: 3 or 6.")
    die_bonus: int = Field(0, ge=-5, le=10, description="Added to each damage die.")
    dodge_modifier: int = Field(ge=-5, le=5, description="Added to the 4+ dodge of a character in the path.")

    @property
    def die(self) -> Die:
        """The damage die of the band."""
        return Die(sides=self.die_sides, bonus=self.die_bonus)


def check_ram_bands(bands: Sequence[RamBand]) -> None:
    """Raise ValueError unless the bands start at 0, rise, and never get weaker or easier to dodge.

    The message names the band ('ram_band[2]') and the field, for the loader's errors.
    """
    if not bands:
        raise ValueError("ram_band: needs at least one band")
    if bands[0].from_speed != 0:
        raise ValueError(f"ram_band[0]: field from_speed: the first band must start at 0, not "
                         f"{bands[0].from_speed}")
    for i in range(1, len(bands)):
        a, b = bands[i - 1], bands[i]
        label = f"ram_band[{i}]"
        if b.from_speed <= a.from_speed:
            raise ValueError(f"{label}: field from_speed: {b.from_speed} must be above the band before "
                             f"({a.from_speed})")
        da, db = a.die, b.die
        if db.lowest < da.lowest or db.highest < da.highest or db.mean < da.mean:
            raise ValueError(f"{label}: field die_sides/die_bonus: {db.label} from {b.from_speed}\" is "
                             f"weaker than {da.label} below it; a faster impact may never deal less")
        if b.dodge_modifier > a.dodge_modifier:
            raise ValueError(f"{label}: field dodge_modifier: {b.dodge_modifier:+d} from {b.from_speed}\" "
                             f"is easier to dodge than {a.dodge_modifier:+d} below it")


def ram_band(bands: Sequence[RamBand], speed: float) -> RamBand:
    """The band of an impact speed in inches per turn (bands as checked by check_ram_bands).

    Speeds within SPEED_EPSILON below a threshold count as reaching it, so that floating-point
    sums like 4.5 + 4.5 = 8.999999 land in the 9" band. Negative or NaN speeds are an error.
    """
    if math.isnan(speed) or speed < -SPEED_EPSILON:
        raise ValueError(f"impact speed must be 0 or more, not {speed}")
    chosen = bands[0]
    for band in bands:
        if band.from_speed <= speed + SPEED_EPSILON:
            chosen = band
    return chosen


class FireRule(Data):
    """Fire spreading on a vehicle set alight [I: 25% a round].

    Each turn roll a d`die`; on `spreads_on` or less the fire spreads to one adjacent location.
    Shipped: 1-2 on a d8, exactly the 1 in 4 of [I] (a d6 of 1 would only be 1 in 6).
    """

    die: int = Field(8, ge=2, le=20, description="Sides of the die rolled each turn.")
    spreads_on: int = Field(2, ge=1, le=20, description="The fire spreads on this roll or less.")

    @model_validator(mode="after")
    def _odds(self) -> FireRule:
        if self.spreads_on >= self.die:
            raise ValueError(f"spreads_on {self.spreads_on} would spread on every roll of a d{self.die}")
        return self

    @property
    def chance(self) -> float:
        """The chance a turn that the fire spreads."""
        return self.spreads_on / self.die


class VehicleShooting(Data):
    """To-hit modifiers for shooting at and from vehicles [I]."""

    stationary_target: int = Field(
        1, ge=-6, le=6, description="Shooting at a cart or wagon that has not moved this turn.")
    fast_speed: float = Field(
        9.0, gt=0, le=72, description="Inches moved this turn from which a target is fast.")
    fast_target: int = Field(
        -1, ge=-6, le=6, description="Shooting at a vehicle that moved fast_speed or more.")
    from_moving_vehicle: int = Field(
        -1, ge=-6, le=6, description="Shooting from a vehicle that moved this turn.")
    rough_ground: int = Field(
        -1, ge=-6, le=6, description="A further modifier when that vehicle is on rough ground.")

    def at_vehicle(self, moved: float) -> int:
        """The modifier for shooting at a vehicle that moved `moved` inches this turn."""
        if moved <= 0:
            return self.stationary_target
        return self.fast_target if moved + SPEED_EPSILON >= self.fast_speed else 0

    def from_vehicle(self, moved: float, rough: bool) -> int:
        """The modifier for shooting from a vehicle that moved `moved` inches, over rough ground or not."""
        if moved <= 0:
            return 0
        return self.from_moving_vehicle + (self.rough_ground if rough else 0)


class VehicleRules(Data):
    """Every number of §10 apart from the vehicles and the ram bands, so a group can vary them."""

    max_speed_change: float = Field(4.0, gt=0, le=24, description="Greatest change of speed in one Drive.")
    sharp_turn: float = Field(45.0, gt=0, le=180, description="Degrees of turn needing a Carter test.")
    carter_test_fails_on: int = Field(1, ge=1, le=5, description="A Carter test roll at or below this fails.")
    out_of_control_table: str = Field("out_of_control", description="tables.toml id rolled on a failure.")
    veer_angle: float = Field(45.0, gt=0, le=180, description="Degrees an out-of-control vehicle veers.")
    facing_arc: float = Field(45.0, gt=0, lt=90, description="Half-angle of the front and rear arcs.")
    tangent_factor: float = Field(
        0.5, ge=0, le=10, description="Impact speed = |v_rel.n| + this x |v_rel.t|.")
    static_obstacle_factor: float = Field(
        2.0, ge=1, le=10, description="Speed multiplier against a static body.")
    hard_going_pace: float = Field(..., gt=0.25, le=1, description="Share of its speed a vehicle makes with "
                                   "its centre on Hard Going (above a quarter: the physics takes a vehicle "
                                   "making a quarter of its speed or less for stuck).")
    narrow_ditch: float = Field(
        ..., ge=0, le=12, description="A ditch at most this wide is no obstacle to wheels; "
        "a wider one is the edge of a gully.")
    rider_mass: float = Field(
        ..., gt=0, le=100, description="A horse and rider's mass for the physics (a handcart "
        "is 1).")
    foot_mass: float = Field(..., gt=0, le=100, description="A man on foot's mass for the physics.")
    dodge_target: int = Field(4, ge=2, le=6, description="A character in the path dodges on this or more.")
    under_the_wheels_on: int = Field(1, ge=1, le=2, description="A natural roll this low: under the wheels.")
    under_the_wheels_factor: int = Field(2, ge=1, le=10, description="Damage multiplier under the wheels.")
    crew_damage_per: int = Field(
        10, ge=1, le=100, description="Crew take one die per full this many damage points.")
    points_per_hit: int = Field(
        4, ge=1, le=20, description="Points to a character per hit (saved as normal).")
    max_turn: float = Field(90.0, gt=0, le=180, description="Greatest change of heading in one Drive.")
    shot_damage: Die = Field(Die(sides=3), description="Damage points of a missile hit on hull or traction.")
    crew_die: Die = Field(Die(sides=6), description="The die per crew damage die for a seated model.")
    braced_die: Die = Field(Die(sides=3), description="The die for a braced seat (pavises).")
    leaning_out_die: Die = Field(Die(sides=6, bonus=2), description="The die for a seat leaning out.")
    fire: FireRule = Field(FireRule(), description="Fire spreading between locations.")
    shooting: VehicleShooting = Field(VehicleShooting(), description="Shooting at and from vehicles.")

    def facing(self, bearing: float) -> Facing:
        """Which armour a blow meets: `bearing` is the attacker's direction in degrees from the heading."""
        off = abs((bearing + 180.0) % 360.0 - 180.0)
        if off <= self.facing_arc:
            return "front"
        if off >= 180.0 - self.facing_arc:
            return "rear"
        return "side"

    def crew_dice(self, damage: int) -> int:
        """How many dice each crewman and passenger takes for the vehicle suffering `damage` points."""
        return max(0, damage) // self.crew_damage_per

    def seat_die(self, seat: Seat) -> Die:
        """The crew damage die for a seat: braced D3, leaning out D6+2, else D6."""
        if seat.braced:
            return self.braced_die
        if seat.leaning_out:
            return self.leaning_out_die
        return self.crew_die

    def carter_test_needed(self, turn: float, speed_change: float) -> bool:
        """Whether a Drive turning `turn` degrees and changing speed by `speed_change` needs a Carter test."""
        return abs(turn) + SPEED_EPSILON >= self.sharp_turn or abs(speed_change) > SPEED_EPSILON


class Content(Data):
    """All game data, cross-checked."""

    numbers: Numbers
    weapons: dict[str, Weapon]
    steeds: dict[str, Steed]
    profiles: dict[str, Profile]
    retinues: dict[str, Retinue]
    tables: dict[str, DiceTable]
    alarums: dict[str, Alarum]
    perks: dict[str, Perk]
    rules: dict[str, Rule]
    vehicles: dict[str, VehicleProfile]
    skills: dict[str, Skill]
    ram_bands: tuple[RamBand, ...]
    vehicle_rules: VehicleRules

    @field_validator("ram_bands")
    @classmethod
    def _bands(cls, bands: tuple[RamBand, ...]) -> tuple[RamBand, ...]:
        check_ram_bands(bands)
        return bands

    @model_validator(mode="after")
    def _every_skill(self) -> Content:
        missing = [skill for skill in SKILLS if skill not in self.skills]
        if missing:
            raise ValueError(f"skill {missing[0]!r} has no entry: every Skill the engine knows needs one")
        return self

    @model_validator(mode="after")
    def _perk_deck(self) -> Content:
        deck = sum(p.copies for p in self.perks.values())
        if 2 * self.numbers.perk_hand_start > deck:
            raise ValueError(f"numbers.perk_hand_start {self.numbers.perk_hand_start} deals both sides more "
                             f"perk cards than the deck's {deck}")
        return self

    @model_validator(mode="after")
    def _references(self) -> Content:
        for prof in self.profiles.values():
            for w in prof.weapons:
                if w not in self.weapons:
                    raise ValueError(f"profile {prof.id!r}: unknown weapon {w!r}")
        for ret in self.retinues.values():
            for spear in ret.spears:
                if self.profiles.get(spear.hero.profile) is None:
                    raise ValueError(f"retinue {ret.id!r}: unknown profile {spear.hero.profile!r}")
                if self.profiles[spear.hero.profile].type != "hero":
                    raise ValueError(f"retinue {ret.id!r}: {spear.hero.name} leads a Spear "
                                     "but is not a Hero")
                for m in spear.retainers:
                    if m.profile not in self.profiles:
                        raise ValueError(f"retinue {ret.id!r}: unknown profile {m.profile!r}")
                    if self.profiles[m.profile].type != "retainer":
                        raise ValueError(f"retinue {ret.id!r}: {m.name} is in a Spear's "
                                         "retainers but is a Hero")
                for m in (spear.hero, *spear.retainers):
                    if m.steed is not None and m.steed not in self.steeds:
                        raise ValueError(f"retinue {ret.id!r}: {m.name} rides unknown steed "
                                         f"{m.steed!r}")
                    for w in m.weapons or ():
                        if w not in self.weapons:
                            raise ValueError(f"retinue {ret.id!r}: {m.name} has unknown weapon "
                                             f"{w!r}")
                    problem = self._seat_problem(m)
                    if problem:
                        raise ValueError(f"retinue {ret.id!r}: {m.name} {problem}")
            captains = [s for s in ret.spears if self.profiles[s.hero.profile].role == "captain"]
            if len(captains) != 1:
                raise ValueError(f"retinue {ret.id!r} needs exactly one Captain")
            for spear in ret.spears:
                for m in (spear.hero, *spear.retainers):
                    problem = self.roster_problem(m)
                    if problem:
                        raise ValueError(f"retinue {ret.id!r}: {m.name} {problem}")
        for table in self.tables.values():
            if table.rule not in self.rules:
                raise ValueError(f"table {table.id!r}: unknown rule {table.rule!r}")
        for vehicle in self.vehicles.values():
            problem = self._vehicle_problem(vehicle)
            if problem:
                raise ValueError(f"vehicle {vehicle.id!r}: {problem}")
        table_id = self.vehicle_rules.out_of_control_table
        if table_id not in self.tables:
            raise ValueError(f"vehicle rules: field out_of_control_table: unknown table {table_id!r}")
        for row in self.tables[table_id].rows:
            if row.result not in OUT_OF_CONTROL_RESULTS:
                raise ValueError(f"vehicle rules: field out_of_control_table: table {table_id!r} has result "
                                 f"{row.result!r}; expected one of {', '.join(OUT_OF_CONTROL_RESULTS)}")
        return self

    def _seat_problem(self, member: Member) -> str:
        """Why a member's seat is wrong, or "" if it has none or it is fine; follows the member's name."""
        if member.seat is None:
            return ""
        names = sorted({seat.name for vehicle in self.vehicles.values() for seat in vehicle.seats})
        if member.seat not in names:
            known = ", ".join(repr(n) for n in names) or "none"
            return f"has seat {member.seat!r}, which is no seat on any vehicle (seats: {known})"
        if member.steed is not None:
            steed = self.steeds[member.steed].name
            return (f"has seat {member.seat!r} on a vehicle and may not also ride a steed "
                    f"({steed}); a model with a seat starts aboard")
        return ""

    def _vehicle_problem(self, vehicle: VehicleProfile) -> str:
        """Why a vehicle's team does not fit the steeds, or "" if it does; names the field."""
        steed = self.steeds.get(vehicle.team.steed)
        if steed is None:
            return f"field team.steed: unknown steed {vehicle.team.steed!r}"
        if steed.steed_kind not in TEAM_STEED_KINDS:
            return (f"field team.steed: a {steed.name} may not pull a vehicle; a team is Beasts of "
                    "Burden or Nags")
        if vehicle.max_speed > steed.move:
            return (f"field max_speed: {vehicle.max_speed:g} is faster than its team of {steed.name} can "
                    f"go (Move {steed.move:g})")
        return ""

    def ram_band(self, speed: float) -> RamBand:
        """The impact-speed band for a ram at `speed` inches per turn."""
        return ram_band(self.ram_bands, speed)

    def team_steed(self, vehicle_id: str) -> Steed:
        """The steed profile of each animal in a vehicle's team (its Health, Save and Move)."""
        return self.steeds[self.vehicles[vehicle_id].team.steed]

    def roster_problem(self, member: Member) -> str:
        """Why a member may not ride its steed or carry its weapons (§9.1 [R]), or "" if it may.

        Captains, Squires and Fighters ride only Warhorses, Shootists only Nags, a Beast of Burden
        is no riding steed for a retinue member, and a lance needs a Warhorse under its bearer.
        The text follows the member's name, e.g. "is a Shootist and may only ride a Nag, not a
        Warhorse". References must already be checked.
        """
        prof = self.profiles[member.profile]
        steed = self.steeds[member.steed] if member.steed is not None else None
        if steed is not None:
            kind = steed.steed_kind
            if kind == "beast_of_burden":
                return f"rides a {steed.name}, which is not a riding steed for a retinue member"
            allowed = ROLE_STEEDS[prof.role]
            if kind != allowed:
                wanted = next((s.name for s in self.steeds.values() if s.steed_kind == allowed),
                              allowed.replace("_", " ").title())
                return f"is a {ROLE_NAMES[prof.role]} and may only ride a {wanted}, not a {steed.name}"
        weapons = member.weapons if member.weapons is not None else prof.weapons
        lances = [self.weapons[w] for w in weapons if self.weapons[w].kind == "lance"]
        if lances and (steed is None or steed.steed_kind != "warhorse"):
            return f"carries a {lances[0].name.lower()} but does not ride a Warhorse"
        return ""

