"""Every test runs with the player's folders in a temporary folder of its own: nothing a test does
reads or writes the real saves, settings or scenarios, so the tests may run side by side
(`make test` runs them on every core with pytest-xdist).

The few tests that take more than about five seconds are marked `slow` here, in one list:
`pytest -m "not slow"` is the quick loop."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.persist.folders import CONFIG_ENV, DATA_ENV, SAVES_ENV

SLOW = frozenset({
    "tests/ui/test_sprites.py::test_the_generator_is_deterministic_and_the_shipped_art_is_up_to_date",
    "tests/test_sim.py::test_make_way_games_ram_dodge_and_shake_the_crew",
    "tests/ai/test_no_cheating.py::test_no_player_reads_hidden_state[search:hard]",
    "tests/ai/test_no_cheating.py::test_no_level_reads_hidden_state_with_mustered_rosters[hard]",
    "tests/ai/test_levels.py::test_each_pair_of_levels_decides_differently[easy-hard]",
    "tests/ai/test_levels.py::test_each_pair_of_levels_decides_differently[normal-hard]",
    "tests/ai/test_levels.py::test_every_level_gives_legal_commands_and_the_same_seed_the_same_choices",
    "tests/test_bench.py::test_bench_json_shape",
    "tests/rules/test_invariants.py::test_random_legal_play_keeps_the_table_sound",
})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the SLOW tests."""
    for item in items:
        if item.nodeid in SLOW:
            item.add_marker(pytest.mark.slow)


def pytest_sessionstart(session: pytest.Session) -> None:
    """A name in SLOW whose test is gone from its file is an error, so the list cannot go stale."""
    root = Path(__file__).resolve().parents[1]
    gone = []
    for nodeid in sorted(SLOW):
        path, _, name = nodeid.partition("::")
        file = root / path
        if not file.is_file() or f"def {name.partition('[')[0]}(" not in file.read_text(encoding="utf-8"):
            gone.append(nodeid)
    if gone:
        raise pytest.UsageError(f"tests/conftest.py marks tests that no longer exist: {gone}")


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """DESTRIER_DATA_DIR in the test's temporary folder; no saves or config folder of the caller's."""
    folder = tmp_path / "user-data"
    monkeypatch.setenv(DATA_ENV, str(folder))
    monkeypatch.delenv(SAVES_ENV, raising=False)
    monkeypatch.delenv(CONFIG_ENV, raising=False)
    return folder
