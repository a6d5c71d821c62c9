"""Hints for the person at the table: what the default AI would do now, its best few commands
with their worth in expected Valour, worked out off the frame loop (pygame-free).

The advice is asked of a view of the game that holds only what the acting side may know (the
Hero Deck's order, the Perk deck, the other hand and the dice to come are sampled afresh, as the
AI players see the game: game.ai.view). The view has an engine and a table of its own and is
worked on in a worker thread, as the AI's own choices are (game.ui.solo.Thinker); the game shown
is never touched and its dice never roll.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from game.ai import Player, heuristic, make_player
from game.ai.heuristic import Memory
from game.ai.view import determinise, information_set_key
from game.rules import odds
from game.rules.commands import (
    Activate,
    Board,
    BreakAway,
    ClimbDown,
    Command,
    Dismount,
    Drive,
    EndActivation,
    EndSpear,
    Fight,
    Loot,
    Move,
    PlayPerk,
    React,
    Reload,
    Remount,
    SetDrill,
    Shoot,
)
from game.rules.engine import Dice, Engine, Rejected, Table
from game.rules.explain import GAMBIT_NAMES, Explanation, heading
from game.rules.state import GameState, Side
from game.ui import preview
from game.ui.eventtext import cap, content_name, word
from game.ui.solo import ai_spec

Point = tuple[float, float]
HINTS = 3  # how many commands a hint shows
LEVEL = "normal"  # the default AI's level
HintKind = Literal["move", "line", "label"]  # a path and ghost; a line to the target; a label


@dataclass(frozen=True, slots=True)
class Hint:
    """One suggested command: its rank, score and words, and what the table shows for it."""

    rank: int
    command: Command
    score: float  # roughly in expected Valour Points
    text: str  # the command in words, e.g. "Mounted Charge! on Thomas Strangways"
    kind: HintKind
    model: str = ""  # the model concerned ("" for none, e.g. End the Spear)
    target: str = ""  # the model or vehicle attacked or charged
    path: list[Point] = field(default_factory=list)  # a move's path, from where the model stands
    legal: bool = True
    lines: list[str] = field(default_factory=list)  # the preview's lines (odds, terrain, jumps)
    summary: str = ""  # the preview line that matters most, for the panel
    tag: str = ""  # a few words for the table beside the hint's number (the odds of a fight or shot)

    @property
    def value(self) -> str:
        """The score as expected Valour, to one decimal."""
        return f"{round(self.score, 1) + 0.0:+.1f} VP"  # never "-0.0"

    @property
    def label(self) -> str:
        """The panel's line: "1. Mounted Charge! on Sir X — +0.8 VP"."""
        return f"{self.rank}. {self.text} — {self.value}"


def default_player() -> Player:
    """The AI a hint asks: the default AI (as solo play picks it) at the normal level."""
    return make_player(ai_spec(LEVEL), 0)


def hints(engine: Engine, side: Side, n: int = HINTS, player: Player | None = None,
          memory: Memory | None = None) -> list[tuple[Command, float]]:
    """The best `n` commands for `side` now with their scores, best first: the player's own
    `suggest` if it has one, else the heuristic player's."""
    own = getattr(player if player is not None else default_player(), "suggest", None)
    if callable(own):
        found: list[tuple[Command, float]] = list(own(engine, side, n))
    else:
        found = heuristic.suggest(engine, side, n, memory)
    return [(cmd, float(score)) for cmd, score in found[:n]]


def player_view(carrier: Engine, side: Side) -> Engine:
    """An engine on a copy of the carrier's game holding only what `side` may know: what is hidden
    from it is sampled (game.ai.view.determinise) with dice of the hint's own, seeded from the
    public part of the position, so the same position as the side sees it gives the same view."""
    seed = int(information_set_key(carrier, side)[:16], 16)
    return determinise(carrier, side, Dice(seed))


def describe_command(engine: Engine, cmd: Command, ex: Explanation | None = None) -> str:
    """A command in words, as the action bar and the event log name it (`ex`: the engine's
    explanation of it, if already asked)."""
    state, table = engine.state, engine.table

    def name(mid: str | None) -> str:
        if not mid:
            return ""
        m = state.find(mid)
        if m is not None:
            return m.name
        v = state.find_vehicle(mid)
        return f"the {v.name}" if v is not None else mid

    if isinstance(cmd, Activate):
        return f"Activate {name(cmd.model)}"
    if isinstance(cmd, Move):
        ex = engine.explain(cmd) if ex is None else ex
        move = ex.move if ex.legal else None
        gambit = GAMBIT_NAMES.get(cmd.gambit, "") if cmd.gambit else ""
        if move is not None and move.charge_target:
            target = name(move.charge_target)
            return f"{gambit} on {target}" if gambit else f"Move into contact with {target}"
        m = state.find(cmd.model)
        way = f" {compass(heading((m.x, m.y), cmd.path[-1]))}" if m is not None else ""
        cost = f" {move.cost:.1f}\"" if move is not None else ""
        return f"{gambit or 'Move'}{cost}{way}"
    if isinstance(cmd, Fight):
        if cmd.location is not None:
            return f"Strike {name(cmd.target)}'s {cmd.location}"
        how = f" ({cmd.option.title()})" if cmd.option else ""
        if cmd.at_steed:
            return f"Strike {name(cmd.target)}'s steed{how}"
        if cmd.pull_down:
            return f"Pull {name(cmd.target)} from the saddle{how}"
        return f"Fight {name(cmd.target)}{how}"
    if isinstance(cmd, Shoot):
        return f"Shoot at {name(cmd.target)}"
    if isinstance(cmd, React):
        return f"Answer: {cap(word(cmd.choice))}"
    if isinstance(cmd, PlayPerk):
        on = f" on {name(cmd.model)}" if cmd.model else ""
        return f"Play {content_name('perks', cmd.card)}{on}"
    if isinstance(cmd, EndActivation):
        return "End activation"
    if isinstance(cmd, EndSpear):
        return "End Spear"
    if isinstance(cmd, Reload):
        return "Reload"
    if isinstance(cmd, Loot):
        return f"Loot {cmd.objective}"
    if isinstance(cmd, Dismount):
        return "Dismount"
    if isinstance(cmd, Remount):
        return f"Remount {name(cmd.steed)}"
    if isinstance(cmd, BreakAway):
        return "Break Away"
    if isinstance(cmd, SetDrill):
        return f"Drill: {cmd.drill.title()} when attacked"
    if isinstance(cmd, Drive):
        return f"Drive at {cmd.speed:g}\", heading {cmd.heading:.0f}°"
    if isinstance(cmd, Board):
        v = state.find_vehicle(cmd.vehicle)
        m = state.find(cmd.model)
        if m is not None and m.aboard:
            return "Take the reins" if cmd.seat in _driver_seats(table, cmd.vehicle, state) \
                else f"Move to the {cmd.seat} seat"
        return f"Climb aboard the {v.name if v else cmd.vehicle} ({cmd.seat})"
    if isinstance(cmd, ClimbDown):
        return "Climb down"
    return str(getattr(cmd, "type", "command")).replace("_", " ").capitalize()


def compass(bearing: float) -> str:
    """A bearing (0 up the table, clockwise) as one of eight compass points, north up the table."""
    points = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
    return points[round(bearing / 45.0) % 8]


def _driver_seats(table: Table, vehicle: str, state: GameState) -> set[str]:
    v = state.find_vehicle(vehicle)
    return {s.name for s in table.content.vehicles[v.profile].drivers} if v is not None else set()


def _summary(lines: list[str], keys: tuple[str, ...]) -> str:
    """The first line holding the first of the keys found, else the first line."""
    for k in keys:
        found = next((ln for ln in lines if k in ln), None)
        if found is not None:
            return found
    return lines[0] if lines else ""


def make_hint(engine: Engine, rank: int, cmd: Command, score: float) -> Hint:
    """A suggested command with what the table shows for it (its preview, worked out here)."""
    state = engine.state
    if isinstance(cmd, Move):
        ex = engine.explain(cmd)
        p = preview.move_preview(engine, ex, cmd.gambit)
        m = state.model(cmd.model)
        path = [(float(x), float(y)) for x, y in (p.path or [(m.x, m.y), *cmd.path])]
        lines = [ln for ln in p.lines if ln.strip()]
        summary = _summary(lines, ("succeeds",)) if cmd.gambit else ""
        target = p.charge_target if p.legal else ""
        return Hint(rank, cmd, score, describe_command(engine, cmd, ex), "move", cmd.model, target,
                    path, p.legal, lines, summary, summary.split(",")[0])
    text = describe_command(engine, cmd)
    if isinstance(cmd, Drive):
        drive = engine.explain(cmd).drive
        if drive is None:
            return Hint(rank, cmd, score, text, "label", cmd.model, tag=text)
        move = drive.move
        lines = [f"Drives {move.distance:.1f}\", ending on a heading of {move.end_heading:.0f}°"
                 + (" (and is stopped)" if move.stopped else "")]
        if move.contacts:
            lines.append(f"Contacts on the way: {len(move.contacts)}")
        if drive.out_of_control_chance:
            lines.append(f"Carter test: out of control {odds.describe_test(drive.out_of_control_chance)}")
        path = [(float(x), float(y)) for x, y in move.path]
        return Hint(rank, cmd, score, text, "move", cmd.model, "", path, True, lines)
    if isinstance(cmd, Fight) and state.find(cmd.target) is not None:
        f = preview.fight_preview(engine.explain(cmd))
        lines = [ln for ln in f.lines if ln.strip()]
        pct = f.percentages
        tag = f"wins {pct.get('win', 0):.0f}%, loses {pct.get('lose', 0):.0f}%" if pct else ""
        return Hint(rank, cmd, score, text, "line", cmd.model, cmd.target, [], f.legal, lines,
                    _summary(lines, (" wins ",)), tag)
    if isinstance(cmd, Fight):
        return Hint(rank, cmd, score, text, "line", cmd.model, cmd.target, tag=f"strike its {cmd.location}")
    if isinstance(cmd, Shoot):
        s = preview.shot_preview(engine, engine.explain(cmd))
        lines = [ln for ln in s.lines if ln.strip()]
        hurt = float(s.odds.get("wounded", 0)) + float(s.odds.get("steed_wounded", 0))
        tag = f"wounds {hurt:.0%}" if "hit" not in s.odds else f"hits {float(s.odds['hit']):.0%}"
        return Hint(rank, cmd, score, text, "line", cmd.model, cmd.target, [], s.legal, lines,
                    _summary(lines, ("Wounds", "Outcome")), tag if s.odds else "")
    if isinstance(cmd, React):
        who = state.pending.model if state.pending is not None else ""
        return Hint(rank, cmd, score, text, "label", who, tag=text.removeprefix("Answer: "))
    if isinstance(cmd, PlayPerk):
        perk = engine.table.content.perks.get(cmd.card)
        name = perk.name if perk is not None else content_name("perks", cmd.card)
        return Hint(rank, cmd, score, text, "label", cmd.model or "", lines=[perk.text] if perk else [],
                    tag=name)
    tag = "Activate" if isinstance(cmd, Activate) else text
    return Hint(rank, cmd, score, text, "label", str(getattr(cmd, "model", "") or ""), tag=tag)


def build_hints(engine: Engine, side: Side, n: int = HINTS, player: Player | None = None,
                memory: Memory | None = None) -> list[Hint]:
    """The best `n` commands for `side` as hints, ranked from 1."""
    with engine.deciding():
        found = hints(engine, side, n, player, memory)
        return [make_hint(engine, i, cmd, score) for i, (cmd, score) in enumerate(found, 1)]


class HintWorker:
    """Works out hints in a worker thread, on a copy of the game as the acting side sees it."""

    def __init__(self, table: Table, player: Player | None = None) -> None:
        # a table of its own: the engine remembers walks and checks on its table while deciding
        self.table = Table(table.content, table.base_terrain or table.terrain)
        self._player = player  # made when first asked (the default AI)
        self.memory = Memory()  # the ground's distance fields, kept between hints
        self._carrier: Engine | None = None  # the game's state on this table, for taking views
        self.engine: Engine | None = None  # the view the worker works on
        self.token: object = None
        self._thread: threading.Thread | None = None
        self._result: list[Hint] | BaseException | None = None

    @property
    def player(self) -> Player:
        """The AI asked for hints."""
        if self._player is None:
            self._player = default_player()
        return self._player

    @property
    def busy(self) -> bool:
        """True while the worker is still working."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, state: GameState, side: Side, token: object, n: int = HINTS) -> None:
        """Begin working out `side`'s hints for `state` (called on the main thread)."""
        if self.busy:
            raise RuntimeError("a hint is already being worked out")
        if self._carrier is None or self._carrier.state.mud != state.mud:
            self._carrier = Engine(self.table, state)  # only read: the view is a copy
        self._carrier.state = state
        self.engine = player_view(self._carrier, side)
        self.token, self._result = token, None
        self._thread = threading.Thread(target=self._run, args=(self.engine, self.player, side, n),
                                        name="hint", daemon=True)
        self._thread.start()

    def _run(self, engine: Engine, player: Player, side: Side, n: int) -> None:
        try:
            self._result = build_hints(engine, side, n, player, self.memory)
        except BaseException as exc:  # handed to the main thread, which reports it
            self._result = exc

    def poll(self) -> tuple[object, list[Hint] | BaseException] | None:
        """The token and the hints (or the error) of finished work, once; else None."""
        if self._thread is None or self._thread.is_alive():
            return None
        self._thread = None
        result, self._result = self._result, None
        return self.token, (result if result is not None else RuntimeError("no hints came back"))

    def wait(self, timeout: float = 10.0) -> None:
        """Block until the current work is done (for tests and screenshots)."""
        if self._thread is not None:
            self._thread.join(timeout)


@dataclass
class HintBoard:
    """The hints shown at the table: asked for, being worked out, shown, one of them picked.

    The screen calls `update` every frame with a token of the position; hints for any other
    position are thrown away, so a command, an undo or a new turn clears them."""

    worker: HintWorker
    shown: list[Hint] = field(default_factory=list)
    picked: int = 0  # the highlighted hint's rank (0 for none)
    wanted: object = None  # the position hints are asked for (None: not asked)
    side: Side | None = None
    error: str = ""

    @property
    def active(self) -> bool:
        """True while hints are asked for (being worked out or shown)."""
        return self.wanted is not None

    @property
    def thinking(self) -> bool:
        """True while the hints asked for are still being worked out."""
        return self.wanted is not None and not self.shown and not self.error

    def ask(self, state: GameState, side: Side, token: object) -> None:
        """Ask for hints for `side` in this position."""
        self.clear()
        self.wanted, self.side = token, side
        if not self.worker.busy:
            self.worker.start(state, side, token)

    def clear(self) -> None:
        """Hide the hints (work under way finishes and is thrown away)."""
        self.shown, self.picked, self.wanted, self.side, self.error = [], 0, None, None, ""

    def pick(self, rank: int) -> Hint | None:
        """Highlight hint `rank` (picking it again keeps it); the hint, or None if there is none."""
        hint = next((h for h in self.shown if h.rank == rank), None)
        if hint is not None:
            self.picked = rank
        return hint

    def chosen(self) -> Hint | None:
        """The highlighted hint, if any."""
        return next((h for h in self.shown if h.rank == self.picked), None)

    def update(self, state: GameState, token: object, check: Callable[[Command], object]) -> None:
        """Collect finished work; forget hints made for another position than `token`'s. Each
        hint is checked against the game shown (`check`, changing nothing) before it is shown."""
        if self.wanted is not None and self.wanted != token:
            self.clear()
        found = self.worker.poll()
        if found is not None and self.wanted is not None and found[0] == self.wanted:
            result = found[1]
            if isinstance(result, BaseException):
                self.error = f"No hint: {type(result).__name__}: {result}"
            else:
                self.shown = [h for h in result if not isinstance(check(h.command), Rejected)]
                self.picked = 0  # the person picks one to see its preview
                if not self.shown:
                    self.error = "No hint: nothing to suggest here."
        if self.wanted is not None and not self.shown and not self.error and not self.worker.busy \
                and self.worker.token != self.wanted and self.side is not None:
            self.worker.start(state, self.side, self.wanted)  # asked again while older work ran
