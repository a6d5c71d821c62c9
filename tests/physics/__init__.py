"""Tests for game.physics: the bolting-steed simulation."""
