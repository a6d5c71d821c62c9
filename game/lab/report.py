"""The report of a study: report.md, PNG charts (matplotlib, Agg) and the per-game CSV."""

from __future__ import annotations

import csv
import sys
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (the backend is chosen first)
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from game.lab.experiment import LabError, load_experiment  # noqa: E402
from game.lab.results import output_problem, read_results  # noqa: E402
from game.lab.runner import CAUSES, MOUNTED  # noqa: E402
from game.lab.stats import causes_of  # noqa: E402
from game.lab.study import pct as _pct  # noqa: E402
from game.lab.study import result_of, sentence  # noqa: E402

CHARTS = ("win_rate.png", "valour_margin.png", "casualties_by_profile.png", "casualties_by_cause.png",
          "mounted_events.png", "game_length.png")
SIDE_COLOURS = {"red": "#b03030", "blue": "#3050b0", "draw": "#909090"}
DPI = 110


def label(arm: dict[str, Any], parts: int) -> str:
    """A cell's short name on a chart: scenario, arm (and part when there are several)."""
    text = f"{arm['scenario']}\n{arm['arm']}"
    return f"{text}\n({arm['part']})" if parts > 1 else text


def _save(fig: Figure, path: Path) -> None:
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    plt.close(fig)


def _palette(n: int) -> list[Any]:
    cmap = plt.get_cmap("tab10")
    return [cmap(i % 10) for i in range(n)]


def win_rate_chart(arms: list[dict[str, Any]], path: Path, parts: int) -> None:
    """Win rate per cell and side, bars with Wilson 95% intervals."""
    fig, ax = plt.subplots(figsize=(max(7.0, 1.6 * len(arms) + 2), 5.0))
    width = 0.27
    for j, who in enumerate(("red", "blue", "draw")):
        xs = [i + (j - 1) * width for i in range(len(arms))]
        rates = [a["summary"]["win_rate"][who] for a in arms]
        ys = [100 * r["rate"] for r in rates]
        err = [[100 * (r["rate"] - r["low"]) for r in rates], [100 * (r["high"] - r["rate"]) for r in rates]]
        ax.bar(xs, ys, width, yerr=err, capsize=4, color=SIDE_COLOURS[who], ecolor="black",
               label={"red": "red wins", "blue": "blue wins", "draw": "draws"}[who])
    ax.set_xticks(range(len(arms)), [label(a, parts) for a in arms], fontsize=8)
    ax.set_ylabel("share of games (%)")
    ax.set_xlabel("scenario and arm")
    ax.set_ylim(0, 100)
    ax.set_title("Win rate per arm and side, with Wilson 95% intervals")
    ax.legend(loc="upper right", fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    _save(fig, path)


def margin_chart(arms: list[dict[str, Any]], path: Path, parts: int) -> None:
    """The distribution of the Valour margin (red - blue) in each cell, as box plots with the
    mean and its 95% interval marked."""
    fig, ax = plt.subplots(figsize=(max(7.0, 1.4 * len(arms) + 2), 5.0))
    data = [[g["valour"]["red"] - g["valour"]["blue"] for g in a["games"]] or [0] for a in arms]
    ax.boxplot(data, positions=list(range(len(arms))), widths=0.5, showfliers=True)
    means = [a["summary"]["mean_margin"] for a in arms]
    ax.errorbar(range(len(arms)), [m["mean"] for m in means],
                yerr=[[m["mean"] - m["low"] for m in means], [m["high"] - m["mean"] for m in means]],
                fmt="D", color="#d07000", capsize=5, label="mean, with its 95% interval")
    ax.axhline(0, color="grey", lw=0.8, ls="--")
    ax.set_xticks(range(len(arms)), [label(a, parts) for a in arms], fontsize=8)
    ax.set_ylabel("Valour margin, red minus blue (Valour points)")
    ax.set_xlabel("scenario and arm")
    ax.set_title("Valour margin per game (box: quartiles, whiskers: 1.5 IQR)")
    ax.legend(loc="best", fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    _save(fig, path)


def _grouped(ax: Axes, arms: list[dict[str, Any]], keys: list[str], values: list[list[float]],
             parts: int) -> None:
    """Horizontal bars: one group per key, one bar per cell."""
    n = len(arms)
    height = 0.8 / max(1, n)
    for i, (arm, colour) in enumerate(zip(arms, _palette(n), strict=True)):
        ys = [k + (i - (n - 1) / 2) * height for k in range(len(keys))]
        ax.barh(ys, values[i], height, color=colour, label=label(arm, parts).replace("\n", ", "))
    ax.set_yticks(range(len(keys)), keys, fontsize=8)
    ax.invert_yaxis()
    ax.grid(axis="x", alpha=0.3)
    ax.legend(fontsize=7, loc="lower right")


def casualties_profile_chart(arms: list[dict[str, Any]], path: Path, parts: int) -> None:
    """Mean casualties per game by side and profile."""
    keys = sorted({k for a in arms for k in a["summary"]["casualties_per_game_by_profile"]})
    _casualties_chart(arms, path, parts, "casualties_per_game_by_profile", keys, 0.18,
                      "side and profile", "Casualties by profile")


def casualties_cause_chart(arms: list[dict[str, Any]], path: Path, parts: int) -> None:
    """Mean casualties per game by the side that lost them and the cause (causes no game saw
    are left out)."""
    keys = [f"{side} {c}" for side in ("red", "blue") for c in CAUSES
            if any(a["summary"]["casualties_per_game_by_cause"].get(f"{side} {c}") for a in arms)]
    _casualties_chart(arms, path, parts, "casualties_per_game_by_cause", keys, 0.2,
                      "side that lost them, and cause", "Casualties by cause")


def _casualties_chart(arms: list[dict[str, Any]], path: Path, parts: int, field: str, keys: list[str],
                      row: float, ylabel: str, title: str) -> None:
    """One grouped bar chart of a summary's casualties per game, one bar per key and arm."""
    values = [[a["summary"][field].get(k, 0.0) for k in keys] for a in arms]
    fig, ax = plt.subplots(figsize=(9.0, max(4.0, row * len(keys) * len(arms) + 1.5)))
    _grouped(ax, arms, keys or ["(none)"], values if keys else [[0.0] for _ in arms], parts)
    ax.set_xlabel("casualties per game (models)")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    _save(fig, path)


def mounted_chart(arms: list[dict[str, Any]], path: Path, parts: int) -> None:
    """How often each mounted event happened per game."""
    keys = list(MOUNTED)
    values = [[a["summary"]["mounted_events_per_game"][k] for k in keys] for a in arms]
    fig, ax = plt.subplots(figsize=(9.0, max(4.5, 0.2 * len(keys) * len(arms) + 1.5)))
    _grouped(ax, arms, keys, values, parts)
    ax.set_xlabel("events per game (count)")
    ax.set_ylabel("mounted event")
    ax.set_title("Mounted events per game")
    _save(fig, path)


def length_chart(arms: list[dict[str, Any]], path: Path, parts: int) -> None:
    """Mean game length in turns per cell, with its 95% interval."""
    fig, ax = plt.subplots(figsize=(max(7.0, 1.4 * len(arms) + 2), 4.5))
    turns = [a["summary"]["mean_turns"] for a in arms]
    ax.bar(range(len(arms)), [t["mean"] for t in turns], 0.6, color=_palette(len(arms)),
           yerr=[[t["mean"] - t["low"] for t in turns], [t["high"] - t["mean"] for t in turns]],
           capsize=5, ecolor="black")
    for i, t in enumerate(turns):
        ax.annotate(f"{t['mean']:.2f} ({t['low']:.2f}-{t['high']:.2f})", (i, t["high"]),
                    textcoords="offset points", xytext=(0, 4), ha="center", fontsize=8)
    ax.set_ylim(0, max([t["high"] for t in turns] + [1.0]) * 1.15)
    ax.set_xticks(range(len(arms)), [label(a, parts) for a in arms], fontsize=8)
    ax.set_ylabel("mean game length (turns)")
    ax.set_xlabel("scenario and arm")
    ax.set_title("Mean game length, with 95% intervals")
    ax.grid(axis="y", alpha=0.3)
    _save(fig, path)


CSV_FIELDS = ["part", "scenario", "arm", "red_player", "blue_player", "red_retinue", "blue_retinue",
              "index", "seed", "winner", "valour_red", "valour_blue", "margin", "turns", "commands",
              "error", "casualties_red", "casualties_blue",
              *[f"casualties_{c.replace(' ', '_')}" for c in CAUSES],
              *[m.replace(" ", "_") for m in MOUNTED]]


def write_csv(result: dict[str, Any], path: Path) -> None:
    """One row per game, in order."""
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=CSV_FIELDS)
        writer.writeheader()
        for arm in result["arms"]:
            for g in arm["games"]:
                row: dict[str, Any] = {
                    "part": arm["part"], "scenario": arm["scenario"], "arm": arm["arm"],
                    "red_player": arm["players"]["red"], "blue_player": arm["players"]["blue"],
                    "red_retinue": arm["retinues"]["red"]["id"],
                    "blue_retinue": arm["retinues"]["blue"]["id"],
                    "index": g["index"], "seed": g["seed"], "winner": g["winner"],
                    "valour_red": g["valour"]["red"], "valour_blue": g["valour"]["blue"],
                    "margin": g["valour"]["red"] - g["valour"]["blue"], "turns": g["turns"],
                    "commands": g["commands"], "error": g["error"],
                    "casualties_red": sum(1 for c in g["casualties"] if c[0] == "red"),
                    "casualties_blue": sum(1 for c in g["casualties"] if c[0] == "blue"),
                }
                for c in CAUSES:
                    row[f"casualties_{c.replace(' ', '_')}"] = sum(1 for x in g["casualties"] if x[2] == c)
                for m in MOUNTED:
                    row[m.replace(" ", "_")] = g["mounted"][m]
                writer.writerow(row)


def markdown(result: dict[str, Any], command: str) -> str:
    """report.md."""
    arms = result["arms"]
    lines = [f"# {result['experiment']}", ""]
    if result.get("description"):
        lines += [result["description"], ""]
    lines += [f"Experiment file `{result['file']}`, seed {result['seed']}; made with", "",
              f"    {command}", ""]
    if result.get("games_overridden") is not None:
        lines += [f"**The number of games was overridden to {result['games_overridden']} per arm.**", ""]
    lines += ["## What was run", ""]
    asked = {p["part"]: p["games"] for p in result.get("parts", [])}
    if not asked and Path(result["file"]).is_file():  # a result saved before parts were recorded
        asked = {p.name: p.games for p in load_experiment(Path(result["file"])).parts()}
    for name in result["parts_run"]:
        played = sorted({a["summary"]["games"] for a in arms if a["part"] == name})
        per_arm = ", ".join(str(n) for n in played)
        if name in asked and played != [asked[name]]:
            lines.append(f"- part **{name}**: run with **{per_arm} games per arm and scenario, not the "
                         f"{asked[name]} the experiment asks for**; the full part is "
                         f"`python -m game.lab {result['file']} --part {name} --workers 2 --report DIR`")
        else:
            lines.append(f"- part **{name}**: run, {per_arm} games per arm and scenario")
    for p in result["parts_not_run"]:
        lines.append(f"- part **{p['part']}** ({p['games']} games per arm and scenario, "
                     f"{p['players']['red']} v {p['players']['blue']}): **not run**; run it with "
                     f"`python -m game.lab {result['file']} --part {p['part']} --workers 2 --report DIR`")
    lines += ["", "## Summary", ""]
    lines += [f"- {sentence(a)}" for a in arms]
    lines += ["", "## Arms", "",
              "| part | scenario | arm | red retinue (riding) | blue retinue (riding) | games | red wins "
              "(95% CI) | blue wins (95% CI) | draws | mean margin red-blue | mean turns | errors |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for a in arms:
        s = a["summary"]
        r, b = s["win_rate"]["red"], s["win_rate"]["blue"]
        rr, br = a["retinues"]["red"], a["retinues"]["blue"]
        lines.append(
            f"| {a['part']} | {a['scenario']} | {a['arm']} | {rr['id']} ({rr['riding']}/{rr['members']}) | "
            f"{br['id']} ({br['riding']}/{br['members']}) | {s['games']} | "
            f"{_pct(r['rate'])} ({_pct(r['low'])}-{_pct(r['high'])}) | "
            f"{_pct(b['rate'])} ({_pct(b['low'])}-{_pct(b['high'])}) | {s['wins']['draw']} | "
            f"{s['mean_margin']['mean']:+.2f} | {s['mean_turns']['mean']:.2f} | {s['errors']} |")
    lines += ["", "Players: " + "; ".join(sorted({f"{a['part']}: red {a['players']['red']}, blue "
                                                   f"{a['players']['blue']}" for a in arms})), ""]
    lines += ["## Mounted events per game", "",
              "| part | scenario | arm | " + " | ".join(MOUNTED) + " |",
              "|---|---|---|" + "---|" * len(MOUNTED)]
    for a in arms:
        ev = a["summary"]["mounted_events_per_game"]
        lines.append(f"| {a['part']} | {a['scenario']} | {a['arm']} | "
                     + " | ".join(f"{ev[m]:.2f}" for m in MOUNTED) + " |")
    lines += ["", "## Casualties per game by cause (both sides)", "",
              "| part | scenario | arm | " + " | ".join(CAUSES) + " |",
              "|---|---|---|" + "---|" * len(CAUSES)]
    for a in arms:
        by = causes_of(a["games"])
        lines.append(f"| {a['part']} | {a['scenario']} | {a['arm']} | "
                     + " | ".join(f"{by[c]:.2f}" for c in CAUSES) + " |")
    lines += ["", "## Charts", ""]
    lines += [f"![{name.removesuffix('.png').replace('_', ' ')}]({name})" for name in CHARTS]
    timing = result["run"]
    backend = f"scheduler {timing['scheduler']}" if timing["scheduler"] else f"{timing['workers']} worker(s)"
    lines += ["", "## Data", "",
              "`games.csv` has one row per game (seed, winner, Valour per side, turns, casualties by "
              "cause, mounted events); `pandas.read_csv('games.csv')` reads it.", "",
              f"This run: {timing['games']} games played in {timing['seconds']:.0f} s on {backend} "
              f"({timing['games_per_second']:.2f} games/s){reused_note(timing)}; the speed is the one "
              "figure that depends on the machine.", ""]
    return "\n".join(lines)


def write_report(result: dict[str, Any], out: Path, command: str) -> list[Path]:
    """report.md, the charts and games.csv in `out`; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    arms = result["arms"]
    parts = len({a["part"] for a in arms})
    charts = (win_rate_chart, margin_chart, casualties_profile_chart, casualties_cause_chart,
              mounted_chart, length_chart)
    written = []
    for name, draw in zip(CHARTS, charts, strict=True):
        draw(arms, out / name, parts)
        written.append(out / name)
    write_csv(result, out / "games.csv")
    (out / "report.md").write_text(markdown(result, command), encoding="utf-8")
    return [*written, out / "games.csv", out / "report.md"]


def merge(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Several results of one experiment (each run with --part) as one: their arms in the
    experiment's order of parts, the parts run by any of them."""
    if len({r["file"] for r in results}) > 1 or len({r["seed"] for r in results}) > 1:
        raise ValueError("only results of the same experiment file and seed can be merged")
    first = results[0]
    parts = first.get("parts") or [{"part": p.name, "games": p.games, "players": p.players.by_side()}
                                   for p in load_experiment(Path(first["file"])).parts()]
    order = [p["part"] for p in parts]
    run = [name for name in order if any(name in r["parts_run"] for r in results)]
    arms = [a for name in run for r in results if name in r["parts_run"] for a in r["arms"]
            if a["part"] == name]
    seconds = sum(r["run"]["seconds"] for r in results)
    games = sum(r["run"]["games"] for r in results)
    reused = sum(r["run"].get("reused", 0) for r in results)
    workers = {r["run"]["workers"] for r in results}
    return {**first, "parts": parts, "parts_run": run, "arms": arms, "games_overridden": None,
            "parts_not_run": [p for p in first["parts_not_run"] if p["part"] not in run],
            "run": {"seconds": seconds, "games": games, "reused": reused,
                    "games_per_second": round(games / seconds, 3),
                    "workers": workers.pop() if len(workers) == 1 else None, "scheduler": None,
                    "command": "; ".join(str(r["run"].get("command", "")) for r in results)}}


def reused_note(timing: dict[str, Any]) -> str:
    """", and N more taken from an earlier run" when --resume took games from one."""
    reused = timing.get("reused", 0)
    return f", and {reused} more taken from an earlier run's results (--resume)" if reused else ""


def main(argv: list[str] | None = None) -> int:
    """`python -m game.lab.report RESULTS.json... DIR`: draw the report of saved results again
    (several results of one experiment, each run with --part, make one report)."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 2:
        print("usage: python -m game.lab.report RESULTS.json... DIR", file=sys.stderr)
        return 2
    out = Path(args[-1])
    try:
        if why := output_problem(out, folder=True):
            raise LabError(f"{out}: {why}")
        results = [result_of(read_results(Path(a)), Path(a)) for a in args[:-1]]
        result = merge(results) if len(results) > 1 else results[0]
        for path in write_report(result, out, str(result["run"].get("command", ""))):
            print(f"wrote {path}", file=sys.stderr)
    except (LabError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"error: {exc.filename or out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
