"""Watch it think: in a watched game the thinking key shows, for the AI's last decision, the
commands it weighed with their values, the chosen one marked; the key hides it again."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.persist import Match
from game.rules.commands import Activate, Command, Fight, Shoot
from game.scenario import start_game
from game.ui import places
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.battle.thinking import ThinkingBox, thought
from tests.ui.conftest import frames
from tests.ui.test_play_e2e import key

SHOT = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "ai-thinking.png"  # written by shoot()


def _watch(app: App, red: str, blue: str, seed: int = 3) -> BattleScreen:
    app.settings.ai_speed = "instant"
    match = Match.start("the-ford", seed, "watch", {"red": red, "blue": blue})
    app.apply(places.Reset(places.Battle(match, "watch", autosave=False)))
    battle = app.top
    assert isinstance(battle, BattleScreen)
    return battle


def _one_ai_command(app: App, battle: BattleScreen) -> Command:
    """Frames until the AI has given one more command; that command."""
    before = len(battle.session.match.commands)
    for _ in range(400):
        app.step(1 / 60)
        battle.ai.thinker.wait()
        commands = battle.session.match.commands
        if len(commands) > before:
            return commands[-1]
    raise AssertionError("the AI gave no command")


def _named(battle: BattleScreen, cmd: Command) -> str:
    """The name a command's words carry for sure: the model activated, fought or shot at."""
    state = battle.session.engine.state
    mid = cmd.model if isinstance(cmd, Activate) else cmd.target if isinstance(cmd, Fight | Shoot) else ""
    found = state.find(mid) if mid else None
    return found.name if found is not None else ""


def test_the_thinking_key_shows_what_the_ai_weighed_and_marks_its_choice(app: App) -> None:
    battle = _watch(app, "heuristic", "easy")
    frames(app, 1)
    assert not battle.ai.thinking.shown
    key(app, pygame.K_t)
    assert battle.ai.thinking.shown  # shown, and saying so, before the AI's first decision
    assert "No AI decision yet" in battle.ai.thinking.lines("T")[0] or battle.ai.thinking.last is not None
    named = weighed = 0
    for _ in range(60):
        cmd = _one_ai_command(app, battle)
        last = battle.ai.thinking.last
        assert last is not None
        chosen = [r for r in last.rows if r.chosen]
        assert len(chosen) == 1 and chosen[0].words == last.chosen
        line = chosen[0].line
        assert line.startswith(">") and "(chosen)" in line and chosen[0].words in line
        assert len(last.rows) <= 6 and [r.value for r in last.rows[:5]] == sorted(
            (r.value for r in last.rows[:5]), reverse=True)
        weighed += len(last.rows) >= 2
        name = _named(battle, cmd)
        if name:
            assert name in last.chosen, (name, last.chosen)
            named += 1
        if named >= 3 and weighed >= 3:
            break
    assert named >= 3 and weighed >= 3
    lines = battle.ai.thinking.lines(app.keys.label("thinking"))
    assert lines[0].endswith("weighed:") and ("Orange AI" in lines[0] or "Blue AI" in lines[0])
    assert any(line.startswith(">") and last.chosen in line for line in lines)
    battle.ai.thinking.shown = False
    battle.draw(app.surface)
    hidden = app.surface.copy()
    battle.ai.thinking.shown = True
    battle.draw(app.surface)
    box = battle.ai.thinking.draw(app.surface, app.fonts, battle.camera.viewport, "T")
    assert box is not None and battle.camera.viewport.contains(box)
    assert pygame.image.tobytes(hidden, "RGB") != pygame.image.tobytes(app.surface, "RGB")
    key(app, pygame.K_t)
    assert not battle.ai.thinking.shown


def test_a_player_that_weighs_nothing_says_so() -> None:
    engine = start_game("the-ford", 2)
    side = engine.state.acting_side
    assert side
    cmd = engine.legal_commands(side)[0]
    said = thought(engine, "Orange AI (Random)", (), cmd)
    assert said.rows == () and "Nothing was weighed" in said.lines()[2] and said.chosen in said.lines()[1]
    box = ThinkingBox()
    assert box.draw(pygame.Surface((10, 10)), None, pygame.Rect(0, 0, 10, 10), "T") is None  # type: ignore[arg-type]


def shoot(app: App, path: Path) -> BattleScreen:
    """docs/screenshots/ai-thinking.png: a watched game on The Ford, the box open after a few
    decisions of Normal (Orange) against Easy (Blue), caught on a move with several weighed."""
    battle = _watch(app, "heuristic", "easy", seed=5)
    for _ in range(40):
        _one_ai_command(app, battle)
        last = battle.ai.thinking.last
        if last is not None and len(last.rows) >= 3 and battle.session.engine.state.active_model:
            break
    battle.ai.thinking.shown = True
    battle.ai.settings.ai_speed = "slow"  # hold the table still for the picture
    battle.ai.rest()
    frames(app, 2)
    pygame.image.save(app.surface, str(path))
    return battle


def test_the_screenshot_of_the_box(app: App, tmp_path: Path) -> None:
    battle = shoot(app, tmp_path / "ai-thinking.png")
    assert (tmp_path / "ai-thinking.png").stat().st_size > 10_000
    assert battle.ai.thinking.last is not None and len(battle.ai.thinking.last.rows) >= 3
