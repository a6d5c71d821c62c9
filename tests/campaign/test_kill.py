"""A campaign killed with kill -9 during its post-battle sequence and muster, 20 times at random
moments, always resumes from its file with nothing finished lost, and ends as a walk never killed.

A child process (`tests.campaign.walker`) walks the campaign a step at a time (the sequence's
steps, then a person's purchases one by one, then his muster done), writing the file after each;
the test kills it with SIGKILL after a seeded random delay spread over a walk's length, and starts
it again from whatever is on disk. Each time the file must read as the campaign at some step of
the walk (its last good copy as the step before), never behind a step the child had finished
writing nor behind the last kill's, and every walk that reaches its end ends in the campaign a walk
never killed reaches.
"""

from __future__ import annotations

import multiprocessing
import random
import signal
import time
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from pathlib import Path

import pytest

from game.campaign import Campaign, new_campaign
from game.campaign.market import Market
from game.campaign.progress import fought
from game.muster import blank, mount_all
from game.persist.campaigns import last_good, read_campaign, write_campaign
from tests.campaign import walker
from tests.campaign.helpers import result
from tests.campaign.walker import progress, step

FORKS = multiprocessing.get_context("forkserver")  # a child forked from a process that has the game loaded
FORKS.set_forkserver_preload(["tests.campaign.walker"])
KILLS = 20
PAUSE = 0.01  # seconds the child waits after each write, so a walk lasts a few dozen steps' writes


@pytest.fixture(scope="module")
def fought_campaign() -> Campaign:
    """A solo open campaign (red a person, on foot; blue the AI, mounted) whose first battle is
    fought: half of red taken, blue standing with Valour. On the campaign's dice its post-battle
    sequence has a death, wounds, Valour and Prestige, and red's muster a healer, a new Retainer and
    horses to buy."""
    c = new_campaign("Killed Again", "open", 8, blank(8, "The Red Foot"),
                     mount_all(blank(9, "The Blue Riders")), prestige=20,
                     players={"red": "human", "blue": "heuristic"})
    models = [{"side": "red", "member": rec.number, "state": "standing" if i % 2 else "casualty",
               "valour": i % 3} for i, rec in enumerate(c.sides["red"].records)]
    models += [{"side": "blue", "member": rec.number, "valour": 2, "steed": "kept"}
               for rec in c.sides["blue"].records]
    return fought(c, result(*models, winner="blue", objectives={"blue": 1}))


def trajectory(c: Campaign) -> list[Campaign]:
    """The campaign at each step of a walk never cut off (index: the steps finished)."""
    market = Market.shipped()
    out = [c]
    while (nxt := step(out[-1], market)) is not None:
        out.append(nxt)
    return out


@dataclass
class Child:
    """One run of the walker in a process of its own, and what it said."""

    proc: BaseProcess
    log: Path
    ready_at: float

    @classmethod
    def start(cls, path: Path) -> Child:
        log = path.with_name("walk.log")
        log.unlink(missing_ok=True)
        proc = FORKS.Process(target=walker.child, args=(str(path), PAUSE, str(log)), daemon=True)
        proc.start()
        deadline = time.perf_counter() + 30
        while not (log.exists() and log.read_bytes().startswith(b"ready\n")):
            assert proc.is_alive() or proc.exitcode == 0, f"the walker ended with {proc.exitcode}"
            assert time.perf_counter() < deadline, "the walker did not start"
            time.sleep(0.001)
        return cls(proc, log, time.perf_counter())

    def ended(self, timeout: float | None) -> bool:
        """Wait for the walk's end at most `timeout` seconds; True if it ended (whole, not killed)."""
        self.proc.join(timeout)
        if self.proc.exitcode is None:
            self.proc.kill()  # SIGKILL: kill -9
            self.proc.join()
        assert self.proc.exitcode in (0, -signal.SIGKILL), f"the walker failed ({self.proc.exitcode})"
        return self.proc.exitcode == 0  # it may have ended just before the kill

    @property
    def lines(self) -> list[str]:
        """Every line it said."""
        return self.log.read_text().splitlines()

    def said(self, word: str) -> int:
        """The last step it said it was writing / had written (-1: none)."""
        found = [int(line.split()[1]) for line in self.lines if line.startswith(word + " ")]
        return found[-1] if found else -1


def fresh(folder: Path, c: Campaign) -> Path:
    """An empty folder holding only the campaign's file."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    return write_campaign(c, folder / "killed-again.json")


def test_a_walk_killed_20_times_loses_nothing_finished(fought_campaign: Campaign, tmp_path: Path) -> None:
    path_of = trajectory(fought_campaign)
    assert len(path_of) >= 10 and [progress(c) for c in path_of] == list(range(len(path_of)))
    bought = {e.kind for e in path_of[-1].chronicle if e.step == "muster" and e.side == "red"}
    assert {"hired", "healed", "horse"} <= bought, bought

    # the walk never killed, in a child as every other: its end and how long it takes
    path = fresh(tmp_path / "whole", fought_campaign)
    whole = Child.start(path)
    assert whole.ended(None)
    span = time.perf_counter() - whole.ready_at
    assert whole.lines[-1] == "done" and read_campaign(path) == path_of[-1]

    rng = random.Random(35)
    path = fresh(tmp_path / "killed", fought_campaign)
    started, steps = time.perf_counter(), len(path_of) - 1
    kills, walks, before, landed, mid_write = 0, 0, 0, set(), 0
    while kills < KILLS:
        child = Child.start(path)
        left = span * (steps - before) / steps  # a kill lands anywhere in what is left of the walk
        if child.ended(rng.uniform(0.0, left) if left else None):  # the end reached first: as if never killed
            assert child.lines[-1] == "done" and read_campaign(path) == path_of[-1]
            walks += 1
            path, before = fresh(tmp_path / "killed", fought_campaign), 0
            continue
        kills += 1
        now = read_campaign(path)  # the file itself is whole at every moment
        done = progress(now)
        assert now == path_of[done], f"kill {kills}: the file is not the walk's step {done}"
        if done:  # its last good copy is the step before, or (cut off while keeping it) this one
            assert last_good(path) in (path_of[done - 1], path_of[done]), f"kill {kills}: at step {done}"
        written = child.said("wrote")
        assert done >= written, f"kill {kills}: step {written} was written, {done} kept"
        assert done >= before, f"kill {kills}: the campaign went back from step {before} to {done}"
        landed.add(done)
        mid_write += child.said("writing") > child.said("wrote")
        before = done
    assert len(landed) >= 3, f"the kills all landed at steps {sorted(landed)}"
    took = time.perf_counter() - started
    print(f"\n{kills} kills over {walks} whole walks and one under way in {took:.1f} s "
          f"(a walk {span:.2f} s, {steps} steps); the file left at steps {sorted(landed)}; "
          f"{mid_write} kills during a write")

    # the last walk, begun again from what the kills left, ends as the walk never killed
    child = Child.start(path)
    assert child.ended(None) and read_campaign(path) == path_of[-1]
