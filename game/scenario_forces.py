"""A scenario's own forces: the models a map places itself (object layer `forces`).

A side with models on the map plays them instead of a retinue from the content. They are read into
the content's own pydantic models (`Member`, `Spear`, `Retinue`) and checked with the content's
rules (known profiles, steeds, weapons and seats; who may ride what and carry a lance), and each
stands where the map puts him. A force needs no Captain (a retinue without one tests its Will to
Fight each turn); the map checker lists that as a problem of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pydantic import ValidationError

from game.content.models import Content, Member, Retinue, Spear
from game.terrain.terrain_map import ForceSpot, MapError


@dataclass(frozen=True, slots=True)
class Force:
    """A side's own force: the retinue it makes, and its models' spots in the order the game builds them."""

    retinue: Retinue
    spots: tuple[ForceSpot, ...]


def force_id(side: str) -> str:
    """The retinue id a side's own force goes by in a game."""
    return f"{side}-force"


def spot_problem(content: Content, spot: ForceSpot) -> str:
    """Why one model of a force cannot be played as written (the text follows his name), or ""."""
    prof = content.profiles.get(spot.profile)
    if prof is None:
        return f"has unknown profile {spot.profile!r} (known: {', '.join(sorted(content.profiles))})"
    if spot.steed and spot.steed not in content.steeds:
        return f"rides unknown steed {spot.steed!r} (known: {', '.join(sorted(content.steeds))})"
    for w in spot.weapons:
        if w not in content.weapons:
            return f"has unknown weapon {w!r} (known: {', '.join(sorted(content.weapons))})"
    if spot.seat:
        seats = sorted({s.name for v in content.vehicles.values() for s in v.seats})
        if spot.seat not in seats:
            return f"has seat {spot.seat!r}, which is no seat on any vehicle"
        if spot.steed:
            return "has a seat on a vehicle and may not also ride a steed"
    try:
        member = member_of(spot)
    except ValidationError as exc:
        return f"cannot be read: {exc.errors()[0]['msg']}"
    return content.roster_problem(member)


def member_of(spot: ForceSpot) -> Member:
    """The content's model of one member of a force."""
    return Member(profile=spot.profile, name=spot.name, steed=spot.steed or None,
                  weapons=spot.weapons or None, seat=spot.seat or None)


def spear_problems(content: Content, spots: Iterable[ForceSpot]) -> list[tuple[ForceSpot, str]]:
    """The models whose Spear (of his side) has no Hero, or more than one (with the text after his name)."""
    by_spear: dict[tuple[str, int], list[ForceSpot]] = {}
    for spot in spots:
        by_spear.setdefault((spot.side, spot.spear), []).append(spot)
    out: list[tuple[ForceSpot, str]] = []
    for (_, number), members in sorted(by_spear.items()):
        heroes = [s for s in members if s.profile in content.profiles
                  and content.profiles[s.profile].type == "hero"]
        if not heroes:
            out += [(s, f"is in Spear {number}, which has no Hero to lead it") for s in members]
        for extra in heroes[1:]:
            out.append((extra, f"is a second Hero in Spear {number}; give him a Spear of his own"))
    return out


def build_force(path: str, side: str, spots: Sequence[ForceSpot], content: Content, name: str = "") -> Force:
    """A side's own force from its spots; the first problem raises a MapError naming the model."""
    for spot in spots:
        problem = spot_problem(content, spot)
        if problem:
            raise MapError(path, f"object {spot.name!r} in layer 'forces': {side}'s {spot.name} {problem}")
    for spot, problem in spear_problems(content, spots):
        raise MapError(path, f"object {spot.name!r} in layer 'forces': {side}'s {spot.name} {problem}")
    by_spear: dict[int, list[ForceSpot]] = {}
    for spot in spots:
        by_spear.setdefault(spot.spear, []).append(spot)
    spears: list[Spear] = []
    order: list[ForceSpot] = []
    for _, members in sorted(by_spear.items()):
        hero = next(s for s in members if content.profiles[s.profile].type == "hero")
        rest = [s for s in members if s is not hero]
        spears.append(Spear(hero=member_of(hero), retainers=tuple(member_of(s) for s in rest)))
        order += [hero, *rest]
    try:
        retinue = Retinue(id=force_id(side), name=name or f"{side.title()}'s own force",
                      banner="the scenario's own force", spears=tuple(spears))
    except ValidationError as exc:
        msg = exc.errors()[0]["msg"]
        raise MapError(path, f"layer 'forces': {side}'s force cannot be read: {msg}") from None
    return Force(retinue, tuple(order))


def with_forces(content: Content, forces: dict[str, Force]) -> Content:
    """The content with the sides' own forces among its retinues (for one game's table)."""
    if not forces:
        return content
    retinues = {**content.retinues, **{f.retinue.id: f.retinue for f in forces.values()}}
    return content.model_copy(update={"retinues": retinues})
