"""The search player: it looks ahead by playing the rest of the activation on sampled copies.

Every decision (activations, moves, shots, fights, reactions, gambits, Perks) is one search over
the commands the engine offers:
1. it draws N views of the game (`view.determinise`): what it cannot know is sampled from its
   own dice, so it never reads the hidden state;
2. it lists the legal commands on the first view (of the Spear's models still to act, only the
   heuristic's next) and, at `normal` and `hard`, the best two by the heuristic's score of the
   plain moves the engine does not offer (`finer.finer_moves`: 24 bearings, stopping a quarter,
   half, three quarters or all of the way), screens them with the heuristic player's score (the
   best `screen` of them) and plays each out on that view, keeping the best K;
3. each kept command is played on a copy of every other view too, and the activation it belongs to
   is played out by a quick policy (both sides: answer, fight, charge, shoot, then a move: at
   normal and hard the reaction, the blow, the shot, the move and the next model the heuristic
   would choose; at easy a one-step look, a blow the dice pick and a walk straight at the enemy)
   for at most `depth` commands (or, with `whole_spear`, the rest of the Spear's activation; a Perk
   played between models, through the next model's activation, where it does its work), then the
   position is evaluated (the heuristic's evaluation, and at `normal` and `hard` how much better
   the searching side's moved models stand by the heuristic's spot values: objectives, targets, the
   threat next, Command Range); in the last turn, once at most `endgame` Hero cards are left to
   draw, the play-outs run to the end of the game instead, and a finished game counts its result
   (the Valour margin, and `DECISIVE` more for a win, less for a loss), so the search plays for the
   win rather than for Valour; a view is a chance node, and every command meets the same views and
   the same policy dice (common random numbers), so the means compare commands rather than luck;
4. a command's value is its mean plus `prior` times the heuristic's score; at `normal` and `hard`
   a rival to the heuristic's own best pays `confidence` (half a) standard errors of its gap to
   that best on the views (so the search leaves the heuristic's choice only when the views agree
   that it should; cut short by the clock after one view, it does not leave it), and the best
   value wins (easy: a softmax draw among the best few). With
   `replies`, a reaction offered to the opponent meanwhile is answered with the reply that is
   worst for the searching side.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.dataclasses import dataclass

from game.ai import heuristic
from game.ai.deploy import deploy_command, deploying
from game.ai.eager import CHARGES, best_drive, legal, nearest_move
from game.ai.finer import finer_moves
from game.ai.heuristic import Memory
from game.ai.heuristic_terms import Guesser
from game.ai.random_player import NoLegalCommand
from game.ai.route import RouteField
from game.ai.tuning import AI_FILE
from game.ai.view import determinise, fork
from game.content.loader import DATA_DIR
from game.muster.rules import data_model
from game.rules.commands import Activate, Command, Drive, Move
from game.rules.context import Rejected
from game.rules.dice import Dice
from game.rules.engine import Engine
from game.rules.state import GameState, NoSide, Side, other_side

Mover = Literal["nearest", "heuristic"]  # how a play-out moves a model (Budget.moves_by)
Striker = Literal["dice", "heuristic"]  # how a play-out picks blows, shots, the next model (strikes_by)
Policy = Literal["quick", "heuristic"]  # the play-outs' policy for both sides (Budget.policy)
WIN = 100.0  # a won game, in Valour Points
DECISIVE = 4.0  # a played-out game's result: the Valour margin plus this much for a win (less for a loss)
ENDGAME_DEPTH = 400  # commands a play-out to the end of the game may take (a turn takes about 100)


@dataclass(frozen=True, slots=True, config=ConfigDict(extra="forbid", allow_inf_nan=False))
class Budget:
    """How hard a level searches: commands kept, views, rollout depth, time cap and greed (a
    `[search.LEVEL]` table of ai.toml; every field is required there and bounded here)."""

    keep: int = Field(ge=1, le=64)  # K: commands searched on every view after the screen
    samples: int = Field(ge=1, le=500)  # N: views (determinisations) each kept command is played on
    depth: int = Field(ge=0, le=ENDGAME_DEPTH)  # commands played after the searched one before the leaf
    time_cap: float | None = Field(gt=0, le=600)  # seconds: no further round of views after this long
    temperature: float = Field(ge=0, le=10)  # 0: the best mean; else a softmax draw among the best `spread`
    spread: int = Field(ge=1, le=64)
    replies: bool = Field()  # the opponent answers a reaction offered to it with its best reply
    plies: int = Field(ge=1, le=4)  # activations played out: the one in hand, then (2) the next one
    screen: int = Field(ge=1, le=256)  # at most this many commands played out on the first view
    policy: Policy = Field()  # the play-outs' policy for both sides: "quick" or "heuristic"
    spots: float = Field(ge=0, le=10)  # the weight at the leaves of where the models stand
    confidence: float = Field(ge=0, le=10)  # z: a rival to the cheap score's best must beat it by z SEs
    prior: float = Field(ge=0, le=100)  # how many times the cheap score is added to the searched value
    moves_by: Mover = Field()  # the play-outs' moves: straight at the nearest foe, or the heuristic's best
    endgame: int = Field(ge=0, le=64)  # in the last turn, at most this many Hero cards to draw: play on
    one_to_bring_on: bool = Field()  # of the models still to act, only the cheap score's next is searched
    whole_spear: bool = Field()  # play out the rest of the Spear's activation, not only the model's
    bearings: int = Field(ge=0, le=360)  # also plain moves along this many bearings (finer_moves)
    finer: int = Field(ge=0, le=64)  # of those, the best this many by the cheap score join the offered
    strikes_by: Striker = Field()  # play-outs' reactions, blows, shots, next model: dice or heuristic
    through_perks: bool = Field()  # a Perk played between models is played out through the next activation
    fresh: bool = Field()  # the kept commands' values leave out the first view, on which they were picked


class Budgets(BaseModel):
    """The `[search]` table of ai.toml: a budget by level; hard is normal's method with a bigger one."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    easy: Budget
    normal: Budget
    hard: Budget


@cache
def budgets_from(data_dir: Path) -> dict[str, Budget]:
    """The search's budgets by level, from a content folder's ai.toml (one ContentError naming the
    level and the key)."""
    return dict(data_model(data_dir / AI_FILE, "search", Budgets))


BUDGETS: dict[str, Budget] = budgets_from(DATA_DIR)  # by level, as shipped


# The search reads a position with the heuristic player's functions: its evaluation at the
# leaves, its spot values of the searching side's moved models (`Standing`, weight `spots`), and
# its ground-aware score of each command (kept in a Memory of its distance fields and melee odds),
# added `prior` (3) times to the searched value: with a weight of 1 the play-outs' noise
# outweighed the score and the search lost to the heuristic. What was tried and measured is in
# docs/ai-journal.md.


def evaluate(engine: Engine, side: Side) -> float:
    """The evaluation the search uses at its leaves: the heuristic player's."""
    return heuristic.evaluate(engine, side)


class Standing:
    """Where the searching side's models stand against where they stood when the search began:
    the heuristic's spot value (objectives, targets in reach, the threat next, Command Range) of
    each of its models standing elsewhere now, less its spot value where it stood. Only the
    side's own models count, as in the heuristic's score of a move: the enemy's gain on the same
    ground (a foe close enough to charge) is the threat already in its own models' spot values,
    and counting both held every charge the enemy evaded against it twice. The models that have
    not moved count nothing, so a leaf costs a spot value or two."""

    def __init__(self, root: Engine, side: Side, memory: Memory) -> None:
        self.side = side
        self.memory = memory
        self.root = {m.id: (m.x, m.y, m.acted) for m in root.state.living(side) if not m.aboard}
        self.guess = Guesser(root.table, root.state, side, memory.ground, memory.melee)
        self.before: dict[str, float] = {}

    def __call__(self, engine: Engine) -> float:
        """The gain in standing of the side's models moved since the root."""
        total = 0.0
        guess: Guesser | None = None
        for m in engine.state.living(self.side):
            was = self.root.get(m.id)
            if m.aboard or was is None or (m.x, m.y) == was[:2]:
                continue
            acted = was[2]
            before = self.before.get(m.id)
            if before is None:
                root = self.guess
                before = self.before[m.id] = root.spot_value(root.state.model(m.id), was[:2], acted)
            if guess is None:
                guess = Guesser(engine.table, engine.state, self.side, self.memory.ground, self.memory.melee)
            total += guess.spot_value(m, (m.x, m.y), acted) - before
        return total


def in_endgame(state: GameState, cards: int) -> bool:
    """The last turn, with at most `cards` Hero cards (the Divers Alarums among them) still to
    draw: what is left of the game is short enough to play out whole (which cards remain is
    public; their order is not, and each view draws its own)."""
    return cards > 0 and state.turn >= state.max_turns and len(state.hero_deck) <= cards


def result_value(state: GameState, side: Side) -> float:
    """A finished game for `side`: the Valour margin, and DECISIVE more for a win (less for a loss)."""
    margin = state.sides[side].valour - state.sides[other_side(side)].valour
    won = 1 if state.winner == side else 0 if state.winner in ("draw", "") else -1
    return margin + DECISIVE * won


def next_model_only(commands: list[Command], scored: list[float]) -> tuple[list[Command], list[float]]:
    """The commands with one Activate left of those offered: the cheap score's best (the first of
    equals). Every model of the Spear still to act will act, so which comes next matters only by
    how the activations bear on each other, and a play-out of one model's activation would
    compare what each model does, not the orders: whether to bring one on now at all (or play a
    Perk, or end the Spear) is still searched."""
    activations = [i for i, c in enumerate(commands) if isinstance(c, Activate)]
    if len(activations) < 2:
        return commands, scored
    best = max(activations, key=lambda i: (scored[i], -i))
    keep = [i for i in range(len(commands)) if i == best or i not in activations]
    return [commands[i] for i in keep], [scored[i] for i in keep]


def score_commands(engine: Engine, side: Side, commands: list[Command],
                   memory: Memory | None = None) -> list[tuple[Command, float]]:
    """The cheap score the search screens and orders commands by: the heuristic player's (a
    player passes its own Memory, kept for one game)."""
    return heuristic.score_commands(engine, side, commands, memory)


def quick_command(engine: Engine, side: Side, dice: Dice,
                  routes: dict[tuple[object, ...], RouteField] | None = None,
                  moves_by: Mover = "nearest", memory: Memory | None = None,
                  strikes_by: Striker = "dice") -> Command | None:
    """The rollout policy: a reaction by a one-step look, else fight, charge, shoot, drive, then a
    move, and end the activation (None if nothing is offered). The move is the one ending nearest
    an enemy, or with `moves_by` "heuristic" the heuristic's best command (a move, a Perk or the
    end): walking straight at the enemy made every command that leaves the model a move to make
    (a shot, a Perk) pay for that walk at the leaves, so the search shunned them. With `strikes_by`
    "heuristic", a reaction, a fight, charge or shot, and between models the next to come, is the
    heuristic's best command too (the answer it would give, a Perk first, the target and stroke it
    would choose, the model it would bring on): a blow the dice picked made a Perk played before it
    pay for a random stroke after it, against the searched blow itself, and a reaction picked by a
    one-step look on one roll of the dice answered a third of the charges otherwise than the
    heuristic opponent would."""
    with engine.deciding():
        pool = engine.candidates(side)
        reactions = [c.command() for c in pool if c.kind == "react"]
        if reactions and strikes_by == "heuristic":
            return heuristic.best_command(engine, side, memory)
        if reactions:
            options = [c for c in reactions if c is not None]
            return max(options, key=lambda c: _after(engine, side, c))
        for kinds in (("fight",), CHARGES, ("shoot",)):
            found = legal(engine, [c for c in pool if c.kind in kinds or c.gambit in kinds])
            if found and strikes_by == "heuristic":
                return heuristic.best_command(engine, side, memory)
            if found:
                return found[dice.pick(len(found))]
        drives = [c for c in legal(engine, [c for c in pool if c.kind == "drive"]) if isinstance(c, Drive)]
        if drives:
            return best_drive(engine, drives, routes)
        if moves_by == "heuristic" and engine.state.active_model and any(c.kind == "move" for c in pool):
            return heuristic.best_command(engine, side, memory)  # go where the player itself would
        moves = [c for c in pool if c.kind == "move" and c.gambit is None]
        enemies = [(m.x, m.y) for m in engine.state.living() if m.side != side and not m.aboard]
        if moves and enemies:
            best = nearest_move(engine, moves, enemies, None)
            if best is not None:
                return best
        if not engine.state.active_model:  # between models: the next to come, else end the Spear
            if strikes_by == "heuristic":
                return heuristic.best_command(engine, side, memory)
            ready = legal(engine, [c for c in pool if c.kind == "activate"])
            if ready:
                return ready[0]
        ends = legal(engine, [c for c in pool if c.kind in ("end_activation", "end_spear")])
        return ends[0] if ends else None


def _after(engine: Engine, side: Side, cmd: Command) -> float:
    sim = fork(engine)
    sim.submit(cmd)
    return evaluate(sim, side)


class SearchPlayer:
    """Looks ahead over the current activation on sampled views of the game; seeded, and blind to
    what its side cannot know."""

    def __init__(self, seed: int, level: str = "normal") -> None:
        if level not in BUDGETS:
            raise ValueError(f"unknown level {level!r}; known: {', '.join(BUDGETS)}")
        self.seed = seed
        self.level = level
        self.budget = BUDGETS[level]
        self.time_cap = self.budget.time_cap  # None: always the whole budget (same answer, any speed)
        self.dice = Dice(seed)
        self.evaluate: Callable[[Engine, Side], float] = evaluate
        self.routes: dict[tuple[object, ...], RouteField] = {}  # the rollouts' driver route fields
        self.memory = Memory()  # the heuristic's ground and melee guesses for this game
        self.standing: Standing | None = None  # the leaves' standing term, for the decision in hand
        self.to_the_end = False  # the decision in hand is played out to the end of the game

    def choose(self, engine: Engine, side: Side | NoSide) -> Command:
        """The command with the best mean evaluation over the sampled views."""
        if not side:
            raise NoLegalCommand("no side to act")
        if deploying(engine):  # before the first card: the Spear stood with purpose
            return deploy_command(engine, side)
        kept, means = self.search(engine, side)
        return self.pick(kept, means)

    def suggest(self, engine: Engine, side: Side, n: int = 3) -> list[tuple[Command, float]]:
        """The best `n` commands the side may give now with their searched values, best first
        (the shape of the heuristic's `suggest`, for a hint overlay)."""
        if deploying(engine):
            return [(deploy_command(engine, side), 0.0)]
        kept, means = self.search(engine, side)
        now = self.evaluate(engine, side)  # the value as a gain on the position now (public only)
        order = sorted(range(len(kept)), key=lambda i: (-means[i], i))
        return [(kept[i], means[i] - now if len(kept) > 1 else 0.0) for i in order[:n]]

    def search(self, engine: Engine, side: Side) -> tuple[list[Command], list[float]]:
        """The commands kept after the screen and the value of each: the mean over the views of
        the play-outs plus the weighted cheap score (a lone legal command is not searched)."""
        started = time.perf_counter()
        views = [determinise(engine, side, self.dice) for _ in range(self.budget.samples)]
        seeds = [self.dice.pick(1 << 62) for _ in views]
        with views[0].deciding():
            commands = views[0].legal_commands(side)
            finer = finer_moves(views[0], side, commands, self.budget.bearings)
        if not commands:
            raise NoLegalCommand(f"no legal command for {side} (turn {engine.state.turn})")
        if len(commands) == 1 and not finer:
            return commands, [0.0]
        self.standing = Standing(views[0], side, self.memory) if self.budget.spots else None
        self.to_the_end = in_endgame(engine.state, self.budget.endgame)
        prior = [0.0] * len(commands)
        weight = self.budget.prior
        if weight or len(commands) > self.budget.screen or self.budget.one_to_bring_on or finer:
            scored = [score for _, score in score_commands(views[0], side, commands, self.memory)]
            if finer:
                commands, scored = self.widen(views[0], side, commands, scored, finer)
            if self.budget.one_to_bring_on:
                commands, scored = next_model_only(commands, scored)
                if len(commands) == 1:
                    return commands, [0.0]
            if len(commands) > self.budget.screen:  # too many to play out: the best by the cheap score
                best = sorted(sorted(range(len(scored)), key=lambda i: (-scored[i], i))[:self.budget.screen])
                commands, scored = [commands[i] for i in best], [scored[i] for i in best]
            prior = [weight * score for score in scored]
        first = [self.value(views[0], side, cmd, Dice(seeds[0])) for cmd in commands]
        order = sorted(range(len(commands)), key=lambda i: (-(first[i] + prior[i]), i))
        if self.budget.fresh:  # the cheap score's best is always kept, however its first view went
            anchor = max(range(len(commands)), key=lambda i: (prior[i], -i))
            order = [anchor, *[i for i in order if i != anchor]][:self.budget.keep]
        else:
            order = order[:self.budget.keep]
            anchor = max(order, key=lambda i: (prior[i], -i))  # the cheap score's best of those kept
            order = [anchor, *[i for i in order if i != anchor]]
        kept = [commands[i] for i in order]
        values = [[first[i]] for i in order]  # per kept command, its value on each view
        picked = values  # the first view's, on which the kept were picked (the lucky among them)
        if self.budget.fresh and len(views) > 1:
            values = [[] for _ in order]
        bonus = [prior[i] for i in order]
        for view, seed in zip(views[1:], seeds[1:], strict=True):
            if self.time_cap is not None and time.perf_counter() - started > self.time_cap:
                break
            for j, cmd in enumerate(kept):
                values[j].append(self.value(view, side, cmd, Dice(seed)))
        if not values[0]:  # the clock stopped it before a fresh view
            values = picked
        means = [sum(v) / len(v) + b for v, b in zip(values, bonus, strict=True)]
        z = self.budget.confidence
        if z > 0 and len(values[0]) == 1:  # the clock stopped it after one view: no doubt can be
            means[1:] = [min(m, means[0]) for m in means[1:]]  # measured, so none leaves the anchor
        elif z > 0:  # doubt: a rival to the anchor pays z standard errors of the gap
            for j in range(1, len(kept)):
                gaps = [a - b for a, b in zip(values[j], values[0], strict=True)]
                mean = sum(gaps) / len(gaps)
                spread = sum((g - mean) ** 2 for g in gaps) / (len(gaps) - 1)
                means[j] -= z * math.sqrt(spread / len(gaps))
        return kept, means

    def widen(self, view: Engine, side: Side, commands: list[Command], scored: list[float],
              finer: list[Move]) -> tuple[list[Command], list[float]]:
        """The offered commands and their cheap scores, with the best `finer` of the moves the
        engine did not offer (those it would refuse left out)."""
        found = score_commands(view, side, list(finer), self.memory)
        extra = [(score, i, cmd) for i, (cmd, score) in enumerate(found) if score > heuristic.REFUSED]
        best = sorted(extra, key=lambda t: (-t[0], t[1]))[:self.budget.finer]
        return [*commands, *(cmd for _, _, cmd in best)], [*scored, *(score for score, _, _ in best)]

    def value(self, view: Engine, side: Side, cmd: Command, dice: Dice) -> float:
        """The evaluation after the command and the rest of its activation (with `whole_spear`, of
        its Spear's; in the endgame, of the game), on one view."""
        sim = fork(view)
        spear = (sim.state.turn, sim.state.current_card)
        between = not sim.state.active_model and sim.state.pending is None
        if isinstance(sim.submit(cmd), Rejected):
            return -WIN
        plies = self.budget.plies
        if between and self.budget.through_perks and not sim.state.active_model \
                and (sim.state.turn, sim.state.current_card) == spear and not sim.state.over:
            plies += 1  # a Perk played between models: what it does shows in the next activation
        if self.to_the_end:
            return self.play_out(sim, side, ENDGAME_DEPTH, dice, ENDGAME_DEPTH)
        if self.budget.whole_spear:
            return self.play_out(sim, side, self.budget.depth, dice, ENDGAME_DEPTH, spear)
        return self.play_out(sim, side, self.budget.depth, dice, plies)

    def play_out(self, sim: Engine, side: Side, depth: int, dice: Dice, breaks: int,
                 spear: tuple[int, str] | None = None) -> float:
        """Play on with the quick policy for at most `depth` commands, until the game has come to a
        pause between models `breaks` times (1: the end of the activation in hand) or (with
        `spear`, the turn and card it was played in) the Spear's activation is over, then evaluate."""
        state = sim.state
        while depth > 0 and not state.over:
            if state.pending is None and not state.active_model:
                breaks -= 1
                if breaks <= 0 or (spear is not None and (state.turn, state.current_card) != spear):
                    break
            acting = state.acting_side
            if not acting:
                break
            if self.budget.replies and state.pending is not None and acting != side:
                options = state.pending.options
                return min(self._reply(sim, side, c, depth, dice, breaks, spear) for c in options)
            if self.budget.policy == "heuristic":
                cmd = heuristic.best_command(sim, acting, self.memory)
            else:
                cmd = quick_command(sim, acting, dice, self.routes, self.budget.moves_by, self.memory,
                                    self.budget.strikes_by)
            if cmd is None or isinstance(sim.submit(cmd), Rejected):
                break
            depth -= 1
        return self.leaf(sim, side)

    def leaf(self, sim: Engine, side: Side) -> float:
        """The evaluation of a play-out's last position (with where the models stand, at a weight);
        a finished game's is its result."""
        if sim.state.over:
            return result_value(sim.state, side)
        value = self.evaluate(sim, side)
        if self.standing is not None:
            value += self.budget.spots * self.standing(sim)
        return value

    def _reply(self, sim: Engine, side: Side, choice: str, depth: int, dice: Dice, breaks: int,
               spear: tuple[int, str] | None) -> float:
        pending = sim.state.pending
        assert pending is not None
        branch = fork(sim)
        cmd = next(c.command() for c in branch.candidates(pending.side) if c.args.get("choice") == choice)
        if cmd is None or isinstance(branch.submit(cmd), Rejected):
            return WIN
        return self.play_out(branch, side, depth - 1, Dice(dice.state), breaks, spear)

    def pick(self, kept: list[Command], means: list[float]) -> Command:
        """The command chosen from those searched: the best value, or at a temperature a softmax
        draw among the best few (a lone command is taken as it is)."""
        if len(kept) == 1:
            return kept[0]
        best = sorted(range(len(kept)), key=lambda i: (-means[i], i))[:max(1, self.budget.spread)]
        if self.budget.temperature <= 0 or len(best) == 1:
            return kept[best[0]]
        top = means[best[0]]
        weights = [math.exp((means[i] - top) / self.budget.temperature) for i in best]
        roll = self.dice.pick(1 << 30) / (1 << 30) * sum(weights)
        for i, w in zip(best, weights, strict=True):
            roll -= w
            if roll < 0:
                return kept[i]
        return kept[best[-1]]


__all__ = ["BUDGETS", "Budget", "SearchPlayer", "evaluate", "fork", "score_commands"]
