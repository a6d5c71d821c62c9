"""Small pygame_gui forms for the editor's side panel: labelled fields in a column, read back by key."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import pygame
import pygame_gui
from pygame_gui.elements import UICheckBox, UIDropDownMenu, UILabel, UITextEntryBox, UITextEntryLine

Kind = Literal["text", "number", "choice", "check", "box"]
ROW = 32


@dataclass(slots=True)
class Field:
    """One field of a form: its key, label, kind, current value and (for a choice) its options."""

    key: str
    label: str
    kind: Kind
    value: str | bool = ""
    options: list[str] = field(default_factory=list)


class Form:
    """A column of labelled fields in a container, from `top` down; `bottom` is where it ends."""

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        container: Any,
        left: int,
        top: int,
        width: int,
        fields: list[Field],
    ) -> None:
        self.fields = {f.key: f for f in fields}
        self.elements: dict[str, Any] = {}
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
                start = str(f.value) if str(f.value) in f.options else f.options[0]
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

    def get(self, key: str) -> str:
        """A field's value as text ("true"/"false" for a check box)."""
        el = self.elements[key]
        if isinstance(el, UIDropDownMenu):
            chosen = el.selected_option
            return str(chosen[0] if isinstance(chosen, tuple) else chosen)
        if isinstance(el, UICheckBox):
            return "true" if el.get_state() else "false"
        return str(el.get_text())

    def checked(self, key: str) -> bool:
        """A check box's state."""
        return self.get(key) == "true"

    def number(self, key: str, default: float) -> float:
        """A number field's value (the default when it does not read as a finite number)."""
        try:
            value = float(self.get(key))
        except ValueError:
            return default
        return value if value == value and abs(value) != float("inf") else default

    def kill(self) -> None:
        """Take the form's elements away."""
        for el in (*self.elements.values(), *self.labels):
            el.kill()
        self.elements.clear()
        self.labels.clear()
