"""The editor's problem list: the map checker's rules applied to the document as it stands.

The models of a side's own force are checked one by one as they are placed (profile, steed,
weapons, seat, who may ride what, each Spear led by one Hero); then the document is made into a
scenario and set up the way the game does it, and `game.maps.problems.table_problems` lists what a
playable table must keep (models in their zones and out of buildings, every Hero with a Spear, one
Captain, every objective reachable, every rider able to leave his zone).
"""

from __future__ import annotations

from game.content import load_content
from game.editor.document import ScenarioDoc
from game.maps.problems import Place, Problem, from_map_error, table_problems
from game.rules.engine import Engine
from game.rules.setup import SetupError
from game.scenario import scenario_from, set_up
from game.scenario_forces import spear_problems, spot_problem
from game.terrain.terrain_map import ForceSpot, MapError


def doc_problems(doc: ScenarioDoc, file: str = "") -> list[Problem]:
    """Everything wrong with the document as a scenario (empty: it plays)."""
    return doc_game(doc, file)[1]


def doc_game(doc: ScenarioDoc, file: str = "") -> tuple[Engine | None, list[Problem]]:
    """The game the document sets up (None if it cannot be), and everything wrong with it."""
    content = load_content()
    out: list[Problem] = []
    for spot in doc.forces:
        problem = spot_problem(content, spot)
        if problem:
            out.append(Problem(file, "force", problem, _at(spot.side, spot.name, spot.x, spot.y)))
    for spot, problem in spear_problems(content, doc.forces):
        out.append(Problem(file, "force", problem, _at(spot.side, spot.name, spot.x, spot.y)))
    for side in ("red", "blue"):
        rid = getattr(doc.settings, f"{side}_retinue")
        if not any(f.side == side for f in doc.forces) and rid not in content.retinues:
            out.append(Problem(file, "settings", f"{side} has no models of its own and its retinue {rid!r} "
                                                 "is not one of the content's", Place("", "settings")))
    if not 1 <= doc.settings.turns <= 20:
        out.append(Problem(file, "settings", "the turn limit must be between 1 and 20",
                           Place("", "settings")))
    if out:
        return None, out
    try:
        engine = set_up(scenario_from("edited", file or "edited.tmx", doc.terrain_map()), 1)
    except MapError as exc:
        return None, [from_map_error(file, exc)]
    except SetupError as exc:
        return None, [Problem(file, "setup", str(exc), Place("deployment"))]
    return engine, table_problems(engine.table, engine.state, file)


def retinue_spots(engine: Engine, side: str) -> list[ForceSpot]:
    """A side's retinue as the game deploys it, as models of the map's own (to place and change)."""
    content = engine.table.content
    out = []
    for m in engine.state.models:
        if m.side != side or m.removed:
            continue
        prof = content.profiles[m.profile]
        number = [s for s in engine.state.models if s.side == side
                  and content.profiles[s.profile].type == "hero"].index(engine.state.model(m.spear)) + 1
        weapons = tuple(m.weapons) if tuple(m.weapons) != prof.weapons else ()
        out.append(ForceSpot(m.name, side, m.profile, number, round(m.x, 2), round(m.y, 2), m.facing,
                             steed=m.steed or "", weapons=weapons, seat=m.seat))
    return out


def _at(side: str, name: str, x: float, y: float) -> Place:
    return Place("forces", f"{side}'s {name}", round(x, 2), round(y, 2))
