"""The Skill deck (RULES-BRIEF §12.1, §12.2): the Captain's extra Skill drawn as a card, on seeded dice
and logged like any roll, for the muster to call."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from game.content import Content, load_content
from game.content.models import SKILL_LISTS
from game.rules.dice import Dice
from game.rules.events import DiceRolled, Ev, made

LIST_NAMES = {"leader": "Leader", "agility": "Agility", "strength": "Strength"}


class NoSkillLeft(ValueError):
    """The chosen lists hold no Skill the Hero does not have already."""


def skill_deck(lists: Sequence[str], taken: Collection[str]) -> list[str]:
    """The cards of a Skill deck: every Skill of the chosen lists, in list order, but those taken."""
    unknown = [name for name in lists if name not in SKILL_LISTS]
    if unknown:
        raise ValueError(f"no Skill list {unknown[0]!r}: the lists are {', '.join(SKILL_LISTS)}")
    return [skill for name in dict.fromkeys(lists) for skill in SKILL_LISTS[name] if skill not in taken]


def draw_skill(seed: int, lists: Sequence[str], taken: Collection[str] = (),
               dice: Dice | None = None, content: Content | None = None) -> tuple[str, list[Ev]]:
    """Draw one card from the Skill deck of the chosen lists (Skills already `taken` left out).

    The card is the roll of a die with as many faces as the deck has cards, counted in the deck's
    order; the roll is on the seeded dice (or on `dice`, for pinned tests) and logged with its
    purpose. Returns the Skill's id and the events (the DiceRolled of the draw).
    """
    deck = skill_deck(lists, taken)
    if not deck:
        raise NoSkillLeft(f"the {', '.join(lists)} lists hold no Skill not taken already")
    skills = (content or load_content()).skills
    roller = dice if dice is not None else Dice(seed)
    named = " and ".join(LIST_NAMES[name] for name in dict.fromkeys(lists))
    purpose = f"Skill deck ({named}, {len(deck)} cards): the Captain's extra Skill"
    card = roller.roll(purpose, len(deck))
    drawn = deck[card - 1]
    event = made(DiceRolled, purpose=f"{purpose}, {skills[drawn].name}", sides=len(deck), value=card,
                 need="", model="")
    return drawn, [event]
