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
from game.rules.setup import SetupError
from game.scenario import scenario_from, set_up
from game.scenario_forces import spear_problems, spot_problem
from game.terrain.terrain_map import MapError


def doc_problems(doc: ScenarioDoc, file: str = "") -> list[Problem]:
    """Everything wrong with the document as a scenario (empty: it plays)."""
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
        return out
    try:
        engine = set_up(scenario_from("edited", file or "edited.tmx", doc.terrain_map()), 1)
    except MapError as exc:
        return [from_map_error(file, exc)]
    except SetupError as exc:
        return [Problem(file, "setup", str(exc), Place("deployment"))]
    return table_problems(engine.table, engine.state, file)


def _at(side: str, name: str, x: float, y: float) -> Place:
    return Place("forces", f"{side}'s {name}", round(x, 2), round(y, 2))
