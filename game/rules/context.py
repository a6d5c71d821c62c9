"""What a rule needs to resolve: the table, the content, the state, the dice and the event log."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace

from game.content.models import Content, Numbers, Profile, Skill
from game.rules.dice import Dice
from game.rules.events import DiceRolled, Ev, PerkUsed, made
from game.rules.geometry import Bases
from game.rules.state import GameState, Model
from game.terrain.terrain_map import TerrainMap


@dataclass(frozen=True, slots=True)
class Rejected:
    """A command that may not be carried out: a machine code and a reason a player can read."""

    code: str
    reason: str


@dataclass(slots=True)
class Table:
    """The fixed parts of a game: content and the terrain (with this game's mud applied), and the
    sizes of the bases from the content's numbers."""

    content: Content
    terrain: TerrainMap
    base_terrain: TerrainMap | None = None  # the map as loaded, before any mud
    # answers remembered while one decision is made (see `deciding`); None outside one
    memo: dict[tuple[object, ...], object] | None = field(default=None, repr=False, compare=False)
    bases: Bases = field(init=False)  # the sizes of the bases, from the content's numbers
    # terrain walks already made on this map (movement.walk), shared with every table on the same
    # map and numbers (walks_on)
    walks: dict[tuple[object, ...], object] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.bases = Bases.of(self.content.numbers)
        self.walks = walks_on(self.terrain, self.content.numbers)

    def apply_mud(self, tiles: list[int]) -> None:
        """Turn the listed open or road tiles to Hard Going (ploughland) on this game's map."""
        base = self.base_terrain or self.terrain
        self.base_terrain = base
        if not tiles:
            self.terrain = base
        else:
            kinds = list(base.tiles)
            for idx in tiles:
                kinds[idx] = "ploughland"
            self.terrain = replace(base, tiles=kinds)
        self.walks = walks_on(self.terrain, self.content.numbers)

    def deciding(self) -> Deciding:
        """While a side decides what to do (the state does not change), remember the answers of
        the position checks, which its candidates ask again and again."""
        return Deciding(self)

    @property
    def numbers(self) -> Numbers:
        """The house-rule numbers."""
        return self.content.numbers

    def profile(self, m: Model) -> Profile:
        """A model's profile."""
        return self.content.profiles[m.profile]

    def has_skill(self, m: Model, skill: str) -> bool:
        """True if the model has the skill: his profile's, his own (a roster's), and Equestrian
        with a Hero's steed."""
        prof = self.content.profiles[m.profile]
        if skill == "equestrian" and m.steed is not None and prof.type == "hero":
            return True
        return skill in prof.skills or skill in m.skills

    def skill(self, skill_id: str) -> Skill:
        """A Skill's entry in the content: its list, its name and the numbers of its effect."""
        return self.content.skills[skill_id]

    def skill_modifier(self, m: Model, skill_id: str) -> int:
        """The Skill's modifier if the model has it, else 0."""
        return self.content.skills[skill_id].modifier if self.has_skill(m, skill_id) else 0


WALK_MAPS = 4  # the maps whose walks are remembered at once (the least lately set up is dropped)
# the terrain walks made on each map (movement.walk), by the map's identity and the numbers a walk
# reads (Hard Going, obstacles, the base's size): a walk depends on these alone, so every table on
# the same map shares them, the next game on it included
_WALKS: dict[tuple[int, Numbers], tuple[TerrainMap, dict[tuple[object, ...], object]]] = {}
_WALKS_LOCK = threading.Lock()


def walks_on(terrain: TerrainMap, numbers: Numbers) -> dict[tuple[object, ...], object]:
    """The walks remembered on this map with these numbers (a fresh memory for a map not seen)."""
    key = (id(terrain), numbers)
    with _WALKS_LOCK:  # an AI thinking on a thread of its own sets up tables too
        entry = _WALKS.pop(key, None)
        if entry is None or entry[0] is not terrain:
            entry = (terrain, {})
        _WALKS[key] = entry
        while len(_WALKS) > WALK_MAPS:
            del _WALKS[next(iter(_WALKS))]
    return entry[1]


class Deciding:
    """The context of one decision (Table.deciding): the table's memory of answers lives while
    the outermost one is open and is dropped when it closes."""

    __slots__ = ("table", "outermost")

    def __init__(self, table: Table) -> None:
        self.table = table
        self.outermost = False

    def __enter__(self) -> None:
        if self.table.memo is None:
            self.table.memo = {}
            self.outermost = True

    def __exit__(self, *exc: object) -> None:
        if self.outermost:
            self.table.memo = None
            self.outermost = False


@dataclass(slots=True)
class Act:
    """One command's resolution: it rolls dice, changes the state and records events."""

    table: Table
    state: GameState
    dice: Dice
    events: list[Ev] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.dice.sink = self._log_roll

    def _log_roll(self, purpose: str, sides: int, value: int, need: str, model: str) -> None:
        self.events.append(
            made(DiceRolled, purpose=purpose, sides=sides, value=value, need=need, model=model)
        )

    def emit(self, event: Ev) -> None:
        """Record an event."""
        self.events.append(event)

    def d6(self, purpose: str, need: str = "", model: str = "") -> int:
        """Roll one d6 for a purpose."""
        return self.dice.roll(purpose, 6, need, model)

    def test(self, m: Model, purpose: str, target: int, modifier: int = 0) -> tuple[int, bool]:
        """A d6 test of the model's own: roll + modifier >= target, natural 1 fails.

        A Fortune Favours the Bold Perk on the model rerolls a failure once.
        Returns the final natural roll and whether the test passed.
        """
        need = f"{target}+" if modifier == 0 else f"{target}+ ({modifier:+d})"
        label = f"{purpose}, {m.name}, needs {need}"
        roll = self.d6(label, need, m.id)
        passed = roll != 1 and roll + modifier >= target
        if not passed and m.reroll_ready:
            m.reroll_ready = False
            self.emit(PerkUsed(model=m.id, effect="reroll"))
            roll = self.d6(label + " (reroll)", need, m.id)
            passed = roll != 1 and roll + modifier >= target
        return roll, passed
