"""Playing an experiment's games: in this process, on local processes or on a Dask cluster.

A task is one game of one cell, named by (cell, game index); its dice seed follows from the
experiment's seed and the index alone (`game.sim.game_seed`), and its players' seeds from that.
Whatever runs the tasks, the records come back in task order, so a run is identical game by game
on one worker, on many, or on a cluster.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
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


def tasks_of(cells: Sequence[Cell], seed: int) -> list[Task]:
    """Every game of every cell, in order."""
    return [Task(cell, i, seed) for cell in cells for i in range(cell.games)]


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


def _local(tasks: list[Task], workers: int) -> Iterator[tuple[int, dict[str, Any]]]:
    if workers <= 1:
        for i, task in enumerate(tasks):
            yield i, play_task(task)
        return
    size = batch_size(len(tasks), workers)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(play_tasks, tasks[at:at + size]): at for at in range(0, len(tasks), size)}
        for fut in as_completed(futures):
            for k, rec in enumerate(fut.result()):
                yield futures[fut] + k, rec


def _dask(tasks: list[Task], address: str) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        from dask.distributed import Client
        from dask.distributed import as_completed as dask_completed
    except ImportError:
        raise RuntimeError(f"--scheduler needs Dask's distributed scheduler: {INSTALL_CLUSTER}") from None
    with Client(address) as client:
        futures = client.map(play_task, tasks, pure=False)
        where = {f.key: i for i, f in enumerate(futures)}
        for fut in dask_completed(futures):
            yield where[fut.key], fut.result()


def run_tasks(tasks: list[Task], workers: int = 1, scheduler: str | None = None,
              progress: TextIO | None = None, show: bool = True) -> tuple[list[dict[str, Any]], float]:
    """Play the tasks and return their records in task order, and the seconds it took."""
    bar = Progress(len(tasks), progress) if show else None
    records: list[dict[str, Any] | None] = [None] * len(tasks)
    started = time.perf_counter()
    source = _dask(tasks, scheduler) if scheduler else _local(tasks, workers)
    try:
        for i, rec in source:
            records[i] = rec
            if bar is not None:
                bar.step()
    finally:
        if bar is not None:
            bar.close()
    seconds = time.perf_counter() - started
    return [r for r in records if r is not None], seconds

