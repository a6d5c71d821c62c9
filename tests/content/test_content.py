"""Content loads, cross-checks, and bad files name the file, the field and the problem."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.content.loader import DATA_DIR, ContentError, load_content, load_content_from


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    """A writable copy of the shipped content."""
    out = tmp_path / "data"
    shutil.copytree(DATA_DIR, out)
    return out


def test_shipped_content_loads_with_brief_profiles() -> None:
    c = load_content()
    assert (c.profiles["captain"].move, c.profiles["captain"].fight, c.profiles["captain"].save,
            c.profiles["captain"].health, c.profiles["captain"].prowess) == (6, 3, 4, 3, 3)
    assert c.profiles["archer"].shoot == 4 and c.profiles["billman"].save == 5
    assert (c.steeds["warhorse"].health, c.steeds["nag"].health,
            c.steeds["beast_of_burden"].health) == (2, 2, 1)
    assert c.weapons["crossbow"].must_reload and c.weapons["handgun"].noisy
    for retinue in c.retinues.values():
        models = sum(1 + len(s.retainers) for s in retinue.spears)
        if retinue.id in ("york-escort", "lancaster-ambush"):  # Make Way!: a scenario's own forces
            assert len(retinue.spears) in (2, 3) and 12 <= models <= 14
        elif retinue.id in ("york-host", "lancaster-host"):  # Saxton Field: the whole followings
            assert [len(s.retainers) for s in retinue.spears] == [4] * 6 and models == 30
        else:  # the standard retinue: a Captain, two Squires and nine Retainers
            assert len(retinue.spears) == 3
            assert models == 12


def test_malformed_toml_names_the_file(data: Path) -> None:
    (data / "perks.toml").write_text("[[perk]\nid = ")
    with pytest.raises(ContentError, match=r"perks\.toml: not valid TOML"):
        load_content_from(data)


def test_bad_field_names_file_entry_and_field(data: Path) -> None:
    text = (data / "profiles.toml").read_text().replace("move = 6", 'move = "fast"', 1)
    (data / "profiles.toml").write_text(text)
    with pytest.raises(ContentError, match=r"profiles\.toml: profile\[0\] \(id='captain'\): "
                                           r"field move"):
        load_content_from(data)


def test_unknown_field_is_rejected(data: Path) -> None:
    text = (data / "steeds.toml").read_text().replace('name = "Nag"', 'name = "Nag"\nwings = 2')
    (data / "steeds.toml").write_text(text)
    with pytest.raises(ContentError, match=r"steeds\.toml: steed\[1\] \(id='nag'\): field wings"):
        load_content_from(data)


def test_unknown_profile_in_a_retinue_is_a_cross_reference_error(data: Path) -> None:
    text = (data / "retinues.toml").read_text().replace('profile = "billman"',
                                                        'profile = "halberdier"', 1)
    (data / "retinues.toml").write_text(text)
    with pytest.raises(ContentError, match=r"retinues\.toml: cross-reference check: .*halberdier"):
        load_content_from(data)


def test_duplicate_ids_and_table_gaps(data: Path) -> None:
    text = (data / "tables.toml").read_text().replace("{ low = 3, high = 4, result = \"dither\"",
                                                      "{ low = 3, high = 3, result = \"dither\"", 1)
    (data / "tables.toml").write_text(text)
    with pytest.raises(ContentError, match=r"tables\.toml: table\[0\].*gap or overlap"):
        load_content_from(data)


def test_missing_file(data: Path) -> None:
    (data / "alarums.toml").unlink()
    with pytest.raises(ContentError, match=r"alarums\.toml: file is missing"):
        load_content_from(data)
