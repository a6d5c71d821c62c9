"""The scenario picker: the shipped scenarios (maps/) and the player's own (the scenarios folder),
each playable one with a miniature of its table, its size, turns and the two retinues; a broken
map is greyed with its one-line reason and can never be chosen."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pygame
from pygame_gui.core import UIContainer

from game.bounded import printable
from game.content import load_content
from game.persist import Match
from game.persist.folders import scenarios_dir
from game.rules.state import SIDES
from game.scenario import (
    MAPS_DIR,
    NAME,
    Scenario,
    cached_scenario,
    forget_scenario,
    list_scenarios,
    scenario_key,
    scenario_problem,
)
from game.scenario_forces import with_forces
from game.terrain.terrain_map import MapError
from game.ui import places, theme
from game.ui.app import App
from game.ui.miniature import miniature
from game.ui.screens.base import ButtonScreen
from game.ui.widgets import Button, fit, panel, paragraph, text, wrap

SHIPPED, OWN = "shipped", "own"
_seen: dict[str, tuple[int, int]] = {}  # a map file's modification time and size when last read


@dataclass(frozen=True, slots=True)
class Force:
    """A side's retinue as the picker shows it."""

    side: str
    name: str
    models: int
    mounted: int

    @property
    def summary(self) -> str:
        """'12 models, 6 mounted'."""
        count = f"{self.models} model{'s' if self.models != 1 else ''}"
        return f"{count}, {self.mounted} mounted" if self.mounted else count


@dataclass(frozen=True, slots=True)
class Entry:
    """One map in the list: the scenario it starts, what to show, and why it cannot be played."""

    name: str  # the scenario name a game records (a name in maps/, or a map file's path)
    label: str  # the map's file name without .tmx
    title: str
    briefing: str
    status: str  # "36″ × 36″ · 6 turns"
    problem: str = ""  # "" when the map can be played
    origin: str = SHIPPED  # SHIPPED (maps/) or OWN (the player's scenarios folder)
    path: Path = Path()
    size: tuple[int, int] = (0, 0)  # the table in inches
    turns: int = 0
    forces: tuple[Force, ...] = ()

    @property
    def playable(self) -> bool:
        """True if the map can be started."""
        return not self.problem

    @property
    def own(self) -> bool:
        """True for a map of the player's own scenarios folder."""
        return self.origin == OWN


def own_map_files(folder: Path) -> list[Path]:
    """The .tmx files in the player's folder (any name Tiled allows, any case of .tmx), as a person
    would sort them; hidden files and folders are left out."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    found = [folder / n for n in names
             if n.lower().endswith(".tmx") and len(n) > 4 and NAME.match(n) and (folder / n).is_file()]
    return sorted(found, key=lambda p: (p.name.casefold(), p.name))


def read_entries(maps_dir: Path = MAPS_DIR, own_dir: Path | None = None) -> list[Entry]:
    """Every map in maps/ and then in the player's folder, playable or not (a broken one carries
    its one-line reason)."""
    entries = [_entry(maps_dir / f"{stem}.tmx", stem, SHIPPED) for stem in list_scenarios(maps_dir)]
    if own_dir is not None:
        entries += [_entry(path, path.name[:-4], OWN) for path in own_map_files(own_dir)]
    return entries


def _entry(path: Path, label: str, origin: str) -> Entry:
    name = scenario_key(str(path))
    _forget_if_changed(name, path)
    label = printable(label)
    problem = printable(scenario_problem(name))
    if problem:
        return Entry(name, label, label, "", "cannot be played", problem, origin, path)
    sc = cached_scenario(name)
    size = (sc.terrain.width, sc.terrain.height)
    status = f"{size[0]}″ × {size[1]}″  ·  {sc.turns} turn{'s' if sc.turns != 1 else ''}"
    return Entry(name, label, printable(sc.title), printable(sc.briefing), status, "", origin, path,
                 size, sc.turns, _forces(sc))



def _forget_if_changed(name: str, path: Path) -> None:
    """Read a map again if its file changed since it was last read (a player edits their own)."""
    try:
        info = os.stat(path)
        stamp = (info.st_mtime_ns, info.st_size)
    except OSError:
        stamp = (0, 0)
    if _seen.get(name, stamp) != stamp:
        forget_scenario(name)
    _seen[name] = stamp


def _forces(sc: Scenario) -> tuple[Force, ...]:
    """Each side's retinue: from the content, or the map's own models (its `forces` layer)."""
    content = with_forces(load_content(), sc.forces)
    out = []
    for side in SIDES:
        retinue = content.retinues.get(sc.retinues.get(side, ""))
        if retinue is None:
            continue
        members = [m for spear in retinue.spears for m in (spear.hero, *spear.retainers)]
        out.append(Force(side, retinue.name, len(members), sum(1 for m in members if m.steed)))
    return tuple(out)


@dataclass(slots=True)
class Row:
    """Where a heading or an entry stands in the scrolling list (y from the list's top)."""

    y: int
    height: int
    heading: str = ""
    index: int = -1  # the entry's index, for an entry's row


class ScenarioPicker(ButtonScreen):
    """Pick a scenario, read its briefing, start it hot-seat, solo or as an AI game to watch."""

    title = "Choose a scenario"

    def __init__(self, app: App, mode: str = "hotseat", maps_dir: Path = MAPS_DIR,
                 own_dir: Path | None = None) -> None:
        self.mode = mode
        self.own_dir = own_dir if own_dir is not None else _own_folder()
        self.entries = read_entries(maps_dir, self.own_dir)
        self.chosen = next((i for i, e in enumerate(self.entries) if e.playable), -1)  # -1: none playable
        self.scroll = 0
        self.rows: list[Row] = []
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self._pictures: dict[tuple[str, tuple[int, int]], pygame.Surface | None] = {}
        self._list_box: UIContainer | None = None  # clips the list's pygame_gui buttons
        super().__init__(app)

    # --- the miniatures ---------------------------------------------------------------------
    def miniature(self, entry: Entry, box: tuple[int, int] | None = None) -> pygame.Surface | None:
        """The entry's table in miniature (None for a broken map), shrunk to fit `box` if given."""
        if not entry.playable:
            return None
        key = (entry.name, box or (0, 0))
        if key not in self._pictures:
            self._pictures[key] = self._draw_miniature(entry, box)
        return self._pictures[key]

    def _draw_miniature(self, entry: Entry, box: tuple[int, int] | None) -> pygame.Surface | None:
        if box is not None:
            whole = self.miniature(entry)
            if whole is None:
                return None
            w, h = whole.get_size()
            k = min(box[0] / w, box[1] / h, 1.0)
            if k >= 1.0:
                return whole
            return pygame.transform.smoothscale(whole, (max(1, round(w * k)), max(1, round(h * k))))
        try:
            return miniature(entry.path, cached_scenario(entry.name).terrain)
        except (MapError, OSError, pygame.error):
            return None

    # --- layout -----------------------------------------------------------------------------
    def layout(self) -> None:
        """The scrolling list of maps on the left (a heading over each group), Start and Back."""
        w, h = self.app.surface.get_size()
        s = self.app.settings.ui_scale
        bh = int(46 * s)
        list_w = max(260, min(int(400 * s), int(w * 0.34)))
        foot = self.app.fonts.small.get_linesize() + 10  # the line naming the player's folder
        top = 30 + self.app.fonts.title.get_linesize() + 20  # under the screen's title
        self.list_rect = pygame.Rect(50, top, list_w, h - top - 24 - foot)
        self.rows = []
        row_h, head_h, gap = int(62 * s), int(34 * s), int(6 * s)
        y = 0
        for origin, heading in ((SHIPPED, "Shipped with the game"), (OWN, "Your own scenarios")):
            self.rows.append(Row(y, head_h, heading=heading))
            y += head_h
            group = [i for i, e in enumerate(self.entries) if e.origin == origin]
            if not group:
                self.rows.append(Row(y, row_h))  # an empty group says where its maps go
                y += row_h + gap
            for i in group:
                self.rows.append(Row(y, row_h, index=i))
                y += row_h + gap
        self.content_height = y
        self.scroll = max(0, min(self.scroll, self.content_height - self.list_rect.height))
        self.buttons = []
        for row in self.rows:
            if row.index < 0:
                continue
            entry = self.entries[row.index]
            rect = pygame.Rect(self.list_rect.left, self.list_rect.top + row.y - self.scroll,
                               self.list_rect.width - 12, row.height)
            btn = Button("", partial(self.choose, row.index), rect, enabled=entry.playable,
                         hint=entry.problem)
            btn.selected = row.index == self.chosen
            self.buttons.append(btn)
        label = {"hotseat": "Start hot-seat game", "solo": "Choose your side", "watch": "Choose the players"}[
            self.mode]
        room = w - 50 - (self.list_rect.right + 24)  # Start and Back stand right of the list
        shrink = min(1.0, (room - 12) / (400 * s))
        start = pygame.Rect(0, 0, int(260 * s * shrink), bh)
        start.bottomright = (w - 50, h - 24)
        back = pygame.Rect(0, 0, int(140 * s * shrink), bh)
        back.bottomright = (start.left - 12, h - 24)
        self.buttons.append(Button(label, self.start, start, enabled=self.chosen >= 0))
        self.buttons.append(Button("Back", places.Pop, back))

    @property
    def entry_buttons(self) -> list[Button]:
        """The list's buttons, one per entry, in the order of the entries."""
        return self.buttons[:len(self.entries)]

    def container(self, index: int, button: Button) -> UIContainer | None:
        """The list's buttons stand in a container that cuts off the rows scrolled out of it."""
        if index >= len(self.entries):
            return None
        if index == 0:  # the buttons are being made again: so is their container
            self._list_box = UIContainer(self.list_rect, self.kit.manager)
        return self._list_box

    def draw_focus(self, surface: pygame.Surface) -> None:
        """No ring: the chosen row is lit, and the keys move it."""

    def choose(self, index: int) -> None:
        """Show this scenario's briefing (a broken map cannot be chosen)."""
        if 0 <= index < len(self.entries) and self.entries[index].playable:
            self.chosen = index
            self.show(index)
            self.layout()

    def show(self, index: int) -> None:
        """Scroll the list so that the entry is in view."""
        row = next((r for r in self.rows if r.index == index), None)
        if row is None:
            return
        view = self.list_rect.height
        if row.y < self.scroll:
            self.scroll = max(0, row.y - (self.rows[0].height if row is self.rows[1] else 0))
        elif row.y + row.height > self.scroll + view:
            self.scroll = row.y + row.height - view

    def step(self, by: int) -> None:
        """Choose the next playable map up or down the list, going round."""
        n = len(self.entries)
        for k in range(1, n + 1):
            index = (self.chosen + by * k) % n
            if self.entries[index].playable:
                self.choose(index)
                return

    def start(self) -> places.Transition:
        """The table of the chosen scenario in place of the picker (the solo or watch form first)."""
        if self.chosen < 0 or not self.entries[self.chosen].playable:
            return None
        name = self.entries[self.chosen].name
        seed = int(time.time()) % 100000
        if self.mode == "solo":
            return places.Push(places.SoloSetup(name, seed))
        if self.mode == "watch":
            return places.Push(places.WatchSetup(name, seed))
        return places.Replace(places.Battle(Match.start(name, seed, self.mode), self.mode))

    # --- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> places.Transition:
        """Up/Down (and Tab/Shift+Tab) choose, Enter starts, the wheel scrolls the list; a click on
        the list counts only where the list shows."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.start()
        if event.type == pygame.KEYDOWN and self.chosen >= 0 and event.key in (pygame.K_UP, pygame.K_DOWN,
                                                                                pygame.K_TAB):
            shifted = event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            self.step(-1 if event.key == pygame.K_UP or shifted else 1)
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * int(40 * self.app.settings.ui_scale))
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            rows = self.entry_buttons
            inside = self.list_rect.collidepoint(event.pos)
            for button in rows if inside else self.buttons[len(rows):]:
                if button.hit(event.pos):
                    return places.transition_of(button.action())
            return None
        return super().handle(event)

    def scroll_by(self, pixels: int) -> None:
        """Scroll the list (kept within its length)."""
        self.scroll = max(0, min(self.scroll + pixels, self.content_height - self.list_rect.height))
        self.layout()

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The list (broken maps greyed, with their reason), and the chosen scenario's table."""
        w, h = surface.get_size()
        text(surface, self.title, self.app.fonts.title, (w // 2, 30), theme.GOLD, "midtop")
        self.draw_buttons(surface)
        self._draw_list(surface)
        left = self.list_rect.right + 24
        bottom = self.buttons[-1].rect.top - 14  # above Start and Back
        box = pygame.Rect(left, self.list_rect.top, w - left - 50, bottom - self.list_rect.top)
        if self.chosen < 0:
            message = "No playable scenarios" if self.entries else "No scenarios found"
            text(surface, message, self.app.fonts.head, (left, box.top + 10), theme.BAD)
            return
        self._draw_details(surface, box, self.entries[self.chosen])

    def _draw_list(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        clip = surface.get_clip()
        surface.set_clip(self.list_rect)
        mouse = pygame.mouse.get_pos()
        inside = self.list_rect.collidepoint(mouse)
        top = self.list_rect.top - self.scroll
        buttons = iter(self.entry_buttons)
        for row in self.rows:
            rect = pygame.Rect(self.list_rect.left, top + row.y, self.list_rect.width - 12, row.height)
            if not rect.colliderect(self.list_rect):
                if row.index >= 0:
                    next(buttons)
                continue
            if row.heading:
                text(surface, row.heading, fonts.head, (rect.left + 2, rect.bottom - 8), theme.GOLD,
                     "bottomleft")
                pygame.draw.line(surface, theme.PANEL_EDGE, (rect.left, rect.bottom - 3),
                                 (rect.right, rect.bottom - 3))
            elif row.index < 0:
                self._draw_empty_own(surface, rect)
            else:
                button = next(buttons)
                self._draw_row(surface, self.entries[row.index], button, mouse if inside else (-1, -1))
        surface.set_clip(clip)
        if self.content_height > self.list_rect.height:
            self._draw_scrollbar(surface)
        folder = _fit(f"Your scenarios folder: {self.own_dir}", fonts.small, self.list_rect.width)
        text(surface, folder, fonts.small, (self.list_rect.left, self.list_rect.bottom + 8), theme.DIM)
        if inside:
            self._draw_reason(surface, mouse)

    def _draw_row(self, surface: pygame.Surface, entry: Entry, button: Button,
                  mouse: tuple[int, int]) -> None:
        """What an entry's button shows: its miniature, title and size and turns; greyed with its
        reason if broken."""
        rect = button.rect
        fonts = self.app.fonts
        pad = 8
        icon_box = (int(rect.height * 1.5) - pad, rect.height - 2 * pad)
        icon = self.miniature(entry, icon_box)
        x = rect.left + pad + icon_box[0] + 10
        if icon is not None:
            spot = icon.get_rect(center=(rect.left + pad + icon_box[0] // 2, rect.centery))
            surface.blit(icon, spot)
            pygame.draw.rect(surface, (18, 16, 14), spot, 1)
        else:
            cross = pygame.Rect(rect.left + pad, rect.top + pad, *icon_box)
            pygame.draw.rect(surface, theme.BUTTON_OFF, cross)
            pygame.draw.rect(surface, theme.PANEL_EDGE, cross, 1)
            text(surface, "?", fonts.head, cross.center, theme.DIM, "center")
        width = rect.right - x - pad
        tag = ""
        if entry.own:
            tag = "yours"
            badge = fonts.small.size(tag)[0] + 12
            width -= badge + 6
            chip = pygame.Rect(rect.right - pad - badge, rect.top + pad, badge,
                               fonts.small.get_linesize() + 2)
            pygame.draw.rect(surface, (96, 74, 24), chip, border_radius=4)
            text(surface, tag, fonts.small, chip.center, theme.GOLD, "center")
        if entry.playable:
            text(surface, _fit(entry.title, fonts.body, width), fonts.body, (x, rect.top + pad), theme.TEXT)
            status = f"{entry.status}  ·  {entry.path.name}" if entry.own else entry.status
            text(surface, _fit(status, fonts.small, rect.right - x - pad), fonts.small,
                 (x, rect.bottom - pad), theme.DIM, "bottomleft")
        else:
            text(surface, _fit(f"{entry.label} (cannot be played)", fonts.body, width), fonts.body,
                 (x, rect.top + pad), theme.DIM)
            text(surface, _fit(entry.problem, fonts.small, rect.right - x - pad), fonts.small,
                 (x, rect.bottom - pad), theme.BAD, "bottomleft")

    def _draw_reason(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        """Under the mouse, a broken map's whole reason (the row has room for one line of it)."""
        for entry, button in zip(self.entries, self.entry_buttons, strict=True):
            if entry.playable or not button.rect.collidepoint(mouse):
                continue
            font = self.app.fonts.small
            width = max(200, surface.get_width() - button.rect.left - 60)
            width = min(width, int(520 * self.app.settings.ui_scale))
            lines = wrap(entry.problem, font, width - 20)[:8]
            width = max(font.size(line)[0] for line in lines) + 20
            box = pygame.Rect(button.rect.left + 20, button.rect.bottom + 2, width,
                              len(lines) * font.get_linesize() + 16)
            if box.bottom > surface.get_height() - 4:
                box.bottom = button.rect.top - 2
            panel(surface, box, alpha=250)
            for i, line in enumerate(lines):
                text(surface, line, font, (box.left + 10, box.top + 8 + i * font.get_linesize()), theme.BAD)
            return

    def _draw_empty_own(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fonts = self.app.fonts
        text(surface, "None yet: put .tmx maps in", fonts.small, (rect.left + 4, rect.top + 6), theme.DIM)
        text(surface, _fit(str(self.own_dir), fonts.small, rect.width - 8), fonts.small,
             (rect.left + 4, rect.top + 8 + fonts.small.get_linesize()), theme.TEXT)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        track = pygame.Rect(self.list_rect.right - 6, self.list_rect.top, 4, self.list_rect.height)
        pygame.draw.rect(surface, theme.BUTTON_OFF, track, border_radius=2)
        share = self.list_rect.height / self.content_height
        thumb = pygame.Rect(track.left, track.top + round(self.scroll * share), track.width,
                            max(16, round(track.height * share)))
        pygame.draw.rect(surface, theme.PANEL_EDGE, thumb, border_radius=2)

    def _draw_details(self, surface: pygame.Surface, box: pygame.Rect, entry: Entry) -> None:
        """The chosen scenario: its title and where it comes from, the miniature of its table beside
        the facts (size, turns, each side's retinue), and the briefing under them."""
        fonts = self.app.fonts
        panel(surface, box)
        inner = box.inflate(-40, -32)
        y = text(surface, _fit(entry.title, fonts.get(26, True), inner.width), fonts.get(26, True),
                 inner.topleft, theme.GOLD).bottom + 4
        if entry.own:
            where = _fit(f"Your own scenario  ·  {entry.path}", fonts.small, inner.width)
            y = text(surface, where, fonts.small, (inner.left, y), theme.GOLD).bottom + 14
        else:
            y = text(surface, _fit(f"Shipped scenario  ·  {entry.label}", fonts.small, inner.width),
                     fonts.small, (inner.left, y), theme.DIM).bottom + 14
        facts = self._facts(entry)
        facts_w = max(200, int(220 * self.app.settings.ui_scale))
        facts_h = sum(fonts.small.get_linesize() + 8 + fonts.body.get_linesize() * len(v)
                      for _, v, _ in facts)
        brief = fonts.get(17)
        need = len(wrap(entry.briefing, brief, inner.width)) * brief.get_linesize() + 14
        # the miniature as large as it may be, and smaller when the briefing would not fit under it
        tallest = int(288 * self.app.settings.ui_scale)
        mini_box = (max(80, inner.width - facts_w - 20),
                    max(60, min(tallest, max(facts_h, inner.bottom - y - need))))
        picture = self.miniature(entry, mini_box)
        mini = pygame.Rect(inner.left, y, 0, 0)
        if picture is not None:
            mini = surface.blit(picture, (inner.left, y))
            pygame.draw.rect(surface, (18, 16, 14), mini.inflate(2, 2), 1)
        fx = mini.right + 20
        fy = y
        for label, value, colour in facts:
            text(surface, label, fonts.small, (fx, fy), colour)
            fy += fonts.small.get_linesize()
            for line in value:
                for part in wrap(line, fonts.body, inner.right - fx)[:2]:
                    text(surface, _fit(part, fonts.body, inner.right - fx), fonts.body, (fx, fy), theme.TEXT)
                    fy += fonts.body.get_linesize()
            fy += 8
        top = max(mini.bottom, fy) + 14
        paragraph(surface, entry.briefing, fonts.get(17), pygame.Rect(inner.left, top, inner.width,
                                                                      inner.bottom - top))

    def _facts(self, entry: Entry) -> list[tuple[str, list[str], theme.Colour]]:
        out: list[tuple[str, list[str], theme.Colour]] = [
            ("Table", [f"{entry.size[0]}″ × {entry.size[1]}″"], theme.DIM),
            ("Turns", [str(entry.turns)], theme.DIM)]
        for force in entry.forces:
            out.append((theme.SIDE_NAME[force.side], [force.name, force.summary],
                        theme.SIDE_TEXT[force.side]))
        return out


def _own_folder() -> Path:
    """The player's scenarios folder (its name even if it cannot be made: it then lists nothing)."""
    try:
        return scenarios_dir()
    except OSError:
        return scenarios_dir(create=False)


def _fit(line: str, font: pygame.font.Font, width: int) -> str:
    """The line (made printable), cut short with … to fit the width."""
    return fit(printable(line), font, width)
