"""The save file format: versioned JSON, parsed defensively and validated by pydantic.

A save holds the scenario, the seed and every command with the events it caused (the replay),
plus a snapshot of the final state and its hash, and the versions it was written with. A save is
plain data: nothing in it is ever executed.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from game.muster.roster import Roster
from game.persist.versions import Versions
from game.rules.commands import Command
from game.rules.events import Event
from game.rules.state import digest_of
from game.scenario import valid_scenario

SCHEMA_VERSION = 4
KIND = "destrier-save"
MAX_BYTES = 20 * 1024 * 1024  # refuse larger files before parsing them
MAX_DEPTH = 32  # a save is at most ~6 levels deep
MAX_COMMANDS = 200_000
MAX_EVENTS_PER_COMMAND = 2_000  # a command causes a few dozen events at most
# The shape of a save bounds the work of validating it. A real save has a JSON value per 14 bytes
# or so and an object or list per 60 (at 20 MB: 1.5 million values, 350,000 objects and lists).
MAX_NODES = 3_000_000
MAX_CONTAINERS = 600_000
MAX_STATE_LIST = 5_000  # models, cards, muddy tiles (72 x 48 at most), ... in the saved state
HUMAN = "human"
PLAYER_SPEC = re.compile(r"[a-z][a-z0-9_-]{0,30}(:(easy|normal|hard))?")

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _vehicles_in_the_state(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2: the state gained vehicles (§10) and every model the seat fields `aboard` and
    `seat`. A version-1 game had none, so they are empty; the stored hash is recomputed from the
    upgraded snapshot (the replay check then compares the replayed state with it as before)."""
    snapshot = data.get("snapshot")
    if not isinstance(snapshot, dict):
        raise SaveError("snapshot: a version 1 save needs its snapshot object")
    snapshot = dict(snapshot)
    models = snapshot.get("models")
    if not isinstance(models, list) or not all(isinstance(m, dict) for m in models):
        raise SaveError("snapshot.models: a version 1 save needs its list of models")
    snapshot["models"] = [{**m, "aboard": m.get("aboard", ""), "seat": m.get("seat", "")} for m in models]
    snapshot.setdefault("vehicles", [])
    data.update(snapshot=snapshot, state_hash=digest_of(snapshot), schema_version=2)
    return data


def _who_plays(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 to 3: a save records its mode and who plays each side. Every version-2 game was
    played hot-seat (watched games were never saved), so both sides are people."""
    data.update(mode="hotseat", players={"red": HUMAN, "blue": HUMAN}, schema_version=3)
    return data


def _versions_unknown(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 to 4: a save records the versions of Python, the game, pymunk and pydantic it was
    written with. A version-3 save did not know them, so it has none (`versions` is absent)."""
    data.update(schema_version=4)
    return data


# schema_version n -> a function turning version-n data into version n+1 data.
MIGRATIONS: dict[int, Migration] = {1: _vehicles_in_the_state, 2: _who_plays, 3: _versions_unknown}


class SaveError(Exception):
    """A save file that cannot be used; str() is a one-line reason a player can read."""

    def __init__(self, reason: str) -> None:
        line = " ".join(reason.split())
        super().__init__(line if len(line) <= 300 else line[:297] + "...")

    @property
    def reason(self) -> str:
        """The one-line reason."""
        return str(self)


class SaveFile(BaseModel):
    """One saved game: enough to replay it from scratch and to check the replay."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    schema_version: Literal[4] = Field(description="The save format version.")
    kind: Literal["destrier-save"] = Field(description="Marks the file as a Destrier save.")
    scenario: str = Field(
        description="Scenario: a map in maps/ by its name without .tmx, or a map file's absolute path.")
    seed: int = Field(ge=-(2**63), lt=2**64, description="The game's dice seed.")
    turns: int = Field(ge=1, le=100, description="The turn limit (state.max_turns).")
    mode: Literal["hotseat", "solo", "watch"] = Field(description="How the game is played.")
    players: dict[Literal["red", "blue"], str] = Field(
        description='Per side: "human", or the AI player spec (name[:level]) that plays it.')
    commands: list[Command] = Field(max_length=MAX_COMMANDS, fail_fast=True, description="Commands in order.")
    events: list[Annotated[list[Event], Field(max_length=MAX_EVENTS_PER_COMMAND, fail_fast=True)]] = Field(
        max_length=MAX_COMMANDS, fail_fast=True, description="The events each command caused.")
    setup_events: list[Event] = Field(max_length=MAX_EVENTS_PER_COMMAND, fail_fast=True,
                                      description="Events of setting up, before any command.")
    snapshot: dict[str, Any] = Field(description="GameState.to_dict() after the last command.")
    state_hash: str = Field(pattern=r"^[0-9a-f]{64}$", description="GameState.digest().")
    created: datetime = Field(description="When the file was written (ISO 8601).")
    versions: Versions | None = Field(
        default=None, description="The versions it was written with; None in saves from before version 4.")
    rosters: dict[Literal["red", "blue"], Roster] | None = Field(
        default=None, description="The rosters the sides fielded instead of the scenario's retinues; "
        "absent when both played the scenario's own.")

    @field_validator("scenario")
    @classmethod
    def _plain_name(cls, name: str) -> str:
        if not valid_scenario(name):
            raise ValueError(f"{_short(name)} is not a scenario name (a map in maps/, or a .tmx file's "
                             "absolute path)")
        return name

    @field_validator("snapshot")
    @classmethod
    def _bounded_snapshot(cls, snapshot: dict[str, Any]) -> dict[str, Any]:
        for key, value in snapshot.items():
            if isinstance(value, list) and len(value) > MAX_STATE_LIST:
                raise ValueError(f"{_short(key)} holds {len(value)} items; a game state holds at most "
                                 f"{MAX_STATE_LIST}")
        return snapshot

    @field_validator("players")
    @classmethod
    def _known_seats(cls, players: dict[str, str]) -> dict[str, str]:
        if set(players) != {"red", "blue"}:
            raise ValueError("needs a player for red and for blue")
        for side, spec in players.items():
            if spec != HUMAN and not PLAYER_SPEC.fullmatch(spec):
                raise ValueError(f"{side}: {_short(spec)} is neither 'human' nor a player name[:level]")
        return players

    @model_validator(mode="after")
    def _mode_fits_players(self) -> SaveFile:
        people = sum(spec == HUMAN for spec in self.players.values())
        wanted = {"hotseat": 2, "solo": 1, "watch": 0}[self.mode]
        if people != wanted:
            raise ValueError(f"a {self.mode} game has {wanted} human sides, not {people}")
        return self

    @model_validator(mode="after")
    def _events_per_command(self) -> SaveFile:
        if len(self.events) != len(self.commands):
            raise ValueError(f"{len(self.commands)} commands but {len(self.events)} event lists")
        return self


def _short(value: object, limit: int = 40) -> str:
    """A repr cut short, so hostile values cannot flood an error message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _BadConstant(ValueError):
    """NaN or Infinity in the JSON text."""


def _refuse_constant(name: str) -> Any:
    raise _BadConstant(name)


def parse_json(raw: bytes) -> Any:
    """Parse untrusted save bytes into plain JSON data, refusing anything unreasonable."""
    if len(raw) > MAX_BYTES:
        raise SaveError(f"file is too large ({len(raw)} bytes; the limit is {MAX_BYTES})")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("file is not UTF-8 text") from None
    containers = raw.count(b"{") + raw.count(b"[")  # counted in the text: an upper bound, at once
    if containers > MAX_CONTAINERS:
        raise SaveError(f"JSON holds more than {MAX_CONTAINERS} objects and lists; no save is that large")
    if raw.count(b",") >= MAX_NODES:
        raise SaveError(f"JSON holds more than {MAX_NODES} values; no save is that large")
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except RecursionError:
        raise SaveError(f"JSON is nested deeper than {MAX_DEPTH} levels") from None
    except _BadConstant as exc:
        raise SaveError(f"{str(exc)[:40]} is not allowed in a save (non-finite number)") from None
    except ValueError as exc:
        raise SaveError(f"not valid JSON ({exc})") from None
    if isinstance(data, dict | list):
        check_tree(data)
    return data


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999
        raise _BadConstant(text)
    return value


def check_tree(data: Any) -> None:
    """Refuse JSON whose shape is unreasonable, before any validation: nested deeper than
    MAX_DEPTH, with more than MAX_NODES values or with a list longer than MAX_COMMANDS. This bounds
    the work of validating any file by the shape of the document (parse_json refuses non-finite
    numbers as it reads them)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    nodes = 1
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise SaveError(f"JSON is nested deeper than {MAX_DEPTH} levels")
        if isinstance(node, dict):
            children: Any = node.values()
        else:
            children = node
            if len(node) > MAX_COMMANDS:
                raise SaveError(f"a list of {len(node)} items; no list in a save is longer than "
                                f"{MAX_COMMANDS}")
        nodes += len(children)
        if nodes > MAX_NODES:
            raise SaveError(f"JSON holds more than {MAX_NODES} values; no save is that large")
        stack.extend([(c, depth + 1) for c in children if isinstance(c, dict | list)])


def upgrade(data: Any) -> tuple[dict[str, Any], bool]:
    """Check kind and version and run migrations; returns (data, whether it changed)."""
    if not isinstance(data, dict):
        raise SaveError(f"a save is a JSON object, not {type(data).__name__}")
    if data.get("kind") != KIND:
        raise SaveError(f"not a Destrier save (kind is {_short(data.get('kind'))})")
    version = data.get("schema_version")
    if type(version) is not int:
        raise SaveError(f"schema_version must be a whole number, not {_short(version)}")
    if version > SCHEMA_VERSION:
        raise SaveError(f"schema_version {version} is newer than this game reads "
                        f"({SCHEMA_VERSION}); update Destrier")
    changed = False
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(f"schema_version {version} is too old: no migration from it")
        data = step(dict(data))
        new = data.get("schema_version")
        if type(new) is not int or new <= version:
            raise SaveError(f"migration from schema_version {version} did not advance it")
        version, changed = new, True
    return data, changed


def validate(text: str) -> SaveFile:
    """Validate upgraded save JSON text strictly (no "nan" strings, no true for a number)."""
    try:
        return SaveFile.model_validate_json(text, strict=True)
    except ValidationError as exc:
        raise SaveError(describe(exc)) from None


def describe(exc: ValidationError) -> str:
    """The first validation problem as one line: where it is and what is wrong."""
    err = exc.errors(include_url=False)[0]
    loc = ".".join(str(p) for p in err["loc"])
    what = "invalid command" if err["loc"][:1] == ("commands",) else "invalid save"
    msg = err["msg"].removeprefix("Value error, ")
    return f"{what} at {loc}: {msg}" if loc else f"{what}: {msg}"


def decode_save(raw: bytes) -> SaveFile:
    """Bytes of a save file to a validated SaveFile, or SaveError."""
    data = parse_json(raw)
    data, changed = upgrade(data)
    text = json.dumps(data) if changed else raw.decode("utf-8")
    return validate(text)
