"""The hint (H): the default AI's best commands for the person, asked for, shown and played.

The commands are worked out in a worker thread (`game.ui.hints.HintBoard`); the desk asks for
them, collects them, hides them once the position changes or the person's turn is over, words
them for the side panel, and plays the highlighted one through the same path as a click. It knows
the table only by what it asks of it (`HintedTable`).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.rules.commands import Command, EndSpear
from game.rules.engine import Accepted, Rejected
from game.rules.state import GameState
from game.ui.battle.cache import Same
from game.ui.battle.hintmarks import hint_colour
from game.ui.battle.hud import HintPanel, HintRow
from game.ui.battle.session import Session
from game.ui.hints import Hint, HintBoard
from game.ui.keys import Keymap


class HintedTable(Protocol):
    """What the hint asks of the table it hints at."""

    session: Session
    mode: str

    @property
    def state(self) -> GameState:
        """The game state."""
        ...

    def human_acting(self) -> bool:
        """True while a person at this machine gives the next command."""
        ...

    def submit(self, cmd: Command, heard: bool = True) -> Accepted | Rejected:
        """Give a command, as a click does."""
        ...

    def end_spear(self) -> None:
        """End the person's Spear, asking first if the Settings say so."""
        ...


def figure_help(shown: list[Hint]) -> str:
    """The panel's line on what the figures are (`game.ui.hints.FIGURE`, in short): the Valour
    each command wins over its activation's play-outs against the baseline, with its error."""
    against = next((h.estimate.against for h in shown if h.estimate is not None), "")
    if not against:
        return ""
    return (f"Figures: Valour Points won in sampled play-outs of the activation vs {against}, "
            "± standard error. ")


class HintDesk:
    """The hint board of a table, and what the person does with it."""

    def __init__(self, table: HintedTable, board: HintBoard) -> None:
        self.table = table
        self.board = board

    def allowed(self) -> bool:
        """True when a hint may be asked for: a person at this machine gives the next command."""
        return self.table.mode != "watch" and self.table.human_acting()

    def _token(self) -> tuple[object, ...]:
        """The position hints are made for: any command, undo or new game makes another."""
        engine = self.table.session.engine
        return Same(engine.state), len(engine.commands), len(engine.log)

    def toggle(self) -> None:
        """The hint key: ask the default AI for the person's best commands, or hide them."""
        if self.board.active:
            self.board.clear()
        elif self.allowed():
            side = self.table.state.acting_side
            if side:
                self.board.ask(self.table.state, side, self._token())

    def pick(self, rank: int) -> None:
        """Highlight one hint (1-3): its preview shows in the table's corner."""
        self.board.pick(rank)

    def play(self) -> None:
        """Enter on a highlighted hint: give its command, through the same path as a click."""
        hint = self.board.chosen()
        if hint is None or not self.allowed():
            return
        if isinstance(hint.command, EndSpear):  # asked about like Space or the button would be
            self.table.end_spear()
        else:
            self.table.submit(hint.command)

    def update(self) -> None:
        """Collect the worked-out hints; hide them once the position changes or the person's
        turn is over."""
        if self.board.active and not self.allowed():
            self.board.clear()
        self.board.update(self.table.state, self._token(), self.table.session.engine.check)

    def panel(self, keys: Keymap) -> HintPanel | None:
        """The hint box of the side panel (None when no hint is asked for)."""
        board = self.board
        if not board.active:
            return None
        if board.error:
            return HintPanel(note=board.error, footer=f"{keys.label('hint')} hides this.")
        if not board.shown:
            dots = "." * (1 + (pygame.time.get_ticks() // 300) % 3)
            return HintPanel(note=f"The AI is thinking{dots}")
        rows = tuple(HintRow(h.rank, f"{h.rank}. {h.text}", h.value, h.summary,
                             hint_colour(h.rank, board.picked), h.rank == board.picked) for h in board.shown)
        play = "; Enter plays it" if board.picked else ""
        footer = (f"Click a hint or press 1-{len(rows)} to show it{play}. {figure_help(board.shown)}"
                  f"{keys.label('hint')} or Esc hides them.")
        return HintPanel(rows, footer=footer)

    def footer(self, keys: Keymap) -> str:
        """The line under the highlighted hint's box on the table."""
        return (f"Enter plays it; 1-{len(self.board.shown)} shows another; {keys.label('hint')} "
                "or Esc hides the hints.")

    def shown(self) -> list[Hint]:
        """The hints drawn on the table now."""
        return list(self.board.shown)
