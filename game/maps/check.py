"""`python -m game.maps.check PATH...`: check map files as the game loads them.

Prints one line per problem (the file, the place, the problem) and exits 1 if there are any, 0
if every map plays. It never prints a traceback: a failure of the checker itself is reported as
a problem of that map.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from game.maps.problems import Problem, map_problems


def check(path: str) -> list[Problem]:
    """The problems of one map; an unexpected failure is one problem too, never a traceback."""
    try:
        return map_problems(path)
    except Exception as exc:  # the checker must report, not crash
        return [Problem(path, "map", f"could not be checked ({type(exc).__name__}: {exc})")]


def main(argv: Sequence[str] | None = None) -> int:
    """Check each map named; the exit code is 1 if any has a problem."""
    parser = argparse.ArgumentParser(prog="python -m game.maps.check",
                                     description="Check Tiled maps (.tmx) the way the game loads them.")
    parser.add_argument("paths", nargs="+", metavar="PATH", help="a .tmx map file")
    args = parser.parse_args(argv)
    found = 0
    for path in args.paths:
        for problem in check(path):
            print(problem.line().replace("\n", " "))
            found += 1
    maps = len(args.paths)
    print(f"{maps} map{'s' if maps != 1 else ''} checked: "
          + (f"{found} problem{'s' if found != 1 else ''}" if found else "no problems"), file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
