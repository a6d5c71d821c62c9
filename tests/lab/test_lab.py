"""The balance lab: experiments as data, the same games on every backend, house rules, the report."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from game.content import load_content
from game.content.overlay import OverlayError, content_with
from game.lab.__main__ import main
from game.lab.experiment import LabError, cells, content_for, load_experiment, mounted_share
from game.lab.report import CHARTS, CSV_FIELDS, merge, write_report
from game.lab.report import main as report_main
from game.lab.runner import CAUSES, INSTALL_CLUSTER, MOUNTED, casualties
from game.lab.stats import two_proportion, wilson
from game.lab.study import RUN, run_experiment, saved_of
from game.rules.commands import Activate, Shoot
from game.rules.engine import Accepted
from game.rules.events import Casualty, Moved, RiderThrown, ShotFired
from game.sim import game_seed
from tests.rules.fixtures import make_engine, model

EXPERIMENTS = Path(__file__).resolve().parents[2] / "experiments"

TINY = """
name = "tiny"
seed = 5
games = 3
scenarios = ["the-ford"]
players = { red = "random", blue = "random" }

[retinues.all-mounted]
from = "york-mounted"
mounted = "all"

[retinues.half-mounted]
from = "york-mounted"
mounted = "half"

[[arm]]
name = "as printed"
red = "all-mounted"
blue = "lancaster-archers"

[[arm]]
name = "half-mounted limit"
red = "half-mounted"
blue = "lancaster-archers"
"""


def write(tmp_path: Path, text: str, name: str = "exp.toml") -> Path:
    """A file in tmp_path."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def same_part(result: dict[str, Any]) -> dict[str, Any]:
    """A result less the part that says how it was run (the seconds, the workers)."""
    return {k: v for k, v in result.items() if k != RUN}


# --- the same games whatever runs them --------------------------------------------------------------


def test_one_worker_two_processes_and_a_dask_cluster_play_the_same_games(tmp_path: Path) -> None:
    distributed = pytest.importorskip("dask.distributed")
    path = write(tmp_path, TINY)
    one = run_experiment(path, workers=1, show_progress=False)
    two = run_experiment(path, workers=2, show_progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        dask = run_experiment(path, scheduler=cluster.scheduler_address, show_progress=False)
    assert [a["arm"] for a in one["arms"]] == ["as printed", "half-mounted limit"]
    for arm in one["arms"]:
        assert [g["seed"] for g in arm["games"]] == [game_seed(5, i) for i in range(3)]
        assert all(g["winner"] in ("red", "blue", "draw") and not g["error"] for g in arm["games"])
    # the two arms share seeds but not retinues: their games differ
    assert one["arms"][0]["games"] != one["arms"][1]["games"]
    assert same_part(one) == same_part(two) == same_part(dask)
    assert dask[RUN]["scheduler"] == cluster.scheduler_address and two[RUN]["workers"] == 2


def test_games_override_and_parts(tmp_path: Path) -> None:
    path = write(tmp_path, TINY.replace('players = { red = "random", blue = "random" }', "") + """
[[part]]
name = "quick"
games = 2
players = { red = "random", blue = "random" }

[[part]]
name = "slow"
games = 50
players = { red = "search:hard", blue = "search:hard" }
""")
    result = run_experiment(path, games=1, parts=["quick"], show_progress=False)
    assert [(a["part"], a["summary"]["games"]) for a in result["arms"]] == [("quick", 1), ("quick", 1)]
    assert result["parts_run"] == ["quick"]
    assert result["parts_not_run"] == [{"part": "slow", "games": 50,
                                        "players": {"red": "search:hard", "blue": "search:hard"}}]
    with pytest.raises(LabError, match="no part named 'fast'"):
        run_experiment(path, parts=["fast"], show_progress=False)


def test_json_lists_every_game_in_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, TINY)
    assert main([str(path), "--games", "2", "--json", "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    arm = out["arms"][0]
    assert arm["summary"]["games"] == 2
    assert [g["index"] for g in arm["games"]] == [0, 1]
    assert set(arm["games"][0]) == {"index", "seed", "winner", "valour", "turns"}
    assert set(arm["games"][0]["valour"]) == {"red", "blue"}
    assert out["arms"][1]["compared_with_first_arm"]["first_arm"] == "as printed"


def test_scheduler_without_dask_says_how_to_install_it(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # the import fails
    path = write(tmp_path, TINY)
    assert main([str(path), "--scheduler", "tcp://127.0.0.1:1", "--quiet"]) == 2
    assert INSTALL_CLUSTER in capsys.readouterr().err


# --- retinues given inline -------------------------------------------------------------------------


def test_inline_retinues_mount_all_half_or_none(tmp_path: Path) -> None:
    path = write(tmp_path, TINY + """
[retinues.on-foot]
from = "york-mounted"
mounted = "none"
""")
    exp = load_experiment(path)
    content = content_for(cells(exp, path)[0].setup)
    assert mounted_share(content.retinues["york-mounted"]) == (10, 12)
    assert mounted_share(content.retinues["all-mounted"]) == (12, 12)
    assert mounted_share(content.retinues["half-mounted"]) == (6, 12)
    assert mounted_share(content.retinues["on-foot"]) == (0, 12)
    half = content.retinues["half-mounted"]
    assert all(s.hero.steed == "warhorse" for s in half.spears)  # the Heroes ride first
    for rid in ("all-mounted", "half-mounted", "on-foot"):
        for spear in content.retinues[rid].spears:
            for m in (spear.hero, *spear.retainers):
                assert content.roster_problem(m) == "", (rid, m.name)


# --- house rules -----------------------------------------------------------------------------------


def saddle_shot_of_five(overlay: Path | None) -> bool:
    """A mounted archer who has not moved rolls a 5 to hit at short range: does it hit?"""
    content = content_with(overlay) if overlay else load_content()
    archer = model("r1", "red", "archer", 5.0, 12.0, steed="nag", steed_health=2, facing=90.0)
    eng = make_engine([archer, model("b1", "blue", "billman", 12.0, 12.0)], dice=[5, 1, 1, 1, 1],
                      content=content)
    assert isinstance(eng.submit(Activate(side="red", model="r1")), Accepted)
    res = eng.submit(Shoot(side="red", model="r1", target="b1"))
    assert isinstance(res, Accepted), res
    shot = next(e for e in res.events if isinstance(e, ShotFired))
    return shot.hit


def test_a_house_rule_changes_a_pinned_outcome(tmp_path: Path) -> None:
    overlay = write(tmp_path, "[rules.numbers]\nmounted_shot_hits_on = 5\n", "house.toml")
    assert saddle_shot_of_five(None) is False  # as shipped, a shot from the saddle needs a 6
    assert saddle_shot_of_five(overlay) is True
    assert content_with(overlay).numbers.mounted_shot_hits_on == 5
    assert load_content().numbers.mounted_shot_hits_on == 6  # the shipped content is untouched


def test_an_arm_plays_with_its_house_rules(tmp_path: Path) -> None:
    write(tmp_path, "[steeds.warhorse]\nmove = 3\n", "slow.toml")
    path = write(tmp_path, TINY + '\n[[arm]]\nname = "slow horses"\nred = "all-mounted"\n'
                 'blue = "lancaster-archers"\nhouse_rules = "slow.toml"\n')
    the_cells = cells(load_experiment(path), path)
    assert content_for(the_cells[2].setup).steeds["warhorse"].move == 3
    assert content_for(the_cells[0].setup).steeds["warhorse"].move > 3


@pytest.mark.parametrize(("text", "key", "why"), [
    ("[rules.numbers]\nmounted_shot_hit_on = 6\n", "rules.numbers.mounted_shot_hit_on", "unknown key"),
    ("[rules.numbers]\nmounted_shot_hits_on = \"six\"\n", "rules.numbers.mounted_shot_hits_on", "integer"),
    ("[steeds.warhorse]\nmove = -1\n", "steeds.warhorse.move", "greater than 0"),
    ("[steeds.unicorn]\nmove = 12\n", "steeds.unicorn", "unknown entry"),
    ("[spells.fireball]\nrange = 12\n", "'spells'", "unknown content file"),
    ("[steeds]\nwarhorse = 3\n", "steeds.warhorse", "expected a table"),
])
def test_a_broken_overlay_is_one_error_naming_file_and_key(tmp_path: Path, text: str, key: str,
                                                           why: str) -> None:
    overlay = write(tmp_path, text, "house.toml")
    with pytest.raises(OverlayError) as err:
        content_with(overlay)
    message = str(err.value)
    assert str(overlay) in message and key in message and why in message
    assert "\n" not in message


@pytest.mark.parametrize(("change", "key", "why"), [
    (("games = 3", "gamez = 3"), "gamez", "unknown key"),
    (("games = 3", 'games = "many"'), "games", "integer"),
    (('red = "random"', 'red = "wizard"'), "players.red", "unknown player 'wizard'"),
    (('mounted = "half"', 'mounted = "most"'), "retinues.half-mounted.mounted", "'half'"),
    (('blue = "lancaster-archers"\n', 'blue = "lancaster-bowmen"\n'), "arm.0.blue", "unknown retinue"),
])
def test_a_broken_experiment_is_one_error_naming_file_and_key(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], change: tuple[str, str], key: str,
        why: str) -> None:
    path = write(tmp_path, TINY.replace(*change, 1))
    assert main([str(path), "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith("error: ")
    assert str(path) in err and key in err and why in err


def test_an_arm_with_a_broken_overlay_names_the_overlay(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "[weapons.lance]\nkind = 3\n", "bad.toml")
    path = write(tmp_path, TINY + '\n[[arm]]\nname = "bad"\nhouse_rules = "bad.toml"\n')
    assert main([str(path), "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert "bad.toml" in err and "weapons.lance.kind" in err and err.count("\n") == 0


# --- what the lab reads from a game ----------------------------------------------------------------


class FakeStep:
    def __init__(self, events: list[Any]) -> None:
        self.events = events


def test_casualties_are_put_down_to_the_last_cause_in_their_command() -> None:
    eng = make_engine([model("r1", "red", "archer", 5.0, 5.0), model("b1", "blue", "billman", 9.0, 5.0),
                       model("b2", "blue", "squire", 9.0, 9.0)])
    shot = ShotFired(model="r1", target="b1", weapon="longbow", distance=4.0, long_range=False, need=3,
                     roll=5, hit=True)
    thrown = RiderThrown(model="b2", rolls=[1, 1], modifier=0, result="crushed", at=(9.0, 9.0))
    swept = Moved(model="b1", path=[(9.0, 5.0), (12.0, 5.0)], cost=0.0, reason="swept")

    class FakeMatch:
        engine = eng
        steps = [FakeStep([shot, Casualty(model="b1", by_side="red", valour=1)]),
                 FakeStep([shot, thrown, Casualty(model="b2", by_side="red", valour=2)]),
                 FakeStep([Casualty(model="r1", by_side="blue", valour=1)]),
                 FakeStep([swept, Casualty(model="b1", by_side="red", valour=1)])]

    assert casualties(FakeMatch()) == [  # type: ignore[arg-type]
        ("blue", "billman", "shot"), ("blue", "squire", "thrown rider"), ("red", "archer", "other"),
        ("blue", "billman", "river")]


def test_wilson_and_the_two_proportion_test() -> None:
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert wilson(0, 20)[0] < 1e-9 and 0.15 < wilson(0, 20)[1] < 0.17
    z, p = two_proportion(60, 100, 40, 100)
    assert round(z, 2) == 2.83 and 0.004 < p < 0.005
    assert two_proportion(50, 100, 50, 100) == (0.0, 1.0)


# --- the report ------------------------------------------------------------------------------------


def test_the_report_writes_markdown_charts_and_csv(tmp_path: Path) -> None:
    path = write(tmp_path, TINY)
    result = run_experiment(path, games=2, show_progress=False)
    out = tmp_path / "report"
    written = write_report(result, out, "python -m game.lab exp.toml --games 2")
    assert {p.name for p in written} == {*CHARTS, "games.csv", "report.md"}
    for name in CHARTS:
        data = (out / name).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 10_000, name
    text = (out / "report.md").read_text(encoding="utf-8")
    assert "**half-mounted limit**" in text and "at 95% (two-proportion z =" in text
    assert all(f"]({name})" in text for name in CHARTS)
    assert "overridden to 2" in text
    with (out / "games.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 4 and list(rows[0]) == CSV_FIELDS
    first = result["arms"][0]["games"][0]
    assert rows[0]["seed"] == str(first["seed"]) and rows[0]["winner"] == first["winner"]
    assert int(rows[0]["margin"]) == first["valour"]["red"] - first["valour"]["blue"]
    for row in rows:
        assert int(row["casualties_red"]) + int(row["casualties_blue"]) == sum(
            int(row[f"casualties_{c.replace(' ', '_')}"]) for c in CAUSES)
        assert all(int(row[m.replace(" ", "_")]) >= 0 for m in MOUNTED)


def test_the_shipped_study_is_a_valid_experiment() -> None:
    path = EXPERIMENTS / "mounted.toml"
    exp = load_experiment(path)
    assert exp.scenarios == ["stakes-and-arrows", "the-ford"]
    assert [(p.name, p.games, p.players.red, p.players.blue) for p in exp.parts()] == [
        ("heuristic", 1000, "heuristic", "heuristic"), ("search", 100, "search", "search")]
    the_cells = cells(exp, path)
    assert len(the_cells) == 8
    ridden = {c.arm: mounted_share(content_for(c.setup).retinues[c.setup.red or ""]) for c in the_cells}
    assert ridden == {"as printed": (12, 12), "half-mounted limit": (6, 12)}


def test_results_of_parts_run_apart_merge_into_the_whole(tmp_path: Path) -> None:
    path = write(tmp_path, TINY.replace('players = { red = "random", blue = "random" }', "") + """
[[part]]
name = "first"
games = 2
players = { red = "random", blue = "random" }

[[part]]
name = "second"
games = 1
players = { red = "random", blue = "eager" }
""")
    whole = run_experiment(path, show_progress=False)
    second = run_experiment(path, parts=["second"], show_progress=False)
    first = run_experiment(path, parts=["first"], show_progress=False)
    merged = merge([second, first])
    assert merged["arms"] == whole["arms"] and merged["parts_run"] == ["first", "second"]
    assert merged["parts_not_run"] == [] and merged["run"]["games"] == 2 * 2 + 2 * 1
    with pytest.raises(ValueError, match="same experiment"):
        merge([first, {**second, "seed": 99}])


def test_the_progress_bar_goes_to_stderr_with_games_per_second(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, TINY)
    assert main([str(path), "--games", "1", "--json"]) == 0
    captured = capsys.readouterr()
    json.loads(captured.out)  # stdout holds the JSON object alone
    assert "2/2" in captured.err and "games/s" in captured.err and "left" in captured.err


def test_resume_takes_the_games_an_earlier_run_holds_and_plays_the_rest(tmp_path: Path) -> None:
    path = write(tmp_path, TINY)
    whole = run_experiment(path, show_progress=False)
    first_two = run_experiment(path, games=2, show_progress=False)
    resumed = run_experiment(path, resume=[saved_of(first_two)], show_progress=False)
    assert same_part(resumed) == same_part(whole)
    assert (resumed[RUN]["games"], resumed[RUN]["reused"]) == (2, 4)  # game 2 of each arm was played
    # a game taken from the earlier result is taken as it is, not played again
    marked = json.loads(json.dumps(first_two))
    marked["arms"][0]["games"][0]["turns"] = 99
    assert run_experiment(path, resume=[saved_of(marked)],
                          show_progress=False)["arms"][0]["games"][0]["turns"] == 99
    # games of another seed, of a changed arm, or that ended in an error are played again
    for change in ({"seed": 6}, {"arms": [{**a, "players": {"red": "eager", "blue": "random"}}
                                          for a in first_two["arms"]]}):
        again = run_experiment(path, resume=[saved_of({**first_two, **change})], show_progress=False)
        assert again[RUN]["reused"] == 0 and same_part(again) == same_part(whole)
    failed = json.loads(json.dumps(first_two))
    failed["arms"][0]["games"][0]["error"] = "boom"
    assert run_experiment(path, resume=[saved_of(failed)], show_progress=False)[RUN]["reused"] == 3


def test_resume_from_the_command_line_and_a_bad_results_file(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, TINY)
    saved = tmp_path / "first.jsonl"
    assert main([str(path), "--games", "1", "--quiet", "--results", str(saved)]) == 0
    capsys.readouterr()
    lines = saved.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + 2 + 1  # what was asked, a game per arm, the run
    other = tmp_path / "other.jsonl"  # the games of another seed are not taken
    head = json.loads(lines[0])
    other.write_text("\n".join([json.dumps({**head, "seed": 9}), *lines[1:]]) + "\n", encoding="utf-8")
    assert main([str(path), "--games", "2", "--quiet", "--resume", str(saved), "--resume", str(other)]) == 0
    assert "2 taken from the earlier results" in capsys.readouterr().out
    for name, text, why in (
            ("bad.jsonl", "[1, 2", "line 1: not the first line of a results file written with --results"),
            ("deep.jsonl", "[" * 100_000 + "]" * 100_000, "line 1: not the first line of a results file"),
            ("other.jsonl", '{"arms": [{"part": "x"}]}', "line 1: not the first line of a results file"),
            ("game.jsonl", lines[0] + "\n" + lines[1].replace('"turns":', '"turns":"') , "line 2: not JSON")):
        bad = write(tmp_path, text, name)
        assert main([str(path), "--quiet", "--resume", str(bad)]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith(f"error: {bad}: {why}") and "\n" not in err, err


def test_the_results_file_is_written_in_game_order_and_the_report_reads_it(tmp_path: Path) -> None:
    path = write(tmp_path, TINY)
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert main([str(path), "--quiet", "--results", str(one)]) == 0
    assert main([str(path), "--quiet", "--workers", "2", "--results", str(two)]) == 0
    assert one.read_text().splitlines()[:-1] == two.read_text().splitlines()[:-1]
    assert report_main([str(one), str(tmp_path / "report")]) == 0
    assert (tmp_path / "report" / "report.md").is_file()
