"""The shipped narrative campaigns as the campaign's course reads them (`progress.Story`)."""

from __future__ import annotations

from game.campaign.progress import Story


def first_story(narrative: str = "") -> tuple[Story, str, str]:
    """A narrative (the first shipped unless named): its story, its id and its first stage; KeyError
    naming the ones there are for an unknown id."""
    raise KeyError(f"no narrative campaign {narrative!r} is shipped")
