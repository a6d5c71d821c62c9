"""A small scenario document for the editor's tests: walls, zones and a force of its own per side."""

from __future__ import annotations

from game.editor.document import ScenarioDoc, Settings
from game.editor.edits import History, add_item, set_settings
from game.terrain.terrain_map import DeploymentZone, ForceSpot, Objective, Obstacle


def force(side: str, y: float) -> list[ForceSpot]:
    """A mounted Squire and two archers on foot in one Spear, standing in a row at height y."""
    facing = 180.0 if side == "red" else 0.0
    return [ForceSpot(f"{side} squire", side, "squire", 1, 10.0, y, facing, steed="warhorse",
                      weapons=("lance", "hand_weapon")),
            ForceSpot(f"{side} archer one", side, "archer", 1, 13.0, y, facing),
            ForceSpot(f"{side} archer two", side, "archer", 1, 15.0, y, facing)]


def small_doc() -> ScenarioDoc:
    """A 24 x 18 table with a wall and a hedge, a zone per side, a hold objective and two forces."""
    doc = ScenarioDoc.blank(24, 18)
    history = History(doc)
    wall = Obstacle("the wall", "wall", ((4.0, 9.0), (10.0, 9.0)), False, 0.5)
    hedge = Obstacle("the hedge", "hedge", ((14.0, 8.0), (20.0, 8.5), (21.0, 11.0)), False, 1.0)
    history.do(add_item(doc, "obstacles", wall))
    history.do(add_item(doc, "obstacles", hedge))
    history.do(add_item(doc, "objectives", Objective("the well", "hold", 12.0, 9.0, 2.0, 3)))
    doc.zones[:] = [DeploymentZone("red", 0.0, 0.0, 24.0, 4.0), DeploymentZone("blue", 0.0, 14.0, 24.0, 4.0)]
    for spot in force("red", 2.0) + force("blue", 16.0):
        history.do(add_item(doc, "forces", spot))
    history.do(set_settings(doc, title="Well Fight", briefing="Two bands & one well.\nHold it.", turns=4))
    assert doc.settings != Settings()
    return doc
