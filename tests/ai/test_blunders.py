"""The blunder suite: saved positions (tests/ai/blunders/*.json) in which a wargamer spots the
mistake at once; the heuristic, the search levels and the hint must not make it.

Each position names the mistake (`forbid`): a charge at a model, a move ending within an enemy's
reach, ending the activation with a fight on offer, a Perk played for nothing, a shot at a cart...
The kinds are those of the AI issue's list (1-8): the Will to Fight stake of a Hero's safety, a
rider's Mounted Evasion, the awkward landings of a Mounted Charge!, Hard Going in a Counter
Charge, a rider who charged home striking, a Perk only when it does something, a Hero keeping his
Retainers in Command Range, and the roadblock left alone.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from game.ai import make_player
from game.ai.search import fork
from game.rules.commands import Command, EndActivation, EndSpear, Fight, Move, PlayPerk, React, Shoot
from game.rules.engine import Engine
from game.rules.geometry import local_frame
from game.rules.paths import MovePlan
from game.rules.spears import in_command
from game.ui.hints import default_player, hint_seed, hints, player_view
from game.ui.preview import preview_move
from tests.ai.blunders.position import Position, positions

SEED = 4242  # the players' own seed
PLAYERS = ("heuristic", "search:normal", "search:hard", "hint")
POSITIONS = positions()


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


def blunder(engine: Engine, cmd: Command, forbid: dict[str, Any]) -> str:
    """What is wrong with the command in this position ("" if nothing the position forbids)."""
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
    if "perk" in forbid and isinstance(cmd, PlayPerk) and cmd.card == forbid["perk"]:
        return f"plays {cmd.card}"
    if "shoot_at" in forbid and isinstance(cmd, Shoot) and cmd.target == forbid["shoot_at"]:
        return f"shoots at {cmd.target}"
    if "not_fight" in forbid and not isinstance(cmd, Fight):
        return "does not strike"
    if isinstance(cmd, Move) and "end_within" in forbid:
        rule = forbid["end_within"]
        foe = engine.state.model(rule["of"])
        end = cmd.path[-1]
        if math.dist(end, (foe.x, foe.y)) <= rule["inches"]:
            return f"ends {math.dist(end, (foe.x, foe.y)):.1f}\" from {foe.name}"
    if isinstance(cmd, Move) and "end_beyond" in forbid:
        rule = forbid["end_beyond"]
        friend = engine.state.model(rule["of"])
        end = cmd.path[-1]
        if math.dist(end, (friend.x, friend.y)) > rule["inches"]:
            return f"ends {math.dist(end, (friend.x, friend.y)):.1f}\" from {friend.name}"
    if "on_road" in forbid:
        after = fork(engine)
        after.submit(cmd)
        if on_the_road(after, forbid["on_road"]["model"], forbid["on_road"]["vehicle"]):
            return "stands on the wagon's road"
    if "out_of_command" in forbid:
        after = fork(engine)
        after.submit(cmd)
        out = [r for r in forbid["out_of_command"]
               if not in_command(after.table, after.state, after.state.model(r))]
        if out:
            return f"leaves {', '.join(out)} out of Command Range"
    return ""


def test_the_suite_holds_a_position_of_every_kind() -> None:
    assert sorted({p.kind for p in POSITIONS}) == list(range(1, 9))


@pytest.mark.parametrize("who", PLAYERS)
@pytest.mark.parametrize("pos", POSITIONS, ids=[p.name for p in POSITIONS])
def test_no_blunder(pos: Position, who: str) -> None:
    engine = pos.engine()
    cmd = choice(engine, who)
    wrong = blunder(engine, cmd, pos.data["forbid"])
    assert not wrong, f"{who} {wrong}: {pos.mistake} ({cmd})"


def test_the_move_preview_of_a_charge_over_obstacles_states_the_landings() -> None:
    """The client's preview of the Mounted Charge! over the ditch and stakes gives each jump's odds,
    awkward landings among them, and says an awkward landing would leave the rider short."""
    pos = next(p for p in POSITIONS if p.kind == 3)
    engine = pos.engine()
    charge = next(c for c in engine.legal_commands("red")
                  if isinstance(c, Move) and c.gambit == "mounted_charge")
    lines = preview_move(engine, charge.model, list(charge.path), charge.gambit).lines
    jumps = [line for line in lines if line.startswith("Crosses:")]
    assert len(jumps) == 2 and all("awkward" in line for line in jumps)
    assert any("awkward landing halves the rest of the move" in line for line in lines)


def _variant(name: str, changes: dict[str, Any], **models: dict[str, float]) -> Engine:
    """The named position with some of its data changed and some models standing elsewhere."""
    pos = next(p for p in POSITIONS if p.name == name)
    data = {**json.loads(json.dumps(pos.data)), **changes}
    for mid, where in models.items():
        next(m for m in data["models"] if m["id"] == mid).update(where)
    return Position(pos.name, pos.kind, pos.mistake, data).engine()


def test_swift_feet_is_played_when_its_inch_brings_the_charge() -> None:
    """The enemy half an inch beyond the Captain's Charge! reach: the Perk's inch makes the charge."""
    engine = _variant("k6_swift_feet_for_nothing", {}, b1={"y": 13.5})
    cmd = choice(engine, "heuristic")
    assert isinstance(cmd, PlayPerk) and cmd.card == "swift_feet"


def test_a_counter_charge_that_meets_on_firm_ground_is_still_made() -> None:
    """Charged from far off across open ground, the two meet halfway out of the ford: the bonus
    holds there, and the rider in the ford rides out to meet the charge."""
    ride = [{"type": "activate", "side": "red", "model": "r1"},
            {"type": "move", "side": "red", "model": "r1", "path": [[11.0, 12.989999999]]}]
    engine = _variant("k4_counter_charge_in_the_ford",
                      {"terrain": {"patches": {"ford": [[6, 13, 16, 17]]}}, "commands": ride},
                      r1={"y": 5.0, "facing": 90.0})
    assert choice(engine, "heuristic") == React(side="blue", choice="counter_charge")


def test_a_captain_with_no_test_at_stake_takes_the_objective() -> None:
    """The same Captain at full Health with his retinue whole: his loss is a loss, not the day, and
    he steps onto the objective."""
    engine = _variant("k1_captain_risks_the_will_to_fight", {}, r1={"health": 3})
    cmd = choice(engine, "heuristic")
    assert isinstance(cmd, Move) and math.dist(cmd.path[-1], (12.0, 13.0)) <= 3.0
