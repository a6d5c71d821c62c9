"""Terrain: TMX maps loaded image-free into pure TerrainMap objects (inches, not pixels)."""

from game.terrain.geometry import (
    distance_to_obstacles,
    forget_map,
    obstacle_crossings,
    point_segment_distance,
    sight_blocked,
    terrain_runs,
    tiles_along,
    woods_depth,
)
from game.terrain.terrain_map import (
    BLOCKS_SIGHT,
    HARD_GOING,
    OBSTACLE_KINDS,
    TERRAIN_KINDS,
    DeploymentZone,
    ForceSpot,
    MapError,
    Objective,
    Obstacle,
    TerrainMap,
)
from game.terrain.tmx import load_terrain

__all__ = [
    "BLOCKS_SIGHT",
    "HARD_GOING",
    "OBSTACLE_KINDS",
    "TERRAIN_KINDS",
    "DeploymentZone",
    "ForceSpot",
    "MapError",
    "Objective",
    "Obstacle",
    "TerrainMap",
    "distance_to_obstacles",
    "forget_map",
    "load_terrain",
    "obstacle_crossings",
    "point_segment_distance",
    "sight_blocked",
    "terrain_runs",
    "tiles_along",
    "woods_depth",
]
