"""The Skills a model has without being given them, as the muster shows them."""

from __future__ import annotations

from game.content import load_content
from game.muster.roster import brought_skills
from game.muster.templates import dismount_all, mount_all, template


def test_a_mounted_captain_has_his_profiles_skills_and_equestrian() -> None:
    content = load_content()
    roster = mount_all(template("york-foot"), content)
    captain = next(m for m in roster.members if content.profiles[m.profile].role == "captain")
    assert set(brought_skills(captain, content)) == {*content.profiles[captain.profile].skills, "equestrian"}


def test_on_foot_no_equestrian_and_a_retainer_brings_only_his_profiles() -> None:
    content = load_content()
    roster = dismount_all(template("york-mounted"))
    for member in roster.members:
        brought = brought_skills(member, content)
        assert "equestrian" not in brought
        assert set(brought) == set(content.profiles[member.profile].skills)
