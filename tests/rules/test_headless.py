"""The rules engine runs headless: no pygame, no random module, anywhere in game/rules."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "game" / "rules"


def test_rules_import_with_pygame_blocked() -> None:
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "import game.rules.engine, game.rules.setup, game.rules.legal, game.scenario\n"
        "assert 'pygame' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
        "print('ok')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=RULES.parents[1])
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_no_random_module_in_rules() -> None:
    offenders = []
    for path in RULES.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            if any(n == "random" or n.startswith("random.") or n == "pygame" for n in names):
                offenders.append(str(path))
    assert offenders == []
