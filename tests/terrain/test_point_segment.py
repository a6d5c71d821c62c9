"""The one point-to-segment distance lives in game.terrain; the rules use that very function."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.terrain.geometry import point_segment_distance

coords = st.floats(-60.0, 60.0, allow_nan=False)


def _reference(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> tuple[float, float]:
    """The formula the rules always used, float operation for float operation."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return math.hypot(px - ax, py - ay), 0.0
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy)), t


def test_the_rules_use_the_terrain_function() -> None:
    from game.rules import geometry

    assert geometry.point_segment_distance is point_segment_distance


def test_nearest_point_inside_at_the_ends_and_on_a_point_segment() -> None:
    assert point_segment_distance(1.0, 2.0, 0.0, 0.0, 4.0, 0.0) == (2.0, 0.25)
    assert point_segment_distance(-3.0, 4.0, 0.0, 0.0, 4.0, 0.0) == (5.0, 0.0)
    assert point_segment_distance(7.0, -4.0, 0.0, 0.0, 4.0, 0.0) == (5.0, 1.0)
    assert point_segment_distance(3.0, 4.0, 0.0, 0.0, 0.0, 0.0) == (5.0, 0.0)


@settings(max_examples=500, deadline=None)
@given(coords, coords, coords, coords, coords, coords)
def test_bit_identical_to_the_rules_formula(px: float, py: float, ax: float, ay: float,
                                            bx: float, by: float) -> None:
    assert point_segment_distance(px, py, ax, ay, bx, by) == _reference(px, py, ax, ay, bx, by)


def test_terrain_and_physics_stay_below_the_rules() -> None:
    code = (
        "import sys\n"
        "import game.terrain, game.terrain.geometry, game.terrain.tmx_check\n"
        "import game.physics.bolt, game.physics.outline, game.physics.ram, game.physics.vehicle_sim\n"
        "above = ('game.rules', 'game.ui', 'game.ai', 'game.persist', 'pygame')\n"
        "bad = sorted(m for m in sys.modules if m.startswith(above))\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2])
