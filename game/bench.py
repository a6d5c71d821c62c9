"""Benchmarks: `python -m game.bench [--json] [--reps N] [--frames N] [--engine-only | --render-only]`.

The engine: times Engine.submit for a Move and for a Fight (one melee round), a snapshot +
restore of the whole state, and legal_commands, each on a copy of the same mid-game position taken
from the scenario. Every repetition restores the position and forgets the terrain walks first
(untimed), so each one does the same work. Reports the median and 90th percentile in microseconds.

Mid-game figures ("midgame" in the JSON): legal_commands for the acting side and Engine.check of a
plain Move of a few inches, over states met along seeded eager-v-eager games of the-ford and
skirmish-field (just after an activation, with the model still free to move, and every few
commands), and GameState.clone of a 24-model state of the-ford.

The render (game.bench_render): the battle screen at 1920x1080 on the dummy video driver against the
bare map along the same camera script, p50 and p99 frame times in milliseconds, their ratios and the
peak memory, on two tables, each in a fresh process: The Ford under "render" (the reference table)
and the largest shipped map (Saxton Field, 72"x48", 60 models) under "render_large". With
--render-scenario only that table is measured, under "render". A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from game.ai import Player, make_player
from game.rules.commands import Activate, Command, Fight, Move
from game.rules.context import Rejected
from game.rules.dice import Dice
from game.rules.engine import Engine
from game.rules.state import SIDES, GameState, NoSide, Side
from game.scenario import start_game
from game.sim import player_seed

DEFAULT_REPS = 2000
MAX_SEEDS = 40
MAX_COMMANDS = 3000
MIDGAME_SCENARIOS = ("the-ford", "skirmish-field")
MIDGAME_ACTIVATED = 20  # states per scenario just after an activation, the model free to move
MIDGAME_OTHERS = 10  # states per scenario taken every MIDGAME_STRIDE commands, whatever is going on
MIDGAME_STRIDE = 7
MOVE_INCHES = 4.0  # the timed check is of the plain legal Move nearest this length
CLONE_SCENARIO, CLONE_MODELS = "the-ford", 24


class BenchError(Exception):
    """No suitable position could be found to time."""


@dataclass(slots=True)
class Position:
    """A mid-game state and a command that is legal in it."""

    engine: Engine
    state: GameState
    command: Command


def _nearest_enemy(engine: Engine, cmd: Move) -> float:
    x, y = cmd.path[-1]
    return min((math.hypot(m.x - x, m.y - y) for m in engine.state.living()
                if m.side != cmd.side), default=0.0)


def _aggressive(engine: Engine, side: Side | NoSide, dice: Dice) -> Command:
    """A blunt chooser that seeks melee, so that the game reaches a Fight quickly."""
    options = engine.legal_commands(side)
    for kind in ("fight", "move", "shoot", "activate", "end_activation"):
        picks = [c for c in options if c.type == kind]
        if kind == "move" and picks:
            return min(picks, key=lambda c: _nearest_enemy(engine, c))  # type: ignore[arg-type]
        if picks:
            return picks[dice.pick(len(picks))]
    return options[0]


def find_positions(scenario: str, seed: int) -> dict[str, Position]:
    """Positions for a Move (from turn 2 on) and a Fight, played out from the scenario."""
    found: dict[str, Position] = {}
    for s in range(seed, seed + MAX_SEEDS):
        engine = start_game(scenario, s)
        dice = Dice(s * 7919 + 1)
        for _ in range(MAX_COMMANDS):
            if engine.state.over:
                break
            side = engine.state.acting_side
            options = engine.legal_commands(side)
            for kind, cls in (("move", Move), ("fight", Fight)):
                match = next((c for c in options if isinstance(c, cls)), None)
                if kind not in found and match is not None and engine.state.turn >= 2:
                    found[kind] = Position(engine, engine.snapshot(), match)
            if len(found) == 2:
                return found
            engine.submit(_aggressive(engine, side, dice))
    raise BenchError(f"no Move and Fight position found in {MAX_SEEDS} games of {scenario}")


def measure(setup: Callable[[], None], work: Callable[[], object], reps: int) -> dict[str, Any]:
    """Time `work` `reps` times (after an untimed `setup` each time); stats in microseconds."""
    samples: list[int] = []
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        for _ in range(reps):
            setup()
            t0 = time.perf_counter_ns()
            work()
            samples.append(time.perf_counter_ns() - t0)
    finally:
        if gc_was_on:
            gc.enable()
    samples.sort()
    p90 = samples[min(len(samples) - 1, math.ceil(0.9 * len(samples)) - 1)]
    return {"median_us": round(statistics.median(samples) / 1000, 2),
            "p90_us": round(p90 / 1000, 2), "min_us": round(samples[0] / 1000, 2), "n": reps}


def _restorer(pos: Position) -> Callable[[], None]:
    def setup() -> None:
        pos.engine.restore(pos.state)
        pos.engine.table.walks.clear()  # shared by every table on the map: each repetition walks afresh
        pos.engine.log.clear()
        pos.engine.commands.clear()

    return setup


def bench_submit(pos: Position, reps: int) -> dict[str, Any]:
    """Cost of submitting the position's command (the state is restored before each one)."""
    setup = _restorer(pos)
    setup()
    if isinstance(pos.engine.submit(pos.command), Rejected):
        raise BenchError(f"the benchmark command was rejected: {pos.command!r}")
    return measure(setup, lambda: pos.engine.submit(pos.command), reps)


def bench_engine(scenario: str, seed: int, reps: int) -> dict[str, Any]:
    """All engine timings as one JSON-ready dict."""
    found = find_positions(scenario, seed)
    move, fight = found["move"], found["fight"]
    engine, side = move.engine, move.state.active_side
    timings = {"submit_move": bench_submit(move, reps), "submit_fight": bench_submit(fight, reps)}
    _restorer(move)()
    timings["snapshot_restore"] = measure(lambda: None,
                                          lambda: engine.restore(engine.snapshot()), reps)
    timings["legal_commands"] = measure(_restorer(move), lambda: engine.legal_commands(side), reps)
    return {"models": len(move.state.models), "turn": move.state.turn,
            "move": move.command.model_dump(mode="json"),
            "fight": fight.command.model_dump(mode="json"), **timings}


def bench_drive(reps: int) -> dict[str, Any]:
    """Cost of a whole Drive in the engine: the make-way wagon rams the roadblock at 8" among every
    model on the table (simulation, damage, crew damage, footprints), state restored each time."""
    from game.rules.commands import Drive
    from game.scenario import start_game

    engine = start_game("make-way", 1)
    state = engine.state
    wagon = next(v for v in state.vehicles if v.escort_edge)
    driver = next(m for m in state.models if m.aboard == wagon.id and m.seat == "Box")
    wagon.x, wagon.y, wagon.heading, wagon.speed = 21.0, 15.0, 90.0, 8.0
    for m in state.aboard(wagon.id):
        m.x, m.y = wagon.x, wagon.y
    state.current_card, state.active_side, state.active_model = driver.spear, driver.side, driver.id
    driver.activated = True
    pos = Position(engine, engine.snapshot(), Drive(side=driver.side, model=driver.id,
                                                    heading=90.0, speed=8.0))
    out = bench_submit(pos, reps)
    bodies = 1 + sum(1 for m in state.models if not m.removed and not m.aboard) + len(state.vehicles) - 1
    return {"bodies": bodies, **out}


@dataclass(slots=True)
class Sample:
    """A state met along a game, the side to act in it and, just after an activation, a legal Move."""

    engine: Engine
    state: GameState
    side: Side | NoSide
    move: Move | None


def few_inches(engine: Engine, side: Side | NoSide) -> Move | None:
    """The active model's plain (no gambit) legal Move nearest MOVE_INCHES long, if it has one."""
    state = engine.state
    if not state.active_model:
        return None
    m = state.model(state.active_model)
    moves = [c for c in engine.legal_commands(side) if isinstance(c, Move) and c.gambit is None
             and math.dist((m.x, m.y), c.path[-1]) >= 1.0]
    return min(moves, key=lambda c: abs(math.dist((m.x, m.y), c.path[-1]) - MOVE_INCHES), default=None)


def _spread(items: list[Sample], count: int) -> list[Sample]:
    """`count` of the items, evenly spaced from first to last."""
    if len(items) <= count or count < 2:
        return items[:count]
    return [items[round(i * (len(items) - 1) / (count - 1))] for i in range(count)]


def sample_states(scenario: str, seed: int) -> list[Sample]:
    """States spread over seeded eager-v-eager games: just after an Activate, and every few commands."""
    activated: list[Sample] = []
    others: list[Sample] = []
    for s in range(seed, seed + MAX_SEEDS):
        engine = start_game(scenario, s)
        seats: dict[str, Player] = {side: make_player("eager", player_seed(s, side)) for side in SIDES}
        last: Command | None = None
        for n in range(MAX_COMMANDS):
            if engine.state.over:
                break
            side = engine.state.acting_side
            if isinstance(last, Activate):
                move = few_inches(engine, side)
                if move is not None:
                    activated.append(Sample(engine, engine.snapshot(), side, move))
            elif n % MIDGAME_STRIDE == 0:
                others.append(Sample(engine, engine.snapshot(), side, None))
            last = seats[side].choose(engine, side)
            if isinstance(engine.submit(last), Rejected):
                raise BenchError(f"the eager player's command was rejected: {last!r}")
        if len(activated) >= MIDGAME_ACTIVATED and len(others) >= MIDGAME_OTHERS:
            return _spread(activated, MIDGAME_ACTIVATED) + _spread(others, MIDGAME_OTHERS)
    raise BenchError(f"too few mid-game states in {MAX_SEEDS} games of {scenario}")


def measure_samples(samples: list[Sample], work: Callable[[Sample], object], reps: int) -> dict[str, Any]:
    """Time `work` on every sample in turn (each restored first, untimed), about `reps` calls in all."""
    each = max(1, math.ceil(reps / len(samples)))
    order = iter([s for s in samples for _ in range(each)])
    current = samples[0]

    def setup() -> None:
        nonlocal current
        current = next(order)
        current.engine.restore(current.state)
        current.engine.table.walks.clear()

    return {**measure(setup, lambda: work(current), each * len(samples)), "states": len(samples)}


def _check_move(s: Sample) -> object:
    return s.engine.check(cast(Move, s.move))


def bench_midgame(seed: int, reps: int) -> dict[str, Any]:
    """legal_commands, check of a Move and clone of a 24-model state, over sampled mid-game states."""
    samples = [s for name in MIDGAME_SCENARIOS for s in sample_states(name, seed)]
    movers = [s for s in samples if s.move is not None]
    for s in movers:
        s.engine.restore(s.state)
        if isinstance(_check_move(s), Rejected):
            raise BenchError(f"the benchmark move was rejected: {s.move!r}")
    crowd = [s.state for s in samples if s.state.scenario == CLONE_SCENARIO
             and len(s.state.models) == CLONE_MODELS]
    if not crowd:
        raise BenchError(f"no {CLONE_MODELS}-model state of {CLONE_SCENARIO} to clone")
    big = max(crowd, key=lambda st: st.turn)
    return {
        "scenarios": list(MIDGAME_SCENARIOS), "states": len(samples), "move_states": len(movers),
        "legal_commands": measure_samples(samples, lambda s: s.engine.legal_commands(s.side), reps),
        "check_move": measure_samples(movers, _check_move, reps),
        "clone_24": {**measure(lambda: None, big.clone, reps), "scenario": big.scenario,
                     "turn": big.turn, "models": len(big.models)},
    }


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    from game.bench_render import DEFAULT_FRAMES, DEFAULT_WARMUP

    p = argparse.ArgumentParser(prog="python -m game.bench", description="Time the engine and the renderer.")
    p.add_argument("--scenario", default="skirmish-field", help="the engine benchmark's scenario")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--reps", type=int, default=DEFAULT_REPS, help="repetitions of each engine timing")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--frames", type=int, default=DEFAULT_FRAMES, help="timed frames of each render run")
    p.add_argument("--warmup", type=int, default=DEFAULT_WARMUP, help="untimed frames before each run")
    p.add_argument("--render-scenario", default=None,
                   help="render only this scenario (default: The Ford and the largest shipped map)")
    only = p.add_mutually_exclusive_group()
    p.add_argument("--cpu-clock", action="store_true",
                   help="time the render's frames on the CPU clock (for a loaded machine)")
    only.add_argument("--engine-only", action="store_true", help="skip the render benchmark")
    only.add_argument("--render-only", action="store_true", help="skip the engine benchmark")
    args = p.parse_args(argv)
    if args.reps < 1:
        p.error("--reps must be at least 1")
    if args.frames < 1:
        p.error("--frames must be at least 1")
    if args.warmup < 0:
        p.error("--warmup must not be negative")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks and print the results."""
    from game.bench_render import RenderBenchError, bench_tables, render_tables

    args = parse_args(argv)
    started = time.perf_counter()
    report: dict[str, Any] = {"scenario": args.scenario, "seed": args.seed, "reps": args.reps,
                              "python": sys.version.split()[0]}
    try:
        if not args.render_only:
            report["engine"] = bench_engine(args.scenario, args.seed, args.reps)
            report["midgame"] = bench_midgame(args.seed, args.reps)
            from game.content import load_content
            from game.physics.ram import bench_vehicle_move
            from game.rules.ramming import ram_rules

            rules = ram_rules(load_content().vehicle_rules)
            report["vehicle_move"] = bench_vehicle_move(rules, max(5, min(args.reps, 200)))
            report["drive"] = bench_drive(max(5, min(args.reps, 200)))
        if not args.engine_only:
            names = [args.render_scenario] if args.render_scenario else render_tables()
            tables = bench_tables(names, args.seed, args.frames, args.warmup, args.cpu_clock)
            for key, name in zip(("render", "render_large"), names, strict=False):
                report[key] = tables[name]
    except (BenchError, RenderBenchError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    report["seconds"] = round(time.perf_counter() - started, 3)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    for name, t in report.get("engine", {}).items():
        if isinstance(t, dict) and "median_us" in t:
            print(f"{name:<18} median {t['median_us']:>10.1f} us   p90 {t['p90_us']:>10.1f} us")
    for name, t in report.get("midgame", {}).items():
        if isinstance(t, dict) and "median_us" in t:
            where = f"{t['states']} states" if "states" in t else f"{t['models']} models"
            print(f"mid-game {name:<14} median {t['median_us']:>10.1f} us   p90 {t['p90_us']:>10.1f} us"
                  f"   ({where})")
    vehicle = report.get("vehicle_move")
    if vehicle is not None:
        print(f"vehicle move among {vehicle['bodies']} bodies: median {vehicle['median_ms']:.2f} ms")
    drive = report.get("drive")
    if drive is not None:
        ms = drive["median_us"] / 1000
        print(f"engine Drive with a ram among {drive['bodies']} bodies: median {ms:.2f} ms")
    for key in ("render", "render_large"):
        if key in report:
            _print_render(report[key])
    return 0


def _print_render(render: dict[str, Any]) -> None:
    """One table's render figures as text."""
    print(f"render of {render['scenario']} ({render['models']} models, peak {render['peak_rss_mb']:.0f} MB)")
    for name in ("full", "bare"):
        t = render[name]
        print(f"  render {name:<11} p50 {t['p50_ms']:>8.3f} ms   p99 {t['p99_ms']:>8.3f} ms")
    print(f"  render full/bare   p50 {render['ratio_p50']:>8.3f} x    p99 {render['ratio_p99']:>8.3f} x")


if __name__ == "__main__":
    sys.exit(main())
