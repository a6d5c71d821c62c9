"""The person's hands on the table: keys and mouse turned into the table's actions.

`TableInput` keeps what the hands hold (the keys down, where the mouse is, a right-drag, the
ruler's start) and routes each event: keys to their actions, clicks to the buttons and rows the
layout offers (worked out for this very moment, not read off the last frame), then to the table
through the controller. It knows the table only by what it asks of it (`Playing`).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.rules.commands import Command, EndSpear
from game.rules.engine import Accepted, Rejected
from game.rules.events import ActivationEnded
from game.rules.state import GameState
from game.ui import places
from game.ui.app import App
from game.ui.battle.ai_pace import AiPace
from game.ui.battle.camera import Camera
from game.ui.battle.controller import GAMBIT_KEYS, Controller
from game.ui.battle.hint_panel import HintDesk
from game.ui.battle.hud import Hud
from game.ui.battle.intent import Held
from game.ui.battle.layout import BattleLayout
from game.ui.battle.session import UNDO_BREAKERS, Session
from game.ui.battle.spear import end_spear_question, next_to_act, panel_activation
from game.ui.battle.view import Look

PAN_SPEED = 700  # screen pixels per second
EDGE = 6  # pixels from the window edge that scroll the map
PLAYING_KEYS = {"undo", "end_activation", "end_spear", "reload", *GAMBIT_KEYS}
HINT_PICKS = {"hint_1": 1, "hint_2": 2, "hint_3": 3}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class Playing(Protocol):
    """What the person's input asks of the table."""

    app: App
    session: Session
    ctl: Controller
    camera: Camera
    hud: Hud
    hint: HintDesk
    ai: AiPace
    look: Look
    show_rings: bool

    @property
    def state(self) -> GameState:
        """The game state."""
        ...

    def human_acting(self) -> bool:
        """True while a person at this machine gives the next command."""
        ...

    def driving(self) -> bool:
        """True while the active model is a driver setting his Drive."""
        ...

    def layout(self) -> BattleLayout:
        """Where everything stands, and what can be clicked, now."""
        ...

    def submit(self, cmd: Command, heard: bool = True) -> Accepted | Rejected:
        """Give a command."""
        ...

    def undo(self) -> None:
        """Take back the last command of the activation."""
        ...

    def quicksave(self) -> str:
        """Save to the quick save slot; the line telling how it went."""
        ...

    def save_as(self, name: str) -> str:
        """Save under a name the player chose (the pause menu's Save game); the line telling how it went."""
        ...

    def say(self, msg: str) -> None:
        """Show a message over the table."""
        ...

    def go(self, transition: places.Transition) -> None:
        """Ask to go somewhere."""
        ...

    def sent(self) -> places.Transition:
        """Where to go, handed over once."""
        ...


class TableInput:
    """The keys held, the mouse, and what each event does to the table."""

    def __init__(self, table: Playing) -> None:
        self.table = table
        self.down: set[int] = set()
        self.mouse = (0, 0)
        self.mouse_pinned = False  # docs screenshots hold the cursor still
        self.drag_from: tuple[int, int] | None = None
        self.ruler_from: tuple[float, float] | None = None

    def held(self) -> Held:
        """The modifier keys held now: shoot, waypoint, measure."""
        keys, down = self.table.app.keys, self.down
        return Held(keys.held("shoot", down), keys.held("waypoint", down), keys.held("ruler", down))

    def handle(self, event: pygame.event.Event) -> None:
        """Route one event to what it does."""
        if event.type == pygame.KEYDOWN:
            self.down.add(event.key)
            self._key(event)
        elif event.type == pygame.KEYUP:
            self.down.discard(event.key)
            if self.table.app.keys.is_action(event.key, "ruler"):
                self.ruler_from = None
        elif event.type == pygame.MOUSEMOTION:
            if self.drag_from is not None and event.buttons[2]:
                self.table.camera.pan(-event.rel[0], -event.rel[1])
            if not self.mouse_pinned:
                self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._press(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            start, self.drag_from = self.drag_from, None
            pos = event.pos
            if start is not None and abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < 4:
                self.table.ctl.reset()
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event)

    def _hint_key(self, event: pygame.event.Event, acts: list[str]) -> bool:
        """The hint's keys: show or hide, pick one, play it (True if the key was one of them)."""
        table, hint = self.table, self.table.hint
        if "hint" in acts and not event.mod & pygame.KMOD_CTRL:
            hint.toggle()
            return True
        pick = next((HINT_PICKS[a] for a in acts if a in HINT_PICKS), 0)
        if pick and hint.board.shown:
            hint.pick(pick)
            return True
        if event.key in ENTER and hint.board.active:  # Enter belongs to the hint list while it is open
            if hint.board.chosen() is not None and table.human_acting():
                hint.play()
            elif hint.board.shown:
                table.say(f"Press 1-{len(hint.board.shown)} or click a hint first; Enter then plays it.")
            return True
        return False

    def _key(self, event: pygame.event.Event) -> None:
        table = self.table
        ctl = table.ctl
        acts = table.app.keys.actions(event.key)
        if "skip_ai" in acts and table.ai.acting():
            table.ai.skip()
            return
        if "thinking" in acts and table.ai.players:
            table.ai.thinking.toggle()
            return
        if self._hint_key(event, acts):
            return
        if not table.human_acting() and set(acts) & PLAYING_KEYS:
            return  # the AI is playing: the person's commands wait for their turn
        if table.driving() and not event.mod & pygame.KMOD_CTRL:
            if "zoom_in" in acts or "zoom_out" in acts:
                ctl.change_speed(1 if "zoom_in" in acts else -1)
                return
            if event.key in ENTER:
                ctl.commit_drive()
                return
        if "undo" in acts and event.mod & pygame.KMOD_CTRL:
            table.undo()
        elif "back" in acts:
            self._escape()
        elif "quicksave" in acts:
            table.say(table.quicksave())
        elif "zoom_in" in acts or "zoom_out" in acts:
            table.camera.step_zoom(1 if "zoom_in" in acts else -1)
        elif "rings" in acts:
            table.show_rings = not table.show_rings
        elif "next_model" in acts:
            self.next_member()
        elif "end_activation" in acts:
            self.end_activation()
        elif "end_spear" in acts and not table.state.active_model:
            self.press_button("End Spear")
        elif "reload" in acts:
            self.press_button("Reload")
        elif "ruler" in acts:
            self.ruler_from = table.camera.to_world(*self.mouse)
        else:
            for action, gambit in GAMBIT_KEYS.items():
                if action in acts and table.state.active_model:
                    ctl.toggle_gambit(gambit)

    def _escape(self) -> None:
        table = self.table
        ctl = table.ctl
        if table.hint.board.active:
            table.hint.board.clear()
        elif ctl.waypoints or ctl.gambit or ctl.shoot_armed:
            ctl.reset()
        elif table.driving() and ctl.drive.changed():
            ctl.drive.reset()
        else:
            table.go(places.Push(places.Pause(table)))

    def end_activation(self) -> None:
        """Space: end the active model's activation (else the Spear). Right after a refused command
        it asks for a second press; an activation ended with no die rolled can be undone."""
        table = self.table
        m, session = table.ctl.active(), table.session
        if m is not None and session.last_error:
            session.last_error = ""
            label = table.app.keys.label("end_activation")
            table.say(f"That was refused. {label} again ends {m.name}'s activation.")
            return
        kept, mark, since = list(session.undo_stack), session.match.mark(), len(session.engine.log)
        for label in ("End activation", "End Spear"):
            if self.press_button(label):
                break
        after = session.engine.log[since:]
        ended = any(isinstance(e, ActivationEnded) for e in after)
        rolled = any(isinstance(e, UNDO_BREAKERS) and not isinstance(e, ActivationEnded) for e in after)
        if m is not None and ended and not rolled:
            session.undo_stack[:] = [*kept, mark]  # nothing was rolled: Ctrl+Z brings it back

    def press_button(self, label: str) -> bool:
        """Do what the action bar's button of this label does (False if there is none)."""
        for label_, action, _ in self.table.ctl.actions():
            if label_ == label:
                action()
                return True
        return False

    def _press(self, event: pygame.event.Event) -> None:
        table = self.table
        self.mouse = event.pos
        if event.button == 3:
            self.drag_from = event.pos
            return
        if event.button != 1:
            return
        layout = table.layout()  # what the window offers now, whatever the last frame showed
        for button in layout.buttons:
            if button.click(event.pos):
                return
        rank = layout.hint_at(event.pos) if table.hint.board.shown else 0
        if rank:
            table.hint.pick(rank)
            return
        member = layout.spear_at(event.pos)
        if member:
            self.show_member(member)
            return
        rule = layout.log_at(event.pos)
        if rule is not None:
            table.go(places.Push(places.Rules(rule)))
            return
        view = table.camera.viewport
        if view.collidepoint(event.pos) and not table.human_acting():
            world = table.camera.to_world(*event.pos)  # look, not act: the card shows the model
            hit, vehicle = table.look.model_under(world), table.look.vehicle_under(world)
            table.ctl.selected = hit.id if hit else vehicle.id if vehicle else ""
        elif view.collidepoint(event.pos):
            table.ctl.click(table.look.pointer_at(event.pos), self.held())

    def _wheel(self, event: pygame.event.Event) -> None:
        table = self.table
        view = table.camera.viewport
        ctrl = pygame.key.get_mods() & pygame.KMOD_CTRL
        if view.collidepoint(self.mouse) and table.driving() and not ctrl:
            table.ctl.change_speed(1 if event.y > 0 else -1)  # Ctrl+wheel still zooms
        elif view.collidepoint(self.mouse):
            table.camera.step_zoom(1 if event.y > 0 else -1, self.mouse)
        elif self.mouse[0] >= view.right:
            table.hud.scroll_log(3 * event.y, table.layout().plan.log_most)

    def pan(self, dt: float) -> None:
        """Scroll the table with the pan keys (and the window's edges in full screen)."""
        table = self.table
        keys, app = table.app.keys, table.app
        dx = dy = 0.0
        aiming = keys.held("shoot", self.down) and table.human_acting()  # S shoots then, never pans
        for action, (ax, ay) in (("pan_left", (-1, 0)), ("pan_right", (1, 0)), ("pan_up", (0, -1)),
                                 ("pan_down", (0, 1))):
            if keys.held(action, self.down) and not (aiming and action == "pan_down"):
                dx, dy = dx + ax, dy + ay
        w, h = app.surface.get_size()
        if pygame.mouse.get_focused() and app.fullscreen:
            mx, my = self.mouse
            dx += (mx < EDGE) * -1 + (mx > w - EDGE)
            dy += (my < EDGE) * -1 + (my > h - EDGE)
        if dx or dy:
            table.camera.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)

    # --- the Spear --------------------------------------------------------------------------
    def show_member(self, model_id: str) -> None:
        """A click on a Spear member's row in the panel: activate him if he may activate now, else
        select him and say why not; the table is centred on him either way."""
        table = self.table
        m = table.state.find(model_id)
        if m is None or m.removed:
            return
        table.ctl.selected = m.id
        if table.state.deploying is not None:  # before the first card: picked, to stand where clicked
            if m.x >= 0.0:
                table.camera.look_at(m.x, m.y)
            if table.human_acting():
                table.say(f"Click inside the zone to stand {m.name} there.")
            return
        table.camera.look_at(m.x, m.y)
        if table.human_acting():
            verdict = panel_activation(table.session.engine, m.id)
            if isinstance(verdict, str):
                table.say(verdict)
            else:
                table.submit(verdict)

    def next_member(self) -> None:
        """The next-model key: select the next model of the Spear still to act and centre on him."""
        table = self.table
        nxt = next_to_act(table.look.spear_roll(), table.ctl.selected)
        m = table.state.find(nxt) if nxt else None
        if m is None:
            table.say("No model of this Spear is left to act.")
            return
        table.ctl.selected = m.id
        if m.x >= 0.0:  # a model still to deploy waits off the table
            table.camera.look_at(m.x, m.y)

    def end_spear(self) -> None:
        """End the person's Spear (Space with no model active, the End Spear key or button); while
        some of its models could still activate, ask first, unless the Settings say not to."""
        table = self.table
        state = table.state
        side = state.acting_side
        if not side or not table.human_acting():
            return
        cmd = EndSpear(side=side)
        question = end_spear_question(state)
        if question is None or not table.app.settings.confirm_end_spear:
            table.submit(cmd)
            return
        heading, message = question
        table.go(places.Push(places.Confirm(heading, message, on_yes=lambda: self._end_confirmed(cmd),
                                            stop_asking=self._stop_asking)))

    def _end_confirmed(self, cmd: EndSpear) -> places.Transition:
        """Yes to the question: end the Spear; returns where that leads (a handover)."""
        self.table.submit(cmd)
        return self.table.sent()

    def _stop_asking(self) -> None:
        """The question's "Don't ask again": turn it off in the Settings (and save them)."""
        app = self.table.app
        app.settings.confirm_end_spear = False
        problem = app.apply_settings()
        self.table.say(problem or "Ending a Spear early no longer asks first (Settings turns it back on).")
