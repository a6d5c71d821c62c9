"""The side panel's forms: one table of fields for each kind of thing (label, kind of field, range
or choices, and how the field reads and changes the thing), and the pygame_gui column that shows a
table's fields and reads them back."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, Literal, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import (
    UICheckBox,
    UIDropDownMenu,
    UILabel,
    UIPanel,
    UITextEntryBox,
    UITextEntryLine,
)

from game.content import load_content
from game.editor.document import EDGES, ScenarioDoc, Settings
from game.terrain.terrain_map import (
    OBSTACLE_KINDS,
    VEHICLE_SIDES,
    DeploymentZone,
    ForceSpot,
    Objective,
    Obstacle,
    VehicleSpot,
)
from game.ui.editor.items import fresh_name

Kind = Literal["text", "number", "choice", "check", "box"]
Value = str | float | bool  # a field's value: text and choices as text, numbers as floats, checks as bools
Element = UICheckBox | UIDropDownMenu | UITextEntryBox | UITextEntryLine
ROW = 32
SIDES = ["red", "blue"]
T = TypeVar("T")


@dataclass(slots=True)
class Field:
    """One field of a form as shown: its key, label, kind, current value and (for a choice) its options."""

    key: str
    label: str
    kind: Kind
    value: str | bool = ""
    options: list[str | tuple[str, str]] = field(default_factory=list)  # a value, or (name shown, value)


@dataclass(frozen=True, slots=True)
class Table:
    """The scenario's properties as the settings form edits them: the settings and the table's size."""

    settings: Settings
    width: int
    height: int


@dataclass(frozen=True)
class FieldSpec(Generic[T]):
    """One row of a kind's form: what it shows of a thing and how a value read back changes the thing.

    A number is kept within [low, high]; one that does not read keeps the thing's value (or, when
    `optional`, reads as "")."""

    key: str
    label: str
    kind: Kind
    get: Callable[[T], Value]
    set: Callable[[T, Value], T]
    choices: Callable[[ScenarioDoc], Sequence[str | tuple[str, str]]] | None = None
    low: float | None = None
    high: float | None = None
    optional: bool = False

    def field(self, item: T, doc: ScenarioDoc) -> Field:
        """The field showing the thing's value."""
        options = list(self.choices(doc)) if self.choices is not None else []
        return Field(self.key, self.label, self.kind, shown(self.get(item)), options)

    def parse(self, raw: str | bool, old: T) -> Value:
        """The value typed or chosen, as the thing takes it."""
        if isinstance(raw, bool) or self.kind != "number":
            return raw
        try:
            value = float(raw)
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            return "" if self.optional else self.get(old)
        low = -math.inf if self.low is None else self.low
        high = math.inf if self.high is None else self.high
        return min(max(value, low), high)


@dataclass(frozen=True)
class ItemForm(Generic[T]):
    """The form of one kind of thing: its fields, the thing a new one starts from, and a last touch
    once the fields are read (a name given where none was typed)."""

    fields: tuple[FieldSpec[T], ...]
    blank: Callable[[ScenarioDoc], T]
    finish: Callable[[T, ScenarioDoc], T] = lambda item, doc: item

    def shown(self, item: T | None, doc: ScenarioDoc) -> list[Field]:
        """The form's fields, filled from a thing (or from a new one)."""
        thing = item if item is not None else self.blank(doc)
        return [spec.field(thing, doc) for spec in self.fields]

    def read(self, form: Form, doc: ScenarioDoc, old: T | None = None) -> T:
        """The thing as the form says: `old` (or a new one) with every field's value."""
        item = old if old is not None else self.blank(doc)
        for spec in self.fields:
            item = spec.set(item, spec.parse(form.value(spec.key), item))
        return self.finish(item, doc)


def shown(value: Value) -> str | bool:
    """A value as its field shows it ("0.5", "2", True)."""
    if isinstance(value, bool | str):
        return value
    return f"{value:g}"


def _content_name(table: str, key: str) -> str:
    content = load_content()
    if table == "vehicles":
        return content.vehicles[key].name.lower() if key in content.vehicles else key
    return content.profiles[key].name if key in content.profiles else key


# --- the tables -----------------------------------------------------------------------------
OBSTACLE_FORM = ItemForm[Obstacle](
    fields=(
        FieldSpec("name", "Name", "text", lambda o: o.name, lambda o, v: replace(o, name=str(v).strip())),
        FieldSpec("kind", "Kind", "choice", lambda o: o.kind, lambda o, v: replace(o, kind=str(v)),
                  choices=lambda doc: OBSTACLE_KINDS),
        FieldSpec("height", "Height", "choice", lambda o: "tall" if o.tall else "low",
                  lambda o, v: replace(o, tall=v == "tall"), choices=lambda doc: ("low", "tall")),
        FieldSpec("width", "Width (in)", "number", lambda o: o.width, lambda o, v: replace(o, width=float(v)),
                  low=0.0),
    ),
    blank=lambda doc: Obstacle("", "wall", (), False, 0.5),
    finish=lambda o, doc: o if o.name else replace(o, name=fresh_name(doc, "obstacles", o.kind)),
)

ZONE_FORM = ItemForm[DeploymentZone](
    fields=(
        FieldSpec("side", "Side", "choice", lambda z: z.side, lambda z, v: replace(z, side=str(v)),
                  choices=lambda doc: SIDES),
    ),
    blank=lambda doc: DeploymentZone("red", 0.0, 0.0, 0.0, 0.0),
)

OBJECTIVE_FORM = ItemForm[Objective](
    fields=(
        FieldSpec("name", "Name", "text", lambda o: o.name, lambda o, v: replace(o, name=str(v).strip())),
        FieldSpec("kind", "Objective", "choice", lambda o: o.kind, lambda o, v: replace(o, kind=str(v)),
                  choices=lambda doc: ("hold", "loot")),
        FieldSpec("radius", "Radius (in)", "number", lambda o: o.radius,
                  lambda o, v: replace(o, radius=float(v)), low=0.0),
        FieldSpec("valour", "Valour", "number", lambda o: o.valour,
                  lambda o, v: replace(o, valour=int(float(v)))),
    ),
    blank=lambda doc: Objective("", "hold", 0.0, 0.0, 2.0, 2),
    finish=lambda o, doc: o if o.name else replace(o, name=fresh_name(doc, "objectives", "objective")),
)


def _vehicle_side(v: VehicleSpot, value: Value) -> VehicleSpot:
    for side in VEHICLE_SIDES:
        if side == value:
            return replace(v, side=side)
    return replace(v, side="none")


VEHICLE_FORM = ItemForm[VehicleSpot](
    fields=(
        FieldSpec("name", "Name", "text", lambda v: v.name, lambda v, x: replace(v, name=str(x).strip())),
        FieldSpec("profile", "Vehicle", "choice", lambda v: v.profile,
                  lambda v, x: replace(v, profile=str(x)),
                  choices=lambda doc: sorted(load_content().vehicles)),
        FieldSpec("side", "Side", "choice", lambda v: v.side, _vehicle_side,
                  choices=lambda doc: ["none", *SIDES]),
        FieldSpec("heading", "Heading (°)", "number", lambda v: v.heading,
                  lambda v, x: replace(v, heading=float(x) % 360.0)),
    ),
    blank=lambda doc: VehicleSpot("", "ox_cart", "none", 0.0, 0.0, 0.0),
    finish=lambda v, doc: v if v.name else replace(
        v, name=fresh_name(doc, "vehicles", f"the {_content_name('vehicles', v.profile)}")),
)


def _seats(doc: ScenarioDoc) -> list[str]:
    return ["none", *sorted({s.name for v in load_content().vehicles.values() for s in v.seats})]


def _force_finish(f: ForceSpot, doc: ScenarioDoc) -> ForceSpot:
    if f.seat:  # a man in a seat rides no steed of his own
        f = replace(f, steed="")
    return f if f.name else replace(f, name=fresh_name(doc, "forces", _content_name("profiles", f.profile)))


FORCE_FORM = ItemForm[ForceSpot](
    fields=(
        FieldSpec("name", "Name", "text", lambda f: f.name, lambda f, v: replace(f, name=str(v).strip())),
        FieldSpec("side", "Side", "choice", lambda f: f.side, lambda f, v: replace(f, side=str(v)),
                  choices=lambda doc: SIDES),
        FieldSpec("profile", "Profile", "choice", lambda f: f.profile,
                  lambda f, v: replace(f, profile=str(v)),
                  choices=lambda doc: sorted(load_content().profiles)),
        FieldSpec("steed", "Steed", "choice", lambda f: f.steed or "on foot",
                  lambda f, v: replace(f, steed="" if v == "on foot" else str(v)),
                  choices=lambda doc: ("on foot", "warhorse", "nag")),
        FieldSpec("lance", "Lance", "check", lambda f: "lance" in f.weapons,
                  lambda f, v: replace(f, weapons=("lance", "hand_weapon") if v else ())),
        FieldSpec("spear", "Spear no.", "number", lambda f: f.spear,
                  lambda f, v: replace(f, spear=max(1, int(float(v)))), low=1.0),
        FieldSpec("facing", "Facing (°)", "number", lambda f: f.facing,
                  lambda f, v: replace(f, facing=float(v) % 360.0)),
        FieldSpec("seat", "Seat", "choice", lambda f: f.seat or "none",
                  lambda f, v: replace(f, seat="" if v == "none" else str(v)), choices=_seats),
    ),
    blank=lambda doc: ForceSpot("", "red", "archer", 1, 0.0, 0.0, 180.0),
    finish=_force_finish,
)


def _settings(t: Table, **changes: object) -> Table:
    """The table with some settings changed."""
    return replace(t, settings=replace(t.settings, **changes))  # type: ignore[arg-type]


def _table_finish(t: Table, doc: ScenarioDoc) -> Table:
    s = t.settings
    if not s.escort:  # no escort: no edge to leave by, no Valour for it
        return _settings(t, escort_edge="", escort_valour=0)
    return t


TABLE_FORM = ItemForm[Table](
    fields=(
        FieldSpec("title", "Title", "text", lambda t: t.settings.title,
                  lambda t, v: _settings(t, title=str(v).strip() or "A new table")),
        FieldSpec("briefing", "Briefing", "box", lambda t: t.settings.briefing,
                  lambda t, v: _settings(t, briefing=str(v).strip())),
        FieldSpec("turns", "Turns", "number", lambda t: t.settings.turns,
                  lambda t, v: _settings(t, turns=int(float(v)))),
        FieldSpec("width", "Width (in)", "number", lambda t: t.width,
                  lambda t, v: replace(t, width=int(float(v)))),
        FieldSpec("height", "Height (in)", "number", lambda t: t.height,
                  lambda t, v: replace(t, height=int(float(v)))),
        FieldSpec("red_retinue", "Orange retinue", "choice", lambda t: t.settings.red_retinue,
                  lambda t, v: _settings(t, red_retinue=str(v)),
                  choices=lambda doc: _retinues()),
        FieldSpec("blue_retinue", "Blue retinue", "choice", lambda t: t.settings.blue_retinue,
                  lambda t, v: _settings(t, blue_retinue=str(v)),
                  choices=lambda doc: _retinues()),
        FieldSpec("steeds_stay", "Steeds stay", "check", lambda t: t.settings.steeds_stay,
                  lambda t, v: _settings(t, steeds_stay=bool(v))),
        FieldSpec("river_flow", "River flows (°)", "number",
                  lambda t: "" if t.settings.river_flow is None else t.settings.river_flow,
                  lambda t, v: _settings(t, river_flow=None if v == "" else float(v) % 360.0), optional=True),
        FieldSpec("escort", "Escort", "choice", lambda t: t.settings.escort or "none",
                  lambda t, v: _settings(t, escort="" if v == "none" else str(v)),
                  choices=lambda doc: ["none", *[v.name for v in doc.vehicles]]),
        FieldSpec("escort_edge", "…off edge", "choice", lambda t: t.settings.escort_edge or "north",
                  lambda t, v: _settings(t, escort_edge=str(v)), choices=lambda doc: EDGES),
        FieldSpec("escort_valour", "…for Valour", "number", lambda t: t.settings.escort_valour,
                  lambda t, v: _settings(t, escort_valour=int(float(v)))),
    ),
    blank=lambda doc: Table(doc.settings, doc.width, doc.height),
    finish=_table_finish,
)


def _retinues() -> list[tuple[str, str]]:
    """The retinues a side may bring, by name (the id kept as the value)."""
    named = ((r.name, rid) for rid, r in load_content().retinues.items())
    return sorted(named, key=lambda o: o[0].casefold())


def _value_of(option: str | tuple[str, str]) -> str:
    """An option's value: itself, or the id of a named option."""
    return option[1] if isinstance(option, tuple) else option


# --- the column of pygame_gui elements -----------------------------------------------------------
class Form:
    """A column of labelled fields in a container, from `top` down; `bottom` is where it ends."""

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        container: UIPanel | UIContainer,
        left: int,
        top: int,
        width: int,
        fields: list[Field],
    ) -> None:
        self.fields = {f.key: f for f in fields}
        self.elements: dict[str, Element] = {}
        self.labels: list[UILabel] = []
        label_w = min(120, width // 3)
        y = top
        for f in fields:
            if f.kind == "check":
                self.elements[f.key] = UICheckBox(
                    pygame.Rect(left + label_w, y + 6, 20, 20),
                    f.label,
                    manager,
                    container=container,
                    initial_state=bool(f.value),
                )
                y += ROW
                continue
            self.labels.append(
                UILabel(pygame.Rect(left, y, label_w - 6, ROW - 4), f.label, manager, container=container)
            )
            rect = pygame.Rect(left + label_w, y, width - label_w, ROW - 4)
            if f.kind == "choice":
                start = next((o for o in f.options if _value_of(o) == str(f.value)), f.options[0])
                self.elements[f.key] = UIDropDownMenu(
                    list[str | tuple[str, str]](f.options), start, rect, manager, container=container
                )
            elif f.kind == "box":
                rect.height = ROW * 3 - 4
                self.elements[f.key] = UITextEntryBox(rect, str(f.value), manager, container=container)
                y += ROW * 2
            else:
                entry = UITextEntryLine(rect, manager, container=container)
                entry.set_text(str(f.value))
                if f.kind == "number":
                    entry.set_allowed_characters([*"0123456789.-"])
                self.elements[f.key] = entry
            y += ROW
        self.bottom = y

    def value(self, key: str) -> str | bool:
        """A field's value: the text typed or the option chosen, or a check box's state."""
        el = self.elements[key]
        if isinstance(el, UIDropDownMenu):
            chosen = el.selected_option
            return str(chosen[1] if isinstance(chosen, tuple) else chosen)
        if isinstance(el, UICheckBox):
            return bool(el.get_state())
        return str(el.get_text())

    def kill(self) -> None:
        """Take the form's elements away."""
        for el in (*self.elements.values(), *self.labels):
            el.kill()
        self.elements.clear()
        self.labels.clear()
