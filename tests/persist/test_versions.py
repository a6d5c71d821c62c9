"""Every save records the versions it was written with (Python, the game, pymunk, pydantic); a save
from before they were recorded still loads; and a replay that diverges says which of them differ
between the file and this machine, on the error's first line."""

from __future__ import annotations

import platform
from importlib import metadata
from pathlib import Path
from typing import Any

import pydantic
import pymunk
import pytest

from game.persist import SaveError, load_save, replay_save
from game.persist.versions import Versions, differences, running_versions
from game.replay import main
from tests.persist.conftest import read_json, write_json

GOLDEN = Path(__file__).parent / "golden-skirmish.json"
STORED_AT = 0  # the command whose events _diverging alters


def test_a_save_records_the_versions_it_was_written_with(save_path: Path) -> None:
    recorded = read_json(save_path)["versions"]
    assert recorded == {"python": platform.python_version(), "destrier": metadata.version("destrier"),
                        "pymunk": pymunk.version, "pydantic": pydantic.VERSION}
    assert load_save(save_path).versions == running_versions()


def test_the_summary_names_the_versions(save_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(save_path)]) == 0
    assert f"pymunk {pymunk.version}, pydantic {pydantic.VERSION}" in capsys.readouterr().out


def test_a_version_3_save_without_versions_loads_and_verifies(save_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    data = read_json(save_path)
    del data["versions"]
    data["schema_version"] = 3  # as the game wrote saves before it recorded versions
    save = load_save(write_json(save_path, data))
    assert save.versions is None
    assert replay_save(save, check_events=True).engine.state.digest() == save.state_hash
    assert main([str(save_path)]) == 0
    assert "Written before saves recorded their versions" in capsys.readouterr().out


def test_the_golden_replay_from_before_versions_loads_without_them() -> None:
    save = load_save(GOLDEN)
    assert save.versions is None
    assert replay_save(save, check_events=True).engine.state.over


def _diverging(save_path: Path, **versions: str) -> Path:
    """The save with some of its recorded versions changed and the first stored event that names
    a model altered (so the replay diverges at a command given by STORED_AT)."""
    data: dict[str, Any] = read_json(save_path)
    data["versions"].update(versions)
    i, event = next((i, e) for i, events in enumerate(data["events"]) for e in events if "model" in e)
    assert i == STORED_AT
    event["model"] = "blue-99"
    return write_json(save_path, data)


def test_a_divergence_names_the_library_whose_version_differs(save_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(_diverging(save_path, pymunk="6.0.0")), "--verify"]) == 1
    first = capsys.readouterr().err.splitlines()[0]
    assert first.startswith(f"diverged at command {STORED_AT} (pymunk 6.0.0 in the file, "
                            f"{pymunk.version} here): ")
    assert "pydantic" not in first and "python" not in first


def test_a_divergence_names_every_part_that_differs_libraries_first(save_path: Path) -> None:
    path = _diverging(save_path, python="3.12.0", pydantic="2.0.0", destrier="0.0.1")
    with pytest.raises(SaveError) as caught:
        replay_save(load_save(path))
    assert str(caught.value).startswith(
        f"diverged at command {STORED_AT} (pydantic 2.0.0 in the file, {pydantic.VERSION} here; "
        f"destrier 0.0.1 in the file, {metadata.version('destrier')} here; python 3.12.0 in the file, "
        f"{platform.python_version()} here): ")


def test_a_divergence_of_a_file_without_versions_says_so(save_path: Path) -> None:
    data = read_json(_diverging(save_path))
    del data["versions"]
    with pytest.raises(SaveError, match=rf"^diverged at command {STORED_AT} \(the file records no "):
        replay_save(load_save(write_json(save_path, data)))


def test_differences_is_empty_when_nothing_differs() -> None:
    here = Versions(python="3.11.7", destrier="0.1.0", pymunk="7.3.1", pydantic="2.14.4")
    assert differences(here, here) == ""
    newer = here.model_copy(update={"pymunk": "7.4.0"})
    assert differences(newer, here) == "pymunk 7.4.0 in the file, 7.3.1 here"


@pytest.mark.parametrize("bad", ["\x1b[31m7.3.1", "", "7" * 41, "7.3 .1"])
def test_a_version_that_is_not_a_version_is_refused(save_path: Path, bad: str) -> None:
    data = read_json(save_path)
    data["versions"]["pymunk"] = bad
    with pytest.raises(SaveError, match="versions.pymunk"):
        load_save(write_json(save_path, data))
