"""Outlines of blocking tile regions as merged straight edges, for use as physics walls."""

from __future__ import annotations

import math

from game.terrain.terrain_map import TerrainMap

Point = tuple[float, float]
Edge = tuple[Point, Point]

# Tile kinds a bolting steed cannot enter: it slides along their outline instead.
BLOCKING: frozenset[str] = frozenset({"building", "impassable"})


def tile_window(tmap: TerrainMap, cx: float, cy: float, reach: float) -> tuple[int, int, int, int]:
    """Tile index bounds (x0, y0, x1, y1), inclusive and clipped to the table, within reach of a point."""
    x0 = max(0, math.floor(cx - reach))
    y0 = max(0, math.floor(cy - reach))
    x1 = min(tmap.width - 1, math.floor(cx + reach))
    y1 = min(tmap.height - 1, math.floor(cy + reach))
    return x0, y0, x1, y1


def blocking_edges(tmap: TerrainMap, window: tuple[int, int, int, int]) -> list[Edge]:
    """Tile edges between a blocking and a non-blocking tile in the window, merged into long runs.

    Only edges between two tiles on the table are emitted: the table edge is never a wall.
    An edge on the window border is included when the tile just outside the window is on the table.
    """
    x0, y0, x1, y1 = window
    w, h = tmap.width, tmap.height
    if x1 < x0 or y1 < y0:
        return []
    tiles = tmap.tiles
    row0 = max(0, y0 - 1)
    blocked = [[tiles[y * w + x] in BLOCKING for x in range(w)] for y in range(row0, min(h, y1 + 2))]

    def is_blocked(x: int, y: int) -> bool:
        return blocked[y - row0][x]

    edges: list[Edge] = []
    # Vertical lines x = i, between tiles (i - 1, j) and (i, j).
    for i in range(max(1, x0), min(w - 1, x1 + 1) + 1):
        run_start: int | None = None
        for j in range(y0, y1 + 2):
            edge = j <= y1 and is_blocked(i - 1, j) != is_blocked(i, j)
            if edge and run_start is None:
                run_start = j
            elif not edge and run_start is not None:
                edges.append(((float(i), float(run_start)), (float(i), float(j))))
                run_start = None
    # Horizontal lines y = j, between tiles (i, j - 1) and (i, j).
    for j in range(max(1, y0), min(h - 1, y1 + 1) + 1):
        run_start = None
        for i in range(x0, x1 + 2):
            edge = i <= x1 and is_blocked(i, j - 1) != is_blocked(i, j)
            if edge and run_start is None:
                run_start = i
            elif not edge and run_start is not None:
                edges.append(((float(run_start), float(j)), (float(i), float(j))))
                run_start = None
    return edges
