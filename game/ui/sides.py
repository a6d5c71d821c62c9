"""What the players call the sides: plain data, free of pygame, for the log's text and the screens."""

from __future__ import annotations

SIDE_NAME: dict[str, str] = {"red": "Orange", "blue": "Blue"}
