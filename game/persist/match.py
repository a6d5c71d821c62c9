"""A Match: one engine plus the record of each command and the events it caused.

The engine's own log is one flat list; a Match keeps it split per command, which is what a
replay file stores and what the replay check compares. Everything still goes through
Engine.submit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.muster.play import start_with_rosters
from game.muster.roster import Roster
from game.persist.schema import HUMAN
from game.rules.commands import Command
from game.rules.context import Rejected
from game.rules.engine import Accepted, Engine
from game.rules.events import Ev
from game.rules.setup import SetupError
from game.rules.state import GameState
from game.scenario import playable, start_game
from game.terrain.terrain_map import MapError


@dataclass(frozen=True, slots=True)
class Step:
    """One accepted command and the events it caused."""

    command: Command
    events: list[Ev]


@dataclass(frozen=True, slots=True)
class Mark:
    """A point to undo back to: the state and how long the records were."""

    state: GameState
    steps: int
    commands: int
    log: int


def deployed(state: GameState | dict[str, object]) -> bool:
    """True if the game (a state, or one saved as a dict) began with the players deploying."""
    options = state.get("options") if isinstance(state, dict) else state.options
    return isinstance(options, dict) and options.get("deploy") is True


class MatchError(Exception):
    """An engine whose history cannot be recorded (it did not start from scenario + seed)."""


class Match:
    """An engine with its history kept per command, ready to save or replay."""

    def __init__(self, engine: Engine, mode: str = "hotseat", players: dict[str, str] | None = None,
                 rosters: Mapping[str, Roster] | None = None) -> None:
        if engine.commands:
            raise MatchError("a Match must wrap an engine before its first command")
        self.engine = engine
        self.setup_events: list[Ev] = list(engine.log)
        self.steps: list[Step] = []
        self.mode = mode
        # per side: HUMAN, or the spec of the AI player (`name[:level]`) that plays it
        self.players: dict[str, str] = dict(players or {"red": HUMAN, "blue": HUMAN})
        # per side: the roster it fields instead of the scenario's retinue (saved with the game)
        self.rosters: dict[str, Roster] = dict(rosters or {})

    @classmethod
    def start(cls, scenario: str, seed: int, mode: str = "hotseat",
              players: dict[str, str] | None = None, rosters: Mapping[str, Roster] | None = None,
              deploy: bool = False) -> Match:
        """A new game of a scenario (hot-seat unless a mode and its players are given), each side
        given a roster fielding it; with `deploy`, the players deploy Spear by Spear before the first
        card (unless the map fixes the deployment). A map that cannot be set up raises one MapError,
        a roster that cannot take the field a RosterError, one its zone cannot hold a SetupError
        naming the zone."""
        try:
            engine = start_with_rosters(scenario, seed, rosters, deploy=deploy) if rosters \
                else start_game(scenario, seed, deploy=deploy)
        except SetupError:
            playable(scenario)  # raises the MapError that names the map and why
            raise
        return cls(engine, mode, players, rosters)

    @classmethod
    def from_engine(cls, engine: Engine, rosters: Mapping[str, Roster] | None = None) -> Match:
        """Rebuild the per-command record of an engine by replaying it from scenario + seed (and
        the rosters it was started with)."""
        state = engine.state
        try:
            match = cls.start(state.scenario, state.seed, rosters=rosters, deploy=deployed(state))
        except MapError as exc:
            raise MatchError(f"cannot start scenario {state.scenario!r}: {exc}") from None
        for i, cmd in enumerate(engine.commands):
            if isinstance(match.submit(cmd), Rejected):
                raise MatchError(f"command {i} was rejected when replayed from the seed")
        if match.engine.log != engine.log or match.engine.state.digest() != state.digest():
            raise MatchError("the engine's game cannot be reproduced from scenario + seed "
                             "(fixed dice, or a restore that left commands in its log)")
        return match

    @property
    def scenario(self) -> str:
        """The scenario name."""
        return self.engine.state.scenario

    @property
    def seed(self) -> int:
        """The game's seed."""
        return self.engine.state.seed

    @property
    def commands(self) -> list[Command]:
        """The accepted commands, in order."""
        return [s.command for s in self.steps]

    def submit(self, cmd: Command) -> Accepted | Rejected:
        """Submit through the engine; accepted commands are recorded with their events."""
        result = self.engine.submit(cmd)
        if isinstance(result, Accepted):
            self.steps.append(Step(cmd, list(result.events)))
        return result

    def mark(self) -> Mark:
        """Remember this point, for an undo within an activation."""
        engine = self.engine
        return Mark(engine.snapshot(), len(self.steps), len(engine.commands), len(engine.log))

    def rewind(self, mark: Mark) -> None:
        """Undo back to a mark: the state, and the records, so a later save replays cleanly.

        Engine.restore leaves the engine's command list and log alone; they are cut back here
        too, or the save would hold commands the game no longer reflects.
        """
        if mark.steps > len(self.steps):
            raise MatchError("cannot rewind to a mark from the future")
        self.engine.restore(mark.state)
        del self.steps[mark.steps:]
        del self.engine.commands[mark.commands:]
        del self.engine.log[mark.log:]
