"""The battle screen: the table, the HUD, and input turned into Commands for the engine."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ai import Player
from game.persist import Match
from game.persist.schema import HUMAN
from game.rules.commands import Command, EndSpear
from game.rules.engine import Accepted, Rejected
from game.rules.events import ActivationEnded, DiceRolled, Ev, GameEnded, Moved, SpearEnded
from game.rules.state import SIDES, GameState, Model, NoSide, Side, Vehicle
from game.scenario import scenario_path
from game.ui import places, theme
from game.ui.app import App, Screen
from game.ui.battle.cache import Layer, Same
from game.ui.battle.camera import Camera
from game.ui.battle.controller import GAMBIT_KEYS, GAMBIT_LABEL, Controller
from game.ui.battle.cues import CueQueue, cues_for
from game.ui.battle.dice import DiceTray
from game.ui.battle.hintmarks import HintArt, hint_colour
from game.ui.battle.hud import HintPanel, HintRow, Hud, card_name, reaction_tip
from game.ui.battle.intent import Held, Pointer
from game.ui.battle.motion import Motion, follow_point, poses_of
from game.ui.battle.previews import Preview
from game.ui.battle.session import UNDO_BREAKERS, Session
from game.ui.battle.spear import SpearMember, end_spear_question, next_to_act, panel_activation, spear_roll
from game.ui.battle.tokens import TokenArt, model_at
from game.ui.battle.vehicles import VehicleArt, crew_at, vehicle_at
from game.ui.hints import Hint, HintBoard, HintWorker
from game.ui.persistence import save_to_slot
from game.ui.solo import PACE, TRAIL_SECONDS, Thinker, ai_spec, ai_words, build_players, describe
from game.ui.widgets import Button, row, text

PAN_SPEED = 700  # screen pixels per second
EDGE = 6  # pixels from the window edge that scroll the map
PLAYING_KEYS = {"undo", "end_activation", "end_spear", "reload", *GAMBIT_KEYS}
HINT_PICKS = {"hint_1": 1, "hint_2": 2, "hint_3": 3}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
ACTIVATION_OVER = (ActivationEnded, SpearEnded, GameEnded)


class BattleScreen(Screen):
    """One game on the table: hot-seat, solo against an AI player, or two AI players watched."""

    covers_window = True  # the viewport, the top bar, the side panel and the action bar tile it

    def __init__(self, app: App, match: Match, mode: str | None = None, autosave: bool = True) -> None:
        super().__init__(app)
        self.outbox: places.Transition = None  # where to go, for handle or update to return
        mode = mode or match.mode
        if mode == "watch":
            # a side the match names nobody for is played by the AI at the normal level
            match.players = {s: p if p != HUMAN else ai_spec("normal") for s, p in match.players.items()}
        elif mode == "hotseat":
            match.players = {s: HUMAN for s in match.players}
        elif list(match.players.values()).count(HUMAN) != 1:
            raise ValueError(f"a solo game needs one human side, not {match.players}")
        match.mode = self.mode = mode
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
        self.camera = Camera(scenario_path(self.state.scenario), self._viewport(app.surface.get_size()))
        self.buttons: list[Button] = []
        self.down: set[int] = set()
        self.mouse = (0, 0)
        self.mouse_pinned = False  # docs screenshots hold the cursor still
        self.drag_from: tuple[int, int] | None = None
        self.ruler_from: tuple[float, float] | None = None
        self.show_rings = False
        self.flash = ""
        self.flash_time = 0.0
        self.holder = self.state.acting_side
        self.result_shown = False
        # the AI players by side (none in hot-seat); they choose in a worker thread (see Thinker)
        self.players: dict[str, Player]
        self.players, notice = build_players(match.players, self.state.seed)
        if notice:
            self.say(notice)
        self.thinker = Thinker(self.session.engine.table)
        self.skipping = False  # the AI's activation is played out at once (the skip key)
        self.ai_wait = self.ai_pace()
        self.ai_error = ""
        self.ai_said = ("", "")  # the side whose AI gave the last command, and what it did in words
        self.trails: list[tuple[list[tuple[float, float]], str, float]] = []  # AI moves: path, side, age
        self._preview_key: tuple[object, ...] = ()
        self._preview: Preview | None = None
        self.preview_box: pygame.Rect | None = None  # where the odds box was last drawn
        self._hit_key: tuple[object, ...] = ()
        self._hit: Model | None = None
        self.bar_layer = Layer()  # the action bar's picture
        self._spear_key: tuple[object, ...] = ()
        self._spear: tuple[SpearMember, ...] = ()
        # the hint (H): the default AI's best commands for the person, worked out in a worker thread
        self.advice = HintBoard(HintWorker(self.session.engine.table))
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

    def ai_acting(self) -> bool:
        """True while an AI player gives the next command (a reaction it is offered included)."""
        state = self.state
        return not state.over and state.acting_side in self.players

    def human_acting(self) -> bool:
        """True while a person at this machine gives the next command."""
        state = self.state
        return not state.over and bool(state.acting_side) and state.acting_side not in self.players

    def human_side(self) -> Side | NoSide:
        """The person's side in a solo game ("" in hot-seat and watched games)."""
        if self.mode != "solo":
            return ""
        players = self.session.match.players
        return next((s for s in SIDES if players.get(s) == HUMAN), "")

    def ai_pace(self) -> float:
        """Seconds between two AI commands at the chosen AI speed (0 while skipping)."""
        return 0.0 if self.skipping else PACE[self.app.settings.ai_speed]

    # --- layout ---------------------------------------------------------------------------
    def sizes(self) -> tuple[int, int, int]:
        """The top bar's height, the action bar's height and the side panel's width, in pixels."""
        return self._sizes()

    def _sizes(self) -> tuple[int, int, int]:
        s = self.app.settings.ui_scale
        return int(40 * s), int(56 * s), int(340 * s)  # top bar, action bar, side panel

    def _viewport(self, size: tuple[int, int]) -> pygame.Rect:
        top, bar, side = self._sizes()
        return pygame.Rect(0, top, size[0] - side, size[1] - top - bar)

    def resized(self, size: tuple[int, int]) -> None:
        """Fit the map to the new window."""
        self.hud.fonts = self.app.fonts
        self.camera.set_viewport(self._viewport(size))
        self.repaint_hud()

    def on_top(self) -> None:
        """Back on top (another screen covered the window): paint the whole HUD again; the
        sounds not heard before it was covered are not heard late."""
        self.repaint_hud()
        self.cues.clear()

    def repaint_hud(self) -> None:
        """Forget where the HUD pictures stand, so the next frame blits them all."""
        for layer in (self.hud._top, self.hud._panel, self.bar_layer):
            layer.placed = None

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
        self.ai_wait = self.ai_pace()
        self.after_change()
        return result

    def sound_cues(self, events: list[Ev]) -> None:
        """Queue the sounds of a command's events in step with their playback; those due now
        start at once."""
        self.cues.add(cues_for(events, self.session.engine.table, self.state,
                               self.app.settings.animation_speed, self.motion.shown_at(events)))
        self.play_sounds(0.0)

    def play_sounds(self, dt: float) -> None:
        """Start the sounds that are due."""
        for effect in self.cues.due(dt):
            self.app.sound.play(effect)

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
        """End the person's Spear (Space with no model active, the End Spear key or button); while
        some of its models could still activate, ask first, unless the Settings say not to."""
        state = self.state
        side = state.acting_side
        if not side or not self.human_acting():
            return
        cmd = EndSpear(side=side)
        question = end_spear_question(state)
        if question is None or not self.app.settings.confirm_end_spear:
            self.submit(cmd)
            return
        heading, message = question
        self.go(places.Push(places.Confirm(heading, message, on_yes=lambda: self._end_confirmed(cmd),
                                           stop_asking=self._stop_asking)))

    def _end_confirmed(self, cmd: EndSpear) -> places.Transition:
        """Yes to the question: end the Spear; returns where that leads (a handover)."""
        self.submit(cmd)
        return self.sent()

    def _stop_asking(self) -> None:
        """The question's "Don't ask again": turn it off in the Settings (and save them)."""
        self.app.settings.confirm_end_spear = False
        problem = self.app.apply_settings()
        self.say(problem or "Ending a Spear early no longer asks first (Settings turns it back on).")

    def undo(self) -> None:
        """Ctrl+Z: take back the last command of this activation, if no die was rolled."""
        if self.session.undo():
            self.ctl.reset()
            self.motion.finish()
            self.cues.clear()
            self.hud.log.append(self.hud.log[-1].__class__("Undone.", "", theme.DIM))
        else:
            self.say("Nothing to undo: undo works within an activation until a die is rolled.")

    # --- input ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> places.Transition:
        """Route one event; returns where it leads, if anywhere."""
        if event.type == pygame.KEYDOWN:
            self.down.add(event.key)
            self._key(event)
        elif event.type == pygame.KEYUP:
            self.down.discard(event.key)
            if self.app.keys.is_action(event.key, "ruler"):
                self.ruler_from = None
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._press(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self._right_release(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event)
        return self.sent()

    def driving(self) -> bool:
        """True while the active model is a driver setting his Drive (a person's only)."""
        return self.human_acting() and self.ctl.drive.sync(self.session.engine) is not None

    def _key(self, event: pygame.event.Event) -> None:
        keys, ctl = self.app.keys, self.ctl
        acts = keys.actions(event.key)
        if "skip_ai" in acts and self.ai_acting():
            self.skip_ai()
            return
        if "hint" in acts and not event.mod & pygame.KMOD_CTRL:
            self.toggle_hints()
            return
        pick = next((HINT_PICKS[a] for a in acts if a in HINT_PICKS), 0)
        if pick and self.advice.shown:
            self.pick_hint(pick)
            return
        if event.key in ENTER and self.advice.active:  # Enter belongs to the hint list while it is open
            if self.advice.chosen() is not None and self.human_acting():
                self.play_hint()
            elif self.advice.shown:
                self.say(f"Press 1-{len(self.advice.shown)} or click a hint first; Enter then plays it.")
            return
        if not self.human_acting() and set(acts) & PLAYING_KEYS:
            return  # the AI is playing: the person's commands wait for their turn
        if self.driving() and not event.mod & pygame.KMOD_CTRL:
            if "zoom_in" in acts or "zoom_out" in acts:
                ctl.change_speed(1 if "zoom_in" in acts else -1)
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                ctl.commit_drive()
                return
        if "undo" in acts and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif "back" in acts:
            self._escape()
        elif "quicksave" in acts:
            self.say(self.quicksave())
        elif "zoom_in" in acts or "zoom_out" in acts:
            self.camera.step_zoom(1 if "zoom_in" in acts else -1)
        elif "rings" in acts:
            self.show_rings = not self.show_rings
        elif "next_model" in acts:
            self.next_member()
        elif "end_activation" in acts:
            self._end_activation()
        elif "end_spear" in acts and not self.state.active_model:
            self._press_button("End Spear")
        elif "reload" in acts:
            self._press_button("Reload")
        elif "ruler" in acts:
            self.ruler_from = self.camera.to_world(*self.mouse)
        else:
            for action, gambit in GAMBIT_KEYS.items():
                if action in acts and self.state.active_model:
                    ctl.toggle_gambit(gambit)

    def _escape(self) -> None:
        if self.advice.active:
            self.advice.clear()
        elif self.ctl.waypoints or self.ctl.gambit or self.ctl.shoot_armed:
            self.ctl.reset()
        elif self.driving() and self.ctl.drive.changed():
            self.ctl.drive.reset()
        else:
            self.go(places.Push(places.Pause(self)))

    def quicksave(self) -> str:
        """Save the game to the quick save slot now; returns the line telling how it went."""
        try:
            path = save_to_slot(self.session.match, self.app.saves_dir, "quicksave")
        except Exception as exc:
            return f"Save failed: {exc}"
        return f"Saved to {path.name}"

    def _end_activation(self) -> None:
        """Space: end the active model's activation (else the Spear). Right after a refused command
        it asks for a second press; an activation ended with no die rolled can be undone."""
        m, session = self.ctl.active(), self.session
        if m is not None and session.last_error:
            session.last_error = ""
            label = self.app.keys.label("end_activation")
            self.say(f"That was refused. {label} again ends {m.name}'s activation.")
            return
        kept, mark, since = list(session.undo_stack), session.match.mark(), len(session.engine.log)
        for label in ("End activation", "End Spear"):
            if self._press_button(label):
                break
        after = session.engine.log[since:]
        ended = any(isinstance(e, ActivationEnded) for e in after)
        rolled = any(isinstance(e, UNDO_BREAKERS) and not isinstance(e, ActivationEnded) for e in after)
        if m is not None and ended and not rolled:
            session.undo_stack[:] = [*kept, mark]  # nothing was rolled: Ctrl+Z brings it back

    def _press_button(self, label: str) -> bool:
        for label_, action, _ in self.ctl.actions():
            if label_ == label:
                action()
                return True
        return False

    def _motion(self, event: pygame.event.Event) -> None:
        if self.drag_from is not None and event.buttons[2]:
            self.camera.pan(-event.rel[0], -event.rel[1])
        if not self.mouse_pinned:
            self.mouse = event.pos

    def _press(self, event: pygame.event.Event) -> None:
        self.mouse = event.pos
        if event.button == 3:
            self.drag_from = event.pos
            return
        if event.button != 1:
            return
        for button in self.buttons:
            if button.click(event.pos):
                return
        rank = self.hud.hint_click(event.pos) if self.advice.shown else 0
        if rank:
            self.pick_hint(rank)
            return
        member = self.hud.spear_click(event.pos)
        if member:
            self.show_member(member)
            return
        rule = self.hud.log_click(event.pos)
        if rule is not None:
            self.go(places.Push(places.Rules(rule)))
            return
        if self.camera.viewport.collidepoint(event.pos) and not self.human_acting():
            world = self.camera.to_world(*event.pos)  # look, not act: the card shows the model
            hit, vehicle = self.model_under(world), self.vehicle_under(world)
            self.ctl.selected = hit.id if hit else vehicle.id if vehicle else ""
        elif self.camera.viewport.collidepoint(event.pos):
            self.ctl.click(self.pointer_at(event.pos), self.held())

    def _right_release(self, pos: tuple[int, int]) -> None:
        start, self.drag_from = self.drag_from, None
        if start is not None and abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < 4:
            self.ctl.reset()

    def _wheel(self, event: pygame.event.Event) -> None:
        ctrl = pygame.key.get_mods() & pygame.KMOD_CTRL
        if self.camera.viewport.collidepoint(self.mouse) and self.driving() and not ctrl:
            self.ctl.change_speed(1 if event.y > 0 else -1)  # Ctrl+wheel still zooms
        elif self.camera.viewport.collidepoint(self.mouse):
            self.camera.step_zoom(1 if event.y > 0 else -1, self.mouse)
        elif self.mouse[0] >= self.camera.viewport.right:
            self.hud.log_scroll += 3 * event.y

    # --- update ---------------------------------------------------------------------------
    def update(self, dt: float) -> places.Transition:
        """Pan, animate, let the AI play in watch mode, and show the result at the end; returns
        where to go (the handover, the result), if anywhere."""
        self._pan(dt)
        self.tray.update(dt)
        self.motion.update(dt)
        if self.app.settings.follow_camera:  # the active model, the AI's too, glided into view
            self.camera.follow(follow_point(self.state, self.motion.poses()))
        self.camera.glide(dt)
        self.play_sounds(dt)
        self.flash_time = max(0.0, self.flash_time - dt)
        if self.driving() and self.camera.viewport.collidepoint(self.mouse):
            engine = self.session.engine
            self.ctl.drive.point_at(engine.table, engine.state, self.camera.to_world(*self.mouse))
        self._hint_update()
        if self.players:
            self._ai_update(dt)
            self.trails = [(p, s, age + dt) for p, s, age in self.trails if age + dt < TRAIL_SECONDS]
        if self.state.over and not self.result_shown and not self.tray.busy:
            self.result_shown = True
            self.go(places.Push(places.Result(self.session.match)))
        return self.sent()

    # --- the hint ---------------------------------------------------------------------------
    def can_hint(self) -> bool:
        """True when a hint may be asked for: a person at this machine gives the next command."""
        return self.mode != "watch" and self.human_acting()

    def _hint_token(self) -> tuple[object, ...]:
        """The position hints are made for: any command, undo or new game makes another."""
        engine = self.session.engine
        return Same(engine.state), len(engine.commands), len(engine.log)

    def toggle_hints(self) -> None:
        """The hint key: ask the default AI for the person's best commands, or hide them."""
        if self.advice.active:
            self.advice.clear()
        elif self.can_hint():
            side = self.state.acting_side
            if side:
                self.advice.ask(self.state, side, self._hint_token())

    def pick_hint(self, rank: int) -> None:
        """Highlight one hint (1-3): its preview shows in the table's corner."""
        self.advice.pick(rank)

    def play_hint(self) -> None:
        """Enter on a highlighted hint: give its command, through the same path as a click."""
        hint = self.advice.chosen()
        if hint is None or not self.can_hint():
            return
        if isinstance(hint.command, EndSpear):  # asked about like Space or the button would be
            self.end_spear()
        else:
            self.submit(hint.command)

    def _hint_update(self) -> None:
        """Collect the worked-out hints; hide them once the position changes or the person's
        turn is over."""
        if self.advice.active and not self.can_hint():
            self.advice.clear()
        self.advice.update(self.state, self._hint_token(), self.session.engine.check)

    def hint_panel(self) -> HintPanel | None:
        """The hint box of the side panel (None when no hint is asked for)."""
        board = self.advice
        if not board.active:
            return None
        keys = self.app.keys
        if board.error:
            return HintPanel(note=board.error, footer=f"{keys.label('hint')} hides this.")
        if not board.shown:
            dots = "." * (1 + (pygame.time.get_ticks() // 300) % 3)
            return HintPanel(note=f"The AI is thinking{dots}")
        rows = tuple(HintRow(h.rank, f"{h.rank}. {h.text}", h.value, h.summary,
                             hint_colour(h.rank, board.picked), h.rank == board.picked) for h in board.shown)
        play = "; Enter plays it" if board.picked else ""
        footer = (f"Click a hint or press 1-{len(rows)} to show it{play}. Scores are in expected "
                  f"Valour. {keys.label('hint')} or Esc hides them.")
        return HintPanel(rows, footer=footer)

    def shown_hints(self) -> list[Hint]:
        """The hints drawn on the table now."""
        return list(self.advice.shown)

    # --- the AI players ---------------------------------------------------------------------
    def skip_ai(self) -> None:
        """The skip key: play the AI's activation out at once, without pauses or animations."""
        self.skipping = True
        self.ai_wait = 0.0
        self._finish_animations()

    def _finish_animations(self) -> None:
        self.motion.finish()
        self.tray.throw([], 0.0)
        self.cues.clear()

    def _ai_token(self) -> tuple[int, int]:
        """What an AI choice was made for: a choice for an older position is thrown away."""
        return id(self.state), len(self.session.engine.commands)

    def _ai_update(self, dt: float) -> None:
        """Collect the command the worker chose and submit it; else start the next choice when
        the last command's animations and the pause after them are over."""
        if not self.ai_acting() or self.ai_error:
            self.skipping = False
            return
        side = self.state.acting_side
        if not side:
            return
        found = self.thinker.poll()
        if found is not None:
            token, cmd = found
            if token == self._ai_token():
                self._ai_submit(side, cmd)
            return
        if self.thinker.busy:
            return
        instant = self.ai_pace() == 0.0
        if not instant and (self.tray.busy or self.motion.busy):
            return
        self.ai_wait -= dt
        if self.ai_wait > 0 and not instant:
            return
        self.thinker.start(self.players[side], self.state, side, self._ai_token())

    def _ai_submit(self, side: str, cmd: Command | BaseException) -> None:
        """Submit the AI's command through the same path as a person's clicks."""
        if isinstance(cmd, BaseException):
            self.ai_error = f"The {theme.SIDE_NAME[side]} AI failed: {type(cmd).__name__}: {cmd}"
            self.say(self.ai_error)
            return
        result = self.submit(cmd, heard=not (self.skipping or self.ai_pace() == 0.0))
        if isinstance(result, Rejected):
            self.ai_error = f"The {theme.SIDE_NAME[side]} AI gave a refused command: {result.reason}"
            self.say(self.ai_error)
            return
        if self.mode == "solo":
            self.session.undo_stack.clear()  # a person's undo never takes back the AI's answer
        self.trails += [(list(e.path), side, 0.0) for e in result.events if isinstance(e, Moved)]
        self.ai_said = (side, ai_words(result.events, self.state, self.session.engine.table))
        if self.skipping or self.ai_pace() == 0.0:
            self._finish_animations()
        if any(isinstance(e, ACTIVATION_OVER) for e in result.events) or not self.ai_acting():
            self.skipping = False
            self.ai_wait = self.ai_pace()

    def ai_status(self) -> str:
        """What the acting AI player is doing, for the banner over the table ("" if none acts)."""
        if not self.ai_acting():
            return ""
        side = self.state.acting_side
        name = f"{theme.SIDE_NAME[side]} AI"
        if self.ai_error:
            return f"{name} is stuck   {self.ai_error}"
        doing = "answers the charge" if self.state.pending is not None else "plays"
        if self.thinker.busy:
            doing = "is thinking" + "." * (1 + (pygame.time.get_ticks() // 300) % 3)
        who = describe(self.session.match.players[side])
        said_by, said = self.ai_said
        head, who = (f"{theme.SIDE_NAME[said_by]} AI: {said}", f"{name} {doing}  ·  {who}") if said \
            else (f"{name} {doing}", who)
        if self.state.pending is not None:
            return f"{head}   {who}"
        skip = self.app.keys.label("skip_ai")
        return f"{head}   {who}  ·  {skip}: skip to the end of its activation"

    def _pan(self, dt: float) -> None:
        keys = self.app.keys
        dx = dy = 0.0
        aiming = keys.held("shoot", self.down) and self.human_acting()  # S shoots then, never pans
        for action, (ax, ay) in (("pan_left", (-1, 0)), ("pan_right", (1, 0)), ("pan_up", (0, -1)),
                                 ("pan_down", (0, 1))):
            if keys.held(action, self.down) and not (aiming and action == "pan_down"):
                dx, dy = dx + ax, dy + ay
        w, h = self.app.surface.get_size()
        if pygame.mouse.get_focused() and self.app.fullscreen:
            mx, my = self.mouse
            dx += (mx < EDGE) * -1 + (mx > w - EDGE)
            dy += (my < EDGE) * -1 + (my > h - EDGE)
        if dx or dy:
            self.camera.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Map, overlays, tokens, preview, HUD."""
        from game.ui.battle.draw import draw_battle

        if self.app.stack and self.app.stack[-1] is not self:
            self.repaint_hud()  # a screen on top paints over the HUD every frame
        draw_battle(self, surface)

    def current_preview(self) -> Preview | None:
        """The hover preview, recomputed only when something it depends on changed."""
        if not self.camera.viewport.collidepoint(self.mouse) or not self.human_acting():
            return None
        pointer, held = self.pointer_at(self.mouse), self.held()
        world, hit, vehicle = pointer.world, pointer.hit, pointer.vehicle
        ctl = self.ctl
        aim = ctl.drive.aim
        key = (id(self.state), len(self.session.engine.log), world,  # exact: a click there does the same
               hit.id if hit else "", vehicle.id if vehicle else "", held, ctl.gambit, ctl.option,
               ctl.shoot_armed, tuple(ctl.waypoints), (aim.heading, aim.speed) if aim else None)
        if key != self._preview_key:
            self._preview_key = key
            self._preview = ctl.preview(pointer, held)
        return self._preview

    def pointer_at(self, pos: tuple[int, int]) -> Pointer:
        """The table under a screen position: the point, and the model (else vehicle) there."""
        world = self.camera.to_world(*pos)
        return Pointer(world, self.model_under(world), self.vehicle_under(world))

    def held(self) -> Held:
        """The modifier keys held now: shoot, waypoint, measure."""
        keys, down = self.app.keys, self.down
        return Held(keys.held("shoot", down), keys.held("waypoint", down), keys.held("ruler", down))

    def model_under(self, world: tuple[float, float]) -> Model | None:
        """model_at for a point, remembered until the point or the game changes (drawing asks
        for the model under the cursor more than once a frame)."""
        key = (Same(self.state), len(self.session.engine.log), world)
        if key != self._hit_key:
            self._hit_key = key
            table = self.session.engine.table
            self._hit = crew_at(table, self.state, *world) or model_at(table, self.state, *world)
        return self._hit

    def spear_roll(self) -> tuple[SpearMember, ...]:
        """The activating Spear's members and where each stands, as the table marks them and the
        panel lists them (worked out again only when the game changes)."""
        engine = self.session.engine
        key = (Same(engine.state), len(engine.log))
        if key != self._spear_key:
            self._spear_key, self._spear = key, spear_roll(engine.table, engine.state)
        return self._spear

    def show_member(self, model_id: str) -> None:
        """A click on a Spear member's row in the panel: activate him if he may activate now, else
        select him and say why not; the table is centred on him either way."""
        m = self.state.find(model_id)
        if m is None or m.removed:
            return
        self.ctl.selected = m.id
        self.camera.look_at(m.x, m.y)
        if self.human_acting():
            verdict = panel_activation(self.session.engine, m.id)
            if isinstance(verdict, str):
                self.say(verdict)
            else:
                self.submit(verdict)

    def next_member(self) -> None:
        """The next-model key: select the next model of the Spear still to act and centre on him."""
        nxt = next_to_act(self.spear_roll(), self.ctl.selected)
        m = self.state.find(nxt) if nxt else None
        if m is None:
            self.say("No model of this Spear is left to act.")
            return
        self.ctl.selected = m.id
        self.camera.look_at(m.x, m.y)

    def vehicle_under(self, world: tuple[float, float]) -> Vehicle | None:
        """The cart or wagon whose footprint covers a point, if any."""
        return vehicle_at(self.session.engine.table, self.state, *world)

    def action_buttons(self, rect: pygame.Rect) -> list[Button]:
        """The action bar's buttons for the acting side."""
        font = self.app.fonts.body
        if not self.human_acting():
            return []
        actions = self.ctl.actions()
        items: list[tuple[str, Callable[[], object]]] = [(label, act) for label, act, _ in actions]
        selected = {label for label, _, sel in actions if sel}
        if self.session.can_undo:
            items.append(("Undo (Ctrl+Z)", self.undo))
        buttons = row(items, rect.left + 10, rect.top + 8, rect.height - 16, font)
        for b in buttons:
            b.selected = b.label in selected
            b.hint = reaction_tip(self.session.engine, b.label)  # an answer to a charge, with its odds
        return buttons

    def hints(self) -> list[str]:
        """One or two lines telling the player what to do now."""
        state, ctl = self.state, self.ctl
        if state.over:
            return ["The game is over."]
        if self.mode == "watch":
            return [f"Watching the AI play. {self.app.keys.label('skip_ai')} skips to the end of an "
                    "activation; Esc for the menu."]
        if self.ai_acting():
            side = theme.SIDE_NAME[state.acting_side]
            what = "answers" if state.pending is not None else "plays"
            return [f"{side} (the AI) {what}: wait for your turn. {self.app.keys.label('skip_ai')} "
                    "skips to the end of its activation.", "G rings, M ruler, V sight; Esc pauses."]
        hint = f"{self.app.keys.label('hint')} asks the AI for a hint."
        if state.pending is not None:
            return [f"Answer the charge with a button below. {hint}"]
        m = ctl.active()
        if m is None:
            hero = state.find(state.current_card)
            waits = hero is not None and not hero.removed and not hero.activated
            first = " (the Hero, under the pennant, first)" if waits else ""
            nxt = self.app.keys.label("next_model")
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

    def text(self, surface: pygame.Surface, msg: str, pos: tuple[int, int]) -> None:
        """A line of body text."""
        text(surface, msg, self.app.fonts.body, pos)
