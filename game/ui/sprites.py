"""Miniature tokens and status markers for the table, scaled to the zoom level and cached.

The pictures are drawn by `tools/make_tokens.py` at 64 px per inch into `assets/tokens/`:

- foot models: `{side}_{role}.png`, a 1" round base;
- mounted models: `{side}_{steed}_{role}.png`, a 1" x 2" base facing north, and
  `{side}_{steed}_riderless.png` for a steed left standing;
- markers: `marker_{name}.png`, 0.4" across (see MARKERS);
- carts and wagons: `vehicle_{kind}_{side}.png` (side red, blue or none) and
  `vehicle_{kind}_wreck.png`, facing north, footprint and team at 64 px per inch (drawn by
  game.ui.battle.vehicles, not by Sprites).

Usage::

    sprites = Sprites.load(px_per_inch=32)
    image = sprites.token(model, engine.table)     # rotated to model.facing if mounted
    screen.blit(image, image.get_rect(center=(model.x * 32, model.y * 32)))
    for name in sprites.markers_for(model, engine.table):
        badge = sprites.marker(name)

`Sprites.at(px)` gives the same pictures at another zoom level, sharing the loaded images and
the cache. Every image is smooth-scaled once per (name, size) and every rotation once per
(name, size, 15 degree step).
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.resources import TOKENS_DIR
from game.rules.state import Model

if TYPE_CHECKING:
    from game.rules.engine import Table

ASSETS = TOKENS_DIR
SIDES = ("red", "blue")
ROLES = ("captain", "squire", "fighter", "billman", "archer", "crossbowman", "handgunner")
STEEDS = ("warhorse", "nag", "beast_of_burden")
MARKERS = ("mishap", "stunned", "dither", "flee", "reload", "charge", "holding",
           "wound", "wound_1", "wound_2", "wound_3", "rank_captain", "rank_squire")  # fmt: skip
PROFILE_ROLES = {"captain": "captain", "squire": "squire", "man_at_arms": "fighter", "billman": "billman",
                 "archer": "archer", "crossbowman": "crossbowman", "handgunner": "handgunner",
                 "carter": "fighter"}  # fmt: skip
SHOOTER_ROLES = {"longbow": "archer", "bow": "archer", "crossbow": "crossbowman", "handgun": "handgunner"}
VEHICLE_KINDS = ("handcart", "ox_cart", "supply_wagon", "war_wagon")
VEHICLE_LOOKS = ("red", "blue", "none", "wreck")
MARKER_INCHES = 0.4
ANGLE_STEP = 15  # mounted tokens are rotated in steps of this many degrees
KEEP_ZOOMS = 4  # scaled images are kept for this many zoom levels (the most recently used)


class MissingAssetError(FileNotFoundError):
    """A token or marker image is not on disk (run tools/make_tokens.py)."""


def token_stems() -> list[str]:
    """The file stem of every token image the client expects."""
    stems = []
    for side in SIDES:
        stems += [f"{side}_{role}" for role in ROLES]
        for steed in STEEDS:
            stems += [f"{side}_{steed}_{role}" for role in (*ROLES, "riderless")]
    return stems


def marker_stem(name: str) -> str:
    """The file stem of a marker."""
    return f"marker_{name}"


def vehicle_stems() -> list[str]:
    """The file stem of every cart and wagon picture."""
    return [f"vehicle_{kind}_{look}" for kind in VEHICLE_KINDS for look in VEHICLE_LOOKS]


def all_stems() -> list[str]:
    """Every image in assets/tokens: tokens, markers, then vehicles."""
    return token_stems() + [marker_stem(name) for name in MARKERS] + vehicle_stems()


def role_of(model: Model, table: Table | None = None) -> str:
    """The token role for a model: from its profile id, else from the profile's role and weapons."""
    role = PROFILE_ROLES.get(model.profile)
    if role is not None:
        return role
    if table is not None:
        prof = table.content.profiles.get(model.profile)
        if prof is not None:
            if prof.role in ("captain", "squire"):
                return str(prof.role)
            for weapon in prof.weapons:
                if weapon in SHOOTER_ROLES:
                    return SHOOTER_ROLES[weapon]
            return "billman" if "bill" in prof.weapons else "fighter"
    for weapon in model.weapons:
        if weapon in SHOOTER_ROLES:
            return SHOOTER_ROLES[weapon]
    return "billman" if "bill" in model.weapons else "fighter"


def steed_of(model: Model, table: Table | None = None) -> str | None:
    """The steed picture for a model (warhorse, nag, beast_of_burden), or None on foot."""
    if model.steed is None:
        return None
    if model.steed in STEEDS:
        return model.steed
    if table is not None:
        steed = table.content.steeds.get(model.steed)
        if steed is not None and (steed.kind or steed.id) in STEEDS:
            return str(steed.kind or steed.id)
    return "nag"


def token_stem(model: Model, table: Table | None = None) -> str:
    """The file stem of a model's token."""
    if model.side not in SIDES:
        raise ValueError(f"model {model.id!r}: unknown side {model.side!r}")
    steed = steed_of(model, table)
    if steed is None:
        return f"{model.side}_{role_of(model, table)}"
    if model.riderless:
        return f"{model.side}_{steed}_riderless"
    return f"{model.side}_{steed}_{role_of(model, table)}"


def facing_step(facing: float) -> int:
    """A facing in degrees rounded to the nearest rotation step (0 .. 360 / ANGLE_STEP - 1)."""
    return round(facing / ANGLE_STEP) % (360 // ANGLE_STEP)


class Sprites:
    """Token and marker pictures at one zoom level (pixels per inch), with a shared cache."""

    def __init__(self, sources: dict[str, pygame.Surface], px_per_inch: int,
                 cache: OrderedDict[int, dict[tuple[str, int], pygame.Surface]] | None = None,
                 ) -> None:  # fmt: skip
        if px_per_inch < 1:
            raise ValueError(f"px_per_inch must be at least 1, not {px_per_inch}")
        self.sources = sources
        self.px_per_inch = int(px_per_inch)
        self._cache = cache if cache is not None else OrderedDict()

    @classmethod
    def load(cls, px_per_inch: int = 32, root: Path = ASSETS) -> Sprites:
        """Load every token and marker image from `root`.

        Raises MissingAssetError naming the first missing file (the UI may fall back to plain
        shapes).
        """
        root = Path(root)
        sources = {}
        for stem in token_stems() + [marker_stem(name) for name in MARKERS]:  # vehicles load apart
            path = root / f"{stem}.png"
            if not path.is_file():
                raise MissingAssetError(f"missing token image {path} (run tools/make_tokens.py)")
            image = pygame.image.load(str(path))
            sources[stem] = image.convert_alpha() if pygame.display.get_surface() is not None else image
        return cls(sources, px_per_inch)

    def at(self, px_per_inch: int) -> Sprites:
        """The same pictures at another zoom level, sharing the loaded images and the cache."""
        return Sprites(self.sources, px_per_inch, self._cache)

    def _zoom_cache(self) -> dict[tuple[str, int], pygame.Surface]:
        px = self.px_per_inch
        if px in self._cache:
            self._cache.move_to_end(px)
        else:
            self._cache[px] = {}
            while len(self._cache) > KEEP_ZOOMS:
                self._cache.popitem(last=False)
        return self._cache[px]

    def _source(self, stem: str) -> pygame.Surface:
        try:
            return self.sources[stem]
        except KeyError:
            raise MissingAssetError(f"no image named {stem!r} among the loaded tokens") from None

    def _size(self, stem: str) -> tuple[int, int]:
        """The picture's size in pixels at this zoom: 1" or 1" x 2" tokens, 0.4" markers."""
        px = self.px_per_inch
        if stem.startswith("marker_"):
            side = max(1, round(MARKER_INCHES * px))
            return side, side
        src = self._source(stem)
        return px, round(px * src.get_height() / src.get_width())

    def image(self, stem: str, step: int = 0) -> pygame.Surface:
        """An image by file stem, scaled to this zoom and turned `step` rotation steps clockwise."""
        cache = self._zoom_cache()
        key = (stem, step)
        found = cache.get(key)
        if found is not None:
            return found
        src = self._source(stem)
        size = self._size(stem)
        if step == 0:
            out = self._scaled(src, size)
        elif (step * ANGLE_STEP) % 90 == 0:  # quarter turns are exact
            out = pygame.transform.rotate(self.image(stem, 0), -step * ANGLE_STEP)
        else:  # turn the full-size picture smoothly, then scale it down (or up) to this zoom
            turned = pygame.transform.rotozoom(src, -step * ANGLE_STEP, 1.0)
            k = size[0] / src.get_width()
            w, h = turned.get_size()
            out = self._scaled(turned, (max(1, round(w * k)), max(1, round(h * k))))
        cache[key] = out
        return out

    @staticmethod
    def _scaled(src: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        if src.get_size() == size:
            return src.copy()
        return pygame.transform.smoothscale(src, size)

    def token(self, model: Model, table: Table | None = None) -> pygame.Surface:
        """A model's token: side, role, steed and riderless from the model (and its profile in
        `table`, a game.rules.context.Table, for profiles not shipped). Mounted tokens are turned
        to the model's facing; blit the picture centred on the model's position."""
        stem = token_stem(model, table)
        step = facing_step(model.facing) if model.steed is not None else 0
        return self.image(stem, step)

    def marker(self, name: str) -> pygame.Surface:
        """A 0.4" status marker: one of MARKERS."""
        if name not in MARKERS:
            raise ValueError(f"unknown marker {name!r}; expected one of {', '.join(MARKERS)}")
        return self.image(marker_stem(name))

    @staticmethod
    def markers_for(model: Model, table: Table | None = None) -> list[str]:
        """The status markers a model shows, in a fixed order (wounds need `table` for the profile)."""
        names = []
        if model.mishap:
            names.append("mishap")
        if model.stunned > 0:
            names.append("stunned")
        if model.feckless in ("dither", "flee"):
            names.append(model.feckless)
        if model.reloads_needed > 0:
            names.append("reload")
        if model.charge_bonus:
            names.append("charge")
        if model.holding:
            names.append("holding")
        if table is not None and not model.riderless:
            prof = table.content.profiles.get(model.profile)
            lost = prof.health - model.health if prof is not None else 0
            if lost > 0:
                names.append(f"wound_{min(lost, 3)}")
        return names
