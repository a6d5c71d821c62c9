"""Load the TOML content files into a validated Content; errors name the file, field and problem."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from game.bounded import FileRefused, read_text
from game.content.models import (
    Alarum,
    Content,
    DiceTable,
    Numbers,
    Perk,
    Profile,
    RamBand,
    Retinue,
    Rule,
    Skill,
    Steed,
    VehicleProfile,
    VehicleRules,
    Weapon,
    check_ram_bands,
)

DATA_DIR = Path(__file__).parent / "data"
MAX_CONTENT_BYTES = 2_000_000  # the largest shipped file is a few tens of kB

# a model kept in a list-shaped content file: each entry has a unique id
Listed = Weapon | Steed | Profile | Retinue | DiceTable | Alarum | Perk | Rule | VehicleProfile | Skill
# file name -> (array-of-tables key, model) for every list-shaped content file
LISTS: dict[str, tuple[str, type[Listed]]] = {
    "weapons.toml": ("weapon", Weapon),
    "steeds.toml": ("steed", Steed),
    "profiles.toml": ("profile", Profile),
    "retinues.toml": ("retinue", Retinue),
    "tables.toml": ("table", DiceTable),
    "alarums.toml": ("alarum", Alarum),
    "perks.toml": ("perk", Perk),
    "rules.toml": ("rule", Rule),
    "vehicles.toml": ("vehicle", VehicleProfile),
    "skills.toml": ("skill", Skill),
}
# vehicles.toml also holds the impact-speed bands ([[ram_band]]) and the §10 numbers ([vehicle_rules])
VEHICLES = "vehicles.toml"
# which file a cross-reference problem belongs to, by the word its message starts with
OWNER = {"profile": "profiles.toml", "retinue": "retinues.toml", "table": "tables.toml",
         "vehicle": VEHICLES, "skill": "skills.toml"}


class ContentError(Exception):
    """A content file is malformed; the message names the file, the field and the problem (one line)."""

    def __init__(self, message: str) -> None:
        line = " ".join(message.split())
        super().__init__(line if len(line) <= 400 else line[:397] + "...")


def _read(path: Path) -> dict[str, Any]:
    try:
        text = read_text(path, MAX_CONTENT_BYTES)
    except FileRefused as exc:
        if exc.missing:
            raise ContentError(f"{path.name}: file is missing") from None
        raise ContentError(f"{path.name}: not read: {exc.reason}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path.name}: not valid TOML: {exc}") from None
    except RecursionError:
        raise ContentError(f"{path.name}: not valid TOML: arrays or tables nested too deeply") from None


def _describe(err: ValidationError) -> str:
    first = err.errors()[0]
    field = ".".join(str(p) for p in first["loc"]) or "(entry)"
    return f"field {field}: {first['msg']}"


def _entries(name: str, raw: dict[str, Any], key: str) -> list[Any]:
    entries = raw.get(key)
    if not isinstance(entries, list) or not entries:
        raise ContentError(f"{name}: expected one or more [[{key}]] entries")
    return entries


def _load_list(name: str, raw: dict[str, Any], key: str, model: type[Listed]) -> dict[str, Listed]:
    out: dict[str, Listed] = {}
    for i, entry in enumerate(_entries(name, raw, key)):
        label = f"{key}[{i}]"
        if isinstance(entry, dict) and "id" in entry:
            label += f" (id={entry['id']!r})"
        try:
            item = model.model_validate(entry)
        except ValidationError as exc:
            raise ContentError(f"{name}: {label}: {_describe(exc)}") from None
        ident = item.id
        if ident in out:
            raise ContentError(f"{name}: {label}: duplicate id {ident!r}")
        out[ident] = item
    return out


def _load_ram_bands(raw: dict[str, Any]) -> tuple[RamBand, ...]:
    """The [[ram_band]] rows of vehicles.toml, each validated, then checked as a rising table."""
    bands: list[RamBand] = []
    for i, entry in enumerate(_entries(VEHICLES, raw, "ram_band")):
        try:
            bands.append(RamBand.model_validate(entry))
        except ValidationError as exc:
            raise ContentError(f"{VEHICLES}: ram_band[{i}]: {_describe(exc)}") from None
    try:
        check_ram_bands(bands)
    except ValueError as exc:
        raise ContentError(f"{VEHICLES}: {exc}") from None
    return tuple(bands)


def read_data(data_dir: Path) -> dict[str, dict[str, Any]]:
    """The parsed TOML of every content file in a directory, by file name (not yet validated)."""
    return {fname: _read(data_dir / fname) for fname in LISTS}


def load_content_from(data_dir: Path) -> Content:
    """Load and cross-check every content file in a directory."""
    return content_from(read_data(data_dir))


def content_from(raws: dict[str, dict[str, Any]]) -> Content:
    """Validate and cross-check the parsed content files (as `read_data` returns them)."""
    parts: dict[str, Any] = {}
    for fname, (key, model) in LISTS.items():
        parts[key + "s"] = _load_list(fname, raws[fname], key, model)
    try:
        parts["numbers"] = Numbers.model_validate(raws["rules.toml"].get("numbers", {}))
    except ValidationError as exc:
        raise ContentError(f"rules.toml: [numbers]: {_describe(exc)}") from None
    parts["ram_bands"] = _load_ram_bands(raws[VEHICLES])
    try:
        parts["vehicle_rules"] = VehicleRules.model_validate(raws[VEHICLES].get("vehicle_rules", {}))
    except ValidationError as exc:
        raise ContentError(f"{VEHICLES}: [vehicle_rules]: {_describe(exc)}") from None
    try:
        return Content.model_validate(parts)
    except ValidationError as exc:
        msg = str(exc.errors()[0]["msg"]).removeprefix("Value error, ")
        owner = OWNER.get(msg.split(" ", 1)[0], "content")
        raise ContentError(f"{owner}: cross-reference check: {msg}") from None


@cache
def load_content() -> Content:
    """The shipped content (cached: content is immutable)."""
    return load_content_from(DATA_DIR)
