"""The editor's frame round the table: the top bar, the palette of ground and tools on the left,
the side panel on the right, and the lines written under the table and in the panel's notes."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UILabel, UIPanel

from game.bounded import printable
from game.content import load_content
from game.editor.brush import BRUSH_SIZES
from game.editor.document import ScenarioDoc
from game.terrain.terrain_map import TERRAIN_KINDS
from game.ui.editor.items import Point
from game.ui.editor.problems import html
from game.ui.sides import SIDE_NAME

TOP, LEFT, RIGHT = 48, 200, 400
BAR = (("new", "New"), ("open", "Open…"), ("save", "Save"), ("save_as", "Save as…"), ("undo", "Undo"),
       ("redo", "Redo"), ("settings", "Settings"), ("hotseat", "Test hot-seat"), ("solo", "Test solo"),
       ("menu", "Menu"))
TOOLS = ("select", "obstacle", "zone", "objective", "vehicle", "model")
KEYS_HINT = "Ctrl+Z undo · Ctrl+Y redo · Ctrl+S save · Delete removes · the wheel zooms · Home fits the table"


class Chrome:
    """The buttons round the table, laid out for the window's size."""

    def __init__(self, manager: pygame_gui.UIManager, size: tuple[int, int], brush: int, fill: bool) -> None:
        w, h = size
        m = manager
        self.bar: dict[str, UIButton] = {}
        x = 8
        for key, label in BAR:
            width = 20 + 9 * len(label)
            self.bar[key] = UIButton(pygame.Rect(x, 6, width, 36), label, m)
            x += width + 6
        palette = UIPanel(pygame.Rect(0, TOP, LEFT, h - TOP), manager=m)
        UILabel(pygame.Rect(8, 4, LEFT - 16, 24), "Ground", m, container=palette)
        self.kinds: dict[str, UIButton] = {}
        for i, kind in enumerate(TERRAIN_KINDS):
            rect = pygame.Rect(6 + (i % 2) * 92, 30 + (i // 2) * 34, 88, 30)
            self.kinds[kind] = UIButton(rect, kind, m, container=palette)
        y = 30 + (len(TERRAIN_KINDS) + 1) // 2 * 34 + 4
        UILabel(pygame.Rect(8, y, 60, 28), "Brush", m, container=palette)
        self.brush_menu = UIDropDownMenu([f'{n}"' for n in BRUSH_SIZES], f'{brush}"',
                                         pygame.Rect(70, y, 110, 28), m, container=palette)
        self.fill_box = UICheckBox(pygame.Rect(10, y + 38, 20, 20), "Fill", m, container=palette,
                                   initial_state=fill)
        y += 72
        UILabel(pygame.Rect(8, y, LEFT - 16, 24), "Place", m, container=palette)
        self.tools: dict[str, UIButton] = {}
        for i, tool in enumerate(TOOLS):
            rect = pygame.Rect(6 + (i % 2) * 92, y + 26 + (i // 2) * 34, 88, 30)
            self.tools[tool] = UIButton(rect, tool.title(), m, container=palette)
        self.side_panel = UIPanel(pygame.Rect(w - RIGHT, TOP, RIGHT, h - TOP), manager=m)
        self.heading = UILabel(pygame.Rect(10, 4, RIGHT - 20, 26), "", m, container=self.side_panel)
        self.list_top = max(360, (h - TOP) // 2 + 40)

    def which(self, element: UIElement) -> tuple[str, str] | None:
        """What a pressed button is: ("bar", key), ("kind", terrain) or ("tool", name)."""
        for group, buttons in (("bar", self.bar), ("kind", self.kinds), ("tool", self.tools)):
            for key, button in buttons.items():
                if element is button:
                    return group, key
        return None

    def show_tool(self, tool: str, kind: str) -> None:
        """Light the tool in hand (and the kind being painted)."""
        for name, button in self.tools.items():
            button.select() if name == tool else button.unselect()
        for name, button in self.kinds.items():
            button.select() if tool == "paint" and name == kind else button.unselect()


def notes(doc: ScenarioDoc, help_text: str) -> str:
    """The panel's notes: how the tool works, and the scenario in a few lines."""
    content = load_content()
    s = doc.settings
    lines = [help_text, "", f'{html(s.title)}: {doc.width}" × {doc.height}", '
             f"{s.turns} turns" + (", steeds stay" if s.steeds_stay else "")]
    for side in ("red", "blue"):
        own = [f for f in doc.forces if f.side == side]
        if own:
            lines.append(f"{SIDE_NAME[side]}: {len(own)} models of the map's own")
        else:
            rid = s.red_retinue if side == "red" else s.blue_retinue
            name = content.retinues[rid].name if rid in content.retinues else rid
            lines.append(f"{SIDE_NAME[side]}: {html(name)}, deployed by the game (pale tokens)")
    holds = sum(1 for o in doc.objectives if o.kind == "hold")
    lines.append(f"Objectives: {holds} to hold, {len(doc.objectives) - holds} to loot"
                 + (f"; escort {html(s.escort)} off the {s.escort_edge} edge" if s.escort else ""))
    return "<br>".join(lines)


def status(doc: ScenarioDoc, path: Path | None, dirty: bool, hover: Point | None) -> str:
    """The line under the table: the scenario, its size, its file, and the square under the mouse."""
    name = printable(path.name) if path else "not saved yet"
    star = " *" if dirty else ""
    line = f'{doc.settings.title} — {doc.width}"×{doc.height}" — {name}{star}'
    if hover is not None:
        hx, hy = hover
        line += f"    ({hx:.1f}, {hy:.1f}) {doc.kind_at(int(hx), int(hy))}"
    return line
