"""Headless campaigns: `python -m game.campaign --battles N --seed S --red-roster FILE --blue-roster FILE`.

Plays an open campaign AI against AI (the heuristic on both sides): before each battle the side
with less Prestige picks the scenario (here, a seeded choice among the shipped two-side maps; red
on a tie), the battle is played to its end, its result read from the game and the post-battle
sequence run; then what happened is printed, battle by battle, and the campaign as JSON with --json.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from game.campaign.model import Campaign, Side, new_campaign
from game.campaign.result import battle_result
from game.campaign.sequence import after_battle, campaign_dice
from game.muster.templates import blank, mount_all
from game.persist.rosters import RosterFileError, read_roster
from game.sim import play_game

OPEN_MAPS = ("the-ford", "skirmish-field", "stakes-and-arrows", "make-way")  # the shipped two-side maps
PLAYER = "heuristic"


def picker(c: Campaign) -> Side:
    """The side that picks the next scenario in an open campaign: the one with less Prestige, red on a tie."""
    return "blue" if c.sides["blue"].prestige < c.sides["red"].prestige else "red"


def pick_scenario(c: Campaign) -> str:
    """The picking side's choice, seeded by the campaign and the battle's index (logged as a roll)."""
    dice = campaign_dice(c.seed ^ 0x5CE7A210, len(c.battles))
    return OPEN_MAPS[dice.roll(f"{picker(c)} picks the scenario", len(OPEN_MAPS)) - 1]


def battle_seed(c: Campaign) -> int:
    """The next battle's seed, from the campaign's seed and the battle's index."""
    return (c.seed * 1_000_003 + len(c.battles)) % 2**63


def fight(c: Campaign, out: list[str]) -> Campaign | None:
    """Play the campaign's next battle and its post-battle sequence; None if it cannot be fought."""
    scenario, seed = pick_scenario(c), battle_seed(c)
    rosters = {side: c.sides[side].roster for side in ("red", "blue")}
    away = [f"{c.sides[s].roster.members[i].name}" for s in ("red", "blue")
            for i, rec in enumerate(c.sides[s].records) if rec.misses_next]
    game = play_game(scenario, len(c.battles), seed, {"red": PLAYER, "blue": PLAYER}, rosters=rosters)
    out.append(f"Battle {len(c.battles) + 1}: {scenario} (seed {seed}), picked by {picker(c)}")
    if away:  # the muster fields whole retinues only: a Hero who should miss the battle rides anyway
        out.append(f"  should miss this battle but take the field (the muster fields whole retinues): "
                   f"{', '.join(away)}")
    if game.match is None or game.error:
        out.append(f"  the battle could not be fought: {game.error}")
        return None
    c, events = after_battle(c, battle_result(game.match.engine, c))
    for e in events:
        roll = f" [{e.roll.purpose}: {e.roll.value}]" if e.roll else ""
        out.append(f"  {e.step}: {e.side + ': ' if e.side else ''}{e.text}{roll}")
    out.append("  Prestige: " + ", ".join(f"{c.sides[s].roster.name} {c.sides[s].prestige}"
                                          for s in ("red", "blue")))
    return None if any(e.kind == "cannot_field" for e in events) else c


def run(battles: int, seed: int, red_file: str | None, blue_file: str | None) -> tuple[Campaign, list[str]]:
    """Play up to `battles` battles of an open campaign; the campaign and the lines of its report."""
    red = read_roster(red_file) if red_file else mount_all(blank(seed, "The Red Riders"))
    blue = read_roster(blue_file) if blue_file else blank(seed + 1, "The Blue Foot")
    c = new_campaign(f"Campaign {seed}", "open", seed, red, blue)
    out: list[str] = []
    for _ in range(battles):
        nxt = fight(c, out)
        if nxt is None:
            out.append("The campaign ends: a retinue cannot take the field.")
            break
        c = nxt
    wins = {w: sum(1 for b in c.battles if b.winner == w) for w in ("red", "blue", "draw")}
    out.append(f"{len(c.battles)} battles: red {wins['red']}, blue {wins['blue']}, drawn {wins['draw']}")
    return c, out


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments and play the campaign."""
    parser = argparse.ArgumentParser(prog="python -m game.campaign", description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--red-roster", help="red's roster file (default: a blank retinue, mounted)")
    parser.add_argument("--blue-roster", help="blue's roster file (default: a blank retinue on foot)")
    parser.add_argument("--json", action="store_true", help="print the campaign as JSON at the end")
    args = parser.parse_args(argv)
    if not 1 <= args.battles <= 200 or not 0 <= args.seed < 2**40:
        parser.error("--battles is 1 to 200 and --seed 0 to 2**40")
    try:
        c, lines = run(args.battles, args.seed, args.red_roster, args.blue_roster)
    except RosterFileError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    if args.json:
        print(json.dumps(c.model_dump(mode="json"), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
