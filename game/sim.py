"""Headless simulation: `python -m game.sim --scenario NAME --games N --seed S --json`.

Plays complete games between AI players, only through Engine.submit, and reports results,
speed, errors and event counts. Per-game seeds derive from --seed, so a run is reproducible:
the JSON differs between two runs only in its timing fields.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import Path
from typing import Any

from game.ai import Player, make_player, parse_spec
from game.content import ContentError
from game.muster.play import RosterError, start_with_rosters
from game.muster.roster import Roster
from game.persist.match import Match
from game.persist.rosters import RosterFileError, read_roster
from game.persist.saves import save_game
from game.rules.context import Rejected
from game.rules.engine import Engine
from game.rules.events import Ev, GambitRolled, RamResolved, ReactionTaken
from game.rules.setup import SetupError
from game.rules.state import SIDES
from game.scenario import playable, scenario_key
from game.terrain.terrain_map import MapError

MAX_COMMANDS = 5000  # a game still running after this many commands counts as an error
MAX_ERROR_SAMPLES = 5
TIMING_FIELDS = ("seconds", "games_per_second", "choose_seconds", "submit_seconds", "choose_share",
                 "decision_ms", "decision_ms_by_player")


class SimError(Exception):
    """A game that could not be played to its end (runaway, or a legal command rejected)."""


REFINED = (GambitRolled, ReactionTaken, RamResolved)  # the events whose kind event_kind refines
_event_type = attrgetter("type")


def event_kind(event: Ev) -> str:
    """An event's type, refined for gambits, reactions and rams (e.g. gambit_rolled:mounted_charge,
    ram_resolved:character:dodged);
    the report counts both the plain type and the refined kind."""
    if isinstance(event, GambitRolled):
        return f"{event.type}:{event.gambit}"
    if isinstance(event, ReactionTaken):
        return f"{event.type}:{event.choice}"
    if isinstance(event, RamResolved):
        if event.other_kind in ("character", "rider"):
            outcome = "dodged" if event.dodged else "under_the_wheels" if event.under_the_wheels else "hit"
            return f"{event.type}:{event.other_kind}:{outcome}"
        return f"{event.type}:{event.other_kind}"
    return str(getattr(event, "type", ""))


@dataclass(slots=True)
class GameResult:
    """How one simulated game went."""

    index: int
    seed: int
    match: Match | None = None
    winner: str = ""  # red, blue or draw; "" if the game did not finish
    turns: int = 0
    error: str = ""
    saveable: bool = False  # the record is consistent (no exception inside the engine)
    event_counts: Counter[str] = field(default_factory=Counter)
    choose_seconds: float = 0.0  # time in the players' choose calls
    submit_seconds: float = 0.0  # time in Match.submit
    players: dict[str, str] = field(default_factory=dict)  # side -> player spec in this game
    decisions: dict[str, list[float]] = field(default_factory=dict)  # side -> seconds of each choose

    @property
    def commands(self) -> int:
        """Commands accepted in this game."""
        return len(self.match.steps) if self.match else 0


def game_seed(seed: int, index: int) -> int:
    """The dice seed of game `index` of a run started with `seed`."""
    return seed * 1_000_003 + index


def player_seed(seed: int, side: str) -> int:
    """A player's own seed for a game: distinct from the game's dice and the other side."""
    return seed * 2 + 1 + SIDES.index(side)


def play_game(scenario: str, index: int, seed: int, players: dict[str, str],
              max_commands: int = MAX_COMMANDS, start: Callable[[str, int], Engine] | None = None,
              make: Callable[[str, int], Player] = make_player,
              rosters: Mapping[str, Roster] | None = None) -> GameResult:
    """Play one game to its end; errors are caught and recorded, never raised. `start` sets up
    the game from the scenario and seed (default: the scenario as shipped, with the sides'
    `rosters` if given), `make` builds a player from its spec and own seed."""
    result = GameResult(index=index, seed=seed, players=dict(players))
    try:
        result.match = Match(start(scenario, seed)) if start else Match.start(scenario, seed, rosters=rosters)
        seats = {side: make(name, player_seed(seed, side)) for side, name in players.items()}
        _play(result.match, seats, max_commands, result)
        result.saveable = True
    except SimError as exc:
        result.error, result.saveable = str(exc), True
    except Exception as exc:  # a bug: note it and go on with the next game
        result.error = _summarise(exc)
    if result.match is not None:
        state = result.match.engine.state
        result.turns = state.turn
        result.winner = state.winner if state.over else ""
        log = result.match.engine.log
        result.event_counts.update(map(_event_type, log))
        result.event_counts.update(event_kind(e) for e in log if isinstance(e, REFINED))
    return result


def _play(match: Match, seats: dict[str, Player], max_commands: int, result: GameResult) -> None:
    """Play the match to its end, adding the time spent choosing and submitting to `result`."""
    engine = match.engine
    clock = time.perf_counter
    choosing = submitting = 0.0
    decisions = result.decisions
    try:
        while not engine.state.over:
            if len(match.steps) >= max_commands:
                raise SimError(f"no result after {max_commands} commands (turn {engine.state.turn})")
            side = engine.state.acting_side
            t0 = clock()
            cmd = seats[side].choose(engine, side)
            t1 = clock()
            outcome = match.submit(cmd)
            t2 = clock()
            choosing += t1 - t0
            submitting += t2 - t1
            decisions.setdefault(side, []).append(t1 - t0)
            if isinstance(outcome, Rejected):
                raise SimError(f"legal command rejected: {cmd!r}: {outcome.code}: {outcome.reason}")
    finally:
        result.choose_seconds += choosing
        result.submit_seconds += submitting


def _summarise(exc: BaseException) -> str:
    """One line: the exception and the innermost frame it came from."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno} in {frames[-1].name}" \
        if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"


def seats_for(index: int, games: int, red: str, blue: str, swap: bool) -> dict[str, str]:
    """Which player spec sits on each side in game `index` (with `swap`, the second half swaps)."""
    if swap and index >= games // 2:
        return {"red": blue, "blue": red}
    return {"red": red, "blue": blue}


def run(scenario: str, games: int, seed: int, red: str, blue: str,
        max_commands: int = MAX_COMMANDS, save_dir: Path | None = None,
        swap: bool = False, rosters: Mapping[str, Roster] | None = None) -> dict[str, Any]:
    """Play `games` games and return the report as a JSON-ready dict (`swap`: the second half of
    the games with the sides' players swapped; `rosters`: the sides that field a roster)."""
    playable(scenario)  # fail early on a bad scenario (MapError)
    if rosters:
        start_with_rosters(scenario, seed, rosters)  # and on a roster that cannot take the field
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    results = []
    for i in range(games):
        result = play_game(scenario, i, game_seed(seed, i), seats_for(i, games, red, blue, swap),
                           max_commands, rosters=rosters)
        if save_dir is not None and result.match is not None and result.saveable:
            save_game(result.match, save_dir / f"game-{i + 1:04d}.json")
        results.append(result)
    seconds = time.perf_counter() - started
    report = summarise(results)
    report = {"scenario": scenario, "seed": seed, "red": red, "blue": blue, "swap": swap,
              **({"rosters": {side: r.name for side, r in rosters.items()}} if rosters else {}), **report,
              "player_wins": player_wins(results),
              "player_wins_by_side": player_wins_by_side(results),
              "seconds": round(seconds, 3),
              "games_per_second": round(games / seconds, 2) if seconds > 0 else 0.0,
              **choose_timing(results),
              "decision_ms": decision_ms(results),
              "decision_ms_by_player": decision_ms(results, by_player=True)}
    return report


def player_wins(results: list[GameResult]) -> dict[str, int]:
    """Games won by each player spec, whichever side it sat on, and the draws."""
    out = {spec: sum(wins.values()) for spec, wins in player_wins_by_side(results).items()}
    out["draw"] = sum(1 for r in results if r.winner == "draw")
    return out


def player_wins_by_side(results: list[GameResult]) -> dict[str, dict[str, int]]:
    """Per player spec, the games it won as red and as blue: with the sides swapped, how much of a
    match is the map's lean and how much the players'."""
    out: dict[str, dict[str, int]] = {}
    for r in results:
        for spec in r.players.values():
            out.setdefault(spec, dict.fromkeys(SIDES, 0))
    for r in results:
        if r.winner in SIDES:
            out[r.players[r.winner]][r.winner] += 1
    return out


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) of some values, by linear interpolation (0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    k = (len(ordered) - 1) * q / 100.0
    lo = int(k)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def decision_ms(results: list[GameResult], by_player: bool = False) -> dict[str, dict[str, float]]:
    """Per side (or per player spec), the p50, p95 and max of the time one choose call took, in ms."""
    times_of: dict[str, list[float]] = {side: [] for side in SIDES} if not by_player else {}
    for r in results:
        for side, times in r.decisions.items():
            key = r.players.get(side, side) if by_player else side
            times_of.setdefault(key, []).extend(t * 1000.0 for t in times)
    out: dict[str, dict[str, float]] = {}
    for key, times in times_of.items():
        out[key] = {"p50": round(percentile(times, 50), 3), "p95": round(percentile(times, 95), 3),
                     "max": round(max(times, default=0.0), 3)}
    return out


def choose_timing(results: list[GameResult]) -> dict[str, float]:
    """Seconds spent in the players' choose and in submit over all games, and choose's share."""
    choosing = sum((r.choose_seconds for r in results), 0.0)
    submitting = sum((r.submit_seconds for r in results), 0.0)
    total = choosing + submitting
    return {"choose_seconds": round(choosing, 3), "submit_seconds": round(submitting, 3),
            "choose_share": round(choosing / total, 4) if total > 0 else 0.0}


def summarise(results: list[GameResult]) -> dict[str, Any]:
    """The deterministic part of a run's report."""
    wins = {"red": 0, "blue": 0, "draw": 0}
    events: Counter[str] = Counter()
    for r in results:
        if r.winner:
            wins[r.winner] += 1
        events.update(r.event_counts)
    finished = [r for r in results if r.winner]
    failed = [r for r in results if r.error]
    return {
        "games": len(results),
        "wins": wins,
        "finished": len(finished),
        "mean_turns": round(sum(r.turns for r in finished) / len(finished), 3) if finished else 0.0,
        "commands": sum(r.commands for r in results),
        "mean_commands": round(sum(r.commands for r in results) / len(results), 1)
        if results else 0.0,
        "errors": len(failed),
        "error_samples": [{"game": r.index + 1, "seed": r.seed, "error": r.error}
                          for r in failed[:MAX_ERROR_SAMPLES]],
        "event_counts": dict(sorted(events.items())),
    }


def human(report: dict[str, Any]) -> str:
    """The report as a few readable lines."""
    wins = report["wins"]
    lines = [
        f"{report['games']} games of {report['scenario']} ({report['red']} v {report['blue']}), "
        f"seed {report['seed']}: red {wins['red']}, blue {wins['blue']}, draws {wins['draw']}",
        f"mean turns {report['mean_turns']}, {report['commands']} commands, "
        f"{report['seconds']} s ({report['games_per_second']} games/s)",
        f"choosing {report['choose_share']:.1%} of play ({report['choose_seconds']} s choose, "
        f"{report['submit_seconds']} s submit)",
        f"errors: {report['errors']}",
    ]
    timing = report.get("decision_ms", {})
    lines += [f"decision ms {side}: p50 {t['p50']}, p95 {t['p95']}, max {t['max']}"
              for side, t in timing.items()]
    if report.get("swap"):
        lines.append("wins by player: " + ", ".join(f"{k} {v}" for k, v in report["player_wins"].items()))
    lines += [f"  game {s['game']} (seed {s['seed']}): {s['error']}"
              for s in report["error_samples"]]
    top = sorted(report["event_counts"].items(), key=lambda kv: -kv[1])[:8]
    lines.append("events: " + ", ".join(f"{k} {v}" for k, v in top))
    return "\n".join(lines)


def _spec(text: str) -> str:
    """A player spec for argparse: "name[:level]", checked against the registry."""
    try:
        parse_spec(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def read_side_rosters(red: Path | None, blue: Path | None) -> dict[str, Roster]:
    """The rosters named on a command line, by side (RosterFileError for a file that is no roster)."""
    return {side: read_roster(path) for side, path in (("red", red), ("blue", blue)) if path is not None}


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(prog="python -m game.sim", description="Play headless games.")
    p.add_argument("--scenario", default="skirmish-field",
                   help="a map's name in maps/ (without .tmx), or the path of any .tmx map file")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--red", default="eager", type=_spec, help="player NAME[:LEVEL] (easy|normal|hard)")
    p.add_argument("--blue", default="eager", type=_spec, help="player NAME[:LEVEL] (easy|normal|hard)")
    p.add_argument("--swap", action="store_true",
                   help="play the second half of the games with the sides' players swapped")
    p.add_argument("--max-commands", type=int, default=MAX_COMMANDS)
    p.add_argument("--save-dir", type=Path, default=None, help="write each game as a replay file")
    p.add_argument("--orange-roster", "--red-roster", dest="red_roster", type=Path, metavar="FILE",
                   help="Orange (red) fields this roster file instead of the scenario's retinue")
    p.add_argument("--blue-roster", type=Path, metavar="FILE",
                   help="Blue fields this roster file instead of the scenario's retinue")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    if args.games < 0 or args.max_commands < 1:
        p.error("--games must be >= 0 and --max-commands >= 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the simulator; returns the exit code (0 even when games had errors)."""
    args = parse_args(argv)
    try:
        rosters = read_side_rosters(args.red_roster, args.blue_roster)
        report = run(scenario_key(args.scenario), args.games, args.seed, args.red, args.blue,
                     args.max_commands, args.save_dir, args.swap, rosters)
    except (MapError, ContentError, RosterFileError, RosterError, SetupError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # the --save-dir folder or a replay file cannot be written
        print(f"error: {exc.filename or args.save_dir}: cannot be written ({exc.strerror or exc})",
              file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2) if args.json else human(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
