"""Hints for the person at the table: what the default AI would do now, its best few commands,
each with the Valour it wins against ending the activation, worked out off the frame loop
(pygame-free).

The advice is asked of a view of the game that holds only what the acting side may know (the
Hero Deck's order, the Perk deck, the other hand and the dice to come are sampled afresh, as the
AI players see the game: game.ai.view). The view has an engine and a table of its own and is
worked on in a worker thread, as the AI's own choices are (game.ui.solo.Thinker); the game shown
is never touched and its dice never roll.

Every die the hint rolls (the view, the AI's own views and play-outs, the estimates' play-outs)
comes from the position as the side sees it (`information_set_key`) and the hint's fixed seed,
fresh at every ask, and the AI asked searches its whole budget whatever the clock says: the same
position always gets the same advice, and what the side cannot know never changes it.

The figure beside each hint is an estimate in Valour Points (`FIGURE`): on `ESTIMATE_VIEWS`
sampled views, the command and the rest of its activation are played out, and so is ending the
activation (between models, ending the Spear), with the same dice; the figure is the mean of the
Valour margin after the command less after ending it, with the standard error of that mean.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from game.ai import Player, heuristic, make_player
from game.ai.deploy import deploying
from game.ai.heuristic import Memory
from game.ai.search import SearchPlayer
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
from game.rules.state import GameState, Side, other_side
from game.ui import preview
from game.ui.eventtext import cap, content_name, word
from game.ui.solo import ai_spec

Point = tuple[float, float]
HINTS = 3  # how many commands a hint shows
LEVEL = "normal"  # the default AI's level
HintKind = Literal["move", "line", "label"]  # a path and ghost; a line to the target; a label
HINT_SEED = 0x48696E74  # the hint's own fixed seed, mixed with the position's key at every ask
ESTIMATE_VIEWS = 8  # sampled views each hinted command and ending the activation are played out on
FIGURE = ("Valour Points the command wins over the rest of its activation against {against}: the "
          "mean of the Valour margin after it less after {against}, over play-outs on sampled views "
          "with the same dice, ± its standard error")  # what the figure beside a hint is
WIN_GUARD = 50.0  # a play-out worth this much less is a refused command (the search scores it -100)
AGAINST_END = "ending the activation"
AGAINST_SPEAR = "ending the Spear"
AGAINST_NOW = "the position now"  # a reaction: the play-outs' Valour won from now


@dataclass(frozen=True, slots=True)
class Estimate:
    """The Valour a command wins against a baseline (ending the activation), from paired play-outs."""

    gain: float  # the mean of the Valour margin after the command less after the baseline
    error: float  # the standard error of that mean
    against: str  # the baseline in words, e.g. "ending the activation"
    views: int  # the play-outs the mean is over

    @property
    def text(self) -> str:
        """The figure to one decimal, e.g. "+1.2 ± 0.6 VP" (never "-0.0")."""
        return f"{round(self.gain, 1) + 0.0:+.1f} ± {round(self.error, 1) + 0.0:.1f} VP"

    @property
    def words(self) -> str:
        """The figure with its baseline: "+1.2 ± 0.6 VP vs ending the activation"."""
        return f"{self.text} vs {self.against}"


@dataclass(frozen=True, slots=True)
class Hint:
    """One suggested command: its rank, score and words, and what the table shows for it."""

    rank: int
    command: Command
    score: float  # the AI's own value of the command, for its ranking only (never shown)
    text: str  # the command in words, e.g. "Mounted Charge! on Thomas Strangways"
    kind: HintKind
    model: str = ""  # the model concerned ("" for none, e.g. End the Spear)
    target: str = ""  # the model or vehicle attacked or charged
    path: list[Point] = field(default_factory=list)  # a move's path, from where the model stands
    legal: bool = True
    lines: list[str] = field(default_factory=list)  # the preview's lines (odds, terrain, jumps)
    summary: str = ""  # the preview line that matters most, for the panel
    tag: str = ""  # a few words for the table beside the hint's number (the odds of a fight or shot)
    estimate: Estimate | None = None  # the Valour it wins against ending the activation (None: none)

    @property
    def value(self) -> str:
        """The figure shown beside the hint: its estimate in Valour Points, e.g. "+1.2 ± 0.6 VP"
        ("" when none was worked out, as before the first card)."""
        return self.estimate.text if self.estimate is not None else ""

    @property
    def figure(self) -> str:
        """The figure with what it is against: "+1.2 ± 0.6 VP vs ending the activation"."""
        return self.estimate.words if self.estimate is not None else ""

    @property
    def label(self) -> str:
        """The panel's line: "1. Mounted Charge! on Sir X — +0.8 ± 0.4 VP"."""
        return f"{self.rank}. {self.text} — {self.value}" if self.value else f"{self.rank}. {self.text}"


def default_player(seed: int = 0) -> Player:
    """The AI a hint asks: the default AI (as solo play picks it) at the normal level, with this
    seed, searching its whole budget whatever the clock says (so its answer is the same at any speed)."""
    player = make_player(ai_spec(LEVEL), seed)
    if hasattr(player, "time_cap"):
        player.time_cap = None
    return player


def hint_seed(engine: Engine, side: Side, seed: int = HINT_SEED) -> int:
    """The seed of a hint's dice: the position as `side` sees it (its information set's key) mixed
    with the hint's fixed seed; what the side cannot know (the game's seed among it) plays no part."""
    return (int(information_set_key(engine, side)[:16], 16) ^ seed) & ((1 << 63) - 1)


def valour_margin(state: GameState, side: Side) -> float:
    """The side's Valour less its opponent's."""
    return float(state.sides[side].valour - state.sides[other_side(side)].valour)


class _Margin(SearchPlayer):
    """The search's play-outs (the default AI's quick policy, over the rest of the activation), read
    at their end as the Valour margin alone."""

    def leaf(self, sim: Engine, side: Side) -> float:
        """The Valour margin where the play-out stopped."""
        return valour_margin(sim.state, side)


def baseline(engine: Engine, side: Side) -> tuple[Command | None, str]:
    """What a hint's figure is measured against, and its words: ending the activation, else (between
    models) ending the Spear, else (a reaction) the position now."""
    with engine.deciding():
        offered = engine.legal_commands(side)
    ends = [c for c in offered if isinstance(c, EndActivation)]
    if ends:
        return ends[0], AGAINST_END
    spears = [c for c in offered if isinstance(c, EndSpear)]
    if spears:
        return spears[0], AGAINST_SPEAR
    return None, AGAINST_NOW


def estimates(engine: Engine, side: Side, commands: list[Command], seed: int,
              memory: Memory | None = None, views: int = ESTIMATE_VIEWS) -> list[Estimate | None]:
    """Each command's Valour won against ending the activation (`baseline`), from `views` sampled
    views of `engine` drawn with dice of `seed`: on each view the command and the baseline are
    played out with the same dice, and the figure is the mean difference of the Valour margin after
    them with its standard error (None before the first card, or for a command a view refuses)."""
    if deploying(engine) or not commands:
        return [None for _ in commands]
    player = _Margin(seed, LEVEL)
    if memory is not None:
        player.memory = memory
    dice = Dice(seed)
    samples = [determinise(engine, side, dice) for _ in range(views)]
    seeds = [dice.pick(1 << 62) for _ in samples]
    base, against = baseline(engine, side)
    now = valour_margin(engine.state, side)
    bases = [player.value(view, side, base, Dice(s)) if base is not None else now
             for view, s in zip(samples, seeds, strict=True)]
    found: list[Estimate | None] = []
    for cmd in commands:
        if cmd == base:
            found.append(Estimate(0.0, 0.0, against, views))
            continue
        gaps = [player.value(view, side, cmd, Dice(s)) - b
                for view, s, b in zip(samples, seeds, bases, strict=True)]
        found.append(_estimate(gaps, against) if min(gaps) > -WIN_GUARD else None)
    return found


def _estimate(gaps: list[float], against: str) -> Estimate:
    """The mean of paired differences with its standard error."""
    mean = sum(gaps) / len(gaps)
    spread = sum((g - mean) ** 2 for g in gaps) / (len(gaps) - 1) if len(gaps) > 1 else 0.0
    return Estimate(mean, math.sqrt(spread / len(gaps)), against, len(gaps))


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
    return determinise(carrier, side, Dice(hint_seed(carrier, side, 0)))


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
                memory: Memory | None = None, seed: int = HINT_SEED) -> list[Hint]:
    """The best `n` commands for `side` as hints, ranked from 1, each with its estimate in Valour
    (its play-outs' dice from `seed`)."""
    with engine.deciding():
        found = hints(engine, side, n, player, memory)
        made = [make_hint(engine, i, cmd, score) for i, (cmd, score) in enumerate(found, 1)]
    figures = estimates(engine, side, [h.command for h in made], seed, memory)
    return [replace(h, estimate=e) for h, e in zip(made, figures, strict=True)]


class HintWorker:
    """Works out hints in a worker thread, on a copy of the game as the acting side sees it, with
    dice of the position's own (`hint_seed`): asked again, the same position gets the same hints."""

    def __init__(self, table: Table, player: Player | None = None, seed: int = HINT_SEED) -> None:
        # a table of its own: the engine remembers walks and checks on its table while deciding
        self.table = Table(table.content, table.base_terrain or table.terrain)
        self._player = player  # None: the default AI, made afresh for every ask
        self.seed = seed
        self.memory = Memory()  # the ground's distance fields, kept between hints
        self._carrier: Engine | None = None  # the game's state on this table, for taking views
        self.engine: Engine | None = None  # the view the worker works on
        self.token: object = None
        self._thread: threading.Thread | None = None
        self._result: list[Hint] | BaseException | None = None

    def player(self, seed: int) -> Player:
        """The AI asked for this hint: the one the worker was given, else the default AI with the
        ask's seed (a fresh one, whose dice are the position's), keeping the worker's ground."""
        if self._player is not None:
            return self._player
        player = default_player(seed)
        if isinstance(player, SearchPlayer):
            player.memory = self.memory
        return player

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
        seed = hint_seed(self._carrier, side, self.seed)
        self.token, self._result = token, None
        work = (self.engine, self.player(seed), side, n, seed)
        self._thread = threading.Thread(target=self._run, args=work, name="hint", daemon=True)
        self._thread.start()

    def _run(self, engine: Engine, player: Player, side: Side, n: int, seed: int) -> None:
        try:
            self._result = build_hints(engine, side, n, player, self.memory, seed)
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
