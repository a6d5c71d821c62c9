"""The rules coverage table names real code and real tests: every `path.py::name` it cites is
defined in that file, and every `T/alias::test_name` is a test in the file the alias stands for."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules-coverage.md"
CODE_REF = re.compile(r"`((?:rules|physics|content|terrain|ai|persist|ui|maps)/[\w/]+\.py)::([\w.]+)`")
TEST_REF = re.compile(r"`(T/[\w-]+)::(test_\w+)")
ALIAS = re.compile(r"^- `(T/[\w-]+)` = `(tests/[\w/]+\.py)`", re.M)


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
