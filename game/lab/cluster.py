"""Playing the games on a Dask cluster, and giving up on it at once when it is not one or is lost.

Before Dask is given the address, the lab checks it itself: only `tcp://HOST:PORT` is taken, and
the scheduler must answer within `PROBE_SECONDS`. A Dask scheduler speaks first on a new
connection (its handshake: a length of eight bytes, then a short message naming its compression,
its Python and its serialisation), so the probe connects, reads at most `HANDSHAKE_LIMIT` bytes and looks for
that; a closed port, a listener that says nothing and one that answers with anything else (an
HTTP server, junk) are refused in one line, without Dask reading a length from junk.

While the games run, at most `WINDOW` games per worker thread are handed to the cluster at a
time, and the lab looks at the cluster whenever no game has ended for `POLL_SECONDS`: a cluster
with no worker for `ALONE_SECONDS`, or whose scheduler is gone, stops the run (`RunStopped`).
"""

from __future__ import annotations

import contextlib
import logging
import re
import socket
import struct
import time
from collections.abc import Generator, Iterator
from concurrent.futures import CancelledError
from itertools import islice
from typing import Any

from game.lab.experiment import LabError
from game.lab.runner import INSTALL_CLUSTER, WINDOW, Backend, Numbered, RunStopped, play_task

PROBE_SECONDS = 3.0  # to connect and read the scheduler's first message
HANDSHAKE_LIMIT = 64 * 1024  # bytes the scheduler's first message may claim (it is about 100)
HANDSHAKE_MARK = b"compression"  # a key of the handshake every Dask comm sends first
CLIENT_SECONDS = 10  # for Dask's own client to connect, once the probe has answered
POLL_SECONDS = 1.0
ALONE_SECONDS = 5.0  # a cluster without a worker this long is taken as lost
ADDRESS = re.compile(r"tcp://(?P<host>[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]):(?P<port>[0-9]{1,5})")


def host_and_port(address: str) -> tuple[str, int]:
    """The host and port of `tcp://HOST:PORT`, or LabError saying what an address looks like."""
    match = ADDRESS.fullmatch(address)
    port = int(match["port"]) if match else 0
    if match is None or not 0 < port < 65536:
        raise LabError(f"--scheduler {address!r}: not a Dask scheduler's address (expected tcp://HOST:PORT, "
                       "e.g. tcp://127.0.0.1:8786)")
    return match["host"].strip("[]"), port


def _read(sock: socket.socket, n: int, deadline: float) -> bytes:
    data = b""
    while len(data) < n:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        chunk = sock.recv(min(n - len(data), 65536))
        if not chunk:
            raise ConnectionError("it closed the connection")
        data += chunk
    return data


def probe(address: str) -> None:
    """Refuse (LabError, within PROBE_SECONDS) an address where no Dask scheduler answers."""
    host, port = host_and_port(address)
    deadline = time.monotonic() + PROBE_SECONDS
    where = f"--scheduler {address}"
    try:
        with socket.create_connection((host, port), timeout=PROBE_SECONDS) as sock:
            (size,) = struct.unpack("<Q", _read(sock, 8, deadline))
            if not 0 < size <= HANDSHAKE_LIMIT:
                raise LabError(f"{where}: not a Dask scheduler (its first message claims {size} bytes)")
            if HANDSHAKE_MARK not in _read(sock, size, deadline):
                raise LabError(f"{where}: not a Dask scheduler (its first message is not a Dask handshake)")
    except TimeoutError:
        raise LabError(f"{where}: no Dask scheduler answered within {PROBE_SECONDS:g} s") from None
    except OSError as exc:
        raise LabError(f"{where}: cannot reach the scheduler ({exc.strerror or exc})") from None


def quiet_dask() -> None:
    """Silence the client's Dask loggers: the lab says in one line what was lost, and Dask's own
    log of it (a failed reconnection, tracebacks of its closing) would be noise on stderr."""
    for name in ["distributed", *logging.root.manager.loggerDict]:
        if name == "distributed" or name.startswith("distributed."):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)


class DaskBackend(Backend):
    """The games on the Dask cluster whose scheduler is at `address` (checked when made)."""

    def __init__(self, address: str) -> None:
        super().__init__(1)
        host_and_port(address)
        try:
            from dask.distributed import Client
        except ImportError:
            raise LabError(f"--scheduler needs Dask's distributed scheduler: {INSTALL_CLUSTER}") from None
        probe(address)
        self.address = address
        try:
            self.client = Client(address, timeout=CLIENT_SECONDS)
        except Exception as exc:  # noqa: BLE001 - whatever Dask raises, said in one line
            raise LabError(f"--scheduler {address}: Dask cannot connect ({exc})") from None
        quiet_dask()

    def close(self) -> None:
        """Leave the cluster (quietly if it is gone)."""
        with contextlib.suppress(Exception):  # a lost scheduler cannot be left politely
            self.client.close(timeout=2)

    def _threads(self) -> int:
        try:
            return sum(self.client.nthreads().values())
        except Exception:  # noqa: BLE001 - a scheduler lost at once is seen by the loop
            return 1

    def _workers(self) -> int:
        """The cluster's workers now, or RunStopped if its scheduler is gone."""
        if self.client.status not in ("running", "newly-created"):
            raise RunStopped(f"lost the scheduler at {self.address}")
        try:
            return len(self.client.scheduler_info(n_workers=-1).get("workers", {}))
        except Exception:  # noqa: BLE001 - whatever Dask raises for a scheduler gone
            raise RunStopped(f"lost the scheduler at {self.address}") from None

    def play(self, tasks: Iterator[Numbered], total: int) -> Generator[tuple[int, dict[str, Any]]]:
        """(place, record) of each task as its game ends on the cluster."""
        from dask.distributed import wait as dask_wait
        from distributed import KilledWorker

        window = max(16, WINDOW * self._threads())
        pending: dict[Any, int] = {}
        alone_since: float | None = None
        try:
            while True:
                for at, task in islice(tasks, max(0, window - len(pending))):
                    pending[self.client.submit(play_task, task, pure=False)] = at
                if not pending:
                    return
                try:
                    done, _ = dask_wait(list(pending), timeout=POLL_SECONDS, return_when="FIRST_COMPLETED")
                except TimeoutError:
                    done = set()
                except (CancelledError, OSError):
                    raise RunStopped(f"lost the scheduler at {self.address}") from None
                for fut in done:
                    at = pending.pop(fut)
                    try:
                        record = fut.result()
                    except KilledWorker:
                        raise RunStopped(f"a game killed the workers of {self.address} that played it "
                                         "(Dask's KilledWorker)") from None
                    except (CancelledError, OSError):
                        raise RunStopped(f"lost the scheduler at {self.address}") from None
                    yield at, record
                if done:
                    alone_since = None
                    continue
                if self._workers():
                    alone_since = None
                elif alone_since is None:
                    alone_since = time.monotonic()
                elif time.monotonic() - alone_since > ALONE_SECONDS:
                    raise RunStopped(f"lost every worker of the cluster at {self.address} "
                                     f"(none for {ALONE_SECONDS:g} s)")
        finally:
            for fut in pending:
                with contextlib.suppress(Exception):  # a lost scheduler's futures are gone anyway
                    fut.release()


def backend_for(workers: int, scheduler: str | None) -> Backend:
    """Local processes, or the Dask cluster at `scheduler` once it has answered as a scheduler
    (LabError at once for an address that is not tcp://HOST:PORT, within a few seconds for one
    that cannot be reached or is not a Dask scheduler)."""
    if scheduler is None:
        return Backend(workers)
    return DaskBackend(scheduler)
