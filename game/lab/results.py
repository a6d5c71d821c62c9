"""A study's results file (`--results`): one line of JSON per game, written as the games finish.

    {"lab_results": 1, "experiment": ..., "seed": ..., "cells": [...], ...}   what was asked
    {"cell": 0, "game": {"index": 3, "seed": ..., "winner": "red", ...}}    one per game played
    {"run": {"seconds": ..., "games": ..., ...}}                            once the run ended

Each game's line is flushed when the game ends, so a run that stops (a crash, a lost cluster)
keeps every game it played, and `--resume` takes them. A run that ends writes the file again in
game order (through a temporary file and a rename), so two runs of the same games give the same
lines whatever ran them or in how many stages.

A file given to `--resume` or to the report is read line by line, bounded (`game.bounded`), and
every line is validated whole by the models below (strict types: no number as a string, no
boolean as a number); the first bad line is one `LabError` naming the file and the line.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from game.bounded import FileRefused, read_lines
from game.lab.experiment import MAX_GAMES, Games, LabError
from game.lab.runner import CAUSES, MOUNTED

FORMAT = 1  # the version of this layout, on the first line
RESULTS_LIMIT = 256 * 1024 * 1024  # bytes of a results file read back
LINE_LIMIT = 1024 * 1024  # bytes of one line (a game is about a kilobyte, the first line a few)
MAX_CELLS = 10_000
MAX_CASUALTIES = 10_000  # casualties one game may record (a game has a few dozen models)

Name = Annotated[str, Field(max_length=1000)]


def _one_of(known: tuple[str, ...]) -> Callable[[str], str]:
    def check(value: str) -> str:
        if value not in known:
            raise ValueError(f"expected one of {', '.join(known)}")
        return value

    return check


Cause = Annotated[str, AfterValidator(_one_of(CAUSES))]
MountedEvent = Annotated[str, AfterValidator(_one_of(MOUNTED))]
Count = Annotated[int, Field(ge=0)]


class Line(BaseModel):
    """Strict: unknown keys are refused, and no value is converted from another type."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Valour(Line):
    """The Valour Points each side ended a game with."""

    red: int
    blue: int


class GameRecord(Line):
    """One game as the lab records it (`runner.record`)."""

    index: int = Field(ge=0, lt=MAX_GAMES)
    seed: int
    winner: Literal["red", "blue", "draw", "none"]
    valour: Valour
    turns: Count
    commands: Count
    error: str | None
    casualties: list[tuple[Literal["red", "blue"], Name, Cause]] = Field(max_length=MAX_CASUALTIES)
    mounted: dict[MountedEvent, Count]

    @model_validator(mode="after")
    def _every_mounted_event(self) -> GameRecord:
        missing = [k for k in MOUNTED if k not in self.mounted]
        if missing:
            raise ValueError(f"mounted events missing: {', '.join(missing)}")
        return self


class RetinueInfo(Line):
    """A side's retinue in a cell, and how many of its members ride."""

    id: Name
    name: Name
    riding: Count
    members: Count


class CellInfo(Line):
    """What a cell plays (`study.describe`) and its number of games."""

    part: Name
    scenario: Name
    arm: Name
    players: dict[Literal["red", "blue"], Name]
    house_rules: Name
    retinues: dict[Literal["red", "blue"], RetinueInfo]
    games: Games


class PartInfo(Line):
    """A part of the experiment: its name, games and players."""

    part: Name
    games: Games
    players: dict[Literal["red", "blue"], Name]


class Header(Line):
    """The first line: the experiment, its seed and the cells the run plays, in order."""

    lab_results: Literal[1]
    experiment: Name
    description: Annotated[str, Field(max_length=100_000)]
    file: Annotated[str, Field(max_length=10_000)]
    seed: int
    parts: list[PartInfo] = Field(max_length=MAX_CELLS)
    parts_run: list[Name] = Field(max_length=MAX_CELLS)
    parts_not_run: list[PartInfo] = Field(max_length=MAX_CELLS)
    games_overridden: Games | None
    cells: list[CellInfo] = Field(max_length=MAX_CELLS)


class RunInfo(Line):
    """How the run went: the only machine-dependent figures of a result."""

    seconds: float
    games: Count
    reused: Count
    games_per_second: float
    workers: int | None
    scheduler: Name | None
    command: Annotated[str, Field(max_length=100_000)] = ""


class Body(Line):
    """A line after the first: a game of a cell, or the run's figures (the last line)."""

    cell: Count | None = None
    game: GameRecord | None = None
    run: RunInfo | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Body:
        if self.run is None and (self.cell is None or self.game is None):
            raise ValueError("expected {\"cell\": N, \"game\": {...}} or {\"run\": {...}}")
        if self.run is not None and (self.cell is not None or self.game is not None):
            raise ValueError("a run line holds nothing else")
        return self


@dataclass(slots=True)
class Saved:
    """A results file read back: its first line, its games (cell number, record) and its run
    (None if the run did not end: the games it played are still there)."""

    header: Header
    games: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    run: RunInfo | None = None


def _problem(err: ValidationError) -> str:
    first = err.errors()[0]
    if first["type"] == "json_invalid":
        return f"not JSON ({first['msg'].removeprefix('Invalid JSON: ')})"
    key = ".".join(str(p) for p in first["loc"]) or "(the line)"
    msg = "unknown key" if first["type"] == "extra_forbidden" else str(first["msg"])
    return f"key {key}: {msg.removeprefix('Value error, ')}"


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    try:
        yield from read_lines(path, RESULTS_LIMIT, LINE_LIMIT)
    except FileRefused as exc:
        if exc.missing:
            raise LabError(f"{path}: results file is missing") from None
        raise LabError(f"{path}: not a results file written with --results: {exc.reason}") from None


def read_results(path: Path) -> Saved:
    """A results file read line by line and validated whole (one LabError naming the file and
    the first bad line)."""
    return parse_lines(_lines(path), str(path))


def parse_lines(lines: Iterable[tuple[int, str]], path: str) -> Saved:
    """The numbered lines of a results file, validated one at a time (LabError naming `path` and
    the first bad line)."""
    saved: Saved | None = None
    for number, text in lines:
        where = f"{path}: line {number}"
        if saved is None:
            try:
                saved = Saved(Header.model_validate_json(text))
            except ValidationError as exc:
                raise LabError(f"{where}: not the first line of a results file written with --results "
                               f"({_problem(exc)})") from None
            continue
        if saved.run is not None:
            raise LabError(f"{where}: a line after the run's last line")
        try:
            body = Body.model_validate_json(text)
        except ValidationError as exc:
            raise LabError(f"{where}: {_problem(exc)}") from None
        if body.run is not None:
            saved.run = body.run
            continue
        assert body.cell is not None and body.game is not None
        if body.cell >= len(saved.header.cells):
            raise LabError(f"{where}: key cell: no cell {body.cell} (the file has {len(saved.header.cells)})")
        saved.games.append((body.cell, body.game.model_dump(mode="json")))
    if saved is None:
        raise LabError(f"{path}: not a results file written with --results (it is empty)")
    return saved


# --- writing ---------------------------------------------------------------------------------------
def output_problem(path: Path, folder: bool = False) -> str:
    """Why a file (or, with `folder`, a folder) cannot be written at `path` ("" if it can): checked
    before the first game, so that no game is played for a result that cannot be kept."""
    parent = path if folder else path.parent
    if not folder and (os.path.lexists(path) or path.exists()):
        try:
            info = path.stat()
        except OSError as exc:
            return f"it cannot be used ({exc.strerror or exc})"
        if not stat.S_ISREG(info.st_mode):
            return "it is not a regular file" if not stat.S_ISDIR(info.st_mode) else "it is a folder"
        if not os.access(path, os.W_OK):
            return "it cannot be written (no permission)"
    if folder:
        # the folder is made if missing: its nearest existing ancestor must be a writable folder
        while not os.path.lexists(parent) and parent != parent.parent:
            parent = parent.parent
    try:
        info = parent.stat()
    except OSError as exc:
        return f"its folder {parent} cannot be used ({exc.strerror or exc})"
    if not stat.S_ISDIR(info.st_mode):
        return f"{parent} is not a folder"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"its folder {parent} cannot be written (no permission)"
    return ""


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":")) + "\n"


class ResultsWriter:
    """Writes a results file as the games finish (each line flushed), and in game order at the end."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.header = header
        self.saved = 0
        try:
            # without blocking (a FIFO put there since the check is refused, not waited on)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NONBLOCK, 0o644)
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                raise LabError(f"{path}: results file cannot be written: it is not a regular file")
            self.fh = os.fdopen(fd, "w", encoding="utf-8")
            self.fh.write(_line({"lab_results": FORMAT, **header}))
            self.fh.flush()
        except OSError as exc:
            raise LabError(f"{path}: results file cannot be written: {exc.strerror or exc}") from None

    def game(self, cell: int, record: dict[str, Any]) -> None:
        """One game, as soon as it is known."""
        try:
            self.fh.write(_line({"cell": cell, "game": record}))
            self.fh.flush()
        except OSError as exc:
            raise LabError(f"{self.path}: results file cannot be written: {exc.strerror or exc}") from None
        self.saved += 1

    def close(self) -> None:
        """Close the file as it stands (a run that stopped)."""
        self.fh.close()

    def finish(self, games: list[tuple[int, dict[str, Any]]], run: dict[str, Any]) -> None:
        """The whole file again, its games in order, with the run's line (atomically)."""
        self.fh.close()
        temporary = self.path.with_name(f".{self.path.name}.tmp")
        try:
            with temporary.open("w", encoding="utf-8") as fh:
                fh.write(_line({"lab_results": FORMAT, **self.header}))
                fh.writelines(_line({"cell": cell, "game": rec}) for cell, rec in games)
                fh.write(_line({"run": run}))
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(temporary, self.path)
        except OSError as exc:
            temporary.unlink(missing_ok=True)
            raise LabError(f"{self.path}: results file cannot be written in order: {exc.strerror or exc} "
                           f"(the games are in it as they finished)") from None
