"""The blunder suite's judge: who answers in a position, and what is wrong with a command there.

A position's `forbid` names the mistake a wargamer spots at once: a charge at a model, a charge
with a gambit, a reaction, ending the activation with a blow to strike, a Perk, a shot at a
model or cart, not striking, a move ending within an enemy's reach or beyond a friend's, standing
on a wagon's road, Retainers left out of Command Range.
"""

from __future__ import annotations

import math
from typing import Any

from game.ai import make_player
from game.ai.search import fork
from game.rules.commands import Command, EndActivation, EndSpear, Fight, Move, PlayPerk, React, Shoot
from game.rules.engine import Accepted, Engine
from game.rules.events import DiceRolled, Ev, Moved, PerkUsed, ShotFired
from game.rules.explain import reach
from game.rules.geometry import local_frame
from game.rules.paths import MovePlan
from game.rules.spears import in_command
from game.ui.hints import default_player, hint_seed, hints, player_view

SEED = 4242  # the players' own seed
PLAYERS = ("easy", "heuristic", "search:normal", "search:hard", "hint")  # every level, and the hint


def choice(engine: Engine, who: str) -> Command:
    """The command `who` gives (or, for the hint, puts first) in the position."""
    side = engine.state.acting_side
    assert side
    if who == "hint":
        return hints(player_view(engine, side), side, 1, default_player(hint_seed(engine, side)))[0][0]
    return make_player(who, SEED).choose(engine, side)


def on_the_road(engine: Engine, model_id: str, vehicle_id: str) -> bool:
    """The model stands where the vehicle may drive next: ahead of it, within its speed and a
    Drive's change of it, across its width and a base."""
    table, state = engine.table, engine.state
    m, v = state.model(model_id), state.vehicle(vehicle_id)
    prof = table.content.vehicles[v.profile]
    ahead = prof.length / 2 + min(prof.max_speed, v.speed + table.content.vehicle_rules.max_speed_change)
    along, across = local_frame(v.x, v.y, v.heading, m.x, m.y)
    return 0.0 < along <= ahead and abs(across) < prof.width / 2 + table.numbers.base_diameter


def _move_blunder(engine: Engine, cmd: Move, forbid: dict[str, Any]) -> str:
    """What is wrong with where a move ends ("" if nothing forbidden)."""
    end = cmd.path[-1]
    if "end_within" in forbid:
        rule = forbid["end_within"]
        foe = engine.state.model(rule["of"])
        if math.dist(end, (foe.x, foe.y)) <= rule["inches"]:
            return f"ends {math.dist(end, (foe.x, foe.y)):.1f}\" from {foe.name}"
    if "end_beyond" in forbid:
        rule = forbid["end_beyond"]
        friend = engine.state.model(rule["of"])
        if math.dist(end, (friend.x, friend.y)) > rule["inches"]:
            return f"ends {math.dist(end, (friend.x, friend.y)):.1f}\" from {friend.name}"
    return ""


def _after_blunder(engine: Engine, cmd: Command, forbid: dict[str, Any]) -> str:
    """What is wrong with the table once the command is played ("" if nothing forbidden)."""
    after = fork(engine)
    after.submit(cmd)
    if "on_road" in forbid and on_the_road(after, forbid["on_road"]["model"], forbid["on_road"]["vehicle"]):
        return "stands on the wagon's road"
    if "out_of_command" in forbid:
        out = [r for r in forbid["out_of_command"]
               if not in_command(after.table, after.state, after.state.model(r))]
        if out:
            return f"leaves {', '.join(out)} out of Command Range"
    return ""


PERK_USED = {  # what shows a Perk did something in the rest of its model's activation
    "swift_feet": "moves beyond his own allowance",
    "fortune": "rolls a die of his own",
    "steady_aim": "shoots",
}


def _perk_used(engine: Engine, cmd: PlayPerk, who: str) -> bool:
    """Play the Perk and let `who` go on to the end of the activation: did it do something?"""
    after = fork(engine)
    m = after.state.model(cmd.model or after.state.active_model)
    allowance = reach(after.table, after.state, m).move
    events: list[Ev] = []
    got = after.submit(cmd)
    for _ in range(12):
        events += got.events if isinstance(got, Accepted) else []
        side = after.state.acting_side
        if after.state.over or not side or after.state.active_model != m.id or after.state.pending:
            break
        got = after.submit(choice(after, who))
    if cmd.card == "swift_feet":
        return sum(e.cost for e in events if isinstance(e, Moved) and e.model == m.id) > allowance
    if cmd.card == "steady_aim":
        return any(isinstance(e, ShotFired) and e.model == m.id for e in events)
    return any(isinstance(e, PerkUsed | DiceRolled) and e.model == m.id for e in events)


def blunder(engine: Engine, cmd: Command, forbid: dict[str, Any], who: str = "") -> str:
    """What is wrong with the command in this position ("" if nothing the position forbids). A
    Perk is wrong if `who`, playing on to the end of the activation, gets nothing from it (with
    no `who`, playing it is the mistake)."""
    plan = engine.check(cmd)
    target = plan.charge_target if isinstance(cmd, Move) and isinstance(plan, MovePlan) else ""
    if "charge_at" in forbid and target == forbid["charge_at"]:
        return f"charges {target}"
    if "charge_with" in forbid and target and cmd.gambit == forbid["charge_with"]:  # type: ignore[union-attr]
        return f"charges {target} with the {cmd.gambit} gambit"  # type: ignore[union-attr]
    if "react" in forbid and isinstance(cmd, React) and cmd.choice == forbid["react"]:
        return f"answers with {cmd.choice}"
    if forbid.get("end") and isinstance(cmd, EndActivation | EndSpear):
        return "ends the activation"
    if "perk" in forbid and isinstance(cmd, PlayPerk) and cmd.card == forbid["perk"] \
            and (not who or not _perk_used(engine, cmd, who)):
        return f"plays {cmd.card} for nothing"
    if "shoot_at" in forbid and isinstance(cmd, Shoot) and cmd.target == forbid["shoot_at"]:
        return f"shoots at {cmd.target}"
    if "not_fight" in forbid and not isinstance(cmd, Fight):
        return "does not strike"
    wrong = _move_blunder(engine, cmd, forbid) if isinstance(cmd, Move) else ""
    if not wrong and ("on_road" in forbid or "out_of_command" in forbid):
        wrong = _after_blunder(engine, cmd, forbid)
    return wrong
