"""Pools a lab run's arms that play the same two retinues with the sides swapped: for each map
and pair of retinues, each one's wins whichever side it sat on, its share of the decisive games
(Wilson 95% interval, and the chance of a split at least this uneven if the two were even), and
the mean Valour margin; then red's share of the decisive games on each map (the map's lean).

Run from the repository root: .venv/bin/python experiments/pooled.py RESULTS.jsonl
(RESULTS.jsonl as `python -m game.lab ... --results` writes it).
"""

from __future__ import annotations

import math
import sys
from collections import defaultdict
from pathlib import Path

from game.lab.results import read_results
from game.lab.stats import mean_se, wilson


def even_p(k: int, n: int) -> float:
    """Two-sided p of k of n decisive games against an even split (normal approximation)."""
    if n == 0:
        return 1.0
    z = abs(k - n / 2) / math.sqrt(n / 4)
    return math.erfc(z / math.sqrt(2))


def main(path: str) -> None:
    """Print the pooled tables as markdown."""
    games: dict[int, list[dict[str, object]]] = defaultdict(list)
    saved = read_results(Path(path))
    cells = [cell.model_dump(mode="json") for cell in saved.header.cells]
    for k, game in saved.games:
        if not game.get("error"):
            games[k].append(game)
    pairs: dict[tuple[str, str, str], list[tuple[str, str, dict[str, object]]]] = defaultdict(list)
    for i, cell in enumerate(cells):
        ids = {side: cell["retinues"][side]["id"] for side in ("red", "blue")}
        a, b = sorted(ids.values())
        side_of = {ids["red"]: "red", ids["blue"]: "blue"}
        for g in games[i]:
            pairs[(str(cell["scenario"]), a, b)].append((side_of[a], side_of[b], g))
    print("| map | pairing | games | first wins | second wins | draws | first's share of decisive (95% CI)"
          " | p (even) | mean margin first-second |")
    print("|---|---|---|---|---|---|---|---|---|")
    for (scenario, a, b), played in sorted(pairs.items()):
        wa = sum(1 for sa, _, g in played if g["winner"] == sa)
        wb = sum(1 for _, sb, g in played if g["winner"] == sb)
        draws = len(played) - wa - wb
        lo, hi = wilson(wa, wa + wb)
        share = wa / (wa + wb) if wa + wb else 0.0
        margins = [float(g["valour"][sa] - g["valour"][sb]) for sa, sb, g in played]  # type: ignore[index]
        margin, se = mean_se(margins)
        print(f"| {scenario} | {a} v {b} | {len(played)} | {wa} | {wb} | {draws}"
              f" | {share:.1%} ({lo:.1%}-{hi:.1%}) | {even_p(wa, wa + wb):.3f} | {margin:+.2f} ± {se:.2f} |")
    print()
    print("| map | games | red wins | blue wins | draws | red's share of decisive (95% CI) | p (even) |")
    print("|---|---|---|---|---|---|---|")
    by_map: dict[str, list[dict[str, object]]] = defaultdict(list)
    for i, cell in enumerate(cells):
        by_map[str(cell["scenario"])] += games[i]
    for scenario, played_games in sorted(by_map.items()):
        red = sum(1 for g in played_games if g["winner"] == "red")
        blue = sum(1 for g in played_games if g["winner"] == "blue")
        lo, hi = wilson(red, red + blue)
        print(f"| {scenario} | {len(played_games)} | {red} | {blue} | {len(played_games) - red - blue}"
              f" | {red / max(1, red + blue):.1%} ({lo:.1%}-{hi:.1%}) | {even_p(red, red + blue):.3f} |")


if __name__ == "__main__":
    main(sys.argv[1])
