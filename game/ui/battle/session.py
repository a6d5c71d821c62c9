"""A game in play: the Match, undo within an activation, autosave and who holds the mouse.

Pure Python (no pygame): the battle screen turns input into Commands and hands them here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.persist import Mark, Match
from game.persist.slots import autosave, clear_autosave
from game.rules.commands import Command
from game.rules.engine import Accepted, Engine, Rejected
from game.rules.events import ActivationEnded, DeckShuffled, DiceRolled, GameEnded, SpearDeployed, SpearEnded

UNDO_BREAKERS = (DiceRolled, DeckShuffled, ActivationEnded, SpearEnded, GameEnded, SpearDeployed)


@dataclass
class Session:
    """One match with the bookkeeping the UI needs around Engine.submit."""

    match: Match
    saves_dir: Path | None = None
    undo_stack: list[Mark] = field(default_factory=list)
    last_error: str = ""
    autosave_error: str = ""

    @property
    def engine(self) -> Engine:
        """The match's engine."""
        return self.match.engine

    def submit(self, cmd: Command) -> Accepted | Rejected:
        """Submit a command; keep an undo mark while no die has been rolled this activation (or,
        before the first card, while the Spear deploying is not done)."""
        state = self.engine.state
        mark = self.match.mark() if state.active_model or state.deploying is not None else None
        result = self.match.submit(cmd)
        if isinstance(result, Rejected):
            self.last_error = result.reason
            return result
        self.last_error = ""
        if any(isinstance(e, UNDO_BREAKERS) for e in result.events) or mark is None:
            self.undo_stack.clear()
        else:
            self.undo_stack.append(mark)
        if any(isinstance(e, ActivationEnded | SpearEnded | GameEnded | SpearDeployed)
               for e in result.events):
            self.autosave()
        return result

    @property
    def can_undo(self) -> bool:
        """True while the activation has commands to take back and no die was rolled."""
        return bool(self.undo_stack)

    def undo(self) -> bool:
        """Take back the last command of this activation."""
        if not self.undo_stack:
            return False
        self.match.rewind(self.undo_stack.pop())
        return True

    def autosave(self) -> None:
        """Write the autosave (a failure is reported, never raised)."""
        if self.saves_dir is None:
            return
        try:
            if self.engine.state.over:
                clear_autosave(self.saves_dir)
            else:
                autosave(self.match, self.saves_dir)
            self.autosave_error = ""
        except Exception as exc:  # a full disk must not end the game
            self.autosave_error = f"Autosave failed: {exc}"
