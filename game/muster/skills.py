"""The Skills of the muster as the client asks for them: the lists' names and the Captain's extra
Skill drawn from the Skill deck on seeded dice (the engine's `skill_draw`, through the muster, so
the client keeps to the engine's public face)."""

from __future__ import annotations

from game.rules.skill_draw import LIST_NAMES, NoSkillLeft, draw_skill

__all__ = ["LIST_NAMES", "NoSkillLeft", "draw_skill"]
