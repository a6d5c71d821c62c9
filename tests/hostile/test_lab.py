"""The balance lab's inputs from outside: its files, its numbers, its output paths, its resumed
results and its cluster. Each case is one line on stderr, exit code 2, in bounded time and memory,
and no file changed."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from game import sim
from game.lab import runner
from game.lab.__main__ import main as lab
from game.lab.cluster import ALONE_SECONDS, PROBE_SECONDS
from game.lab.departures import main as departures
from game.lab.experiment import MAX_GAMES, cells, load_experiment
from game.lab.results import LINE_LIMIT
from game.lab.runner import RunStopped, tasks_of
from tests.hostile.conftest import Marker
from tests.hostile.harness import (
    MEMORY_BOUND,
    ROOT,
    TIME_BOUND,
    assert_bounded,
    make_fifo,
    one_line,
    run_bounded,
    run_child,
)

EXPERIMENT = """
name = "hostile"
seed = 5
games = 1
scenarios = ["the-ford"]
players = { red = "random", blue = "random" }

[[arm]]
name = "as shipped"

[[arm]]
name = "house"
house_rules = "house.toml"
"""
HOUSE = "[rules.numbers]\nmounted_shot_hits_on = 5\n"
LONGER = EXPERIMENT.replace('games = 1\n', 'games = 40\n').replace('"random"', '"heuristic"')
NOT_FILE = {"directory": "it is a directory, not a regular file",
            "not-utf8": r"it is not UTF-8 text \(byte 0xff at offset 9\)",
            "fifo": r"it is a FIFO \(named pipe\), not a regular file",
            "dev-zero": "it is a character device, not a regular file"}


def experiment(tmp: Path, text: str = EXPERIMENT, house: str = HOUSE) -> Path:
    """An experiment file and its house rules in `tmp`."""
    (tmp / "house.toml").write_text(house, encoding="utf-8")
    path = tmp / "exp.toml"
    path.write_text(text, encoding="utf-8")
    return path


def spoil(path: Path, how: str) -> None:
    """Make the file at `path` a hostile one."""
    path.unlink()
    if how == "directory":
        path.mkdir()
    elif how == "not-utf8":
        path.write_bytes(b'name = "h\xff"\n')
    elif how == "fifo":
        make_fifo(path)
    else:
        path.symlink_to("/dev/zero")


def judged(outcome_err: str, code: object, expect: str) -> None:
    """The run ended with exit code 2 and one line matching `expect`."""
    line = one_line(outcome_err)
    assert code == 2, (code, outcome_err[-2000:])
    assert re.fullmatch(expect, line), line


# --- case 10: the experiment and house-rules files -----------------------------------------------
@dataclass(frozen=True)
class FileCase:
    """An experiment (or its house rules) that is no readable file."""

    which: str  # "exp.toml" or "house.toml"
    how: str  # a key of NOT_FILE

    @property
    def id(self) -> str:
        return f"{self.which.removesuffix('.toml')}-{self.how}"

    def expect(self, tmp: Path) -> str:
        exp = re.escape(str(tmp / "exp.toml"))
        if self.which == "exp.toml":
            return rf"error: {exp}: experiment file is not read: {NOT_FILE[self.how]}"
        house = re.escape(str(tmp / "house.toml"))
        return (rf"error: {exp}: key arm\.1\.house_rules: {house}: house-rules file is not read: "
                rf"{NOT_FILE[self.how]}")


FILE_CASES = [FileCase(which, how) for which in ("exp.toml", "house.toml") for how in NOT_FILE]


@pytest.mark.parametrize("case", FILE_CASES, ids=[c.id for c in FILE_CASES])
def test_an_experiment_or_house_rules_that_is_no_file_is_one_line(case: FileCase, tmp_path: Path,
                                                                  unchanged: Marker) -> None:
    path = experiment(tmp_path)
    spoil(tmp_path / case.which, case.how)
    unchanged()
    if case.how == "dev-zero":  # on a bad build this reads until memory runs out: a child process
        outcome = run_child("from game.lab.__main__ import main; "
                            f"raise SystemExit(main([{str(path)!r}, '--quiet']))")
        assert not outcome.hung and outcome.seconds < TIME_BOUND + 2, outcome.seconds
        judged(outcome.err, outcome.value, case.expect(tmp_path))
        return
    outcome = run_bounded(lambda: lab([str(path), "--quiet"]), [tmp_path / case.which])
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    judged(outcome.err, outcome.value, case.expect(tmp_path))


def test_the_other_lab_tools_refuse_an_output_that_is_no_file(tmp_path: Path, unchanged: Marker) -> None:
    fifo = make_fifo(tmp_path / "log.jsonl")
    (tmp_path / "afile").write_text("", encoding="utf-8")
    unchanged()
    outcome = run_bounded(lambda: departures(["--scenario", "the-ford", "--games", "1", "--log", str(fifo)]),
                          [fifo])
    assert_bounded(outcome)
    judged(outcome.err, outcome.value, rf"departures: --log {re.escape(str(fifo))}: it is not a regular file")
    outcome = run_bounded(lambda: sim.main(["--scenario", "the-ford", "--games", "1", "--save-dir",
                                            str(tmp_path / "afile" / "saves")]))
    assert_bounded(outcome)
    judged(outcome.err, outcome.value,
           rf"error: {re.escape(str(tmp_path / 'afile' / 'saves'))}: cannot be written \(Not a directory\)")


# --- case 11: the number of games ---------------------------------------------------------------
TOO_MANY = (rf"at most {MAX_GAMES} games per cell \(asked for 1000000000000\); "
            "run a longer study in stages with --resume")
PART_HUGE = '\n[[part]]\nname = "p"\ngames = 1000000000000\n'
GAMES_CASES = [
    # (id, the top-level games line, added at the end of the file, options, the one line)
    ("file-huge", "games = 1000000000000", "", [], rf"error: .*exp\.toml: key games: {TOO_MANY}"),
    ("option-huge", "games = 1", "", ["--games", "1000000000000"],
     rf"error: --games 1000000000000: {TOO_MANY}"),
    ("part-huge", "games = 1", PART_HUGE, [], rf"error: .*exp\.toml: key part\.0\.games: {TOO_MANY}"),
    ("boolean", "games = true", "", [], r"error: .*exp\.toml: key games: Input should be a valid integer"),
    ("float", "games = 2.0", "", [], r"error: .*exp\.toml: key games: Input should be a valid integer"),
    ("negative", "games = -1", "", [], r"error: .*exp\.toml: key games: a number of games is at least 0"),
    ("option-negative", "games = 1", "", ["--games", "-1"],
     r"error: --games -1: a number of games is at least 0"),
]


@pytest.mark.parametrize(("line", "tail", "extra", "expect"), [c[1:] for c in GAMES_CASES],
                         ids=[c[0] for c in GAMES_CASES])
def test_a_game_count_out_of_bounds_is_refused_before_any_game(line: str, tail: str, extra: list[str],
                                                               expect: str, tmp_path: Path,
                                                               unchanged: Marker) -> None:
    path = experiment(tmp_path, EXPERIMENT.replace("games = 1", line, 1) + tail)
    unchanged()
    # on a bad build every task is made before the first game: a child process, memory limited
    argv = [str(path), "--quiet", *extra]
    outcome = run_child(f"from game.lab.__main__ import main; raise SystemExit(main({argv!r}))")
    assert not outcome.hung and outcome.seconds < TIME_BOUND, outcome.seconds
    judged(outcome.err, outcome.value, expect)


def test_the_games_are_made_one_at_a_time(tmp_path: Path, unchanged: Marker,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = experiment(tmp_path)
    unchanged()
    the_cells = cells(load_experiment(path), path, MAX_GAMES)
    assert isinstance(tasks_of(the_cells, 5), Iterator)
    played: list[int] = []

    def play(task: runner.Task) -> dict[str, object]:
        played.append(task.index)
        if len(played) > 3:
            raise RunStopped("stopped by the test")
        return {}

    monkeypatch.setattr(runner, "play_task", play)
    outcome = run_bounded(lambda: lab([str(path), "--quiet", "--games", str(MAX_GAMES)]))
    assert_bounded(outcome)  # 200,000 games asked for, 4 made
    judged(outcome.err, outcome.value,
           r"error: stopped by the test; 3 games played, none saved \(no --results\)")
    assert played == [0, 1, 2, 3]


# --- case 12: output paths ----------------------------------------------------------------------
def _out_folder_is_a_file(tmp: Path) -> Path:
    (tmp / "afile").write_text("", encoding="utf-8")
    return tmp / "afile" / "results.jsonl"


def _out_is_a_folder(tmp: Path) -> Path:
    (tmp / "out").mkdir()
    return tmp / "out"


def _out_is_a_fifo(tmp: Path) -> Path:
    return make_fifo(tmp / "results.jsonl")


def _out_is_a_device(tmp: Path) -> Path:
    (tmp / "full").symlink_to("/dev/full")
    return tmp / "full"


def _out_folder_is_missing(tmp: Path) -> Path:
    return tmp / "missing" / "results.jsonl"


def _report_is_a_file(tmp: Path) -> Path:
    (tmp / "report").write_text("", encoding="utf-8")
    return tmp / "report"


def _report_chart_is_a_folder(tmp: Path) -> Path:
    (tmp / "report" / "win_rate.png").mkdir(parents=True)
    return tmp / "report"


OUTPUT_CASES = [
    ("results-folder-is-a-file", "--results", _out_folder_is_a_file,
     r"--results {p}: .*afile is not a folder"),
    ("results-is-a-folder", "--results", _out_is_a_folder, r"--results {p}: it is a folder"),
    ("results-is-a-fifo", "--results", _out_is_a_fifo, r"--results {p}: it is not a regular file"),
    ("results-is-a-device", "--results", _out_is_a_device, r"--results {p}: it is not a regular file"),
    ("results-folder-missing", "--results", _out_folder_is_missing,
     r"--results {p}: its folder .*missing cannot be used \(No such file or directory\)"),
    ("report-is-a-file", "--report", _report_is_a_file, r"--report {p}: .*report is not a folder"),
    ("report-chart-is-a-folder", "--report", _report_chart_is_a_folder,
     r"--report {p}/win_rate\.png: it is a folder"),
]


@pytest.mark.parametrize(("option", "build", "expect"), [c[1:] for c in OUTPUT_CASES],
                         ids=[c[0] for c in OUTPUT_CASES])
def test_an_output_that_cannot_be_written_is_refused_before_the_first_game(
        option: str, build: Callable[[Path], Path], expect: str, tmp_path: Path, unchanged: Marker,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = experiment(tmp_path)
    out = build(tmp_path)
    unchanged()
    played: list[int] = []
    real = runner.play_task

    def play(task: runner.Task) -> dict[str, object]:
        played.append(task.index)
        return real(task)

    monkeypatch.setattr(runner, "play_task", play)
    outcome = run_bounded(lambda: lab([str(path), "--quiet", option, str(out)]),
                          [p for p in tmp_path.iterdir() if p.is_fifo()])
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    judged(outcome.err, outcome.value, "error: " + expect.format(p=re.escape(str(out))))
    assert played == []


def test_a_run_killed_midway_keeps_its_games_and_resume_takes_them(tmp_path: Path, unchanged: Marker,
                                                                   tmp_path_factory: pytest.TempPathFactory
                                                                   ) -> None:
    path = experiment(tmp_path, LONGER)
    out = tmp_path_factory.mktemp("out") / "results.jsonl"
    unchanged()
    child = subprocess.Popen([sys.executable, "-m", "game.lab", str(path), "--quiet", "--results", str(out)],
                             cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and (not out.exists() or len(out.read_bytes().splitlines()) < 4):
            time.sleep(0.05)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    lines = out.read_bytes().splitlines()
    saved = len(lines) - 1  # one game a line, flushed as it ended, after the first line
    assert saved >= 3 and b'"run"' not in lines[-1]
    # one worker plays in order: the first arm's first games
    assert [json.loads(x)["cell"] for x in lines[1:]] == [0] * saved
    assert [json.loads(x)["game"]["index"] for x in lines[1:]] == list(range(saved))
    outcome = run_bounded(lambda: lab([str(path), "--quiet", "--games", "3", "--json", "--resume", str(out)]),
                          timeout=30)
    assert outcome.value == 0, outcome.err[-2000:]
    run = json.loads(outcome.out)["run"]
    assert (run["reused"], run["games"]) == (3, 3)  # the first arm's 3 games taken, the second's played


# --- case 13: the results --resume takes ------------------------------------------------------------
@pytest.fixture(scope="module")
def saved_lines(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The lines of a good results file of EXPERIMENT (one game per arm)."""
    folder = tmp_path_factory.mktemp("good")
    path = experiment(folder)
    out = folder / "results.jsonl"
    assert lab([str(path), "--quiet", "--results", str(out)]) == 0
    return out.read_text(encoding="utf-8").splitlines()


def _game(change: Callable[[dict[str, object]], object]) -> Callable[[list[str]], list[str]]:
    def forge(lines: list[str]) -> list[str]:
        line = json.loads(lines[1])
        change(line["game"])
        return [lines[0], json.dumps(line), *lines[2:]]

    return forge


def _set(key: str, value: object) -> Callable[[dict[str, object]], None]:
    return lambda game: game.__setitem__(key, value)


RESUME_CASES = [
    ("valour-string", _game(lambda g: g["valour"].__setitem__("red", "3")),  # type: ignore[index]
     r"line 2: key game\.valour\.red: Input should be a valid integer"),
    ("casualties-integer", _game(_set("casualties", 4)),
     r"line 2: key game\.casualties: Input should be a valid array"),
    ("mounted-null", _game(_set("mounted", None)), r"line 2: key game\.mounted: Input should be an object"),
    ("turns-string", _game(_set("turns", "7")), r"line 2: key game\.turns: Input should be a valid integer"),
    ("error-missing", _game(lambda g: g.pop("error")), r"line 2: key game\.error: Field required"),
    ("index-string", _game(_set("index", "0")), r"line 2: key game\.index: Input should be a valid integer"),
    ("winner-five", _game(_set("winner", 5)),
     r"line 2: key game\.winner: Input should be 'red', 'blue', 'draw' or 'none'"),
    ("winner-unknown", _game(_set("winner", "green")), r"line 2: key game\.winner: Input should be .*"),
    ("turns-boolean", _game(_set("turns", True)),
     r"line 2: key game\.turns: Input should be a valid integer"),
    ("cell-beyond", lambda lines: [lines[0], lines[1].replace('"cell":0', '"cell":7'), *lines[2:]],
     r"line 2: key cell: no cell 7 \(the file has 2\)"),
    ("not-json", lambda lines: [lines[0], "{", *lines[2:]], r"line 2: not JSON \(.*\)"),
    ("no-header", lambda lines: lines[1:],
     r"line 1: not the first line of a results file written with --results .*"),
]


@pytest.mark.parametrize(("forge", "expect"), [c[1:] for c in RESUME_CASES], ids=[c[0] for c in RESUME_CASES])
def test_a_forged_resumed_record_is_refused_naming_file_and_line(
        forge: Callable[[list[str]], list[str]], expect: str, saved_lines: list[str], tmp_path: Path,
        unchanged: Marker) -> None:
    path = experiment(tmp_path)
    forged = tmp_path / "forged.jsonl"
    forged.write_text("\n".join(forge(saved_lines)) + "\n", encoding="utf-8")
    unchanged()
    outcome = run_bounded(lambda: lab([str(path), "--quiet", "--resume", str(forged)]))
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    judged(outcome.err, outcome.value, rf"error: {re.escape(str(forged))}: {expect}")


@pytest.mark.parametrize("newlines", [False, True], ids=["one-line", "many-lines"])
def test_a_huge_resume_file_is_refused_quickly_and_cheaply(newlines: bool, tmp_path: Path,
                                                           unchanged: Marker) -> None:
    path = experiment(tmp_path)
    huge = tmp_path / "huge.jsonl"
    chunk = (b"{}\n" * (1 << 18)) if newlines else (b"{}" * (1 << 19))
    with huge.open("wb") as fh:
        while fh.tell() < 100 * 1024 * 1024:
            fh.write(chunk)
    unchanged()
    # on a bad build the whole file is parsed at once (gigabytes): a child process, memory limited
    outcome = run_child("from game.lab.__main__ import main; "
                        f"raise SystemExit(main([{str(path)!r}, '--quiet', '--resume', {str(huge)!r}]))")
    assert not outcome.hung and outcome.seconds < TIME_BOUND, outcome.seconds
    expect = (r"line 1: not the first line of a results file written with --results \(key lab_results: "
              r"Field required\)") if newlines else (
        rf"not a results file written with --results: line 1 is too long \(over {LINE_LIMIT} bytes\)")
    judged(outcome.err, outcome.value, rf"error: {re.escape(str(huge))}: {expect}")


# --- case 14: the scheduler ----------------------------------------------------------------------
@dataclass
class Listener:
    """A TCP listener on 127.0.0.1 that says `reply` to whoever connects (nothing if empty)."""

    reply: bytes
    accept: bool = True

    def __post_init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port = self.sock.getsockname()[1]
        self.kept: list[socket.socket] = []
        if self.accept:
            threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            if self.reply:
                conn.sendall(self.reply)
            self.kept.append(conn)

    def close(self) -> None:
        for conn in self.kept:
            conn.close()
        self.sock.close()


def _closed_port() -> str:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return f"tcp://127.0.0.1:{port}"


ADDRESS = r"not a Dask scheduler's address \(expected tcp://HOST:PORT, e\.g\. tcp://127\.0\.0\.1:8786\)"
SCHEDULER_CASES: list[tuple[str, bytes | None, str, str]] = [
    # (id, what a listener says (None: no listener), address, the line after "error: --scheduler ")
    ("closed-port", None, "closed",
     r"tcp://127\.0\.0\.1:\d+: cannot reach the scheduler \(Connection refused\)"),
    ("silent", b"", "listener",
     rf"tcp://127\.0\.0\.1:\d+: no Dask scheduler answered within {PROBE_SECONDS:g} s"),
    ("silent-never-accepts", b"-", "listener",
     rf"tcp://127\.0\.0\.1:\d+: no Dask scheduler answered within {PROBE_SECONDS:g} s"),
    ("http", b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", "listener",
     r"tcp://127\.0\.0\.1:\d+: not a Dask scheduler \(its first message claims 3543824036068086856 bytes\)"),
    ("junk", b"\x10\x00\x00\x00\x00\x00\x00\x00" + bytes(range(16)), "listener",
     r"tcp://127\.0\.0\.1:\d+: not a Dask scheduler \(its first message is not a Dask handshake\)"),
    ("udp", None, "udp://127.0.0.1:8786", rf"'udp://127\.0\.0\.1:8786': {ADDRESS}"),
    ("not-a-url", None, "127.0.0.1 8786", rf"'127\.0\.0\.1 8786': {ADDRESS}"),
    ("port-too-big", None, "tcp://127.0.0.1:70000", rf"'tcp://127\.0\.0\.1:70000': {ADDRESS}"),
]


@pytest.mark.parametrize(("says", "address", "expect"), [c[1:] for c in SCHEDULER_CASES],
                         ids=[c[0] for c in SCHEDULER_CASES])
def test_a_scheduler_that_is_none_is_refused_within_seconds(says: bytes | None, address: str, expect: str,
                                                            tmp_path: Path, unchanged: Marker) -> None:
    pytest.importorskip("dask.distributed")
    path = experiment(tmp_path)
    unchanged()
    listener = Listener(b"" if says == b"-" else says, accept=says != b"-") if says is not None else None
    if address == "closed":
        address = _closed_port()
    elif listener is not None:
        address = f"tcp://127.0.0.1:{listener.port}"
    try:
        outcome = run_bounded(lambda: lab([str(path), "--quiet", "--scheduler", address]))
    finally:
        if listener is not None:
            listener.close()
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    judged(outcome.err, outcome.value, "error: --scheduler " + expect)


class Cluster:
    """A Dask scheduler and one worker (no nanny, so a killed worker stays dead) on 127.0.0.1, as
    processes of their own that a test may kill."""

    def __init__(self, folder: Path) -> None:
        self.address = _closed_port()
        dask = Path(sys.executable).parent / "dask"
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": folder}
        port = self.address.rsplit(":", 1)[1]
        self.scheduler = subprocess.Popen([str(dask), "scheduler", "--host", "127.0.0.1", "--port", port,
                                           "--no-dashboard"], **quiet)  # type: ignore[call-overload]
        self.worker = subprocess.Popen([str(dask), "worker", self.address, "--no-nanny", "--nthreads", "1",
                                        "--no-dashboard"], **quiet)  # type: ignore[call-overload]

    def wait_for_worker(self, seconds: float = 90) -> None:  # a loaded machine starts Dask slowly
        from dask.distributed import Client

        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                with Client(self.address, timeout=2) as client:
                    client.wait_for_workers(1, timeout=deadline - time.monotonic())
                    return
            except OSError:
                time.sleep(0.2)
        raise AssertionError("the cluster did not start")

    def close(self) -> None:
        for proc in (self.worker, self.scheduler):
            if proc.poll() is None:
                proc.kill()
            proc.wait()


@pytest.mark.parametrize("lose", [pytest.param("workers", marks=pytest.mark.slow), "scheduler"])
def test_a_cluster_that_loses_its_workers_or_its_scheduler_stops_in_one_line_keeping_its_games(
        lose: str, tmp_path: Path, unchanged: Marker, tmp_path_factory: pytest.TempPathFactory) -> None:
    pytest.importorskip("dask.distributed")
    path = experiment(tmp_path, LONGER)
    out_folder = tmp_path_factory.mktemp("out")
    out, err = out_folder / "results.jsonl", out_folder / "stderr.txt"
    unchanged()
    cluster = Cluster(out_folder)
    try:
        cluster.wait_for_worker()
        # the lab in a process of its own, so that its whole stderr (Dask's logging too) is judged
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        with err.open("w") as err_file:
            argv = [str(path), "--quiet", "--scheduler", cluster.address, "--results", str(out)]
            lab_process = subprocess.Popen([sys.executable, "-m", "game.lab", *argv], cwd=ROOT, env=env,
                                           stdout=subprocess.DEVNULL, stderr=err_file)
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline and (not out.exists() or len(out.read_bytes().splitlines()) < 3):
            time.sleep(0.05)
        (cluster.worker if lose == "workers" else cluster.scheduler).kill()
        killed = time.monotonic()
        try:
            _, status, usage = os.wait4(lab_process.pid, 0)
        finally:
            if lab_process.poll() is None:
                lab_process.kill()
        stopped = time.monotonic()
    finally:
        cluster.close()
    assert stopped - killed < ALONE_SECONDS + 5, f"stopped {stopped - killed:.1f} s after the kill"
    assert usage.ru_maxrss * 1024 < MEMORY_BOUND + 200 * 1024 * 1024, usage.ru_maxrss  # the lab with Dask
    saved = len(out.read_bytes().splitlines()) - 1
    what = (rf"lost every worker of the cluster at {cluster.address} \(none for {ALONE_SECONDS:g} s\)"
            if lose == "workers" else rf"lost the scheduler at {cluster.address}")
    out_name = re.escape(str(out))
    judged(err.read_text(), os.waitstatus_to_exitcode(status),
           rf"error: {what}; {saved} games saved in {out_name} \(--resume {out_name} plays the rest\)")
    assert saved >= 2
    rerun = run_bounded(lambda: lab([str(path), "--quiet", "--games", "2", "--json", "--resume", str(out)]),
                        timeout=30)
    assert rerun.value == 0, rerun.err[-2000:]
    assert json.loads(rerun.out)["run"]["reused"] >= 2
