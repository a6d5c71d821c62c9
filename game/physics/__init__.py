"""Physics helpers for the rules engine: deterministic pymunk simulations (no pygame, no dice)."""

from game.physics.bolt import BoltBody, BoltResult, bearing_vector, simulate_bolt

__all__ = ["BoltBody", "BoltResult", "bearing_vector", "simulate_bolt"]
