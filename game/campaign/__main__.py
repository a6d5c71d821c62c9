"""Headless campaigns, AI against AI: `python -m game.campaign [--kind open|narrative] [--campaigns N]`.

Each campaign's battles are played to their end by the AI on both sides (the heuristic unless
given), their results read from the game and the post-battle sequence run, on the campaign's own
dice; both retinues muster by the AI's rules. An open campaign runs `--battles` battles (or until a
retinue cannot take the field), the side with less Prestige picking each table; a narrative one
runs until it reaches an ending. With --verify every battle's replay is played again and checked.
It prints what happened, battle by battle (one campaign) or a summary of many: how long they ran,
how they ended, errors and replays; and the last campaign as JSON with --json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.campaign.battles import ReplayError, fielded, replay_of, result_of, verify_replay
from game.campaign.model import Campaign, Side, new_campaign
from game.campaign.progress import OPEN_TABLES, Story, advance, fought, next_battle, phase, steps, why_over
from game.campaign.sequence import SIDES
from game.campaign.stories import first_story
from game.muster.roster import Roster
from game.muster.templates import blank, mount_all
from game.persist.rosters import RosterFileError, read_roster
from game.sim import play_game

OPEN_MAPS = OPEN_TABLES
PLAYER = "heuristic"


@dataclass(slots=True)
class Run:
    """One headless campaign: the campaign, its report's lines, and what went wrong."""

    campaign: Campaign
    lines: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    verified: int = 0


def fight(run: Run, story: Story | None, verify: bool) -> bool:
    """Play the campaign's next battle and its post-battle sequence; False if it could not be fought."""
    c = run.campaign
    nxt = next_battle(c, story)
    rosters = fielded(c).rosters
    away = [c.sides[s].roster.members[i].name for s in SIDES
            for i, rec in enumerate(c.sides[s].records) if rec.misses_next]
    players: dict[str, str] = {s: c.players[s] for s in SIDES}
    sides: dict[str, Roster] = {s: rosters[s] for s in SIDES}
    game = play_game(nxt.scenario, len(c.battles), nxt.seed, players, rosters=sides)
    picked = f", picked by {nxt.picker}" if nxt.picker else ""
    run.lines.append(f"Battle {len(c.battles) + 1}: {nxt.scenario} (seed {nxt.seed}){picked}")
    if away:
        run.lines.append(f"  away: {', '.join(away)}")
    if game.match is None or game.error:
        run.errors.append(f"battle {len(c.battles) + 1} on {nxt.scenario}: {game.error}")
        return False
    if verify:
        try:
            verify_replay(replay_of(game.match, c))
            run.verified += 1
        except ReplayError as exc:
            run.errors.append(f"battle {len(c.battles) + 1}: {exc}")
    c = fought(c, result_of(game.match, c))
    for shown in steps(c):
        for e in shown.events:
            roll = f" [{e.roll.purpose}: {e.roll.value}]" if e.roll else ""
            run.lines.append(f"  {e.step}: {e.side + ': ' if e.side else ''}{e.text}{roll}")
    while c.pending is not None:
        c = advance(c, story)
    run.lines.append("  Prestige: " + ", ".join(f"{c.sides[s].roster.name} {c.sides[s].prestige}"
                                                for s in SIDES))
    run.campaign = c
    return True


def play(c: Campaign, battles: int, story: Story | None = None, verify: bool = False) -> Run:
    """Play a campaign on to its end, or `battles` more battles."""
    run = Run(c)
    for _ in range(battles):
        if phase(run.campaign) != "battle" or not fight(run, story, verify):
            break
    c = run.campaign
    if phase(c) == "over":
        run.lines.append(f"The campaign ends: {why_over(c)}.")
    wins = Counter(b.winner for b in c.battles)
    run.lines.append(f"{len(c.battles)} battles: red {wins['red']}, blue {wins['blue']}, "
                     f"drawn {wins['draw']}")
    return run


def rosters(seed: int, red_file: str | None, blue_file: str | None) -> tuple[Roster, Roster]:
    """The two retinues: from files, or blank ones (red mounted, blue on foot)."""
    red = read_roster(red_file) if red_file else mount_all(blank(seed, "The Red Riders"))
    blue = read_roster(blue_file) if blue_file else blank(seed + 1, "The Blue Foot")
    return red, blue


def summary(runs: list[Run]) -> list[str]:
    """How long the campaigns ran and how they ended."""
    lengths = [len(r.campaign.battles) for r in runs]
    endings = Counter(r.campaign.ending or ("unfit" if phase(r.campaign) == "over" else "stopped")
                      for r in runs)
    errors = sum(len(r.errors) for r in runs)
    out = [f"{len(runs)} campaigns, {sum(lengths)} battles, {errors} errors, "
           f"{sum(r.verified for r in runs)} replays verified",
           f"battles per campaign: min {min(lengths)}, median {statistics.median(lengths)}, "
           f"max {max(lengths)}",
           "endings: " + ", ".join(f"{name} {n}" for name, n in endings.most_common())]
    out += [f"error: {e}" for r in runs for e in r.errors]
    return out


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m game.campaign", description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=("open", "narrative"), default="open")
    parser.add_argument("--narrative", default="", help="the narrative's id (default: the first shipped)")
    parser.add_argument("--campaigns", type=int, default=1, help="campaigns to play, seeds seed, seed+1, ...")
    parser.add_argument("--battles", type=int, default=3, help="an open campaign's battles (at most)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--red", default=PLAYER, help="red's AI player (name[:level])")
    parser.add_argument("--blue", default=PLAYER, help="blue's AI player (name[:level])")
    parser.add_argument("--red-roster", help="red's roster file (default: a blank retinue, mounted)")
    parser.add_argument("--blue-roster", help="blue's roster file (default: a blank retinue on foot)")
    parser.add_argument("--verify", action="store_true", help="play every battle's replay again and check it")
    parser.add_argument("--json", action="store_true", help="print the (last) campaign as JSON at the end")
    args = parser.parse_args(argv)
    if not 1 <= args.battles <= 200 or not 0 <= args.seed < 2**40 or not 1 <= args.campaigns <= 10_000:
        parser.error("--battles is 1 to 200, --campaigns 1 to 10000 and --seed 0 to 2**40")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Play the campaigns and print what happened."""
    args = parse_args(argv)
    try:
        red, blue = rosters(args.seed, args.red_roster, args.blue_roster)
    except RosterFileError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    story, narrative, stage, limit = None, "", "", args.battles
    if args.kind == "narrative":
        try:
            story, narrative, stage = first_story(args.narrative)
        except KeyError as exc:
            print(f"error: {exc.args[0]}", file=sys.stderr)
            return 2
        limit = 200
    players: dict[Side, str] = {"red": args.red, "blue": args.blue}
    runs = []
    for k in range(args.campaigns):
        seed = args.seed + k
        c = new_campaign(f"Campaign {seed}", args.kind, seed, red, blue, players=players, narrative=narrative,
                         stage=stage)
        runs.append(play(c, limit, story, args.verify))
    print("\n".join(runs[0].lines if args.campaigns == 1 else summary(runs)))
    if args.json:
        plain = runs[-1].campaign.model_dump(mode="json", exclude={"battles": {"__all__": {"replay"}}})
        print(json.dumps(plain, indent=1))
    return 1 if any(r.errors for r in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
