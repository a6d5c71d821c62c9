"""Terrain brushes: the squares a brush covers, painting them with a kind, and flood fill."""

from __future__ import annotations

from collections import deque

from game.editor.document import ScenarioDoc
from game.editor.edits import PaintTiles
from game.editor.tileset import shipped_tileset

BRUSH_SIZES = (1, 2, 3, 5, 9)  # squares across


def brush_cells(doc: ScenarioDoc, x: float, y: float, size: int, round_brush: bool = True) -> list[int]:
    """The squares a brush of `size` squares across covers when centred on the point (x, y) in inches."""
    if size <= 1:
        ix, iy = int(x), int(y)
        return [iy * doc.width + ix] if 0 <= ix < doc.width and 0 <= iy < doc.height else []
    left, top = round(x - size / 2), round(y - size / 2)
    cx, cy = left + size / 2, top + size / 2
    out = []
    for iy in range(top, top + size):
        for ix in range(left, left + size):
            if not (0 <= ix < doc.width and 0 <= iy < doc.height):
                continue
            if round_brush and size > 2 and (ix + 0.5 - cx) ** 2 + (iy + 0.5 - cy) ** 2 > (size / 2) ** 2:
                continue
            out.append(iy * doc.width + ix)
    return out


def paint(doc: ScenarioDoc, cells: list[int], kind: str, stroke: int = 0) -> PaintTiles | None:
    """An edit painting the squares with a terrain kind (None if none would change)."""
    ts = shipped_tileset()
    kinds = ts.kinds
    changes: dict[int, tuple[int, int]] = {}
    todo = set(cells)
    if kind == "building":  # the roof's halves follow the squares above, so the row below may change too
        todo |= {i + doc.width for i in cells if i + doc.width < len(doc.tiles)
                 and kinds[doc.tiles[i + doc.width]] == "building"}
    after = {i: kind for i in cells}
    for i in sorted(todo):
        x, y = i % doc.width, i // doc.width
        old = doc.tiles[i]
        want = after.get(i, kinds[old])
        if kinds[old] == want and want != "building":
            continue  # already this kind: its look stays
        above = "" if y == 0 else after.get(i - doc.width, kinds[doc.tiles[i - doc.width]])
        new = ts.tile_for(want, x, y, above)
        if new != old:
            changes[i] = (old, new)
    return PaintTiles(changes, f"paint {kind}", stroke) if changes else None


def flood_fill(doc: ScenarioDoc, x: int, y: int, kind: str) -> PaintTiles | None:
    """An edit painting the whole patch of one kind around the square (x, y), edge to edge, with `kind`."""
    if not (0 <= x < doc.width and 0 <= y < doc.height):
        return None
    kinds = doc.kinds()
    start = y * doc.width + x
    was = kinds[start]
    if was == kind:
        return None
    seen = {start}
    todo = deque([start])
    while todo:
        i = todo.popleft()
        cx, cy = i % doc.width, i // doc.width
        for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
            j = ny * doc.width + nx
            if 0 <= nx < doc.width and 0 <= ny < doc.height and j not in seen and kinds[j] == was:
                seen.add(j)
                todo.append(j)
    edit = paint(doc, sorted(seen), kind)
    if edit is not None:
        edit.label = f"fill with {kind}"
    return edit
