"""Playing a roster: the content retinue it makes, the content with it added, and a game set up with it.

A roster's retinue goes by an id of its own (`roster:red`, `roster:blue`), which no shipped
retinue can have (their ids have no colon), so it never clashes with one. A roster replaces its
side's retinue in any scenario: on Saxton Field, whose sides each field one host of six Spears,
it replaces the whole host; on a map that places a side's own force, that side deploys the
roster in its zone instead.

A marked model (a campaign's lasting injuries and gains), and a Squire acting as Captain, take the
field on a profile of their own: the content's profile with the numbers changed (and a Squire
commanding in his Captain's place in the Captain's role, so the engine treats him as the retinue's
leader), the same name, type and Skills. Its id is the profile's own and a tag (`archer--fn1-sp1`:
Fight -1, Shoot +1; `squire--cmd`), which no shipped id has, and which the content with the rosters
holds beside the shipped profiles.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence

from pydantic import ValidationError

from game.content import load_content
from game.content.models import Content, Member, Profile, Retinue, Spear
from game.muster.roster import Marks, Roster, RosterMember, breaches, describe
from game.muster.rules import MusterRules, muster_rules
from game.rules.context import Table
from game.rules.dice import Dice
from game.rules.engine import Engine
from game.rules.setup import Placement, new_game
from game.rules.state import SIDES, Side
from game.scenario import cached_scenario
from game.scenario_forces import with_forces

ROSTER_PREFIX = "roster:"


class RosterError(Exception):
    """A roster that cannot take the field; str() is one line naming it and its first breaches."""


def roster_id(side: str) -> str:
    """The retinue id a side's roster goes by in a game."""
    return f"{ROSTER_PREFIX}{side}"


MIN_MOVE = 1.0  # a lasting injury leaves a model at least this Move on foot,
MIN_FIGHT = 1  # at least this many Fight dice,
WORST_SHOOT, BEST_SHOOT = 6, 2  # and a Shoot between these to-hit scores (the content's bounds)
MAX_MOVE, MAX_FIGHT = 24.0, 12  # a gain never takes a number past the content's bounds


def marked(prof: Profile, marks: Marks | None, acting_captain: bool = False) -> Profile:
    """A profile as a marked model (or a Squire acting as Captain) takes the field with it: the
    numbers changed by the marks within the content's bounds (a number already past a bound is
    left as it is), in the Captain's role when acting; the profile itself if nothing changes. Its id
    is the profile's, then each mark that changed a number (n: less, p: more) and cmd for a Squire
    acting as Captain (`archer--fn1-sp1`): only letters, digits, - and _, as every id of the content."""
    marks = marks or Marks()
    move = prof.move + marks.move
    move = min(max(move, min(prof.move, MIN_MOVE)), max(prof.move, MAX_MOVE))
    fight = min(max(prof.fight + marks.fight, min(prof.fight, MIN_FIGHT)), max(prof.fight, MAX_FIGHT))
    shoot = prof.shoot
    if shoot is not None:
        shoot = min(max(shoot - marks.shoot, BEST_SHOOT), WORST_SHOOT)
    role = "captain" if acting_captain and prof.role == "squire" else prof.role
    if (move, fight, shoot, role) == (prof.move, prof.fight, prof.shoot, prof.role):
        return prof
    changed = (("m", marks.move, move != prof.move), ("f", marks.fight, fight != prof.fight),
               ("s", marks.shoot, shoot != prof.shoot))
    tag = [f"{letter}{'n' if value < 0 else 'p'}{abs(value)}" for letter, value, moved in changed if moved]
    tag += ["cmd"] if role != prof.role else []
    return prof.model_copy(update={"id": f"{prof.id}--{'-'.join(tag)}", "move": move, "fight": fight,
                                   "shoot": shoot, "role": role})


def fielded_profiles(roster: Roster, content: Content) -> dict[str, Profile]:
    """The profiles of the roster's marked models and acting Captain that the content lacks, by id
    (see `to_retinue`); RosterError if one would take the id of another profile of the content."""
    out: dict[str, Profile] = {}
    for m in roster.members:
        prof = content.profiles.get(m.profile)
        if prof is None:
            continue
        made = marked(prof, m.marks, m.acting_captain)
        if made is prof:
            continue
        if made.id in content.profiles and content.profiles[made.id] != made:
            raise RosterError(f"roster {roster.name!r}: {m.name}'s marked profile {made.id!r} is another "
                              "profile of the content")
        out[made.id] = made
    return out


def _member(m: RosterMember, content: Content, rules: MusterRules) -> Member:
    prof = content.profiles[m.profile]
    weapons = m.weapons
    if m.lance:
        base = weapons if weapons is not None else prof.weapons
        weapons = base if rules.lance in base else (rules.lance, *base)
    profile = marked(prof, m.marks, m.acting_captain).id
    return Member(profile=profile, name=m.name, steed=m.steed, weapons=weapons, skills=m.skills)


def banner(roster: Roster) -> str:
    """The retinue's colours in words for the banner line (#rrggbb and #rrggbb)."""
    return " and ".join("#" + "".join(f"{c:02x}" for c in colour) for colour in roster.colours)


def to_retinue(roster: Roster, rid: str, content: Content | None = None,
               rules: MusterRules | None = None) -> Retinue:
    """The content retinue a legal roster makes, its Spears in the order of their numbers, each
    Hero first; RosterError naming the breaches of one that is not legal. A marked model (and a
    Squire acting as Captain) goes by his profile of `fielded_profiles`, which the content must
    hold to field the retinue (`content_with_rosters` adds them)."""
    content = content or load_content()
    rules = rules or muster_rules()
    found = breaches(roster, content, rules)
    if found:
        raise RosterError(f"roster {roster.name!r} cannot take the field: {describe(found)}")
    spears: list[Spear] = []
    for number in sorted({m.spear for m in roster.members}):
        members = [m for m in roster.members if m.spear == number]
        hero = next(m for m in members if content.profiles[m.profile].type == "hero")
        spears.append(Spear(hero=_member(hero, content, rules),
                            retainers=tuple(_member(m, content, rules) for m in members if m is not hero)))
    return Retinue(id=rid, name=roster.name, banner=banner(roster), spears=tuple(spears))


_MADE: dict[tuple[int, tuple[tuple[str, Roster], ...]], tuple[Content, Content]] = {}
_MADE_LOCK = threading.Lock()
MADE = 8  # the contents with rosters remembered at once (a run of games builds its one once)


def content_with_rosters(content: Content, rosters: Mapping[str, Roster]) -> Content:
    """The content with each side's roster among its retinues (as `roster_id(side)`), cross-checked
    like the shipped data; the same content and rosters give the same object back, so a run of
    games shares one deployment."""
    if not rosters:
        return content
    key = (id(content), tuple(sorted(rosters.items(), key=lambda kv: kv[0])))
    with _MADE_LOCK:
        made = _MADE.get(key)
        if made is not None and made[0] is content:
            return made[1]
    retinues = dict(content.retinues)
    profiles = dict(content.profiles)
    for side, roster in rosters.items():
        retinues[roster_id(side)] = to_retinue(roster, roster_id(side), content)
        profiles.update(fielded_profiles(roster, content))
    try:
        built = Content.model_validate({**dict(content), "retinues": retinues, "profiles": profiles})
    except ValidationError as exc:
        raise RosterError(str(exc.errors()[0]["msg"]).removeprefix("Value error, ")) from None
    with _MADE_LOCK:
        _MADE[key] = (content, built)
        while len(_MADE) > MADE:
            del _MADE[next(iter(_MADE))]
    return built


def start_with_rosters(scenario: str, seed: int, rosters: Mapping[str, Roster] | None = None,
                       dice: Dice | None = None, deploy: bool = False) -> Engine:
    """A new game of a scenario in which each side given a roster fields it instead of the
    scenario's retinue (or own force), deployed in its zone; the other side plays as the scenario
    says (with `deploy`, the players deploy before the first card). RosterError for a roster that
    cannot take the field, SetupError (naming the zone) for one that does not fit."""
    sc = cached_scenario(scenario)
    rosters = dict(rosters or {})
    base = with_forces(load_content(), sc.forces) if sc.forces else load_content()
    content = content_with_rosters(base, rosters)
    retinues = {side: roster_id(side) if side in rosters else rid for side, rid in sc.retinues.items()}
    placed: dict[Side, Sequence[Placement]] = {
        side: [(spot.x, spot.y, spot.facing) for spot in sc.forces[side].spots]
        for side in SIDES if side in sc.forces and side not in rosters}
    return new_game(Table(content, sc.terrain), sc.name, seed, retinues, sc.turns, dice, sc.options,
                    sc.escort, placed or None, deploy)
