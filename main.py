"""Destrier: start the game window from a checkout (`python main.py`, as the `destrier` command does)."""

from __future__ import annotations

import sys

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
