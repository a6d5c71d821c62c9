"""`python -m game.campaign` plays an open campaign headless, AI against AI, and reports it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.campaign import Campaign
from game.campaign.__main__ import OPEN_MAPS, main
from game.muster import blank
from game.persist.rosters import encode_roster


def test_two_short_battles_of_an_open_campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    red, blue = tmp_path / "red.json", tmp_path / "blue.json"
    red.write_bytes(encode_roster(blank(5, "The Red Company")))
    blue.write_bytes(encode_roster(blank(6, "The Blue Company")))
    args = ["--battles", "2", "--seed", "9", "--red-roster", str(red), "--blue-roster", str(blue), "--json"]
    assert main(args) == 0
    out = capsys.readouterr().out
    report, _, raw = out.partition("\n{")
    c = Campaign.model_validate(json.loads("{" + raw))
    assert len(c.battles) == 2 and all(b.scenario in OPEN_MAPS for b in c.battles)
    assert "Battle 1:" in report and "Battle 2:" in report and "2 battles:" in report
    assert c.sides["red"].roster.name == "The Red Company"
    assert main(args) == 0
    assert capsys.readouterr().out == out  # the same seed and rosters, the same campaign


def test_a_roster_file_that_cannot_be_read_is_one_line(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["--battles", "1", "--red-roster", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: bad.json") and err.count("\n") == 1
