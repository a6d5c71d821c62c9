"""Playing an experiment's games: in this process, on local processes or on a Dask cluster.

A task is one game of one cell, named by (cell, game index); its dice seed follows from the
experiment's seed and the index alone (`game.sim.game_seed`), and its players' seeds from that.
Whatever runs the tasks, the records come back in task order, so a run is identical game by game
on one worker, on many, or on a cluster.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from itertools import islice
from typing import Any, TextIO

from tqdm import tqdm

from game.ai import Player, make_player
from game.lab.experiment import Cell, content_for
from game.persist.match import Match
from game.rules.context import Table
from game.rules.engine import Engine
from game.rules.events import (
    Casualty,
    Ev,
    FecklessTest,
    GambitRolled,
    HorseBolted,
    JumpTest,
    MeleeRound,
    Moved,
    RamResolved,
    ReactionTaken,
    RiderThrown,
    ShotFired,
    SteedKilled,
)
from game.rules.setup import new_game
from game.scenario import cached_scenario
from game.sim import GameResult, game_seed, play_game

CAUSES = ("shot", "melee", "thrown rider", "bolt", "ram", "feckless", "river", "other")
# mounted events counted per game, in the order the report shows them
MOUNTED = ("mounted charges", "counter charges", "mounted evasions", "break aways", "jumps",
           "jumps sailed over", "jumps awkward", "jumps fallen", "bolts", "thrown riders",
           "steeds killed")
INSTALL_CLUSTER = "pip install -e '.[cluster]'"
# games done, games per second (never inverted into seconds per game) and the time left
BAR = ("{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} "
       "[{elapsed} elapsed, {remaining} left, {rate_noinv_fmt}]")


@dataclass(frozen=True, slots=True)
class Task:
    """One game to play: a cell and the game's index in it."""

    cell: Cell
    index: int
    seed: int  # the experiment's seed


def steady_player(spec: str, seed: int) -> Player:
    """A player from its spec with no clock in its decisions (a search player's time cap would
    make the answer depend on the machine's speed and load), so a game is the same anywhere."""
    player = make_player(spec, seed)
    if hasattr(player, "time_cap"):
        player.time_cap = None
    return player


def starter(cell: Cell) -> Callable[[str, int], Engine]:
    """Sets up a game of the cell's scenario with its arm's content and retinues."""

    def start(scenario: str, seed: int) -> Engine:
        sc = cached_scenario(scenario)
        content = content_for(cell.setup)
        retinues = dict(sc.retinues)
        for side, rid in (("red", cell.setup.red), ("blue", cell.setup.blue)):
            if rid is not None:
                retinues[side] = rid
        return new_game(Table(content, sc.terrain), sc.name, seed, retinues, sc.turns, None, sc.options,
                        sc.escort)

    return start


def _cause(event: Ev) -> str:
    """The cause a casualty that follows this event is put down to, or "" if it names none."""
    if isinstance(event, ShotFired):
        return "shot"
    if isinstance(event, MeleeRound):
        return "melee"
    if isinstance(event, RiderThrown):
        return "thrown rider"
    if isinstance(event, HorseBolted):
        return "bolt"
    if isinstance(event, RamResolved):
        return "ram"
    if isinstance(event, FecklessTest):
        return "feckless"  # e.g. "Ooh! Shiny things!": the rider leaves to pillage
    if isinstance(event, Moved) and event.reason == "swept":
        return "river"
    return ""


def casualties(match: Match) -> list[tuple[str, str, str]]:
    """(side, profile, cause) of every casualty, the cause being the last shot, melee round,
    thrown rider, bolt, ram, Feckless test or sweep down the river before it in the same command
    ("other" if none)."""
    state = match.engine.state
    models = {m.id: m for m in state.models}
    out: list[tuple[str, str, str]] = []
    for step in match.steps:
        cause = "other"
        for event in step.events:
            cause = _cause(event) or cause
            if isinstance(event, Casualty) and event.model in models:
                m = models[event.model]
                out.append((m.side, m.profile, cause))
    return out


def mounted_events(match: Match) -> dict[str, int]:
    """How often each mounted event happened in a game."""
    counts: Counter[str] = Counter()
    jump_names = {"sails_over": "jumps sailed over", "awkward": "jumps awkward", "falls": "jumps fallen"}
    reactions = {"counter_charge": "counter charges", "mounted_evasion": "mounted evasions",
                 "break_away": "break aways"}
    for event in match.engine.log:
        if isinstance(event, GambitRolled) and event.gambit == "mounted_charge":
            counts["mounted charges"] += 1
        elif isinstance(event, ReactionTaken) and event.choice in reactions:
            counts[reactions[event.choice]] += 1
        elif isinstance(event, JumpTest):
            counts["jumps"] += 1
            if event.result in jump_names:
                counts[jump_names[event.result]] += 1
        elif isinstance(event, HorseBolted):
            counts["bolts"] += 1
        elif isinstance(event, RiderThrown):
            counts["thrown riders"] += 1
        elif isinstance(event, SteedKilled):
            counts["steeds killed"] += 1
    return {k: counts[k] for k in MOUNTED}


def record(result: GameResult) -> dict[str, Any]:
    """A game's result as plain JSON-ready data."""
    out: dict[str, Any] = {"index": result.index, "seed": result.seed, "winner": result.winner or "none",
                           "valour": {"red": 0, "blue": 0}, "turns": result.turns,
                           "commands": result.commands, "error": result.error,
                           "casualties": [], "mounted": {k: 0 for k in MOUNTED}}
    if result.match is not None:
        sides = result.match.engine.state.sides
        out["valour"] = {"red": sides["red"].valour, "blue": sides["blue"].valour}
        out["casualties"] = [list(c) for c in casualties(result.match)]
        out["mounted"] = mounted_events(result.match)
    return out


def play_task(task: Task) -> dict[str, Any]:
    """Play one task's game and return its record (the function a worker runs)."""
    cell = task.cell
    seed = game_seed(task.seed, task.index)
    result = play_game(cell.scenario, task.index, seed, dict(cell.players), 5000, starter(cell),
                       steady_player)
    return record(result)


def tasks_of(cells: Sequence[Cell], seed: int) -> Iterator[Task]:
    """Every game of every cell, in order, made one at a time (a run never holds them all)."""
    for cell in cells:
        for i in range(cell.games):
            yield Task(cell, i, seed)


class RunStopped(Exception):
    """The games cannot go on: what was lost (one line; the games played are kept)."""


class Progress:
    """Games done, games per second and the time left, on a stream (a tqdm bar)."""

    def __init__(self, total: int, stream: TextIO | None, label: str = "games") -> None:
        self.bar = tqdm(total=total, file=stream or sys.stderr, unit="games", desc=label, smoothing=0.1,
                        dynamic_ncols=True, bar_format=BAR)

    def step(self) -> None:
        """One more game done."""
        self.bar.update(1)

    def close(self) -> None:
        """Finish the bar."""
        self.bar.close()


def play_tasks(tasks: list[Task]) -> list[dict[str, Any]]:
    """Play a batch of tasks in order (what a local worker process runs)."""
    return [play_task(task) for task in tasks]


def batch_size(tasks: int, workers: int) -> int:
    """Games a local worker is handed at a time: enough to make the hand-over cheap against
    quick games, few enough that the workers finish together and the bar moves."""
    return max(1, min(MAX_BATCH, tasks // (workers * 16)))


MAX_BATCH = 8
WINDOW = 4  # batches (local) or games (Dask) handed out per worker thread before their results
Numbered = tuple[int, Task]  # a task and its place in the run's order


def _batches(tasks: Iterator[Numbered], size: int) -> Iterator[list[Numbered]]:
    batch: list[Numbered] = []
    for item in tasks:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _local(tasks: Iterator[Numbered], total: int, workers: int) -> Generator[tuple[int, dict[str, Any]]]:
    if workers <= 1:
        for at, task in tasks:
            yield at, play_task(task)
        return
    batches = _batches(tasks, batch_size(total, workers))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: dict[Future[list[dict[str, Any]]], list[int]] = {}

        def fill() -> None:
            for batch in islice(batches, max(0, workers * WINDOW - len(pending))):
                pending[pool.submit(play_tasks, [t for _, t in batch])] = [at for at, _ in batch]

        fill()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                places = pending.pop(fut)
                try:
                    records = fut.result()
                except BrokenProcessPool:
                    raise RunStopped("a local worker process died") from None
                yield from zip(places, records, strict=True)
            fill()


def run_tasks(tasks: Iterator[Numbered], total: int, backend: Backend,
              progress: TextIO | None = None, show: bool = True) -> Iterator[tuple[int, dict[str, Any]]]:
    """Play the tasks, yielding (place, record) as each game ends (in any order); `total` is how
    many there are. RunStopped if the workers or the scheduler are lost."""
    bar = Progress(total, progress) if show else None
    source = backend.play(tasks, total)
    try:
        for at, rec in source:
            yield at, rec
            if bar is not None:
                bar.step()
    finally:
        source.close()
        if bar is not None:
            bar.close()


class Backend:
    """What plays the games: this process, local processes or a Dask cluster."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers

    def play(self, tasks: Iterator[Numbered], total: int) -> Generator[tuple[int, dict[str, Any]]]:
        """(place, record) of each task as its game ends."""
        return _local(tasks, total, self.workers)

    def close(self) -> None:
        """Let the workers go."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
