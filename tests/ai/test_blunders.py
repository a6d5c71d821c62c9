"""The blunder suite: saved positions (tests/ai/blunders/*.json) in which a wargamer spots the
mistake at once; every level of the computer opponent and the hint must not make it.

Most positions are cut from seeded games on the shipped tables (tests/ai/blunders/cut.py): a
player made the mistake there and the game shows what it cost. Each names what is forbidden
(`forbid`, judged by tests/ai/blunders/judge.py): a charge at a model, a reaction, ending the
activation with a blow to strike, a Perk played for nothing, a shot at a cart, a move ending within
an enemy's reach, Retainers left out of Command Range, a Hero on a wagon's road. The kinds are
those of the AI issue's list (1-8): the Will to Fight stake of a Hero's safety, a rider's Mounted
Evasion, the awkward landings of a Mounted Charge!, Hard Going in a Counter Charge, a rider who
charged home striking, a Perk only when it does something, a Hero keeping his Retainers in Command
Range, and the roadblock left alone. Hand-built positions pin the other side of the fixes.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from game.rules.commands import Move, PlayPerk, React
from game.rules.engine import Engine
from game.ui.preview import preview_move
from tests.ai.blunders.judge import PLAYERS, blunder, choice
from tests.ai.blunders.position import Position, positions

POSITIONS = positions()
CUT = [p for p in POSITIONS if "game" in p.data]


def test_the_suite_holds_a_position_of_every_kind_cut_from_a_seeded_game() -> None:
    assert sorted({p.kind for p in CUT}) == list(range(1, 9))


@pytest.mark.parametrize("who", PLAYERS)
@pytest.mark.parametrize("pos", POSITIONS, ids=[p.name for p in POSITIONS])
def test_no_blunder(pos: Position, who: str) -> None:
    engine = pos.engine()
    cmd = choice(engine, who)
    wrong = blunder(engine, cmd, pos.data["forbid"], who)
    assert not wrong, f"{who} {wrong}: {pos.mistake} ({cmd})"


def test_a_cut_position_is_the_game_it_was_cut_from() -> None:
    """A cut position replays its game to the saved state hash; a command changed on the way
    lands elsewhere and says so."""
    pos = CUT[0]
    assert pos.engine().state.digest() == pos.data["state_hash"]
    data = {**pos.data, "state_hash": "0" * 64}
    with pytest.raises(AssertionError, match="no longer reaches the position"):
        Position(pos.name, pos.kind, pos.mistake, data).engine()


def test_the_move_preview_of_a_charge_over_obstacles_states_the_landings() -> None:
    """The client's preview of the Mounted Charge! over the ditch and stakes gives each jump's odds,
    awkward landings among them, and says an awkward landing would leave the rider short."""
    pos = next(p for p in POSITIONS if p.name == "k3_charge_over_the_ditch_and_stakes")
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
