"""Reading a file the game did not write itself, bounded: a regular file, a size limit, UTF-8 text.

Every file that comes from outside (content, maps, tilesets and their pictures, settings, saves
and replays) is read through here, so that none can hang the game or exhaust its memory:

* the file is opened without blocking (`O_NONBLOCK`), so a FIFO with no writer cannot stop the
  open, and the *opened descriptor* is checked to be a regular file (no FIFO, device, socket or
  directory), so a file swapped after a check is still refused;
* at most `limit` bytes are read, whatever the file claims to be;
* text is decoded as UTF-8, and a bad byte is named by its offset;
* a loop of symbolic links is refused by name, whether met opening the file or resolving its
  path (`resolve`), never as the RuntimeError or ELOOP error the standard library gives.

Any problem raises `FileRefused`, whose text is one line without the path; each caller wraps it
in its own error (ContentError, MapError, SaveError) naming the file, as `printable` shows it (a
file name need not be UTF-8, and may hold a newline). This module imports nothing of the game,
so every layer may use it.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from pathlib import Path

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


LINK_LOOP = "it is a loop of symbolic links"
LINK_REFUSED = "it is a symbolic link, which is not followed"


class FileRefused(Exception):
    """A file that is not read: missing, not a regular file, too large or not UTF-8 (one line)."""

    def __init__(self, reason: str, missing: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.missing = missing


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_bytes(path: str | os.PathLike[str], limit: int, *, nofollow: bool = False) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, or FileRefused.

    With `nofollow` a symbolic link in the last part of the path is refused, not followed.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    if nofollow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileRefused("the file is missing", missing=True) from None
    except IsADirectoryError:
        raise FileRefused("it is a directory, not a regular file") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise FileRefused(LINK_REFUSED if nofollow and _is_link(path) else LINK_LOOP) from None
        raise FileRefused(f"it cannot be opened: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            what = _kind(info.st_mode)
            raise FileRefused(f"it is {what}, not a regular file" if what.startswith("a ") else what)
        if info.st_size > limit:
            raise FileRefused(f"it is too large ({info.st_size} bytes; the limit is {limit})")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise FileRefused(f"it cannot be read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if size > limit:
        raise FileRefused(f"it is too large (over {limit} bytes)")
    return b"".join(chunks)


def _is_link(path: str | os.PathLike[str]) -> bool:
    """Whether the last part of the path is a link that does not loop back into itself."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno != errno.ELOOP and os.path.islink(path)
    return os.path.islink(path)


def resolve(path: str | os.PathLike[str]) -> Path:
    """The absolute path with every symbolic link resolved, or FileRefused for a loop of links.

    A path that does not exist resolves as far as it can (like `Path.resolve`); only a loop, or a
    path the system will not look up at all, is refused.
    """
    try:
        return Path(path).resolve()
    except RuntimeError:  # how pathlib reports a loop before Python 3.13
        raise FileRefused(LINK_LOOP) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise FileRefused(LINK_LOOP) from None
        raise FileRefused(f"its path cannot be looked up: {exc.strerror or exc}") from None


def printable(name: str | os.PathLike[str]) -> str:
    """A file name or path fit to show in one line of text: a byte that is not UTF-8 (which Python
    keeps as a lone surrogate) as `\\xNN`, a control or other unprintable character escaped as
    Python writes it (`\\n`, `\\x1b`); every other character as it is."""
    return "".join(_shown(ch) for ch in os.fspath(name))


def _shown(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte of a file name (os.fsdecode's surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return ch if ch.isprintable() else repr(ch)[1:-1]


def decode_utf8(raw: bytes) -> str:
    """Bytes as UTF-8 text, or FileRefused naming the first bad byte's offset."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = f"byte 0x{raw[exc.start]:02x} at offset {exc.start}"
        raise FileRefused(f"it is not UTF-8 text ({bad})") from None


def read_text(path: str | os.PathLike[str], limit: int, *, nofollow: bool = False) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes, or FileRefused."""
    return decode_utf8(read_bytes(path, limit, nofollow=nofollow))


def read_lines(path: str | os.PathLike[str], limit: int, line_limit: int) -> Iterator[tuple[int, str]]:
    """The lines of a regular file of at most `limit` bytes as (number from 1, UTF-8 text without
    its newline), read one at a time, so that no line longer than `line_limit` bytes is ever held:
    FileRefused (naming the line) for a line too long or not UTF-8, the same checks as `read_bytes`
    for the file."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileRefused("the file is missing", missing=True) from None
    except IsADirectoryError:
        raise FileRefused("it is a directory, not a regular file") from None
    except OSError as exc:
        raise FileRefused(f"it cannot be opened: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            what = _kind(info.st_mode)
            raise FileRefused(f"it is {what}, not a regular file" if what.startswith("a ") else what)
        if info.st_size > limit:
            raise FileRefused(f"it is too large ({info.st_size} bytes; the limit is {limit})")
        size = 0
        number = 0
        while True:
            try:
                raw = fh.readline(line_limit + 1)
            except OSError as exc:
                raise FileRefused(f"it cannot be read: {exc.strerror or exc}") from None
            if not raw:
                return
            number += 1
            size += len(raw)
            if size > limit:
                raise FileRefused(f"it is too large (over {limit} bytes)")
            line = raw.removesuffix(b"\n")
            if len(line) > line_limit:
                raise FileRefused(f"line {number} is too long (over {line_limit} bytes)")
            try:
                text = decode_utf8(line)
            except FileRefused as exc:
                raise FileRefused(f"line {number}: {exc.reason}") from None
            yield number, text
