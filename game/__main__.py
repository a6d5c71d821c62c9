"""Destrier's client: the command line that opens the game window (the `destrier` command,
`python -m game`, and `python main.py` in a checkout)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.app import App

SCREENS = ("menu", "battle", "handover", "result", "rules", "settings", "scenarios", "load", "solo-setup",
           "watch-setup")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="Destrier: Ruckus skirmish on a digital table")
    parser.add_argument("--scenario", help="go straight to the battle screen on this scenario: a shipped "
                                               "map's name (without .tmx), or the path of any .tmx map file")
    parser.add_argument("--mode", default="hotseat",
                        choices=["hotseat", "solo", "watch", "editor", "tutorial"],
                        help="hotseat: two players on one machine; solo: you against the AI; "
                             "watch: the AI plays both sides; editor: the scenario editor (on the "
                             "--scenario given, or a new table); tutorial: learn to play, one "
                             "guided turn on its own small table")
    parser.add_argument("--side", default="red", choices=["red", "blue"], metavar="{orange,blue}",
                        type=lambda s: "red" if s.lower() == "orange" else s.lower(),
                        help="your side in a solo game (red is Orange's old name)")
    parser.add_argument("--difficulty", default="normal", choices=["easy", "normal", "hard"],
                        help="the AI's level in a solo game")
    parser.add_argument("--orange", "--red", dest="red", metavar="SPEC",
                        help="watch mode: the AI player of Orange, name[:level] (e.g. eager:hard)")
    parser.add_argument("--blue", metavar="SPEC", help="watch mode: the AI player of Blue, name[:level]")
    parser.add_argument("--orange-roster", "--red-roster", dest="red_roster", metavar="FILE",
                        help="Orange fields this roster file (a retinue of your own) instead of the "
                             "scenario's retinue")
    parser.add_argument("--blue-roster", metavar="FILE",
                        help="Blue fields this roster file instead of the scenario's retinue")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deploy", action="store_true",
                        help="the players deploy their Spears in turn before the first card")
    parser.add_argument("--screenshot", help="save the screen to this PNG on exit")
    parser.add_argument("--frames", type=int, default=0, help="quit after this many frames")
    parser.add_argument("--steps", type=int, default=0, help="AI commands to play before showing")
    parser.add_argument("--screen", choices=SCREENS, help=argparse.SUPPRESS)  # for docs screenshots
    parser.add_argument("--size", default="1280x720", help=argparse.SUPPRESS)
    parser.add_argument("--hint", action="store_true", help=argparse.SUPPRESS)  # docs: a hint shown
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and open the window."""
    parser = _parser()
    args = parser.parse_args(argv)
    from game.content import ContentError
    from game.muster.play import RosterError
    from game.persist.rosters import RosterFileError
    from game.rules.setup import SetupError
    from game.scenario import scenario_key
    from game.terrain.terrain_map import MapError
    from game.ui import navigation
    from game.ui.app import App
    from game.ui.launch import check_player, side_rosters

    for flag in ("red", "blue"):
        problem = check_player(getattr(args, flag))
        if problem:
            parser.error(f"--{'orange' if flag == 'red' else flag}: {problem}")

    if args.scenario:
        args.scenario = scenario_key(args.scenario)
    try:
        args.rosters = side_rosters(args.red_roster, args.blue_roster)
    except RosterFileError as exc:
        print(f"Cannot read the roster: {exc}", file=sys.stderr)
        return 2
    width, height = (int(v) for v in args.size.lower().split("x"))
    try:
        return _open(App(size=(width, height), build=navigation.build), args)
    except MapError as exc:
        print(f"Cannot open the map: {exc}", file=sys.stderr)
        return 2
    except ContentError as exc:
        print(f"Cannot start: broken game content: {exc}", file=sys.stderr)
        return 2
    except (RosterError, SetupError) as exc:
        print(f"Cannot field the roster: {exc}", file=sys.stderr)
        return 2


def _open(app: App, args: argparse.Namespace) -> int:
    """Open the first places the arguments ask for and run the window (MapError, ContentError)."""
    from game.terrain.terrain_map import MapError
    from game.ui import places
    from game.ui.launch import editor_place, first_screen

    if args.frames:
        app.settings.ai_speed = "instant"  # for this run only: the AI plays within the frames
    if args.mode == "editor":
        app.apply(places.Reset(places.MainMenu()))
        app.apply(places.Push(editor_place(args.scenario)))
    elif args.mode == "tutorial":
        app.apply(places.Reset(places.MainMenu()))
        app.apply(places.Push(places.Tutorial()))
    else:
        try:
            first_screen(app, args)
        except MapError as exc:  # the window says why the map cannot be played, and so does the exit
            print(f"Cannot open the map: {exc}", file=sys.stderr)
            app.apply(places.Reset(places.MainMenu()))
            app.apply(places.Push(places.Message("This map cannot be played", str(exc))))
            app.run(args.frames, args.screenshot)
            return 2
    return app.run(args.frames, args.screenshot)


if __name__ == "__main__":
    sys.exit(main())
