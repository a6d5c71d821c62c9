"""Running a whole experiment and gathering it into one JSON-ready result."""

from __future__ import annotations

import json
import time
from bisect import bisect_right
from pathlib import Path
from typing import Any, TextIO

from game.lab.cluster import backend_for
from game.lab.experiment import (
    Cell,
    Experiment,
    LabError,
    cells,
    content_for,
    load_experiment,
    mounted_share,
)
from game.lab.results import FORMAT, ResultsWriter, Saved, parse_lines, read_results
from game.lab.runner import RunStopped, run_tasks, tasks_of
from game.lab.stats import compare, summary
from game.scenario import cached_scenario, playable
from game.sim import game_seed
from game.terrain.terrain_map import MapError

RUN = "run"  # the one key of a result that depends on how it was run: the machine, the command
WHAT = ("part", "scenario", "arm", "players", "house_rules", "retinues")  # what a cell plays


def _retinue(cell: Cell, side: str) -> str:
    rid = getattr(cell.setup, side)
    return str(rid) if rid is not None else cached_scenario(cell.scenario).retinues[side]


def describe(cell: Cell) -> dict[str, Any]:
    """What a cell plays: its part, scenario, arm, players and retinues (with how many ride)."""
    content = content_for(cell.setup)
    retinues = {}
    for side in ("red", "blue"):
        rid = _retinue(cell, side)
        riding, members = mounted_share(content.retinues[rid])
        retinues[side] = {"id": rid, "name": content.retinues[rid].name, "riding": riding,
                          "members": members}
    return {"part": cell.part, "scenario": cell.scenario, "arm": cell.arm, "players": dict(cell.players),
            "house_rules": cell.setup.overlay_source, "retinues": retinues}


def gather(infos: list[dict[str, Any]], records: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """One entry per cell: what it plays, its summary, its comparison with the first arm of its
    part and scenario, and its games in order."""
    out: list[dict[str, Any]] = []
    firsts: dict[tuple[str, str], dict[str, Any]] = {}
    for info, games in zip(infos, records, strict=True):
        entry = {**{k: v for k, v in info.items() if k != "games"}, "summary": summary(games), "games": games}
        key = (info["part"], info["scenario"])
        if key in firsts:
            entry["compared_with_first_arm"] = {
                "first_arm": firsts[key]["arm"],
                **compare(firsts[key]["summary"], entry["summary"], "red")}
        else:
            firsts[key] = entry
        out.append(entry)
    return out


def _identity(entry: dict[str, Any]) -> str:
    return json.dumps({k: entry[k] for k in WHAT}, sort_keys=True)


def header(exp: Experiment, path: Path, the_cells: list[Cell], games: int | None) -> dict[str, Any]:
    """What a run asks for (the first line of its results file): the experiment, its parts and
    every cell it plays, described, with its number of games."""
    run_parts = {c.part for c in the_cells}
    return {
        "experiment": exp.name, "description": exp.description, "file": str(path), "seed": exp.seed,
        "parts": [{"part": p.name, "games": p.games, "players": p.players.by_side()} for p in exp.parts()],
        "parts_run": [p.name for p in exp.parts() if p.name in run_parts],
        "parts_not_run": [{"part": p.name, "games": p.games, "players": p.players.by_side()}
                          for p in exp.parts() if p.name not in run_parts],
        "games_overridden": games,
        "cells": [{**describe(cell), "games": cell.games} for cell in the_cells],
    }


def assemble(head: dict[str, Any], games: list[tuple[int, dict[str, Any]]], run: dict[str, Any]
             ) -> dict[str, Any]:
    """The whole result from a run's first line, its games (cell number, record; a game played
    twice counts once) and its run figures."""
    infos = head["cells"]
    by_cell: list[dict[int, dict[str, Any]]] = [{} for _ in infos]
    for k, rec in games:
        by_cell[k][rec["index"]] = rec
    records = [[found[i] for i in sorted(found)] for found in by_cell]
    return {**{k: v for k, v in head.items() if k != "cells"}, "arms": gather(infos, records), RUN: run}


def result_of(saved: Saved, path: Path) -> dict[str, Any]:
    """The whole result a results file holds (LabError if its run did not end)."""
    if saved.run is None:
        raise LabError(f"{path}: the run did not end ({len(saved.games)} games saved; --resume {path} "
                       "plays the rest)")
    return assemble(saved.header.model_dump(mode="json"), saved.games, saved.run.model_dump(mode="json"))


def saved_of(result: dict[str, Any]) -> Saved:
    """A result held in memory as if read back from its results file (validated the same way)."""
    head = {k: v for k, v in result.items() if k not in ("arms", RUN)}
    head["cells"] = [{**{k: arm[k] for k in WHAT}, "games": len(arm["games"])} for arm in result["arms"]]
    lines = [json.dumps({"lab_results": FORMAT, **head})]
    lines += [json.dumps({"cell": k, "game": g})
              for k, arm in enumerate(result["arms"]) for g in arm["games"]]
    if RUN in result:
        lines.append(json.dumps({"run": {"command": "", **result[RUN]}}))
    return parse_lines(enumerate(lines, 1), "(a result)")


def load_results(path: Path) -> Saved:
    """A results file written with --results, for --resume (one LabError naming the file and the
    first bad line if it is not one)."""
    return read_results(path)


def played_before(earlier: list[Saved], seed: int) -> dict[tuple[str, int], dict[str, Any]]:
    """The games of earlier results of the same experiment seed, by what their cell plays and
    their index: a game is the same whenever it is played, so it need not be played again (a game
    that ended in an error, or whose seed does not follow from its index, is played again)."""
    out: dict[tuple[str, int], dict[str, Any]] = {}
    for saved in earlier:
        if saved.header.seed != seed:
            continue
        idents = [_identity(c.model_dump(mode="json")) for c in saved.header.cells]
        for k, game in saved.games:
            if not game["error"] and game["seed"] == game_seed(seed, game["index"]):
                out[(idents[k], game["index"])] = game
    return out


def _stopped(exc: RunStopped, writer: ResultsWriter | None, played: int) -> LabError:
    if writer is None:
        return LabError(f"{exc}; {played} games played, none saved (no --results)")
    return LabError(f"{exc}; {writer.saved} games saved in {writer.path} (--resume {writer.path} "
                    "plays the rest)")


def run_experiment(path: Path, games: int | None = None, workers: int = 1, scheduler: str | None = None,
                   parts: list[str] | None = None, progress: TextIO | None = None,
                   show_progress: bool = True, resume: list[Saved] | None = None,
                   results: Path | None = None, command: str = "") -> dict[str, Any]:
    """Run an experiment file and return its result (everything but "run" is the same for the
    same file and seed, whatever the workers or the backend, and whichever games `resume`,
    earlier results, already held). With `results`, every game is written there as it ends.
    LabError (one line) for anything that stops the run, naming what was lost and the games kept."""
    exp = load_experiment(path)
    for i, name in enumerate(exp.scenarios):
        try:
            playable(name)
        except MapError as exc:
            raise LabError(f"{path}: key scenarios.{i}: {exc}") from None
    the_cells = cells(exp, path, games, parts)
    head = header(exp, path, the_cells, games)
    starts = [0]
    for cell in the_cells:
        starts.append(starts[-1] + cell.games)
    reused = _reused(head, starts, played_before(resume or [], exp.seed))
    records: list[dict[str, Any] | None] = [None] * starts[-1]
    for at, rec in reused.items():
        records[at] = rec

    def cell_of(at: int) -> int:
        return bisect_right(starts, at) - 1

    todo = ((starts[k] + t.index, t) for k, cell in enumerate(the_cells) for t in tasks_of([cell], exp.seed)
            if starts[k] + t.index not in reused)
    writer: ResultsWriter | None = None
    played = 0
    with backend_for(workers, scheduler) as backend:
        writer = ResultsWriter(results, head) if results is not None else None
        try:
            for at in sorted(reused):
                if writer is not None:
                    writer.game(cell_of(at), reused[at])
            started = time.perf_counter()
            for at, rec in run_tasks(todo, starts[-1] - len(reused), backend, progress, show_progress):
                records[at] = rec
                played += 1
                if writer is not None:
                    writer.game(cell_of(at), rec)
            seconds = time.perf_counter() - started
        except RunStopped as exc:
            raise _stopped(exc, writer, played) from None
        finally:
            if writer is not None:
                writer.close()
    run = {"seconds": round(seconds, 3), "games": played, "reused": len(reused),
           "games_per_second": round(played / seconds, 3) if seconds > 0 else 0.0,
           "workers": workers if not scheduler else None, "scheduler": scheduler, "command": command}
    done = [(cell_of(at), rec) for at, rec in enumerate(records) if rec is not None]
    if writer is not None:
        writer.finish(done, run)
    return assemble(head, done, run)


def _reused(head: dict[str, Any], starts: list[int], known: dict[tuple[str, int], dict[str, Any]]
            ) -> dict[int, dict[str, Any]]:
    """The places in the run of the games `known` holds."""
    where: dict[str, list[int]] = {}
    for k, info in enumerate(head["cells"]):
        where.setdefault(_identity(info), []).append(k)
    return {starts[k] + index: game for (ident, index), game in known.items() for k in where.get(ident, ())
            if index < head["cells"][k]["games"]}


def brief(result: dict[str, Any]) -> dict[str, Any]:
    """The result as --json prints it: per arm its summary and a games list (seed, winner, Valour
    per side, turns) in game order."""
    arms = []
    for arm in result["arms"]:
        games = [{"index": g["index"], "seed": g["seed"], "winner": g["winner"], "valour": g["valour"],
                  "turns": g["turns"]} for g in arm["games"]]
        arms.append({**{k: v for k, v in arm.items() if k != "games"}, "games": games})
    return {**{k: v for k, v in result.items() if k != "arms"}, "arms": arms}


def pct(x: float) -> str:
    """A share as a percentage with one decimal."""
    return f"{100 * x:.1f}%"


def sentence(arm: dict[str, Any]) -> str:
    """One sentence: is this arm's red win rate different from the first arm's at 95%?"""
    c = arm.get("compared_with_first_arm")
    rate = arm["summary"]["win_rate"]["red"]
    where = f"On {arm['scenario']} ({arm['part']}), **{arm['arm']}**"
    interval = f"{pct(rate['rate'])} [{pct(rate['low'])}, {pct(rate['high'])}]"
    if c is None:
        return f"{where} is the baseline: red wins {interval} of {arm['summary']['games']} games."
    verdict = "is significant" if c["significant"] else "is not significant"
    p = "p < 0.001" if c["p"] < 0.001 else f"p = {c['p']:.3f}"
    return (f"{where}: red wins {interval}, {100 * c['difference']:+.1f} points against "
            f"{c['first_arm']}; the difference {verdict} at 95% (two-proportion z = {c['z']:.2f}, {p}).")
