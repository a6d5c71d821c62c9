"""For any models away (at least one Hero left) and any marks, the fielded roster is legal, fields a
retinue led by one Captain whose every Spear has one Hero, keeps the models present in the roster's
order with their marks, and is the same every time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.content import load_content
from game.muster import (
    Roster,
    breaches,
    content_with_rosters,
    mount_all,
    muster_rules,
    start_with_rosters,
    template,
    to_retinue,
)
from game.muster.fielding import field_roster, present
from game.muster.play import marked
from game.muster.roster import Marks
from game.rules.turn import must_test_will

ROSTERS = (template("york-foot"), template("lancaster-foot"), template("york-mounted"),
           template("lancaster-mounted"), template("lancaster-archers"), mount_all(template("york-foot")))
MARKS = st.builds(Marks, move=st.integers(-6, 6), fight=st.integers(-6, 6), shoot=st.integers(-6, 6))


@st.composite
def fields(draw: st.DrawFn) -> tuple[Roster, set[int], dict[int, Marks]]:
    """A roster, the models away (never every Hero) and marks for some of its models."""
    roster = draw(st.sampled_from(ROSTERS))
    content = load_content()
    size = len(roster.members)
    away = draw(st.sets(st.integers(0, size - 1), max_size=size))
    heroes = [i for i, m in enumerate(roster.members) if content.profiles[m.profile].type == "hero"]
    away.discard(draw(st.sampled_from(heroes)))
    marks = draw(st.dictionaries(st.integers(0, size - 1), MARKS, max_size=size))
    return roster, away, marks


@settings(max_examples=150, deadline=None)
@given(fields())
def test_any_field_with_a_hero_is_legal_and_takes_the_field(
        made: tuple[Roster, set[int], dict[int, Marks]]) -> None:
    roster, away, marks = made
    content, rules = load_content(), muster_rules()
    fielded = field_roster(roster, away, marks)
    assert fielded == field_roster(roster, sorted(away), dict(marks))
    assert breaches(fielded, content, rules) == []
    assert fielded.short == bool(away)
    here = present(roster, away)
    assert [m.name for m in fielded.members] == [roster.members[i].name for i in here]
    for k, i in enumerate(here):
        wanted = marks.get(i)
        assert fielded.members[k].marks == (None if wanted is None or wanted.blank else wanted)
    retinue = to_retinue(fielded, "roster:red", content)
    made_content = content_with_rosters(content, {"red": fielded})
    profiles = made_content.profiles
    assert sum(len(s.retainers) + 1 for s in retinue.spears) == len(here)
    assert [profiles[s.hero.profile].role for s in retinue.spears].count("captain") == 1
    assert all(profiles[s.hero.profile].type == "hero" for s in retinue.spears)
    assert all(profiles[r.profile].type == "retainer" for s in retinue.spears for r in s.retainers)
    for member in fielded.members:
        prof = profiles[marked(content.profiles[member.profile], member.marks, member.acting_captain).id]
        assert prof.move >= 1 and prof.fight >= 1 and (prof.shoot is None or 2 <= prof.shoot <= 6)


@settings(max_examples=12, deadline=None)
@given(fields(), st.integers(0, 1000))
def test_any_fielded_roster_sets_up_a_game_led_by_a_captain(
        made: tuple[Roster, set[int], dict[int, Marks]], seed: int) -> None:
    roster, away, marks = made
    fielded = field_roster(roster, away, marks)
    engine = start_with_rosters("the-ford", seed, {"red": fielded})
    names = [m.name for m in fielded.members]
    red = [m for m in engine.state.models if m.side == "red" and m.name in names]  # not a late-comer
    assert len(red) == len(roster.members) - len(away) == engine.state.sides["red"].start_models
    assert [engine.table.profile(m).role for m in red].count("captain") == 1
    assert not must_test_will(engine.table, engine.state, "red")  # Will to Fight counts from those fielded
