"""Key bindings: semantic actions mapped to keys, rebindable through the settings."""

from __future__ import annotations

import pygame

DEFAULT_BINDINGS: dict[str, list[str]] = {
    "end_activation": ["space", "return"],
    "end_spear": ["e"],
    "undo": ["z"],  # with Ctrl
    "rules": ["f1"],
    "fullscreen": ["f11"],
    "mute": ["f8"],  # sound effects off and on
    "quicksave": ["f5"],
    "back": ["escape"],
    "zoom_in": ["=", "+", "[+]"],
    "zoom_out": ["-", "[-]"],
    "pan_up": ["w", "up"],
    "pan_down": ["s", "down"],
    "pan_left": ["a", "left"],
    "pan_right": ["d", "right"],
    "gambit_charge": ["c"],
    "gambit_run": ["r"],
    "gambit_climb": ["l"],
    "gambit_river": ["x"],
    "rings": ["g"],
    "ruler": ["m"],
    "sight": ["v"],
    "shoot": ["s"],
    "reload": ["k"],
    "waypoint": ["left shift", "right shift"],
    "skip_ai": ["tab"],  # play the AI's activation out at once
    "next_model": ["n"],  # select the next model of the Spear still to act, and centre the view on it
    "hint": ["h"],  # what the default AI would do now: its best three commands
    "thinking": ["t"],  # what the AI weighed for its last decision, with the values it gave
    "hint_1": ["1", "[1]"],  # with the hint shown: highlight hint 1 (Enter plays it)
    "hint_2": ["2", "[2]"],
    "hint_3": ["3", "[3]"],
}


def key_code(name: str) -> int | None:
    """The pygame key code of a key name, or None if pygame does not know it."""
    try:
        return pygame.key.key_code(name)
    except ValueError:
        return None


class Keymap:
    """Answers which semantic action a key press means."""

    def __init__(self, bindings: dict[str, list[str]] | None = None) -> None:
        merged = {k: list(v) for k, v in DEFAULT_BINDINGS.items()}
        merged.update(bindings or {})
        self.codes: dict[str, set[int]] = {}
        for action, names in merged.items():
            self.codes[action] = {c for c in (key_code(n) for n in names) if c is not None}

    def actions(self, key: int) -> list[str]:
        """Every action bound to this key."""
        return [a for a, codes in self.codes.items() if key in codes]

    def is_action(self, key: int, action: str) -> bool:
        """True if the key is bound to the action."""
        return key in self.codes.get(action, set())

    def held(self, action: str, down: set[int]) -> bool:
        """True if any key of the action is in the set of keys held down."""
        return bool(self.codes.get(action, set()) & down)

    def label(self, action: str) -> str:
        """A short label of the first key bound to an action."""
        codes = sorted(self.codes.get(action, set()))
        return pygame.key.name(codes[0]).upper() if codes else "?"

