"""Events: what happened, in order. The log is append-only; the UI animates from it."""

from __future__ import annotations

from typing import Annotated, Literal, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from game.rules.state import NoSide, Reaction, Side, VehicleSide, Winner

Point = tuple[float, float]


class Ev(BaseModel):
    """Base for events: immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


E = TypeVar("E", bound=Ev)

MADE_SIZE = 4_096  # events remembered by their fields before the memory is cleared
_MADE: dict[tuple[object, ...], Ev] = {}


def made(cls: type[E], **fields: str | int | bool) -> E:
    """The event of this type with these fields: the one made before from the very same fields
    (the same values of the same types) if it is remembered, else a new one. Events are frozen, so
    one may stand in the log many times; for events whose fields are all text, numbers or flags."""
    key = (cls, *fields.items(), *map(type, fields.values()))
    ev = _MADE.get(key)
    if ev is None:
        if len(_MADE) >= MADE_SIZE:
            _MADE.clear()
        ev = _MADE[key] = cls(**fields)
    return cast(E, ev)


class DiceRolled(Ev):
    """One die: why it was rolled, what it needed, what it showed."""

    type: Literal["dice_rolled"] = "dice_rolled"
    purpose: str
    sides: int
    value: int
    need: str = ""
    model: str = ""


class DeckShuffled(Ev):
    """A deck was shuffled into a new order (top card last)."""

    type: Literal["deck_shuffled"] = "deck_shuffled"
    deck: str
    order: list[str]


class TurnBegan(Ev):
    """A new turn starts."""

    type: Literal["turn_began"] = "turn_began"
    turn: int


class CardDrawn(Ev):
    """A Hero Deck card was turned."""

    type: Literal["card_drawn"] = "card_drawn"
    card: str
    side: Side | NoSide = ""  # "" for the Alarums card
    leaderless: bool = False


class AlarumDrawn(Ev):
    """A Divers Alarums event and what it did."""

    type: Literal["alarum_drawn"] = "alarum_drawn"
    alarum: str
    name: str
    detail: str


class Activated(Ev):
    """A model began its activation."""

    type: Literal["activated"] = "activated"
    model: str
    in_command: bool


class ActivationLost(Ev):
    """A model's activation passes without it acting (Mishap token, stun)."""

    type: Literal["activation_lost"] = "activation_lost"
    model: str
    reason: str


class FecklessTest(Ev):
    """A Feckless test and its result."""

    type: Literal["feckless_test"] = "feckless_test"
    model: str
    roll: int
    result: str
    text: str


class GambitRolled(Ev):
    """A Movement Gambit and its outcome."""

    type: Literal["gambit_rolled"] = "gambit_rolled"
    model: str
    gambit: str
    outcome: Literal["success", "mishap", "calamity"]
    bonus: float = 0.0
    text: str = ""


class Moved(Ev):
    """A model moved along a path; cost is in inches of its allowance."""

    type: Literal["moved"] = "moved"
    model: str
    path: list[Point]
    cost: float
    reason: str = "move"  # move, flee, pushback, swept


class MishapTaken(Ev):
    """A Mishap token was placed."""

    type: Literal["mishap_taken"] = "mishap_taken"
    model: str


class ShotFired(Ev):
    """A shot and its to-hit result."""

    type: Literal["shot_fired"] = "shot_fired"
    model: str
    target: str
    weapon: str
    distance: float
    long_range: bool
    need: int
    roll: int
    hit: bool
    misfire: bool = False


class BlockedShot(Ev):
    """A Blocked Shot roll against something in the way."""

    type: Literal["blocked_shot"] = "blocked_shot"
    model: str
    blocker: str
    roll: int
    absorbed: bool


class SaveRolled(Ev):
    """A save against one hit."""

    type: Literal["save_rolled"] = "save_rolled"
    model: str
    need: int
    roll: int
    saved: bool


class Wounded(Ev):
    """A model lost Health."""

    type: Literal["wounded"] = "wounded"
    model: str
    amount: int
    health: int


class Casualty(Ev):
    """A model was removed as a casualty; Valour went to the other side."""

    type: Literal["casualty"] = "casualty"
    model: str
    by_side: Side | NoSide
    valour: int


class MeleeRound(Ev):
    """A round of melee."""

    type: Literal["melee_round"] = "melee_round"
    attacker: str
    defender: str
    attacker_dice: list[int]
    defender_dice: list[int]
    attacker_strikes: int
    defender_strikes: int
    winner: str  # model id, "" on a tie
    attacker_hits: int  # hits the attacker takes
    defender_hits: int  # hits the defender takes


class BlockedStroke(Ev):
    """A Blocked Stroke roll for a hit across a defended obstacle."""

    type: Literal["blocked_stroke"] = "blocked_stroke"
    model: str
    roll: int
    absorbed: bool


class PushedBack(Ev):
    """The loser of a melee round gave ground."""

    type: Literal["pushed_back"] = "pushed_back"
    model: str
    to: Point
    blocked: bool = False


class Reloaded(Ev):
    """A missile weapon was reloaded (possibly partly, after a misfire)."""

    type: Literal["reloaded"] = "reloaded"
    model: str
    still_needed: int


class Looted(Ev):
    """A loot objective was taken."""

    type: Literal["looted"] = "looted"
    model: str
    objective: str
    valour: int


class DrillSet(Ev):
    """A model's defensive Skill'd at Arms option changed."""

    type: Literal["drill_set"] = "drill_set"
    model: str
    drill: str


class PerkPlayed(Ev):
    """A Perk card was played."""

    type: Literal["perk_played"] = "perk_played"
    side: Side
    card: str
    model: str = ""


class PerkUsed(Ev):
    """A played Perk took effect (for example a reroll)."""

    type: Literal["perk_used"] = "perk_used"
    model: str
    effect: str


class PerkDrawn(Ev):
    """A player drew a Perk card."""

    type: Literal["perk_drawn"] = "perk_drawn"
    side: Side
    card: str


class ActivationEnded(Ev):
    """A model finished its activation."""

    type: Literal["activation_ended"] = "activation_ended"
    model: str


class SpearEnded(Ev):
    """A Spear finished its activation."""

    type: Literal["spear_ended"] = "spear_ended"
    card: str


class ModelJoined(Ev):
    """A new model entered the table (reinforcements)."""

    type: Literal["model_joined"] = "model_joined"
    model: str
    side: Side
    at: Point


class WillToFight(Ev):
    """A Will to Fight test at the end of a turn."""

    type: Literal["will_to_fight"] = "will_to_fight"
    side: Side
    total: int
    need: int
    passed: bool


class ObjectiveHeld(Ev):
    """A hold objective scored at the end of the game."""

    type: Literal["objective_held"] = "objective_held"
    objective: str
    side: Side
    valour: int


class TurnEnded(Ev):
    """A turn ended."""

    type: Literal["turn_ended"] = "turn_ended"
    turn: int


class GameEnded(Ev):
    """The game is over."""

    type: Literal["game_ended"] = "game_ended"
    winner: Winner
    reason: str
    valour: dict[str, int]


class JumpTest(Ev):
    """A Jump test over a linear obstacle."""

    type: Literal["jump_test"] = "jump_test"
    model: str
    obstacle: str
    roll: int
    result: str  # sails_over, awkward, falls
    rerolled: bool = False


class RiderThrown(Ev):
    """A Thrown Rider test: the steed is gone and the rider lands on foot."""

    type: Literal["rider_thrown"] = "rider_thrown"
    model: str
    rolls: list[int]
    modifier: int
    result: str  # crushed, hard_fall, winded, on_feet
    at: Point


class SteedHit(Ev):
    """A steed failed a save and lost Health; what the horse did."""

    type: Literal["steed_hit"] = "steed_hit"
    model: str
    source: str  # shooting, melee
    steed_health: int
    roll: int = 0  # the steed hit table roll, 0 if the steed died
    result: str = ""  # falls, bolts, rears, steadies, enraged, killed


class SteedKilled(Ev):
    """A steed was removed; Valour went to the side that killed it."""

    type: Literal["steed_killed"] = "steed_killed"
    model: str
    by_side: Side | NoSide
    valour: int


class HorseBolted(Ev):
    """A bolting steed's run, as simulated: the stored path is never re-simulated."""

    type: Literal["horse_bolted"] = "horse_bolted"
    model: str
    bearing: float
    path: list[Point]
    jumps: list[str] = []
    left_table: bool = False
    kept_seat: bool = False


class Unhorsed(Ev):
    """A Billman pulled a rider down."""

    type: Literal["unhorsed"] = "unhorsed"
    model: str
    by: str
    stunned: int


class Dismounted(Ev):
    """A rider got down (the steed is removed, or left standing under "steeds stay")."""

    type: Literal["dismounted"] = "dismounted"
    model: str
    steed_left: str = ""  # id of the riderless steed left on the table, if any


class Remounted(Ev):
    """A rider climbed back onto a riderless steed."""

    type: Literal["remounted"] = "remounted"
    model: str
    steed: str


class ReactionOffered(Ev):
    """A player must answer a charge: Counter Charge, Mounted Evasion, Evade or Defend."""

    type: Literal["reaction_offered"] = "reaction_offered"
    side: Side
    model: str
    charger: str
    options: list[Reaction]


class ReactionTaken(Ev):
    """The charged player's answer."""

    type: Literal["reaction_taken"] = "reaction_taken"
    model: str
    choice: Reaction


class SteedSpooked(Ev):
    """A Nag or Beast of Burden near a handgun tested for spooking."""

    type: Literal["steed_spooked"] = "steed_spooked"
    model: str
    roll: int
    bolted: bool


class ChargeBonus(Ev):
    """A rider gained, kept or lost the Mounted Charge! melee bonuses."""

    type: Literal["charge_bonus"] = "charge_bonus"
    model: str
    active: bool
    reason: str


# --- vehicles (§10) --------------------------------------------------------------------------------


class CarterTest(Ev):
    """A driver without the Carter skill tested a sharp turn or a change of speed."""

    type: Literal["carter_test"] = "carter_test"
    vehicle: str
    model: str
    reason: str
    roll: int
    passed: bool


class OutOfControl(Ev):
    """A failed Carter test: the vehicle veers or stalls."""

    type: Literal["out_of_control"] = "out_of_control"
    vehicle: str
    result: str  # veer_left, veer_right, stall
    heading: float
    speed: float


class VehicleMoved(Ev):
    """A vehicle's move as pymunk resolved it: the stored path and pose (never re-simulated)."""

    type: Literal["vehicle_moved"] = "vehicle_moved"
    vehicle: str
    path: list[Point]
    headings: list[float]
    end: Point
    end_heading: float
    speed: float
    distance: float
    stopped: bool
    reason: str = "drive"  # drive, roll_on


class RamResolved(Ev):
    """One contact of a moving vehicle: the physics and its outcome (damage, dodge)."""

    type: Literal["ram_resolved"] = "ram_resolved"
    vehicle: str
    other: str  # model or vehicle id, or "static:<what>"
    other_kind: str  # character, rider, vehicle or static
    at: float  # inches driven when it happened
    point: Point
    normal: Point
    tangent: Point
    v_rel: Point
    closing: float
    impact_speed: float
    die: str  # the band's damage die, e.g. "D6+1"
    dodge_modifier: int
    facing_hit: str  # where on the vehicle
    other_facing_hit: str  # where on the other vehicle or rider
    vehicle_damage: int  # points the moving vehicle took from this contact (after armour)
    other_damage: int  # points dealt to the other (after armour; doubled under the wheels)
    dodge_roll: int = 0  # a character's dodge, 0 if none was rolled
    dodged: bool = False
    under_the_wheels: bool = False
    vehicle_end: Point = (0.0, 0.0)  # the vehicle's resulting pose
    vehicle_end_heading: float = 0.0


class VehicleDamaged(Ev):
    """A vehicle lost Health at a location."""

    type: Literal["vehicle_damaged"] = "vehicle_damaged"
    vehicle: str
    location: str
    amount: int
    health: int
    cause: str


class TeamLost(Ev):
    """Traction damage killed or lamed animals of a vehicle's team."""

    type: Literal["team_lost"] = "team_lost"
    vehicle: str
    steed: str
    lost: int
    left: int


class VehicleDisabled(Ev):
    """A vehicle fell below its Operational Level: it stops for good."""

    type: Literal["vehicle_disabled"] = "vehicle_disabled"
    vehicle: str
    by_side: Side | NoSide  # whose ram, shot or fire did it ("" for a crash of its own)
    valour: int
    to_side: Side | NoSide = ""  # who scores the escort Valour, if any


class VehicleAlight(Ev):
    """A location of a vehicle caught fire, or the fire spread to it."""

    type: Literal["vehicle_alight"] = "vehicle_alight"
    vehicle: str
    location: str
    spread_from: str = ""


class CrewShaken(Ev):
    """A crewman or passenger took damage from a ram or crash the vehicle suffered."""

    type: Literal["crew_shaken"] = "crew_shaken"
    vehicle: str
    model: str
    dice: int
    die: str
    points: int
    hits: int


class VehicleStruck(Ev):
    """A model on the ground struck a cart or wagon in melee at a location of its choice."""

    type: Literal["vehicle_struck"] = "vehicle_struck"
    model: str
    vehicle: str
    location: str
    dice: int
    need: int  # 0: every die hits (the vehicle stood still)
    hits: int


class Boarded(Ev):
    """A model climbed aboard a vehicle, or moved to another seat on it."""

    type: Literal["boarded"] = "boarded"
    model: str
    vehicle: str
    seat: str
    took_over: bool = False  # an abandoned vehicle became his side's


class ClimbedDown(Ev):
    """A model climbed down beside a vehicle."""

    type: Literal["climbed_down"] = "climbed_down"
    model: str
    vehicle: str
    to: Point


class ModelShoved(Ev):
    """A model or vehicle was pushed by a moving vehicle, or stepped out of its way."""

    type: Literal["model_shoved"] = "model_shoved"
    model: str
    to: Point
    heading: float


class VehicleEscaped(Ev):
    """The escorted vehicle left the table by its edge."""

    type: Literal["vehicle_escaped"] = "vehicle_escaped"
    vehicle: str
    side: VehicleSide
    valour: int


class DeploymentBegan(Ev):
    """Before the first card the players deploy, Spear by Spear, alternately: the side that won the
    roll deploys first, and the Spears go in this order (their Heroes' ids)."""

    type: Literal["deployment_began"] = "deployment_began"
    first: Side
    order: list[str]


class ModelDeployed(Ev):
    """A model was stood in its side's deployment zone."""

    type: Literal["model_deployed"] = "model_deployed"
    model: str
    x: float
    y: float
    facing: float


class SpearDeployed(Ev):
    """A Spear has all its models in their zone; the other side deploys next (while it has Spears)."""

    type: Literal["spear_deployed"] = "spear_deployed"
    card: str
    side: Side


class DeploymentEnded(Ev):
    """Every Spear is deployed: the first card is turned."""

    type: Literal["deployment_ended"] = "deployment_ended"


Event = Annotated[
    DiceRolled | DeckShuffled | TurnBegan | CardDrawn | AlarumDrawn | Activated | ActivationLost
    | FecklessTest | GambitRolled | Moved | MishapTaken | ShotFired | BlockedShot | SaveRolled
    | Wounded | Casualty | MeleeRound | BlockedStroke | PushedBack | Reloaded | Looted | DrillSet
    | PerkPlayed | PerkUsed | PerkDrawn | ActivationEnded | SpearEnded | ModelJoined | WillToFight
    | ObjectiveHeld | TurnEnded | GameEnded | JumpTest | RiderThrown | SteedHit | SteedKilled
    | HorseBolted | Unhorsed | Dismounted | Remounted | ReactionOffered | ReactionTaken
    | SteedSpooked | ChargeBonus | CarterTest | OutOfControl | VehicleMoved | RamResolved
    | VehicleDamaged | VehicleDisabled | VehicleAlight | CrewShaken | ModelShoved | VehicleEscaped
    | VehicleStruck | Boarded | ClimbedDown | TeamLost | DeploymentBegan | ModelDeployed | SpearDeployed
    | DeploymentEnded,
    Field(discriminator="type"),
]
EVENT_LIST_ADAPTER: TypeAdapter[list[Event]] = TypeAdapter(list[Event])
