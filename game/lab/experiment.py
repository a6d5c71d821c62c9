"""An experiment as data: a TOML file validated by pydantic, and the games it asks for.

    name = "mounted"
    seed = 1
    games = 200                          # per arm, scenario and part
    scenarios = ["the-ford"]
    players = { red = "heuristic", blue = "heuristic:hard" }

    [retinues.all-mounted]               # a retinue given inline, built from a content retinue
    from = "york-mounted"
    mounted = "all"                      # all | half | none | as_is

    [retinues.my-knights]                # or a roster file of the muster, relative to this file
    roster = "rosters/my-knights.json"

    [[arm]]
    name = "as printed"
    red = "all-mounted"                  # a retinue by id: the content's or an inline one
    blue = "lancaster-archers"
    house_rules = "house/lances.toml"    # optional overlay, relative to this file

    [[part]]                             # optional: several player match-ups, each with its games
    name = "search"
    games = 20
    players = { red = "search", blue = "search" }

Every arm of a part plays the same seeds on each scenario (game i's dice seed follows from the
experiment's seed and i alone), so arms differ only by what they change.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from game.ai import parse_spec
from game.bounded import FileRefused, read_text
from game.content.loader import DATA_DIR, content_from, read_data
from game.content.models import ROLE_STEEDS, Content, Member, Retinue, Spear
from game.content.overlay import OverlayError, apply_overlay
from game.muster.play import RosterError, to_retinue
from game.muster.roster import Roster
from game.persist.rosters import RosterFileError, read_roster
from game.rules.state import SIDES

Mounting = Literal["all", "half", "none", "as_is"]
MAX_GAMES = 100_000  # games a cell may ask for: a week of heuristic games on one core
TOML_LIMIT = 1024 * 1024  # bytes: an experiment or house-rules file is a few kilobytes
# a number of games: an integer (never a boolean or a float), 0..MAX_GAMES
Games = Annotated[int, Field(strict=True, ge=0, le=MAX_GAMES)]


class LabError(Exception):
    """An experiment that cannot be run: the message names the file and the key."""


class Strict(BaseModel):
    """Unknown keys are errors; values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Players(Strict):
    """The player spec `name[:level]` on each side."""

    red: str = "heuristic"
    blue: str = "heuristic"

    @field_validator("red", "blue")
    @classmethod
    def _spec(cls, value: str) -> str:
        parse_spec(value)  # ValueError naming the known players and levels
        return value

    def by_side(self) -> dict[str, str]:
        """Side -> spec."""
        return {"red": self.red, "blue": self.blue}


class InlineRetinue(Strict):
    """A retinue built from one of the content's (its members, with steeds given or taken away), or
    read from a roster file."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    base: str | None = Field(None, alias="from", description="The content retinue it is built from.")
    roster: str | None = Field(None, description="A roster file (JSON), relative to the experiment; "
                               "the retinue it makes is played as it is (no `mounted`).")
    mounted: Mounting = Field(
        "as_is", description="all: every member rides (Fighters and Heroes a Warhorse, Shootists a "
        "Nag); half: at most half the members ride (the Heroes first, then the Retainers in order); "
        "none: all on foot (lances dropped); as_is: as the content retinue.")
    name: str = ""

    @model_validator(mode="after")
    def _one_source(self) -> InlineRetinue:
        if (self.base is None) == (self.roster is None):
            raise ValueError("give either from (a content retinue) or roster (a roster file)")
        if self.roster is not None and self.mounted != "as_is":
            raise ValueError("a roster rides as it is written: leave mounted out")
        return self


class Arm(Strict):
    """One variant of the game: the retinues on each side and an optional house-rules overlay."""

    name: str = Field(min_length=1)
    red: str | None = Field(None, description="Red's retinue id (default: the scenario's).")
    blue: str | None = Field(None, description="Blue's retinue id (default: the scenario's).")
    house_rules: str | None = Field(None, description="A house-rules TOML, relative to the experiment.")


class Part(Strict):
    """A player match-up with its number of games; every arm is played in every part."""

    name: str = Field(min_length=1)
    games: Games
    players: Players = Players()


class Experiment(Strict):
    """The whole study."""

    name: str = Field(min_length=1)
    description: str = ""
    seed: int = Field(1, strict=True)
    games: Games = 100
    scenarios: list[str] = Field(min_length=1)
    players: Players = Players()
    max_commands: int = Field(5000, strict=True, ge=1)
    retinues: dict[str, InlineRetinue] = {}
    arm: list[Arm] = Field(min_length=1)
    part: list[Part] = []

    @model_validator(mode="after")
    def _unique(self) -> Experiment:
        for what, names in (("arm", [a.name for a in self.arm]), ("part", [p.name for p in self.part])):
            twice = sorted({n for n in names if names.count(n) > 1})
            if twice:
                raise ValueError(f"{what} names must differ; repeated: {', '.join(twice)}")
        return self

    def parts(self) -> list[Part]:
        """The parts, or the one part the top-level players and games make."""
        return list(self.part) or [Part(name="main", games=self.games, players=self.players)]


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything a worker needs to set up an arm's games (hashable, plain data, no paths)."""

    overlay: str  # the house rules as canonical JSON ("{}" for none)
    overlay_source: str  # the overlay's file name, for errors
    retinues: tuple[tuple[str, str], ...]  # (id, InlineRetinue as JSON) of the inline retinues
    red: str | None  # retinue ids, None for the scenario's own
    blue: str | None
    rosters: tuple[tuple[str, str], ...] = ()  # (id, Roster as JSON) of the inline retinues read from rosters


@dataclass(frozen=True, slots=True)
class Cell:
    """One (part, scenario, arm) of an experiment: `games` games on seeds 0..games-1."""

    part: str
    scenario: str
    arm: str
    players: tuple[tuple[str, str], ...]  # (side, spec)
    games: int
    setup: Setup


def _where(err: ValidationError) -> tuple[str, str]:
    first = err.errors()[0]
    key = ".".join(str(p) for p in first["loc"]) or "(top level)"
    msg = str(first["msg"]).removeprefix("Value error, ")
    if first["type"] == "extra_forbidden":
        msg = "unknown key"
    elif key.endswith("games") and first["type"] in ("less_than_equal", "greater_than_equal"):
        msg = games_problem(first["input"])
    return key, msg


def read_toml(path: Path, what: str) -> dict[str, Any]:
    """A small TOML file read bounded (`game.bounded`: no FIFO, device or directory, at most
    TOML_LIMIT bytes, UTF-8), or one line naming it: `what` is "experiment" or "house-rules"."""
    try:
        text = read_text(path, TOML_LIMIT)
    except FileRefused as exc:
        if exc.missing:
            raise LabError(f"{path}: {what} file is missing") from None
        raise LabError(f"{path}: {what} file is not read: {exc.reason}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LabError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise LabError(f"{path}: not valid TOML: arrays or tables nested too deeply") from None


def games_problem(games: object) -> str:
    """Why a number of games per cell cannot be played ("" if it can)."""
    if isinstance(games, bool) or not isinstance(games, int):
        return "a number of games is a whole number"
    if games < 0:
        return "a number of games is at least 0"
    if games > MAX_GAMES:
        return (f"at most {MAX_GAMES} games per cell (asked for {games}); "
                "run a longer study in stages with --resume")
    return ""


def load_experiment(path: Path) -> Experiment:
    """Read and validate an experiment file (one LabError naming the file and the key)."""
    raw = read_toml(path, "experiment")
    try:
        return Experiment.model_validate(raw)
    except ValidationError as exc:
        key, msg = _where(exc)
        raise LabError(f"{path}: key {key}: {msg}") from None


def cells(exp: Experiment, path: Path, games: int | None = None, only_parts: list[str] | None = None
          ) -> list[Cell]:
    """The experiment's cells in order (part, scenario, arm), every arm's setup checked here, in
    this process, so a broken overlay or retinue fails before any game starts."""
    known = [p.name for p in exp.parts()]
    for name in only_parts or []:
        if name not in known:
            raise LabError(f"{path}: no part named {name!r} (parts: {', '.join(known)})")
    inline = tuple(sorted((rid, r.model_dump_json(by_alias=True)) for rid, r in exp.retinues.items()
                          if r.roster is None))
    rosters = tuple(sorted((rid, _roster_json(path, rid, r.roster)) for rid, r in exp.retinues.items()
                           if r.roster is not None))
    setups: dict[str, Setup] = {}
    for i, arm in enumerate(exp.arm):
        overlay: dict[str, Any] = {}
        source = ""
        if arm.house_rules is not None:
            source = str(path.parent / arm.house_rules)
            try:
                overlay = read_toml(path.parent / arm.house_rules, "house-rules")
            except LabError as exc:
                raise LabError(f"{path}: key arm.{i}.house_rules: {exc}") from None
        setup = Setup(json.dumps(overlay, sort_keys=True), source, inline, arm.red, arm.blue, rosters)
        try:
            content = content_for(setup)
        except OverlayError as exc:
            raise LabError(str(exc)) from None
        except LabError as exc:
            raise LabError(f"{path}: {exc}") from None
        for side in SIDES:
            rid = getattr(arm, side)
            if rid is not None and rid not in content.retinues:
                raise LabError(f"{path}: key arm.{i}.{side}: unknown retinue {rid!r} (known: "
                               f"{', '.join(sorted(content.retinues))})")
        setups[arm.name] = setup
    out = []
    for part in exp.parts():
        if only_parts and part.name not in only_parts:
            continue
        n = part.games if games is None else games
        for scenario in exp.scenarios:
            for arm in exp.arm:
                out.append(Cell(part.name, scenario, arm.name, tuple(part.players.by_side().items()), n,
                                setups[arm.name]))
    return out


@cache
def content_for(setup: Setup) -> Content:
    """The content an arm plays with: the shipped data, its house rules, its inline retinues
    (cached per process: a worker builds it once per arm)."""
    raws = read_data(DATA_DIR)
    overlay = json.loads(setup.overlay)
    if overlay:
        raws = apply_overlay(raws, overlay, setup.overlay_source)
    try:
        content = content_from(raws)
    except Exception as exc:
        raise OverlayError(f"{setup.overlay_source}: with its changes, {exc}") from None
    if not setup.retinues and not setup.rosters:
        return content
    retinues = dict(content.retinues)
    for rid, text in setup.rosters:
        if rid in retinues:
            raise LabError(f"key retinues.{rid}: the content already has a retinue {rid!r}")
        try:
            retinues[rid] = to_retinue(Roster.model_validate_json(text), rid, content)
        except RosterError as exc:
            raise LabError(f"key retinues.{rid}.roster: {exc}") from None
    for rid, text in setup.retinues:
        spec = InlineRetinue.model_validate_json(text)
        if rid in retinues:
            raise LabError(f"key retinues.{rid}: the content already has a retinue {rid!r}")
        if spec.base is None or spec.base not in content.retinues:
            raise LabError(f"key retinues.{rid}.from: unknown retinue {spec.base!r} (known: "
                           f"{', '.join(sorted(content.retinues))})")
        retinues[rid] = build_retinue(content, rid, spec)
    try:
        return Content.model_validate({**dict(content), "retinues": retinues})
    except ValidationError as exc:
        raise LabError(f"key retinues: {_where(exc)[1]}") from None


def _roster_json(path: Path, rid: str, file: str) -> str:
    """A roster file of an experiment (relative to it), read bounded and validated, as JSON."""
    try:
        return read_roster(path.parent / file).model_dump_json()
    except RosterFileError as exc:
        raise LabError(f"{path}: key retinues.{rid}.roster: {exc}") from None


def _steed_of_kind(content: Content, kind: str) -> str:
    return next(s.id for s in content.steeds.values() if s.steed_kind == kind)


def _ride(content: Content, m: Member) -> Member:
    if m.steed is not None or m.seat is not None:
        return m
    role = content.profiles[m.profile].role
    return m.model_copy(update={"steed": _steed_of_kind(content, ROLE_STEEDS[role])})


def _walk(content: Content, m: Member) -> Member:
    if m.steed is None:
        return m
    weapons = m.weapons
    if weapons is not None:
        kept = tuple(w for w in weapons if content.weapons[w].kind != "lance")
        weapons = kept or None
    return m.model_copy(update={"steed": None, "weapons": weapons})


def build_retinue(content: Content, rid: str, spec: InlineRetinue) -> Retinue:
    """An inline retinue: the base retinue's members with steeds as `spec.mounted` says."""
    base = content.retinues[spec.base or ""]
    spears = base.spears
    if spec.mounted == "all":
        spears = tuple(Spear(hero=_ride(content, s.hero), retainers=tuple(_ride(content, r)
                                                                            for r in s.retainers))
                       for s in spears)
    elif spec.mounted == "none":
        spears = tuple(Spear(hero=_walk(content, s.hero), retainers=tuple(_walk(content, r)
                                                                            for r in s.retainers))
                       for s in spears)
    elif spec.mounted == "half":
        members = sum(1 + len(s.retainers) for s in spears)
        allowed = members // 2
        order = [(i, -1) for i in range(len(spears))] + [(i, j) for i, s in enumerate(spears)
                                                          for j in range(len(s.retainers))]
        riding: set[tuple[int, int]] = set()
        for i, j in order:
            m = spears[i].hero if j < 0 else spears[i].retainers[j]
            if len(riding) < allowed and _ride(content, m).steed is not None and m.seat is None:
                riding.add((i, j))

        def pick(i: int, j: int, m: Member) -> Member:
            return _ride(content, m) if (i, j) in riding else _walk(content, m)

        spears = tuple(Spear(hero=pick(i, -1, s.hero),
                             retainers=tuple(pick(i, j, r) for j, r in enumerate(s.retainers)))
                       for i, s in enumerate(spears))
    name = spec.name or f"{base.name} ({spec.mounted.replace('_', ' ')} mounted)"
    return Retinue(id=rid, name=name, banner=base.banner, spears=spears)


def mounted_share(retinue: Retinue) -> tuple[int, int]:
    """(members riding, members) of a retinue."""
    members = [m for s in retinue.spears for m in (s.hero, *s.retainers)]
    return sum(1 for m in members if m.steed is not None), len(members)

