"""The Skills' numbers come from skills.toml: every number a Skill sets is read by the game, and a copy
of the data with one Skill's number changed changes what the engine does with the same pinned dice."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from game.content import Content
from game.content.loader import DATA_DIR, ContentError, load_content_from
from game.content.models import SKILLS, Skill
from game.rules import damage
from game.rules.context import Act
from game.rules.dice import FixedDice
from game.rules.paths import run_reach
from game.rules.spears import command_range
from game.rules.state import Model
from tests.rules.fixtures import make_engine, model

SKILLS_TOML = "skills.toml"
GAME = Path(__file__).resolve().parents[2] / "game"
GAME_SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in sorted(GAME.rglob("*.py")))


def with_skill(content: Content, profile: str, skill: str) -> Content:
    """The content with the Skill added to a profile."""
    profiles = dict(content.profiles)
    prof = profiles[profile]
    profiles[profile] = prof.model_copy(update={"skills": (*prof.skills, skill)})
    return content.model_copy(update={"profiles": profiles})


def changed(tmp_path: Path, skill: str, key: str, value: str) -> Content:
    """A copy of the shipped data with one number of one Skill's entry changed."""
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    path = data / SKILLS_TOML
    text = path.read_text(encoding="utf-8")
    entry = re.compile(rf'(id = "{skill}"\n(?:(?!\[\[skill\]\]).*\n)*?){key} = [^\s#]+')
    assert len(entry.findall(text)) == 1, f"{skill} does not set {key}"
    path.write_text(entry.sub(rf"\g<1>{key} = {value}", text), encoding="utf-8")
    return load_content_from(data)


def _act(content: Content, models: list[Model], dice: list[int]) -> Act:
    eng = make_engine(models, dice=[], content=content)
    return Act(eng.table, eng.state, FixedDice(dice))


def command_range_of_a_squire(content: Content) -> float:
    eng = make_engine([model("r1", "red", "squire", 5, 5)], dice=[], content=with_skill(content, "squire",
                                                                                          "commanding"))
    return command_range(eng.table, eng.state.model("r1"))


def run_reach_of_a_man(content: Content) -> float:
    eng = make_engine([model("r1", "red", "man_at_arms", 5, 5)], dice=[],
                      content=with_skill(content, "man_at_arms", "fleet_of_foot"))
    return run_reach(eng.table, eng.state.model("r1"))


def shrugged_on_a_five(content: Content) -> bool:
    victim = model("b1", "blue", "captain", 10, 10)
    act = _act(with_skill(content, "captain", "hard_as_nails"), [model("r1", "red", "archer", 2, 2), victim],
               [1, 5])
    return not damage.take_hit(act, victim, "red")


def saved_on_a_two_with_dodge(content: Content) -> bool:
    from game.rules.shooting import hit_model
    victim = model("b1", "blue", "man_at_arms", 10, 10)
    dodging = with_skill(content, "man_at_arms", "dodge_shots")
    act = _act(dodging, [model("r1", "red", "archer", 2, 2), victim], [2])
    hit_model(act, victim, "red")
    return victim.health == 1


CASES: list[tuple[str, str, str, Callable[[Content], object], object, object]] = [
    ("commanding", "inches", "3.0", command_range_of_a_squire, 6.0, 7.0),
    ("fleet_of_foot", "inches", "2.0", run_reach_of_a_man, 4.0, 5.0),
    ("hard_as_nails", "on", "6", shrugged_on_a_five, True, False),
    ("dodge_shots", "modifier", "2", saved_on_a_two_with_dodge, False, True),
]


@pytest.mark.parametrize(("skill", "key", "value", "probe", "shipped", "then"), CASES,
                         ids=[f"{c[0]}.{c[1]}" for c in CASES])
def test_the_engine_follows_a_skills_number(tmp_path: Path, skill: str, key: str, value: str,
                                            probe: Callable[[Content], object], shipped: object,
                                            then: object) -> None:
    assert probe(load_content_from(DATA_DIR)) == shipped
    assert probe(changed(tmp_path, skill, key, value)) == then


def test_every_skill_number_is_read_where_its_skill_is() -> None:
    """A Skill that sets a number has its id next to a read of that number in the game's source."""
    content = load_content_from(DATA_DIR)
    for skill in content.skills.values():
        for key in ("modifier", "inches", "on"):
            if getattr(skill, key) != Skill.model_fields[key].default:
                read = f'skill("{skill.id}").{key}' in GAME_SOURCE or (
                    key == "modifier" and re.search(rf'skill_modifier\([^)]*"{skill.id}"\)', GAME_SOURCE))
                assert read, f"{skill.id}.{key} is set in skills.toml but never read"


def test_an_unknown_or_missing_skill_is_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    path = data / SKILLS_TOML
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('id = "rally"', 'id = "cunning"'), encoding="utf-8")
    with pytest.raises(ContentError, match=r"skills\.toml: skill\[3\].*'cunning' is not one the engine"):
        load_content_from(data)
    path.write_text(re.sub(r'\[\[skill\]\]\nid = "rally"\n(?:.*\n)*?\n', "", text), encoding="utf-8")
    with pytest.raises(ContentError, match=r"skills\.toml: cross-reference check: skill 'rally' has no"):
        load_content_from(data)
    assert len(SKILLS) == 18
