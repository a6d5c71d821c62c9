"""A campaign as data: two retinues, their Prestige and each model's record, the battles played and
the chronicle (RULES-BRIEF §12.3). One versioned pydantic model, so a campaign is one file.

Each side keeps its roster and, model for model in the same order, the model's campaign record
(`MemberRecord`: a number of his own that never passes to another, his injuries, whether he misses
the next battle, his Valour and the Skills it won him). A battle's result (`BattleResult`) says
who was taken, who fled, the Valour each model won and what became of each steed.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.campaign.rules import campaign_rules
from game.muster.roster import Ident, Roster, Text
from game.rules.commands import Command

CAMPAIGN_KIND: Literal["destrier-campaign"] = "destrier-campaign"
CAMPAIGN_VERSION: Literal[1] = 1
MAX_BATTLES = 200
MAX_EVENTS = 20_000
MAX_COMMANDS = 20_000  # a battle's commands kept for its replay
HUMAN = "human"
PLAYER = r"^(human|[a-z_]{1,20}(:(easy|normal|hard))?)$"  # "human", or an AI player's name[:level]
Side = Literal["red", "blue"]
Step = Literal["battle", "casualties", "steeds", "valour", "prestige", "muster"]
SIDE_NAMES: tuple[Side, Side] = ("red", "blue")
STEPS: tuple[Step, ...] = ("battle", "casualties", "steeds", "valour", "prestige", "muster")
Count = Annotated[int, Field(ge=0, le=10_000)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Roll(_Strict):
    """A roll of the campaign's dice: what it was for, its faces and the value."""

    purpose: Annotated[str, Field(max_length=200)]
    sides: int = Field(ge=2, le=100)
    value: int = Field(ge=1, le=100)


class Event(_Strict):
    """One line of the chronicle: the battle it follows, the step, the side and model it concerns,
    what happened in words, and the roll that decided it (if any)."""

    battle: int = Field(ge=0, le=MAX_BATTLES)
    step: Step
    kind: Ident
    side: Side | Literal[""] = ""
    member: int = Field(-1, ge=-1, le=100_000, description="The model's campaign number, -1: none.")
    text: Annotated[str, Field(max_length=400)]
    roll: Roll | None = None
    prestige: int = Field(0, ge=-1000, le=1000, description="Prestige this event adds or takes.")


class MemberRecord(_Strict):
    """One model's campaign record."""

    number: int = Field(ge=0, le=100_000, description="His campaign number, never reused.")
    injuries: tuple[Ident, ...] = Field((), max_length=20)
    misses_next: bool = False
    valour: Count = 0
    skills_gained: tuple[Ident, ...] = Field((), max_length=12)
    move: int = Field(0, ge=-6, le=0, description="What his lasting injuries take from his Move.")
    fight: int = Field(0, ge=-6, le=0, description="What they take from his Fight.")
    shoot: int = Field(0, ge=-6, le=0, description="What they take from his Shoot.")
    veteran: int = Field(0, ge=0, le=6, description="Times made a veteran.")


class Retinue(_Strict):
    """One side of a campaign: its roster, Prestige and each model's record, in the roster's order."""

    roster: Roster
    prestige: Count
    records: tuple[MemberRecord, ...] = Field(max_length=40)

    @model_validator(mode="after")
    def _one_record_each(self) -> Retinue:
        if len(self.records) != len(self.roster.members):
            raise ValueError(f"{len(self.roster.members)} models but {len(self.records)} records")
        return self

    def index_of(self, number: int) -> int:
        """The roster index of the model with this campaign number (ValueError if none)."""
        for i, record in enumerate(self.records):
            if record.number == number:
                return i
        raise ValueError(f"no model numbered {number}")


class ModelOutcome(_Strict):
    """What became of one fielded model in a battle."""

    side: Side
    member: int = Field(ge=0, le=100_000, description="His campaign number.")
    state: Literal["standing", "casualty", "fled"] = "standing"
    valour: Count = 0
    steed: Literal["none", "kept", "regained", "killed"] = "none"
    struck: Count = Field(0, description="Hits allocated to his steed instead of him in melee.")


class Replay(_Strict):
    """What a battle's replay needs: the game as it was started, and every command given in it."""

    scenario: Annotated[str, Field(min_length=1, max_length=120)]
    seed: int = Field(ge=0, le=2**63)
    mode: Literal["hotseat", "solo", "watch"]
    players: dict[Side, Annotated[str, Field(pattern=PLAYER)]]
    rosters: dict[Side, Roster]
    deploy: bool = False
    commands: tuple[Command, ...] = Field((), max_length=MAX_COMMANDS)
    state_hash: str = Field(pattern=r"^[0-9a-f]{64}$", description="The final state's digest.")


class BattleResult(_Strict):
    """A battle's summary: the scenario, its seed, the winner and each fielded model's outcome (and,
    once fought in a campaign, its replay)."""

    scenario: Text
    seed: int = Field(ge=0, le=2**63)
    winner: Literal["red", "blue", "draw"]
    objectives: dict[Side, Count] = Field(default_factory=dict)
    models: tuple[ModelOutcome, ...] = Field(max_length=80)
    replay: Replay | None = None


class PostBattle(_Strict):
    """A battle fought whose post-battle sequence is under way: its result and how many of the
    sequence's steps the players have seen (the sequence itself is worked out again from the
    campaign's dice, so it is the same at every reading)."""

    result: BattleResult
    seen: int = Field(0, ge=0, le=len(STEPS), description="Steps of the sequence already shown.")


class Campaign(_Strict):
    """A campaign: its two retinues, kind, seed, the battles played and the chronicle."""

    version: Literal[1] = Field(description="The campaign format's version.")
    kind: Literal["destrier-campaign"] = Field(description="Marks the file as a Destrier campaign.")
    name: Annotated[str, Field(min_length=1, max_length=80)]
    campaign: Literal["narrative", "open"]
    seed: int = Field(ge=0, le=2**63)
    sides: dict[Side, Retinue]
    battles: tuple[BattleResult, ...] = Field((), max_length=MAX_BATTLES)
    chronicle: tuple[Event, ...] = Field((), max_length=MAX_EVENTS)
    next_number: int = Field(ge=0, le=100_000, description="The next campaign number to give a model.")
    players: dict[Side, Annotated[str, Field(pattern=PLAYER)]] = Field(
        default_factory=lambda: dict.fromkeys(SIDE_NAMES, HUMAN),
        description='Per side: "human", or the AI player (name[:level]) that leads its retinue.')
    narrative: Annotated[str, Field(max_length=40)] = Field("", description="The narrative campaign's id.")
    stage: Annotated[str, Field(max_length=40)] = Field("", description="The narrative's next stage.")
    ending: Annotated[str, Field(max_length=40)] = Field("", description="The ending reached, once over.")
    next_scenario: Annotated[str, Field(max_length=120)] = Field(
        "", description="An open campaign's next scenario, once the picking side has chosen it.")
    pending: PostBattle | None = Field(None, description="The post-battle sequence under way, if any.")
    mustering: tuple[Side, ...] = Field((), max_length=2, description="Sides whose players still muster.")

    @model_validator(mode="after")
    def _both_sides(self) -> Campaign:
        if set(self.sides) != {"red", "blue"}:
            raise ValueError("a campaign has a red and a blue retinue")
        if set(self.players) != {"red", "blue"}:
            raise ValueError("a campaign names who leads each side")
        if (self.campaign == "narrative") != bool(self.narrative):
            raise ValueError("a narrative campaign names its narrative, an open one none")
        return self

    def human(self, side: Side) -> bool:
        """True if a person leads this side."""
        return self.players[side] == HUMAN

    @property
    def mode(self) -> Literal["hotseat", "solo", "watch"]:
        """How its battles are played: two people, one against the AI, or the AI on both sides."""
        people = sum(1 for side in SIDE_NAMES if self.players[side] == HUMAN)
        return "hotseat" if people == 2 else "solo" if people == 1 else "watch"


def new_campaign(name: str, kind: Literal["narrative", "open"], seed: int, red: Roster, blue: Roster,
                 prestige: int | None = None, players: dict[Side, str] | None = None,
                 narrative: str = "", stage: str = "") -> Campaign:
    """A campaign not yet fought: each model given his campaign number, each side its Prestige (by
    default the tables' starting Prestige); two people lead it unless `players` says otherwise, and a
    narrative campaign starts at its narrative's first stage."""
    if prestige is None:
        prestige = campaign_rules().prestige.start
    sides: dict[Side, Retinue] = {}
    number = 0
    pairs: tuple[tuple[Side, Roster], ...] = (("red", red), ("blue", blue))
    for side, roster in pairs:
        records = tuple(MemberRecord(number=number + i) for i in range(len(roster.members)))
        number += len(records)
        sides[side] = Retinue(roster=roster, prestige=prestige, records=records)
    return Campaign(version=CAMPAIGN_VERSION, kind=CAMPAIGN_KIND, name=name, campaign=kind, seed=seed,
                    sides=sides, next_number=number, players=players or {"red": HUMAN, "blue": HUMAN},
                    narrative=narrative, stage=stage)
