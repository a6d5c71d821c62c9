"""GameState.clone shares nothing mutable with its original, on real states along seeded games.

The walker is generic: it follows dataclass fields, attributes (``__dict__`` and slots) and the
contents of lists, dicts, sets and tuples, so a field added later to any state dataclass is covered
without editing this test.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import functools
import types
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import EagerPlayer
from game.rules.state import GameState, Model, Pending, SideState, Vehicle
from game.scenario import start_game

# scenario -> seed of its recorded eager-v-eager game (the-ford 1 reaches a pending charge
# reaction; make-way 3 has wagons, one of them damaged)
GAMES = {"skirmish-field": 1, "the-ford": 1, "make-way": 3, "stakes-and-arrows": 1}
EVERY = 12  # the sweep clones every EVERY-th state of each game, and every state with a reaction pending

# values that cannot change in place (tuples and frozensets are immutable, but their contents are walked)
IMMUTABLE = (type(None), bool, int, float, complex, str, bytes, range, Fraction, Decimal, enum.Enum,
             type, types.FunctionType, types.BuiltinFunctionType, types.ModuleType)
MUTATED = "mutated"


def is_mutable(obj: object) -> bool:
    """Whether an object can change in place (anything but immutable values and frozen dataclasses)."""
    if isinstance(obj, (*IMMUTABLE, tuple, frozenset)):
        return False
    if dataclasses.is_dataclass(obj):
        return not type(obj).__dataclass_params__.frozen  # type: ignore[union-attr]
    return True


def _attribute_names(obj: object) -> list[str]:
    names = [f.name for f in dataclasses.fields(obj)] if dataclasses.is_dataclass(obj) else []
    for cls in type(obj).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else list(slots)
    names += list(getattr(obj, "__dict__", {}))
    return [n for n in dict.fromkeys(names) if n not in ("__dict__", "__weakref__") and hasattr(obj, n)]


def children(obj: object) -> Iterator[tuple[str, object]]:
    """The objects `obj` refers to, each with a path step for messages."""
    if isinstance(obj, (*IMMUTABLE, bytearray)):
        return
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield f"<key {k!r}>", k
            yield f"[{k!r}]", v
    elif isinstance(obj, list | tuple):
        yield from ((f"[{i}]", v) for i, v in enumerate(obj))
    elif isinstance(obj, set | frozenset):
        yield from (("{}", v) for v in obj)
    else:
        yield from ((f".{n}", getattr(obj, n)) for n in _attribute_names(obj))


def mutable_objects(root: object, name: str = "state") -> dict[int, tuple[str, object]]:
    """Every mutable object reachable from `root`, by id, with the path it was first reached by."""
    seen: set[int] = set()
    found: dict[int, tuple[str, object]] = {}
    stack: list[tuple[str, object]] = [(name, root)]
    while stack:
        path, obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if is_mutable(obj):
            found[id(obj)] = (path, obj)
        stack.extend((path + step, child) for step, child in children(obj))
    return found


def shared_mutables(a: object, b: object) -> list[str]:
    """Paths (in `b`) of the mutable objects reachable from both `a` and `b`."""
    mine, theirs = mutable_objects(a), mutable_objects(b)
    return sorted(theirs[i][0] for i in mine.keys() & theirs.keys())


def mutate_everything(root: object) -> int:
    """Change every reachable container and non-frozen dataclass's scalars; how many objects changed."""
    objects = [obj for _, obj in mutable_objects(root).values()]
    for obj in objects:
        if isinstance(obj, list):
            obj.append(MUTATED)
        elif isinstance(obj, dict):
            obj[MUTATED] = 1
        elif isinstance(obj, set):
            obj.add(MUTATED)
        elif isinstance(obj, bytearray):
            obj.append(0)
        elif dataclasses.is_dataclass(obj):
            for f in dataclasses.fields(obj):
                value = getattr(obj, f.name)
                if isinstance(value, bool):
                    setattr(obj, f.name, not value)
                elif isinstance(value, int | float):
                    setattr(obj, f.name, value + 1)
                elif isinstance(value, str):
                    setattr(obj, f.name, value + "~")
    return len(objects)


@functools.cache
def recorded(scenario: str) -> tuple[GameState, ...]:
    """Deep copies of every state of a seeded eager-v-eager game, from the first to the last."""
    seed = GAMES[scenario]
    engine = start_game(scenario, seed)
    players = {"red": EagerPlayer(seed * 2 + 1), "blue": EagerPlayer(seed * 2 + 2)}
    states = [copy.deepcopy(engine.state)]
    while not engine.state.over:
        side = engine.state.acting_side
        engine.submit(players[side].choose(engine, side))
        states.append(copy.deepcopy(engine.state))
    return tuple(states)


def sweep(scenario: str) -> list[GameState]:
    """The states the sweep clones: every EVERY-th, every one with a pending reaction, the last."""
    states = recorded(scenario)
    return [s for i, s in enumerate(states) if i % EVERY == 0 or s.pending is not None
            or i == len(states) - 1]


def assert_independent_clone(original: GameState) -> None:
    """The clone is equal, shares nothing mutable, and mutating all of it leaves the original alone."""
    clone = original.clone()
    assert clone == original and clone.digest() == original.digest()
    assert shared_mutables(original, clone) == []
    before = original.digest()
    assert mutate_everything(clone) > len(original.models)
    assert original.digest() == before
    assert clone.to_dict() != original.to_dict()


@pytest.mark.parametrize("scenario", sorted(GAMES))
def test_clone_shares_nothing_along_seeded_games(scenario: str) -> None:
    states = sweep(scenario)
    assert len(states) > 10
    for state in states:
        assert_independent_clone(state)


def test_the_sweep_reaches_riders_vehicles_and_a_pending_reaction() -> None:
    ford, wagons = sweep("the-ford"), sweep("make-way")
    assert any(m.steed for s in ford for m in s.models if not m.removed)
    pending = [s for s in ford if s.pending is not None]
    assert pending and pending[0].pending.options and pending[0].pending.data  # type: ignore[union-attr]
    assert all(s.vehicles for s in wagons) and any(v.damage for s in wagons for v in s.vehicles)
    # every state dataclass is reached by the walker, so its fields are checked
    kinds = {type(obj) for s in (*pending, *wagons) for _, obj in mutable_objects(s).values()}
    assert {GameState, Model, SideState, Vehicle, Pending} <= kinds


@settings(max_examples=30, deadline=None)
@given(scenario=st.sampled_from(sorted(GAMES)), data=st.data())
def test_clone_after_any_number_of_seeded_commands(scenario: str, data: st.DataObject) -> None:
    states = recorded(scenario)
    assert_independent_clone(states[data.draw(st.integers(0, len(states) - 1), label="commands")])


# the walker itself


def test_the_walker_finds_a_shallow_copys_sharing() -> None:
    state = recorded("make-way")[40]
    shallow = dataclasses.replace(state)
    shared = shared_mutables(state, shallow)
    assert "state.models" in shared and "state.vehicles[0].damage" in shared
    assert "state.models[0].weapons" in shared and "state.sides['red'].perks" in shared
    half = dataclasses.replace(state, models=[copy.copy(m) for m in state.models])
    assert shared_mutables(state, half) and "state.models[0].weapons" in shared_mutables(state, half)


@dataclasses.dataclass(frozen=True)
class _Frozen:
    name: str
    point: tuple[float, float]
    bag: list[int] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(slots=True)
class _Inner:
    tags: set[str] = dataclasses.field(default_factory=set)


@dataclasses.dataclass
class _Outer:
    inner: _Inner
    frozen: _Frozen
    table: dict[str, list[int]]
    raw: bytearray
    later: object = None  # a field "added later": the walker follows it with no change to the test


def test_the_walker_is_generic() -> None:
    a = _Outer(_Inner({"x"}), _Frozen("f", (1.0, 2.0)), {"k": [1]}, bytearray(b"ab"), later=[[3]])
    assert shared_mutables(a, copy.deepcopy(a)) == []
    b = copy.copy(a)
    assert shared_mutables(a, b) == sorted(["state.inner", "state.inner.tags", "state.frozen.bag",
                                            "state.table", "state.table['k']", "state.raw",
                                            "state.later", "state.later[0]"])
    c = copy.deepcopy(a)
    c.frozen = a.frozen  # a frozen dataclass is shared freely: only its list is reported
    c.later = (a.later, "ok")  # inside a tuple still counts
    assert shared_mutables(a, c) == ["state.frozen.bag", "state.later[0]", "state.later[0][0]"]
    assert not is_mutable(_Frozen("g", (0.0, 0.0))) and is_mutable(_Inner()) and is_mutable(object())
