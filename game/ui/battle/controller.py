"""UI intent -> Command: selection, waypoints, gambit and fight choices, and the action bar.

Selection and hover belong to the UI alone; every change to the game is a Command for submit.
What the pointer means is read in one place (game.ui.battle.intent): the hover preview describes
that intent and a click carries it out.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from game.rules.commands import (
    AutoDeploy,
    Board,
    BreakAway,
    ClimbDown,
    Command,
    Dismount,
    EndActivation,
    EndSpear,
    Fight,
    Gambit,
    Loot,
    MeleeOption,
    PlayPerk,
    React,
    Reload,
    Shoot,
)
from game.rules.engine import Engine
from game.rules.explain import check_can_move, now_deploying, to_place
from game.rules.state import Model, Side
from game.ui.battle.cache import Same
from game.ui.battle.driving import DriveControl
from game.ui.battle.intent import Choices, Held, Intent, Place, Pointer, Waypoint, intent_at
from game.ui.battle.previews import Preview

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

    # --- the pointer: one intent behind the preview and the click -------------------------------
    def choices(self) -> Choices:
        """The choices made for the coming command, with the acting side's legal commands."""
        return Choices(tuple(self.waypoints), self.gambit, self.option, self.shoot_armed,
                       tuple(self.legal()), self.drive, self.placing())

    def placing(self) -> str:
        """While deploying: the selected model if he is of the Spear deploying now (to stand where
        the next click is), else ""."""
        state = self.engine.state
        m = state.find(self.selected) if state.deploying is not None and self.selected else None
        return m.id if m is not None and m.spear == now_deploying(state) else ""

    def intent(self, pointer: Pointer, held: Held) -> Intent:
        """What a left click at the pointer would do now."""
        return intent_at(self.engine, self.choices(), pointer, held)

    def preview(self, pointer: Pointer, held: Held) -> Preview | None:
        """What clicking here would do, with its odds, or None: the intent, described."""
        return self.intent(pointer, held).describe(self.engine)

    def click(self, pointer: Pointer, held: Held) -> Intent:
        """A left click on the table: carry out the intent the preview described."""
        intent = self.intent(pointer, held)
        if intent.selects is not None:
            self.selected = intent.selects
        if isinstance(intent, Waypoint):
            self.waypoints.append(intent.point)
        if intent.command is not None:
            self.submit(intent.command)
        if isinstance(intent, Place):  # the next model of the Spear still to stand is picked
            waiting = to_place(self.engine.state)
            self.selected = waiting[0].id if waiting else ""
        return intent

    def change_speed(self, steps: int) -> None:
        """Drive mode: faster (positive) or slower by whole inches."""
        self.drive.step_speed(self.engine, steps)

    def commit_drive(self) -> None:
        """Submit the aimed Drive."""
        side = self.engine.state.acting_side
        cmd = self.drive.command(side) if side else None
        if cmd is not None:
            self.submit(cmd)

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
        if state.deploying is not None:
            cmd = AutoDeploy(side=side, spear=now_deploying(state))
            return [("Auto-deploy", partial(self.submit, cmd), False)]
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

