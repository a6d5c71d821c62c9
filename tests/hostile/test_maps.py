"""Hostile map files: one MapError line, at once, from the loader and so from every tool."""

from __future__ import annotations

import base64
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from game import sim
from game.maps.check import main as check_maps
from game.resources import TILES_PNG
from game.scenario import cached_scenario, scenario_key, scenario_problem
from game.terrain.terrain_map import MapError
from game.terrain.tmx import load_terrain
from tests.hostile.conftest import Marker
from tests.hostile.harness import assert_bounded, copy_map, one_line, run_bounded

ZERO_LAYER_BYTES = 200 * 1024 * 1024


@cache
def _deflated_zeros() -> bytes:
    """200 MB of zero bytes as one raw deflate stream (about 200 kB)."""
    pack = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    chunk = bytes(1 << 20)
    return b"".join(pack.compress(chunk) for _ in range(ZERO_LAYER_BYTES >> 20)) + pack.flush()


def _zeros(gzip: bool) -> str:
    """The zero bytes in a zlib or gzip wrapping, in base64 (the stream is deflated once for both)."""
    chunk, adler, crc = bytes(1 << 20), 1, 0
    for _ in range(ZERO_LAYER_BYTES >> 20):
        adler, crc = zlib.adler32(chunk, adler), zlib.crc32(chunk, crc)
    if gzip:
        packed = (b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff" + _deflated_zeros()
                  + crc.to_bytes(4, "little") + (ZERO_LAYER_BYTES & 0xFFFFFFFF).to_bytes(4, "little"))
    else:
        packed = b"\x78\xda" + _deflated_zeros() + adler.to_bytes(4, "big")
    assert len(zlib.decompressobj(zlib.MAX_WBITS | (16 if gzip else 0)).decompress(packed, 64)) == 64
    return base64.b64encode(packed).decode("ascii")


def _edit(tmp: Path, old: str, new: str, file: str = "the-ford.tmx") -> Path:
    path = copy_map(tmp)
    target = path.parent / file
    text = target.read_text(encoding="utf-8")
    assert old in text, old
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _zero_layer(gzip: bool) -> Callable[[Path], Path]:
    def build(tmp: Path) -> Path:
        path = copy_map(tmp)
        text = path.read_text(encoding="utf-8")
        start = text.index('<data encoding="csv">')
        end = text.index("</data>", start)
        kind = "gzip" if gzip else "zlib"
        path.write_text(text[:start] + f'<data encoding="base64" compression="{kind}">{_zeros(gzip)}'
                        + text[end:], encoding="utf-8")
        return path
    return build


def _loop(tmp: Path) -> Path:
    """A map file that is a symbolic link to itself, beside a good copy of The Ford."""
    path = copy_map(tmp).with_name("loop.tmx")
    path.symlink_to(path.name)
    return path


def _nested(groups: int) -> Callable[[Path], Path]:
    """The Ford with its ground layer inside `groups` group layers, one inside the next."""
    def build(tmp: Path) -> Path:
        path = copy_map(tmp)
        text = path.read_text(encoding="utf-8")
        start = text.index(' <layer id="1"')
        end = text.index("</layer>", start) + len("</layer>")
        path.write_text(text[:start] + '<group name="g">' * groups + text[start:end] + "</group>" * groups
                        + text[end:], encoding="utf-8")
        return path
    return build


@dataclass(frozen=True)
class Case:
    """A copy of The Ford spoiled in one way, and the problem the one line must name."""

    id: str
    build: Callable[[Path], Path]
    expect: str  # a regular expression for the problem, after "error: PATH: "


UTF8 = '<?xml version="1.0" encoding="UTF-8"?>'
UTF7 = '<?xml version="1.0" encoding="UTF-7"?>'
ONLY_UTF8 = r"; only UTF-8 is read \(re-save it in Tiled\)"
LOOP = r"the map file is not read: it is a loop of symbolic links"
DEEP = r"the map file nests group layers more than 64 deep \(at group 'g'\); flatten its groups in Tiled"
CASES = [
    Case("utf7-map", lambda tmp: _edit(tmp, UTF8, UTF7),
         r"the map file declares encoding 'UTF-7'" + ONLY_UTF8),
    Case("utf7-tileset", lambda tmp: _edit(tmp, UTF8, UTF7, "terrain.tsx"),
         r"tileset file 'terrain\.tsx' declares encoding 'UTF-7'" + ONLY_UTF8),
    Case("utf16-declared", lambda tmp: _edit(tmp, UTF8, UTF8.replace("UTF-8", "UTF-16")),
         r"the map file declares encoding 'UTF-16'" + ONLY_UTF8),
    Case("zlib-bomb", _zero_layer(False),
         r"layer 'ground': tile data decompresses to more than the 1728 tiles of the layer"),
    Case("gzip-bomb", _zero_layer(True),
         r"layer 'ground': tile data decompresses to more than the 1728 tiles of the layer"),
    Case("link-loop", _loop, LOOP),
    Case("20000-nested-groups", _nested(20_000), DEEP),
    Case("65-nested-groups", _nested(65), DEEP),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_a_hostile_map_is_one_map_error(case: Case, tmp_path: Path, unchanged: Marker,
                                        fresh_content: None) -> None:
    path = case.build(tmp_path)
    unchanged()
    outcome = run_bounded(lambda: sim.main(["--scenario", str(path), "--games", "0"]))
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    assert outcome.value == 2
    line = one_line(outcome.err)
    prefix = f"error: {path}: "
    assert line.startswith(prefix), line
    assert re.fullmatch(case.expect, line.removeprefix(prefix)), line


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_loader_itself_raises_the_map_error(case: Case, tmp_path: Path, unchanged: Marker) -> None:
    path = case.build(tmp_path)
    unchanged()
    outcome = run_bounded(lambda: load_terrain(path, require_images=True))
    assert_bounded(outcome)
    assert isinstance(outcome.error, MapError), repr(outcome.error)
    assert re.fullmatch(case.expect, one_line(outcome.error.problem)), outcome.error.problem


# --- maps the headless loader used to accept but the window could not show ----------------------
def _picture(payload: bytes) -> Callable[[Path], Path]:
    def build(tmp: Path) -> Path:
        path = copy_map(tmp)
        (tmp / "assets" / "tiles" / "terrain.png").write_bytes(payload)
        return path
    return build


HEDGE = '<object id="1" name="north field hedge" x="1232"'
RED_ZONE = 'name="red deployment" x="0" y="0" width="1536" height="192"'


def _no_picture(tmp: Path) -> Path:
    path = copy_map(tmp)
    (tmp / "assets" / "tiles" / "terrain.png").unlink()
    return path


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PICTURE = r"tileset 'terrain\.tsx': image file '\.\./assets/tiles/terrain\.png' "


def _cut_picture(share: float) -> Callable[[Path], Path]:
    return lambda tmp: _picture(TILES_PNG.read_bytes()[:int(TILES_PNG.stat().st_size * share)])(tmp)


def _idat(data: bytes) -> tuple[int, int]:
    """Where the first IDAT chunk's data begins and ends."""
    start = data.index(b"IDAT") + 4
    return start, start + int.from_bytes(data[start - 8:start - 4], "big")


def _spoiled_pixels(tmp: Path) -> Path:
    data = bytearray(TILES_PNG.read_bytes())
    start, end = _idat(bytes(data))
    data[start + 2:end] = bytes(end - start - 2)  # zeros where the pixels were
    return _picture(bytes(data))(tmp)


def _spoiled_pixels_mended(tmp: Path) -> Path:
    data = bytearray(TILES_PNG.read_bytes())
    start, end = _idat(bytes(data))
    data[start + 2:end] = b"\xff" * (end - start - 2)
    data[end:end + 4] = zlib.crc32(bytes(data[start - 4:end])).to_bytes(4, "big")
    return _picture(bytes(data))(tmp)


CLIENT_CASES = [
    Case("zone-too-small", lambda tmp: _edit(tmp, RED_ZONE, RED_ZONE.replace('width="1536" height="192"',
                                                                            'width="64" height="32"')),
         r"the retinues cannot be set up: no room to deploy .* in red's zone: "
         r"it \(.*\) holds \d+ of the side's \d+ models.*"),
    Case("missing-picture", _no_picture,
         r"tileset 'terrain\.tsx': image file '\.\./assets/tiles/terrain\.png' is missing"),
    Case("obstacle-at-1e300", lambda tmp: _edit(tmp, HEDGE, HEDGE.replace('x="1232"', 'x="1e300"')),
         r"object 'north field hedge' \(id 1\) in layer 'obstacles': a point of the obstacle, "
         r"\(3\.125e\+298, 6\.8\) inches, is off the 48x36 table"),
    Case("obstacle-far-off", lambda tmp: _edit(tmp, HEDGE, HEDGE.replace('x="1232"', 'x="-64000"')),
         r"object 'north field hedge' \(id 1\) in layer 'obstacles': a point of the obstacle, "
         r"\(-2000, 6\.8\) inches, is off the 48x36 table"),
    Case("obstacle-a-mile-wide", lambda tmp: _edit(tmp, 'name="obstacle_width" type="float" value="1"',
                                                   'name="obstacle_width" type="float" value="63360"'),
         r"object 'north field hedge' \(id 1\) in layer 'obstacles': obstacle_width is 63360; the widest "
         r"obstacle is 12 inches"),
    Case("text-as-png", _picture(b"not a picture\n"),
         r"tileset 'terrain\.tsx': image file '\.\./assets/tiles/terrain\.png' is not a picture the game can "
         r"draw \(PNG, JPEG, GIF or BMP\)"),
    Case("link-loop", _loop, LOOP),
    Case("20000-nested-groups", _nested(20_000), DEEP),
    Case("png-signature-then-junk", _picture(PNG_SIGNATURE + b"junk" * 64),
         PICTURE + r"is a damaged PNG picture \(chunk junk runs past the end of the file\)"),
    Case("png-cut-in-half", _cut_picture(0.5),
         PICTURE + r"is a damaged PNG picture \(chunk IDAT runs past the end of the file\)"),
    Case("png-pixels-spoiled", _spoiled_pixels,
         PICTURE + r"is a damaged PNG picture \(chunk IDAT fails its checksum\)"),
    Case("png-pixels-spoiled-checksum-mended", _spoiled_pixels_mended,
         PICTURE + r"is a damaged PNG picture \(its pixel data does not inflate: .*\)"),
]


@pytest.mark.parametrize("case", CLIENT_CASES, ids=[c.id for c in CLIENT_CASES])
def test_the_client_refuses_what_it_cannot_show(case: Case, tmp_path: Path, unchanged: Marker,
                                                fresh_content: None) -> None:
    import main as client

    path = case.build(tmp_path)
    unchanged()
    outcome = run_bounded(lambda: client.main(["--scenario", str(path), "--frames", "2"]))
    try:
        assert_bounded(outcome)
        assert outcome.error is None, repr(outcome.error)
        assert outcome.value == 2
        line = one_line(outcome.err)
        prefix = f"Cannot open the map: {path}: "
        assert line.startswith(prefix), line
        assert re.fullmatch(case.expect, line.removeprefix(prefix)), line
    finally:
        import pygame

        pygame.display.quit()


@pytest.mark.parametrize("case", CLIENT_CASES, ids=[c.id for c in CLIENT_CASES])
def test_the_scenario_loader_refuses_it(case: Case, tmp_path: Path, unchanged: Marker,
                                       fresh_content: None) -> None:
    path = case.build(tmp_path)
    unchanged()
    outcome = run_bounded(lambda: cached_scenario(str(path)))
    assert_bounded(outcome)
    assert isinstance(outcome.error, MapError), repr(outcome.error)
    assert re.fullmatch(case.expect, one_line(outcome.error.problem)), outcome.error.problem


def test_groups_nested_64_deep_still_play(tmp_path: Path, unchanged: Marker, fresh_content: None) -> None:
    path = _nested(64)(tmp_path)
    unchanged()
    outcome = run_bounded(lambda: cached_scenario(str(path)))
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    assert getattr(outcome.value, "terrain", None) is not None


# --- the editor on the command line -----------------------------------------------------------------
EDITOR_CASES = [c for c in CLIENT_CASES if c.id in ("link-loop", "20000-nested-groups")]


@pytest.mark.parametrize("case", EDITOR_CASES, ids=[c.id for c in EDITOR_CASES])
def test_the_editor_refuses_it_with_one_line(case: Case, tmp_path: Path, unchanged: Marker,
                                             fresh_content: None) -> None:
    import main as client

    path = case.build(tmp_path)
    unchanged()
    outcome = run_bounded(lambda: client.main(["--mode", "editor", "--scenario", str(path), "--frames", "2"]))
    try:
        assert_bounded(outcome)
        assert outcome.error is None, repr(outcome.error)
        assert outcome.value == 2
        line = one_line(outcome.err)
        prefix = f"Cannot open the map: {path}: "
        assert line.startswith(prefix), line
        assert re.fullmatch(case.expect, line.removeprefix(prefix)), line
    finally:
        import pygame

        pygame.display.quit()


# --- the picker greys what it cannot draw ------------------------------------------------------------
PICTURE_CASES = [c for c in CLIENT_CASES if c.id.startswith("png-")]


@pytest.mark.parametrize("case", PICTURE_CASES, ids=[c.id for c in PICTURE_CASES])
def test_the_picker_check_greys_a_damaged_picture(case: Case, tmp_path: Path, unchanged: Marker,
                                                  fresh_content: None) -> None:
    path = case.build(tmp_path)
    unchanged()
    outcome = run_bounded(lambda: scenario_problem(scenario_key(str(path))))
    assert_bounded(outcome)
    assert outcome.error is None, repr(outcome.error)
    problem = outcome.value
    assert isinstance(problem, str) and re.fullmatch(case.expect, one_line(problem)), problem
    checked = run_bounded(lambda: check_maps([str(path)]))
    assert_bounded(checked)
    assert checked.value == 1 and re.search(case.expect, checked.out), checked.out


@pytest.mark.parametrize("ext", ["png", "jpg", "bmp"])
def test_every_kind_of_picture_the_game_draws_passes_the_walk(ext: str, tmp_path: Path) -> None:
    import pygame

    from game.terrain.pictures import picture_problem

    target = tmp_path / f"terrain.{ext}"
    pygame.image.save(pygame.image.load(str(TILES_PNG)), str(target))
    assert picture_problem(target.read_bytes()) == ""
    assert picture_problem(target.read_bytes()[:-40]) != ""


def test_a_picture_that_fails_at_the_table_is_a_message_not_an_exit(tmp_path: Path, unchanged: Marker,
                                                                    fresh_content: None) -> None:
    """The map passed its checks when it was listed; its picture is spoiled before Start."""
    from game.persist import Match
    from game.ui import navigation, places
    from game.ui.app import App

    path = copy_map(tmp_path)
    match = Match.start(scenario_key(str(path)), 1, "hotseat")
    (tmp_path / "assets" / "tiles" / "terrain.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"junk" * 64)
    app = App(config_dir=tmp_path / "config", saves_dir=tmp_path / "saves", build=navigation.build)
    unchanged()
    try:
        app.apply(places.Reset(places.MainMenu()))
        app.apply(places.Push(places.ScenarioPicker()))
        outcome = run_bounded(lambda: app.apply(places.Replace(places.Battle(match, "hotseat"))))
        assert_bounded(outcome)
        assert outcome.error is None, repr(outcome.error)
        shown = app.top
        assert getattr(shown, "heading", "") == "This map cannot be played", shown
        assert "is a damaged PNG picture" in one_line(getattr(shown, "message", "")), shown
    finally:
        import pygame

        pygame.display.quit()
