"""Replay golden: a committed game log must still reproduce every event and the final hash.

If this fails, a rules change altered the outcome of a seeded game. If the change is intended,
regenerate the golden from the repository root and commit it with the rules change:

    .venv/bin/python -m tests.persist.test_golden_replay

(A whole game of skirmish-field, seed 26, played by the test-only EagerPlayer so that it covers
movement, Gambits, shooting, melee, casualties and a Will to Fight that ends the game.)
"""

from __future__ import annotations

from pathlib import Path

from game.persist import load_save, replay_save, save_game
from tests.persist.conftest import play

GOLDEN = Path(__file__).with_name("golden-skirmish.json")
SEED, MAX_COMMANDS = 26, 1000
COVERS = {"moved", "gambit_rolled", "shot_fired", "melee_round", "casualty", "will_to_fight",
          "game_ended"}


def test_golden_replay_verifies() -> None:
    save = load_save(GOLDEN)
    match = replay_save(save, check_events=True)
    assert match.engine.state.digest() == save.state_hash
    assert match.engine.state.over


def test_golden_covers_the_main_rules() -> None:
    save = load_save(GOLDEN)
    kinds = {e.type for events in save.events for e in events}  # type: ignore[attr-defined]
    assert kinds >= COVERS


def regenerate() -> Path:
    """Write the golden file from a fresh seeded game."""
    return save_game(play(SEED, MAX_COMMANDS, eager=True), GOLDEN)


if __name__ == "__main__":
    print(f"wrote {regenerate()}")
