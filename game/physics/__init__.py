"""Physics helpers for the rules engine: deterministic pymunk simulations (no pygame, no dice)."""

from game.physics.bolt import BoltBody, BoltResult, bearing_vector, simulate_bolt
from game.physics.ram import (
    Body,
    Contact,
    RamRules,
    VehicleMove,
    bench_vehicle_move,
    blocked_by,
    impact_speed,
    simulate_vehicle_move,
)

__all__ = [
    "BoltBody",
    "BoltResult",
    "Body",
    "Contact",
    "RamRules",
    "VehicleMove",
    "bearing_vector",
    "bench_vehicle_move",
    "blocked_by",
    "impact_speed",
    "simulate_bolt",
    "simulate_vehicle_move",
]
