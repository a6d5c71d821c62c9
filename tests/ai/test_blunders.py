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

import math
from typing import Any

import pytest

from game.ai import make_player
from game.ai.search import fork
from game.rules.commands import Command, EndActivation, EndSpear, Fight, Move, PlayPerk, React, Shoot
from game.rules.engine import Engine
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
