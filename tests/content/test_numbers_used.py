"""Every rule number in the data is read by the game, and the shipped data sets each one itself.

The number-bearing models are walked field by field: `Numbers` ([numbers] of rules.toml), the
§10 `VehicleRules` ([vehicle_rules] of vehicles.toml) with its `fire` and `shooting` sections, the
impact-speed bands ([[ram_band]]) and the dice they name. A field nobody reads (no `.field_name`
anywhere in game/) fails here, so an unused key cannot linger in the data.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from pydantic import BaseModel

from game.content.loader import DATA_DIR
from game.content.models import Die, FireRule, Numbers, RamBand, VehicleRules, VehicleShooting

GAME = Path(__file__).resolve().parents[2] / "game"
MODELS: tuple[type[BaseModel], ...] = (Numbers, VehicleRules, FireRule, VehicleShooting, RamBand, Die)


def _source() -> str:
    """Every Python source file of the game, as one text."""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(GAME.rglob("*.py")))


SOURCE = _source()


FIELDS = [(model, name) for model in MODELS for name in model.model_fields]


@pytest.mark.parametrize(("model", "name"), FIELDS, ids=[f"{m.__name__}.{n}" for m, n in FIELDS])
def test_every_number_is_read_somewhere_in_the_game(model: type[BaseModel], name: str) -> None:
    assert re.search(rf"\.{name}\b", SOURCE), f"{model.__name__}.{name} is never read in game/"


def _section(fname: str, *keys: str) -> dict[str, object]:
    raw: dict[str, object] = tomllib.loads((DATA_DIR / fname).read_text(encoding="utf-8"))
    for key in keys:
        raw = raw[key]  # type: ignore[assignment]
    return raw


@pytest.mark.parametrize(("model", "fname", "keys"), [
    (Numbers, "rules.toml", ("numbers",)),
    (VehicleRules, "vehicles.toml", ("vehicle_rules",)),
    (FireRule, "vehicles.toml", ("vehicle_rules", "fire")),
    (VehicleShooting, "vehicles.toml", ("vehicle_rules", "shooting")),
], ids=lambda v: v.__name__ if isinstance(v, type) else str(v))
def test_the_shipped_data_sets_every_number_itself(model: type[BaseModel], fname: str,
                                                   keys: tuple[str, ...]) -> None:
    """No rule number falls back on a default in the code: the data file names each one."""
    table = _section(fname, *keys)
    missing = sorted(set(model.model_fields) - set(table))
    assert not missing, f"{fname} [{'.'.join(keys)}] does not set {missing}"
