"""Commands: the only way to change a game. Frozen pydantic models with a `type` discriminator."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from game.rules.state import Reaction, Side

Point = tuple[float, float]
Gambit = Literal["charge", "run", "climb", "river_crossing", "mounted_charge"]
MeleeOption = Literal["thrust", "parry", "fend"]
HitLocation = Literal["hull", "traction", "crew"]


class Cmd(BaseModel):
    """Base for commands: immutable and strict about fields."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    side: Side = Field(description="The player giving the command.")


class Activate(Cmd):
    """Start a model's activation (the Hero of the Spear first); a Feckless test may follow."""

    type: Literal["activate"] = "activate"
    model: str


class Move(Cmd):
    """Move the active model along waypoints (inches), optionally as a Movement Gambit."""

    type: Literal["move"] = "move"
    model: str
    path: tuple[Point, ...] = Field(min_length=1, max_length=8)
    gambit: Gambit | None = None


class Shoot(Cmd):
    """Shoot at an enemy model."""

    type: Literal["shoot"] = "shoot"
    model: str
    target: str


class Fight(Cmd):
    """Start or continue a melee with an enemy in base contact."""

    type: Literal["fight"] = "fight"
    model: str
    target: str
    option: MeleeOption | None = None
    at_steed: bool = Field(False, description="Rider against rider: strike the steed (-1 Valour).")
    pull_down: bool = Field(False, description="A Billman tries to pull the rider down.")
    location: HitLocation | None = Field(
        None, description="Striking a cart or wagon (target = its id): the location struck.")


class Reload(Cmd):
    """Spend the Action reloading a crossbow or handgun."""

    type: Literal["reload"] = "reload"
    model: str


class Loot(Cmd):
    """Spend the Action taking a loot objective within reach."""

    type: Literal["loot"] = "loot"
    model: str
    objective: str


class SetDrill(Cmd):
    """Choose the Skill'd at Arms option a model uses when it is attacked (free)."""

    type: Literal["set_drill"] = "set_drill"
    model: str
    drill: MeleeOption


class PlayPerk(Cmd):
    """Play a Perk card from the hand, on one of the player's models where the card needs one."""

    type: Literal["play_perk"] = "play_perk"
    card: str
    model: str | None = None


class Dismount(Cmd):
    """Spend the Action getting down from the steed (before or after up to half a move)."""

    type: Literal["dismount"] = "dismount"
    model: str


class Remount(Cmd):
    """Climb onto a riderless steed in base contact at the start of the move ("steeds stay")."""

    type: Literal["remount"] = "remount"
    model: str
    steed: str = Field(description="Id of the riderless steed.")


class BreakAway(Cmd):
    """A rider in melee rides 3 inches clear of its opponents, ending the melee (its Move)."""

    type: Literal["break_away"] = "break_away"
    model: str


class React(Cmd):
    """The answer to a charge (counter_charge, mounted_evasion, evade, defend, stand) or, for a rider
    at the end of a melee round, break_away or stand."""

    type: Literal["react"] = "react"
    choice: Reaction


class Drive(Cmd):
    """The driver's Move: set the vehicle's heading and speed for the turn; it then moves (§10)."""

    type: Literal["drive"] = "drive"
    model: str = Field(description="The driver, in a driver seat.")
    heading: float = Field(ge=0.0, lt=360.0, description="Compass degrees, 0 up the table, clockwise.")
    speed: float = Field(ge=0.0, le=24.0, description="Inches per turn.")


class Board(Cmd):
    """The Move: climb aboard a vehicle in base contact into a free seat, or change seats aboard."""

    type: Literal["board"] = "board"
    model: str
    vehicle: str
    seat: str


class ClimbDown(Cmd):
    """The Move: climb down beside a vehicle standing still or disabled."""

    type: Literal["climb_down"] = "climb_down"
    model: str


class EndActivation(Cmd):
    """Finish the active model's activation."""

    type: Literal["end_activation"] = "end_activation"
    model: str


class EndSpear(Cmd):
    """Finish the Spear's activation; models that have not acted forgo their turn."""

    type: Literal["end_spear"] = "end_spear"


class Deploy(Cmd):
    """Before the first card: stand a model of the Spear now deploying in its side's zone (a model
    of it already placed may be stood elsewhere); the Spear is done when its last model stands."""

    type: Literal["deploy"] = "deploy"
    model: str
    x: float
    y: float
    facing: float = Field(0.0, ge=0.0, lt=360.0, description="Compass degrees, 0 up the table, clockwise.")


class AutoDeploy(Cmd):
    """Before the first card: stand every model of the Spear now deploying not yet placed, spread
    near the front of the zone (riders on open ground, shooters behind cover where there is any)."""

    type: Literal["auto_deploy"] = "auto_deploy"
    spear: str = Field(description="The id of the Spear's Hero.")


Command = Annotated[
    Activate | Move | Shoot | Fight | Reload | Loot | SetDrill | PlayPerk | EndActivation | EndSpear
    | Dismount | Remount | BreakAway | React | Drive | Board | ClimbDown | Deploy | AutoDeploy,
    Field(discriminator="type"),
]
