"""The narrative campaigns: linked battles whose next one depends on the last result (RULES-BRIEF §12.3).

A narrative is data, `narrative.toml` of the content: who red and blue are, the stage it starts
at, its stages (a title, the scenario fought, a briefing, and for each result, red, blue or draw,
the next stage or an ending) and its endings (a title and an epilogue). The file is checked whole
when read: every stage's scenario is a map the game has, every `next` names a stage or an ending,
every stage and every ending can be reached from the start, and every run of battles ends (no
stage leads back to itself). Any breach is one ContentError naming the file and the field.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, field_validator, model_validator

from game.content.loader import DATA_DIR, ContentError
from game.muster.rules import data_model
from game.resources import MAPS_DIR
from game.scenario import is_map_file, scenario_path, valid_scenario

NARRATIVE_FILE = "narrative.toml"
Result = Literal["red", "blue", "draw"]
RESULTS: tuple[Result, ...] = ("red", "blue", "draw")
END = "end:"  # a `next` naming an ending: "end:<ending id>"
Ident = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]{0,39}$")]
Title = Annotated[str, Field(min_length=1, max_length=80)]
Prose = Annotated[str, Field(min_length=1, max_length=1200)]
MAX_STAGES = 20
MAX_ENDINGS = 10


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _with_ids(table: Any) -> Any:
    """A table of tables keyed by id, each given its key as its `id` (unless it names one itself)."""
    if not isinstance(table, dict):
        return table
    return {key: {"id": key, **value} if isinstance(value, dict) else value for key, value in table.items()}


class Ending(_Data):
    """One way a narrative ends: its title and the epilogue read when it is reached."""

    id: Ident
    title: Title
    epilogue: Prose


class Stage(_Data):
    """One battle of a narrative: the scenario fought, its briefing, and where each result leads."""

    id: Ident
    title: Title
    scenario: str = Field(min_length=1, max_length=200)
    briefing: Prose
    next: dict[Result, str] = Field(description="For each result, a stage id or end:<ending id>.")

    @field_validator("scenario")
    @classmethod
    def _shipped_map(cls, name: str) -> str:
        if is_map_file(name) or not valid_scenario(name):
            raise ValueError(f"{name!r} is not the name of a shipped map (e.g. campaign/thornby-mill)")
        return name

    @field_validator("next")
    @classmethod
    def _every_result(cls, nxt: dict[Result, str]) -> dict[Result, str]:
        missing = [r for r in RESULTS if r not in nxt]
        if missing:
            raise ValueError(f"says nothing for {', '.join(missing)}; give red, blue and draw")
        for result, target in nxt.items():
            if not 1 <= len(target) <= 60:
                raise ValueError(f"{result} must name a stage or end:<ending id> (1 to 60 characters)")
        return nxt


class Narrative(_Data):
    """A narrative campaign: its name and blurb, who each side is, and its stages and endings."""

    id: Ident
    name: Title
    blurb: Prose
    sides: dict[Literal["red", "blue"], Annotated[str, Field(min_length=1, max_length=120)]]
    start: Ident
    stages: dict[Ident, Stage] = Field(min_length=1, max_length=MAX_STAGES)
    endings: dict[Ident, Ending] = Field(min_length=1, max_length=MAX_ENDINGS)
    forfeit: dict[Literal["red", "blue"], Ident] = Field(
        description="For each side, the ending reached when it can no longer take the field.")

    @model_validator(mode="before")
    @classmethod
    def _ids_from_keys(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        tables = ("stages", "endings")
        return {key: _with_ids(value) if key in tables else value for key, value in data.items()}

    @field_validator("sides", "forfeit")
    @classmethod
    def _both_sides(cls, sides: dict[str, str]) -> dict[str, str]:
        if set(sides) != {"red", "blue"}:
            raise ValueError("name both sides, red and blue")
        return sides


class _Shelf(RootModel[dict[Ident, Narrative]]):
    """The [narrative] table: each narrative by its id."""

    @model_validator(mode="before")
    @classmethod
    def _ids_from_keys(cls, data: Any) -> Any:
        return _with_ids(data)


def _fault(path: Path, field: str, problem: str) -> ContentError:
    return ContentError(f"{path.name}: [narrative]: field {field}: {problem}")


def _check_ids(path: Path, n: Narrative) -> None:
    """Each stage and ending is named by its own key (an `id` written inside must agree)."""
    for kind, table in (("stages", n.stages), ("endings", n.endings)):
        for key, item in table.items():
            if item.id != key:
                raise _fault(path, f"{n.id}.{kind}.{key}.id",
                             f"is {item.id!r}; leave it out or make it {key!r}")


def _check_targets(path: Path, n: Narrative, maps_dir: Path) -> None:
    """The start is a stage, every scenario is a map file there, every `next` a stage or an ending."""
    if n.start not in n.stages:
        raise _fault(path, f"{n.id}.start", f"{n.start!r} is not a stage ({', '.join(n.stages)})")
    for side, eid in n.forfeit.items():
        if eid not in n.endings:
            raise _fault(path, f"{n.id}.forfeit.{side}", f"{eid!r} is not an ending ({', '.join(n.endings)})")
    for sid, stage in n.stages.items():
        if not scenario_path(stage.scenario, maps_dir).is_file():
            raise _fault(path, f"{n.id}.stages.{sid}.scenario", f"no map {stage.scenario!r} is shipped")
        for result, target in stage.next.items():
            ending = target.removeprefix(END)
            known = ending in n.endings if target.startswith(END) else target in n.stages
            if not known:
                raise _fault(path, f"{n.id}.stages.{sid}.next.{result}",
                             f"{target!r} is neither a stage nor end:<ending> "
                             f"(stages: {', '.join(n.stages)}; endings: {', '.join(n.endings)})")


def _check_paths(path: Path, n: Narrative) -> None:
    """Every stage and ending is reached from the start, and no stage leads back to itself."""
    state: dict[str, str] = {}  # a stage being walked ("open") or walked ("done")

    def walk(sid: str, trail: tuple[str, ...]) -> None:
        state[sid] = "open"
        for result, target in n.stages[sid].next.items():
            if target.startswith(END):
                continue
            if state.get(target) == "open":
                loop = " -> ".join((*trail[trail.index(target):], sid, target))
                raise _fault(path, f"{n.id}.stages.{sid}.next.{result}",
                             f"leads back to {target!r} ({loop}), so the campaign might never end")
            if target not in state:
                walk(target, (*trail, sid))
        state[sid] = "done"

    walk(n.start, ())
    for sid in n.stages:
        if sid not in state:
            raise _fault(path, f"{n.id}.stages.{sid}", f"no result of any battle from {n.start!r} leads here")
    reached = {t.removeprefix(END) for s in n.stages.values() for t in s.next.values() if t.startswith(END)}
    for eid in n.endings:
        if eid not in reached:
            raise _fault(path, f"{n.id}.endings.{eid}", "no stage leads to this ending")


def narratives_from(path: Path, maps_dir: Path = MAPS_DIR) -> dict[str, Narrative]:
    """The narratives of one data file, checked whole; one ContentError naming the file and field."""
    shelf = data_model(path, "narrative", _Shelf).root
    for n in shelf.values():
        _check_ids(path, n)
        _check_targets(path, n, maps_dir)
        _check_paths(path, n)
    return dict(shelf)


@cache
def narratives() -> dict[str, Narrative]:
    """The shipped narrative campaigns, by id."""
    return narratives_from(DATA_DIR / NARRATIVE_FILE)


def next_stage(n: Narrative, stage: str, winner: Result) -> tuple[str, str]:
    """Where a result leads: (the next stage's id, "") or ("", the ending's id). KeyError for a stage
    or a result the narrative does not have."""
    if stage not in n.stages:
        raise KeyError(f"{n.id} has no stage {stage!r}")
    target = n.stages[stage].next[winner]
    return ("", target.removeprefix(END)) if target.startswith(END) else (target, "")


def longest_run(n: Narrative) -> int:
    """The most battles one run of the narrative can take, from its start to an ending."""
    memo: dict[str, int] = {}

    def length(sid: str) -> int:
        if sid not in memo:
            memo[sid] = 1 + max((length(t) for t in n.stages[sid].next.values() if not t.startswith(END)),
                                default=0)
        return memo[sid]

    return length(n.start)

