"""The blunder suite's saved positions: one JSON file per position (see `position.py`)."""
