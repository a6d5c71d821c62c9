"""The docs name real code and real tests.

The rules coverage table: every `path.py::name` it cites is defined in that file, and every
`T/alias::test_name` is a test in the file the alias stands for.

The architecture page and the search player's journal: every `path.py::name` they cite is defined in
a file of that path, every `path.py` they name exists, every `game.module` they name is a module (or
a name defined in one), and every `Class.member` they name, for a class the game defines, is a
method, a field or an attribute of that class or of a class it derives from. Names are read from
the source, not imported.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules-coverage.md"
PAGES = [ROOT / "docs" / "architecture.md", ROOT / "docs" / "ai-journal.md"]
CODE_REF = re.compile(r"`((?:rules|physics|content|terrain|ai|persist|ui|maps)/[\w/]+\.py)::([\w.]+)`")
TEST_REF = re.compile(r"`(T/[\w-]+)::(test_\w+)")
ALIAS = re.compile(r"^- `(T/[\w-]+)` = `(tests/[\w/]+\.py)`", re.M)

PAGE_REF = re.compile(r"`([\w/]+\.py)::([\w.]+)(?:\([^`]*\))?`")  # `ui/solo.py::ai_spec(difficulty)`
PAGE_FILE = re.compile(r"`([\w/]+\.py)`")
MODULE = re.compile(r"`(game(?:\.\w+)+)`")
MEMBER = re.compile(r"`(?:game\.[\w.]+\.)?([A-Z]\w*)\.(\w+)(?:\([^`]*\))?`")  # `BattleScreen.submit`
CODE_FOLDERS = ("game", "tests", "tools")


def _names(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    return {m.group(1) or m.group(2)
            for m in re.finditer(r"^\s*(?:def|class)\s+(\w+)|^(\w+)\s*[:=]", text, re.M)}


def test_every_cited_function_exists_where_the_table_says() -> None:
    doc = DOC.read_text(encoding="utf-8")
    missing = []
    for path, name in sorted(set(CODE_REF.findall(doc))):
        file = ROOT / "game" / path
        parts = name.split(".")
        if not file.is_file() or not all(p in _names(file) for p in parts):
            missing.append(f"{path}::{name}")
    assert not missing, missing


def test_every_cited_test_exists() -> None:
    doc = DOC.read_text(encoding="utf-8")
    files = dict(ALIAS.findall(doc))
    assert files
    missing = []
    for alias, name in sorted(set(TEST_REF.findall(doc))):
        file = ROOT / files[alias] if alias in files else None
        if file is None or not file.is_file() or name not in _names(file):
            missing.append(f"{alias}::{name}")
    assert not missing, missing


# --- the architecture page and the journal ------------------------------------------------------
@functools.cache
def _sources() -> tuple[Path, ...]:
    """Every Python file of the game, its tests and its tools, and those at the checkout's top."""
    inside = (f for folder in CODE_FOLDERS for f in (ROOT / folder).rglob("*.py"))
    return tuple(sorted([*inside, *ROOT.glob("*.py")]))


def _files_named(path: str) -> list[Path]:
    """The files a page means by a path: from the checkout's top, or the end of a longer path
    (`ui/solo.py` is `game/ui/solo.py`, `tmx.py` is `game/terrain/tmx.py`)."""
    return [f for f in _sources() if f.relative_to(ROOT).as_posix() == path
            or f.as_posix().endswith("/" + path)]


@functools.cache
def _classes() -> dict[str, list[tuple[ast.ClassDef, Path]]]:
    """Every class the game defines, by name."""
    out: dict[str, list[tuple[ast.ClassDef, Path]]] = {}
    for file in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                out.setdefault(node.name, []).append((node, file))
    return out


def _members(cls: ast.ClassDef) -> set[str]:
    """A class's own methods, fields and class attributes, and what its methods set on self."""
    out: set[str] = set()
    for node in cls.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            out.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
        elif isinstance(node, ast.Assign):
            out |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    for part in ast.walk(cls):
        targets = part.targets if isinstance(part, ast.Assign) else \
            [part.target] if isinstance(part, ast.AnnAssign) else []
        for t in targets:
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                out.add(t.attr)
    return out


def _has_member(name: str, member: str, seen: frozenset[str] = frozenset()) -> bool:
    """True if a class of this name, or a class it derives from, has the member."""
    for cls, _ in _classes().get(name, []):
        if member in _members(cls):
            return True
        bases = {b.id if isinstance(b, ast.Name) else b.attr for b in cls.bases
                 if isinstance(b, ast.Name | ast.Attribute)}
        if any(_has_member(b, member, seen | {name}) for b in bases - seen - {name} if b in _classes()):
            return True
    return False


def _module_file(parts: list[str]) -> Path | None:
    """The file of a dotted module name, if it is one."""
    base = ROOT.joinpath(*parts)
    for file in (base.with_suffix(".py"), base / "__init__.py"):
        if file.is_file():
            return file
    return None


def _page(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_cited_definition_exists_where_the_page_says(page: Path) -> None:
    missing = []
    for path, name in sorted(set(PAGE_REF.findall(_page(page)))):
        files = _files_named(path)
        if not any(all(p in _names(f) or _has_member(name.split(".")[0], p) for p in name.split("."))
                   for f in files):
            missing.append(f"{path}::{name}")
    assert not missing, missing


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_named_source_file_exists(page: Path) -> None:
    missing = sorted({path for path in PAGE_FILE.findall(_page(page)) if not _files_named(path)})
    assert not missing, missing


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_named_module_is_a_module_or_defined_in_one(page: Path) -> None:
    missing = []
    for dotted in sorted(set(MODULE.findall(_page(page)))):
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):
            file = _module_file(parts[:cut])
            if file is not None:
                rest = parts[cut:]
                if rest and not (rest[0] in _names(file) or _has_member(rest[0], rest[-1])):
                    missing.append(dotted)
                break
        else:
            missing.append(dotted)
    assert not missing, missing


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_named_member_of_a_game_class_exists(page: Path) -> None:
    named = {(c, m) for c, m in MEMBER.findall(_page(page)) if c in _classes()}
    assert named or page.name != "architecture.md"
    missing = sorted(f"{c}.{m}" for c, m in named if not _has_member(c, m))
    assert not missing, missing


def test_the_checks_catch_a_name_that_is_not_there() -> None:
    assert not _has_member("BattleScreen", "preview_box")
    assert _has_member("BattleLayout", "preview_box")
    assert _has_member("MainMenu", "move_focus")  # from ButtonScreen
    assert not _files_named("ui/no_such_room.py")
    assert _files_named("ui/solo.py") == [ROOT / "game" / "ui" / "solo.py"]
