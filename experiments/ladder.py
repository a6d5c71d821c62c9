"""Reads the ladder (experiments/ladder.toml) from a lab run's results: for each pair of players,
each one's wins whichever side it sat on, pooled over the maps and both parts, its share of the
decisive games with the Wilson 95% interval, and the bar the ladder sets (55% of the decisive
games with the interval's lower bound above 50%; Easy 75% against random; the heuristic 90%).

Run from the repository root: .venv/bin/python experiments/ladder.py RESULTS.jsonl
(RESULTS.jsonl as `python -m game.lab experiments/ladder.toml --results RESULTS.jsonl` writes it).
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

from game.ai.levels import LEVEL_PLAYERS
from game.lab.results import read_results
from game.lab.stats import wilson

NAMES = {"random": "Random"} | {spec: level.capitalize() for level, spec in LEVEL_PLAYERS.items()}
RANK = list(NAMES)  # weakest first: random, Easy, Normal, Hard
BAR = {("easy", "random"): 0.75, ("heuristic", "random"): 0.90}  # else 0.55


def main(path: str) -> None:
    """Print the pooled table as markdown."""
    played: dict[int, list[dict[str, object]]] = defaultdict(list)
    saved = read_results(Path(path))
    cells = [cell.model_dump(mode="json") for cell in saved.header.cells]
    for k, game in saved.games:
        if not game.get("error"):
            played[k].append(game)
    # (higher, lower) -> [higher's wins, lower's wins, draws, maps]
    pairs: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for i, cell in enumerate(cells):
        seat = dict(cell["players"])
        high, low = sorted(seat.values(), key=lambda spec: -RANK.index(spec) if spec in RANK else 1)
        side_of = {seat["red"]: "red", seat["blue"]: "blue"}
        for game in played[i]:
            tally = pairs[(high, low)]
            tally[0 if game["winner"] == side_of[high] else 1 if game["winner"] == side_of[low] else 2] += 1
    print("| pair | games | higher wins | lower wins | draws | higher's share of decisive (95% CI) "
          "| bar | met |")
    print("|---|---|---|---|---|---|---|---|")
    for (high, low), (won, lost, drawn) in sorted(pairs.items()):
        decisive = won + lost
        share = won / decisive if decisive else 0.0
        lo, hi = wilson(won, decisive)
        bar = BAR.get((high, low), 0.55)
        met = share >= bar and lo > 0.5
        name = f"{NAMES.get(high, high)} v {NAMES.get(low, low)}"
        print(f"| {name} | {decisive + drawn} | {won} | {lost} | {drawn} | {100 * share:.1f}% "
              f"({100 * lo:.1f}-{100 * hi:.1f}%) | {100 * bar:.0f}% | {'yes' if met else 'no'} |")


if __name__ == "__main__":
    main(sys.argv[1])
