"""`python -m game.lab.departures`: what the search's departures from another choice are worth.

The share of decisive games a match of 200 games measures has a standard error of about 4 points,
more than the gains sought, and the match costs a core-hour at `normal`. This tool looks where two
players differ instead.
It plays `search:LEVEL` against the heuristic. At every decision of the search's side it also asks
a second chooser: the heuristic's own best (the search's anchor, by default), or the same search
with some of its budget changed (`--variant confidence=0`). The variant searches the same views
with the same dice. Where the two choices differ, each is played on `--samples` views of the game
(`ai.view.determinise`, as the side knows it), and each view goes on to the end of the game with
the heuristic on both sides. The gain on a view is the result (`search.result_value`: the Valour
margin and a win's `DECISIVE`) after the search's own choice less the result after the other
choice. The same view and the same players' dice meet both commands.

The game itself goes on with the search's choice. The report gives the mean gain per difference
with its standard error, by the kinds of the two commands and in all, and the games' results.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from tqdm import tqdm

from game.ai.heuristic import HeuristicPlayer
from game.ai.search import BUDGETS, WIN, Budget, SearchPlayer, fork, result_value
from game.ai.view import determinise
from game.content import ContentError
from game.lab.experiment import MAX_GAMES
from game.lab.results import output_problem
from game.lab.stats import mean_se
from game.persist.match import Match
from game.rules.commands import Command, Move, PlayPerk, React
from game.rules.context import Rejected
from game.rules.dice import Dice
from game.rules.engine import Engine
from game.rules.paths import MovePlan
from game.rules.state import SIDES, Side
from game.scenario import scenario_key
from game.sim import game_seed, player_seed
from game.terrain.terrain_map import MapError

MAX_SAMPLES = 1000  # views a difference may be played out on
LONGEST_GAME = 3000  # commands a play-out to the end may take before it is cut (a game takes 400-800)


@dataclass(frozen=True, slots=True)
class Difference:
    """One decision where the search and the other chooser differed, and what it was worth."""

    game: int
    turn: int
    side: Side
    ours: str  # the kind of the search's command (`kind`)
    theirs: str  # the kind of the other chooser's
    gains: tuple[float, ...]  # per view: the result after ours less the result after theirs

    @property
    def gain(self) -> float:
        """The mean gain over the views."""
        return sum(self.gains) / len(self.gains)


@dataclass(slots=True)
class Audit:
    """The differences found in a run, and who won each game."""

    differences: list[Difference] = field(default_factory=list)
    games: list[dict[str, str]] = field(default_factory=list)


def kind(engine: Engine, cmd: Command) -> str:
    """A command's kind for the report: its type, and a move's gambit or charge, a reaction's
    choice, a Perk's card."""
    name = type(cmd).__name__
    if isinstance(cmd, Move):
        with engine.deciding():
            plan = engine.check(cmd)
        charge = isinstance(plan, MovePlan) and plan.charge_target
        return f"{name}:{cmd.gambit or ('charge' if charge else 'plain')}"
    if isinstance(cmd, React):
        return f"{name}:{cmd.choice}"
    if isinstance(cmd, PlayPerk):
        return f"{name}:{cmd.card}"
    return name


def play_to_end(engine: Engine, side: Side, seed: int) -> float:
    """The game played to its end by the heuristic on both sides: its result for `side`."""
    players = {s: HeuristicPlayer(seed * 2 + i) for i, s in enumerate(SIDES)}
    state = engine.state
    for _ in range(LONGEST_GAME):
        acting = state.acting_side
        if state.over or not acting:
            break
        engine.submit(players[acting].choose(engine, acting))
    return result_value(state, side)


def worth(engine: Engine, side: Side, ours: Command, theirs: Command, samples: int, seed: int) -> list[float]:
    """Per view of the game as `side` knows it: the result after `ours` less the result after
    `theirs`, each played to the end (a command the view refuses counts as a lost game)."""
    gains = []
    for k in range(samples):
        view = determinise(engine, side, Dice(seed + k))
        results = []
        for cmd in (ours, theirs):
            sim = fork(view)
            refused = isinstance(sim.submit(cmd), Rejected)
            results.append(-WIN if refused else play_to_end(sim, side, seed + k))
        gains.append(results[0] - results[1])
    return gains


def variant_budget(level: str, changes: dict[str, str]) -> Budget:
    """The level's budget with some fields changed (`confidence=0`: the field's type is kept)."""
    budget = BUDGETS[level]
    known = {f.name: f for f in dataclasses.fields(Budget)}
    typed: dict[str, Any] = {}
    for key, text in changes.items():
        if key not in known:
            raise ValueError(f"unknown budget field {key!r}; known: {', '.join(known)}")
        was = getattr(budget, key)
        if isinstance(was, bool):
            typed[key] = text.lower() in ("1", "true", "yes")
        elif isinstance(was, int):
            typed[key] = int(text)
        elif isinstance(was, float) or was is None:
            typed[key] = None if text.lower() == "none" else float(text)
        else:
            typed[key] = text
    return dataclasses.replace(budget, **typed)


def both_choose(search: SearchPlayer, other: SearchPlayer | None, engine: Engine,
                side: Side) -> tuple[Command, Command]:
    """The search's choice and the other chooser's: a variant search on the same views with the
    same dice (it starts from the search's dice), or without one the search's anchor, the
    heuristic's best of the commands it searched."""
    theirs = None
    if other is not None:
        other.dice = Dice(search.dice.state)
        theirs = other.pick(*other.search(engine, side))
    kept, means = search.search(engine, side)
    return search.pick(kept, means), kept[0] if theirs is None else theirs


def audit(scenario: str, games: int, seed: int, samples: int, level: str = "normal",
          variant: dict[str, str] | None = None, progress: tqdm | None = None,
          log: TextIO | None = None) -> Audit:
    """Play the games and value every difference (see the module's text). The search plays
    without its time cap, so the run does not depend on the machine's speed. Each difference
    and each game's result is also written to `log` as a line of JSON as soon as it is found."""
    found = Audit()
    for index in range(games):
        dice_seed = game_seed(seed, index)
        match = Match.start(scenario, dice_seed)
        engine = match.engine
        ours_side: Side = SIDES[index % 2]
        search = SearchPlayer(player_seed(dice_seed, ours_side), level)
        search.time_cap = None
        other = None
        if variant:
            other = SearchPlayer(player_seed(dice_seed, ours_side), level)
            other.budget = variant_budget(level, variant)
            other.time_cap = None
        heuristic = HeuristicPlayer(player_seed(dice_seed, SIDES[1 - index % 2]))
        while not engine.state.over:
            side = engine.state.acting_side
            if side != ours_side:
                match.submit(heuristic.choose(engine, side))
                continue
            ours, theirs = both_choose(search, other, engine, side)
            if ours != theirs:
                gains = worth(engine, side, ours, theirs, samples, dice_seed * 31 + len(match.steps))
                found.differences.append(Difference(index, engine.state.turn, side, kind(engine, ours),
                                                    kind(engine, theirs), tuple(gains)))
                _write(log, dataclasses.asdict(found.differences[-1]))
            match.submit(ours)
        found.games.append({"search": ours_side, "winner": engine.state.winner})
        _write(log, {"game": index, **found.games[-1]})
        if progress is not None:
            progress.update(1)
    return found


def _write(log: TextIO | None, record: dict[str, Any]) -> None:
    if log is not None:
        log.write(json.dumps(record) + "\n")
        log.flush()


def report(found: Audit) -> dict[str, Any]:
    """The mean gain per difference, in all and by the two commands' kinds, and the games won."""
    rows: dict[str, list[float]] = defaultdict(list)
    for d in found.differences:
        rows[f"{d.ours} for {d.theirs}"].append(d.gain)
    all_gains = [d.gain for d in found.differences]
    mean, se = mean_se(all_gains)
    kinds = {}
    for name, gains in sorted(rows.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        m, s = mean_se(gains)
        kinds[name] = {"n": len(gains), "mean": round(m, 3), "se": round(s, 3)}
    won = sum(1 for g in found.games if g["winner"] == g["search"])
    drawn = sum(1 for g in found.games if g["winner"] in ("draw", ""))
    return {"games": len(found.games), "search_won": won, "drawn": drawn,
            "lost": len(found.games) - won - drawn, "differences": len(all_gains),
            "mean_gain": round(mean, 3), "se": round(se, 3), "by_kind": kinds,
            "per_difference": [dataclasses.asdict(d) for d in found.differences]}


def human(result: dict[str, Any]) -> str:
    """The report as a few lines of text."""
    lines = [f"games {result['games']}: the search won {result['search_won']}, drew {result['drawn']}, "
             f"lost {result['lost']}",
             f"differences {result['differences']}: mean gain {result['mean_gain']:+.2f} "
             f"(standard error {result['se']:.2f}) Valour Points, a win counting 4 more"]
    for name, row in result["by_kind"].items():
        lines.append(f"  {name:44s} {row['n']:4d}  {row['mean']:+6.2f} ± {row['se']:.2f}")
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(prog="python -m game.lab.departures",
                                description="Value the search's departures from another choice.")
    p.add_argument("--scenario", default="the-ford")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--samples", type=int, default=6, help="views each difference is played out on")
    p.add_argument("--level", default="normal", choices=sorted(BUDGETS))
    p.add_argument("--variant", action="append", default=[], metavar="FIELD=VALUE",
                   help="compare with the search on this budget (may be repeated); "
                        "default: with the heuristic's best")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--log", type=Path, default=None,
                   help="also write each difference and each game's result here as it is found "
                        "(a line of JSON each), so a long run's findings outlive it")
    args = p.parse_args(argv)
    if args.games < 1 or args.samples < 1:
        p.error("--games and --samples must be at least 1")
    if args.games > MAX_GAMES or args.samples > MAX_SAMPLES:
        p.error(f"at most {MAX_GAMES} --games and {MAX_SAMPLES} --samples")
    for text in args.variant:
        if "=" not in text:
            p.error(f"--variant {text!r}: expected FIELD=VALUE")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the audit and print its report."""
    args = parse_args(argv)
    changes = dict(text.split("=", 1) for text in args.variant)
    try:
        if args.log is not None and (why := output_problem(args.log)):
            raise ValueError(f"--log {args.log}: {why}")
        if changes:
            variant_budget(args.level, changes)
        with ExitStack() as stack:
            log = stack.enter_context(args.log.open("w", encoding="utf-8")) if args.log else None
            bar = stack.enter_context(tqdm(total=args.games, unit="games", file=sys.stderr,
                                           disable=args.json))
            found = audit(scenario_key(args.scenario), args.games, args.seed, args.samples, args.level,
                          changes, bar, log)
    except (MapError, ContentError, ValueError, OSError) as exc:
        print(f"departures: {exc}", file=sys.stderr)
        return 2
    result = report(found)
    print(json.dumps(result) if args.json else human(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
