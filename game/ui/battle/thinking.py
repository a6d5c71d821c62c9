"""Watch it think: for an AI player's last decision, the few commands it weighed and the value it
gave each, the chosen one marked, in a small box over the table's corner (the thinking key, T).

The players that weigh their commands keep their last decision's best few (`last_weighed`: the
heuristic's scores, the search's searched values, Easy's scores); the AI's pacing reads them when
it submits the chosen command and words them here with the hint's command words, before the
command changes the position they were weighed in. A player that weighs nothing (the random and
eager players) is said to.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.commands import Command
from game.rules.engine import Engine
from game.ui import theme
from game.ui.battle.cache import panel, text
from game.ui.hints import describe_command
from game.ui.theme import Fonts
from game.ui.widgets import fit

SHOWN = 5  # rows of weighed commands at most
VALUES = "Values: the AI's own reckoning, higher is better."
WIDTH = 440  # the box's width at a UI scale of 1


@dataclass(frozen=True, slots=True)
class WeighedRow:
    """One command the AI weighed: its words, its value, and whether it was the one given."""

    words: str
    value: float
    chosen: bool

    @property
    def left(self) -> str:
        """The row's words, the chosen one marked: "> Fight Sir John (chosen)"."""
        return f"> {self.words} (chosen)" if self.chosen else f"  {self.words}"

    @property
    def right(self) -> str:
        """The row's value: "+0.85"."""
        return f"{self.value:+.2f}"

    @property
    def line(self) -> str:
        """The row in one line: "> Fight Sir John (chosen)   +0.85"."""
        return f"{self.left}   {self.right}"


@dataclass(frozen=True, slots=True)
class Thought:
    """An AI player's last decision as the box shows it."""

    heading: str  # "Blue AI (Normal), Sir Robert Ogle"
    rows: tuple[WeighedRow, ...]  # best first; empty when the player weighs nothing
    chosen: str  # the given command's words

    def lines(self) -> list[str]:
        """The box's lines: the heading, the weighed commands, and what the values are."""
        if not self.rows:
            return [self.heading, f"Gave: {self.chosen}",
                    "Nothing was weighed for it (a deployment, or a player that weighs nothing)."]
        return [f"{self.heading} weighed:", *(r.line for r in self.rows), VALUES]


def weighed_of(player: object) -> tuple[tuple[Command, float], ...]:
    """What a player weighed for its last decision (none for a player that weighs nothing)."""
    found = getattr(player, "last_weighed", ())
    return tuple(found) if isinstance(found, tuple) else ()


def thought(engine: Engine, heading: str, weighed: tuple[tuple[Command, float], ...],
            chosen: Command) -> Thought:
    """The decision in words, on the engine whose position it was made in (before the chosen
    command is given): the weighed commands best first, the chosen one marked (added last if it
    was not among the best few, as a careless player's may not be)."""
    rows = [WeighedRow(describe_command(engine, cmd), value, cmd == chosen) for cmd, value in weighed[:SHOWN]]
    if weighed and not any(r.chosen for r in rows):
        value = next((v for c, v in weighed if c == chosen), float("nan"))
        rows.append(WeighedRow(describe_command(engine, chosen), value, True))
    return Thought(heading, tuple(rows), describe_command(engine, chosen))


class ThinkingBox:
    """The box and whether it is shown."""

    def __init__(self) -> None:
        self.shown = False
        self.last: Thought | None = None

    def toggle(self) -> None:
        """The thinking key: show or hide the box."""
        self.shown = not self.shown

    def lines(self, key: str) -> list[str]:
        """What the box says now (`key`: the thinking key's label, for how to hide it)."""
        return [left if not right else f"{left}   {right}" for left, right in self.entries(key)]

    def entries(self, key: str) -> list[tuple[str, str]]:
        """The box's lines as (words, value) pairs; the value is "" where a line has none."""
        if self.last is None:
            return [("No AI decision yet: the box shows the AI's last one once it has played.", ""),
                    (f"{key} hides this.", "")]
        said = self.last.lines()
        rows = self.last.rows
        if not rows:
            return [(line, "") for line in [*said, f"{key} hides this."]]
        return [(said[0], ""), *((r.left, r.right) for r in rows), (said[-1], ""), (f"{key} hides this.", "")]

    def draw(self, surface: pygame.Surface, fonts: Fonts, view: pygame.Rect, key: str) -> pygame.Rect | None:
        """The box in the table view's top-left corner (None when hidden)."""
        if not self.shown:
            return None
        font = fonts.small
        width = min(round(WIDTH * fonts.scale), view.width - 16)
        entries = self.entries(key)
        line = font.get_linesize()
        box = pygame.Rect(view.left + 8, view.top + 8, width, len(entries) * line + 12)
        panel(surface, box, 230)
        y = box.top + 6
        for i, (left, right) in enumerate(entries):
            colour = theme.GOLD if i == 0 or left.startswith(">") else theme.TEXT
            room = width - 20 - (font.size(right)[0] + 12 if right else 0)
            if right:
                text(surface, right, font, (box.right - 10, y), colour, "topright")
            y = text(surface, fit(left, font, room), font, (box.left + 10, y), colour).bottom
        return box


__all__ = ["ThinkingBox", "Thought", "WeighedRow", "thought", "weighed_of"]
