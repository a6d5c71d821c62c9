"""The client's shape, held: small classes, and no import inside a function except the lazy ones
that keep start-up quick (the navigation's screens, pygame_gui)."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import game.rules
import game.ui

UI = Path(game.ui.__file__).parent
MAX_METHODS = 25
LAZY_FILES = {"navigation.py"}  # builds each screen when its place is first opened
LAZY_MODULES = ("pygame_gui",)  # forms only: the table alone never pays for it


def _modules() -> list[tuple[Path, ast.Module]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(UI.rglob("*.py"))]


def test_no_class_of_the_client_keeps_more_than_25_methods() -> None:
    big = []
    for path, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                methods = [n for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
                if len(methods) > MAX_METHODS:
                    big.append(f"{path.relative_to(UI)}::{node.name} ({len(methods)})")
    assert big == []


def test_imports_inside_functions_are_only_the_lazy_ones() -> None:
    found = []
    for path, tree in _modules():
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = [node.module or ""]
                else:
                    continue
                if path.name in LAZY_FILES or all(n.startswith(LAZY_MODULES) for n in names):
                    continue
                found.append(f"{path.relative_to(UI)}:{node.lineno} {names}")
    assert found == []



FACE = {"game.rules", "game.rules.engine", "game.rules.commands", "game.rules.events", "game.rules.state",
        "game.rules.explain", "game.rules.odds"}


def test_every_module_of_the_engine_is_on_its_face_or_forbidden_to_the_client() -> None:
    config = tomllib.loads((UI.parent.parent / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"]
                    if c.get("source_modules") == ["game.ui"] and c["type"] == "forbidden")
    forbidden = set(contract["forbidden_modules"])
    rules = Path(game.rules.__file__).parent
    modules = {f"game.rules.{p.stem}" for p in rules.glob("*.py") if p.stem != "__init__"}
    assert sorted(modules - FACE - forbidden) == []  # a new module of the engine: forbid it, or name it here
