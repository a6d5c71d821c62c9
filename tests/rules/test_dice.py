"""Seeded dice are deterministic state; fixed dice pin rolls; every roll is logged."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.dice import Dice, DiceExhausted, FixedDice


def test_same_seed_same_rolls() -> None:
    a, b = Dice(42), Dice(42)
    assert [a.roll("x") for _ in range(50)] == [b.roll("x") for _ in range(50)]
    assert a.state == b.state


def test_different_seeds_differ() -> None:
    assert [Dice(1).roll("x") for _ in range(1)] != [Dice(2).roll("x") for _ in range(20)][:1] or \
        [Dice(1).rolls(20, "x")] != [Dice(2).rolls(20, "x")]


def test_state_resumes_the_sequence() -> None:
    a = Dice(9)
    a.rolls(5, "warm up")
    b = Dice(a.state)
    assert a.rolls(10, "x") == b.rolls(10, "x")


def test_faces_are_uniform_enough() -> None:
    d = Dice(123)
    counts = [0] * 6
    for _ in range(60000):
        counts[d.roll("x") - 1] += 1
    assert all(9500 < c < 10500 for c in counts)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=2, max_value=20))
def test_rolls_are_faces(seed: int, sides: int) -> None:
    d = Dice(seed)
    assert all(1 <= d.roll("x", sides) <= sides for _ in range(20))


def test_rolls_are_logged_with_purpose() -> None:
    seen = []
    d = Dice(5)
    d.sink = lambda purpose, sides, value, need, model: seen.append((purpose, need, value))
    v = d.roll("Jump test, Sir Ralph, needs 2+", need="2+")
    assert seen == [("Jump test, Sir Ralph, needs 2+", "2+", v)]


def test_fixed_dice_pin_and_run_out() -> None:
    d = FixedDice([6, 1])
    assert d.roll("a") == 6
    assert d.roll("b") == 1
    with pytest.raises(DiceExhausted):
        d.roll("c")


def test_fixed_dice_reject_impossible_faces() -> None:
    with pytest.raises(ValueError):
        FixedDice([4]).roll("d3", sides=3)
