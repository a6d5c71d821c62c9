"""Solo play and watched games: who plays each side, and AI players thinking off the frame loop.

An AI player chooses on a copy of the game (a cloned state on an engine of its own, with a table
of its own), in a worker thread; the battle screen submits the command it returns on the main
thread, through the same Session a person's clicks go through. The worker never touches the game
being shown, and the frame loop never waits for it.
"""

from __future__ import annotations

import threading

from game.ai import LEVELS, PLAYERS, Player, make_player
from game.ai.levels import LEVEL_NAMES, level_of, level_spec
from game.persist.schema import HUMAN
from game.rules.commands import Command
from game.rules.engine import Engine, Table
from game.rules.events import Ev
from game.rules.state import SIDES, GameState, Side
from game.ui.eventtext import ai_summary, names_of
from game.ui.sides import SIDE_NAME

DIFFICULTIES = LEVELS
AI_SPEEDS = ("slow", "normal", "fast", "instant")
# seconds between two commands of an AI player, after the animations of the first have played
PACE = {"slow": 1.2, "normal": 0.55, "fast": 0.2, "instant": 0.0}
TRAIL_SECONDS = 3.0  # how long an AI model's move stays drawn on the table
FALLBACK = "eager"  # the player that stands in for one a save names and this build does not have


def ai_spec(difficulty: str) -> str:
    """The AI player spec behind a difficulty level (game.ai.levels: Easy, the heuristic, the search)."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; known: {', '.join(DIFFICULTIES)}")
    return level_spec(difficulty)


def other(side: str) -> Side:
    """The opposing side."""
    return "blue" if side == "red" else "red"


def solo_players(side: str, difficulty: str) -> dict[str, str]:
    """Who plays a solo game: the person the given side, the AI at that difficulty the other."""
    if side not in SIDES:
        raise ValueError(f"unknown side {side!r}")
    return {side: HUMAN, other(side): ai_spec(difficulty)}


def player_choices() -> list[str]:
    """Every AI player spec a person may pick for a watched game: the three levels' players first,
    then each other registered name at each level."""
    levels = [level_spec(level) for level in LEVELS]
    rest = [f"{name}:{level}" for name in sorted(PLAYERS) if name not in levels for level in LEVELS]
    return [*levels, *(spec for spec in rest if spec not in levels)]


def difficulty_of(spec: str) -> str:
    """The level of a player spec ("normal" if it names none, or none this build knows)."""
    level = spec.partition(":")[2]
    return level if level in LEVELS else "normal"


def describe(spec: str) -> str:
    """A player spec as a person reads it: "You", a level's name ("Hard"), or "Eager (hard)"."""
    if spec == HUMAN:
        return "You"
    level = level_of(spec)
    if level is not None:
        return LEVEL_NAMES[level]
    name, _, level = spec.partition(":")
    return f"{name.capitalize()} ({level})" if level else name.capitalize()


def player_seed(seed: int, side: str) -> int:
    """An AI player's own seed for a game: distinct from the game's dice and the other side's."""
    return seed * 2 + 1 + SIDES.index(side)


def build_players(players: dict[str, str], seed: int) -> tuple[dict[str, Player], str]:
    """The AI players of a game by side, and a notice if a spec had to be replaced.

    A save may name a player this build does not have (a newer AI); the eager player at the same
    level stands in for it, and the notice says so."""
    out: dict[str, Player] = {}
    notes = []
    for side, spec in players.items():
        if spec == HUMAN:
            continue
        try:
            out[side] = make_player(spec, player_seed(seed, side))
        except (KeyError, ValueError):
            stand_in = f"{FALLBACK}:{difficulty_of(spec)}"
            out[side] = make_player(stand_in, player_seed(seed, side))
            notes.append(f"{describe(spec)} is not known here; {describe(stand_in)} plays "
                         f"{SIDE_NAME.get(side, side)}")
    return out, "; ".join(notes)


def ai_words(events: list[Ev], state: GameState, table: Table) -> str:
    """What an AI player's last command did, in words for the action bar ("Sir Robert Ogle moved
    6″ to the ford"), from its events; moves near an objective are said to go to it."""
    places = tuple((o.name, o.x, o.y) for o in table.terrain.objectives)
    return ai_summary(events, names_of(state), places)


class Thinker:
    """Works out an AI player's next command in a worker thread, on a copy of the game."""

    def __init__(self, table: Table) -> None:
        # a table of its own: the engine remembers walks and checks on its table while deciding
        self.table = Table(table.content, table.base_terrain or table.terrain)
        self.engine: Engine | None = None
        self.token: object = None
        self._thread: threading.Thread | None = None
        self._result: Command | BaseException | None = None

    @property
    def busy(self) -> bool:
        """True while the worker is still choosing."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, player: Player, state: GameState, side: Side, token: object) -> None:
        """Begin choosing `side`'s command on a copy of `state` (called on the main thread)."""
        if self.busy:
            raise RuntimeError("the AI is already thinking")
        copy = state.clone()
        if self.engine is None or self.engine.state.mud != copy.mud:
            self.engine = Engine(self.table, copy)
        else:
            self.engine.state = copy  # a private copy: the game shown is never touched
        self.token, self._result = token, None
        self._thread = threading.Thread(target=self._run, args=(player, self.engine, side),
                                        name="ai-player", daemon=True)
        self._thread.start()

    def _run(self, player: Player, engine: Engine, side: Side) -> None:
        try:
            self._result = player.choose(engine, side)
        except BaseException as exc:  # handed to the main thread, which reports it
            self._result = exc

    def poll(self) -> tuple[object, Command | BaseException] | None:
        """The token and the command (or the error) of a finished choice, once; else None."""
        if self._thread is None or self._thread.is_alive():
            return None
        self._thread = None
        result, self._result = self._result, None
        if result is None:
            result = RuntimeError("the AI returned nothing")
        return self.token, result

    def wait(self, timeout: float = 10.0) -> None:
        """Block until the current choice is made (for tests and screenshots)."""
        if self._thread is not None:
            self._thread.join(timeout)
