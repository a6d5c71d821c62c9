"""The editor's problem list: the map checker's rules on the document as it stands."""

from __future__ import annotations

from dataclasses import replace

from game.editor.brush import paint
from game.editor.edits import History, add_item, replace_item
from game.editor.validate import doc_problems
from game.terrain.terrain_map import ForceSpot, Objective, Obstacle
from tests.editor.helpers import small_doc


def _rules(problems: list) -> list[str]:  # type: ignore[type-arg]
    return sorted(p.rule for p in problems)


def test_a_small_table_with_squires_only_lacks_captains_and_nothing_else() -> None:
    problems = doc_problems(small_doc())
    assert _rules(problems) == ["captain", "captain"]
    assert {p.place.name for p in problems} == {"red's force", "blue's force"}


def test_a_captain_each_makes_it_clean() -> None:
    doc = small_doc()
    h = History(doc)
    for i, f in enumerate(list(doc.forces)):
        if f.profile == "squire":
            h.do(replace_item(doc, "forces", i, replace(f, profile="captain")))
    assert doc_problems(doc) == []


def test_models_out_of_their_zone_or_in_a_building_are_named_with_their_place() -> None:
    doc = small_doc()
    h = History(doc)
    archer = doc.forces[1]
    h.do(replace_item(doc, "forces", 1, replace(archer, y=8.0)))
    h.do(paint(doc, [2 * doc.width + 15], "building"))  # under red's second archer
    problems = doc_problems(doc)
    out = [p for p in problems if p.rule == "outside_zone"]
    assert len(out) == 1 and out[0].place.name.startswith("red's red archer one") and out[0].place.y == 8.0
    inside = [p for p in problems if p.rule == "in_building"]
    assert len(inside) == 1 and (inside[0].place.x, inside[0].place.y) == (15.0, 2.0)


def test_force_problems_while_placing_them() -> None:
    doc = small_doc()
    h = History(doc)
    h.do(add_item(doc, "forces", ForceSpot("Hob", "red", "archer", 2, 5.0, 2.0, 180.0, steed="warhorse")))
    h.do(add_item(doc, "forces", ForceSpot("Lone", "blue", "squire", 3, 5.0, 16.0, 0.0)))
    h.do(add_item(doc, "forces", ForceSpot("Odd", "blue", "wizard", 4, 6.0, 16.0, 0.0)))
    problems = doc_problems(doc)
    text = [p.message for p in problems]
    assert any("may only ride a Nag" in t for t in text)
    assert any("Spear 2, which has no Hero" in t for t in text)
    assert any("unknown profile 'wizard'" in t for t in text)
    assert {p.place.layer for p in problems} == {"forces"}


def test_a_hero_alone_an_unreachable_objective_and_a_boxed_in_rider() -> None:
    doc = small_doc()
    h = History(doc)
    h.do(add_item(doc, "forces", ForceSpot("Lone", "blue", "squire", 2, 20.0, 16.0, 0.0)))
    ring = [y * doc.width + x for y in range(6, 11) for x in range(1, 4) if (x, y) != (2, 8)]
    h.do(paint(doc, ring, "impassable"))
    h.do(add_item(doc, "objectives", Objective("the vault", "loot", 2.5, 8.5, 0.2, 1)))
    wall = ((5.0, 0.2), (5.0, 3.8), (7.0, 3.8), (7.0, 0.2), (5.0, 0.2))
    h.do(add_item(doc, "obstacles", Obstacle("pen", "wall", wall, True, 0.5)))
    penned = ForceSpot("Penned", "red", "man_at_arms", 1, 6.0, 2.0, 180.0, steed="warhorse")
    h.do(add_item(doc, "forces", penned))
    rules = _rules(doc_problems(doc))
    assert "hero_without_spear" in rules and "unreachable" in rules and "rider_boxed_in" in rules
