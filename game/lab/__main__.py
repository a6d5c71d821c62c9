"""`python -m game.lab EXPERIMENT.toml [--games N] [--workers N | --scheduler ADDRESS] [--json]
[--report DIR] [--part NAME]`: run a study of AI-against-AI games and report on it."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from game.content.overlay import OverlayError
from game.lab.cluster import host_and_port
from game.lab.experiment import LabError, games_problem
from game.lab.results import output_problem
from game.lab.study import brief, load_results, run_experiment, sentence


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(prog="python -m game.lab", description="Run a balance study.")
    p.add_argument("experiment", type=Path, help="the experiment TOML file")
    p.add_argument("--games", type=int, default=None, help="games per arm, instead of the file's")
    p.add_argument("--workers", type=int, default=1, help="local worker processes (default 1)")
    p.add_argument("--scheduler", default=None,
                   help="a Dask scheduler's address (tcp://HOST:8786) to run the games on its cluster")
    p.add_argument("--part", action="append", default=None,
                   help="run only this part of the experiment (may be repeated)")
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    p.add_argument("--report", type=Path, default=None, help="write report.md, charts and games.csv here")
    p.add_argument("--results", type=Path, default=None,
                   help="also write the whole result, every game's record, as JSON here (python -m "
                        "game.lab.report RESULTS DIR draws its report again)")
    p.add_argument("--resume", type=Path, action="append", default=None,
                   help="a result an earlier run wrote with --results (may be repeated): the games "
                        "it holds (same experiment and seed) are taken from it, not played again")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p.parse_args(argv)


def argument_problem(args: argparse.Namespace) -> str:
    """What is wrong with the command line's values, in one line ("" if nothing): checked, with
    the output paths, before anything is read or played."""
    if args.games is not None and games_problem(args.games):
        return f"--games {args.games}: {games_problem(args.games)}"
    if args.workers < 1:
        return "--workers must be at least 1"
    if args.scheduler and args.workers != 1:
        return "give --workers or --scheduler, not both"
    if args.scheduler:
        host_and_port(args.scheduler)  # LabError at once for what is no tcp://HOST:PORT
    for option, path, folder in (("--results", args.results, False), ("--report", args.report, True)):
        if path is not None and (why := output_problem(path, folder)):
            return f"{option} {path}: {why}"
    if args.report is not None:
        from game.lab.report import CHARTS  # matplotlib only when a report is wanted

        for name in (*CHARTS, "games.csv", "report.md"):
            if why := output_problem(args.report / name):
                return f"--report {args.report / name}: {why}"
    return ""


def human(result: dict[str, object]) -> str:
    """A few lines per arm."""
    arms = result["arms"]
    assert isinstance(arms, list)
    lines = [sentence(a) for a in arms]
    timing = result["run"]
    assert isinstance(timing, dict)
    reused = f"; {timing['reused']} taken from the earlier results" if timing.get("reused") else ""
    lines.append(f"{timing['games']} games in {timing['seconds']} s ({timing['games_per_second']} games/s)"
                 + reused)
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the lab; returns the exit code."""
    args = parse_args(argv)
    command = "python -m game.lab " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:]))
    try:
        problem = argument_problem(args)
        if problem:
            raise LabError(problem)
        earlier = [load_results(p) for p in args.resume] if args.resume else None
        result = run_experiment(args.experiment, args.games, args.workers, args.scheduler, args.part,
                                sys.stderr, not args.quiet, earlier, args.results, command)
        if args.report is not None:
            from game.lab.report import write_report  # matplotlib only when a report is wanted

            for path in write_report(result, args.report, command):
                print(f"wrote {path}", file=sys.stderr)
    except (LabError, OverlayError) as exc:
        print(f"error: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {one_line(where + (exc.strerror or str(exc)))}", file=sys.stderr)
        return 2
    print(json.dumps(brief(result), indent=2) if args.json else human(result))
    return 0


def one_line(text: str) -> str:
    """An error's text on one line, control characters shown escaped (a path may hold any)."""
    flat = " ".join(text.split())
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in flat)


if __name__ == "__main__":
    sys.exit(main())
