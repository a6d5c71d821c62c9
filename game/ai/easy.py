"""Easy: a player who plays like a careless person, from the heuristic's own ranking.

It scores the commands on offer as the heuristic does (`weighing.ranked`) and, on its own seeded
dice, now and then takes its second or third thought, forgets a Perk card in its hand, or sends
a model straight at the nearest enemy (a charge if one is on offer), in the shares of the
`[easy]` table of `ai.toml`. What it never does, whatever its dice say: a command the engine
refuses, a command scored more than `worst_gap` below its best, a shot at its own side, walking
out of a fight it could strike in, or ending a Spear's activation before any of its models has
acted while one of them could.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.ai.heuristic import Memory
from game.ai.heuristic_terms import escape_chance
from game.ai.random_player import NoLegalCommand
from game.ai.tuning import AI_FILE
from game.ai.weighing import Weighed, Weighs, ranked, top
from game.content.loader import DATA_DIR
from game.muster.rules import data_model
from game.rules.commands import Activate, Command, EndSpear, Fight, Move, PlayPerk, React, Shoot
from game.rules.dice import Dice
from game.rules.paths import MovePlan
from game.rules.spears import spear_members
from game.rules.state import other_side

if TYPE_CHECKING:
    from game.rules.engine import Engine
    from game.rules.state import GameState, Side

SHARE = 1000  # a share is rolled as one of this many equal chances
Scored = list[tuple[Command, float]]


class EasyTuning(BaseModel):
    """How careless Easy is: the shares of its decisions that go wrong, and how far wrong they may."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    second_best: float = Field(ge=0, le=1, description="Share of decisions it takes its second-best command.")
    third_best: float = Field(ge=0, le=1, description="Share of decisions it takes its third-best command.")
    forget_perks: float = Field(ge=0, le=1, description="Share of decisions a Perk in hand is forgotten.")
    rush_nearest: float = Field(ge=0, le=1, description="Share of moves made at the nearest foe.")
    worst_gap: float = Field(gt=0, le=20, description="Never a command this far below the best (VP).")

    @model_validator(mode="after")
    def _shares(self) -> EasyTuning:
        if self.second_best + self.third_best > 1:
            raise ValueError("second_best and third_best together must not pass 1")
        return self


def easy_tuning_from(data_dir: Path) -> EasyTuning:
    """The `[easy]` table of a content folder's ai.toml (one ContentError naming the field)."""
    return data_model(data_dir / AI_FILE, "easy", EasyTuning)


@cache
def easy_tuning() -> EasyTuning:
    """The shipped Easy tuning."""
    return easy_tuning_from(DATA_DIR)


def not_the_enemys(state: GameState, side: Side, cmd: Command) -> bool:
    """A shot at a model or vehicle that is not the enemy's: his own side's, or a neutral cart."""
    if not isinstance(cmd, Shoot):
        return False
    model = state.find(cmd.target)
    if model is not None:
        return model.side != other_side(side)
    vehicle = state.find_vehicle(cmd.target)
    return vehicle is not None and vehicle.side != other_side(side)


def worse_than_standing(scored: Scored) -> list[Command]:
    """The answers to a charge scored below simply standing to it (a gambit's risk for nothing)."""
    stand = next((s for c, s in scored if isinstance(c, React) and c.choice == "stand"), None)
    if stand is None:
        return []
    return [c for c, s in scored if isinstance(c, React) and s < stand]


def spear_idle(state: GameState) -> bool:
    """No model of the Spear now acting has activated yet."""
    return not any(m.activated for m in spear_members(state, state.current_card))


def likely_slips_away(engine: Engine, cmd: Command) -> bool:
    """A charge at a model who more likely than not slips away from it (a rider's Mounted Evasion,
    a Shootist's Evade): the charger is left standing where the enemy was."""
    plan = engine.check(cmd) if isinstance(cmd, Move) else None
    if not isinstance(plan, MovePlan) or not plan.charge_target:
        return False
    state = engine.state
    charger, target = state.model(plan.model.id), state.model(plan.charge_target)
    return escape_chance(engine.table, state, charger, target) > 0.5


def sane(engine: Engine, side: Side, scored: Scored, gap: float) -> Scored:
    """The commands a careless person would still never give (best first, as given): no shot at
    his own side or a neutral cart; no answer to a charge worse than standing; no charge at a model
    who will likely slip away; a fight on offer is fought (or a Perk played first); no Spear ended
    before any of its models has acted while one may; nothing `gap` or more below the best left."""
    state = engine.state
    worse = worse_than_standing(scored)
    pool = [cs for cs in scored if not not_the_enemys(state, side, cs[0]) and cs[0] not in worse
            and (cs is scored[0] or not likely_slips_away(engine, cs[0]))]
    if any(isinstance(c, Fight) for c, _ in pool):
        pool = [cs for cs in pool if isinstance(cs[0], Fight | PlayPerk)]
    if any(isinstance(c, Activate) for c, _ in pool) and spear_idle(state):
        pool = [cs for cs in pool if not isinstance(cs[0], EndSpear)]
    if not pool:
        return scored[:1]
    best = max(s for _, s in pool)
    return [cs for cs in pool if cs[1] > best - gap]


def nearest_enemy_move(state: GameState, side: Side, pool: Scored) -> Command | None:
    """Of the moves on offer, the one ending nearest an enemy (None if there is no move or no enemy)."""
    foes = [(m.x, m.y) for m in state.living() if m.side not in (side, "") and not m.aboard]
    moves = [c for c, _ in pool if isinstance(c, Move)]
    if not foes or not moves:
        return None

    def gap(cmd: Move) -> float:
        end = cmd.path[-1]
        return min(math.dist(end, f) for f in foes)

    return min(moves, key=gap)


class EasyPlayer(Weighs):
    """Plays the heuristic's ranking carelessly, on its own dice (see the module)."""

    def __init__(self, seed: int, level: str = "normal", tuning: EasyTuning | None = None) -> None:
        self.seed = seed
        self.level = level  # Easy has no levels of its own; kept for the registry's shape
        self.tuning = tuning or easy_tuning()
        self.dice = Dice(seed)
        self.memory = Memory()
        self.last_weighed: Weighed = ()

    def roll(self, share: float) -> bool:
        """True in `share` of the rolls."""
        return self.dice.pick(SHARE) < round(share * SHARE)

    def weigh(self, engine: Engine, side: Side) -> Command:
        """The heuristic's best, or a careless choice among the sane ones."""
        scored = ranked(engine, side, self.memory)
        if not scored:
            raise NoLegalCommand(f"no legal command for {side} (turn {engine.state.turn})")
        t = self.tuning
        forget, rush, rank = self.roll(t.forget_perks), self.roll(t.rush_nearest), self.dice.pick(SHARE)
        if forget and any(not isinstance(c, PlayPerk) for c, _ in scored):
            scored = [cs for cs in scored if not isinstance(cs[0], PlayPerk)]
        pool = sane(engine, side, scored, t.worst_gap)
        self.last_weighed = top(pool)
        rushed = nearest_enemy_move(engine.state, side, pool) if rush and engine.state.active_model else None
        if rushed is not None:
            return rushed
        index = 1 if rank < round(t.second_best * SHARE) else \
            2 if rank < round((t.second_best + t.third_best) * SHARE) else 0
        return pool[min(index, len(pool) - 1)][0]


__all__ = ["AI_FILE", "EasyPlayer", "EasyTuning", "easy_tuning", "easy_tuning_from", "likely_slips_away",
           "not_the_enemys", "sane", "worse_than_standing"]
