"""Whether a tileset picture can be drawn: its bytes walked as the game's image loader reads them.

A picture that only begins like one (a PNG signature and junk after it) is refused here, where a
map is checked, so the picker greys the map with its reason instead of the game failing when it
draws the table. Nothing here imports pygame: the walk is of the file's structure.

* PNG: every chunk within the file and matching its checksum, a sound header, and the pixel data
  inflated in pieces (never whole in memory) to exactly the size the header promises;
* JPEG: the segments up to the first scan within the file, a frame header, and an end marker;
* GIF: the screen descriptor, colour tables and every block to the trailer within the file;
* BMP: a known header whose pixel rows lie within the file.

`picture_problem(data)` is "" for a picture that can be drawn, else the reason in a few words.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator

MAX_SIDE = 16384  # pixels across or down: no tileset of a table is larger
_PNG = b"\x89PNG\r\n\x1a\n"
_PNG_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
_PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
_ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))
_PIECE = 1 << 20  # bytes of pixel data inflated at a time


class _Bad(Exception):
    """The picture's structure is broken (the text says how)."""


def picture_problem(data: bytes) -> str:
    """Why these bytes are no picture the game can draw ("" if they are one)."""
    checks = ((_PNG, "PNG", _check_png), (b"\xff\xd8\xff", "JPEG", _check_jpeg),
              (b"GIF87a", "GIF", _check_gif), (b"GIF89a", "GIF", _check_gif), (b"BM", "BMP", _check_bmp))
    for signature, kind, check in checks:
        if data.startswith(signature):
            try:
                check(data)
            except _Bad as exc:
                return f"a damaged {kind} picture ({exc})"
            except (struct.error, IndexError):
                return f"a damaged {kind} picture (it ends too soon)"
            return ""
    return "not a picture the game can draw (PNG, JPEG, GIF or BMP)"


def _size(width: int, height: int) -> None:
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        raise _Bad(f"it claims to be {width}x{height} pixels; a tileset picture is at most "
                   f"{MAX_SIDE}x{MAX_SIDE}")


# --- PNG --------------------------------------------------------------------------------------
def _chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    """Each chunk's type and data, checked against its checksum, up to IEND."""
    at = len(_PNG)
    while True:
        if at + 8 > len(data):
            raise _Bad("it ends before its IEND chunk")
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        end = at + 8 + length
        if length > 0x7FFFFFFF or end + 4 > len(data):
            raise _Bad(f"chunk {_name(kind)} runs past the end of the file")
        body = data[at + 8:end]
        if zlib.crc32(kind + body) != struct.unpack(">I", data[end:end + 4])[0]:
            raise _Bad(f"chunk {_name(kind)} fails its checksum")
        yield kind, body
        if kind == b"IEND":
            return
        at = end + 4


def _name(kind: bytes) -> str:
    return kind.decode("ascii") if kind.isalpha() else repr(kind)


def _check_png(data: bytes) -> None:
    chunks = _chunks(data)
    kind, head = next(chunks)
    if kind != b"IHDR" or len(head) != 13:
        raise _Bad("it does not begin with its IHDR header")
    width, height, depth, colour, compression, filtering, interlace = struct.unpack(">IIBBBBB", head)
    _size(width, height)
    if depth not in _PNG_DEPTHS.get(colour, ()) or compression or filtering or interlace > 1:
        raise _Bad("its header names a colour type, bit depth or method no PNG has")
    bits = depth * _PNG_CHANNELS[colour]
    expected = sum(rows * (1 + (cols * bits + 7) // 8) for cols, rows in _passes(width, height, interlace))
    inflate = zlib.decompressobj()
    got, palette, seen, idat_done = 0, False, False, False
    for kind, body in chunks:
        if kind == b"PLTE":
            palette = True
        elif kind == b"IDAT":
            if idat_done:
                raise _Bad("its IDAT chunks are not one after another")
            seen = True
            got = _inflate(inflate, body, got, expected)
        elif seen:
            idat_done = True
    if colour == 3 and not palette:
        raise _Bad("it has indexed colours and no PLTE palette")
    if not seen:
        raise _Bad("it has no IDAT pixel data")
    got = _inflate(inflate, b"", got, expected)
    if got != expected or not inflate.eof:
        raise _Bad(f"its pixel data holds {got} bytes where the header promises {expected}")


def _passes(width: int, height: int, interlace: int) -> list[tuple[int, int]]:
    """The pixels across and rows of each pass of the picture (one pass unless interlaced)."""
    if not interlace:
        return [(width, height)]
    found = []
    for x0, y0, dx, dy in _ADAM7:
        cols, rows = (width - x0 + dx - 1) // dx, (height - y0 + dy - 1) // dy
        if cols > 0 and rows > 0:
            found.append((cols, rows))
    return found


def _inflate(inflate: zlib._Decompress, body: bytes, got: int, expected: int) -> int:
    """Inflate a piece of pixel data, a megabyte at a time, counting bytes (more than expected: _Bad)."""
    pending = body
    try:
        while True:
            out = inflate.decompress(pending, _PIECE)
            got += len(out)
            if got > expected:
                raise _Bad(f"its pixel data holds more than the {expected} bytes the header promises")
            pending = inflate.unconsumed_tail
            if not pending and (len(out) < _PIECE or inflate.eof):
                return got
    except zlib.error as exc:
        raise _Bad(f"its pixel data does not inflate: {exc}") from None


# --- JPEG, GIF, BMP ---------------------------------------------------------------------------
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def _check_jpeg(data: bytes) -> None:
    at, frame = 2, False
    while True:
        while at < len(data) and data[at] == 0xFF and at + 1 < len(data) and data[at + 1] == 0xFF:
            at += 1  # fill bytes
        if at + 4 > len(data) or data[at] != 0xFF:
            raise _Bad("its segments run past the end of the file")
        marker = data[at + 1]
        if marker == 0x01 or 0xD0 <= marker <= 0xD7:
            at += 2
            continue
        length = struct.unpack(">H", data[at + 2:at + 4])[0]
        if length < 2 or at + 2 + length > len(data):
            raise _Bad(f"segment 0x{marker:02X} runs past the end of the file")
        if marker in _SOF:
            if length < 8:
                raise _Bad("its frame header is cut short")
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            _size(width, height)
            frame = True
        if marker == 0xDA:
            if not frame:
                raise _Bad("its scan comes before its frame header")
            if data.find(b"\xff\xd9", at + 2 + length) < 0:
                raise _Bad("it has no end marker")
            return
        if marker == 0xD9:
            raise _Bad("it ends before its first scan")
        at += 2 + length


def _sub_blocks(data: bytes, at: int) -> int:
    """The offset after a GIF block's data sub-blocks (which end with an empty one)."""
    while True:
        size = data[at]
        at += 1 + size
        if size == 0:
            return at
        if at > len(data):
            raise _Bad("a block runs past the end of the file")


def _check_gif(data: bytes) -> None:
    width, height, flags = struct.unpack("<HHB", data[6:11])
    _size(width, height)
    at = 13 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
    images = 0
    while True:
        if at >= len(data):
            raise _Bad("it ends before its trailer")
        block = data[at]
        if block == 0x3B:
            break
        if block == 0x21:
            at = _sub_blocks(data, at + 2)
        elif block == 0x2C:
            w, h, flags = struct.unpack("<4xHHB", data[at + 1:at + 10])
            _size(w, h)
            at += 10 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
            if not 1 <= data[at] <= 11:
                raise _Bad("an image names an LZW code size no GIF has")
            at = _sub_blocks(data, at + 1)
            images += 1
        else:
            raise _Bad(f"it holds a block of unknown kind 0x{block:02X}")
    if not images:
        raise _Bad("it holds no image")


def _check_bmp(data: bytes) -> None:
    offset, header = struct.unpack("<10xII", data[:18])
    if header == 12:
        width, height, planes, bits = struct.unpack("<HHHH", data[18:26])
        compression = 0
    elif header in (40, 52, 56, 64, 108, 124):
        width, height, planes, bits, compression = struct.unpack("<iiHHI", data[18:34])
    else:
        raise _Bad(f"its header is {header} bytes, a size no BMP has")
    _size(width, abs(height))
    if planes != 1 or bits not in (1, 4, 8, 16, 24, 32):
        raise _Bad("its header names a plane count or bit depth no BMP has")
    rows = ((width * bits + 31) // 32) * 4 * abs(height) if compression in (0, 3, 6) else 1
    if offset < 14 + header or offset + rows > len(data):
        raise _Bad("its pixel rows run past the end of the file")
