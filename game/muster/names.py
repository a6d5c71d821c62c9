"""Period names for the muster: a given name and a surname from the data, proposed deterministically."""

from __future__ import annotations

import hashlib
from collections.abc import Collection

from game.muster.rules import Names, names


def _draw(seed: int, attempt: int, n: int) -> int:
    """A number below n that follows from the seed and the attempt alone (no random)."""
    digest = hashlib.sha256(f"{seed}:{attempt}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % n


def propose_name(seed: int, taken: Collection[str] = (), captain: bool = False,
                 source: Names | None = None) -> str:
    """A period name not among `taken`: the same seed and taken names give the same name. A
    Captain is styled with the data's title ("Sir ..."). When every pairing is taken, a numeral
    tells two apart ("John Paston II")."""
    data = source or names()
    prefix = f"{data.title} " if captain and data.title else ""
    pairs = len(data.given) * len(data.surnames)
    for attempt in range(min(pairs, 4096)):
        pick = _draw(seed, attempt, pairs)
        name = f"{prefix}{data.given[pick // len(data.surnames)]} {data.surnames[pick % len(data.surnames)]}"
        if name not in taken:
            return name
    base = f"{prefix}{data.given[0]} {data.surnames[0]}"
    n = 2
    while f"{base} {_numeral(n)}" in taken:
        n += 1
    return f"{base} {_numeral(n)}"


def _numeral(n: int) -> str:
    """n in Roman numerals."""
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                           (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out, n = out + letters, n - value
    return out
