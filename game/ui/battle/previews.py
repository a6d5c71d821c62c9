"""What the player sees before acting, as the battle screen draws it: a verdict and its lines.

A thin layer over game.ui.preview and game.ui.eventtext (pure, headless): the engine explains a
command (Engine.explain) and these put its answer in words; nothing here changes the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.commands import Command, Fight, Gambit, HitLocation, MeleeOption
from game.rules.engine import Engine
from game.rules.events import Ev
from game.rules.state import Model, Vehicle
from game.ui import eventtext, preview

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Preview:
    """A verdict and the lines that explain it; `path` and `cost` for a move; `command`: the
    command a click here submits (None when the click only looks)."""

    legal: bool
    lines: list[str]
    path: list[Point] = field(default_factory=list)
    cost: float = 0.0
    command: Command | None = None


def _lines(lines: list[str], reason: str) -> list[str]:
    kept = [ln for ln in lines if ln.strip()]
    return kept or [reason or "-"]


def move_preview(engine: Engine, model_id: str, dest: list[Point], gambit: Gambit | None) -> Preview:
    """Path, cost, terrain, jumps and odds of a move to `dest` (waypoints included)."""
    m = engine.state.model(model_id)
    p = preview.preview_move(engine, model_id, dest, gambit)
    path = [(float(x), float(y)) for x, y in (p.path or [(m.x, m.y), *dest])]
    return Preview(p.legal, _lines(p.lines, p.reason), path, float(p.cost or 0.0))


def shot_preview(engine: Engine, shooter: str, target: str) -> Preview:
    """Range, score needed, Blocked Shots and the chance to wound."""
    p = preview.preview_shot(engine, shooter, target)
    return Preview(p.legal, _lines(p.lines, p.reason))


def fight_preview(engine: Engine, attacker: str, target: str, option: MeleeOption | None) -> Preview:
    """The melee outcome odds, or why the fight is not allowed."""
    p = preview.preview_fight(engine, attacker, target, option)
    return Preview(p.legal, _lines(p.lines, p.reason))


def strike_preview(engine: Engine, m: Model, v: Vehicle, locations: list[HitLocation]) -> Preview:
    """What striking a cart or wagon in reach would do (the buttons below choose the location)."""
    ex = engine.explain(Fight(side=m.side, model=m.id, target=v.id, location=locations[0]))
    s = ex.strike
    if s is None:
        return Preview(False, [ex.reason or f"{v.name} is out of reach"])
    odds = "every blow lands: it stands still" if not s.need else f"each hits on {s.need}+"
    return Preview(True, [
        f"Strike the {s.vehicle}: {s.dice} Fight dice, {odds}",
        f"Hull or Traction: {s.damage} a hit less its armour; Crew: a hit on a man aboard",
        "Traction hits lame the team: an inch off its top speed each",
        "Choose the location with the Strike buttons below",
    ])


def describe_event(ev: Ev, names: dict[str, str] | None = None) -> str:
    """One line of the event log (model ids shown as names when `names` is given)."""
    return eventtext.describe_event(ev, names)


def rule_for_event(ev: Ev) -> str:
    """The rules page's anchor (rules.md) that explains an event ("" if none)."""
    rule = eventtext.rule_for_event(ev)
    return f"rule-{rule}" if rule and not rule.startswith("rule-") else rule
