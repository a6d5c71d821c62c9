"""Which Python, which Destrier and which libraries a game was played with.

A replay is re-run, not loaded, so the same commands must give the same dice and the same events.
The game's own code decides that, and so do two libraries: pymunk (a bolting horse's path and a
vehicle's rams and shoves) and pydantic (the events a replay compares, as JSON). Every save records
the versions it was written with; when its replay diverges, the error names what differs from the
versions this machine runs.
"""

from __future__ import annotations

import platform
from functools import cache

from pydantic import BaseModel, ConfigDict, Field

# What decides a game's outcome besides its commands, libraries first: the first to differ is the
# likeliest cause of a divergence.
OUTCOME_PARTS = ("pymunk", "pydantic", "destrier", "python")
UNKNOWN = "unknown"
_VERSION = r"^[\w.+!-]{1,40}$"


class Versions(BaseModel):
    """The versions a save was written with (absent from saves written before they were recorded)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)  # built when first saved

    python: str = Field(pattern=_VERSION, description="The Python version, e.g. 3.11.7.")
    destrier: str = Field(pattern=_VERSION, description="The game's own version (pyproject's).")
    pymunk: str = Field(pattern=_VERSION, description="The pymunk version: bolts and vehicle moves.")
    pydantic: str = Field(pattern=_VERSION, description="The pydantic version: commands and events.")


def _installed(name: str) -> str:
    from importlib import metadata  # lazily: 10 ms at start-up, needed only when a game is saved

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:  # a checkout run without installing it
        return UNKNOWN


@cache
def running_versions() -> Versions:
    """The versions this process runs."""
    return Versions(python=platform.python_version(), destrier=_installed("destrier"),
                    pymunk=_installed("pymunk"), pydantic=_installed("pydantic"))


def differences(recorded: Versions | None, running: Versions | None = None) -> str:
    """What differs between a file's versions and this machine's, in a few words for an error line:
    "pymunk 6.9.0 in the file, 7.3.1 here", "" when nothing differs, or a note that the file
    records none."""
    if recorded is None:
        return "the file records no versions"
    here = running or running_versions()
    parts = [f"{name} {getattr(recorded, name)} in the file, {getattr(here, name)} here"
             for name in OUTCOME_PARTS if getattr(recorded, name) != getattr(here, name)]
    return "; ".join(parts)
