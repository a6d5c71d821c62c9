"""A campaign's course from battle to battle: what comes next and each step towards it.

A campaign is always at one of four points (`phase`): a battle to fight; a post-battle sequence
under way (`PostBattle`: the players have seen some of its steps); the people's muster; or over.
Every move from one point to the next is a pure function returning the new campaign, so the
client saves it after each one and a campaign cut off anywhere resumes where it stood. The
post-battle sequence is worked out again from the campaign's dice at every reading, so no result
is ever rolled twice (ironman).

The next battle: a narrative campaign's is its stage's scenario (the stage after depends on the
result); an open campaign's is picked by the side with less Prestige (red on a tie), a person by
hand (`choose_scenario`), the AI by a roll of the campaign's dice among the shipped tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from game.campaign.market import cannot_field
from game.campaign.model import STEPS, BattleResult, Campaign, Event, PostBattle, Side, Step
from game.campaign.sequence import SIDES, after_battle, campaign_dice

Phase = Literal["battle", "post_battle", "muster", "over"]
Winner = Literal["red", "blue", "draw"]
OPEN_TABLES = ("the-ford", "skirmish-field", "stakes-and-arrows", "make-way")  # the AI's picks


class CampaignError(Exception):
    """A step the campaign cannot take where it stands; str() is one line saying why."""


class Story(Protocol):
    """What a narrative campaign's course needs of its narrative."""

    def scenario(self, stage: str) -> str:
        """The scenario a stage is fought on."""
        ...

    def next_stage(self, stage: str, winner: Winner) -> tuple[str, str]:
        """(the next stage, "") or ("", the ending reached) after a stage's battle."""
        ...

    def forfeit(self, side: Side) -> str:
        """The ending reached when this side can no longer take the field."""
        ...


@dataclass(frozen=True, slots=True)
class NextBattle:
    """The battle to fight next: its scenario ("" while a person has still to pick it), its seed and
    the side that picked it ("" in a narrative campaign)."""

    scenario: str
    seed: int
    picker: Side | Literal[""]


@dataclass(frozen=True, slots=True)
class Shown:
    """One step of a post-battle sequence as the players see it: its name and its events."""

    step: Step
    events: tuple[Event, ...]


def phase(c: Campaign) -> Phase:
    """Where the campaign stands."""
    if c.pending is not None:
        return "post_battle"
    if c.mustering:
        return "muster"
    if c.ending or unfit(c):
        return "over"
    return "battle"


def unfit(c: Campaign) -> list[Side]:
    """The sides that cannot take the field (after their muster): the campaign is over."""
    return [s for s in SIDES if cannot_field(c.sides[s].roster)]


def why_over(c: Campaign) -> str:
    """A line saying how the campaign ended."""
    if c.ending:
        return f"the campaign reached its ending: {c.ending}"
    for s in unfit(c):
        return cannot_field(c.sides[s].roster)
    return "the campaign goes on"


def picker(c: Campaign) -> Side:
    """The side that picks an open campaign's next scenario: the one with less Prestige, red on a tie."""
    return "blue" if c.sides["blue"].prestige < c.sides["red"].prestige else "red"


def battle_seed(c: Campaign) -> int:
    """The next battle's seed, from the campaign's seed and the battle's index."""
    return (c.seed * 1_000_003 + len(c.battles)) % 2**63


def next_battle(c: Campaign, story: Story | None = None) -> NextBattle:
    """The battle to fight next (CampaignError unless the campaign stands before a battle)."""
    if phase(c) != "battle":
        raise CampaignError(f"the campaign is not before a battle ({phase(c).replace('_', ' ')})")
    if c.campaign == "narrative":
        if story is None:
            raise CampaignError("a narrative campaign needs its narrative")
        return NextBattle(story.scenario(c.stage), battle_seed(c), "")
    side = picker(c)
    if c.next_scenario:
        return NextBattle(c.next_scenario, battle_seed(c), side)
    if c.human(side):
        return NextBattle("", battle_seed(c), side)
    dice = campaign_dice(c.seed ^ 0x5CE7A210, len(c.battles))
    pick = OPEN_TABLES[dice.roll(f"{side} picks the scenario", len(OPEN_TABLES)) - 1]
    return NextBattle(pick, battle_seed(c), side)


def choose_scenario(c: Campaign, scenario: str) -> Campaign:
    """An open campaign's next scenario, as the picking side chose it."""
    if c.campaign != "open" or phase(c) != "battle":
        raise CampaignError("only an open campaign, before its battle, has a scenario to pick")
    return c.model_copy(update={"next_scenario": scenario[:120]})


def fought(c: Campaign, result: BattleResult) -> Campaign:
    """The campaign once its battle is fought: the post-battle sequence begins, nothing yet seen."""
    if phase(c) != "battle":
        raise CampaignError(f"the campaign is not before a battle ({phase(c).replace('_', ' ')})")
    return c.model_copy(update={"pending": PostBattle(result=result), "next_scenario": ""})


def _worked_out(c: Campaign) -> tuple[Campaign, list[Event]]:
    if c.pending is None:
        raise CampaignError("no post-battle sequence is under way")
    before = c.model_copy(update={"pending": None})
    auto = [s for s in SIDES if not c.human(s)]
    return after_battle(before, c.pending.result, auto=auto)


def steps(c: Campaign) -> list[Shown]:
    """The post-battle sequence under way, step by step (the same at every reading)."""
    _, events = _worked_out(c)
    return [Shown(step, tuple(e for e in events if e.step == step)) for step in STEPS]


def advance(c: Campaign, story: Story | None = None) -> Campaign:
    """One more step of the post-battle sequence seen; after the last, the sequence is the
    campaign's: the people's muster begins (or, with none, the next battle stands ready)."""
    if c.pending is None:
        raise CampaignError("no post-battle sequence is under way")
    seen = c.pending.seen + 1
    if seen < len(STEPS):
        return c.model_copy(update={"pending": c.pending.model_copy(update={"seen": seen})})
    after, _ = _worked_out(c)
    update: dict[str, object] = {"mustering": tuple(s for s in SIDES if c.human(s))}
    if c.campaign == "narrative":
        if story is None:
            raise CampaignError("a narrative campaign needs its narrative")
        stage, ending = story.next_stage(c.stage, c.pending.result.winner)
        update |= {"stage": stage, "ending": ending}
    return forfeited(after.model_copy(update=update), story)


def done_mustering(c: Campaign, side: Side, story: Story | None = None) -> Campaign:
    """A person's muster finished."""
    if side not in c.mustering:
        raise CampaignError(f"{c.sides[side].roster.name} is not mustering")
    return forfeited(c.model_copy(update={"mustering": tuple(s for s in c.mustering if s != side)}), story)


def forfeited(c: Campaign, story: Story | None) -> Campaign:
    """A narrative campaign in which a side can no longer take the field reaches that side's
    forfeit (the other side has won); any other campaign is as it was."""
    if c.campaign != "narrative" or c.ending or c.mustering or c.pending is not None or story is None:
        return c
    out = unfit(c)
    return c.model_copy(update={"ending": story.forfeit(out[0]), "stage": ""}) if out else c


def last_battle_events(c: Campaign) -> Sequence[Event]:
    """The chronicle's lines for the last battle fought."""
    last = len(c.battles) - 1
    return [e for e in c.chronicle if e.battle == last] if last >= 0 else []
