"""The scenario editor: paint a table, draw its obstacles, place zones, objectives, carts and forces,
see what keeps it from playing, save it for Tiled and the game, and test-play it.

The screen holds a `History` of the document (`game.editor`); every change is one of its edits, so
Ctrl+Z and Ctrl+Y take back and make again anything. The forms are pygame_gui, in the theme of the
other screens; the table is drawn by `editor_view.MapView`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UILabel,
    UIPanel,
    UISelectionList,
    UITextBox,
)
from pygame_gui.windows import UIFileDialog

from game.content import load_content
from game.editor.brush import BRUSH_SIZES, brush_cells, flood_fill, paint
from game.editor.document import EDGES, Layer, ScenarioDoc
from game.editor.edits import (
    History,
    SetLayer,
    add_item,
    move_point,
    remove_item,
    replace_item,
    resize,
    set_settings,
    snap,
)
from game.editor.tmx_io import read_map
from game.editor.validate import doc_game, retinue_spots
from game.maps.problems import Problem
from game.persist import Match
from game.persist.folders import scenarios_dir
from game.persist.scenario_files import SaveRefused, save_scenario, shipped_folder
from game.scenario import forget_scenario, scenario_key, scenario_label, scenario_path, scenario_problem
from game.terrain.geometry import point_segment_distance
from game.terrain.terrain_map import (
    OBSTACLE_KINDS,
    TERRAIN_KINDS,
    DeploymentZone,
    ForceSpot,
    MapError,
    Objective,
    Obstacle,
    VehicleSpot,
)
from game.ui import places, theme
from game.ui.app import App, Screen
from game.ui.screens.editor_forms import Field, Form
from game.ui.screens.editor_view import MapView
from game.ui.screens.setup import GUI_THEME
from game.ui.solo import solo_players
from game.ui.widgets import text

TOP, LEFT, RIGHT = 48, 200, 400
TOOLS = ("select", "obstacle", "zone", "objective", "vehicle", "model")
TOOL_LAYER: dict[str, Layer] = {
    "obstacle": "obstacles",
    "zone": "zones",
    "objective": "objectives",
    "vehicle": "vehicles",
    "model": "forces",
}
LAYER_TOOL = {layer: tool for tool, layer in TOOL_LAYER.items()}
HELP = {
    "paint": "Drag on the table to paint; with Fill ticked a click fills the patch. The wheel zooms, "
    "the middle button drags the table, Home fits it.",
    "select": "Click a thing to change it; drag it, or an obstacle's corner, to move it. Delete removes it.",
    "obstacle": "Click the corners of the line; Enter, a right click or a double click ends it. "
    "Drag a corner to move it.",
    "zone": "Drag a rectangle for the side's deployment zone.",
    "objective": "Click to place an objective.",
    "vehicle": "Click to place a cart or wagon.",
    "model": "Click to place a model of the side. A Spear is led by its Hero; each side needs a Captain.",
    "settings": "The scenario's name, briefing, turns, retinues, options and size.",
}
KEYS_HINT = "Ctrl+Z undo · Ctrl+Y redo · Ctrl+S save · Delete removes · the wheel zooms · Home fits the table"
Point = tuple[float, float]


class EditorScreen(Screen):
    """The editor of one scenario document."""

    games_return_here = True  # leaving a test play comes back to the table being edited

    def __init__(self, app: App, doc: ScenarioDoc | None = None, path: Path | None = None) -> None:
        super().__init__(app)
        self.history = History(doc or ScenarioDoc.blank())
        self.path = path  # the file the document came from or was saved to
        self.tool = "paint"
        self.kind = "woods"
        self.brush = 3
        self.fill = False
        self.draft: list[Point] = []
        self.drag: tuple[Any, ...] | None = None
        self.selected: tuple[Layer, int] | None = None
        self.stroke = 0
        self.version = 0
        self.checked = -1
        self.problems: list[Problem] = []
        self.engine: Any = None  # the game the document sets up, for where retinues deploy
        self.retinue_buttons: dict[str, UIButton] = {}
        self.notes: UITextBox | None = None
        self.notes_top = 0
        self.panning: tuple[int, int] | None = None
        self.mark: Point | None = None
        self.message = ""
        self.hover: Point | None = None
        self.last_click = (0.0, (0, 0))
        self.pending: tuple[str, Any] | None = None  # what a confirmation dialog is for
        self.dialog: Any = None
        self.clock = 0.0
        self.manager = pygame_gui.UIManager(app.surface.get_size(), GUI_THEME)
        self.view = MapView(pygame.Rect(0, 0, 1, 1))
        self.form: Form | None = None
        self.build()

    @classmethod
    def open(cls, app: App, scenario: str | None) -> EditorScreen:
        """The editor on a scenario named as on the command line (a map in maps/ or a path), or a new one."""
        if not scenario:
            return cls(app)
        path = scenario_path(scenario_key(scenario))
        return cls(app, read_map(path), path.resolve())

    @property
    def doc(self) -> ScenarioDoc:
        """The document being edited."""
        return self.history.doc

    # --- layout ---------------------------------------------------------------------------------
    def build(self) -> None:
        """Make the editor's panels for the window's size."""
        self.manager.clear_and_reset()
        self.form, self.notes = None, None
        w, h = self.app.surface.get_size()
        m = self.manager
        self.bar: dict[str, UIButton] = {}
        x = 8
        for key, label in (
            ("new", "New"),
            ("open", "Open…"),
            ("save", "Save"),
            ("save_as", "Save as…"),
            ("undo", "Undo"),
            ("redo", "Redo"),
            ("settings", "Settings"),
            ("hotseat", "Test hot-seat"),
            ("solo", "Test solo"),
            ("menu", "Menu"),
        ):
            width = 20 + 9 * len(label)
            self.bar[key] = UIButton(pygame.Rect(x, 6, width, 36), label, m)
            x += width + 6
        self.palette = UIPanel(pygame.Rect(0, TOP, LEFT, h - TOP), manager=m)
        UILabel(pygame.Rect(8, 4, LEFT - 16, 24), "Ground", m, container=self.palette)
        self.kinds: dict[str, UIButton] = {}
        for i, kind in enumerate(TERRAIN_KINDS):
            rect = pygame.Rect(6 + (i % 2) * 92, 30 + (i // 2) * 34, 88, 30)
            self.kinds[kind] = UIButton(rect, kind, m, container=self.palette)
        y = 30 + (len(TERRAIN_KINDS) + 1) // 2 * 34 + 4
        UILabel(pygame.Rect(8, y, 60, 28), "Brush", m, container=self.palette)
        self.brush_menu = UIDropDownMenu(
            [f'{n}"' for n in BRUSH_SIZES],
            f'{self.brush}"',
            pygame.Rect(70, y, 110, 28),
            m,
            container=self.palette,
        )
        self.fill_box = UICheckBox(
            pygame.Rect(10, y + 38, 20, 20), "Fill", m, container=self.palette, initial_state=self.fill
        )
        y += 72
        UILabel(pygame.Rect(8, y, LEFT - 16, 24), "Place", m, container=self.palette)
        self.tools: dict[str, UIButton] = {}
        for i, tool in enumerate(TOOLS):
            rect = pygame.Rect(6 + (i % 2) * 92, y + 26 + (i // 2) * 34, 88, 30)
            self.tools[tool] = UIButton(rect, tool.title(), m, container=self.palette)
        self.side_panel = UIPanel(pygame.Rect(w - RIGHT, TOP, RIGHT, h - TOP), manager=m)
        self.heading = UILabel(pygame.Rect(10, 4, RIGHT - 20, 26), "", m, container=self.side_panel)
        list_top = max(360, (h - TOP) // 2 + 40)
        self.problem_label = UILabel(
            pygame.Rect(10, list_top, RIGHT - 20, 24), "", m, container=self.side_panel
        )
        self.problem_list = UISelectionList(
            pygame.Rect(8, list_top + 26, RIGHT - 20, h - TOP - list_top - 36),
            [],
            m,
            container=self.side_panel,
        )
        self.list_top = list_top
        self.apply_button: UIButton | None = None
        self.delete_button: UIButton | None = None
        self.view = MapView(pygame.Rect(LEFT + 10, TOP + 10, w - LEFT - RIGHT - 20, h - TOP - 70))
        self.view.fit(self.doc)
        self.checked = -1
        self.show_form()

    def resized(self, size: tuple[int, int]) -> None:
        """Lay the editor out again for the new window."""
        self.manager.set_window_resolution(size)
        self.build()

    def on_top(self) -> None:
        """Back from a test play (the window may have changed meanwhile): lay out again."""
        self.resized(self.app.surface.get_size())

    def show_form(self) -> None:
        """The side panel's form for the tool (or the thing selected)."""
        if self.form is not None:
            self.form.kill()
        for button in (self.apply_button, self.delete_button):
            if button is not None:
                button.kill()
        self.apply_button = self.delete_button = None
        for button in self.retinue_buttons.values():
            button.kill()
        self.retinue_buttons = {}
        for tool, button in self.tools.items():
            button.select() if tool == self.tool else button.unselect()
        for kind, button in self.kinds.items():
            button.select() if self.tool == "paint" and kind == self.kind else button.unselect()
        item = self.selected_item()
        title = {"paint": f"Paint {self.kind}", "settings": "Scenario settings"}.get(
            self.tool, self.tool.title()
        )
        self.heading.set_text(f"{title}: {_describe(item)}" if item is not None else title)
        fields = self.fields(item)
        for element in (self.problem_label, self.problem_list):  # the long settings form takes the panel
            element.hide() if self.tool == "settings" else element.show()
        self.form = Form(self.manager, self.side_panel, 10, 36, RIGHT - 24, fields)
        y = self.form.bottom + 6
        if self.tool == "settings":
            self.apply_button = UIButton(
                pygame.Rect(RIGHT - 150, y, 130, 32), "Apply", self.manager, container=self.side_panel
            )
        elif self.tool == "model" and item is None:
            for i, side in enumerate(("red", "blue")):
                self.retinue_buttons[side] = UIButton(
                    pygame.Rect(10, y + i * 38, RIGHT - 30, 32),
                    f"{side.title()}: place the retinue as models",
                    self.manager,
                    container=self.side_panel,
                    tool_tip_text="The side's retinue where the game deploys it, as models to change",
                )
        elif item is not None:
            self.apply_button = UIButton(
                pygame.Rect(RIGHT - 150, y, 130, 32), "Apply", self.manager, container=self.side_panel
            )
            self.delete_button = UIButton(
                pygame.Rect(10, y, 110, 32), "Delete", self.manager, container=self.side_panel
            )
        self.show_notes(y + (84 if self.retinue_buttons else 44 if self.apply_button else 0))

    def show_notes(self, top: int) -> None:
        """Under the form: how the tool works, and the scenario in a few lines."""
        self.notes_top = top
        if self.notes is not None:
            self.notes.kill()
            self.notes = None
        height = self.list_top - 8 - top
        if height < 60 or self.tool == "settings":
            return
        content = load_content()
        doc, s = self.doc, self.doc.settings
        lines = [
            HELP.get(self.tool, ""),
            "",
            f'{_html(s.title)}: {doc.width}" × {doc.height}", '
            f"{s.turns} turns" + (", steeds stay" if s.steeds_stay else ""),
        ]
        for side in ("red", "blue"):
            own = [f for f in doc.forces if f.side == side]
            if own:
                lines.append(f"{side.title()}: {len(own)} models of the map's own")
            else:
                rid = getattr(s, f"{side}_retinue")
                name = content.retinues[rid].name if rid in content.retinues else rid
                lines.append(f"{side.title()}: {_html(name)}, deployed by the game (pale tokens)")
        holds = sum(1 for o in doc.objectives if o.kind == "hold")
        lines.append(
            f"Objectives: {holds} to hold, {len(doc.objectives) - holds} to loot"
            + (f"; escort {_html(s.escort)} off the {s.escort_edge} edge" if s.escort else "")
        )
        self.notes = UITextBox(
            "<br>".join(lines),
            pygame.Rect(8, top, RIGHT - 20, height),
            self.manager,
            container=self.side_panel,
        )

    def fields(self, item: Any) -> list[Field]:
        """The form's fields for the tool, filled from the thing selected where there is one."""
        content = load_content()
        tool = LAYER_TOOL[self.selected[0]] if self.selected is not None else self.tool
        sides = ["red", "blue"]
        if tool == "obstacle":
            ob = item if isinstance(item, Obstacle) else None
            return [
                Field("name", "Name", "text", ob.name if ob else ""),
                Field("kind", "Kind", "choice", ob.kind if ob else "wall", list(OBSTACLE_KINDS)),
                Field(
                    "height",
                    "Height",
                    "choice",
                    ("tall" if ob.tall else "low") if ob else "low",
                    ["low", "tall"],
                ),
                Field("width", "Width (in)", "number", f"{ob.width:g}" if ob else "0.5"),
            ]
        if tool == "zone":
            z = item if isinstance(item, DeploymentZone) else None
            return [Field("side", "Side", "choice", z.side if z else "red", sides)]
        if tool == "objective":
            o = item if isinstance(item, Objective) else None
            return [
                Field("name", "Name", "text", o.name if o else ""),
                Field("kind", "Objective", "choice", o.kind if o else "hold", ["hold", "loot"]),
                Field("radius", "Radius (in)", "number", f"{o.radius:g}" if o else "2"),
                Field("valour", "Valour", "number", str(o.valour) if o else "2"),
            ]
        if tool == "vehicle":
            v = item if isinstance(item, VehicleSpot) else None
            return [
                Field("name", "Name", "text", v.name if v else ""),
                Field(
                    "profile", "Vehicle", "choice", v.profile if v else "ox_cart", sorted(content.vehicles)
                ),
                Field("side", "Side", "choice", v.side if v else "none", ["none", *sides]),
                Field("heading", "Heading (°)", "number", f"{v.heading:g}" if v else "0"),
            ]
        if tool == "model":
            seats = sorted({s.name for v in content.vehicles.values() for s in v.seats})
            f = item if isinstance(item, ForceSpot) else None
            return [
                Field("name", "Name", "text", f.name if f else ""),
                Field("side", "Side", "choice", f.side if f else "red", sides),
                Field("profile", "Profile", "choice", f.profile if f else "archer", sorted(content.profiles)),
                Field(
                    "steed",
                    "Steed",
                    "choice",
                    (f.steed or "on foot") if f else "on foot",
                    ["on foot", "warhorse", "nag"],
                ),
                Field("lance", "Lance", "check", "lance" in f.weapons if f else False),
                Field("spear", "Spear no.", "number", str(f.spear) if f else "1"),
                Field("facing", "Facing (°)", "number", f"{f.facing:g}" if f else "180"),
                Field("seat", "Seat", "choice", (f.seat or "none") if f else "none", ["none", *seats]),
            ]
        if tool == "settings":
            s = self.doc.settings
            retinues = sorted(content.retinues)
            return [
                Field("title", "Title", "text", s.title),
                Field("briefing", "Briefing", "box", s.briefing),
                Field("turns", "Turns", "number", str(s.turns)),
                Field("width", "Width (in)", "number", str(self.doc.width)),
                Field("height", "Height (in)", "number", str(self.doc.height)),
                Field("red_retinue", "Red retinue", "choice", s.red_retinue, retinues),
                Field("blue_retinue", "Blue retinue", "choice", s.blue_retinue, retinues),
                Field("steeds_stay", "Steeds stay", "check", s.steeds_stay),
                Field(
                    "river_flow",
                    "River flows (°)",
                    "number",
                    "" if s.river_flow is None else f"{s.river_flow:g}",
                ),
                Field(
                    "escort",
                    "Escort",
                    "choice",
                    s.escort or "none",
                    ["none", *[v.name for v in self.doc.vehicles]],
                ),
                Field("escort_edge", "…off edge", "choice", s.escort_edge or "north", list(EDGES)),
                Field("escort_valour", "…for Valour", "number", str(s.escort_valour)),
            ]
        return []

    # --- the things on the table -----------------------------------------------------------------
    def selected_item(self) -> Any:
        """The thing selected, or None."""
        if self.selected is None:
            return None
        items = self.doc.items(self.selected[0])
        if self.selected[1] >= len(items):
            self.selected = None
            return None
        return items[self.selected[1]]

    def item_from_form(self, layer: Layer, at: Point, old: Any = None) -> Any:
        """A new thing for the layer from the form's values, standing at the point (or where `old` is)."""
        f = self.form
        assert f is not None
        content = load_content()
        x, y = at
        if layer == "obstacles":
            points = old.points if isinstance(old, Obstacle) else tuple(self.draft)
            kind = f.get("kind")
            name = f.get("name").strip() or self.fresh_name("obstacles", kind)
            return Obstacle(name, kind, points, f.get("height") == "tall", max(0.0, f.number("width", 0.5)))
        if layer == "zones":
            if isinstance(old, DeploymentZone):
                return replace(old, side=f.get("side"))
            return None
        if layer == "objectives":
            name = f.get("name").strip() or self.fresh_name("objectives", "objective")
            return Objective(
                name, f.get("kind"), x, y, max(0.0, f.number("radius", 2.0)), int(f.number("valour", 1))
            )
        if layer == "vehicles":
            profile = f.get("profile")
            name = f.get("name").strip() or self.fresh_name(
                "vehicles", f"the {content.vehicles[profile].name.lower()}"
            )
            return VehicleSpot(name, profile, f.get("side"), x, y, f.number("heading", 0.0) % 360.0)  # type: ignore[arg-type]
        profile = f.get("profile")
        steed = "" if f.get("steed") == "on foot" else f.get("steed")
        name = f.get("name").strip() or self.fresh_name("forces", content.profiles[profile].name)
        if isinstance(old, ForceSpot) and f.get("name").strip() == old.name:
            name = old.name
        weapons = ("lance", "hand_weapon") if f.checked("lance") else ()
        spear = max(1, int(f.number("spear", 1)))
        seat = "" if f.get("seat") == "none" else f.get("seat")
        return ForceSpot(
            name,
            f.get("side"),
            profile,
            spear,
            x,
            y,
            f.number("facing", 180.0) % 360.0,
            steed="" if seat else steed,
            weapons=weapons,
            seat=seat,
        )

    def fresh_name(self, layer: Layer, stem: str) -> str:
        """A name not yet used on the layer: "Archer 3"."""
        names = {getattr(i, "name", "") for i in self.doc.items(layer)}
        n = 1
        while f"{stem} {n}" in names:
            n += 1
        return f"{stem} {n}"

    def hit(self, at: Point) -> tuple[Layer, int] | None:
        """The thing under a point on the table (models first, zones last)."""
        x, y = at
        doc = self.doc
        for i, f in enumerate(doc.forces):
            if math.hypot(f.x - x, f.y - y) <= 0.8:
                return ("forces", i)
        for i, v in enumerate(doc.vehicles):
            if math.hypot(v.x - x, v.y - y) <= 1.5:
                return ("vehicles", i)
        for i, o in enumerate(doc.objectives):
            if math.hypot(o.x - x, o.y - y) <= max(0.7, min(o.radius, 1.5)):
                return ("objectives", i)
        for i, ob in enumerate(doc.obstacles):
            if any(
                point_segment_distance(x, y, *a, *b)[0] <= max(0.4, ob.width / 2 + 0.2)
                for a, b in ob.segments()
            ):
                return ("obstacles", i)
        for i, z in enumerate(doc.zones):
            if z.contains(x, y):
                return ("zones", i)
        return None

    def corner(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The obstacle corner within a few pixels of the mouse: (obstacle, point)."""
        for i, ob in enumerate(self.doc.obstacles):
            for j, (x, y) in enumerate(ob.points):
                sx, sy = self.view.to_screen(x, y)
                if abs(sx - pos[0]) <= 7 and abs(sy - pos[1]) <= 7:
                    return i, j
        return None

    # --- editing ----------------------------------------------------------------------------------
    def do(self, edit: Any, what: str = "") -> None:
        """Apply an edit through the history."""
        if self.history.do(edit):
            self.version += 1
            self.message = what or getattr(edit, "label", "")

    def undo(self) -> None:
        """Take back the last edit."""
        edit = self.history.undo()
        if edit is not None:
            self.version += 1
            self.selected = None
            self.message = f"undone: {edit.label}"
            self.after_change()

    def redo(self) -> None:
        """Make again the last edit taken back."""
        edit = self.history.redo()
        if edit is not None:
            self.version += 1
            self.selected = None
            self.message = f"redone: {edit.label}"
            self.after_change()

    def after_change(self) -> None:
        """Fit the view (the table may have a new size) and refresh the form."""
        self.view.fit(self.doc)
        self.show_form()

    def apply_form(self) -> None:
        """The Apply button: the settings, or the thing selected, as the form says."""
        if self.tool == "settings":
            self.apply_settings()
            return
        item = self.selected_item()
        if item is None or self.selected is None:
            return
        layer, index = self.selected
        at = (item.x, item.y) if hasattr(item, "x") else (0.0, 0.0)
        new = self.item_from_form(layer, at, item)
        if new is not None:
            self.do(replace_item(self.doc, layer, index, new, f"change {_describe(item)}"))
            self.show_form()

    def apply_settings(self) -> None:
        """Apply the settings form (and a new table size)."""
        f = self.form
        assert f is not None
        flow = f.get("river_flow").strip()
        escort = f.get("escort")
        try:
            river = float(flow) % 360.0 if flow else None
        except ValueError:
            river = None
        self.do(
            set_settings(
                self.doc,
                "settings",
                title=f.get("title").strip() or "A new table",
                briefing=f.get("briefing").strip(),
                turns=int(f.number("turns", 6)),
                red_retinue=f.get("red_retinue"),
                blue_retinue=f.get("blue_retinue"),
                steeds_stay=f.checked("steeds_stay"),
                river_flow=river,
                escort="" if escort == "none" else escort,
                escort_edge="" if escort == "none" else f.get("escort_edge"),
                escort_valour=0 if escort == "none" else int(f.number("escort_valour", 0)),
            )
        )
        try:
            self.do(
                resize(
                    self.doc, int(f.number("width", self.doc.width)), int(f.number("height", self.doc.height))
                )
            )
        except ValueError as exc:
            self.message = str(exc)
        self.after_change()

    def delete_selected(self) -> None:
        """Take the selected thing off the table."""
        item = self.selected_item()
        if item is None or self.selected is None:
            return
        self.do(remove_item(self.doc, self.selected[0], self.selected[1], f"remove {_describe(item)}"))
        self.selected = None
        self.show_form()

    def finish_line(self) -> None:
        """End the obstacle being drawn (two corners at least)."""
        if len(self.draft) >= 2:
            ob = self.item_from_form("obstacles", self.draft[0])
            self.do(add_item(self.doc, "obstacles", ob, f"add {ob.kind}"))
        self.draft = []

    def set_tool(self, tool: str) -> None:
        """Pick a tool (the selection goes, and any line being drawn ends)."""
        self.finish_line()
        self.tool = tool
        self.selected = None
        self.show_form()

    # --- files ------------------------------------------------------------------------------------
    def own_file(self) -> bool:
        """True if the document has a file of its own to save over (not a shipped map)."""
        return self.path is not None and not shipped_folder(self.path)

    def save(self) -> None:
        """Save over the document's own file, or ask where (a new or a shipped map)."""
        if self.own_file() and self.path is not None:
            self.save_to(self.path, overwrite=True)
        else:
            self.save_as()

    def save_as(self) -> None:
        """Ask for a file in the scenarios folder (or anywhere) to save to."""
        start = scenarios_dir() / f"{scenario_label(self.doc.settings.title)}.tmx"
        self.dialog = UIFileDialog(
            pygame.Rect(160, 60, 640, 480),
            self.manager,
            "Save scenario as",
            initial_file_path=str(start),
            allow_existing_files_only=False,
        )
        self.pending = ("save_as", None)

    def save_to(self, path: Path, overwrite: bool = False) -> bool:
        """Write the document to a file; a refusal is shown as the message. True if it was written."""
        if path.suffix.lower() != ".tmx":
            path = path.with_name(path.name + ".tmx")
        try:
            written = save_scenario(self.doc, path, overwrite=overwrite)
        except SaveRefused as exc:
            self.message = str(exc)
            return False
        except OSError as exc:
            self.message = f"could not save: {exc}"
            return False
        self.path = written.resolve()
        forget_scenario(str(self.path))
        self.history.saved()
        self.message = f"saved {written}"
        return True

    def picked_file(self, path: Path) -> places.Transition:
        """A file chosen in the Save as or Open dialog (replacing another file asks first)."""
        kind = self.pending[0] if self.pending else ""
        self.pending = None
        if kind == "open":
            self.load(path)
            return None
        if path.suffix.lower() != ".tmx":
            path = path.with_name(path.name + ".tmx")
        if path.exists() and (self.path is None or path.resolve() != self.path):
            target = path
            question = f"{path.name} exists. Replace it?"
            return self.confirm(question, lambda: self.save_to(target, overwrite=True))
        self.save_to(path, overwrite=path.exists())
        return None

    def load(self, path: Path) -> None:
        """Open a map file in the editor (its problems, if it does not load, as the message)."""
        try:
            doc = read_map(path)
        except MapError as exc:
            self.message = str(exc)
            return
        self.history = History(doc)
        self.path = path.resolve()
        self.selected, self.draft = None, []
        self.version += 1
        self.message = f"opened {path}"
        self.after_change()

    @staticmethod
    def confirm(question: str, on_yes: Callable[[], object]) -> places.Transition:
        """Ask a yes/no question; `on_yes` is done on yes."""

        def yes() -> places.Transition:
            on_yes()
            return None

        return places.Push(places.Confirm("Destrier", question, on_yes=yes))

    def test_play(self, mode: str) -> places.Transition:
        """Save the scenario as edited into the user folder and start a game of it."""
        path = self.path if self.own_file() and self.path is not None else self.free_path()
        if not self.save_to(path, overwrite=self.own_file() or not path.exists()):
            return None
        key = scenario_key(str(path))
        forget_scenario(key)
        problem = scenario_problem(key)
        if problem:
            self.message = f"cannot play it yet: {problem}"
            return None
        players = solo_players("red", "normal") if mode == "solo" else None
        try:
            match = Match.start(key, 1, mode, players)
        except MapError as exc:
            return places.Push(places.Message("Cannot play it yet", str(exc)))
        return places.Push(places.Battle(match, mode))

    def free_path(self) -> Path:
        """A file in the scenarios folder named after the title, not yet taken."""
        folder = scenarios_dir()
        stem = scenario_label(self.doc.settings.title)
        path, n = folder / f"{stem}.tmx", 2
        while path.exists():
            path, n = folder / f"{stem}-{n}.tmx", n + 1
        return path

    # --- input ------------------------------------------------------------------------------------
    def typing(self) -> bool:
        """True while a text field has the keyboard."""
        focus = self.manager.get_focus_set()
        return any(type(el).__name__ in ("UITextEntryLine", "UITextEntryBox") for el in (focus or ()))

    def handle(self, event: pygame.event.Event) -> places.Transition:
        """Keys, the forms' events and the mouse on the table; returns where to go, if anywhere."""
        if event.type == pygame.KEYDOWN and not self.typing():
            used_key, go = self.key(event)
            if used_key:
                return go
        used = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.pressed(event.ui_element)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.brush_menu:
            self.brush = int(str(event.text).rstrip('"'))
        elif (
            event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED)
            and event.ui_element is self.fill_box
        ):
            self.fill = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
        elif (
            event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.problem_list
        ):
            self.show_problem(str(event.text))
        elif event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            return self.picked_file(Path(str(event.text)))
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
        if used or self.dialog is not None and self.dialog.alive():
            return None
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.view.rect.collidepoint(pos):
                self.view.zoom(1.25 if event.y > 0 else 0.8, pos)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.mouse(event)
        return None

    def key(self, event: pygame.event.Event) -> tuple[bool, places.Transition]:
        """The editor's keys: whether the key was one, and where it goes, if anywhere."""
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_z:
            self.redo() if event.mod & pygame.KMOD_SHIFT else self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl and event.key == pygame.K_s:
            self.save()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.draft:
            self.finish_line()
        elif event.key in (pygame.K_HOME, pygame.K_0):
            self.view.fit(self.doc)
        elif event.key == pygame.K_DELETE:
            self.delete_selected()
        elif event.key == pygame.K_ESCAPE:
            if self.draft:
                self.draft = []
            elif self.selected is not None:
                self.selected = None
                self.show_form()
            else:
                return True, self.leave()
        else:
            return False, None
        return True, None

    def leave(self) -> places.Transition:
        """Back to the menu (asking first if there are unsaved changes)."""
        if self.history.dirty:
            return places.Push(places.Confirm("Destrier", "Leave the editor without saving?",
                                              on_yes=lambda: places.Pop()))
        return places.Pop()

    def pressed(self, element: Any) -> places.Transition:
        """A button was pressed; returns where to go, if anywhere."""
        bar = {b: k for k, b in self.bar.items()}
        if element in bar:
            return self.bar_pressed(bar[element])
        for kind, button in self.kinds.items():
            if element is button:
                self.kind = kind
                self.set_tool("paint")
                return None
        for tool, button in self.tools.items():
            if element is button:
                self.set_tool(tool)
                return None
        if element is self.apply_button:
            self.apply_form()
        elif element is self.delete_button:
            self.delete_selected()
        for side, button in self.retinue_buttons.items():
            if element is button:
                self.place_retinue(side)
        return None

    def bar_pressed(self, key: str) -> places.Transition:
        """A button of the top bar."""
        if key == "new":
            return self.ask_new()
        if key in ("hotseat", "solo"):
            return self.test_play(key)
        if key == "menu":
            return self.leave()
        {
            "open": self.open_dialog,
            "save": self.save,
            "save_as": self.save_as,
            "undo": self.undo,
            "redo": self.redo,
            "settings": lambda: self.set_tool("settings"),
        }[key]()
        return None

    def place_retinue(self, side: str) -> None:
        """The side's retinue, as the game deploys it, becomes models of the map's own."""
        self.check()
        if self.engine is None or any(f.side == side for f in self.doc.forces):
            self.message = (
                f"{side} has models of its own already"
                if self.engine is not None
                else "the table does not set up yet: see the problems"
            )
            return
        before = tuple(self.doc.forces)
        self.do(
            SetLayer(
                "forces", before, before + tuple(retinue_spots(self.engine, side)), f"place {side}'s retinue"
            )
        )

    def ask_new(self) -> places.Transition:
        """A new table: at once, or after asking when there are unsaved changes."""
        if not self.history.dirty:
            self.new_table()
            return None
        return self.confirm("Start a new table? Unsaved changes are lost.", self.new_table)

    def new_table(self) -> None:
        """A blank table in place of the document."""
        self.history = History(ScenarioDoc.blank())
        self.path, self.selected, self.draft = None, None, []
        self.version += 1
        self.after_change()

    def open_dialog(self) -> None:
        """Ask for a map file to open."""
        self.dialog = UIFileDialog(
            pygame.Rect(160, 60, 640, 480),
            self.manager,
            "Open a map",
            initial_file_path=str(scenarios_dir()),
            allow_existing_files_only=True,
        )
        self.pending = ("open", None)

    def mouse(self, event: pygame.event.Event) -> None:
        """The mouse on the table, by tool."""
        pos = event.pos
        at = self.view.to_table(pos)
        over = self.view.on_table(self.doc, pos)
        self.hover = at if over else None
        if event.type != pygame.MOUSEMOTION and event.button == 2:  # the middle button drags the view
            self.panning = (
                pos if event.type == pygame.MOUSEBUTTONDOWN and self.view.rect.collidepoint(pos) else None
            )
            return
        if event.type == pygame.MOUSEMOTION and self.panning is not None:
            self.view.pan(pos[0] - self.panning[0], pos[1] - self.panning[1])
            self.panning = pos
            return
        if event.type == pygame.MOUSEMOTION:
            self.dragged(at, pos)
            return
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button == 1:
                self.released(at)
            return
        if not over and self.drag is None:
            return
        if event.button == 3:
            if self.tool == "obstacle" and self.draft:
                self.finish_line()
            else:
                self.selected = self.hit(at)
                if self.selected is not None:
                    self.tool = LAYER_TOOL[self.selected[0]]
                self.show_form()
            return
        if event.button != 1:
            return
        now = time.monotonic()
        double = now - self.last_click[0] < 0.4 and math.dist(pos, self.last_click[1]) < 6
        self.last_click = (now, pos)
        self.pressed_at(at, pos, double)

    def pressed_at(self, at: Point, pos: tuple[int, int], double: bool) -> None:
        """A left click on the table."""
        x, y = at
        tool = self.tool
        if tool == "paint":
            if self.fill:
                self.do(flood_fill(self.doc, int(x), int(y), self.kind))
            else:
                self.stroke += 1
                self.drag = ("paint",)
                self.do(paint(self.doc, brush_cells(self.doc, x, y, self.brush), self.kind, self.stroke))
            return
        if tool in ("select", "obstacle") and not self.draft:
            corner = self.corner(pos)
            if corner is not None:
                self.selected = ("obstacles", corner[0])
                self.drag = ("corner", corner[0], corner[1], at)
                self.show_form()
                return
        if tool == "obstacle":
            if double:
                self.finish_line()
                return
            self.draft.append((snap(x, 0.25, 0, self.doc.width), snap(y, 0.25, 0, self.doc.height)))
            return
        if tool == "zone":
            self.drag = ("zone", (snap(x, 1, 0, self.doc.width), snap(y, 1, 0, self.doc.height)), at)
            return
        found = self.hit(at)
        if tool == "select":
            self.selected = found
            if found is not None:
                self.drag = ("move", found, at, at)
            self.show_form()
            return
        layer = TOOL_LAYER.get(tool)
        if layer is None:
            return
        if found is not None and found[0] == layer:  # a click on one of the tool's own things picks it
            self.selected = found
            self.drag = ("move", found, at, at)
            self.show_form()
            return
        if self.selected is not None:
            self.selected = None
            self.show_form()
        step = 0.5
        spot = (snap(x, step, 0, self.doc.width), snap(y, step, 0, self.doc.height))
        item = self.item_from_form(layer, spot)
        if item is not None:
            self.do(add_item(self.doc, layer, item, f"place {_describe(item)}"))

    def dragged(self, at: Point, pos: tuple[int, int]) -> None:
        """The mouse moved with a button held (or not)."""
        if self.drag is None:
            return
        if self.drag[0] == "paint" and self.view.on_table(self.doc, pos):
            self.do(paint(self.doc, brush_cells(self.doc, at[0], at[1], self.brush), self.kind, self.stroke))
        elif self.drag[0] in ("corner", "move", "zone"):
            self.drag = (*self.drag[:-1], at)

    def released(self, at: Point) -> None:
        """The left button came up: a drag ends in one edit."""
        drag, self.drag = self.drag, None
        if drag is None:
            return
        doc = self.doc
        if drag[0] == "corner":
            _, index, point, end = drag
            self.do(move_point(doc, index, point, end[0], end[1]))
        elif drag[0] == "zone":
            _, (x0, y0), end = drag
            x1, y1 = snap(end[0], 1, 0, doc.width), snap(end[1], 1, 0, doc.height)
            if x1 != x0 and y1 != y0:
                side = (
                    self.form.get("side") if self.form is not None and "side" in self.form.elements else "red"
                )
                zone = DeploymentZone(side, min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
                self.do(add_item(doc, "zones", zone, f"add {side}'s zone"))
        elif drag[0] == "move":
            _, (layer, index), start, end = drag
            dx, dy = snap(end[0] - start[0], 0.5, -999, 999), snap(end[1] - start[1], 0.5, -999, 999)
            if dx or dy:
                self.do(
                    replace_item(
                        doc,
                        layer,
                        index,
                        _moved(doc.items(layer)[index], dx, dy),
                        f"move {_describe(doc.items(layer)[index])}",
                    )
                )
                self.show_form()

    # --- problems ---------------------------------------------------------------------------------
    def check(self) -> None:
        """List the document's problems again if it changed."""
        if self.checked == self.version or self.drag is not None:
            return  # not in the middle of a brush stroke or a drag
        if self.checked >= 0:
            self.show_notes(self.notes_top)
        self.checked = self.version
        self.engine, self.problems = doc_game(self.doc, self.path.name if self.path else "")
        lines = [self.problem_line(p) for p in self.problems]
        items: list[str | tuple[str, str]] = list(lines or ["No problems: the scenario plays."])
        self.problem_list.set_item_list(items)
        n = len(self.problems)
        self.problem_label.set_text(f"Problems: {n}" if n else "Problems: none")

    def problem_line(self, p: Problem) -> str:
        """A problem as its line in the list, cut to the list's width (less its scroll bar)."""
        return _fit(_short(p), self.app.fonts.small, max(100, self.problem_list.rect.width - 40))

    def show_problem(self, line: str) -> None:
        """Mark the place of the problem clicked in the list."""
        for p in self.problems:
            if self.problem_line(p) == line:
                self.mark = self.place_of(p)
                self.message = _short(p)
                if p.rule == "settings":
                    self.set_tool("settings")
                return

    def place_of(self, p: Problem) -> Point | None:
        """Where on the table a problem is (its point, or the thing it names)."""
        place = p.place
        if place.x is not None and place.y is not None:
            tile = place.layer not in ("forces", "deployment", "objectives", "vehicles", "obstacles")
            return (place.x + 0.5, place.y + 0.5) if tile and place.layer else (place.x, place.y)
        for o in self.doc.objectives:
            if place.name == f"objective {o.name!r}":
                return (o.x, o.y)
        for side in ("red", "blue"):
            if place.name.startswith(f"{side}'s"):
                mine = [f for f in self.doc.forces if f.side == side]
                if mine:
                    return (mine[0].x, mine[0].y)
                zone = next((z for z in self.doc.zones if z.side == side), None)
                if zone:
                    return (zone.x + zone.w / 2, zone.y + zone.h / 2)
        return None

    # --- frames -----------------------------------------------------------------------------------
    def update(self, dt: float) -> places.Transition:
        """The forms, and the problem list when the document changed."""
        self.clock += dt
        self.check()
        self.bar["undo"].enable() if self.history.done else self.bar["undo"].disable()
        self.bar["redo"].enable() if self.history.undone else self.bar["redo"].disable()
        self.manager.update(dt)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The table, what is being drawn on it, the forms and the status line."""
        surface.fill(theme.BG)
        doc = self.doc
        own = {f.side for f in doc.forces}
        ghosts = (
            [
                (m.side, m.profile, m.steed is not None, m.x, m.y, m.facing)
                for m in self.engine.state.models
                if m.side not in own and not m.aboard
            ]
            if self.engine is not None
            else []
        )
        self.view.draw(surface, doc, self.app.fonts, self.selected, self.tool == "obstacle", ghosts)
        if self.draft:
            pts = [self.view.to_screen(x, y) for x, y in self.draft]
            if self.hover is not None:
                pts.append(self.view.to_screen(*self.hover))
            if len(pts) >= 2:
                pygame.draw.lines(surface, theme.GOLD, False, pts, 3)
            for p in pts:
                pygame.draw.circle(surface, theme.GOLD, p, 4)
        if self.drag is not None and self.drag[0] == "zone":
            (x0, y0), end = self.drag[1], self.drag[2]
            a, b = self.view.to_screen(x0, y0), self.view.to_screen(*end)
            pygame.draw.rect(
                surface,
                theme.GOLD,
                pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]), abs(a[1] - b[1])),
                2,
            )
        if self.mark is not None:
            self.view.mark(surface, *self.mark, self.clock)
        w, h = surface.get_size()
        name = self.path.name if self.path else "not saved yet"
        star = " *" if self.history.dirty else ""
        status = f'{doc.settings.title} — {doc.width}"×{doc.height}" — {name}{star}'
        if self.hover is not None:
            hx, hy = self.hover
            status += f"    ({hx:.1f}, {hy:.1f}) {doc.kind_at(int(hx), int(hy))}"
        text(surface, status, self.app.fonts.small, (LEFT + 12, h - 26), theme.DIM)
        hint = self.message or KEYS_HINT
        text(
            surface,
            _fit(hint, self.app.fonts.small, w - LEFT - RIGHT - 24),
            self.app.fonts.small,
            (LEFT + 12, h - 50),
            theme.GOLD if self.message else theme.DIM,
        )
        self.manager.draw_ui(surface)


def _moved(item: Any, dx: float, dy: float) -> Any:
    """A thing on the table moved by (dx, dy) inches."""
    if isinstance(item, Obstacle):
        return replace(item, points=tuple((x + dx, y + dy) for x, y in item.points))
    return replace(item, x=item.x + dx, y=item.y + dy)


def _describe(item: Any) -> str:
    """A thing's name as the editor shows it."""
    if isinstance(item, DeploymentZone):
        return f"{item.side}'s zone"
    if isinstance(item, ForceSpot):
        return f"{item.side}'s {item.name}"
    return str(getattr(item, "name", ""))


def _fit(line: str, font: pygame.font.Font, width: int) -> str:
    """The line cut (with an ellipsis) to fit the width in pixels."""
    if font.size(line)[0] <= width:
        return line
    while line and font.size(line + "…")[0] > width:
        line = line[:-1]
    return line + "…"


def _html(value: str) -> str:
    """Text made safe for a pygame_gui text box."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _short(p: Problem) -> str:
    """A problem in a line of the list: who or what, where, and what is wrong."""
    place = p.place
    at = f" at ({place.x:g}, {place.y:g})" if place.x is not None and place.y is not None else ""
    who = place.name or (f"layer {place.layer!r}" if place.layer else "")
    return f"{who}{at}: {p.message}" if who or at else p.message
