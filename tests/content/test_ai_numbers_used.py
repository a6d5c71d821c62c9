"""Every key of ai.toml is read by the game, the shipped file sets each one itself, and a value
out of its bounds is one ContentError naming the table and the key: Easy's shares, the heuristic's
weights and the search's budgets by level. The wounds the heuristic weighs a Thrown Rider by are
the table's own."""

from __future__ import annotations

import dataclasses
import re
import shutil
import tomllib
from pathlib import Path

import pytest
from pydantic import BaseModel

from game.ai.easy import EasyTuning, easy_tuning_from
from game.ai.search import BUDGETS, Budget, budgets_from
from game.ai.tuning import AI_FILE, HeuristicWeights, heuristic_weights_from, near_tie, weights
from game.content.loader import DATA_DIR, ContentError, load_content

GAME = Path(__file__).resolve().parents[2] / "game"
SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in sorted(GAME.rglob("*.py")))
SECTIONS: dict[type[BaseModel], tuple[str, ...]] = {EasyTuning: ("easy",), HeuristicWeights: ("heuristic",)}
LEVELS = ("easy", "normal", "hard")
BUDGET_FIELDS = [f.name for f in dataclasses.fields(Budget)]
FIELDS = [(model.__name__, name) for model in SECTIONS for name in model.model_fields]
FIELDS += [("Budget", name) for name in BUDGET_FIELDS]


@pytest.mark.parametrize(("model", "name"), FIELDS, ids=[f"{m}.{n}" for m, n in FIELDS])
def test_every_ai_key_is_read_somewhere_in_the_game(model: str, name: str) -> None:
    assert re.search(rf"\.{name}\b", SOURCE), f"{model}.{name} is never read in game/"


def _shipped(*keys: str) -> set[str]:
    table = tomllib.loads((DATA_DIR / AI_FILE).read_text(encoding="utf-8"))
    for key in keys:
        table = table[key]
    return set(table)


@pytest.mark.parametrize("model", list(SECTIONS), ids=lambda m: m.__name__)
def test_the_shipped_ai_file_sets_every_key_itself(model: type[BaseModel]) -> None:
    assert _shipped(*SECTIONS[model]) == set(model.model_fields), f"ai.toml {SECTIONS[model]} differs"


def test_the_search_has_a_budget_for_each_level_and_each_sets_every_key() -> None:
    assert tuple(BUDGETS) == LEVELS and _shipped("search") == set(LEVELS)
    for level in LEVELS:
        assert _shipped("search", level) == set(BUDGET_FIELDS), level
    assert BUDGETS["hard"].samples > BUDGETS["normal"].samples  # hard: normal's method, a bigger budget


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    shutil.copy(DATA_DIR / AI_FILE, tmp_path / AI_FILE)
    text = (tmp_path / AI_FILE).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / AI_FILE).write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("old", "new", "field"), [
    ("quit = 8.0", "quit = -1.0", "quit"),
    ("threat_weight = 0.3", "threat_weight = 1.5", "threat_weight"),
    ("near_tie_hard = 0.005", 'near_tie_hard = "small"', "near_tie_hard"),
    ("pull = 0.6", "pull = 0.6\npush = 0.1", "push"),
])
def test_a_bad_heuristic_weight_is_one_error_naming_it(tmp_path: Path, old: str, new: str,
                                                       field: str) -> None:
    with pytest.raises(ContentError) as caught:
        heuristic_weights_from(_broken(tmp_path, old, new))
    message = str(caught.value)
    assert "\n" not in message and message.startswith("ai.toml: [heuristic]: field ") and field in message


@pytest.mark.parametrize(("old", "new", "where"), [
    ("samples = 11", "samples = 0", "normal.samples"),
    ('policy = "quick"', 'policy = "lucky"', "easy.policy"),
    ("fresh = true", "fresh = true\nfaster = true", "normal.faster"),
])
def test_a_bad_search_budget_is_one_error_naming_its_level_and_key(tmp_path: Path, old: str, new: str,
                                                                   where: str) -> None:
    with pytest.raises(ContentError) as caught:
        budgets_from(_broken(tmp_path, old, new))
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"ai.toml: [search]: field {where}:"), message


def test_a_bad_easy_share_is_one_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=r"^ai.toml: \[easy\]: field forget_perks"):
        easy_tuning_from(_broken(tmp_path, "forget_perks = 0.60", "forget_perks = 2"))


def test_the_weights_are_the_files_and_each_level_has_its_near_tie() -> None:
    shipped = weights()
    assert shipped is heuristic_weights_from(DATA_DIR)  # read once
    assert shipped.quit == 8.0 and shipped.material == 0.5
    assert [near_tie(lv) for lv in ("easy", "normal", "hard")] == [
        shipped.near_tie_easy, shipped.near_tie_normal, shipped.near_tie_hard]
    assert near_tie("nobody") == shipped.near_tie_normal


def test_the_thrown_rider_table_names_its_wounds() -> None:
    rows = {row.result: row.wounds for row in load_content().tables["thrown_rider"].rows}
    assert rows == {"crushed": 2, "hard_fall": 1, "winded": 0, "on_feet": 0}


def test_the_file_steers_the_heuristic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Captain lost weighs on the evaluation by the file's `quit`: twice the weight, twice the
    Will to Fight at stake (the material lost stays the same)."""
    from game.ai import tuning
    from game.ai.heuristic import evaluate, quit_chance
    from game.scenario import start_game

    engine = start_game("the-ford", 3)
    captain = next(m for m in engine.state.living("red") if engine.table.profile(m).role == "captain")

    def loss() -> float:
        before = evaluate(engine, "red")
        captain.removed = "slain"
        after = evaluate(engine, "red")
        captain.removed = ""
        return before - after

    shipped = loss()
    monkeypatch.setattr(tuning, "DATA_DIR", _broken(tmp_path, "quit = 8.0", "quit = 16.0"))
    doubled = loss()
    monkeypatch.undo()
    assert loss() == pytest.approx(shipped)
    captain.removed = "slain"
    chance = quit_chance(engine.table, engine.state, "red")
    captain.removed = ""
    assert chance > 0.5 and doubled - shipped == pytest.approx(8.0 * chance)
