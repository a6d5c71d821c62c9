"""Token and marker art: every picture loads at the right size with alpha, mounted tokens turn to
their facing, the right picture is chosen for each model, and the generator is deterministic."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.loader import load_content  # noqa: E402
from game.rules.state import Model  # noqa: E402
from game.ui.sprites import (  # noqa: E402
    ASSETS,
    MARKERS,
    PROFILE_ROLES,
    ROLES,
    SIDES,
    STEEDS,
    MissingAssetError,
    Sprites,
    all_stems,
    facing_step,
    token_stem,
)
from game.ui.vehicle_layout import layout  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "tools" / "make_tokens.py"
PXS = (16, 32, 64, 96)


@pytest.fixture(scope="module")
def sprites() -> Sprites:
    """The shipped art at 32 px per inch."""
    pygame.init()
    return Sprites.load(32)


@pytest.fixture(scope="module")
def table() -> SimpleNamespace:
    """Just enough of a game Table for profile look-ups."""
    return SimpleNamespace(content=load_content())


def make(profile: str, side: str = "red", steed: str | None = None, **kw: object) -> Model:
    """A model on the table at the origin."""
    m = Model(id="m", side=side, name="m", profile=profile, spear="m", x=0.0, y=0.0, health=1, steed=steed)
    for k, v in kw.items():
        setattr(m, k, v)
    return m


def has_alpha(image: pygame.Surface) -> bool:
    """True if the picture has per-pixel alpha."""
    return bool(image.get_flags() & pygame.SRCALPHA) and image.get_bitsize() == 32


def test_every_file_is_shipped_with_transparent_corners_and_an_opaque_middle() -> None:
    pygame.init()
    for stem in all_stems():
        image = pygame.image.load(str(ASSETS / f"{stem}.png"))
        assert has_alpha(image), stem
        w, h = image.get_size()
        assert image.get_at((0, 0)).a == 0 and image.get_at((w - 1, h - 1)).a == 0, stem
        assert image.get_at((w // 2, h // 2)).a == 255, stem
        if stem.startswith("vehicle_"):  # the footprint, team included, at 64 px per inch
            kind = stem.removeprefix("vehicle_").rsplit("_", 1)[0]
            lay = layout(kind)
            assert (w, h) == (round(lay.width * 64), round(lay.length * 64)), stem
        elif not stem.startswith("marker_"):
            assert (w, h) in ((64, 64), (64, 128)), stem


@pytest.mark.parametrize("px", PXS)
def test_every_token_has_the_right_size_and_alpha(sprites: Sprites, table: SimpleNamespace, px: int) -> None:
    sp = sprites.at(px)
    for side in SIDES:
        for profile, role in PROFILE_ROLES.items():
            foot = sp.token(make(profile, side), table)
            assert foot.get_size() == (px, px) and has_alpha(foot)
            assert token_stem(make(profile, side)) == f"{side}_{role}"
            for steed in STEEDS:
                rider = make(profile, side, steed)
                image = sp.token(rider, table)
                assert image.get_size() == (px, 2 * px) and has_alpha(image)
                assert token_stem(rider) == f"{side}_{steed}_{role}"
                loose = make(profile, side, steed, riderless=True)
                assert sp.token(loose, table).get_size() == (px, 2 * px)
                assert token_stem(loose) == f"{side}_{steed}_riderless"


def test_every_role_and_steed_has_its_own_picture(sprites: Sprites) -> None:
    stems = [f"{side}_{role}" for side in SIDES for role in ROLES]
    stems += [f"{side}_{steed}_{role}"
              for side in SIDES for steed in STEEDS for role in (*ROLES, "riderless")]  # fmt: skip
    pictures = {pygame.image.tobytes(sprites.sources[stem], "RGBA") for stem in stems}
    assert len(pictures) == len(stems)


def test_profiles_map_to_roles_through_the_table(table: SimpleNamespace) -> None:
    assert set(PROFILE_ROLES) == set(table.content.profiles)  # every shipped profile has art
    assert token_stem(make("man_at_arms", "blue")) == "blue_fighter"
    custom = SimpleNamespace(content=SimpleNamespace(
        profiles={"yeoman": SimpleNamespace(role="shootist", weapons=("longbow", "hand_weapon")),
                  "lord": SimpleNamespace(role="captain", weapons=("hand_weapon",)),
                  "brute": SimpleNamespace(role="fighter", weapons=("bill",))},
        steeds={"destrier": SimpleNamespace(id="destrier", kind="warhorse")}))  # fmt: skip
    assert token_stem(make("yeoman"), custom) == "red_archer"
    assert token_stem(make("lord"), custom) == "red_captain"
    assert token_stem(make("brute"), custom) == "red_billman"
    assert token_stem(make("lord", steed="destrier"), custom) == "red_warhorse_captain"
    assert token_stem(make("nobody", weapons=["crossbow"])) == "red_crossbowman"
    with pytest.raises(ValueError, match="side"):
        token_stem(make("archer", "green"))


def test_mounted_tokens_turn_to_their_facing_in_15_degree_steps(sprites: Sprites) -> None:
    sp = sprites.at(32)
    rider = make("captain", "blue", "warhorse")
    north = sp.token(rider)
    rider.facing = 90
    assert sp.token(rider).get_size() == (64, 32)
    rider.facing = 180
    south = sp.token(rider)
    assert south.get_size() == (32, 64)
    flipped = pygame.transform.flip(north, True, True)  # a half turn is a point reflection
    assert pygame.image.tobytes(south, "RGBA") == pygame.image.tobytes(flipped, "RGBA")
    assert pygame.image.tobytes(south, "RGBA") != pygame.image.tobytes(north, "RGBA")
    rider.facing = 45
    turned = sp.token(rider)
    w, h = turned.get_size()
    assert 64 <= w <= 72 and 64 <= h <= 72 and has_alpha(turned)
    rider.facing = 44.0
    assert sp.token(rider) is turned  # same step, same cached picture
    rider.facing = 52.6
    assert sp.token(rider) is not turned
    assert [facing_step(f) for f in (0, 7, 8, 352.4, 352.6, 359, -15, 720)] == [0, 0, 1, 23, 0, 0, 23, 0]


def test_foot_tokens_do_not_turn(sprites: Sprites) -> None:
    foot = make("archer", "red")
    image = sprites.token(foot)
    foot.facing = 135
    assert sprites.token(foot) is image


def test_markers_load_at_four_tenths_of_an_inch(sprites: Sprites) -> None:
    for px in PXS:
        sp = sprites.at(px)
        for name in MARKERS:
            image = sp.marker(name)
            assert image.get_size() == (round(0.4 * px),) * 2 and has_alpha(image), name
    with pytest.raises(ValueError, match="unknown marker"):
        sprites.marker("drunk")


def test_markers_for_a_model_follow_its_state(table: SimpleNamespace) -> None:
    m = make("captain", health=1, mishap=1, stunned=1, feckless="flee", reloads_needed=1, charge_bonus=True,
             holding=True)  # fmt: skip
    assert Sprites.markers_for(m, table) == ["mishap", "stunned", "flee", "reload", "charge", "holding",
                                             "wound_2"]  # fmt: skip
    assert Sprites.markers_for(make("archer", feckless="dither"), table) == ["dither"]
    assert Sprites.markers_for(make("archer", feckless="normal"), table) == []
    assert Sprites.markers_for(make("captain", health=3), table) == []
    assert Sprites.markers_for(make("captain", health=1)) == []  # wounds need the profile


def test_images_are_cached_per_zoom_and_share_the_loaded_pictures(sprites: Sprites) -> None:
    big = sprites.at(96)
    assert big.sources is sprites.sources
    m = make("billman")
    assert big.token(m) is big.token(m)
    assert big.token(m).get_size() == (96, 96)
    assert sprites.at(96).token(m) is big.token(m)
    for px in range(40, 50):  # many zoom levels: only the most recent are kept
        sprites.at(px).token(m)
    assert len(sprites._cache) <= 4


def test_missing_art_raises_an_error_naming_the_file(tmp_path: Path) -> None:
    shutil.copytree(ASSETS, tmp_path / "tokens")
    (tmp_path / "tokens" / "blue_nag_archer.png").unlink()
    with pytest.raises(MissingAssetError, match="blue_nag_archer.png"):
        Sprites.load(32, tmp_path / "tokens")
    with pytest.raises(FileNotFoundError, match="red_captain.png"):
        Sprites.load(32, tmp_path / "nowhere")


def run_generator(out: Path) -> dict[str, bytes]:
    """Run tools/make_tokens.py into a folder; the files it wrote by name."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    subprocess.run([sys.executable, str(GENERATOR), "--out", str(out)], check=True, env=env, cwd=ROOT,
                   capture_output=True, timeout=300)  # fmt: skip
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def test_the_generator_is_deterministic_and_the_shipped_art_is_up_to_date(tmp_path: Path) -> None:
    first = run_generator(tmp_path / "a")
    second = run_generator(tmp_path / "b")
    assert first == second
    assert sorted(first) == sorted(f"{stem}.png" for stem in all_stems())
    pygame.init()
    stale = []
    for name, data in first.items():
        shipped = ASSETS / name
        if shipped.read_bytes() == data:
            continue
        a = pygame.image.load(str(shipped))
        b = pygame.image.load(str(tmp_path / "a" / name))
        pa, pb = pygame.image.tobytes(a, "RGBA"), pygame.image.tobytes(b, "RGBA")
        if a.get_size() != b.get_size() or max(abs(x - y) for x, y in zip(pa, pb, strict=True)) > 2:
            stale.append(name)  # allow rounding differences between pygame builds, nothing more
    assert not stale, f"assets/tokens is out of date; run tools/make_tokens.py ({', '.join(stale[:5])})"
