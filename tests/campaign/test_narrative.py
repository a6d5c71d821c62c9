"""The narrative campaigns as data (narrative.toml): the shipped Thornby Feud branches on every result
and always ends; a broken file is one line naming the file and the field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import BaseModel

from game.campaign.narrative import (
    END,
    NARRATIVE_FILE,
    Ending,
    Narrative,
    Stage,
    longest_run,
    narratives,
    narratives_from,
    next_stage,
)
from game.content.loader import DATA_DIR, ContentError
from game.scenario import load_scenario
from game.sim import play_game

SHIPPED = (DATA_DIR / NARRATIVE_FILE).read_text(encoding="utf-8")
FIELD = "narrative.toml: [narrative]: field "


@pytest.fixture(scope="module")
def feud() -> Narrative:
    return narratives()["thornby-feud"]


def reached(n: Narrative) -> tuple[set[str], set[str]]:
    """The stages and the endings some run of results reaches from the start."""
    stages, endings, todo = set(), set(), [n.start]
    while todo:
        sid = todo.pop()
        if sid in stages:
            continue
        stages.add(sid)
        for target in n.stages[sid].next.values():
            if target.startswith(END):
                endings.add(target.removeprefix(END))
            else:
                todo.append(target)
    return stages, endings


def sentences(text: str) -> int:
    return len(re.findall(r"[.!?](\s|$)", text))


def test_the_shipped_narrative_has_five_stages_two_endings_and_reaches_them_all(feud: Narrative) -> None:
    assert list(narratives()) == ["thornby-feud"]
    assert len(feud.stages) >= 5 and len(feud.endings) >= 2
    stages, endings = reached(feud)
    assert stages == set(feud.stages) and endings == set(feud.endings)
    assert set(feud.sides) == {"red", "blue"} and feud.name and feud.blurb


def test_every_stage_branches_on_the_result_and_plays_its_own_new_table(feud: Narrative) -> None:
    scenarios = [s.scenario for s in feud.stages.values()]
    assert len(set(scenarios)) == len(scenarios) and all(s.startswith("campaign/") for s in scenarios)
    for stage in feud.stages.values():
        assert stage.next["red"] != stage.next["blue"]
        assert load_scenario(stage.scenario).retinues.keys() == {"red", "blue"}


def test_briefings_and_epilogues_are_two_to_five_sentences(feud: Narrative) -> None:
    texts = [s.briefing for s in feud.stages.values()] + [e.epilogue for e in feud.endings.values()]
    assert all(2 <= sentences(t) <= 5 for t in texts), [t[:40] for t in texts if not 2 <= sentences(t) <= 5]


def test_next_stage_follows_the_result(feud: Narrative) -> None:
    assert next_stage(feud, "mill", "red") == ("lane", "")
    assert next_stage(feud, "mill", "blue") == ("ford", "")
    assert next_stage(feud, "church", "blue") == ("", "lancaster")
    assert next_stage(feud, "bridge", "draw") == ("", "peace")
    with pytest.raises(KeyError, match="no stage 'nowhere'"):
        next_stage(feud, "nowhere", "red")


def test_every_run_ends_within_the_longest_run(feud: Narrative) -> None:
    assert longest_run(feud) == 6
    runs = [[feud.start]]
    finished = 0
    while runs:
        run = runs.pop()
        assert len(run) <= longest_run(feud)
        for result in ("red", "blue", "draw"):
            stage, ending = next_stage(feud, run[-1], result)
            assert bool(stage) != bool(ending)
            if stage:
                runs.append([*run, stage])
            else:
                finished += 1
    assert finished > 10


def test_the_shipped_narratives_are_read_once() -> None:
    assert narratives() is narratives()


def broken(tmp_path: Path, old: str, new: str) -> Path:
    assert old in SHIPPED
    path = tmp_path / NARRATIVE_FILE
    path.write_text(SHIPPED.replace(old, new, 1), encoding="utf-8")
    return path


MILL_NEXT = 'next = { red = "lane", blue = "ford", draw = "lane" }'
BRIDGE_NEXT = 'next = { red = "end:york", blue = "end:lancaster", draw = "end:peace" }'
ORPHAN = """
[narrative.thornby-feud.stages.orphan]
title = "A Fight Nobody Reaches"
scenario = "campaign/thornby-mill"
briefing = "Nobody comes here."
next = { red = "end:york", blue = "end:lancaster", draw = "end:peace" }
"""
YORK = "[narrative.thornby-feud.endings.york]"
EXILE = """
[narrative.thornby-feud.endings.exile]
title = "Exile"
epilogue = "Nobody ends here."
"""
CASES = [
    ("unknown stage", MILL_NEXT, MILL_NEXT.replace('"lane"', '"lame"', 1),
     "thornby-feud.stages.mill.next.red: 'lame' is neither a stage nor end:<ending>"),
    ("unknown ending", BRIDGE_NEXT, BRIDGE_NEXT.replace("end:york", "end:glory"),
     "thornby-feud.stages.bridge.next.red: 'end:glory' is neither a stage nor end:<ending>"),
    ("unreachable stage", YORK, ORPHAN + "\n" + YORK,
     "thornby-feud.stages.orphan: no result of any battle from 'mill' leads here"),
    ("unreachable ending", YORK, EXILE + "\n" + YORK,
     "thornby-feud.endings.exile: no stage leads to this ending"),
    ("missing scenario", 'scenario = "campaign/thornby-mill"', 'scenario = "campaign/thornby-mil"',
     "thornby-feud.stages.mill.scenario: no map 'campaign/thornby-mil' is shipped"),
    ("a map file, not a name", 'scenario = "campaign/thornby-mill"', 'scenario = "/tmp/thornby-mill.tmx"',
     "thornby-feud.stages.mill.scenario: Value error, '/tmp/thornby-mill.tmx' is not the name of a "
     "shipped map"),
    ("a loop", BRIDGE_NEXT, BRIDGE_NEXT.replace('"end:york"', '"moat"'),
     "thornby-feud.stages.bridge.next.red: leads back to 'moat' (moat -> bridge -> moat), so the campaign "
     "might never end"),
    ("a result left out", MILL_NEXT, 'next = { red = "lane", blue = "ford" }',
     "thornby-feud.stages.mill.next: Value error, says nothing for draw"),
    ("a result unknown", MILL_NEXT, 'next = { red = "lane", blue = "ford", draw = "lane", tie = "lane" }',
     "thornby-feud.stages.mill.next.tie.[key]: Input should be 'red', 'blue' or 'draw'"),
    ("unknown start", 'start = "mill"', 'start = "mil"', "thornby-feud.start: 'mil' is not a stage"),
    ("an unknown key", 'title = "The Raid on Foulsyke Mill"', 'title = "The Raid"\nweather = "rain"',
     "thornby-feud.stages.mill.weather: Extra inputs are not permitted"),
    ("a title too long", 'title = "The Raid on Foulsyke Mill"', f'title = "{"x" * 81}"',
     "thornby-feud.stages.mill.title: String should have at most 80 characters"),
    ("a side left out", 'blue = "Sir Walter Fauconby\'s household, for Lancaster"\n', "",
     "thornby-feud.sides: Value error, name both sides, red and blue"),
    ("a forfeit naming no ending", 'red = "lancaster"', 'red = "glory"',
     "thornby-feud.forfeit.red: 'glory' is not an ending"),
    ("an id that is not its key", 'title = "Fauconby Holds"', 'id = "holds"\ntitle = "Fauconby Holds"',
     "thornby-feud.endings.lancaster.id: is 'holds'; leave it out or make it 'lancaster'"),
]


@pytest.mark.parametrize(("old", "new", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_broken_file_is_one_line_naming_the_file_and_the_field(tmp_path: Path, old: str, new: str,
                                                                 message: str) -> None:
    path = broken(tmp_path, old, new)
    with pytest.raises(ContentError) as caught:
        narratives_from(path)
    text = str(caught.value)
    assert "\n" not in text
    assert text.startswith(FIELD + message), text


def test_the_shipped_text_itself_reads_from_any_folder(tmp_path: Path) -> None:
    path = tmp_path / NARRATIVE_FILE
    path.write_text(SHIPPED, encoding="utf-8")
    assert narratives_from(path) == narratives()


def test_a_file_that_is_not_toml_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / NARRATIVE_FILE
    path.write_text("[narrative\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"^narrative\.toml: not valid TOML"):
        narratives_from(path)


@pytest.mark.parametrize("model", [Narrative, Stage, Ending], ids=lambda m: m.__name__)
def test_every_key_is_required_so_the_shipped_file_sets_each_itself(model: type[BaseModel]) -> None:
    assert all(f.is_required() for f in model.model_fields.values())


def test_a_whole_run_plays_headless_from_the_start_to_an_ending(feud: Narrative) -> None:
    stage, ending, fought = feud.start, "", []
    while stage:
        result = play_game(feud.stages[stage].scenario, 0, 11, {"red": "heuristic", "blue": "heuristic"})
        assert result.error == "" and result.winner in ("red", "blue", "draw")
        fought.append(stage)
        stage, ending = next_stage(feud, stage, result.winner)  # type: ignore[arg-type]
    assert ending in feud.endings and 2 <= len(fought) <= longest_run(feud)
