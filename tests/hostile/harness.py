"""How a hostile-input case is run and judged: bounded in time and memory, one line, no other file changed.

A case builds its hostile file in a temporary folder and names the call to make. `run_bounded`
makes the call on a thread with stdout and stderr captured; if it has not returned in time, every
FIFO of the case is opened for writing and closed again (which releases a reader blocked on it),
and the case fails as a hang. Calls that could eat the machine's memory on a bad build (a file
linked to /dev/zero) run in a child process with a memory limit instead (`run_child`).
"""

from __future__ import annotations

import contextlib
import io
import os
import resource
import shutil
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from game.content.loader import DATA_DIR
from game.resources import MAPS_DIR, RESOURCES, TILES_PNG

ROOT = Path(__file__).resolve().parents[2]
MAPS = MAPS_DIR
GOLDEN_SAVE = ROOT / "tests" / "persist" / "golden-skirmish.json"
TIME_BOUND = 5.0  # seconds any case may take (a bounded refusal takes well under one)
MEMORY_BOUND = 300 * 1024 * 1024  # bytes a case may add to the process's peak memory
CHILD_MEMORY = 1536 * 1024 * 1024  # address space a child process may use


@dataclass(slots=True)
class Outcome:
    """What a call did: its return value (or the exception it raised), its output and its time."""

    value: object = None
    error: BaseException | None = None
    out: str = ""
    err: str = ""
    seconds: float = 0.0
    hung: bool = False
    peak_growth: int = 0  # bytes the process's peak memory grew by during the call
    fifos: list[Path] = field(default_factory=list)


def make_fifo(path: Path) -> Path:
    """A FIFO (named pipe) at `path`, with nobody writing to it."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif os.path.lexists(path):
        path.unlink()
    os.mkfifo(path)
    return path


def _peak_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux: kB


def _release(fifos: Iterable[Path]) -> None:
    for fifo in fifos:
        with contextlib.suppress(OSError):
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


def run_bounded(call: Callable[[], object], fifos: Iterable[Path] = (),
                timeout: float = TIME_BOUND) -> Outcome:
    """Make the call on a thread with its output captured; a call still running at `timeout` hangs."""
    outcome = Outcome(fifos=list(fifos))
    out, err = io.StringIO(), io.StringIO()

    def target() -> None:
        try:
            outcome.value = call()
        except BaseException as exc:  # noqa: BLE001 - judged by the case
            outcome.error = exc

    before = _peak_bytes()
    started = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        worker = threading.Thread(target=target, daemon=True)
        worker.start()
        worker.join(timeout)
        if worker.is_alive():
            outcome.hung = True
            for _ in range(50):
                _release(outcome.fifos)
                worker.join(0.1)
                if not worker.is_alive():
                    break
    outcome.seconds = time.perf_counter() - started
    outcome.peak_growth = _peak_bytes() - before
    outcome.out, outcome.err = out.getvalue(), err.getvalue()
    return outcome


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))


def run_child(code: str, timeout: float = 20.0) -> Outcome:
    """Run Python code in a child process (memory limited, killed at `timeout`)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    started = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                              env=env, timeout=timeout, preexec_fn=_limit_memory, check=False)
    except subprocess.TimeoutExpired as exc:
        return Outcome(hung=True, seconds=time.perf_counter() - started,
                       err=exc.stderr.decode() if isinstance(exc.stderr, bytes) else str(exc.stderr or ""))
    return Outcome(value=done.returncode, out=done.stdout, err=done.stderr,
                   seconds=time.perf_counter() - started)


# --- the files a case must leave alone -------------------------------------------------------------
def files_under(*roots: Path) -> dict[str, tuple[int, int, int]]:
    """Every file under the roots (not the folders: making an empty folder changes no file), as
    (kind, size, modification time), links not followed."""
    found: dict[str, tuple[int, int, int]] = {}
    for root in roots:
        if not os.path.lexists(root):
            continue
        for folder, _dirs, names in os.walk(root):
            for name in names:
                path = os.path.join(folder, name)
                info = os.lstat(path)
                found[path] = (stat.S_IFMT(info.st_mode), info.st_size, info.st_mtime_ns)
    return found


def watched(tmp: Path) -> tuple[Path, ...]:
    """The folders no case may change: its own temporary folder and the game's shipped files."""
    return (tmp, MAPS, RESOURCES / "assets", DATA_DIR, ROOT / "saves")


# --- judging ------------------------------------------------------------------------------------
def one_line(text: str) -> str:
    """The text's only line (the case fails if there are more, or a traceback)."""
    lines = text.strip().splitlines()
    assert "Traceback" not in text, text[-2000:]
    assert len(lines) == 1, f"expected one line, got {len(lines)}:\n{text[-2000:]}"
    return lines[0]


def assert_bounded(outcome: Outcome) -> None:
    """The call returned in time and within the memory bound."""
    assert not outcome.hung, f"hung (stopped after {outcome.seconds:.1f} s)"
    assert outcome.seconds < TIME_BOUND, f"took {outcome.seconds:.1f} s"
    assert outcome.peak_growth < MEMORY_BOUND, f"peak memory grew by {outcome.peak_growth >> 20} MB"


def copy_map(tmp: Path, name: str = "the-ford") -> Path:
    """A copy of a shipped map with its tileset and picture, laid out as in the checkout."""
    maps, tiles = tmp / "maps", tmp / "assets" / "tiles"
    maps.mkdir(parents=True, exist_ok=True)
    tiles.mkdir(parents=True, exist_ok=True)
    shutil.copy(MAPS / "terrain.tsx", maps / "terrain.tsx")
    shutil.copy(TILES_PNG, tiles / "terrain.png")
    target = maps / f"{name}.tmx"
    shutil.copy(MAPS / f"{name}.tmx", target)
    return target


def copy_content(tmp: Path) -> Path:
    """A copy of the shipped content files."""
    target = tmp / "content"
    shutil.copytree(DATA_DIR, target)
    return target
