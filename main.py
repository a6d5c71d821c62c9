"""Destrier: start the game window."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and open the table."""
    parser = argparse.ArgumentParser(description="Destrier: Ruckus skirmish on a digital table")
    parser.add_argument("--scenario", default="skirmish-field")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", default="watch", choices=["watch"],
                        help="watch: AI retinues play while you step (SPACE) or autoplay (A)")
    parser.add_argument("--screenshot", help="save the screen to this PNG on exit")
    parser.add_argument("--frames", type=int, default=0, help="quit after this many frames")
    parser.add_argument("--steps", type=int, default=0, help="AI commands to play before showing")
    args = parser.parse_args(argv)
    from game.terrain.terrain_map import MapError
    from game.ui.viewer import run

    try:
        return run(args.scenario, args.seed, args.screenshot, args.frames, args.steps)
    except MapError as exc:
        print(f"Cannot open the map: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
