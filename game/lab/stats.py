"""The statistics of a study: Wilson intervals, the two-proportion test and each cell's summary."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from game.lab.runner import CAUSES, MOUNTED

Z95 = 1.959963984540054  # the normal quantile of 97.5%


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n (0..1); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def two_proportion(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float]:
    """The pooled two-proportion z test of k1/n1 against k2/n2: (z, two-sided p)."""
    if n1 <= 0 or n2 <= 0:
        return 0.0, 1.0
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 0.0, 1.0
    z = (k1 / n1 - k2 / n2) / se
    return z, math.erfc(abs(z) / math.sqrt(2))


def mean_se(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error (0 with fewer than two values)."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    """The mean and its normal 95% interval (mean, low, high)."""
    mean, se = mean_se(values)
    return mean, mean - Z95 * se, mean + Z95 * se


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    """A cell's summary: wins and win rates per side with Wilson 95% intervals, Valour, game
    length, casualties by side and profile and by cause, and mounted events per game."""
    n = len(games)
    wins = Counter(g["winner"] for g in games)
    rates = {}
    for who in ("red", "blue", "draw"):
        lo, hi = wilson(wins[who], n)
        rates[who] = {"rate": round(wins[who] / n, 4) if n else 0.0, "low": round(lo, 4),
                      "high": round(hi, 4)}
    margins = [float(g["valour"]["red"] - g["valour"]["blue"]) for g in games]
    turns = [float(g["turns"]) for g in games]
    by_profile: Counter[str] = Counter()
    by_cause: Counter[str] = Counter()
    for g in games:
        for side, profile, cause in g["casualties"]:
            by_profile[f"{side} {profile}"] += 1
            by_cause[f"{side} {cause}"] += 1
    mounted = {k: round(sum(g["mounted"][k] for g in games) / n, 4) if n else 0.0 for k in MOUNTED}
    margin, m_lo, m_hi = mean_ci(margins)
    length, t_lo, t_hi = mean_ci(turns)

    def per_game(counter: Counter[str]) -> dict[str, float]:
        return {k: round(v / n, 4) for k, v in sorted(counter.items())} if n else {}

    return {
        "games": n,
        "wins": {who: wins[who] for who in ("red", "blue", "draw", "none")},
        "win_rate": rates,
        "mean_valour": {side: round(sum(g["valour"][side] for g in games) / n, 3) if n else 0.0
                        for side in ("red", "blue")},
        "mean_margin": {"mean": round(margin, 3), "low": round(m_lo, 3), "high": round(m_hi, 3)},
        "mean_turns": {"mean": round(length, 3), "low": round(t_lo, 3), "high": round(t_hi, 3)},
        "mean_commands": round(sum(g["commands"] for g in games) / n, 1) if n else 0.0,
        "errors": sum(1 for g in games if g["error"]),
        "casualties_per_game_by_profile": per_game(by_profile),
        "casualties_per_game_by_cause": per_game(by_cause),
        "mounted_events_per_game": mounted,
    }


def causes_of(games: list[dict[str, Any]]) -> dict[str, float]:
    """Casualties per game by cause, both sides together, in CAUSES order."""
    n = max(1, len(games))
    counts = Counter(cause for g in games for _, _, cause in g["casualties"])
    return {c: counts[c] / n for c in CAUSES}


def compare(first: dict[str, Any], other: dict[str, Any], side: str = "red") -> dict[str, Any]:
    """Whether `other`'s win rate for `side` differs from `first`'s at 95% (two-proportion test)."""
    k1, n1 = first["wins"][side], first["games"]
    k2, n2 = other["wins"][side], other["games"]
    z, p = two_proportion(k2, n2, k1, n1)
    diff = (k2 / n2 if n2 else 0.0) - (k1 / n1 if n1 else 0.0)
    return {"side": side, "difference": round(diff, 4), "z": round(z, 3), "p": round(p, 6),
            "significant": bool(p < 0.05 and n1 > 0 and n2 > 0)}
