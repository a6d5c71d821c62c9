"""The battle HUD: the top bar (turn, Hero Deck, Valour), the side panel (model, Perks, log)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.content.models import VehicleProfile
from game.rules import odds
from game.rules.engine import Table
from game.rules.events import Ev
from game.rules.explain import team_left, top_speed
from game.rules.state import ALARUMS_CARD, GameState, Model, NoSide, Side, Vehicle
from game.ui import theme
from game.ui.battle.cache import Layer, Same, panel, text, wrapped
from game.ui.battle.previews import describe_event, rule_for_event
from game.ui.battle.spear import SpearMember
from game.ui.battle.spearlist import draw_spear_list
from game.ui.battle.vehicles import health_colour
from game.ui.eventtext import names_of
from game.ui.preview import gambit_line
from game.ui.theme import Fonts
from game.ui.widgets import Button, fit

if TYPE_CHECKING:
    from game.rules.engine import Engine

INK_DARK = (14, 12, 10)


def card_name(state: GameState, card: str) -> str:
    """A Hero Deck card as players call it."""
    if card == ALARUMS_CARD:
        return "Divers Alarums"
    hero = state.find(card)
    return hero.name if hero is not None else card


def card_side(state: GameState, card: str) -> str:
    """The side a card belongs to ("" for Alarums)."""
    hero = state.find(card)
    return hero.side if hero is not None else ""


@dataclass(frozen=True, slots=True)
class HintRow:
    """One line of the hint box: a suggested command in words with its score, and its odds."""

    rank: int
    label: str  # "1. Mounted Charge! on Sir X"
    value: str  # "+0.8 VP"
    summary: str  # the preview line that matters most ("" for none)
    colour: theme.Colour
    picked: bool


@dataclass(frozen=True, slots=True)
class HintPanel:
    """The hint box of the side panel: its rows, or a note (the AI is thinking, no hint)."""

    rows: tuple[HintRow, ...] = ()
    note: str = ""
    footer: str = ""


@dataclass
class LogLine:
    """One line of the event log, with the rule it links to."""

    body: str
    rule: str
    colour: theme.Colour


@dataclass(frozen=True, slots=True)
class PerkCard:
    """A Perk card of the hand as the panel shows it: playable now or not, and what it does."""

    name: str
    enabled: bool
    hint: str


@dataclass(frozen=True)
class PanelContent:
    """What the side panel shows: the acting side, the activating Spear, the model and vehicle
    cards, the Perk hand, the lines telling what to do, the hint and (from the Hud) the log."""

    state: GameState
    table: Table
    shown: Model | None
    acting: Side | NoSide
    hints: tuple[str, ...]
    vehicle: Vehicle | None = None
    hand: Side | NoSide = ""
    who: str = ""
    advice: HintPanel | None = None
    spear: tuple[SpearMember, ...] = ()
    perks: tuple[PerkCard, ...] = ()
    perk_height: int = 28


@dataclass(frozen=True, slots=True)
class Squeeze:
    """How tightly the side panel packs its parts to leave the event log room, the least
    important part giving way first: the help text, the hint's footer, the Spear list (one line a
    member), the model and vehicle cards, the hint's odds lines, the Perk hand (two columns)."""

    help_lines: int = 99  # lines of the help text at most
    footer_lines: int = 99  # lines of the hint's footer at most
    spear_short: bool = False  # one line per member of the Spear
    card_short: bool = False  # the model card in two lines, the vehicle card in three
    hint_short: bool = False  # the hint rows without their odds lines
    perk_columns: int = 1
    cards: bool = True  # the model and vehicle cards shown at all


SQUEEZES = (Squeeze(), Squeeze(help_lines=2), Squeeze(help_lines=1, footer_lines=1),
            Squeeze(1, 1, spear_short=True), Squeeze(1, 1, True, card_short=True),
            Squeeze(1, 0, True, True, hint_short=True), Squeeze(1, 0, True, True, True, perk_columns=2),
            Squeeze(0, 0, True, True, True, 2), Squeeze(0, 0, True, True, True, 2, cards=False))
LOG_LINES = 4  # the fewest lines of the event log the panel keeps in view
FECKLESS_MARKS = {"dither": "dithering", "flee": "running for it", "charge": "charging",
                  "pillage": "pillaging"}


Parts = tuple[int, list[pygame.Rect], list[tuple[pygame.Rect, int]], list[tuple[pygame.Rect, str]]]


@dataclass(frozen=True)
class PanelPlan:
    """Where the side panel's rows that answer a click stand, in window coordinates: the Perk
    cards, the hint rows by rank, the Spear's members by id and the log lines."""

    perk_rects: tuple[pygame.Rect, ...] = ()
    hint_rects: tuple[tuple[pygame.Rect, int], ...] = ()
    spear_rects: tuple[tuple[pygame.Rect, str], ...] = ()
    log_rects: tuple[tuple[pygame.Rect, LogLine], ...] = ()
    log_most: int = 0  # the furthest the log scrolls back, in lines
    squeeze: Squeeze = Squeeze()  # how tightly the parts above the log are packed
    parts_bottom: int = 0  # where the parts above the log end, from the panel's top (unclipped)

    def moved(self, origin: tuple[int, int]) -> PanelPlan:
        """The same plan for a panel standing at `origin`."""
        return PanelPlan(tuple(r.move(origin) for r in self.perk_rects),
                         tuple((r.move(origin), rank) for r, rank in self.hint_rects),
                         tuple((r.move(origin), mid) for r, mid in self.spear_rects),
                         tuple((r.move(origin), line) for r, line in self.log_rects), self.log_most,
                         self.squeeze, self.parts_bottom)


@dataclass
class Hud:
    """Draws the bars and panel, and lays the panel out (where its clickable rows stand).

    The top bar, the side panel and the action bar are drawn into cached pictures, drawn again
    only when what they show changes (their keys below list everything they show); each frame
    blits them. The panel is laid out by the very code that paints it, run without a surface.
    """

    fonts: Fonts
    log: list[LogLine] = field(default_factory=list)
    log_scroll: int = 0  # lines scrolled back from the newest
    top: Layer = field(default_factory=Layer)
    panel: Layer = field(default_factory=Layer)
    bar: Layer = field(default_factory=Layer)  # the action bar's picture
    _plan_key: tuple[object, ...] = ()
    _plan: PanelPlan = field(default_factory=PanelPlan)

    def add_events(self, events: list[Ev], state: GameState) -> None:
        """Append events to the log, coloured by their side where that is known."""

        names = names_of(state)
        for ev in events:
            model = getattr(ev, "model", "") or getattr(ev, "attacker", "")
            m = state.find(model) if model else None
            cart = state.find_vehicle(getattr(ev, "vehicle", "") or model)
            side = getattr(ev, "side", "") or (m.side if m else cart.side if cart else "")
            colour = theme.SIDE_TEXT.get(side, theme.TEXT)
            if getattr(ev, "type", "") == "dice_rolled":
                colour = theme.DIM
            self.log.append(LogLine(describe_event(ev, names), rule_for_event(ev), colour))
        self.log = self.log[-400:]
        self.log_scroll = 0

    def note(self, body: str) -> None:
        """A line of the game's own in the log (not an event)."""
        self.log.append(LogLine(body, "", theme.DIM))

    def scroll_log(self, lines: int, most: int) -> None:
        """Scroll the log back (positive) or forward by lines, never past its ends."""
        self.log_scroll = max(0, min(self.log_scroll + lines, most))

    def repaint(self) -> None:
        """Forget where the pictures stand, so the next frame blits them all."""
        for layer in (self.top, self.panel, self.bar):
            layer.placed = None

    def draw_top(self, surface: pygame.Surface, rect: pygame.Rect, state: GameState) -> None:
        """Turn, the activating Spear, the cards drawn this turn, Valour."""
        key = (Same(self.fonts), state.turn, state.max_turns, state.over, state.current_card,
               tuple(state.drawn), tuple((s, state.sides[s].valour) for s in ("blue", "red")),
               state.acting_side if state.deploying is not None else "")
        image, fresh = self.top.get(key, rect.size)
        if fresh:
            self._paint_top(image, image.get_rect(), state)
        self.top.put(surface, rect, fresh)
        # the edge lies on the row below the bar (over the table), outside the cached picture
        pygame.draw.line(surface, theme.PANEL_EDGE, rect.bottomleft, rect.bottomright)

    def _paint_top(self, surface: pygame.Surface, rect: pygame.Rect, state: GameState) -> None:
        pygame.draw.rect(surface, theme.PANEL, rect)
        f = self.fonts
        y = rect.centery
        turn = f"Turn {state.turn} of {state.max_turns}" if not state.over else "Game over"
        x = text(surface, turn, f.head, (rect.left + 12, y), theme.GOLD, "midleft").right + 20
        side = card_side(state, state.current_card)
        if state.current_card:
            colour = theme.SIDE_TEXT.get(side, theme.TEXT)
            label = f"Spear: {card_name(state, state.current_card)}"
            x = text(surface, label, f.head, (x, y), colour, "midleft").right + 20
        elif state.deploying is not None and state.acting_side:
            colour = theme.SIDE_TEXT.get(state.acting_side, theme.TEXT)
            label = f"Deployment: {theme.SIDE_NAME[state.acting_side]} deploys"
            x = text(surface, label, f.head, (x, y), colour, "midleft").right + 20
        right = rect.right - 12
        for s in ("blue", "red"):
            msg = f"{theme.SIDE_NAME[s]} {state.sides[s].valour} VP"
            right = text(surface, msg, f.head, (right, y), theme.SIDE_TEXT[s], "midright").left - 16
        right = text(surface, "Valour:", f.small, (right, y), theme.DIM, "midright").left - 16
        drawn = [c for c in state.drawn if c != state.current_card]
        if drawn and x + f.small.size("Drawn: ")[0] + 60 <= right:  # room for a name at least
            x = text(surface, "Drawn:", f.small, (x, y), theme.DIM, "midleft").right + 6
            names = [(card_name(state, c), theme.SIDE_TEXT.get(card_side(state, c), theme.DIM))
                     for c in drawn[-6:]]
            while names and x + sum(f.small.size(n)[0] + 10 for n, _ in names) > right:
                names.pop(0)  # the newest cards that fit before the Valour
            for name, colour in names:
                x = text(surface, name, f.small, (x, y), colour, "midleft").right + 10

    def _panel_key(self, rect: pygame.Rect, c: PanelContent) -> tuple[object, ...]:
        """Everything the panel shows, and where."""
        state, hand = c.state, c.hand
        return (Same(self.fonts), tuple(rect), c.acting, hand, c.who, state.pending is not None, c.hints,
                _card_key(c.shown, state), _vehicle_key(state, c.vehicle),
                tuple(state.sides[hand].perks) if hand else (), c.perks, c.perk_height,
                len(self.log), Same(self.log[-1]) if self.log else None, self.log_scroll, c.advice, c.spear)

    def plan_panel(self, rect: pygame.Rect, content: PanelContent) -> PanelPlan:
        """Where the panel's clickable rows stand for this content (worked out again only when
        what the panel shows changes)."""
        key = self._panel_key(rect, content)
        if key != self._plan_key:
            local = self._fit_panel(pygame.Rect((0, 0), rect.size), content)
            self._plan_key, self._plan = key, local.moved(rect.topleft)
        return self._plan

    def _parts_limit(self, rect: pygame.Rect) -> int:
        """How far down the parts above the log may reach, leaving the log LOG_LINES lines."""
        line = self.fonts.small.get_linesize()
        return rect.bottom - 6 - (line + 4) - LOG_LINES * line - 6

    def _fit_panel(self, rect: pygame.Rect, content: PanelContent) -> PanelPlan:
        """The panel measured at each squeeze in turn until its parts leave the log its room (at
        the tightest, what still does not fit is cut off at the log)."""
        limit = self._parts_limit(rect)
        plan = PanelPlan()
        for squeeze in SQUEEZES:
            plan = self._paint_panel(None, rect, content, (-1, -1), squeeze)
            if plan.parts_bottom <= limit:
                break
        return plan

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, content: PanelContent,
                   plan: PanelPlan, mouse: tuple[int, int]) -> None:
        """The acting side, the activating Spear's members, the model under the cursor or
        selected (and the vehicle under the cursor or his), the Perk hand and the log, as `plan`
        lays them out.

        Drawn over the window's background (the panel lies outside the table's viewport)."""
        hover = next((i for i, r in enumerate(plan.perk_rects) if r.collidepoint(mouse)), -1)
        image, fresh = self.panel.get((self._panel_key(rect, content), hover, plan.squeeze), rect.size)
        if fresh:
            self._paint_panel(image, image.get_rect(), content, (mouse[0] - rect.left, mouse[1] - rect.top),
                              plan.squeeze)
        self.panel.put(surface, rect, fresh)

    def _paint_panel(self, surface: pygame.Surface | None, rect: pygame.Rect, c: PanelContent,
                     mouse: tuple[int, int], squeeze: Squeeze) -> PanelPlan:
        """Paint the panel on `surface` (or, with none, only measure it), its parts packed as
        `squeeze` says and cut off where the log's room begins; returns its plan."""
        if surface is not None:
            panel(surface, rect, 250)
        limit = self._parts_limit(rect)
        clip = surface.get_clip() if surface is not None else None
        if surface is not None:
            surface.set_clip(pygame.Rect(rect.left, rect.top, rect.width, max(0, limit - rect.top)))
        y, perk_rects, hint_rects, spear_rects = self._parts(surface, rect, c, mouse, squeeze)
        if surface is not None:
            surface.set_clip(clip)
        top = min(y, limit) + 6
        log_rects, most = self._draw_log(surface, pygame.Rect(rect.left + 6, top, rect.width - 12,
                                                              rect.bottom - top - 6))
        return PanelPlan(tuple(r for r in perk_rects if r.bottom <= limit),
                         tuple(row for row in hint_rects if row[0].bottom <= limit),
                         tuple(row for row in spear_rects if row[0].bottom <= limit),
                         log_rects, most, squeeze, y - rect.top)

    def _parts(self, surface: pygame.Surface | None, rect: pygame.Rect, c: PanelContent,
               mouse: tuple[int, int], squeeze: Squeeze) -> Parts:
        """The parts above the log: who plays, the Spear, the cards, the Perk hand, the help and
        the hint. Returns the y below them and the rows a click answers."""
        f = self.fonts
        state, acting, width = c.state, c.acting, rect.width - 24
        x, y = rect.left + 12, rect.top + 10
        if acting:
            if surface is not None:
                pygame.draw.rect(surface, theme.SIDE[acting], (rect.left, rect.top, rect.width, 6))
            name = theme.SIDE_NAME[acting] + (f" ({c.who})" if c.who else "")
            msg = f"{name} to answer" if state.pending else f"{name} to play"
            y = text(surface, msg, f.head, (x, y + 4), theme.SIDE_TEXT[acting]).bottom + 4
        spear_rects: list[tuple[pygame.Rect, str]] = []
        if c.spear:
            leader = card_name(state, state.current_card) if state.current_card else c.spear[0].name
            y, spear_rects = draw_spear_list(surface, f, x, y, width, c.spear, leader, squeeze.spear_short)
            y += 6
        if c.shown is not None and squeeze.cards:
            y = self._model_card(surface, x, y, width, state, c.table, c.shown, squeeze.card_short)
        if c.vehicle is not None and squeeze.cards:
            y = self._vehicle_card(surface, x, y, width, state, c.table, c.vehicle, squeeze.card_short)
        y, perk_rects = self._perks(surface, x, y, width, c, mouse, squeeze.perk_columns)
        for line in cut_lines(list(c.hints), f.small, width, squeeze.help_lines):
            y = text(surface, line, f.small, (x, y), theme.DIM).bottom
        hint_rects: list[tuple[pygame.Rect, int]] = []
        if c.advice is not None:
            y = self._hint_box(surface, x, y + 8, width, c.advice, hint_rects, squeeze)
        return y, perk_rects, hint_rects, spear_rects

    def _model_card(self, surface: pygame.Surface | None, x: int, y: int, width: int, state: GameState,
                    table: Table, m: Model, short: bool = False) -> int:
        """The model's name, profile, mount, numbers and marks (`short`: his name and profile on
        one line, his numbers and marks on the next)."""
        f = self.fonts
        prof = table.profile(m)
        colour = theme.SIDE_TEXT[m.side]
        mount = f" on a {table.content.steeds[m.steed].name}" if m.steed else ""
        cart = state.find_vehicle(m.aboard) if m.aboard else None
        if cart is not None:
            mount = f", aboard the {cart.name} ({m.seat})"
        if short:
            name = text(surface, fit(m.name, f.body, width), f.body, (x, y), colour)
            text(surface, fit(f"{prof.name}{mount}", f.small, width - name.width - 8), f.small,
                 (name.right + 8, name.bottom), theme.DIM, "bottomleft")
            return self._card_numbers(surface, x, name.bottom + 1, width, state, table, m, True) + 6
        y = text(surface, m.name, f.head, (x, y), colour).bottom + 2
        y = text(surface, f"{prof.name}{mount}", f.small, (x, y), theme.DIM).bottom + 2
        return self._card_numbers(surface, x, y, width, state, table, m, False) + 8

    def _card_numbers(self, surface: pygame.Surface | None, x: int, y: int, width: int, state: GameState,
                      table: Table, m: Model, short: bool) -> int:
        """The model's Move, Fight, Shoot, Save and Health, then his marks (each cut to one line
        when `short`); returns the y below them."""
        f = self.fonts
        prof = table.profile(m)
        move = table.content.steeds[m.steed].move if m.steed else prof.move
        steed = ""
        if m.steed:
            st = table.content.steeds[m.steed]
            steed = f"  Steed {m.steed_health}/{st.health} (save {st.save}+)"
        stats = (f"Move {move:g}  Fight {prof.fight}  Shoot {prof.shoot or '-'}  "
                 f"Save {prof.save}+  Health {m.health}/{prof.health}{steed}")
        for line in cut_lines([stats], f.small, width, 1 if short else 99):
            y = text(surface, line, f.small, (x, y)).bottom
        status = _status(m, m.id == state.active_model)
        for line in cut_lines([status] if status else [], f.small, width, 1 if short else 99):
            y = text(surface, line, f.small, (x, y), theme.BAD).bottom
        return y

    def _vehicle_card(self, surface: pygame.Surface | None, x: int, y: int, width: int, state: GameState,
                      table: Table, v: Vehicle, short: bool = False) -> int:
        """A cart or wagon: Health against its Operational Level, armour, speed, damage, fire, crew
        (`short`: its name, Health and speed, and whether it is disabled)."""

        f = self.fonts
        prof = table.content.vehicles[v.profile]
        colour = theme.SIDE_TEXT.get(v.side, theme.TEXT)
        y = text(surface, f"The {v.name}", f.body if short else f.head, (x, y), colour).bottom + 2
        owner = theme.SIDE_NAME.get(v.side, "abandoned")
        sub = f"{prof.name}, {owner}"
        if v.escort_edge:
            sub += f": off the {v.escort_edge} edge for {v.escort_valour} VP"
        if not short:
            for line in wrapped(sub, f.small, width):
                y = text(surface, line, f.small, (x, y), theme.DIM).bottom
        bar = pygame.Rect(x, y + 4, min(width // 2, 150), 8)
        if surface is not None:
            _health_bar(surface, bar, v, prof)
        speed = f"Health {v.health}/{prof.toughness}" + (f"  Speed {v.speed:g}\"" if short else "")
        text(surface, fit(speed, f.small, width - bar.width - 10), f.small, (bar.right + 10, bar.centery),
             theme.TEXT, "midleft")
        y = bar.bottom + 5
        if short:
            if v.disabled:
                y = text(surface, "DISABLED", f.small, (x, y), theme.BAD).bottom
            return y + 6
        a = prof.armour

        steed = table.content.team_steed(v.profile)
        lines = [f"Operational Level {prof.operational_level} (disabled below it)",
                 f"Team: {team_left(table, v)} of {prof.team.count} {steed.name}s pulling "
                 f"(Health {steed.health} each)",
                 f"Armour F{a.front} S{a.side} R{a.rear}   Base Damage {prof.base_damage} dice",
                 f"Speed {v.speed:g}\" (top {top_speed(table, v):g}\")"
                 + (f", moved {v.moved_distance:.1f}\" this turn" if v.moved else "")]
        for line in lines:
            for part in wrapped(line, f.small, width):
                y = text(surface, part, f.small, (x, y)).bottom
        damage = ", ".join(f"{loc} {pts}" for loc, pts in v.damage.items() if pts)
        if damage:
            y = text(surface, f"Damage: {damage}", f.small, (x, y), theme.BAD).bottom
        if v.burning:
            y = text(surface, f"Burning: {', '.join(v.burning)}", f.small, (x, y), (255, 160, 60)).bottom
        if v.disabled:
            y = text(surface, "DISABLED: it will not move again", f.small, (x, y), theme.BAD).bottom
        aboard = {m.seat: m for m in state.aboard(v.id)}
        for seat in prof.seats:
            m = aboard.get(seat.name)
            who = m.name if m is not None else "empty"
            role = {"driver": " (driver)", "crew": "", "passenger": ""}[seat.role]
            posture = " braced" if seat.braced else " leaning out" if seat.leaning_out else ""
            line = f"{seat.name}{role}{posture}: {who}"
            for part in wrapped(line, f.small, width):
                y = text(surface, part, f.small, (x + 6, y), theme.TEXT if m else theme.DIM).bottom
        return y + 8

    def _perks(self, surface: pygame.Surface | None, x: int, y: int, width: int, c: PanelContent,
               mouse: tuple[int, int], columns: int = 1) -> tuple[int, list[pygame.Rect]]:
        """A player's Perk hand as buttons, in `columns`: the acting side's, or in a solo game the
        person's own. Returns the y below it and each card's rect."""
        f, state = self.fonts, c.state
        hand = state.sides[c.hand].perks if c.hand else []
        title = "Perk hand" if c.hand == state.acting_side else "Your Perk hand"
        y = text(surface, f"{title} ({len(hand)})", f.head, (x, y), theme.GOLD).bottom + 4
        rects = []
        wide = (width - 4 * (columns - 1)) // columns
        for i, card in enumerate(c.perks):
            column = i % columns
            rect = pygame.Rect(x + column * (wide + 4), y, wide, c.perk_height)
            if surface is not None:
                Button(fit(card.name, f.small, wide - 8), _nothing, rect, card.enabled,
                       hint=card.hint).draw(surface, f.small, mouse)
            rects.append(rect)
            if column == columns - 1 or i == len(c.perks) - 1:
                y = rect.bottom + 4
        if not hand:
            y = text(surface, "no cards", f.small, (x, y), theme.DIM).bottom
        return y + 6, rects

    def _hint_box(self, surface: pygame.Surface | None, x: int, y: int, width: int, advice: HintPanel,
                  rows: list[tuple[pygame.Rect, int]], squeeze: Squeeze = Squeeze()) -> int:
        """The hint: each suggested command on its own row (a click highlights it; each row's
        rect by rank goes in `rows`), or the note; a tight `squeeze` keeps each row to its line."""
        f = self.fonts
        y = text(surface, "Hint: what the AI would do", f.head, (x, y), theme.GOLD).bottom + 2
        if advice.note:
            for line in cut_lines([advice.note], f.small, width, 1 if squeeze.hint_short else 99):
                y = text(surface, line, f.small, (x, y), theme.DIM).bottom
        bold = f.get(13, True)
        for row in advice.rows:
            top = y
            font = bold if row.picked else f.small
            score = text(surface, row.value, font, (x + width, y), row.colour, "topright")
            most = 1 if squeeze.hint_short else 99
            for line in cut_lines([row.label], font, width - 18 - score.width, most):
                y = text(surface, line, font, (x + 8, y), row.colour).bottom
            if row.summary and not squeeze.hint_short:
                for line in wrapped(row.summary, f.small, width - 18):
                    y = text(surface, line, f.small, (x + 18, y), theme.DIM).bottom
            if surface is not None:
                pygame.draw.rect(surface, row.colour, (x, top + 2, 3 if not row.picked else 5, y - top - 3))
            rows.append((pygame.Rect(x, top, width, y - top), row.rank))
            y += 3
        for line in cut_lines([advice.footer] if advice.footer else [], f.small, width, squeeze.footer_lines):
            y = text(surface, line, f.small, (x, y), theme.DIM).bottom
        return y

    def _draw_log(self, surface: pygame.Surface | None,
                  rect: pygame.Rect) -> tuple[tuple[tuple[pygame.Rect, LogLine], ...], int]:
        """The newest log lines that fit (scrolled back by log_scroll); returns each line's rect
        and how far the log scrolls back at most."""
        f = self.fonts.small
        text(surface, "Event log (click a line for its rule)", f, (rect.left + 6, rect.top), theme.GOLD)
        top = rect.top + f.get_linesize() + 4
        if surface is not None:
            pygame.draw.line(surface, theme.PANEL_EDGE, (rect.left, top - 2), (rect.right, top - 2))
        rows: list[tuple[str, LogLine]] = []
        for line in self.log:
            rows.extend((part, line) for part in wrapped(line.body, f, rect.width - 12))
        room = max(1, (rect.bottom - top) // f.get_linesize())
        most = max(0, len(rows) - room)
        end = len(rows) - max(0, min(self.log_scroll, most))
        out = []
        yy = top
        for part, line in rows[max(0, end - room):end]:
            text(surface, part, f, (rect.left + 6, yy), line.colour)
            out.append((pygame.Rect(rect.left, yy, rect.width, f.get_linesize()), line))
            yy += f.get_linesize()
        return tuple(out), most


def _nothing() -> None:
    """A Perk card drawn in the panel's picture (the layout's button does the clicking)."""


def cut_lines(paragraphs: list[str], font: pygame.font.Font, width: int, most: int) -> list[str]:
    """The paragraphs wrapped to `width`, at most `most` lines: what does not fit is cut short
    with an ellipsis on the last line."""
    lines = [line for para in paragraphs for line in wrapped(para, font, width)]
    if len(lines) <= most:
        return lines
    if most <= 0:
        return []
    rest = " ".join(part.strip() for part in lines[most - 1:])
    return [*lines[:most - 1], fit(rest + " …", font, width)]


def _health_bar(surface: pygame.Surface, bar: pygame.Rect, v: Vehicle, prof: VehicleProfile) -> None:
    """A vehicle's Health against its toughness, with its Operational Level marked."""
    pygame.draw.rect(surface, (14, 12, 10), bar.inflate(4, 4), border_radius=3)
    pygame.draw.rect(surface, (70, 24, 20), bar, border_radius=2)
    share = max(0.0, min(1.0, v.health / prof.toughness))
    if share:
        pygame.draw.rect(surface, health_colour(v, prof), (bar.left, bar.top, round(bar.width * share),
                                                           bar.height), border_radius=2)
    mark = bar.left + round(bar.width * prof.operational_level / prof.toughness)
    pygame.draw.line(surface, (250, 246, 232), (mark, bar.top - 3), (mark, bar.bottom + 2), 2)


def _card_key(m: Model | None, state: GameState) -> tuple[object, ...] | None:
    """Everything the model card shows about a model."""
    if m is None:
        return None
    return (m.id, m.name, m.side, m.profile, m.steed, m.health, m.aboard, m.seat,
            _status(m, m.id == state.active_model))


def _vehicle_key(state: GameState, v: Vehicle | None) -> tuple[object, ...] | None:
    """Everything the vehicle card shows about a vehicle."""
    if v is None:
        return None
    crew = tuple((m.seat, m.name) for m in state.aboard(v.id))
    return (v.id, v.name, v.side, v.health, v.speed, v.moved, v.moved_distance, tuple(v.damage.items()),
            tuple(v.burning), v.disabled, crew)


def _status(m: Model, active: bool = False) -> str:
    """The model's marks in words; the model being activated is "activating", not "has activated"."""
    marks = []
    if m.mishap:
        marks.append("Mishap")
    if m.stunned:
        marks.append(f"stunned ({m.stunned})")
    if m.feckless and m.feckless not in ("normal", "to_leader"):
        marks.append(f"Feckless: {FECKLESS_MARKS.get(m.feckless, m.feckless.replace('_', ' '))}")
    if m.reloads_needed:
        marks.append("needs reload")
    if m.charge_bonus:
        marks.append("charge bonus")
    if active:
        marks.append("activating")
    elif m.activated:
        marks.append("has activated")
    return ", ".join(marks)


# --- tooltips and the rings' legend -------------------------------------------------------------
REACTION_TIPS = {
    "counter_charge": "Ride out and meet the charger halfway; the charge bonus goes to the Counter Charge.",
    "mounted_evasion": "Ride a full move straight away from the charger.",
    "evade": "Dash a move away on foot; with no obstacle between, a test decides whether he gets away.",
    "break_away": "Step out of the fight, away from the enemy.",
    "defend": "Hold the obstacle: the charger's strokes may be blocked by it.",
    "stand": "Stand and take the charge where he is.",
}
RING_MEANINGS = {"move": "how far he may still move", "charge": "the reach of a Charge!",
                 "command": "Command Range: Retainers inside it need no Feckless test",
                 "short": "shooting at short range", "long": "shooting at long range"}
TIP_WIDTH = 340


def reaction_tip(engine: Engine, label: str) -> str:
    """The tooltip of a button that answers a charge (label "Counter Charge"): what the answer does,
    with its odds ("" for a label that is no answer, or when no charge waits)."""
    pending = engine.state.pending
    choice = label.lower().replace(" ", "_")
    if pending is None or choice not in REACTION_TIPS:
        return ""
    m = engine.state.model(pending.model)
    tip = REACTION_TIPS[choice]
    if choice in ("counter_charge", "mounted_evasion"):
        tip += " " + gambit_line(engine, m, choice) + "."
    elif choice == "evade":
        passed = odds.evade_odds(engine.table.numbers.evade_on, 0, m.reroll_ready)
        tip += f" Evade test: {odds.describe_test(passed)} to get away."
    return tip


def draw_tooltip(surface: pygame.Surface, fonts: Fonts, buttons: list[Button], mouse: tuple[int, int],
                 view: pygame.Rect) -> pygame.Rect | None:
    """The tooltip of the button under the mouse, if it has one, drawn inside the table's view (which
    is drawn afresh each frame): over the action bar's button, or beside a Perk card of the panel."""
    button = next((b for b in buttons if b.hint and b.rect.collidepoint(mouse)), None)
    if button is None:
        return None
    font = fonts.small
    lines = wrapped(button.hint, font, TIP_WIDTH - 20)
    width = max(font.size(line)[0] for line in lines) + 20
    box = pygame.Rect(0, 0, width, len(lines) * font.get_linesize() + 14)
    if button.rect.left >= view.right:  # a Perk card in the side panel: left of it
        box.topright = (view.right - 6, button.rect.top)
    else:  # an action bar button: above it
        box.bottomleft = (button.rect.left, view.bottom - 6)
    box.clamp_ip(view)
    panel(surface, box, 240)
    y = box.top + 7
    for line in lines:
        y = text(surface, line, font, (box.left + 10, y)).bottom
    return box


def ring_legend_rect(fonts: Fonts, view: pygame.Rect, rings: list[tuple[float, str, theme.Colour]],
                     away: tuple[int, int], avoid: list[pygame.Rect]) -> pygame.Rect | None:
    """Where the rings' legend stands: the corner of the table's view furthest from `away` (the
    ringed model, on screen) that covers none of `avoid` (the odds box, the model's base), else
    beside the first of them; None when it has no room anywhere clear (or no ring shows)."""
    if not rings:
        return None
    font = fonts.small
    line = font.get_linesize()
    width = max(font.size(_legend_row(label))[0] for _, label, _ in rings) + line + 24
    box = pygame.Rect(0, 0, width, (len(rings) + 1) * line + 12)
    inner = view.inflate(-16, -16)
    corners = sorted((inner.topleft, inner.topright, inner.bottomleft, inner.bottomright),
                     key=lambda c: -((c[0] - away[0]) ** 2 + (c[1] - away[1]) ** 2))
    spots = [_at_corner(box, corner, inner) for corner in corners]
    for near in avoid[:1]:  # beside the odds box: left of it, right, above, below
        spots += [box.move(near.left - 8 - box.width - box.left, near.top - box.top),
                  box.move(near.right + 8 - box.left, near.top - box.top),
                  box.move(near.left - box.left, near.top - 8 - box.height - box.top),
                  box.move(near.left - box.left, near.bottom + 8 - box.top)]
    for spot in spots:
        spot = spot.clamp(inner)
        if inner.contains(spot) and not any(spot.colliderect(r) for r in avoid):
            return spot
    return None


def _at_corner(box: pygame.Rect, corner: tuple[int, int], inner: pygame.Rect) -> pygame.Rect:
    """The box with one corner at `corner` of `inner`, inside it."""
    return box.move(corner[0] - (box.width if corner[0] == inner.right else 0) - box.left,
                    corner[1] - (box.height if corner[1] == inner.bottom else 0) - box.top)


def _legend_row(label: str) -> str:
    """A ring's line of the legend: "move 6.5: how far he may still move"."""
    return f"{label}: {RING_MEANINGS.get(label.split()[0], label)}"


def draw_ring_legend(surface: pygame.Surface, fonts: Fonts, view: pygame.Rect,
                     rings: list[tuple[float, str, theme.Colour]], away: tuple[int, int],
                     avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
    """What each of the shown rings means, with its colour, where ring_legend_rect puts it in the
    table's view (`away`: the ringed model, on screen; `avoid`: the odds box, the bases kept
    clear); returns where it stands (None when not drawn)."""
    box = ring_legend_rect(fonts, view, rings, away, list(avoid))
    if box is None:
        return None
    font = fonts.small
    line = font.get_linesize()
    panel(surface, box, 225)
    y = text(surface, "Rings (G hides them)", font, (box.left + 10, box.top + 6), theme.GOLD).bottom
    for _, label, colour in rings:
        pygame.draw.circle(surface, INK_DARK, (box.left + 10 + line // 2, y + line // 2), line // 2 - 1, 4)
        pygame.draw.circle(surface, colour, (box.left + 10 + line // 2, y + line // 2), line // 2 - 2, 2)
        y = text(surface, _legend_row(label), font, (box.left + 14 + line, y)).bottom
    return box
