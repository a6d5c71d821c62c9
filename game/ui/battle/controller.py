"""UI intent -> Command: selection, waypoints, gambit and fight choices, and the hover preview.

Selection and hover belong to the UI alone; every change to the game is a Command for submit.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from game.rules.commands import (
    Activate,
    Board,
    BreakAway,
    ClimbDown,
    Command,
    Dismount,
    EndActivation,
    EndSpear,
    Fight,
    Gambit,
    HitLocation,
    Loot,
    MeleeOption,
    Move,
    PlayPerk,
    React,
    Reload,
    Shoot,
)
from game.rules.context import Rejected
from game.rules.engine import Engine
from game.rules.guards import check_can_move
from game.rules.paths import contact_points
from game.rules.state import Model, Side, Vehicle
from game.rules.vehicle_melee import StrikePlan
from game.ui.battle.cache import Same
from game.ui.battle.driving import DriveControl
from game.ui.battle.previews import Preview, fight_preview, move_preview, shot_preview

Point = tuple[float, float]
GAMBIT_KEYS: dict[str, Gambit] = {"gambit_charge": "charge", "gambit_run": "run", "gambit_climb": "climb",
               "gambit_river": "river_crossing"}
GAMBIT_LABEL = {"charge": "Charge!", "mounted_charge": "Mounted Charge!", "run": "Run!",
                "climb": "Climb", "river_crossing": "River Crossing"}


class Controller:
    """Turns clicks on the table into Commands for the acting side."""

    def __init__(self, engine_of: Callable[[], Engine], submit: Callable[[Command], object],
                 end_spear: Callable[[], object] | None = None) -> None:
        self.engine_of = engine_of
        self.submit = submit
        self.end_spear = end_spear or self._submit_end_spear  # the End Spear button (may ask first)
        self.selected = ""  # a model's or a vehicle's id
        self.drive = DriveControl()
        self.waypoints: list[Point] = []
        self.gambit: Gambit | None = None
        self.option: MeleeOption | None = None
        self.shoot_armed = False
        self._legal_key: tuple[int, int, str] = (0, -1, "")
        self._legal: list[Command] = []
        self._perks: list[PlayPerk] = []  # the Perk cards among them (the HUD asks every frame)
        self._actions_key: tuple[object, ...] = ()
        self._actions: list[tuple[str, Callable[[], Any], bool]] = []

    # --- what is possible ------------------------------------------------------------------
    @property
    def engine(self) -> Engine:
        """The engine being played."""
        return self.engine_of()

    def legal(self) -> list[Command]:
        """The acting side's legal commands (cached until the game changes)."""
        engine = self.engine
        side = engine.state.acting_side
        key = (id(engine.state), len(engine.log), side)
        if key != self._legal_key:
            self._legal = engine.legal_commands(side) if side else []
            self._perks = [c for c in self._legal if isinstance(c, PlayPerk)]
            self._legal_key = key
        return self._legal

    def active(self) -> Model | None:
        """The activated model, if any."""
        state = self.engine.state
        return state.find(state.active_model) if state.active_model else None

    def has(self, kind: type, **match: object) -> bool:
        """True if a legal command of this class matches the given fields."""
        return any(isinstance(c, kind) and all(getattr(c, k) == v for k, v in match.items())
                   for c in self.legal())

    def reset(self) -> None:
        """Forget waypoints, gambit, option and shooting after a command."""
        self.waypoints = []
        self.gambit = None
        self.option = None
        self.shoot_armed = False

    def toggle_gambit(self, gambit: Gambit) -> None:
        """Declare (or cancel) a Movement Gambit for the next move."""
        m = self.active()
        if gambit == "charge" and m is not None and m.steed is not None:
            gambit = "mounted_charge"
        self.gambit = None if self.gambit == gambit else gambit

    # --- clicks -----------------------------------------------------------------------------
    def click(self, world: Point, hit: Model | None, shoot_held: bool, add_waypoint: bool,
              vehicle: Vehicle | None = None) -> None:
        """A left click on the table (`hit`: the model there, crew included; `vehicle`: the cart
        or wagon there)."""
        state = self.engine.state
        side = state.acting_side
        if state.over or not side or state.pending is not None:
            self.selected = hit.id if hit else vehicle.id if vehicle else ""
            return
        m = self.active()
        hit, vehicle = self._crew_as_vehicle(m, hit, vehicle)
        if m is not None and self.drive.sync(self.engine) is not None:
            self._click_driving(m, hit, shoot_held, vehicle)
        elif m is not None and hit is None and vehicle is not None:
            self._click_vehicle(m, vehicle, shoot_held)
        elif m is None and hit is None and vehicle is not None:
            self.selected = vehicle.id
        elif m is None:
            self._click_idle(hit, side)
        elif hit is not None and hit.side != m.side and not hit.riderless:
            self._click_enemy(m, hit, shoot_held)
        elif hit is not None and hit.id != m.id:
            self.selected = hit.id
        elif hit is None:
            if add_waypoint:
                if len(self.waypoints) < 7:
                    self.waypoints.append(world)
            else:
                self.submit(Move(side=side, model=m.id, path=(*self.waypoints, world),
                                 gambit=self.gambit))

    def _crew_as_vehicle(self, m: Model | None, hit: Model | None,
                         vehicle: Vehicle | None) -> tuple[Model | None, Vehicle | None]:
        """An enemy crewman under the cursor stands for his vehicle: shots go at the vehicle (a hit
        on its Crew location strikes someone aboard), and a fight or a move cannot reach him."""
        if m is not None and hit is not None and hit.aboard and hit.side != m.side:
            return None, self.engine.state.find_vehicle(hit.aboard)
        return hit, vehicle

    def _click_driving(self, m: Model, hit: Model | None, shoot_held: bool,
                       vehicle: Vehicle | None = None) -> None:
        """In drive mode a click drives, unless it picks a friend or shoots an enemy."""
        aiming = shoot_held or self.shoot_armed
        if hit is not None and hit.side == m.side and hit.id != m.id and hit.aboard != m.aboard:
            self.selected = hit.id
        elif hit is not None and hit.side != m.side and aiming:
            self._click_enemy(m, hit, shoot_held)
        elif hit is None and vehicle is not None and vehicle.side != m.side and aiming:
            self._click_vehicle(m, vehicle, shoot_held)
        else:
            self.commit_drive()

    def change_speed(self, steps: int) -> None:
        """Drive mode: faster (positive) or slower by whole inches."""
        self.drive.step_speed(self.engine, steps)

    def commit_drive(self) -> None:
        """Submit the aimed Drive."""
        side = self.engine.state.acting_side
        cmd = self.drive.command(side) if side else None
        if cmd is not None:
            self.submit(cmd)

    def _click_vehicle(self, m: Model, v: Vehicle, shoot_held: bool) -> None:
        """A click on a cart or wagon: shoot at it (S held or Shoot armed) or look at it."""
        if v.side != m.side and (shoot_held or self.shoot_armed):
            self.submit(Shoot(side=m.side, model=m.id, target=v.id))
        else:
            self.selected = v.id

    def _click_idle(self, hit: Model | None, side: Side) -> None:
        if hit is None:
            self.selected = ""
            return
        self.selected = hit.id
        if hit.side == side and self.has(Activate, model=hit.id):
            self.submit(Activate(side=side, model=hit.id))

    def _click_enemy(self, m: Model, enemy: Model, shoot_held: bool) -> None:
        side = m.side
        if shoot_held or self.shoot_armed:
            self.submit(Shoot(side=side, model=m.id, target=enemy.id))
        elif self.has(Fight, target=enemy.id):
            self.submit(Fight(side=side, model=m.id, target=enemy.id, option=self.option))
        else:
            cmd = self.contact_move(m, enemy)
            if cmd is not None:
                self.submit(cmd)
            else:
                self.selected = enemy.id

    def contact_move(self, m: Model, enemy: Model) -> Move | None:
        """A legal move into base contact with an enemy (with the declared gambit), if any."""
        charge: Gambit = "mounted_charge" if m.steed else "charge"
        gambits: list[Gambit | None] = [self.gambit] if self.gambit else [None, charge]
        fallback: Move | None = None
        for gambit in gambits:
            for end in contact_points(self.engine.table, m, enemy):
                cmd = Move(side=m.side, model=m.id, path=(*self.waypoints, end), gambit=gambit)
                plan = self.engine.plan(cmd)
                if not isinstance(plan, Rejected):
                    return cmd
                fallback = fallback or cmd
        return None

    # --- the preview ------------------------------------------------------------------------
    def preview(self, world: Point, hit: Model | None, shoot_held: bool,
                vehicle: Vehicle | None = None) -> Preview | None:
        """What clicking here would do, with its odds, or None."""
        engine = self.engine
        m = self.active()
        if m is None or engine.state.pending is not None or engine.state.over:
            return None
        hit, vehicle = self._crew_as_vehicle(m, hit, vehicle)
        if self.drive.sync(engine) is not None:
            aiming = shoot_held or self.shoot_armed
            if hit is None and vehicle is not None and vehicle.side != m.side and aiming:
                return shot_preview(engine, m.id, vehicle.id)
            if hit is not None and hit.side != m.side and aiming:
                return shot_preview(engine, m.id, hit.id)
            return self.drive.preview(engine)
        if m.aboard and hit is None and (vehicle is None or vehicle.id == m.aboard):
            return None  # a crewman moves only with his vehicle
        if hit is None and vehicle is not None:
            aiming = shoot_held or self.shoot_armed
            strikes = [c.location for c in self.legal() if isinstance(c, Fight) and c.target == vehicle.id]
            if strikes and not aiming:
                return strike_preview(engine, m, vehicle, [s for s in strikes if s])
            if vehicle.side == m.side or vehicle.side not in ("red", "blue") and not aiming:
                return None
            if aiming:
                return shot_preview(engine, m.id, vehicle.id)
            if self.has(Shoot, target=vehicle.id):
                pv = shot_preview(engine, m.id, vehicle.id)
                return Preview(pv.legal, [*pv.lines, "Hold S and click to shoot"])
            return None
        if hit is not None and hit.side != m.side and not hit.riderless:
            if shoot_held or self.shoot_armed:
                return shot_preview(engine, m.id, hit.id)
            if self.has(Fight, target=hit.id):
                return fight_preview(engine, m.id, hit.id, self.option)
            cmd = self.contact_move(m, hit)
            if cmd is not None:
                return move_preview(engine, m.id, list(cmd.path), cmd.gambit)
            if self.has(Shoot, target=hit.id):
                pv = shot_preview(engine, m.id, hit.id)
                return Preview(pv.legal, [*pv.lines, "Hold S and click to shoot"])
            return Preview(False, [f"{hit.name} is out of reach"])
        if hit is not None:
            return None
        return move_preview(engine, m.id, [*self.waypoints, world], self.gambit)

    # --- the action bar ---------------------------------------------------------------------
    def actions(self) -> list[tuple[str, Callable[[], Any], bool]]:
        """Buttons for the acting side now: label, action, selected (asked every frame, so
        remembered until the game or the choices made here change)."""
        engine = self.engine
        key = (Same(engine.state), len(engine.log), self.gambit, self.option, self.shoot_armed)
        if key != self._actions_key:
            self._actions = self._find_actions()
            self._actions_key = key
        return list(self._actions)

    def _find_actions(self) -> list[tuple[str, Callable[[], Any], bool]]:
        state = self.engine.state
        side = state.acting_side
        out: list[tuple[str, Callable[[], Any], bool]] = []
        if state.over or not side:
            return out
        if state.pending is not None:
            for c in self.legal():
                if isinstance(c, React):
                    out.append((c.choice.replace("_", " ").title(), partial(self.submit, c), False))
            return out
        m = self.active()
        if m is not None and self.drive.sync(self.engine) is not None:
            out += [("Drive (Enter)", self.commit_drive, False),
                    ("Slower (-)", partial(self.change_speed, -1), False),
                    ("Faster (+)", partial(self.change_speed, 1), False)]
        if m is None:
            if self.has(EndSpear):
                out.append(("End Spear", self.end_spear, False))
            return out
        out += self._model_actions(m, side)
        out.append(("End activation", lambda: self.submit(EndActivation(side=side, model=m.id)), False))
        out.append(("End Spear", self.end_spear, False))
        return out

    def _submit_end_spear(self) -> None:
        """End the acting side's Spear."""
        side = self.engine.state.acting_side
        if side:
            self.submit(EndSpear(side=side))

    def _model_actions(self, m: Model, side: Side) -> list[tuple[str, Callable[[], Any], bool]]:
        out: list[tuple[str, Callable[[], Any], bool]] = []
        engine = self.engine
        for g in (("mounted_charge", "river_crossing") if m.steed else ("charge", "run", "climb",
                                                                          "river_crossing")):
            if check_can_move(engine.table, engine.state, m, g) is None:
                out.append((GAMBIT_LABEL[g], partial(self.toggle_gambit, g), self.gambit == g))
        if any(isinstance(c, Shoot) for c in self.legal()):
            out.append(("Shoot", self._arm_shoot, self.shoot_armed))
        if any(isinstance(c, Fight) and c.option for c in self.legal()):
            for o in ("thrust", "parry", "fend"):
                out.append((o.title(), partial(self._set_option, o), self.option == o))
        simple: list[tuple[str, Command]] = [
            ("Reload", Reload(side=side, model=m.id)),
            ("Dismount", Dismount(side=side, model=m.id)),
            ("Break Away", BreakAway(side=side, model=m.id)),
        ]
        for label, cmd in simple:
            if self.has(type(cmd), model=m.id):
                out.append((label, partial(self.submit, cmd), False))
        for c in self.legal():
            if isinstance(c, Loot):
                out.append((f"Loot {c.objective}", partial(self.submit, c), False))
            elif isinstance(c, Fight) and c.location is not None:  # a cart or wagon within reach
                out.append((f"Strike its {c.location}", partial(self.submit, c), False))
            elif isinstance(c, Board):
                v = engine.state.vehicle(c.vehicle)
                label = "Take the reins" if m.aboard else f"Climb aboard the {v.name} ({c.seat})"
                out.append((label, partial(self.submit, c), False))
            elif isinstance(c, ClimbDown):
                out.append(("Climb down", partial(self.submit, c), False))
        return out

    def _arm_shoot(self) -> None:
        self.shoot_armed = not self.shoot_armed

    def _set_option(self, option: MeleeOption) -> None:
        self.option = None if self.option == option else option

    def perk_commands(self) -> list[PlayPerk]:
        """The Perk cards the acting side may play now (worked out with the legal commands)."""
        self.legal()
        return self._perks


def strike_preview(engine: Engine, m: Model, v: Vehicle, locations: list[HitLocation]) -> Preview:
    """What striking a cart or wagon in reach would do (the buttons below choose the location)."""
    plan = engine.plan(Fight(side=m.side, model=m.id, target=v.id, location=locations[0]))
    if not isinstance(plan, StrikePlan):
        return Preview(False, [plan.reason if isinstance(plan, Rejected) else f"{v.name} is out of reach"])
    dice, need = plan.dice, plan.need
    rules = engine.table.content.vehicle_rules
    odds = "every blow lands: it stands still" if not need else f"each hits on {need}+"
    return Preview(True, [
        f"Strike the {v.name}: {dice} Fight dice, {odds}",
        f"Hull or Traction: {rules.shot_damage.label} a hit less its armour; Crew: a hit on a man aboard",
        "Traction hits lame the team: an inch off its top speed each",
        "Choose the location with the Strike buttons below",
    ])

