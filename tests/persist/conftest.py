"""Shared fixtures for save and replay tests: short seeded games played by random players."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.ai import EagerPlayer, RandomPlayer
from game.persist import Match, save_game

SCENARIO = "skirmish-field"


def play(seed: int, commands: int, scenario: str = SCENARIO, eager: bool = False) -> Match:
    """A game of `commands` commands (or fewer if it ends), players seeded from `seed`."""
    match = Match.start(scenario, seed)
    kind = EagerPlayer if eager else RandomPlayer
    players = {"red": kind(seed * 2 + 1), "blue": kind(seed * 2 + 2)}
    while not match.engine.state.over and len(match.steps) < commands:
        side = match.engine.state.acting_side
        match.submit(players[side].choose(match.engine, side))
    return match


def read_json(path: Path) -> Any:
    """A file's JSON."""
    return json.loads(path.read_text())


def write_json(path: Path, data: Any) -> Path:
    """Write JSON (plain, not atomic: for building hostile test files)."""
    path.write_text(json.dumps(data))
    return path


@pytest.fixture(scope="session")
def short_match() -> Match:
    """A 40-command game, shared (treat as read-only)."""
    return play(seed=11, commands=40)


@pytest.fixture()
def save_path(tmp_path: Path, short_match: Match) -> Path:
    """A fresh save of the short game in a temporary folder."""
    return save_game(short_match, tmp_path / "game.json")
