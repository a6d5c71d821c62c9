"""The AI players at the table: when each command is asked for and given, at the chosen pace.

An AI player chooses in a worker thread (`game.ui.solo.Thinker`) once the last command's
animations and a pause after them are over; its command goes through the same path as a
person's clicks. The skip key plays the rest of its activation out at once. Its moves leave
fading trails on the table, and the action bar says what it did; what it weighed for its last
decision is kept for the thinking box (`game.ui.battle.thinking`). `AiPace` knows the table only
by what it asks of it (`PacedTable`).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.ai import Player
from game.rules.commands import Command
from game.rules.engine import Accepted, Rejected
from game.rules.events import ActivationEnded, GameEnded, Moved, SpearEnded
from game.rules.state import GameState
from game.ui import theme
from game.ui.battle.session import Session
from game.ui.battle.thinking import ThinkingBox, thought, weighed_of
from game.ui.battle.view import Trail
from game.ui.settings import Settings
from game.ui.solo import PACE, TRAIL_SECONDS, Thinker, ai_words, describe

ACTIVATION_OVER = (ActivationEnded, SpearEnded, GameEnded)


class PacedTable(Protocol):
    """What the AI's pacing asks of the table it plays at."""

    session: Session
    mode: str

    @property
    def state(self) -> GameState:
        """The game state."""
        ...

    def submit(self, cmd: Command, heard: bool = True) -> Accepted | Rejected:
        """Give a command, as a person's click does."""
        ...

    def say(self, msg: str) -> None:
        """Show a message over the table."""
        ...

    def animating(self) -> bool:
        """True while the last command's moves or dice still play."""
        ...

    def finish_animations(self) -> None:
        """Show the end of every animation now."""
        ...


class AiPace:
    """The AI players by side, the worker choosing for them, and the pace they play at."""

    def __init__(self, table: PacedTable, players: dict[str, Player], settings: Settings) -> None:
        self.table = table
        self.players = players  # none in hot-seat
        self.settings = settings
        self.thinker = Thinker(table.session.engine.table)
        self.skipping = False  # the AI's activation is played out at once (the skip key)
        self.wait = self.pace()  # seconds left before the next command is asked for
        self.error = ""
        self.said = ("", "")  # the side whose AI gave the last command, and what it did in words
        self.trails: list[Trail] = []  # AI moves: path, side, age
        self.thinking = ThinkingBox()  # what the AI weighed for its last decision (the thinking key)

    def acting(self) -> bool:
        """True while an AI player gives the next command (a reaction it is offered included)."""
        state = self.table.state
        return not state.over and state.acting_side in self.players

    def pace(self) -> float:
        """Seconds between two AI commands at the chosen AI speed (0 while skipping)."""
        return 0.0 if self.skipping else PACE[self.settings.ai_speed]

    def rest(self) -> None:
        """A command was given: the next waits a full pause."""
        self.wait = self.pace()

    def skip(self) -> None:
        """The skip key: play the AI's activation out at once, without pauses or animations."""
        self.skipping = True
        self.wait = 0.0
        self.table.finish_animations()

    def _token(self) -> tuple[int, int]:
        """What an AI choice was made for: a choice for an older position is thrown away."""
        return id(self.table.state), len(self.table.session.engine.commands)

    def update(self, dt: float) -> None:
        """Let the AI play on, then age its trails."""
        self._play(dt)
        self.trails = [(p, s, age + dt) for p, s, age in self.trails if age + dt < TRAIL_SECONDS]

    def _play(self, dt: float) -> None:
        """Collect the command the worker chose and submit it; else start the next choice when the
        last command's animations and the pause after them are over."""
        if not self.acting() or self.error:
            self.skipping = False
            return
        side = self.table.state.acting_side
        if not side:
            return
        found = self.thinker.poll()
        if found is not None:
            token, cmd = found
            if token == self._token():
                self._submit(side, cmd)
            return
        if self.thinker.busy:
            return
        instant = self.pace() == 0.0
        if not instant and self.table.animating():
            return
        self.wait -= dt
        if self.wait > 0 and not instant:
            return
        self.thinker.start(self.players[side], self.table.state, side, self._token())

    def _submit(self, side: str, cmd: Command | BaseException) -> None:
        """Submit the AI's command through the same path as a person's clicks."""
        table = self.table
        if isinstance(cmd, BaseException):
            self.error = f"The {theme.SIDE_NAME[side]} AI failed: {type(cmd).__name__}: {cmd}"
            table.say(self.error)
            return
        self.remember(side, cmd)
        result = table.submit(cmd, heard=not (self.skipping or self.pace() == 0.0))
        if isinstance(result, Rejected):
            self.error = f"The {theme.SIDE_NAME[side]} AI gave a refused command: {result.reason}"
            table.say(self.error)
            return
        if table.mode == "solo":
            table.session.undo_stack.clear()  # a person's undo never takes back the AI's answer
        self.trails += [(list(e.path), side, 0.0) for e in result.events if isinstance(e, Moved)]
        self.said = (side, ai_words(result.events, table.state, table.session.engine.table))
        if self.skipping or self.pace() == 0.0:
            table.finish_animations()
        if any(isinstance(e, ACTIVATION_OVER) for e in result.events) or not self.acting():
            self.skipping = False
            self.wait = self.pace()

    def remember(self, side: str, cmd: Command) -> None:
        """Keep, in words, what the side's player weighed for the command it is about to give (on
        the position it weighed them in)."""
        state = self.table.state
        acting = state.find(state.active_model) if state.active_model else None
        who = describe(self.table.session.match.players.get(side, ""))
        heading = f"{theme.SIDE_NAME[side]} AI ({who})" + (f", {acting.name}" if acting is not None else "")
        engine = self.table.session.engine
        self.thinking.last = thought(engine, heading, weighed_of(self.players.get(side)), cmd)

    def status(self, skip_key: str) -> str:
        """What the acting AI player is doing, for the banner over the table ("" if none acts)."""
        if not self.acting():
            return ""
        state = self.table.state
        side = state.acting_side
        name = f"{theme.SIDE_NAME[side]} AI"
        if self.error:
            return f"{name} is stuck   {self.error}"
        doing = "answers the charge" if state.pending is not None else "plays"
        if self.thinker.busy:
            doing = "is thinking" + "." * (1 + (pygame.time.get_ticks() // 300) % 3)
        who = describe(self.table.session.match.players[side])
        said_by, said = self.said
        head, who = (f"{theme.SIDE_NAME[said_by]} AI: {said}", f"{name} {doing}  ·  {who}") if said \
            else (f"{name} {doing}", who)
        if state.pending is not None:
            return f"{head}   {who}"
        return f"{head}   {who}  ·  {skip_key}: skip to the end of its activation"
