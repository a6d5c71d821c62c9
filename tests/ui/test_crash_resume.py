"""Kill the client mid-game and resume from its autosave on the next launch."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.persist.schema import SaveFile
from game.ui import navigation
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.screens.menu import MainMenu
from game.ui.settings import Settings
from tests.ui.conftest import frames, resume

ROOT = Path(__file__).resolve().parents[2]
# A hot-seat battle whose two "players" are eager AIs clicking through the same Session as a
# human would: it autosaves after every activation and prints a line each time.
CHILD = """
import os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
from pathlib import Path
from game.ai import EagerPlayer
from game.ui import navigation
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.settings import Settings
saves = Path(sys.argv[1])
app = App(settings=Settings(animation_speed=0, blindfold=False), config_dir=saves / "cfg",
          saves_dir=saves, build=navigation.build)
battle = BattleScreen.new(app, "skirmish-field", 3, "hotseat")
app.reset(battle)
players = {"red": EagerPlayer(7), "blue": EagerPlayer(8)}
saved = 0
while not battle.state.over:
    side = battle.state.acting_side
    battle.submit(players[side].choose(battle.session.engine, side))
    app.step(1 / 60)
    if (saves / "autosave.json").exists() and os.stat(saves / "autosave.json").st_mtime_ns != saved:
        saved = os.stat(saves / "autosave.json").st_mtime_ns
        print("autosaved", len(battle.session.engine.commands), flush=True)
"""


def test_killed_client_resumes_from_its_autosave(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path)], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, text=True)
    seen = 0
    deadline = time.monotonic() + 60
    assert child.stdout is not None
    while seen < 4 and time.monotonic() < deadline:
        if child.stdout.readline().startswith("autosaved"):
            seen += 1
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    assert seen == 4, "the child never autosaved"
    saved = SaveFile.model_validate_json((tmp_path / "autosave.json").read_text())

    app = App(settings=Settings(animation_speed=0), config_dir=tmp_path / "cfg2", saves_dir=tmp_path,
              build=navigation.build)
    menu = MainMenu(app)
    app.reset(menu)
    frames(app, 1)
    assert [b.label for b in menu.buttons][0] == "Resume last game"
    resume(app)
    frames(app, 2)
    battle = app.stack[-1]
    assert isinstance(battle, BattleScreen)
    engine = battle.session.engine
    assert len(engine.commands) == len(saved.commands) > 0
    assert engine.state.digest() == saved.state_hash
    side = engine.state.acting_side
    assert engine.legal_commands(side), "play goes on from the autosave"
