"""Playing a roster: the content retinue it makes, the content with it added, and a game set up with it.

A roster's retinue goes by an id of its own (`roster:red`, `roster:blue`), which no shipped
retinue can have (their ids have no colon), so it never clashes with one. A roster replaces its
side's retinue in any scenario: on Saxton Field, whose sides each field one host of six Spears,
it replaces the whole host; on a map that places a side's own force, that side deploys the
roster in its zone instead.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence

from pydantic import ValidationError

from game.content import load_content
from game.content.models import Content, Member, Retinue, Spear
from game.muster.roster import Roster, RosterMember, breaches, describe
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


def _member(m: RosterMember, content: Content, rules: MusterRules) -> Member:
    weapons = m.weapons
    if m.lance:
        base = weapons if weapons is not None else content.profiles[m.profile].weapons
        weapons = base if rules.lance in base else (rules.lance, *base)
    return Member(profile=m.profile, name=m.name, steed=m.steed, weapons=weapons, skills=m.skills)


def banner(roster: Roster) -> str:
    """The retinue's colours in words for the banner line (#rrggbb and #rrggbb)."""
    return " and ".join("#" + "".join(f"{c:02x}" for c in colour) for colour in roster.colours)


def to_retinue(roster: Roster, rid: str, content: Content | None = None,
               rules: MusterRules | None = None) -> Retinue:
    """The content retinue a legal roster makes, its Spears in the order of their numbers, each
    Hero first; RosterError naming the breaches of one that is not legal."""
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
    for side, roster in rosters.items():
        retinues[roster_id(side)] = to_retinue(roster, roster_id(side), content)
    try:
        built = Content.model_validate({**dict(content), "retinues": retinues})
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
