"""Write the small maps of tests/terrain/tiled/ and have the real Tiled re-save each of them.

Each map shows one thing Tiled writes that the loader must read as Tiled shows it: a hidden
group, objects made from templates, an image collection whose tile ids have gaps, layer
offsets and a tile that is in no tileset. The source text is written into that folder, then
`tiled --export-map tmx` (and `--export-tileset tsx`) re-saves each file in place, so they are
exactly what Tiled writes. Run it with Tiled installed (Debian's `tiled`):

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/make_tiled_fixtures.py

`templates-detached.tmx` is Tiled's own resolution of the templates (`--detach-templates`), for
the loader to match. The templates (.tx) and the PNGs are written as they are: Tiled has no
command to re-save those.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "tests" / "terrain" / "tiled"
HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'

PLAIN_TSX = HEAD + """<tileset version="1.8" tiledversion="1.8.2" name="plain" tilewidth="32" tileheight="32"
 tilecount="4" columns="4">
 <image source="plain.png" width="128" height="32"/>
 <tile id="0"><properties><property name="terrain" value="open"/></properties></tile>
 <tile id="1"><properties><property name="terrain" value="woods"/></properties></tile>
 <tile id="2"><properties><property name="terrain" value="building"/></properties></tile>
 <tile id="3"><properties><property name="terrain" value="road"/></properties></tile>
</tileset>
"""

# An image collection: tiles 2, 3 and 4 were removed in Tiled, so the ids are 0, 1 and 5.
COLLECTION_TSX = HEAD + """<tileset version="1.8" tiledversion="1.8.2" name="pieces" tilewidth="32"
 tileheight="32" tilecount="3" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0"><properties><property name="terrain" value="open"/></properties>
  <image width="32" height="32" source="grass.png"/></tile>
 <tile id="1"><properties><property name="terrain" value="woods"/></properties>
  <image width="32" height="32" source="tree.png"/></tile>
 <tile id="5"><properties><property name="terrain" value="building"/></properties>
  <image width="32" height="32" source="house.png"/></tile>
</tileset>
"""

HOLD_TX = HEAD + """<template>
 <object name="a hold marker" width="32" height="32">
  <properties>
   <property name="objective" value="hold"/>
   <property name="radius" type="float" value="1.5"/>
   <property name="valour" type="int" value="1"/>
  </properties>
  <ellipse/>
 </object>
</template>
"""

ZONE_TX = HEAD + """<template>
 <object width="64" height="64">
  <properties>
   <property name="side" value="red"/>
  </properties>
 </object>
</template>
"""

HEDGE_TX = HEAD + """<template>
 <object name="a hedge">
  <properties>
   <property name="kind" value="hedge"/>
   <property name="obstacle_width" type="float" value="1"/>
  </properties>
  <polyline points="0,0 64,0"/>
 </object>
</template>
"""


def _map(width: int, height: int, body: str, tilesets: str = '<tileset firstgid="1" source="plain.tsx"/>',
         ) -> str:
    return HEAD + (
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="32" tileheight="32" infinite="0" '
        f'nextlayerid="20" nextobjectid="20">\n {tilesets}\n{body}</map>\n'
    )


def _layer(lid: int, name: str, rows: list[list[int]], extra: str = "") -> str:
    data = ",\n".join(",".join(str(g) for g in row) for row in rows)
    return (f' <layer id="{lid}" name="{name}" width="{len(rows[0])}" height="{len(rows)}"{extra}>\n'
            f'  <data encoding="csv">\n{data}\n</data>\n </layer>\n')


def _fill(width: int, height: int, gid: int,
          cells: dict[tuple[int, int], int] | None = None) -> list[list[int]]:
    rows = [[gid] * width for _ in range(height)]
    for (x, y), g in (cells or {}).items():
        rows[y][x] = g
    return rows


def _maps() -> dict[str, str]:
    w, h = 6, 4
    ground = _layer(1, "ground", _fill(w, h, 1))
    hidden = _map(w, h, ground + (
        ' <group id="2" name="ruins" visible="0">\n'
        + _layer(3, "walls", _fill(w, h, 0, {(x, 1): 3 for x in range(w)}))
        + '  <group id="4" name="inner">\n'
        + _layer(5, "trees", _fill(w, h, 0, {(x, 2): 2 for x in range(w)}))
        + "  </group>\n </group>\n"
        ' <group id="6" name="roads">\n'
        + _layer(7, "road", _fill(w, h, 0, {(x, 3): 4 for x in range(w)}))
        + " </group>\n"))
    templates = _map(w, h, ground + (
        ' <objectgroup id="2" name="objectives">\n'
        '  <object id="1" template="hold.tx" name="the well" x="64" y="32">\n'
        '   <properties><property name="valour" type="int" value="3"/></properties>\n'
        "  </object>\n"
        '  <object id="2" template="hold.tx" x="128" y="64"/>\n'
        " </objectgroup>\n"
        ' <objectgroup id="3" name="deployment">\n'
        '  <object id="3" template="zone.tx" x="0" y="0"/>\n'
        '  <object id="4" template="zone.tx" x="128" y="64" width="32">\n'
        '   <properties><property name="side" value="blue"/></properties>\n'
        "  </object>\n"
        " </objectgroup>\n"
        ' <objectgroup id="4" name="obstacles">\n'
        '  <object id="5" template="hedge.tx" x="32" y="96">\n'
        '   <properties><property name="kind" value="wall"/></properties>\n'
        "  </object>\n"
        " </objectgroup>\n"))
    collection = _map(w, h, _layer(1, "ground", _fill(w, h, 1, {(1, 1): 2, (4, 2): 6, (5, 2): 6})),
                      '<tileset firstgid="1" source="pieces.tsx"/>')
    offsets = _map(w, h, ground + _layer(2, "trees", _fill(w, h, 0, {(0, 0): 2, (5, 3): 2}),
                                         ' offsetx="32" offsety="32"') + (
        ' <group id="3" name="markers" offsetx="32" offsety="0">\n'
        '  <objectgroup id="4" name="objectives" offsetx="16" offsety="32">\n'
        '   <object id="1" name="cross" x="16" y="16"><properties>'
        '<property name="objective" value="hold"/></properties><point/></object>\n'
        "  </objectgroup>\n </group>\n"))
    half = _map(w, h, ground + _layer(2, "trees", _fill(w, h, 0, {(1, 1): 2}), ' offsetx="16"'))
    unknown = _map(w, h, _layer(1, "ground", _fill(w, h, 1, {(2, 1): 8})),
                   '<tileset firstgid="1" source="plain.tsx"/>\n <tileset firstgid="5" source="pieces.tsx"/>')
    return {"hidden-group.tmx": hidden, "templates.tmx": templates, "collection.tmx": collection,
            "offsets.tmx": offsets, "offset-half-tile.tmx": half, "unknown-tile.tmx": unknown}


def _png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A plain PNG of one colour (no image library needed)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = b"\x00" + bytes(rgb) * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


def _tiled(*args: str) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run(["tiled", *args], check=True, env=env, capture_output=True)


def main() -> int:
    """Write the sources, let Tiled re-save them into tests/terrain/tiled/."""
    if shutil.which("tiled") is None:
        print("tiled is not installed (apt-get install tiled)", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    images = {"plain.png": _png(128, 32, (90, 140, 60)), "grass.png": _png(32, 32, (90, 150, 60)),
              "tree.png": _png(32, 32, (30, 90, 30)), "house.png": _png(32, 32, (150, 80, 60))}
    files = {"plain.tsx": PLAIN_TSX, "pieces.tsx": COLLECTION_TSX, "hold.tx": HOLD_TX,
             "zone.tx": ZONE_TX, "hedge.tx": HEDGE_TX, **_maps()}
    for name, body in files.items():
        (OUT / name).write_text(body, encoding="utf-8")
    for name, data in images.items():
        (OUT / name).write_bytes(data)
    for name in files:  # re-saved in place, so the references stay relative to the folder
        kind = {".tsx": "--export-tileset", ".tmx": "--export-map"}.get(Path(name).suffix)
        if kind:
            scratch = OUT / f"resaved-{name}"
            _tiled(kind, Path(name).suffix[1:], str(OUT / name), str(scratch))
            scratch.replace(OUT / name)
    # what Tiled itself makes of the templates: the same map with every instance detached
    _tiled("--detach-templates", "--export-map", "tmx", str(OUT / "templates.tmx"),
           str(OUT / "templates-detached.tmx"))
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
