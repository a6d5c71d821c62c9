"""Fixtures that write small TMX/TSX files into tmp_path for the loader tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

# Tile ids 0..4 of the test tileset (GIDs 1..5 with firstgid 1).
TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="t" tilewidth="32" tileheight="32"
 tilecount="5" columns="5">
 <image source="no-such-image.png" width="160" height="32"/>
 <tile id="0"><properties><property name="terrain" value="open"/></properties></tile>
 <tile id="1"><properties><property name="terrain" value="woods"/></properties></tile>
 <tile id="2"><properties><property name="terrain" value="building"/></properties></tile>
 <tile id="3"><properties><property name="variant" value="no-terrain"/></properties></tile>
 <tile id="4"><properties><property name="terrain" value="road"/></properties></tile>
</tileset>
"""

OBSTACLE = """<object id="{oid}" name="{name}" x="{x}" y="{y}">
   <properties>
    <property name="kind" value="{kind}"/>
    <property name="wall_height" value="{height}"/>
    <property name="obstacle_width" type="float" value="{width}"/>
   </properties>
   <polyline points="{points}"/>
  </object>"""


def csv_rows(rows: list[list[int]]) -> str:
    """Tiled-style CSV text for a grid of GIDs."""
    return ",\n".join(",".join(str(g) for g in row) for row in rows)


def tmx_text(
    width: int = 4,
    height: int = 3,
    layers: list[tuple[str, str]] | None = None,
    objects: str = "",
    properties: str = "",
    tileset: str = '<tileset firstgid="1" source="t.tsx"/>',
    tile: tuple[int, int] = (32, 32),
    doctype: str = "",
) -> str:
    """A small TMX document; by default a 4x3 map of open tiles."""
    if layers is None:
        layers = [("ground", csv_rows([[1] * width for _ in range(height)]))]
    body = "".join(
        f' <layer id="{i}" name="{name}" width="{width}" height="{height}">\n'
        f'  <data encoding="csv">\n{data}\n</data>\n </layer>\n'
        for i, (name, data) in enumerate(layers, 1)
    )
    props = f" <properties>\n{properties}\n </properties>\n" if properties else ""
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n{doctype}'
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{width}" height="{height}" tilewidth="{tile[0]}" '
        f'tileheight="{tile[1]}" infinite="0" nextlayerid="9" nextobjectid="99">\n'
        f"{props} {tileset}\n{body}{objects}</map>\n"
    )


def obstacle_layer(*objs: str) -> str:
    """An `obstacles` object layer holding the given <object> elements."""
    return ' <objectgroup id="7" name="obstacles">\n  ' + "\n  ".join(objs) + "\n </objectgroup>\n"


def obstacle(
    kind: str = "wall",
    points: str = "0,0 64,0",
    x: float = 16,
    y: float = 16,
    height: str = "low",
    width: str = "0.5",
    name: str = "w",
    oid: int = 1,
) -> str:
    """One polyline obstacle <object>."""
    return OBSTACLE.format(oid=oid, name=name, x=x, y=y, kind=kind, height=height, width=width, points=points)


def vehicle_layer(*objs: str) -> str:
    """A `vehicles` object layer holding the given <object> elements."""
    return ' <objectgroup id="8" name="vehicles">\n  ' + "\n  ".join(objs) + "\n </objectgroup>\n"


def vehicle(
    name: str = "the wagon",
    profile: str | None = "supply_wagon",
    side: str | None = "red",
    heading: str | None = "90",
    x: float = 64,
    y: float = 48,
    oid: int = 1,
    size: tuple[float, float] | None = None,
) -> str:
    """One vehicle <object>: a point, or a rectangle of `size` pixels; None leaves a property out."""
    props = []
    if heading is not None:
        props.append(f'<property name="heading" type="float" value="{heading}"/>')
    if side is not None:
        props.append(f'<property name="side" value="{side}"/>')
    if profile is not None:
        props.append(f'<property name="vehicle" value="{profile}"/>')
    shape = f' width="{size[0]}" height="{size[1]}"' if size else ""
    inner = f"<properties>{''.join(props)}</properties>" if props else ""
    point = "" if size else "<point/>"
    return f'<object id="{oid}" name="{name}" x="{x}" y="{y}"{shape}>{inner}{point}</object>'


class Kit:
    """The TMX-building helpers, handed to tests by the `kit` fixture."""

    csv_rows = staticmethod(csv_rows)
    text = staticmethod(tmx_text)
    obstacle = staticmethod(obstacle)
    obstacle_layer = staticmethod(obstacle_layer)
    vehicle = staticmethod(vehicle)
    vehicle_layer = staticmethod(vehicle_layer)
    tsx = TSX


@pytest.fixture
def kit() -> type[Kit]:
    """The TMX-building helpers."""
    return Kit


@pytest.fixture
def write_map(tmp_path: Path) -> Callable[..., Path]:
    """Write t.tsx and a map (text from tmx_text(**kw), or `text=`) into tmp_path."""

    def write(name: str = "m.tmx", text: str | None = None, tsx: str = TSX, **kw: object) -> Path:
        (tmp_path / "t.tsx").write_text(tsx, encoding="utf-8")
        path = tmp_path / name
        body = text if text is not None else tmx_text(**kw)  # type: ignore[arg-type]
        path.write_text(body, encoding="utf-8")
        return path

    return write
