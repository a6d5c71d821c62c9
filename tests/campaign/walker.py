"""A campaign walked through its post-battle sequence and a person's muster, one step at a time, each
step written to the campaign file at once: `python -m tests.campaign.walker FILE [--pause S]`.

It reads the file (or, if that is spoilt, its last good copy), takes the next step (one more step of
the sequence seen; then red's purchases as Prestige allows, one at a time; then red's muster done)
and writes the campaign, until nothing is left to do. Each next step is a pure function of the
campaign as it stands, so a walk cut off anywhere and begun again from the file goes on as if it
had never stopped. It says `ready` once its tables are loaded, and `writing N` / `wrote N` around
each write (N: the steps finished once the write is done), for the kill test to judge: on stdout,
or (`child`, a process started by the test) appended to a log file.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from game.campaign.market import Market, MarketError, healer, hire, horse, lance, retainers_wanted
from game.campaign.model import STEPS, Campaign, Event, Side
from game.campaign.progress import advance, done_mustering
from game.content.models import ROLE_STEEDS
from game.persist.campaigns import CampaignFileError, last_good, read_campaign, write_campaign

PERSON: Side = "red"
BOUGHT = ("hired", "horse", "lance", "healed")


def on_disk(path: Path) -> Campaign:
    """The campaign as the file holds it, or its last good copy if the file is spoilt or missing."""
    try:
        return read_campaign(path)
    except CampaignFileError:
        return last_good(path)


def progress(c: Campaign) -> int:
    """How many steps of the walk the campaign has finished: the sequence's steps seen, then red's
    purchases after the last battle, then red's muster done."""
    if c.pending is not None:
        return c.pending.seen
    last = len(c.battles) - 1
    bought = sum(1 for e in c.chronicle if e.battle == last and e.step == "muster" and e.side == PERSON
                 and e.kind in BOUGHT)
    return len(STEPS) + bought + (0 if PERSON in c.mustering else 1)


def _purchases(c: Campaign, market: Market) -> list[Callable[[], tuple[Campaign, Event]]]:
    """Red's wishes, most wanted first: healers, a new Retainer, horses, then Lances."""
    retinue = c.sides[PERSON]
    pairs = list(zip(retinue.roster.members, retinue.records, strict=True))
    steeds = {kind: min(k for k, s in market.content.steeds.items() if s.steed_kind == kind)
              for kind in set(ROLE_STEEDS.values())}
    retainers = [p for spear in market.muster.blank.spears for p in spear
                 if market.content.profiles[p].type != "hero"]
    wishes: list[Callable[[], tuple[Campaign, Event]]] = []
    wishes += [partial(healer, c, PERSON, rec.number, market) for _, rec in pairs if rec.misses_next]
    if retainers_wanted(c, PERSON, market):
        wishes.append(partial(hire, c, PERSON, retainers[c.next_number % len(retainers)], market=market))
    wishes += [partial(horse, c, PERSON, rec.number, steeds[ROLE_STEEDS[market.role(m)]], market)
               for m, rec in pairs if m.steed is None]
    wishes += [partial(lance, c, PERSON, rec.number, market) for m, rec in pairs if not m.lance]
    return wishes


def step(c: Campaign, market: Market | None = None) -> Campaign | None:
    """The campaign one step on, or None when the walk is over."""
    if c.pending is not None:
        return advance(c)
    if PERSON not in c.mustering:
        return None
    market = market or Market.shipped()
    for wish in _purchases(c, market):
        try:
            bought, _ = wish()
        except MarketError:
            continue
        return bought
    return done_mustering(c, PERSON)


def walk(c: Campaign) -> Campaign:
    """The walk's end from a campaign, in this process (nothing written)."""
    market = Market.shipped()
    while (nxt := step(c, market)) is not None:
        c = nxt
    return c


def walk_file(path: Path, pause: float, say: Callable[[str], object]) -> None:
    """Walk the campaign file to the walk's end, writing after each step and saying so."""
    market = Market.shipped()
    say("ready")
    c = on_disk(path)
    while (nxt := step(c, market)) is not None:
        c = nxt
        say(f"writing {progress(c)}")
        write_campaign(c, path)
        say(f"wrote {progress(c)}")
        time.sleep(pause)
    say("done")


def child(path: str, pause: float, log: str) -> None:
    """A walk in a process of its own, each line it says appended to the log at once (a process
    killed keeps every line it wrote)."""
    fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    walk_file(Path(path), pause, lambda line: os.write(fd, (line + "\n").encode()))


def main(argv: Sequence[str] | None = None) -> int:
    """Walk the campaign file to the walk's end, writing after each step."""
    parser = argparse.ArgumentParser(prog="python -m tests.campaign.walker")
    parser.add_argument("file", type=Path)
    parser.add_argument("--pause", type=float, default=0.0, help="seconds to wait after each write")
    args = parser.parse_args(argv)
    walk_file(args.file, args.pause, lambda line: print(line, flush=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
