"""What the battle screen shows in a frame, read off the table before drawing.

`BattleView` holds everything a frame draws (the game, the camera, the selection, the preview, the
hints shown, the message over the table, the AI's trails, the layout, ...); the screen builds it
once per frame and `game.ui.battle.draw` draws it, changing nothing. `Look` answers what the
pointer is over (remembered until the pointer or the game moves: the frame asks more than once),
and `what_to_do` words the lines telling the player what to do now.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.rules.commands import PlayPerk
from game.rules.engine import Engine
from game.rules.state import UNPLACED, GameState, Model, NoSide, Side, Vehicle
from game.ui import theme
from game.ui.battle.cache import Same
from game.ui.battle.camera import Camera
from game.ui.battle.controller import GAMBIT_LABEL, Controller
from game.ui.battle.dice import DiceTray
from game.ui.battle.hintmarks import HintArt
from game.ui.battle.hud import Hud, PerkCard, card_name
from game.ui.battle.intent import Held, Pointer
from game.ui.battle.layout import BattleLayout
from game.ui.battle.motion import Motion
from game.ui.battle.previews import Preview
from game.ui.battle.spear import SpearMember, spear_roll
from game.ui.battle.tokens import TokenArt, model_at
from game.ui.battle.vehicles import VehicleArt, crew_at, vehicle_at
from game.ui.hints import HintBoard
from game.ui.keys import Keymap
from game.ui.theme import Fonts

Point = tuple[float, float]
Trail = tuple[list[Point], str, float]  # an AI model's move: its path, its side, its age in seconds


@dataclass(frozen=True)
class BattleView:
    """One frame of the battle screen, as drawing reads it (nothing here is changed by drawing)."""

    engine: Engine
    camera: Camera
    layout: BattleLayout
    hud: Hud
    fonts: Fonts
    cursor: tuple[int, int]  # where the table sees the mouse (pinned for screenshots)
    mouse: tuple[int, int]  # where the mouse is for hovering the buttons
    selected: str
    active: Model | None
    focus: Model | None  # the active model, else the selected one: rings and sight are his
    preview: Preview | None
    controller: Controller  # its drive aim is drawn in drive mode
    driving: bool
    show_rings: bool
    ruler_from: Point | None  # the ruler's start while the ruler key is held
    sight: bool  # the sight key is held
    board: HintBoard
    hint_footer: str
    spear: tuple[SpearMember, ...]
    trails: tuple[Trail, ...]
    motion: Motion
    tray: DiceTray
    art: TokenArt
    vehicle_art: VehicleArt
    hint_art: HintArt
    flash: str  # the message over the table ("" for none)
    banner: tuple[str, str] | None  # the AI's banner in the action bar, and its side
    now: float  # seconds, for what flickers
    hidden: frozenset[str] = frozenset()  # models not drawn: the other side's deployment in hot-seat

    @property
    def state(self) -> GameState:
        """The game state shown."""
        return self.engine.state

    @property
    def shown(self) -> Model | None:
        """The model whose card the panel shows."""
        return self.layout.panel.shown if self.layout.panel is not None else None


class Look:
    """What the pointer is over and what a click there would do, remembered until the pointer,
    the choices made or the game change."""

    def __init__(self, engine_of: Callable[[], Engine], camera: Camera, ctl: Controller) -> None:
        self.engine_of = engine_of
        self.camera = camera
        self.ctl = ctl
        self.preview_key: tuple[object, ...] = ()
        self.preview: Preview | None = None
        self.hit_key: tuple[object, ...] = ()
        self.hit: Model | None = None
        self.spear_key: tuple[object, ...] = ()
        self.spear: tuple[SpearMember, ...] = ()

    def pointer_at(self, pos: tuple[int, int]) -> Pointer:
        """The table under a screen position: the point, and the model (else vehicle) there."""
        world = self.camera.to_world(*pos)
        return Pointer(world, self.model_under(world), self.vehicle_under(world))

    def model_under(self, world: Point) -> Model | None:
        """The crewman, else the model, at a point of the table."""
        engine = self.engine_of()
        key = (Same(engine.state), len(engine.log), world)
        if key != self.hit_key:
            self.hit_key = key
            table, state = engine.table, engine.state
            self.hit = crew_at(table, state, *world) or model_at(table, state, *world)
        return self.hit

    def vehicle_under(self, world: Point) -> Vehicle | None:
        """The cart or wagon whose footprint covers a point, if any."""
        engine = self.engine_of()
        return vehicle_at(engine.table, engine.state, *world)

    def hover(self, mouse: tuple[int, int], held: Held, acting: bool) -> Preview | None:
        """The hover preview at the mouse while a person acts (None off the table)."""
        if not self.camera.viewport.collidepoint(mouse) or not acting:
            return None
        engine, ctl = self.engine_of(), self.ctl
        pointer = self.pointer_at(mouse)
        world, hit, vehicle = pointer.world, pointer.hit, pointer.vehicle
        aim = ctl.drive.aim
        key = (id(engine.state), len(engine.log), world,  # exact: a click there does the same
               hit.id if hit else "", vehicle.id if vehicle else "", held, ctl.gambit, ctl.option,
               ctl.shoot_armed, tuple(ctl.waypoints), (aim.heading, aim.speed) if aim else None)
        if key != self.preview_key:
            self.preview_key = key
            self.preview = ctl.preview(pointer, held)
        return self.preview

    def spear_roll(self) -> tuple[SpearMember, ...]:
        """The activating Spear's members and where each stands, as the table marks them and the
        panel lists them."""
        engine = self.engine_of()
        key = (Same(engine.state), len(engine.log))
        if key != self.spear_key:
            self.spear_key, self.spear = key, spear_roll(engine.table, engine.state)
        return self.spear

    def shown_model(self, mouse: tuple[int, int]) -> Model | None:
        """The model under the cursor, else the selected one, else the active one."""
        state = self.engine_of().state
        if self.camera.viewport.collidepoint(mouse):
            hit = self.model_under(self.camera.to_world(*mouse))
            if hit is not None and not hit.riderless:
                return hit
        if self.ctl.selected:
            m = state.find(self.ctl.selected)
            if m is not None and not m.removed:
                return m
        return self.ctl.active()

    def shown_vehicle(self, mouse: tuple[int, int], shown: Model | None) -> Vehicle | None:
        """The vehicle under the cursor, else the one of the model shown, else the selected one."""
        state = self.engine_of().state
        if self.camera.viewport.collidepoint(mouse):
            v = self.vehicle_under(self.camera.to_world(*mouse))
            if v is not None:
                return v
        if shown is not None and shown.aboard:
            return state.find_vehicle(shown.aboard)
        v = state.find_vehicle(self.ctl.selected) if self.ctl.selected else None
        return v if v is not None and not v.removed else None


def hidden_models(state: GameState, mode: str) -> frozenset[str]:
    """In hot-seat, while the sides deploy, the other side's models already deployed: neither player
    sees where the other stands until both are done."""
    side = state.acting_side
    if mode != "hotseat" or state.deploying is None or not side:
        return frozenset()
    return frozenset(m.id for m in state.models if m.side != side and not m.aboard and m.x != UNPLACED)


def perk_cards(engine: Engine, hand: Side | NoSide, playable: list[PlayPerk]) -> tuple[PerkCard, ...]:
    """The Perk cards of a hand as the panel shows them; those in `playable` may be played."""
    if not hand:
        return ()
    perks = engine.table.content.perks
    can = {c.card for c in playable}
    return tuple(PerkCard(perks[card].name, card in can, perks[card].text)
                 for card in engine.state.sides[hand].perks)


def what_to_do(state: GameState, ctl: Controller, mode: str, keys: Keymap, ai_acting: bool) -> list[str]:
    """One or two lines telling the player what to do now."""
    if state.over:
        return ["The game is over."]
    if mode == "watch":
        return [f"Watching the AI play. {keys.label('skip_ai')} skips to the end of an "
                f"activation; {keys.label('thinking')} shows what it weighed; Esc for the menu."]
    if ai_acting:
        side = theme.SIDE_NAME[state.acting_side]
        what = "answers" if state.pending is not None else "plays"
        return [f"{side} (the AI) {what}: wait for your turn. {keys.label('skip_ai')} "
                "skips to the end of its activation.",
                f"G rings, M ruler, V sight, {keys.label('thinking')} what it weighed; Esc pauses."]
    hint = f"{keys.label('hint')} asks the AI for a hint."
    if state.deploying is not None:
        return ["Deploy the Spear: pick a model in the panel, then click inside your zone to stand him "
                "there (click him again on the table to move him); Auto-deploy places the rest.",
                f"{keys.label('next_model')} picks the next model to deploy."]
    if state.pending is not None:
        return [f"Answer the charge with a button below. {hint}"]
    m = ctl.active()
    if m is None:
        hero = state.find(state.current_card)
        waits = hero is not None and not hero.removed and not hero.activated
        first = " (the Hero, under the pennant, first)" if waits else ""
        nxt = keys.label("next_model")
        return [f"Click a ringed model of {card_name(state, state.current_card)}'s Spear (or its row "
                f"in the panel) to activate it{first}; {nxt} finds the next to act. {hint}"]
    if ctl.drive.aim is not None:
        return [f"{m.name} drives: the mouse sets the heading (at most 90° of turn), the wheel or "
                "+/- the speed; click or Enter to drive.", "Ctrl+wheel zooms, Esc straightens up, "
                "Space ends the activation (the vehicle rolls on at the end of the turn)."]
    if m.aboard:
        cart = state.find_vehicle(m.aboard)
        where = f"aboard the {cart.name}" if cart is not None else "aboard"
        return [f"{m.name} is {where}: hold S and click an enemy (or a wagon) to shoot.",
                "Space ends the activation; G rings, M ruler, V sight, H hint."]
    tips = [f"{m.name}: click the ground to move, an enemy to fight or charge; hold S to shoot."]
    if ctl.gambit:
        tips.append(f"Gambit declared: {GAMBIT_LABEL.get(ctl.gambit, ctl.gambit)}.")
    tips.append("Shift-click adds waypoints. G rings, M ruler, V sight, H hint, Space ends.")
    return tips
