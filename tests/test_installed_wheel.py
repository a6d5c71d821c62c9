"""The game as a player installs it: the built wheel, installed into a fresh environment, plays from
any folder with the `destrier` command, finds its maps, pictures and rules inside the installed
package, and writes nothing into it nor into the folder it was started from.

The fresh environment sees this one's site-packages through a .pth file, so nothing is downloaded;
it imports the installed wheel's `game`, not the checkout's (checked)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path
from typing import NamedTuple

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[1]
WINDOW = (1280, 720)  # the client's default --size
PURELIB = "import sysconfig; print(sysconfig.get_paths()['purelib'])"


class Installed(NamedTuple):
    """A fresh environment with the game installed: its folder and its site-packages."""

    env: Path
    site: Path


def _run(args: list[str | Path], cwd: Path | None = None,
         env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=120,
                          cwd=cwd, env=env)
    assert done.returncode == 0, f"{args[:3]} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done


def _files(folder: Path) -> dict[str, int]:
    """Every file under a folder (compiled modules aside) with its size."""
    return {p.relative_to(folder).as_posix(): p.stat().st_size for p in sorted(folder.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """A fresh venv with the wheel built from this checkout installed in it."""
    tmp = tmp_path_factory.mktemp("installed")
    source = tmp / "source"  # a copy, so the build leaves no build/ or egg-info in the checkout
    shutil.copytree(ROOT / "game", source / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", source)
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
          "--quiet", "-w", tmp / "wheels", source])
    (wheel,) = (tmp / "wheels").glob("destrier-*.whl")
    env = tmp / "venv"
    venv.EnvBuilder(with_pip=False).create(env)
    python = env / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
          "--ignore-installed", "--no-compile", "--quiet", wheel])
    # The dependencies come from this environment, after the fresh one's own site-packages.
    site = Path(_run([python, "-c", PURELIB]).stdout.strip())
    ours = dict.fromkeys(sysconfig.get_paths()[kind] for kind in ("purelib", "platlib"))
    (site / "project-dependencies.pth").write_text("".join(f"{path}\n" for path in ours), encoding="utf-8")
    return Installed(env, site)


def _player_env(tmp: Path) -> dict[str, str]:
    """A player's environment: the user folders in `tmp`, no overrides, no display."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DESTRIER_", "XDG_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(HOME=str(tmp / "home"), XDG_DATA_HOME=str(tmp / "data"), XDG_CONFIG_HOME=str(tmp / "config"),
               XDG_CACHE_HOME=str(tmp / "cache"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONDONTWRITEBYTECODE="1")
    return env


def test_the_installed_game_is_the_wheel_and_finds_its_files_in_it(installed: Installed,
                                                                   tmp_path: Path) -> None:
    probe = ("import json, game, game.resources as r, game.persist.folders as f; print(json.dumps("
             "[game.__file__, str(r.MAPS_DIR), str(r.TOKENS_DIR), str(r.RULES_MD), r.checkout() is None, "
             "str(f.saves_dir(create=False)), str(f.config_dir())]))")
    out = _run([installed.env / "bin" / "python", "-c", probe], cwd=tmp_path, env=_player_env(tmp_path))
    package, maps, tokens, rules, no_checkout, saves, config = json.loads(out.stdout)
    for path in (package, maps, tokens, rules):
        assert Path(path).is_relative_to(installed.site / "game"), path
    assert (Path(maps) / "the-ford.tmx").is_file() and (Path(maps) / "terrain.tsx").is_file()
    assert (Path(tokens) / "red_captain.png").is_file() and Path(rules).is_file()
    assert no_checkout  # installed: no checkout's old saves/ to look for
    assert saves == str(tmp_path / "data" / "destrier" / "saves")
    assert config == str(tmp_path / "config" / "destrier")


def test_destrier_plays_the_ford_from_an_empty_folder(installed: Installed, tmp_path: Path) -> None:
    package = installed.site / "game"
    before = _files(package)
    assert "resources/maps/the-ford.tmx" in before
    play = tmp_path / "anywhere"
    play.mkdir()
    command = [installed.env / "bin" / "destrier", "--scenario", "the-ford", "--frames", "1",
               "--screenshot", "out.png"]
    _run(command, cwd=play, env=_player_env(tmp_path))
    assert [p.name for p in play.iterdir()] == ["out.png"]  # nothing else left where it was started
    assert _files(package) == before  # nothing written into the installed package
    assert (tmp_path / "data" / "destrier" / "saves").is_dir()  # the saves go to the user folder
    shot = pygame.image.load(str(play / "out.png"))
    assert shot.get_size() == WINDOW
    colours = {tuple(shot.get_at((x, y)))[:3] for x in range(0, WINDOW[0], 16)
               for y in range(0, WINDOW[1], 16)}
    assert len(colours) > 200  # a drawn table, not an empty window
