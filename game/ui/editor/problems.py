"""The problems panel: what keeps the document from playing, a line each (cut to the list's width,
the whole of it in the line's tool tip), and where on the table each one is."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UIPanel, UISelectionList

from game.editor.document import ScenarioDoc
from game.editor.validate import doc_game
from game.maps.problems import Problem
from game.ui.editor.items import Point
from game.ui.widgets import fit

if TYPE_CHECKING:
    from game.rules.engine import Engine

NONE = "No problems: the scenario plays."


class ProblemList:
    """The list of the document's problems, with the game the document sets up when it does."""

    def __init__(self, manager: pygame_gui.UIManager, panel: UIPanel, rect: pygame.Rect,
                 font: pygame.font.Font) -> None:
        self.font = font
        self.label = UILabel(pygame.Rect(rect.x + 2, rect.y, rect.w, 24), "", manager, container=panel)
        self.list = UISelectionList(pygame.Rect(rect.x, rect.y + 26, rect.w, rect.h - 26), [], manager,
                                    container=panel)
        self.problems: list[Problem] = []
        self.engine: Engine | None = None
        self.lines: dict[str, Problem] = {}  # each line shown, and its problem

    def show(self, shown: bool) -> None:
        """Show the panel, or hide it (the settings form takes its room)."""
        for element in (self.label, self.list):
            element.show() if shown else element.hide()

    def check(self, doc: ScenarioDoc, file: str) -> None:
        """List the document's problems again."""
        self.engine, self.problems = doc_game(doc, file)
        self.lines = {self.line(p): p for p in self.problems}
        items: list[str | tuple[str, str]] = list(self.lines or [NONE])
        self.list.set_item_list(items)
        n = len(self.problems)
        self.label.set_text(f"Problems: {n}" if n else "Problems: none")

    def line(self, p: Problem) -> str:
        """A problem as its line in the list, cut to the list's width (less its scroll bar)."""
        return fit(short(p), self.font, max(100, self.list.rect.width - 40))

    def tips(self) -> None:
        """Give each line on show the whole problem as its tool tip (the list makes a line's button
        as it scrolls into view)."""
        for item in self.list.item_list:
            button = item["button_element"]
            p = self.lines.get(item["text"])
            if button is not None and p is not None and button.tool_tip_text is None:
                button.set_tooltip(html(short(p)))

    def picked(self, line: str) -> Problem | None:
        """The problem of a line clicked in the list."""
        return self.lines.get(line)


def place_of(doc: ScenarioDoc, p: Problem) -> Point | None:
    """Where on the table a problem is (its point, or the thing it names)."""
    place = p.place
    if place.x is not None and place.y is not None:
        tile = place.layer not in ("forces", "deployment", "objectives", "vehicles", "obstacles")
        return (place.x + 0.5, place.y + 0.5) if tile and place.layer else (place.x, place.y)
    for o in doc.objectives:
        if place.name == f"objective {o.name!r}":
            return (o.x, o.y)
    for side in ("red", "blue"):
        if place.name.startswith(f"{side}'s"):
            mine = [f for f in doc.forces if f.side == side]
            if mine:
                return (mine[0].x, mine[0].y)
            zone = next((z for z in doc.zones if z.side == side), None)
            if zone:
                return (zone.x + zone.w / 2, zone.y + zone.h / 2)
    return None


def short(p: Problem) -> str:
    """A problem in a line of the list: who or what, where, and what is wrong."""
    place = p.place
    at = f" at ({place.x:g}, {place.y:g})" if place.x is not None and place.y is not None else ""
    who = place.name or (f"layer {place.layer!r}" if place.layer else "")
    return f"{who}{at}: {p.message}" if who or at else p.message



def html(value: str) -> str:
    """Text made safe for a pygame_gui text box or tool tip."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
