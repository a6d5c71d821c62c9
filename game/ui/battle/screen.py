"""The battle screen: the table, the HUD, and input turned into Commands for the engine.

The screen routes: events to its input (`game.ui.battle.input`), time to the table's animations,
the AI's pacing (`ai_pace`) and the hint (`hint_panel`), and each frame to the drawing, through a
view of what to show (`view`) laid out before it is drawn (`layout`).
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ai.replay_player import REPLAY_OVER, replay_players
from game.persist import Match
from game.persist.schema import HUMAN
from game.rules.commands import Command
from game.rules.engine import Accepted, Rejected
from game.rules.events import DiceRolled, Ev
from game.rules.state import SIDES, GameState, NoSide, Side
from game.scenario import scenario_path
from game.ui import places
from game.ui.app import App, Screen
from game.ui.battle.ai_pace import AiPace
from game.ui.battle.camera import Camera
from game.ui.battle.controller import Controller
from game.ui.battle.cues import CueQueue, cues_for
from game.ui.battle.dice import DiceTray
from game.ui.battle.draw import draw_battle
from game.ui.battle.hint_panel import HintDesk
from game.ui.battle.hintmarks import HintArt
from game.ui.battle.hud import Hud, PanelContent, card_name, reaction_tip
from game.ui.battle.input import TableInput
from game.ui.battle.layout import (
    PERK_HEIGHT,
    BattleLayout,
    action_buttons,
    base_rect,
    fit_preview,
    frame_of,
    perk_buttons,
)
from game.ui.battle.motion import Motion, follow_point, poses_of
from game.ui.battle.previews import Preview
from game.ui.battle.session import Session
from game.ui.battle.tokens import TokenArt
from game.ui.battle.vehicles import VehicleArt
from game.ui.battle.view import BattleView, Look, hidden_models, perk_cards, what_to_do
from game.ui.hints import HintBoard, HintWorker
from game.ui.persistence import save_to_slot
from game.ui.solo import ai_spec, build_players


def human_side(mode: str, players: dict[str, str]) -> Side | NoSide:
    """The person's side in a solo game ("" in hot-seat and watched games)."""
    if mode != "solo":
        return ""
    return next((s for s in SIDES if players.get(s) == HUMAN), "")


class BattleScreen(Screen):
    """One game on the table: hot-seat, solo against an AI player, or two AI players watched."""

    covers_window = True  # the viewport, the top bar, the side panel and the action bar tile it

    def __init__(self, app: App, match: Match, mode: str | None = None, autosave: bool = True,
                 campaign: Path | None = None, script: tuple[Command, ...] | None = None) -> None:
        super().__init__(app)
        self.outbox: places.Transition = None  # where to go, for handle or update to return
        self.campaign = campaign  # the campaign file this battle is fought for: its result goes back there
        mode = mode or match.mode
        if mode == "watch":
            # a side the match names nobody for is played by the AI at the normal level
            match.players = {s: p if p != HUMAN else ai_spec("normal") for s, p in match.players.items()}
        elif mode == "hotseat":
            match.players = {s: HUMAN for s in match.players}
        elif list(match.players.values()).count(HUMAN) != 1:
            raise ValueError(f"a solo game needs one human side, not {match.players}")
        match.mode = self.mode = mode
        self.human = human_side(mode, match.players)  # the person's side in a solo game
        # autosave off: a scripted or tutorial game keeps clear of the player's autosave
        self.session = Session(match, app.saves_dir if mode in ("hotseat", "solo") and autosave else None)
        self.ctl = Controller(lambda: self.session.engine, self.submit, self.end_spear)
        self.hud = Hud(app.fonts)
        self.hud.add_events(self.session.engine.log, self.state)
        self.art = TokenArt()
        self.vehicle_art = VehicleArt(self.art)
        self.motion = Motion()  # vehicle moves, rams and shoves played back from their events
        self.tray = DiceTray()
        self.cues = CueQueue()  # the sounds of the last commands, heard as their events are shown
        self.camera = Camera(scenario_path(self.state.scenario),
                             frame_of(app.surface.get_size(), app.settings.ui_scale).viewport)
        self.look = Look(lambda: self.session.engine, self.camera, self.ctl)
        self.input = TableInput(self)
        self.show_rings = False
        self.flash = ""
        self.flash_time = 0.0
        self.holder = self.state.acting_side
        self.result_shown = False
        # the AI players by side (none in hot-seat); they choose in a worker thread (see Thinker)
        self.script = script  # a replay watched: both sides give its recorded commands in order
        players, notice = build_players(match.players, self.state.seed) if script is None \
            else (replay_players(script, lambda: len(self.session.match.commands)), "")
        self.ai = AiPace(self, players, app.settings)
        if notice:
            self.say(notice)
        # the hint (H): the default AI's best commands for the person, worked out in a worker thread
        self.hint = HintDesk(self, HintBoard(HintWorker(self.session.engine.table)))
        self.hint_art = HintArt()

    @classmethod
    def new(cls, app: App, scenario: str, seed: int, mode: str = "hotseat",
            players: dict[str, str] | None = None) -> BattleScreen:
        """A new game of a scenario; `players` says who plays each side (HUMAN or an AI spec)."""
        return cls(app, Match.start(scenario, seed, mode, players), mode)

    @property
    def state(self) -> GameState:
        """The game state (read only here)."""
        return self.session.engine.state

    def human_acting(self) -> bool:
        """True while a person at this machine gives the next command."""
        state = self.state
        return not state.over and bool(state.acting_side) and state.acting_side not in self.ai.players

    def driving(self) -> bool:
        """True while the active model is a driver setting his Drive (a person's only)."""
        return self.human_acting() and self.ctl.drive.sync(self.session.engine) is not None

    def resized(self, size: tuple[int, int]) -> None:
        """Fit the map to the new window."""
        self.hud.fonts = self.app.fonts
        self.camera.set_viewport(frame_of(size, self.app.settings.ui_scale).viewport)
        self.hud.repaint()

    def on_top(self) -> None:
        """Back on top (another screen covered the window): paint the whole HUD again; the
        sounds not heard before it was covered are not heard late."""
        self.hud.repaint()
        self.cues.clear()

    # --- commands -------------------------------------------------------------------------
    def submit(self, cmd: Command, heard: bool = True) -> Accepted | Rejected:
        """Send a command to the engine, then show its events (and sound them unless `heard` is
        False) and hand over if needed."""
        before = poses_of(self.state)
        result = self.session.submit(cmd)
        if isinstance(result, Rejected):
            self.say(result.reason)
            return result
        self.hud.add_events(result.events, self.state)
        self.motion.play(result.events, before, self.app.settings.animation_speed)
        self.tray.throw([e for e in result.events if isinstance(e, DiceRolled)],
                        self.app.settings.animation_speed)
        if heard:
            self.sound_cues(result.events)
        self.ctl.reset()
        if self.session.autosave_error:
            self.say(self.session.autosave_error)
        self.ai.rest()
        self.after_change()
        return result

    def sound_cues(self, events: list[Ev]) -> None:
        """Queue the sounds of a command's events in step with their playback; those due now
        start at once."""
        self.cues.add(cues_for(events, self.session.engine.table, self.state,
                               self.app.settings.animation_speed, self.motion.shown_at(events)))
        _play_due(self, 0.0)

    def say(self, msg: str) -> None:
        """Show a message over the table for a few seconds."""
        self.flash, self.flash_time = msg, 4.0

    def after_change(self) -> None:
        """Hand the mouse over when the acting side changes; show the result at the end."""
        state = self.state
        if state.over:
            return
        acting = state.acting_side
        if self.mode != "hotseat" or acting == self.holder or not acting:
            self.holder = acting
            return
        self.holder = acting
        if self.app.settings.blindfold:
            if state.pending is not None:
                waiting = state.model(state.pending.model)
                why = f"{waiting.name} must answer a {state.pending.kind.replace('_', ' ')}"
            else:
                why = f"Your Spear activates: {card_name(state, state.current_card)}"
            self.go(places.Push(places.Handover(acting, why)))

    def go(self, transition: places.Transition) -> None:
        """Ask to go somewhere (the first ask stands): the next handle or update returns it."""
        if self.outbox is None:
            self.outbox = transition

    def sent(self) -> places.Transition:
        """Where to go, handed to the app once."""
        out, self.outbox = self.outbox, None
        return out

    def end_spear(self) -> None:
        """End the person's Spear, asking first while some of it could still activate."""
        self.input.end_spear()

    def undo(self) -> None:
        """Ctrl+Z: take back the last command of this activation, if no die was rolled."""
        if self.session.undo():
            self.ctl.reset()
            self.motion.finish()
            self.cues.clear()
            self.hud.note("Undone.")
        else:
            self.say("Nothing to undo: undo works within an activation until a die is rolled.")

    def quicksave(self) -> str:
        """Save the game to the quick save slot now; returns the line telling how it went."""
        try:
            path = save_to_slot(self.session.match, self.app.saves_dir, "quicksave")
        except Exception as exc:
            return f"Save failed: {exc}"
        return f"Saved to {path.name}"

    def save_as(self, name: str) -> str:
        """Save the game now under a slot name the player chose; returns the line telling how it went."""
        try:
            save_to_slot(self.session.match, self.app.saves_dir, name)
        except Exception as exc:  # a refused name or a full disk is told, not a crash
            return f"Save failed: {exc}"
        return f"Saved as {name}"

    def animating(self) -> bool:
        """True while the last command's moves or dice still play."""
        return self.tray.busy or self.motion.busy

    def finish_animations(self) -> None:
        """Show the end of every move and roll now, and hear none of their sounds."""
        self.motion.finish()
        self.tray.throw([], 0.0)
        self.cues.clear()

    # --- routing --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> places.Transition:
        """Route one event to the input; returns where it leads, if anywhere."""
        self.input.handle(event)
        return self.sent()

    def update(self, dt: float) -> places.Transition:
        """Pan, animate, let the AI play, collect the hint, and show the result at the end; returns
        where to go (the handover, the result), if anywhere."""
        self.input.pan(dt)
        self.tray.update(dt)
        self.motion.update(dt)
        if self.app.settings.follow_camera:  # the active model, the AI's too, glided into view
            self.camera.follow(follow_point(self.state, self.motion.poses()))
        self.camera.glide(dt)
        _play_due(self, dt)
        self.flash_time = max(0.0, self.flash_time - dt)
        mouse = self.input.mouse
        if self.driving() and self.camera.viewport.collidepoint(mouse):
            engine = self.session.engine
            self.ctl.drive.point_at(engine.table, engine.state, self.camera.to_world(*mouse))
        self.hint.update()
        if self.ai.players:
            self.ai.update(dt)
        replayed = self.script is not None and len(self.session.match.commands) >= len(self.script)
        if replayed and self.ai.players:
            self.ai.players, self.result_shown = {}, True  # the replay is played out: it ends here
            self.say(REPLAY_OVER)
            self.flash_time = float("inf")
        if self.state.over and not self.result_shown and not self.tray.busy:
            self.result_shown = True
            self.go(places.Push(places.Result(self.session.match, self.campaign)))
        return self.sent()

    def draw(self, surface: pygame.Surface) -> None:
        """Map, overlays, tokens, preview, HUD: this frame's view, drawn."""
        if self.app.stack and self.app.stack[-1] is not self:
            self.hud.repaint()  # a screen on top paints over the HUD every frame
        draw_battle(self.view(), surface)
        self.ai.thinking.draw(surface, self.app.fonts, self.camera.viewport, self.app.keys.label("thinking"))

    # --- what is shown --------------------------------------------------------------------
    def current_preview(self) -> Preview | None:
        """The hover preview, recomputed only when something it depends on changed."""
        return self.look.hover(self.input.mouse, self.input.held(), self.human_acting())

    def layout(self) -> BattleLayout:
        """Where everything stands in the window now and what can be clicked there: the action
        bar's buttons, the side panel's rows and Perk cards, the odds box."""
        app, engine, mouse = self.app, self.session.engine, self.input.mouse
        frame = frame_of(app.surface.get_size(), app.settings.ui_scale)
        state = engine.state
        acting = "" if state.over else state.acting_side
        person = self.human_acting()
        hand = self.human or acting
        playable = self.ctl.perk_commands() if person else []
        shown = self.look.shown_model(mouse)
        content = PanelContent(
            state, engine.table, shown, acting,
            tuple(what_to_do(state, self.ctl, self.mode, app.keys, self.ai.acting())),
            self.look.shown_vehicle(mouse, shown), hand,
            ("you" if acting == self.human else "AI") if self.human and acting else "",
            self.hint.panel(app.keys), self.look.spear_roll(),
            perk_cards(engine, hand if self.mode != "watch" else "", playable),
            int(PERK_HEIGHT * app.settings.ui_scale))
        plan = self.hud.plan_panel(frame.panel_rect, content)
        actions = action_buttons(frame.bar_rect, app.fonts.body, self.ctl.actions() if person else [],
                                 self.undo if person and self.session.can_undo else None,
                                 lambda label: reaction_tip(engine, label))
        preview = self.current_preview()
        active = self.ctl.active()
        clear = base_rect(self.camera, engine.table, active) if active is not None else None
        box = None if preview is None else fit_preview(app.fonts, preview.lines, preview.legal, mouse,
                                                         self.camera.viewport, self.driving(), clear)
        perks = perk_buttons(plan, content, {c.card: c for c in playable}, self.submit)
        return BattleLayout(frame, actions, perks, content, plan, box)

    def view(self) -> BattleView:
        """This frame's view: what to draw, read once, laid out before drawing."""
        app, ctl, inp = self.app, self.ctl, self.input
        state = self.state
        active = ctl.active()
        status = self.ai.status(app.keys.label("skip_ai"))
        return BattleView(
            engine=self.session.engine, camera=self.camera, layout=self.layout(), hud=self.hud,
            fonts=app.fonts, cursor=inp.mouse,
            mouse=pygame.mouse.get_pos() if pygame.mouse.get_focused() else inp.mouse,
            selected=ctl.selected, active=active,
            focus=active or (state.find(ctl.selected) if ctl.selected else None),
            preview=self.current_preview(), controller=ctl, driving=self.driving(),
            show_rings=self.show_rings,
            ruler_from=inp.ruler_from if app.keys.held("ruler", inp.down) else None,
            sight=app.keys.held("sight", inp.down),
            board=self.hint.board, hint_footer=self.hint.footer(app.keys), spear=self.look.spear_roll(),
            trails=tuple(self.ai.trails), motion=self.motion, tray=self.tray, art=self.art,
            vehicle_art=self.vehicle_art, hint_art=self.hint_art,
            flash=self.flash if self.flash_time > 0 else "",
            banner=(status, state.acting_side) if status else None, now=pygame.time.get_ticks() / 1000.0,
            hidden=hidden_models(state, self.mode))


def _play_due(screen: BattleScreen, dt: float) -> None:
    """Start the table's sounds that are due."""
    for effect in screen.cues.due(dt):
        screen.app.sound.play(effect)
