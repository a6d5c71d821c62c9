"""The muster's rules and the period names, as data: `muster.toml` and `names.toml` of the content.

Every number and list a roster is checked against lives here (how many Captains, Squires and
Retainers, who may carry a Lance, which Skills a Retainer's role may take, the half-mounted house
limit, the blank roster), so a group can change them as it changes any house rule.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.bounded import FileRefused, read_text
from game.content.loader import DATA_DIR, ContentError

MUSTER_FILE = "muster.toml"
NAMES_FILE = "names.toml"
DATA_LIMIT = 200_000  # bytes: each file is a few kilobytes


M = TypeVar("M", bound=BaseModel)


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class Blank(_Data):
    """A blank roster's make-up: its Heroes' profiles and each Spear's Retainers, on foot."""

    captain: str
    squire: str
    spears: tuple[tuple[str, ...], ...] = Field(min_length=1, max_length=12)
    colours: tuple[tuple[int, int, int], tuple[int, int, int]]


class MusterRules(_Data):
    """What a roster must hold and may carry (RULES-BRIEF §12.1)."""

    captains: int = Field(ge=0, le=12, description="Captains in a retinue.")
    squires: int = Field(ge=0, le=12, description="Squires in a retinue.")
    retainers: int = Field(ge=0, le=24, description="Retainers in a retinue.")
    lance: str = Field(description="The weapon a roster's Lance adds.")
    lance_roles: tuple[str, ...] = Field(description="The roles that may carry a Lance.")
    mounted_share: float = Field(ge=0, le=1, description="The half-mounted house limit's share.")
    max_skills: int = Field(ge=0, le=12, description="Skills a roster may give one model.")
    retainer_skills: dict[str, tuple[str, ...]] = Field(
        description="By Retainer role, the Skills it may have (a Hero may have any).")
    blank: Blank

    @property
    def size(self) -> int:
        """The models in a retinue."""
        return self.captains + self.squires + self.retainers

    def mounted_limit(self) -> int:
        """The most models that may ride under the house limit."""
        return int(self.size * self.mounted_share)


class Names(_Data):
    """Given names and surnames of the period, and the style of a Captain."""

    title: str = Field(max_length=20)
    given: tuple[str, ...] = Field(min_length=1, max_length=2000)
    surnames: tuple[str, ...] = Field(min_length=1, max_length=2000)


def _read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(read_text(path, DATA_LIMIT))
    except FileRefused as exc:
        raise ContentError(f"{path.name}: not read: {exc.reason}") from None
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        raise ContentError(f"{path.name}: not valid TOML: {exc}") from None


def data_table(path: Path, key: str) -> dict[str, Any]:
    """The `[key]` table of a data file in `game/content/data` (read bounded; ContentError if absent)."""
    table = _read(path).get(key)
    if not isinstance(table, dict):
        raise ContentError(f"{path.name}: expected a [{key}] table")
    return table


def data_model(path: Path, key: str, model: type[M]) -> M:
    """The `[key]` table of a data file validated as `model`; one ContentError naming the file,
    the table and the first field that is wrong."""
    try:
        return model.model_validate(data_table(path, key))
    except ValidationError as exc:
        first = exc.errors()[0]
        raise ContentError(f"{path.name}: [{key}]: field {'.'.join(map(str, first['loc']))}: "
                           f"{first['msg']}") from None


def muster_rules_from(data_dir: Path) -> MusterRules:
    """The muster rules of a content folder; one ContentError naming the file and field."""
    return data_model(data_dir / MUSTER_FILE, "muster", MusterRules)


def names_from(data_dir: Path) -> Names:
    """The period names of a content folder; one ContentError naming the file and field."""
    return data_model(data_dir / NAMES_FILE, "names", Names)


@cache
def muster_rules() -> MusterRules:
    """The shipped muster rules."""
    return muster_rules_from(DATA_DIR)


@cache
def names() -> Names:
    """The shipped period names."""
    return names_from(DATA_DIR)
