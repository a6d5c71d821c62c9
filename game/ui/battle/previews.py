"""What the player sees before acting: uses game.ui.preview when present, else a plan-based text.

Everything here reads the engine (plan, odds) and never changes it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType

from game.rules import odds
from game.rules.commands import Fight, Move, Shoot
from game.rules.context import Rejected
from game.rules.engine import Engine
from game.rules.events import Ev
from game.rules.shooting import ShotPlan, blockers

Point = tuple[float, float]


def _module() -> ModuleType | None:
    try:
        return importlib.import_module("game.ui.preview")
    except ImportError:
        return None


@dataclass(frozen=True, slots=True)
class Preview:
    """A verdict and the lines that explain it; `path` for a move, `jumps` for a rider."""

    legal: bool
    lines: list[str]
    path: list[Point] = field(default_factory=list)
    cost: float = 0.0


def move_preview(engine: Engine, model_id: str, dest: list[Point], gambit: str | None) -> Preview:
    """Path, cost, terrain, jumps and odds of a move to `dest` (waypoints included)."""
    mod = _module()
    m = engine.state.model(model_id)
    if mod is not None:
        p = mod.preview_move(engine, model_id, dest, gambit)
        path = [(float(x), float(y)) for x, y in (p.path or [(m.x, m.y), *dest])]
        return Preview(bool(p.legal), _lines(p), path, float(p.cost or 0.0))
    cmd = Move(side=m.side, model=model_id, path=tuple(dest), gambit=gambit)  # type: ignore[arg-type]
    plan = engine.plan(cmd)
    path = [(m.x, m.y), *dest]
    if isinstance(plan, Rejected):
        return Preview(False, [plan.reason], path)
    route = plan.route
    lines = [f"Move {route.cost:.1f}\" of {plan.allowance:.1f}\""]
    crossed = [f"{o.kind} ({o.name})" for o in route.crossed]
    if crossed:
        lines.append("Crosses " + ", ".join(crossed))
    if "hard" in route.features:
        lines.append("Hard Going on the way")
    if m.steed is not None and route.crossed:
        eq = engine.table.has_skill(m, "equestrian")
        lines.append("Jump test: " + odds.describe_odds(odds.jump_odds(eq)))
    if gambit is not None:
        lines.append("Gambit: " + odds.describe_odds(odds.gambit_odds(m.reroll_ready)))
    return Preview(True, lines, path, route.cost)


def shot_preview(engine: Engine, shooter: str, target: str) -> Preview:
    """Range, score needed, Blocked Shots and the chance to wound."""
    mod = _module()
    if mod is not None:
        p = mod.preview_shot(engine, shooter, target)
        return Preview(bool(p.legal), _lines(p))
    m = engine.state.model(shooter)
    plan = engine.plan(Shoot(side=m.side, model=shooter, target=target))  # type: ignore[arg-type]
    if not isinstance(plan, ShotPlan):
        return Preview(False, [getattr(plan, "reason", "Cannot shoot.")])
    n = len(blockers(engine.table, engine.state, plan))
    rng = "long" if plan.long_range else "short"
    lines = [f"Shoot {plan.target.name}: {plan.distance:.1f}\" ({rng} range)",
             f"To hit: {plan.need}+ ({odds.describe_test(odds.d6_test(plan.need))})",
             f"Blocked Shots: {n}"]
    return Preview(True, lines)


def fight_preview(engine: Engine, attacker: str, target: str, option: str | None) -> Preview:
    """The melee outcome odds, or why the fight is not allowed."""
    mod = _module()
    if mod is not None:
        p = mod.preview_fight(engine, attacker, target, option)
        return Preview(bool(p.legal), _lines(p))
    m = engine.state.model(attacker)
    plan = engine.plan(Fight(side=m.side, model=attacker, target=target, option=option))  # type: ignore[arg-type]
    if isinstance(plan, Rejected):
        return Preview(False, [plan.reason])
    a, d = plan.attacker, plan.defender
    mo = odds.melee_odds(a.dice, d.dice, att_option=a.option, def_option=d.option,
                         att_deadly=a.deadly, def_deadly=d.deadly)
    labels = {"attacker": "you win", "defender": "you lose", "both_hit": "both hit",
              "stand_off": "stand-off"}
    return Preview(True, [f"Fight: {a.dice} dice against {d.dice}",
                          odds.describe_odds(mo.outcome, labels)])


def _lines(p: object) -> list[str]:
    lines = [str(ln) for ln in (getattr(p, "lines", None) or []) if str(ln).strip()]
    return lines or [str(getattr(p, "reason", "") or "-")]


def describe_event(ev: Ev, names: dict[str, str] | None = None) -> str:
    """One line of the event log (model ids shown as names when `names` is given)."""
    mod = _module()
    if mod is not None:
        return str(mod.describe_event(ev, names))
    d = ev.model_dump()
    kind = d.pop("type")
    if kind == "dice_rolled":
        return f"d{d['sides']} = {d['value']}  {d['purpose']}"
    parts = ", ".join(f"{k} {v}" for k, v in d.items() if v not in ("", None, [], {}) and k != "path")
    return f"{kind.replace('_', ' ').capitalize()}: {parts}"


RULE_OF_EVENT = {
    "jump_test": "rule-jump_test", "gambit_rolled": "movement-gambits", "shot_fired": "rule-to_hit",
    "blocked_shot": "rule-blocked_shot", "melee_round": "rule-melee", "feckless_test": "rule-feckless",
    "card_drawn": "rule-hero_deck", "will_to_fight": "rule-will_to_fight", "moved": "rule-terrain",
    "save_rolled": "rule-saves", "casualty": "rule-valour", "activated": "rule-command_range",
}


def rule_for_event(ev: Ev) -> str:
    """The docs/rules.md anchor that explains an event ("" if none)."""
    mod = _module()
    if mod is not None:
        rule = str(mod.rule_for_event(ev) or "")
        return rule if not rule or rule.startswith("rule-") else f"rule-{rule}"
    return RULE_OF_EVENT.get(getattr(ev, "type", ""), "")
