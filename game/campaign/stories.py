"""The shipped narrative campaigns as the campaign's course reads them (`progress.Story`)."""

from __future__ import annotations

from dataclasses import dataclass

from game.campaign.model import Campaign, Side
from game.campaign.narrative import Narrative, narratives, next_stage
from game.campaign.progress import Story, Winner


@dataclass(frozen=True, slots=True)
class NarrativeStory:
    """A narrative's stages as the course asks for them."""

    narrative: Narrative

    def scenario(self, stage: str) -> str:
        """The scenario a stage is fought on."""
        return self.narrative.stages[stage].scenario

    def next_stage(self, stage: str, winner: Winner) -> tuple[str, str]:
        """(the next stage, "") or ("", the ending reached) after a stage's battle."""
        return next_stage(self.narrative, stage, winner)

    def forfeit(self, side: Side) -> str:
        """The ending reached when this side can no longer take the field."""
        return self.narrative.forfeit[side]


def first_story(narrative: str = "") -> tuple[Story, str, str]:
    """A narrative (the first shipped unless named): its story, its id and its first stage; KeyError
    naming the ones there are for an unknown id."""
    shipped = narratives()
    key = narrative or next(iter(shipped))
    if key not in shipped:
        raise KeyError(f"no narrative campaign {narrative!r}; shipped: {', '.join(shipped)}")
    return NarrativeStory(shipped[key]), key, shipped[key].start


def story_for(c: Campaign) -> NarrativeStory | None:
    """A campaign's narrative (None for an open campaign); KeyError if it names none shipped."""
    if c.campaign != "narrative":
        return None
    shipped = narratives()
    if c.narrative not in shipped:
        raise KeyError(f"the campaign's narrative {c.narrative!r} is not shipped")
    return NarrativeStory(shipped[c.narrative])
