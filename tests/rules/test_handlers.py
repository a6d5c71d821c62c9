"""The handler table: one typed handler for every command type, under its own type name."""

from __future__ import annotations

from typing import get_args

from game.rules.commands import Command
from game.rules.handlers import HANDLERS, Handler


def test_every_command_type_has_its_handler() -> None:
    union = get_args(get_args(Command)[0])
    names = {cls.model_fields["type"].default for cls in union}
    assert set(HANDLERS) == names
    assert all(isinstance(h, Handler) and callable(h.plan) and callable(h.do) for h in HANDLERS.values())
