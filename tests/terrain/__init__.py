"""Tests for game.terrain: the TMX loader and the straight-line geometry."""
