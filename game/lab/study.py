"""Running a whole experiment and gathering it into one JSON-ready result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TextIO

from game.bounded import FileRefused, read_text
from game.lab.experiment import (
    Cell,
    Experiment,
    LabError,
    cells,
    content_for,
    load_experiment,
    mounted_share,
)
from game.lab.runner import run_tasks, tasks_of
from game.lab.stats import compare, summary
from game.scenario import cached_scenario, playable
from game.sim import game_seed
from game.terrain.terrain_map import MapError

RUN = "run"  # the one key of a result that depends on how it was run: the machine, the command
WHAT = ("part", "scenario", "arm", "players", "house_rules", "retinues")  # what a cell plays
RESULTS_LIMIT = 256 * 1024 * 1024  # bytes: an earlier result read with --resume


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


def gather(exp: Experiment, the_cells: list[Cell], records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per cell: what it plays, its summary, its comparison with the first arm of its
    part and scenario, and its games in order."""
    out: list[dict[str, Any]] = []
    at = 0
    firsts: dict[tuple[str, str], dict[str, Any]] = {}
    for cell in the_cells:
        games = records[at:at + cell.games]
        at += cell.games
        entry = {**describe(cell), "summary": summary(games), "games": games}
        key = (cell.part, cell.scenario)
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


def load_results(path: Path) -> dict[str, Any]:
    """A result written with --results, for --resume (a LabError naming the file if it is not one)."""
    try:
        result = json.loads(read_text(path, RESULTS_LIMIT))
        if not isinstance(result, dict) or not isinstance(result.get("arms"), list):
            raise ValueError("it holds no arms")
        for arm in result["arms"]:
            _identity(arm)
            for game in arm["games"]:
                int(game["index"]), int(game["seed"])
    except RecursionError:
        raise LabError(f"{path}: not a result written with --results (nested too deeply)") from None
    except (FileRefused, OSError, ValueError, TypeError, KeyError) as exc:
        raise LabError(f"{path}: not a result written with --results ({exc})") from None
    return result


def played_before(results: list[dict[str, Any]], seed: int) -> dict[tuple[str, int], dict[str, Any]]:
    """The games of earlier results of the same experiment seed, by what their cell plays and
    their index: a game is the same whenever it is played, so it need not be played again (a game
    that ended in an error is played again)."""
    return {(_identity(arm), game["index"]): game for result in results if result.get("seed") == seed
            for arm in result["arms"] for game in arm["games"]
            if not game.get("error") and game["seed"] == game_seed(seed, game["index"])}


def run_experiment(path: Path, games: int | None = None, workers: int = 1, scheduler: str | None = None,
                   parts: list[str] | None = None, progress: TextIO | None = None,
                   show_progress: bool = True, resume: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Run an experiment file and return its result (everything but "run" is the same for the
    same file and seed, whatever the workers or the backend, and whichever games `resume`,
    earlier results, already held)."""
    exp = load_experiment(path)
    for i, name in enumerate(exp.scenarios):
        try:
            playable(name)
        except MapError as exc:
            raise LabError(f"{path}: key scenarios.{i}: {exc}") from None
    the_cells = cells(exp, path, games, parts)
    tasks = tasks_of(the_cells, exp.seed)
    known = played_before(resume, exp.seed) if resume is not None else {}
    what = {id(cell): _identity(describe(cell)) for cell in the_cells}
    reused = {i: known[(what[id(t.cell)], t.index)] for i, t in enumerate(tasks)
              if (what[id(t.cell)], t.index) in known}
    todo = [t for i, t in enumerate(tasks) if i not in reused]
    played, seconds = run_tasks(todo, workers, scheduler, progress, show_progress)
    fresh = iter(played)
    records = [reused[i] if i in reused else next(fresh) for i in range(len(tasks))]
    run_parts = sorted({c.part for c in the_cells})
    return {
        "experiment": exp.name, "description": exp.description, "file": str(path), "seed": exp.seed,
        "parts": [{"part": p.name, "games": p.games, "players": p.players.by_side()} for p in exp.parts()],
        "parts_run": [p.name for p in exp.parts() if p.name in run_parts],
        "parts_not_run": [{"part": p.name, "games": p.games, "players": p.players.by_side()}
                          for p in exp.parts() if p.name not in run_parts],
        "games_overridden": games,
        "arms": gather(exp, the_cells, records),
        RUN: {"seconds": round(seconds, 3), "games": len(todo), "reused": len(reused),
                 "games_per_second": round(len(todo) / seconds, 3) if seconds > 0 else 0.0,
                 "workers": workers if not scheduler else None, "scheduler": scheduler},
    }


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
