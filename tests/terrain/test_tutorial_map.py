"""The tutorial's table, the Lane Hedge: made by the generator, playable, and laid out for its steps."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.maps.problems import map_problems
from game.rules.spears import in_command
from game.scenario import MAPS_DIR, start_game
from game.terrain.geometry import obstacle_crossings, obstacle_near
from game.ui.tutorial import HEDGE_SPOT, SCENARIO, SEED, cast_of

ROOT = Path(__file__).resolve().parents[2]
PATH = MAPS_DIR / f"{SCENARIO}.tmx"


def test_the_shipped_tutorial_is_what_the_generator_writes() -> None:
    script = ROOT / "tools" / "make_maps.py"
    code = f"import runpy; m = runpy.run_path({str(script)!r}); print(m['tmx_text']({SCENARIO!r}), end='')"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == PATH.read_text(encoding="utf-8")


def test_the_tutorial_table_is_playable_and_laid_out_for_its_steps() -> None:
    assert map_problems(PATH) == []
    engine = start_game(SCENARIO, SEED)
    table, state = engine.table, engine.state
    cast = cast_of(table, state, {})
    hero, lancer, archer = (state.model(m) for m in (cast.hero, cast.lancer, cast.archer))
    tmap = table.terrain
    crossed = obstacle_crossings(tmap, (hero.x, hero.y), HEDGE_SPOT)
    assert [o.kind for _, o in crossed] == ["hedge"]  # the Hero's way to the flag jumps the hedge
    assert obstacle_near(tmap, HEDGE_SPOT, 1.0) is None
    billman, target = state.model(cast.billman), state.model(cast.target)
    assert not obstacle_crossings(tmap, (lancer.x, lancer.y), (billman.x, billman.y))  # an open charge
    assert not obstacle_crossings(tmap, (archer.x, archer.y), (target.x, target.y))  # a clear shot
    hero.x, hero.y = HEDGE_SPOT  # over the hedge, the Hero still commands both Retainers
    assert in_command(table, state, lancer) and in_command(table, state, archer)
