"""A saved position of the blunder suite: the game and the commands that reach it.

Most positions are cut from seeded games on the shipped tables (`cut.py`): the scenario and its
seed, every command played up to the decision, and the state hash the decision is taken in (a
change of the rules that moves the game elsewhere is caught there, and the position is cut again).
Others are built by hand, each a small JSON file beside this module: the table (its size, patches
of ground, obstacles, objectives), the models standing on it (a shipped profile at a spot, with
any field of the model set), the sides' Perk hands, the turn, the Spear whose card is in play, and
the commands played from there (on fixed dice, if given, else on the position's seeded dice) to reach
the decision; then the mistake a player must not make there (`forbid`, read by the suite).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from game.persist.match import Match
from game.rules.commands import Command
from game.rules.engine import Accepted, Engine
from game.terrain.terrain_map import Objective
from tests.rules.fixtures import make_engine, make_terrain, model, rect, vehicle, wall

HERE = Path(__file__).parent
COMMAND: TypeAdapter[Command] = TypeAdapter(Command)


@dataclass(frozen=True)
class Position:
    """One saved position: its name, the kind of blunder (1-8 of the list), its words, its raw data."""

    name: str
    kind: int
    mistake: str
    data: dict[str, Any]

    def engine(self) -> Engine:
        """A fresh engine at the decision (the commands replayed; each must be accepted)."""
        if "game" in self.data:
            return self._game_engine()
        data = self.data
        ground = data.get("terrain", {})
        patches = {kind: [c for box in boxes for c in rect(*box)]
                   for kind, boxes in ground.get("patches", {}).items()}
        obstacles = [wall(o["name"], tuple(o["a"]), tuple(o["b"]), o.get("kind", "wall"),
                          o.get("tall", False), o.get("width", 0.5)) for o in ground.get("obstacles", [])]
        objectives = [Objective(**o) for o in ground.get("objectives", [])]
        terrain = make_terrain(ground.get("width", 24), ground.get("height", 24), patches, obstacles,
                               objectives)
        models = [model(m["id"], m["side"], m["profile"], m["x"], m["y"],
                        **{k: v for k, v in m.items() if k not in ("id", "side", "profile", "x", "y")})
                  for m in data["models"]]
        carts = [vehicle(c["id"], c["profile"], c["x"], c["y"],
                         **{k: v for k, v in c.items() if k not in ("id", "profile", "x", "y")})
                 for c in data.get("vehicles", [])]
        eng = make_engine(models, data.get("dice"), terrain, data.get("active", ""), data.get("seed", 7),
                          carts)
        state = eng.state
        for key, value in data.get("state", {}).items():
            setattr(state, key, value)
        for side, fields in data.get("sides", {}).items():
            for key, value in fields.items():
                setattr(state.sides[side], key, value)
        for raw in data.get("commands", []):
            cmd = COMMAND.validate_python(raw)
            got = eng.submit(cmd)
            assert isinstance(got, Accepted), f"{self.name}: {cmd} was refused: {got}"
        return eng

    def _game_engine(self) -> Engine:
        """The game's engine at the decision: its scenario and seed, its commands replayed (once
        per position and hash; each call gets a copy of the state to play on)."""
        reached = _reached(self.name, json.dumps(self.data["game"]), json.dumps(self.data["commands"]),
                           self.data["state_hash"])
        return Engine(reached.table, reached.state.clone())


@cache
def _reached(name: str, game_text: str, commands_text: str, state_hash: str) -> Engine:
    """The game replayed to the decision, checked against its state hash."""
    game = json.loads(game_text)
    match = Match.start(game["scenario"], int(game["seed"]))
    for raw in json.loads(commands_text):
        got = match.submit(COMMAND.validate_python(raw))
        assert isinstance(got, Accepted), f"{name}: {raw} was refused: {got}"
    digest = match.engine.state.digest()
    assert digest == state_hash, f"{name}: the game no longer reaches the position"
    return match.engine


def load(path: Path) -> Position:
    """A position from its JSON file."""
    data = json.loads(path.read_text())
    return Position(path.stem, int(data["kind"]), str(data["mistake"]), data)


def positions() -> list[Position]:
    """Every saved position, by file name."""
    return [load(p) for p in sorted(HERE.glob("*.json"))]
