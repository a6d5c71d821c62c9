"""Replaying a save from scenario + seed, and naming the first place it diverges, and which of
the versions that decide outcomes (pymunk, pydantic, the game, Python) differ from the file's."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.muster.play import RosterError
from game.persist.match import Match, deployed
from game.persist.schema import SaveError, SaveFile
from game.persist.versions import differences
from game.rules.context import Rejected
from game.rules.events import Ev
from game.rules.setup import SetupError
from game.rules.state import digest_of
from game.terrain.terrain_map import MapError


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where a replay stopped agreeing with its file."""

    index: int  # command index; -1 for setup, len(commands) for the final state
    what: str
    expected: str = ""
    got: str = ""
    at: str = ""  # overrides "command N" / "setup" in the description
    versions: str = ""  # what differs between the file's versions and this machine's

    def describe(self) -> str:
        """One paragraph naming the command, and what was expected and what happened; its first
        line also says which versions differ from the file's."""
        where = self.at or {-1: "setup"}.get(self.index, f"command {self.index}")
        differs = f" ({self.versions})" if self.versions else ""
        text = f"diverged at {where}{differs}: {self.what}"
        if self.expected or self.got:
            text += f"\n  expected: {self.expected}\n  got:      {self.got}"
        return text


class ReplayDivergence(SaveError):
    """The file's replay does not reproduce its stored events or state hash."""

    def __init__(self, divergence: Divergence) -> None:
        super().__init__(divergence.describe())
        self.divergence = divergence


def dump_events(events: Sequence[Ev]) -> list[dict[str, Any]]:
    """Events as JSON-ready dicts (tuples become lists), the form a save stores."""
    return [e.model_dump(mode="json") for e in events]


def first_difference(expected: Sequence[Ev], got: Sequence[Ev]) -> Divergence | None:
    """The first event that differs between two event lists, or None if they agree."""
    want, have = dump_events(expected), dump_events(got)
    for i in range(max(len(want), len(have))):
        a = want[i] if i < len(want) else None
        b = have[i] if i < len(have) else None
        if a != b:
            return Divergence(0, f"event {i} differs ({len(want)} events stored, "
                                 f"{len(have)} replayed)", _show(a), _show(b))
    return None


def _show(event: dict[str, Any] | None) -> str:
    text = "(no event)" if event is None else json.dumps(event, sort_keys=True)
    return text if len(text) <= 400 else text[:397] + "..."


def replay_save(save: SaveFile, check_events: bool = True) -> Match:
    """Rebuild a save's game from scenario + seed, raising ReplayDivergence at the first drift
    (naming the versions that differ from the file's)."""
    try:
        return _replay(save, check_events)
    except ReplayDivergence as exc:
        raise ReplayDivergence(replace(exc.divergence, versions=differences(save.versions))) from exc


def _replay(save: SaveFile, check_events: bool) -> Match:
    try:
        match = Match.start(save.scenario, save.seed, save.mode, {str(k): v for k, v in save.players.items()},
                            {str(k): v for k, v in (save.rosters or {}).items()}, deployed(save.snapshot))
    except MapError as exc:
        raise SaveError(f"cannot load scenario {save.scenario!r}: {exc.problem}") from None
    except (RosterError, SetupError) as exc:
        raise SaveError(f"cannot set up its rosters on {save.scenario!r}: {exc}") from None
    _check_setup(save, match)
    for i, (cmd, stored) in enumerate(zip(save.commands, save.events, strict=True)):
        _replay_one(match, i, cmd, stored, check_events)
    _check_final(save, match)
    return match


def _check_setup(save: SaveFile, match: Match) -> None:
    if match.engine.state.max_turns != save.turns:
        raise ReplayDivergence(Divergence(-1, "turn limit differs", str(save.turns),
                                          str(match.engine.state.max_turns)))
    diff = first_difference(save.setup_events, match.setup_events)
    if diff:
        raise ReplayDivergence(Divergence(-1, diff.what, diff.expected, diff.got))


def _replay_one(match: Match, i: int, cmd: Any, stored: Sequence[Ev],
                check_events: bool) -> None:
    label = f"{cmd.type} by {cmd.side}"
    try:
        result = match.submit(cmd)
    except Exception as exc:  # an engine bug, or a command the engine should have rejected
        raise ReplayDivergence(Divergence(i, f"{label}: the engine raised "
                                             f"{type(exc).__name__}: {exc}")) from exc
    if isinstance(result, Rejected):
        raise ReplayDivergence(Divergence(i, f"{label} was rejected: {result.reason}"))
    if check_events:
        diff = first_difference(stored, result.events)
        if diff:
            raise ReplayDivergence(Divergence(i, f"{label}: {diff.what}", diff.expected,
                                              diff.got))


def _check_final(save: SaveFile, match: Match) -> None:
    end = len(save.commands)
    at = f"the end (after {end} commands)"
    got = match.engine.state.digest()
    if got != save.state_hash:
        raise ReplayDivergence(Divergence(end, "final state hash differs", save.state_hash, got,
                                          at))
    stored = digest_of(save.snapshot)
    if stored != save.state_hash:
        raise ReplayDivergence(Divergence(end, "stored snapshot does not match its state hash",
                                          save.state_hash, stored, at))
