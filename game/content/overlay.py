"""House rules: a TOML overlay merged over the content files, then validated like the content.

An overlay names what it changes by content file (its name without .toml), then by entry id, or by
the file's own table for the number tables:

    [rules.numbers]          # rules.toml [numbers]
    mounted_charge_reach = 3.0
    [steeds.warhorse]        # the [[steed]] entry of steeds.toml whose id is "warhorse"
    move = 9
    [vehicles.vehicle_rules] # vehicles.toml [vehicle_rules]
    ...

A value replaces the shipped one (a table inside an entry is merged key by key; an array is
replaced whole). An unknown file, entry or key, or a value of the wrong type, is one
`OverlayError` naming the overlay file and the key.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from game.content.loader import DATA_DIR, LISTS, VEHICLES, ContentError, content_from, read_data
from game.content.models import Content, Numbers, VehicleRules

# file stem -> (file name, [[key]] of its entries, model of an entry)
ENTRY_FILES: dict[str, tuple[str, str, type[BaseModel]]] = {
    Path(fname).stem: (fname, key, model) for fname, (key, model) in LISTS.items()}
# file stem -> {table name: model} for the files' plain tables an overlay may change
TABLES: dict[str, dict[str, type[BaseModel]]] = {
    "rules": {"numbers": Numbers},
    Path(VEHICLES).stem: {"vehicle_rules": VehicleRules},
}


class OverlayError(Exception):
    """A house-rules overlay is malformed; the message names the overlay file and the key."""


def read_overlay(path: Path) -> dict[str, Any]:
    """The parsed TOML of an overlay file (OverlayError if it is missing or not TOML)."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise OverlayError(f"{path}: house-rules file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise OverlayError(f"{path}: not valid TOML: {exc}") from None


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """`base` with `over`'s values: nested tables merged key by key, everything else replaced."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _check(model: type[BaseModel], data: dict[str, Any], where: str, changed: dict[str, Any]) -> None:
    """Validate one merged entry or table; a failure names the overlay key it came from."""
    try:
        model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first["loc"])
        top = str(first["loc"][0]) if first["loc"] else ""
        if first["type"] == "extra_forbidden":
            raise OverlayError(f"{where}.{loc}: unknown key (no such field in {model.__name__})") from None
        key = f"{where}.{loc}" if loc else where
        note = "" if top in changed or not loc else " (after the overlay's changes)"
        raise OverlayError(f"{key}: {first['msg']}{note}") from None


def apply_overlay(raws: dict[str, dict[str, Any]], overlay: dict[str, Any],
                  source: str) -> dict[str, dict[str, Any]]:
    """The content files' parsed TOML with an overlay merged in, each changed entry checked.
    `source` names the overlay in errors (its file)."""
    out = copy.deepcopy(raws)
    for stem, changes in overlay.items():
        if stem not in ENTRY_FILES:
            known = ", ".join(sorted(ENTRY_FILES))
            raise OverlayError(f"{source}: key {stem!r}: unknown content file (known: {known})")
        if not isinstance(changes, dict):
            raise OverlayError(f"{source}: key {stem!r}: expected a table of entries to change")
        fname, list_key, model = ENTRY_FILES[stem]
        tables = TABLES.get(stem, {})
        entries = out[fname][list_key]
        by_id = {e.get("id"): i for i, e in enumerate(entries) if isinstance(e, dict)}
        for name, change in changes.items():
            where = f"{stem}.{name}"
            if not isinstance(change, dict):
                raise OverlayError(f"{source}: key {where!r}: expected a table of fields, "
                                   f"got {type(change).__name__}")
            try:
                if name in tables:
                    merged = _merge(out[fname].get(name, {}), change)
                    _check(tables[name], merged, where, change)
                    out[fname][name] = merged
                elif name in by_id:
                    i = by_id[name]
                    merged = _merge(entries[i], change)
                    if merged.get("id") != name:
                        raise OverlayError(f"{where}.id: an overlay may not change an entry's id")
                    _check(model, merged, where, change)
                    entries[i] = merged
                else:
                    known = ", ".join(sorted([*tables, *(str(k) for k in by_id)]))
                    raise OverlayError(f"{where}: unknown entry of {fname} (known: {known})")
            except OverlayError as exc:
                raise OverlayError(f"{source}: key {exc}") from None
    return out


def content_with(overlay_path: Path | None, data_dir: Path = DATA_DIR) -> Content:
    """The content of `data_dir` with a house-rules overlay merged over it (none: as shipped),
    cross-checked as the shipped content is."""
    raws = read_data(data_dir)
    if overlay_path is None:
        return content_from(raws)
    merged = apply_overlay(raws, read_overlay(overlay_path), str(overlay_path))
    try:
        return content_from(merged)
    except ContentError as exc:
        raise OverlayError(f"{overlay_path}: with its changes, {exc}") from None
