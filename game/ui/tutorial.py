"""The tutorial: a guided first turn on the Lane Hedge, its steps as data.

Each step says what to do and why, and knows when it is done: a predicate over what the coach has
seen since the tutorial began, that is the engine's events and a few facts of the screen (a move
preview shown, a log line opened, the rules opened with the rules key, the Next button). The
tutorial never gives a command: the player gives every one and the engine judges it as in any
game, rolling its own dice from the game's seed. The seed is pinned so the first game is the same
every time: Blue's card is turned first (the tests check it), and the dice fall as they fall.

No pygame here: `game.ui.battle.coach` draws the steps over the battle screen and feeds them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from game.rules.engine import Table
from game.rules.events import (
    Activated,
    CardDrawn,
    Casualty,
    ChargeBonus,
    Ev,
    GambitRolled,
    JumpTest,
    MeleeRound,
    SaveRolled,
    ShotFired,
    SpearEnded,
    TurnEnded,
    Wounded,
)
from game.rules.state import ALARUMS_CARD, GameState, Model, Side
from game.ui.sides import SIDE_NAME

SCENARIO = "tutorial"  # game/resources/maps/tutorial.tmx, made by tools/make_maps.py
SEED = 39  # Blue's card is turned first; the test plays the whole turn on it
PLAYER: Side = "blue"
OPPONENT: Side = "red"
DIFFICULTY = "easy"  # the AI that plays Orange, during the tutorial and after it
E = TypeVar("E", bound=Ev)
HEDGE_SPOT = (5.5, 10.5)  # beyond the meadow hedge, within the Hero's Move and Command Range

# facts of the screen the coach reports
NEXT = "next"  # the coach's Next button (a step that asks only to be read)
PREVIEW = "preview"  # a legal move preview of the player's active model was shown
LOG = "log"  # a line of the event log was clicked (its rule opened)
RULES = "rules"  # the rules were opened otherwise (the rules key)


@dataclass(frozen=True, slots=True)
class Cast:
    """The models the steps speak of, found on the table by what they are."""

    hero: str  # the player's Captain, on a Warhorse
    lancer: str  # his mounted Retainer
    archer: str  # his Shootist
    billman: str  # the enemy to charge
    target: str  # the enemy Hero to shoot at
    words: dict[str, str] = field(default_factory=dict)  # names, numbers and keys for the texts

    @property
    def mine(self) -> frozenset[str]:
        """The player's models."""
        return frozenset((self.hero, self.lancer, self.archer))


def short_name(name: str) -> str:
    """What a model is called in a sentence: "Sir Thomas" for Sir Thomas Harcourt, "Will" for Will Fenton."""
    parts = name.split()
    return " ".join(parts[:2]) if parts[0] in ("Sir", "Lord", "Dame") and len(parts) > 2 else parts[0]


def cast_of(table: Table, state: GameState, keys: dict[str, str]) -> Cast:
    """The cast of the tutorial's table, and the words its texts use (`keys`: key labels by action)."""

    def one(side: Side, test: Callable[[Model], bool], what: str) -> Model:
        found = [m for m in state.models if m.side == side and test(m)]
        if not found:
            raise ValueError(f"the tutorial's table has no {what} for {side}")
        return found[0]

    def role(m: Model) -> str:
        return table.profile(m).role

    hero = one(PLAYER, lambda m: role(m) == "captain" and m.steed is not None, "mounted Captain")
    lancer = one(PLAYER, lambda m: m.id != hero.id and m.steed is not None, "mounted Retainer")
    archer = one(PLAYER, lambda m: role(m) == "shootist", "Shootist")
    billman = one(OPPONENT, lambda m: m.profile == "billman", "billman")
    target = one(OPPONENT, lambda m: role(m) == "captain", "Captain")
    assert hero.steed is not None
    words = {
        "hero": short_name(hero.name), "lancer": short_name(lancer.name),
        "archer": short_name(archer.name), "billman": billman.name, "target": target.name,
        "move": f'{table.content.steeds[hero.steed].move:g}"',
        "reach": f'{table.numbers.mounted_charge_reach:g}"',
        "enemy": SIDE_NAME[OPPONENT], **keys,
    }
    return Cast(hero.id, lancer.id, archer.id, billman.id, target.id, words)


@dataclass(frozen=True, slots=True)
class Mark:
    """Something the coach points at: a model (ringed), a spot on the table (flagged) or a part of
    the screen ("card": the top bar's Spear, "log": the event log)."""

    model: str = ""
    spot: tuple[float, float] | None = None
    part: str = ""
    label: str = ""


@dataclass(frozen=True, slots=True)
class Now:
    """What the player has in hand: the game, and the choices made on the screen."""

    state: GameState
    gambit: str | None = None  # the Movement Gambit declared for the next move


@dataclass
class Seen:
    """Everything the coach has seen since the tutorial began."""

    events: list[Ev] = field(default_factory=list)
    facts: set[str] = field(default_factory=set)

    def of(self, kind: type[E]) -> list[E]:
        """The events of one kind, in order."""
        return [e for e in self.events if isinstance(e, kind)]


Done = Callable[[Cast, Seen], bool]
Told = Callable[[Cast, Seen, Callable[[str], str]], str]
Nudge = Callable[[Cast, Now], str]
Marks = Callable[[Cast, Now], list[Mark]]


@dataclass(frozen=True, slots=True)
class Step:
    """One thing to learn: its title, its text (with {names} from the cast's words), when it is
    done, what to say once it is done, and, as the game stands, what to do now and where."""

    key: str
    title: str
    text: str
    done: Done
    told: Told = lambda cast, seen, name: ""
    nudge: Nudge = lambda cast, now: ""
    marks: Marks = lambda cast, now: []
    reading: bool = False  # done by pressing Next


# --- what each step waits for ----------------------------------------------------------------------

def _activated(who: str) -> Done:
    return lambda cast, seen: any(e.model == getattr(cast, who) for e in seen.of(Activated))


def _jumped(cast: Cast, seen: Seen) -> bool:
    return any(e.model in cast.mine for e in seen.of(JumpTest))


def _charged(cast: Cast, seen: Seen) -> bool:
    return any(e.model in cast.mine and e.gambit == "mounted_charge"
               for e in seen.of(GambitRolled))


def _fought(cast: Cast, seen: Seen) -> bool:
    return any({e.attacker, e.defender} & cast.mine for e in seen.of(MeleeRound))


def _shot(cast: Cast, seen: Seen) -> bool:
    return any(e.model in cast.mine for e in seen.of(ShotFired))


def _spear_ended(cast: Cast, seen: Seen) -> bool:
    return any(e.card == cast.hero for e in seen.of(SpearEnded))


def _turn_ended(cast: Cast, seen: Seen) -> bool:
    return bool(seen.of(TurnEnded))


def _fact(fact: str) -> Done:
    return lambda cast, seen: fact in seen.facts


# --- what is said once it is done ------------------------------------------------------------------

JUMPED = {"sails_over": "sails over", "awkward": "lands awkwardly over", "falls": "falls at"}


def _told_jump(cast: Cast, seen: Seen, name: Callable[[str], str]) -> str:
    e = [j for j in seen.of(JumpTest) if j.model in cast.mine][-1]
    how = JUMPED.get(e.result, e.result)
    return f"{name(e.model)} {how} the {e.obstacle} (he rolled {e.roll})."


def _told_activated(cast: Cast, seen: Seen, name: Callable[[str], str]) -> str:
    e = [a for a in seen.of(Activated) if a.model == cast.lancer][-1]
    if e.in_command:
        return f"{name(cast.lancer)} is within {name(cast.hero)}'s Command Range: no Feckless test."
    return f"{name(cast.lancer)} was out of Command Range and took a Feckless test (see the log)."


def _told_charge(cast: Cast, seen: Seen, name: Callable[[str], str]) -> str:
    e = [g for g in seen.of(GambitRolled) if g.model in cast.mine][-1]
    if e.outcome != "success":
        return f"The Mounted Charge! failed: a {e.outcome.title()}. The log says what it cost."
    home = any(b.model == e.model and b.active for b in seen.of(ChargeBonus))
    return (f"The Mounted Charge! came off: {name(e.model)} charged home with the charge bonuses."
            if home else f"The Mounted Charge! came off, but {name(e.model)} did not reach his man.")


def _told_melee(cast: Cast, seen: Seen, name: Callable[[str], str]) -> str:
    e = [r for r in seen.of(MeleeRound) if {r.attacker, r.defender} & cast.mine][-1]
    a, d = e.attacker_strikes, e.defender_strikes
    strikes = f"{a} strike{'' if a == 1 else 's'} to {d}"
    won = f"{name(e.winner)} wins the round, {strikes}" if e.winner else f"A drawn round, {strikes}"
    down = [name(c.model) for c in _after(seen, e, Casualty)]
    return f"{won}." + (f" {' and '.join(down)} struck down." if down else "")


def _told_shot(cast: Cast, seen: Seen, name: Callable[[str], str]) -> str:
    e = [s for s in seen.of(ShotFired) if s.model in cast.mine][-1]
    roll = f"rolled {e.roll}, needing {e.need}+"
    if not e.hit:
        return f"{name(e.model)} missed ({roll})."
    after = _after(seen, e, SaveRolled)
    saved = bool(after) and after[0].saved
    wounded = bool(_after(seen, e, Wounded) or _after(seen, e, Casualty))
    outcome = "saved by his armour" if saved else "wounded" if wounded else "struck"
    return f"{name(e.model)} hits ({roll}): {name(e.target)} is {outcome}."


def _told_card(cast: Cast, seen: Seen, name: Callable[[str], str]) -> str:
    cards = [e for e in seen.of(CardDrawn) if e.card != cast.hero]
    if not cards:
        return "The Spear is done and the next card is turned."
    card = cards[0].card
    who = "the Divers Alarums" if card == ALARUMS_CARD else f"{name(card)}'s"
    return f"The next card turned is {who}."


def _after(seen: Seen, event: Ev, kind: type[E]) -> list[E]:
    """Events of a kind after one event, up to the next event of that event's own kind."""
    start = next(i for i, e in enumerate(seen.events) if e is event)
    out = []
    for e in seen.events[start + 1:]:
        if isinstance(e, type(event)):
            break
        if isinstance(e, kind):
            out.append(e)
    return out


# --- what to do now, as the game stands -----------------------------------------------------------

def _active(now: Now) -> str:
    return now.state.active_model


def _moved(now: Now, model: str) -> bool:
    """True once the model has spent his Move, or his activation is over."""
    m = now.state.find(model)
    return m is not None and (m.moved or m.activated and now.state.active_model != model)


def _nudge_preview(cast: Cast, now: Now) -> str:
    if _active(now) == cast.hero:
        return "Hover the flag beyond the hedge."
    if _moved(now, cast.hero):
        return "{hero} has moved: hover the ground with another rider, or skip this step."
    return "Click {hero} first."


def _nudge_jump(cast: Cast, now: Now) -> str:
    if _active(now) == cast.hero and not _moved(now, cast.hero):
        return "Click the flag to ride over the hedge."
    return "{hero} did not cross the hedge: any rider may still jump it, or skip this step."


def _nudge_lancer(cast: Cast, now: Now) -> str:
    if _active(now) == cast.hero:
        return "Press {end_activation} (or End activation) to end {hero}'s activation."
    return "Click {lancer} to activate him."


def _nudge_charge(cast: Cast, now: Now) -> str:
    if _active(now) != cast.lancer:
        return "Activate {lancer} first." if not _moved(now, cast.lancer) else ""
    if now.gambit != "mounted_charge":
        return "Press {gambit_charge} (or the Mounted Charge! button) to declare the charge."
    return "Hover {billman} to see the charge and its odds, then click him."


def _nudge_melee(cast: Cast, now: Now) -> str:
    if _active(now) != cast.lancer:
        return "{lancer}'s activation is over: skip this step."
    return "Click {billman} to fight a round."


def _nudge_shot(cast: Cast, now: Now) -> str:
    if _active(now) == cast.archer:
        return "Hold {shoot} and click {target} to loose an arrow."
    if _active(now):
        return "Press {end_activation} to end this activation, then click {archer}."
    return "Click {archer} to activate him."


def _nudge_end(cast: Cast, now: Now) -> str:
    if _active(now):
        return "Press {end_activation} (or End activation) to end the activation."
    return "Press {end_activation} (or End Spear) to end the Spear."


def _nudge_enemy(cast: Cast, now: Now) -> str:
    pending = now.state.pending
    if pending is None or pending.side != PLAYER:
        return "Watch the AI play."
    who, by = now.state.model(pending.model).name, now.state.model(pending.charger).name
    if pending.kind == "charged":
        return (f"{by} charges {who}: answer with a button below. Stand takes the charge; the "
                "others try to meet it or get away.")
    return f"{who} may Break Away from {by}, or stand and fight on: choose below."


# --- where to look ----------------------------------------------------------------------------------

def _ring(who: str, label: str = "") -> Marks:
    return lambda cast, now: [Mark(model=getattr(cast, who), label=label)]


def _marks_hedge(cast: Cast, now: Now) -> list[Mark]:
    if _moved(now, cast.hero):
        return []
    if _active(now) != cast.hero:
        return [Mark(model=cast.hero)]
    return [Mark(spot=HEDGE_SPOT, label="ride here")]


def _marks_charge(cast: Cast, now: Now) -> list[Mark]:
    if _moved(now, cast.lancer):
        return []
    if _active(now) != cast.lancer:
        return [Mark(model=cast.lancer)]
    return [Mark(model=cast.billman, label="charge him")]


def _marks_shot(cast: Cast, now: Now) -> list[Mark]:
    if _active(now) == cast.archer:
        return [Mark(model=cast.target, label="shoot him")]
    return [Mark(model=cast.archer)]


STEPS: tuple[Step, ...] = (
    Step("card", "A card is turned",
         "Each turn the Hero Deck is shuffled: a card for every Hero and one for the Divers "
         "Alarums. The cards are turned one at a time, and the Spear whose card is turned acts. "
         "This turn {hero}'s card came first: the top bar names his Spear.",
         _fact(NEXT), nudge=lambda cast, now: "Press Next (or {end_activation}) to go on.",
         marks=lambda cast, now: [Mark(part="card")], reading=True),
    Step("hero", "Activate the Hero",
         "A Spear acts one model at a time, and its Hero goes first. {hero} is a Captain on a "
         "Warhorse, with a Move of {move}; each model has one Move and one Action when he acts.",
         _activated("hero"), nudge=lambda cast, now: "Click {hero} (ringed) to activate him.",
         marks=_ring("hero", "click him")),
    Step("preview", "See before you move",
         "Before you click, the table shows what a move would be: the path he would ride and, "
         "by the cursor, its cost out of his {move} Move, the ground on the way and any test it "
         "needs. Green says it is legal; red says why not.",
         _fact(PREVIEW), nudge=_nudge_preview, marks=_marks_hedge),
    Step("jump", "Jump the hedge",
         "The hedge is a low obstacle: a rider crossing it takes a Jump test. A 6 sails over, "
         "2 to 5 land awkwardly (the rest of the move at half rate), a 1 falls. The box gives "
         "the odds before a die is rolled; the engine rolls it as he rides.",
         _jumped, told=_told_jump, nudge=_nudge_jump, marks=_marks_hedge),
    Step("lancer", "The next model",
         "{hero} still has his Action (a fight or a shot), but no enemy is in reach. A Retainer "
         "within his Hero's Command Range obeys; out of it, he takes a Feckless test first.",
         _activated("lancer"), told=_told_activated, nudge=_nudge_lancer, marks=_ring("lancer")),
    Step("charge", "Mounted Charge!",
         "A Mounted Charge! is a Movement Gambit: a roll to bring it off, then the Warhorse "
         "gallops up to {reach} further and the rider wins the charge bonuses for the melee. "
         "Over the enemy, the box gives the odds of the roll before you commit.",
         _charged, told=_told_charge, nudge=_nudge_charge, marks=_marks_charge),
    Step("melee", "The melee",
         "In base contact, a fight is the Action. Both sides roll their Fight dice; the one with "
         "more strikes wins the round and hits the loser, who rolls to save. The charge bonuses "
         "last while {lancer} keeps winning.",
         _fought, told=_told_melee, nudge=_nudge_melee, marks=_ring("billman", "fight him")),
    Step("shot", "A shot",
         "Shooting is an archer's Action. Hold {shoot} to aim: over an enemy, the box gives the "
         "range and the score he needs to hit, and a hit must still get past the target's save.",
         _shot, told=_told_shot, nudge=_nudge_shot, marks=_marks_shot),
    Step("log", "The log",
         "Every die the engine rolls is written in the log on the right: what it was for, the "
         "score it needed and what came up. Each line leads to the rule behind it.",
         _fact(LOG), nudge=lambda cast, now: "Click a line of the log; Esc comes back.",
         marks=lambda cast, now: [Mark(part="log")]),
    Step("rules", "The rules, any time",
         "The rules are one key away anywhere in the game, from the main menu to the middle of "
         "a melee, with every rule the engine enforces.",
         _fact(RULES), nudge=lambda cast, now: "Press {rules}, look around, then Esc to come back."),
    Step("turn", "Turn the next card",
         "When every model of the Spear has acted, the engine turns the next card of the Hero "
         "Deck. {archer} is the last of {hero}'s Spear.",
         _spear_ended, told=_told_card, nudge=_nudge_end),
    Step("enemy", "The other side plays",
         "{enemy} is played by the AI, by the same rules and with the same dice: its moves are "
         "traced on the table and its rolls go into the log. If it charges one of yours, you "
         "answer with the buttons below. {skip_ai} hurries it along.",
         _turn_ended, nudge=_nudge_enemy),
)


class Tutorial:
    """Where the player is in the tutorial: the step, what has been seen, what was last done."""

    def __init__(self, cast: Cast, steps: Iterable[Step] = STEPS) -> None:
        self.cast = cast
        self.steps = tuple(steps)
        self.index = 0
        self.seen = Seen()
        self.told = ""  # what the last step done came to, in words

    @property
    def step(self) -> Step | None:
        """The step in hand (None once the tutorial is over)."""
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def over(self) -> bool:
        """True once every step is done or skipped."""
        return self.index >= len(self.steps)

    def spear_in_hand(self) -> bool:
        """True until the step that ends the player's Spear: the Spear's models are still to act."""
        keys = [s.key for s in self.steps]
        return "turn" in keys and self.index < keys.index("turn")

    def words(self, msg: str) -> str:
        """A step's text with the cast's names, numbers and keys."""
        return msg.format(**self.cast.words)

    def saw(self, events: Iterable[Ev], names: Callable[[str], str]) -> None:
        """New events from the engine's log; `names` gives a model's name in a sentence by id."""
        self.seen.events.extend(events)
        self._advance(names)

    def noticed(self, fact: str, names: Callable[[str], str]) -> None:
        """A fact of the screen (NEXT, PREVIEW, LOG, RULES)."""
        self.seen.facts.add(fact)
        self._advance(names)

    def skip(self) -> None:
        """Leave the step in hand undone and go on to the next."""
        if not self.over:
            self.index += 1
            self.told = ""
            self.seen.facts.discard(NEXT)

    def _advance(self, names: Callable[[str], str]) -> None:
        """Go past every step now done; a step asking only to be read takes one Next each."""
        while (step := self.step) is not None and step.done(self.cast, self.seen):
            self.told = step.told(self.cast, self.seen, names)
            self.index += 1
            if step.reading:
                self.seen.facts.discard(NEXT)
