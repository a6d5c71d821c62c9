"""Pydantic models for every piece of game data; extra fields are errors, references are checked."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

SKILLS = ("skilld_at_arms", "deadly_blade", "equestrian", "nimble", "carter")


class Data(BaseModel):
    """Base for content models: unknown fields are rejected and models are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Weapon(Data):
    """A weapon: melee tools and missile weapons with ranges and reload rules."""

    id: str
    name: str
    kind: Literal["hand", "bill", "spear", "lance", "longbow", "crossbow", "handgun"] = Field(
        description="What the weapon is; missile kinds need ranges."
    )
    short_range: float | None = Field(None, description='Short range limit in inches.')
    long_range: float | None = Field(None, description='Long range limit in inches.')
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
    move: float = Field(gt=0, description="Move in inches.")
    health: int = Field(ge=1)
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
    move: float = Field(gt=0)
    fight: int = Field(ge=0, description="Melee dice.")
    shoot: int | None = Field(None, ge=2, le=6, description="To-hit number at short range.")
    save: int = Field(ge=2, le=7)
    health: int = Field(ge=1)
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
    """One model in a retinue: a profile, a name, and optionally a steed."""

    profile: str
    name: str
    steed: str | None = None
    weapons: tuple[str, ...] | None = Field(None, description="Overrides the profile's weapons.")


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
    "loose_dog",  # a random steed tests to bolt
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
    amount: int = 0
    copies: int = Field(1, ge=1)


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
    amount: int = 0
    copies: int = Field(1, ge=1)
    needs_model: bool = Field(True, description="Played on one of the player's models.")


class Rule(Data):
    """A named rule with its source tag, used by the log, the coverage doc and the UI."""

    id: str
    name: str
    tag: str = Field(pattern=r"^(R|G|I|C|H)(/(R|G|I|C|H))*$")
    section: str
    summary: str


class Numbers(Data):
    """Every house-rule number the engine uses, so a group can play its own variant."""

    turns: int = Field(6, ge=1)
    command_range_foot: float = 2.0
    command_range_mounted: float = 3.0
    hard_going_factor: float = 2.0
    obstacle_cost: float = 2.0
    gambit_success: int = 2
    charge_bonus: float = 3.0
    run_bonus_die: int = 3
    will_to_fight_target: int = 7
    pushback: float = 1.0
    blocked_shot_hits_on: int = 3
    blocked_stroke_hits_on: int = 3
    woods_blocking_depth: float = 2.0
    long_range_penalty: int = 1
    strike_on: int = 4
    valour_retainer: int = 1
    valour_squire: int = 2
    valour_captain: int = 3
    valour_steed: int = 1
    perk_hand_start: int = 2
    perk_hand_max: int = 3
    contact_tolerance: float = 0.1
    base_diameter: float = 1.0
    river_swept_dice: int = 2


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
        return self

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

