"""The force and vehicle tools: the models a side brings (placed one by one, or its retinue as the
game deploys it) and the carts and wagons on the table."""

from __future__ import annotations

from game.editor.edits import SetLayer
from game.editor.validate import retinue_spots
from game.terrain.terrain_map import ForceSpot, VehicleSpot
from game.ui.editor.forms import FORCE_FORM, SIDES, VEHICLE_FORM
from game.ui.editor.tools.base import PlaceTool
from game.ui.sides import SIDE_NAME


class VehicleTool(PlaceTool[VehicleSpot]):
    """Places carts and wagons."""

    name = "vehicle"
    title = "Vehicle"
    help = "Click to place a cart or wagon."
    layer = "vehicles"
    form_spec = VEHICLE_FORM
    kind = VehicleSpot


class ForceTool(PlaceTool[ForceSpot]):
    """Places a side's models, or turns the retinue the game would deploy into models to change."""

    name = "model"
    title = "Model"
    help = "Click to place a model of the side. A Spear is led by its Hero; each side needs a Captain."
    layer = "forces"
    form_spec = FORCE_FORM
    kind = ForceSpot

    def actions(self) -> list[tuple[str, str, str]]:
        """A button a side: place its retinue as models."""
        tip = "The side's retinue where the game deploys it, as models to change"
        return [(side, f"{SIDE_NAME[side]}: place the retinue as models", tip) for side in SIDES]

    def act(self, key: str) -> None:
        """The side's retinue, as the game deploys it, becomes models of the map's own."""
        side = key
        engine = self.desk.game()
        editing = self.editing
        if engine is None:
            editing.message = "the table does not set up yet: see the problems"
            return
        if any(f.side == side for f in editing.doc.forces):
            editing.message = f"{side} has models of its own already"
            return
        before = tuple(editing.doc.forces)
        after = before + tuple(retinue_spots(engine, side))
        editing.do(SetLayer("forces", before, after, f"place {side}'s retinue"))
