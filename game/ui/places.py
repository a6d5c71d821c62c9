"""Where a screen may send the player: places (what to open) and transitions (how).

A screen never builds another screen. Its handlers return a `Transition` naming a `Place`, and
only the app applies it, asking `game.ui.navigation` to build the place's screen. This module
imports no screen, so every screen may import it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.editor.document import ScenarioDoc
    from game.persist import Match
    from game.rules.commands import Command
    from game.rules.state import GameState


class Saver(Protocol):
    """What the pause menu and the Save game screen need of the game under them: the game as it
    stands (to name a save after it), a quick save and a save under a name, each told in one line."""

    @property
    def state(self) -> GameState:
        """The game as it stands."""
        ...

    def quicksave(self) -> str:
        """Save the game now in the quick save slot; returns the line to show."""
        ...

    def save_as(self, name: str) -> str:
        """Save the game now under a slot name the player chose; returns the line to show."""
        ...


# --- places --------------------------------------------------------------------------------
@dataclass(frozen=True)
class MainMenu:
    """The main menu."""


@dataclass(frozen=True)
class ScenarioPicker:
    """The scenario picker, for a hot-seat, solo or watched game."""

    mode: str = "hotseat"
    maps_dir: Path | None = None  # the shipped maps' folder unless given (tests)


@dataclass(frozen=True)
class SoloSetup:
    """Choose your side and the AI's level before a solo game."""

    scenario: str
    seed: int


@dataclass(frozen=True)
class HotseatSetup:
    """Choose each side's roster before a hot-seat game (offered when the player has rosters)."""

    scenario: str
    seed: int


@dataclass(frozen=True)
class WatchSetup:
    """Choose each side's AI player before a watched game."""

    scenario: str
    seed: int


@dataclass(frozen=True)
class Battle:
    """A game on the table; `mode` is the match's own unless given."""

    match: Match
    mode: str | None = None
    autosave: bool = True  # False: a scripted or tutorial game keeps clear of the player's autosave
    campaign: Path | None = None  # the campaign file this battle is fought for, if any
    script: tuple[Command, ...] | None = None  # a replay watched: the commands its players give, in order


@dataclass(frozen=True)
class Tutorial:
    """Learn to play: the tutorial's table with the coach over it."""


@dataclass(frozen=True)
class Editor:
    """The scenario editor, on a document saved at `path`: read from `path` when no document is
    given, a new table when neither is."""

    doc: ScenarioDoc | None = None
    path: Path | None = None


@dataclass(frozen=True)
class Rules:
    """The rules page, opened at an anchor."""

    anchor: str = ""


@dataclass(frozen=True)
class Settings:
    """The settings."""


@dataclass(frozen=True)
class Load:
    """The saves to load."""


@dataclass(frozen=True)
class Resume:
    """The last game, from its autosave (a message says why when it cannot be opened)."""


@dataclass(frozen=True)
class OpenSave:
    """A saved game, from its file (a message says why when it cannot be opened)."""

    path: Path


@dataclass(frozen=True)
class Result:
    """The end of a game: who won and why (and, for a campaign's battle, its campaign file)."""

    match: Match
    campaign: Path | None = None


@dataclass(frozen=True)
class Handover:
    """The screen that hides the table while the mouse passes to the other player."""

    side: str
    why: str = ""


@dataclass(frozen=True)
class Message:
    """A message with OK."""

    heading: str
    message: str
    error: bool = True


@dataclass(frozen=True, eq=False)
class Confirm:
    """A question with Yes and No; each answer returns where to go next. With `stop_asking`, a
    "Don't ask again" box that calls it when the question is answered."""

    heading: str
    message: str
    on_yes: Callable[[], Transition] = field(default=lambda: None)
    on_no: Callable[[], Transition] = field(default=lambda: None)
    stop_asking: Callable[[], object] | None = None


@dataclass(frozen=True, eq=False)
class Pause:
    """The pause menu over a game."""

    game: Saver


@dataclass(frozen=True, eq=False)
class SaveAs:
    """The Save game screen over a game: a name to type (or a save to overwrite), Save and Cancel."""

    game: Saver


@dataclass(frozen=True)
class Retinues:
    """The player's rosters: list, new, copy, rename, delete, export and import."""

    folder: Path | None = None  # the rosters folder of the user folder unless given (tests)


@dataclass(frozen=True)
class Muster:
    """The roster editor, on a roster file of the rosters folder."""

    path: Path


@dataclass(frozen=True, eq=False)
class AskText:
    """A line to type (a roster's new name, a file to export to or import from), OK and Cancel.
    `on_ok` is given the typed text and answers where to go, or a one-line reason to stay."""

    heading: str
    label: str
    initial: str = ""
    on_ok: Callable[[str], Transition | str] = field(default=lambda typed: Pop())


@dataclass(frozen=True)
class Campaigns:
    """The campaign files of the user folder: new, continue, open, delete."""

    folder: Path | None = None  # the campaigns folder of the user folder unless given (tests)


@dataclass(frozen=True)
class NewCampaign:
    """The form of a new campaign: its name, kind, players, rosters and seed."""

    folder: Path | None = None  # the campaigns folder of the user folder unless given (tests)


@dataclass(frozen=True)
class Campaign:
    """A campaign's own screen: both retinues, their Prestige, the next battle and what to do now."""

    path: Path


@dataclass(frozen=True)
class PostBattle:
    """A campaign's post-battle sequence, step by step."""

    path: Path


@dataclass(frozen=True)
class CampaignMuster:
    """A person's muster of his side's retinue between two battles of a campaign."""

    path: Path
    side: str


@dataclass(frozen=True)
class Chronicle:
    """A campaign's chronicle: every battle, its deeds and rolls, and its replay."""

    path: Path


Place = (MainMenu | ScenarioPicker | SoloSetup | HotseatSetup | WatchSetup | Battle | Tutorial | Editor
         | Rules | Settings | Load | Resume | OpenSave | Result | Handover | Message | Confirm | Pause
         | SaveAs | Retinues | Muster | AskText | Campaigns | NewCampaign | Campaign | PostBattle
         | CampaignMuster | Chronicle)


# --- transitions ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Push:
    """Open a place over the current screen."""

    to: Place


@dataclass(frozen=True)
class Pop:
    """Close the current screen, then apply `then` (if any) from the screen below; `say` is a line
    the screen below shows (what the closed screen did, such as a quick save)."""

    then: Transition = None
    say: str = ""


@dataclass(frozen=True)
class Replace:
    """Close the current screen and open a place in its stead."""

    to: Place


@dataclass(frozen=True)
class Reset:
    """Clear the stack down to one place. With `to_origin`, a game goes back instead to the
    screen it was started from if that screen takes games back (the editor, after a test play)."""

    to: Place
    to_origin: bool = False


Transition = Push | Pop | Replace | Reset | None


def transition_of(value: object) -> Transition:
    """A callback's answer as a transition: a transition as it is, anything else (a callback that
    only changes something on its own screen) none."""
    return value if isinstance(value, Push | Pop | Replace | Reset) else None
