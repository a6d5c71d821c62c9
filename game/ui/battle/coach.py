"""The coach: the tutorial's steps over a battle screen.

The coach is a screen of its own, standing over the battle screen it comes with: it passes every
event to the battle screen, except clicks on its own box, and reads the engine's log each frame to
see what the player did; it knows the battle screen only by what it asks of it (`CoachedTable`).
It draws the step in hand in a box in a corner of the table (the one clear of what the step
points at), rings the model to click and flags the spot to ride to, and ends with a panel: play
on against the AI, or back to the menu. It never gives a command.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial
from typing import Protocol

import pygame

from game.rules.state import GameState
from game.ui import places, theme
from game.ui.app import App, Screen
from game.ui.battle.cache import panel, rendered, text, wrapped
from game.ui.battle.camera import Camera
from game.ui.battle.controller import Controller
from game.ui.battle.hint_panel import HintDesk
from game.ui.battle.input import TableInput
from game.ui.battle.layout import BattleLayout
from game.ui.battle.previews import Preview
from game.ui.battle.session import Session
from game.ui.keys import DEFAULT_BINDINGS
from game.ui.tutorial import (
    LOG,
    NEXT,
    OPPONENT,
    PLAYER,
    PREVIEW,
    RULES,
    Mark,
    Now,
    Tutorial,
    cast_of,
    short_name,
)
from game.ui.widgets import Button

KEYS_NAMED = ("end_activation", "gambit_charge", "shoot", "rules", "skip_ai")
MARK_COLOUR: theme.Colour = (120, 230, 255)
DONE_COLOUR: theme.Colour = (150, 220, 140)
LOOK_SECONDS = 0.8  # how long a move preview must stay in view to count as seen
BOX_WIDTH = 400
CORNERS = ("bottomright", "topright", "bottomleft", "topleft")


class CoachedTable(Protocol):
    """What the coach asks of the battle screen under it."""

    session: Session
    camera: Camera
    ctl: Controller
    hint: HintDesk
    input: TableInput

    @property
    def state(self) -> GameState:
        """The game state."""
        ...

    def current_preview(self) -> Preview | None:
        """The hover preview."""
        ...

    def human_acting(self) -> bool:
        """True while the person gives the next command."""
        ...

    def layout(self) -> BattleLayout:
        """Where the table's parts stand now: the bars, the panel's log lines, the odds box."""
        ...

    def say(self, msg: str) -> None:
        """Show a message over the table."""
        ...

    def handle(self, event: pygame.event.Event) -> places.Transition:
        """React to an event."""
        ...

    def update(self, dt: float) -> places.Transition:
        """Play the table on."""
        ...

    def on_top(self) -> None:
        """Back on top."""
        ...


def key_label(app: App, action: str) -> str:
    """The first key the player binds to an action, as a sentence names it: "Space", "Tab", "C", "F1"."""
    names = app.settings.keys.get(action) or DEFAULT_BINDINGS.get(action, [])
    if not names:
        return app.keys.label(action)
    return names[0].upper() if len(names[0]) <= 3 else names[0].title()


def _off_table(motion: pygame.event.Event) -> pygame.event.Event:
    """A mouse move as the battle sees it over the coach's box or panel: off the table, so no
    move preview shows for the ground hidden under it."""
    return pygame.event.Event(pygame.MOUSEMOTION, pos=(-1, -1), rel=motion.rel, buttons=motion.buttons)


def pulse(clock: float) -> float:
    """The marks' throb, 0 to 1, at the coach's clock."""
    return 0.5 + 0.5 * math.sin(clock * 5.0)


def would_end_spear(battle: CoachedTable) -> bool:
    """True if the end-activation key would end the player's Spear now (no model is active)."""
    return battle.human_acting() and not battle.state.active_model and battle.state.pending is None


def button_row(font: pygame.font.Font, items: Sequence[tuple[str, Callable[[], object]]], left: int,
               top: int, height: int) -> list[Button]:
    """The coach's buttons side by side, each as wide as its label."""
    out = []
    x = left
    for label, action in items:
        w = font.size(label)[0] + 24
        out.append(Button(label, action, pygame.Rect(x, top, w, height)))
        x += w + 8
    return out


def corner_box(view: pygame.Rect, size: tuple[int, int], clear: list[pygame.Rect],
               corner: str) -> tuple[str, pygame.Rect]:
    """A box of `size` in a corner of the view clear of `clear`: the corner it stands in while
    that stays clear, else the first clear one (bottom right first: the tutorial's table is quiet
    there), else the one hiding least. Returns the corner and the box."""

    def placed(where: str) -> pygame.Rect:
        box = pygame.Rect((0, 0), size)
        setattr(box, where, getattr(view, where))
        return box

    def hidden(where: str) -> int:
        box = placed(where)
        return sum(c.width * c.height for r in clear if (c := box.clip(r)).width)

    chosen = next((c for c in (corner, *CORNERS) if not hidden(c)), min(CORNERS, key=hidden))
    return chosen, placed(chosen)


class Coach(Screen):
    """The tutorial over a battle screen: its box, its marks on the table, its closing panel."""

    opaque = False

    def __init__(self, app: App, battle: CoachedTable) -> None:
        super().__init__(app)
        self.battle = battle
        engine = battle.session.engine
        keys = {action: key_label(app, action) for action in KEYS_NAMED}
        self.tutorial = Tutorial(cast_of(engine.table, engine.state, keys))
        self.read = len(engine.log)  # the log's events seen so far
        self.looked = 0.0  # seconds a move preview has been in view
        self.panel = ""  # "" the step's box; "skip" leave the tutorial?; "done" the closing panel
        self.buttons: list[Button] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.corner = "bottomright"  # where the box stands while it is clear of the action
        self._opening_log = False
        self.clock = 0.0

    # --- what the player did -----------------------------------------------------------------
    def name(self, model_id: str) -> str:
        """A model as the steps call him: the player's own by their short names, the enemy in full."""
        m = self.battle.state.find(model_id)
        if m is None:
            return model_id
        return short_name(m.name) if m.side == PLAYER else m.name

    def _read_log(self) -> None:
        log = self.battle.session.engine.log
        if len(log) < self.read:  # an undo cut the log back
            self.read = len(log)
        if len(log) > self.read:
            new, self.read = log[self.read:], len(log)
            self.tutorial.saw(new, self.name)

    def _look(self, dt: float) -> None:
        """Count the time a legal move preview of one of the player's models is in view."""
        battle = self.battle
        preview = battle.current_preview()
        mine = battle.state.active_model in self.tutorial.cast.mine
        if mine and preview is not None and preview.legal and len(preview.path) > 1:
            self.looked += dt
            if self.looked >= LOOK_SECONDS:
                self.tutorial.noticed(PREVIEW, self.name)

    def beneath(self) -> Screen | None:
        """The coach stands on its battle screen."""
        return self.battle if isinstance(self.battle, Screen) else None

    def covered(self, screen: Screen) -> None:
        """The rules opened over the table: from a log line, or otherwise (the rules key)."""
        if screen.shows_rules:
            self.tutorial.noticed(LOG if self._opening_log else RULES, self.name)
        self._opening_log = False

    # --- input -------------------------------------------------------------------------------
    def _click_button(self, pos: tuple[int, int]) -> tuple[bool, places.Transition]:
        """A click on one of the coach's buttons: whether it hit one, and where that leads."""
        for b in self.buttons:
            if b.hit(pos):
                return True, places.transition_of(b.action())
        return False, None

    def handle(self, event: pygame.event.Event) -> places.Transition:
        """The coach's buttons and Esc; everything else goes to the battle screen (and where the
        battle screen says to go is where this event leads)."""
        keys = self.app.keys
        if self.panel:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                return self._click_button(event.pos)[1]
            if event.type == pygame.KEYDOWN and keys.is_action(event.key, "back") and self.panel == "skip":
                self.panel = ""
            elif event.type == pygame.KEYUP:
                return self.battle.handle(event)  # the battle's keys held stay true
            elif event.type == pygame.MOUSEMOTION:
                return self.battle.handle(_off_table(event))
            return None
        if event.type == pygame.MOUSEMOTION and self.box.collidepoint(event.pos):
            event = _off_table(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit, where = self._click_button(event.pos)
            if hit:
                return where
            if self.box.collidepoint(event.pos):
                return None
            self._opening_log = self.battle.layout().log_at(event.pos) is not None
        if event.type == pygame.KEYDOWN:
            step = self.tutorial.step
            if keys.is_action(event.key, "back") and not self._battle_escapes():
                self.panel = "skip"
                return None
            if keys.is_action(event.key, "end_activation") and step is not None:
                if step.reading:
                    self.next()
                    return None
                if self.tutorial.spear_in_hand() and would_end_spear(self.battle):
                    self.battle.say("With no model active, that key ends the whole Spear: not yet. "
                                    "(The End Spear button does it, if you mean it.)")
                    return None
        where = self.battle.handle(event)
        if where is None:
            self._opening_log = False  # (else the rules page opened from the log is told in covered)
        return where

    def _battle_escapes(self) -> bool:
        """True if Esc has something to cancel on the battle screen (a hint, waypoints, a gambit)."""
        battle, ctl = self.battle, self.battle.ctl
        return bool(battle.hint.board.active or ctl.waypoints or ctl.gambit or ctl.shoot_armed)

    def show_panel(self, which: str) -> None:
        """Show a panel over the table ("skip": leave the tutorial?) or none ("": back to the step)."""
        self.panel = which

    def next(self) -> None:
        """The Next button of a step that asks only to be read."""
        self.tutorial.noticed(NEXT, self.name)

    def skip_step(self) -> None:
        """Leave the step undone and go on."""
        self.tutorial.skip()
        self.looked = 0.0

    def play_on(self) -> places.Transition:
        """Leave the coach: the game goes on against the AI, autosaved like any solo game."""
        self.battle.session.saves_dir = self.app.saves_dir
        return places.Pop(say=f"The game goes on: {theme.SIDE_NAME[OPPONENT]} is the AI. Esc pauses.")

    def to_menu(self) -> places.Transition:
        """Leave the tutorial for the main menu."""
        return places.Reset(places.MainMenu(), to_origin=True)

    # --- the frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> places.Transition:
        """Play the battle on (not while a panel asks a question), then see what happened."""
        self.clock += dt
        if self.panel:
            return None
        where = self.battle.update(dt)
        self._read_log()
        self._look(dt)
        if self.tutorial.over:
            self.panel = "done"
        return where

    def on_top(self) -> None:
        """Back from the rules or the pause menu."""
        self.battle.on_top()

    def now(self) -> Now:
        """The game and the choices in hand, as the steps read them."""
        return Now(self.battle.state, self.battle.ctl.gambit)

    def draw(self, surface: pygame.Surface) -> None:
        """The marks on the table and the step's box, or the panel."""
        if self.panel:
            self._draw_panel(surface)
            return
        step = self.tutorial.step
        if step is None:
            return
        marks = step.marks(self.tutorial.cast, self.now())
        clip = surface.get_clip()
        surface.set_clip(self.battle.camera.viewport)
        clear = [r for m in marks if (r := self._draw_mark(surface, m)) is not None]
        surface.set_clip(clip)
        for m in marks:
            self._draw_part(surface, m)
        self._draw_box(surface, clear)

    # --- drawing -----------------------------------------------------------------------------
    def _draw_mark(self, surface: pygame.Surface, mark: Mark) -> pygame.Rect | None:
        """A ring round a model or a flag on a spot; returns the area to keep the box off."""
        cam = self.battle.camera
        if mark.model:
            m = self.battle.state.find(mark.model)
            if m is None or m.removed:
                return None
            centre = cam.to_screen(m.x, m.y)
            radius = cam.inches(1.3 if m.steed else 0.9) + round(4 * pulse(self.clock))
        elif mark.spot is not None:
            centre = cam.to_screen(*mark.spot)
            radius = cam.inches(0.5) + round(3 * pulse(self.clock))
            x, y = centre
            pygame.draw.line(surface, (20, 18, 10), (x, y), (x, y - 34), 4)
            pygame.draw.line(surface, MARK_COLOUR, (x, y), (x, y - 34), 2)
            pygame.draw.polygon(surface, MARK_COLOUR, [(x, y - 34), (x + 16, y - 28), (x, y - 22)])
        else:
            return None
        pygame.draw.circle(surface, (20, 18, 10), centre, radius + 2, 5)
        pygame.draw.circle(surface, MARK_COLOUR, centre, radius, 3)
        area = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        area.center = centre
        if mark.label:
            font = self.app.fonts.get(14, True)
            img = rendered(font, mark.label, MARK_COLOUR)
            at = img.get_rect(midbottom=(centre[0], centre[1] - radius - (38 if mark.spot else 6)))
            panel(surface, at.inflate(10, 4), 220)
            surface.blit(img, at)
            area.union_ip(at)
        return area.inflate(24, 24)

    def _draw_part(self, surface: pygame.Surface, mark: Mark) -> None:
        """A frame round the top bar's Spear or round the event log."""
        layout = self.battle.layout()
        frame = layout.frame
        if mark.part == "card":
            rect = pygame.Rect(2, 2, frame.size[0] - frame.side - 4, frame.top - 4)
        elif mark.part == "log" and layout.log_rects:
            rect = layout.log_rects[0][0].unionall([r for r, _ in layout.log_rects]).inflate(6, 6)
        else:
            return
        width = 2 + round(2 * pulse(self.clock))
        pygame.draw.rect(surface, MARK_COLOUR, rect, width, border_radius=5)

    def _box_at(self, size: tuple[int, int], clear: list[pygame.Rect]) -> pygame.Rect:
        """The box in a corner of the table clear of the marks, the active model and the odds box
        (see `corner_box`)."""
        battle = self.battle
        active = battle.ctl.active()
        if active is not None:
            spot = pygame.Rect(0, 0, 90, 90)
            spot.center = battle.camera.to_screen(active.x, active.y)
            clear = [*clear, spot]
        box = battle.layout().preview_box
        if box is not None:
            clear = [*clear, box]
        self.corner, placed = corner_box(battle.camera.viewport.inflate(-16, -16), size, clear, self.corner)
        return placed

    def _draw_box(self, surface: pygame.Surface, clear: list[pygame.Rect]) -> None:
        tut = self.tutorial
        step = tut.step
        assert step is not None
        fonts, scale = self.app.fonts, self.app.settings.ui_scale
        width = round(BOX_WIDTH * scale)
        inner = width - 28
        lines: list[tuple[str, pygame.font.Font, theme.Colour]] = []
        if tut.told:
            lines += [(ln, fonts.body, DONE_COLOUR) for ln in wrapped("✓ " + tut.told, fonts.body, inner)]
        lines += [(ln, fonts.body, theme.TEXT) for ln in wrapped(tut.words(step.text), fonts.body, inner)]
        nudge = step.nudge(tut.cast, self.now())
        if nudge:
            lines += [(ln, fonts.get(15, True), MARK_COLOUR)
                      for ln in wrapped("▸ " + tut.words(nudge), fonts.get(15, True), inner)]
        row = round(30 * scale)
        head = fonts.head.get_linesize() + fonts.small.get_linesize() + 10
        height = 14 + head + sum(f.get_linesize() for _, f, _ in lines) + 12 + row + 12
        box = self._box_at((width, height), clear)
        self.box = box
        panel(surface, box, 240)
        pygame.draw.rect(surface, MARK_COLOUR, (box.left, box.top, 4, box.height), border_radius=2)
        x, y = box.left + 16, box.top + 10
        count = f"Tutorial  ·  step {tut.index + 1} of {len(tut.steps)}"
        text(surface, count, fonts.small, (x, y), theme.DIM)
        y += fonts.small.get_linesize() + 2
        y = text(surface, step.title, fonts.head, (x, y), theme.GOLD).bottom + 8
        for i, (line, font, colour) in enumerate(lines):
            gap = 6 if i and colour != lines[i - 1][2] else 0
            text(surface, line, font, (x, y + gap), colour)
            y += font.get_linesize() + gap
        items: list[tuple[str, Callable[[], object]]] = [("Next", self.next)] if step.reading else []
        items += [("Skip step", self.skip_step), ("Leave tutorial", partial(self.show_panel, "skip"))]
        self.buttons = button_row(self.app.fonts.body, items, box.left + 16, box.bottom - 12 - row, row)
        self._draw_buttons(surface)

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else self.battle.input.mouse
        for b in self.buttons:
            b.draw(surface, self.app.fonts.body, mouse)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """Leave the tutorial? or the closing panel, over the dimmed table."""
        fonts, scale = self.app.fonts, self.app.settings.ui_scale
        view = self.battle.camera.viewport
        shade = pygame.Surface(view.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, view.topleft)
        state = self.battle.state
        if self.panel == "done":
            title = "You have played a turn"
            valour = ", ".join(f"{theme.SIDE_NAME[s]} {state.sides[s].valour}" for s in (PLAYER, OPPONENT))
            body = (f"Every Spear has acted and turn {state.turn} begins with a fresh shuffle of the "
                    f"Hero Deck. The game lasts {state.max_turns} turns; the side with more Valour at "
                    f"the end wins. Valour so far: {valour}. Run!, Climb, Perk cards and the rest are "
                    + self.tutorial.words("in the rules ({rules})."))
            items = [("Play on against the AI", self.play_on), ("Main menu", self.to_menu)]
        else:
            title = "Leave the tutorial?"
            body = ("Play on alone: the coach goes, the game stays, against the AI. Or go back to "
                    "the main menu; Learn to play starts the tutorial afresh.")
            items = [("Keep learning", partial(self.show_panel, "")), ("Play on alone", self.play_on),
                     ("Main menu", self.to_menu)]
        width = round(520 * scale)
        lines = wrapped(body, fonts.body, width - 40)
        row = round(34 * scale)
        height = 20 + fonts.head.get_linesize() + 12 + len(lines) * fonts.body.get_linesize() + 18 + row + 20
        box = pygame.Rect(0, 0, width, height)
        box.center = view.center
        panel(surface, box, 245)
        pygame.draw.rect(surface, MARK_COLOUR, (box.left, box.top, box.width, 4), border_radius=2)
        y = text(surface, title, fonts.head, (box.centerx, box.top + 20), theme.GOLD, "midtop").bottom + 12
        for line in lines:
            text(surface, line, fonts.body, (box.left + 20, y))
            y += fonts.body.get_linesize()
        buttons = button_row(self.app.fonts.body, items, 0, box.bottom - 20 - row, row)
        span = buttons[-1].rect.right - buttons[0].rect.left
        for b in buttons:
            b.rect.x += box.centerx - span // 2
        self.buttons = buttons
        self._draw_buttons(surface)
