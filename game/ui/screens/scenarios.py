"""The scenario picker: the shipped scenarios (maps/) and the player's own (the scenarios folder),
each playable one with a miniature of its table, its size, turns and the two retinues; a broken
map is greyed with its one-line reason and can never be chosen.

Every entry of the player's folder whose name ends in .tmx is listed, whatever it is (a FIFO, a
device, a link that leads nowhere or loops, a folder) and whatever its name holds (shown escaped).
The list appears at once, each row "checking…", and fills in as a thread of its own reads the
maps (`Checks`); the results are taken on the UI thread, in `update`. Nothing the thread runs
touches pygame: it reads files through the bounded reader and checks pictures by their bytes."""

from __future__ import annotations

import errno
import os
import queue
import stat
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

import pygame
from pygame_gui.core import UIContainer

from game.bounded import FileRefused, printable, read_bytes
from game.content import load_content
from game.persist import Match
from game.persist.folders import scenarios_dir
from game.rules.state import SIDES
from game.scenario import (
    MAPS_DIR,
    Scenario,
    cached_scenario,
    forget_scenario,
    list_scenarios,
    scenario_key,
    scenario_problem,
)
from game.scenario_forces import with_forces
from game.terrain.terrain_map import MapError
from game.terrain.tmx_check import MAX_FILE_BYTES
from game.ui import places, theme
from game.ui.app import App
from game.ui.miniature import miniature
from game.ui.persistence import has_rosters
from game.ui.screens.base import ButtonScreen
from game.ui.widgets import Button, fit, panel, paragraph, text, wrap

SHIPPED, OWN = "shipped", "own"
CHECKING = "checking…"
FIRST_LOOK = 0.1  # seconds the picker waits for the checks before its first frame (a small folder is whole)
TAKE_EVERY = 0.2  # seconds between taking the checks' results into the list (each take lays it out again)
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
    """One map in the list: the scenario it starts, what to show, and why it cannot be played
    (while its check runs it is `pending`: listed, choosable, not yet known to play)."""

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
    pending: bool = False  # True until the map has been checked

    @property
    def playable(self) -> bool:
        """True if the map has been checked and can be started."""
        return not self.problem and not self.pending

    @property
    def choosable(self) -> bool:
        """True if the row may be chosen: a playable map, or one still being checked."""
        return not self.problem

    @property
    def own(self) -> bool:
        """True for a map of the player's own scenarios folder."""
        return self.origin == OWN


def own_map_files(folder: Path) -> list[Path]:
    """Every entry of the player's folder whose name ends in .tmx (any case), as a person would
    sort them: whatever it is and whatever its name holds, so that each is listed, played or
    greyed with its reason; hidden ones (a leading dot) are left out."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    found = [folder / n for n in names if n.lower().endswith(".tmx") and len(n) > 4 and not n.startswith(".")]
    return sorted(found, key=lambda p: (p.name.casefold(), p.name))


def list_entries(maps_dir: Path = MAPS_DIR, own_dir: Path | None = None) -> list[Entry]:
    """Every map in maps/ and then in the player's folder, each still to be checked (nothing is
    read here but the folders' names and the files' dates)."""
    entries = [_pending(maps_dir / f"{stem}.tmx", stem, SHIPPED) for stem in list_scenarios(maps_dir)]
    if own_dir is not None:
        entries += [_pending(path, path.name[:-4], OWN) for path in own_map_files(own_dir)]
    return entries


def _pending(path: Path, label: str, origin: str) -> Entry:
    name = scenario_key(str(path))
    _forget_if_changed(name, path)
    label = printable(label)
    return Entry(name, label, label, "", CHECKING, origin=origin, path=path, pending=True)


def check_entry(entry: Entry) -> Entry:
    """The entry once its map is checked: playable with its table, turns and retinues, or greyed
    with its one-line reason. Never raises, and touches no pygame state (it runs on the checks'
    thread)."""
    try:
        problem = printable(_file_problem(entry.path) or scenario_problem(entry.name))
        if problem:
            return replace(entry, status="cannot be played", problem=problem, pending=False)
        sc = cached_scenario(entry.name)
        size = (sc.terrain.width, sc.terrain.height)
        status = f"{size[0]}″ × {size[1]}″  ·  {sc.turns} turn{'s' if sc.turns != 1 else ''}"
        return replace(entry, title=printable(sc.title), briefing=printable(sc.briefing), status=status,
                       size=size, turns=sc.turns, forces=_forces(sc), pending=False)
    except Exception as exc:  # noqa: BLE001 - a map no check foresaw is still one greyed line
        why = printable(str(exc).splitlines()[0] if str(exc) else "")[:200]
        return replace(entry, status="cannot be played", pending=False,
                       problem=f"the map cannot be checked ({type(exc).__name__}: {why})")


def _file_problem(path: Path) -> str:
    """Why an entry of the folder is not a map file to read at all ("" for a regular file, or a
    link to one): a FIFO, a device, a folder, a link that loops or leads nowhere."""
    try:
        if stat.S_ISREG(os.stat(path).st_mode):
            return ""
    except OSError as exc:
        if exc.errno in (errno.ENOENT, errno.ENOTDIR) and os.path.islink(path):
            return f"the map file is a symbolic link to {_link_target(path)}, which does not exist"
    try:
        read_bytes(path, MAX_FILE_BYTES)  # refuses it without reading: says what it is
    except FileRefused as exc:
        return f"the map file was not found ({exc.reason})" if exc.missing else \
            f"the map file is not read: {exc.reason}"
    return ""


def _link_target(path: Path) -> str:
    try:
        return printable(os.readlink(path))
    except OSError:
        return "a file"


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


class Checks:
    """The entries' checks, in the list's order, on a daemon thread of their own: each result is
    queued for the UI thread (`take`). The thread stops after the map it is reading once `stop` is
    called or `wanted` says no more (the picker is closed or gone), and ends when the list does."""

    def __init__(self, entries: Sequence[Entry], wanted: Callable[[], bool] = lambda: True) -> None:
        self._results: queue.SimpleQueue[tuple[int, Entry]] = queue.SimpleQueue()
        self._stopped = threading.Event()
        todo = [(i, e) for i, e in enumerate(entries) if e.pending]
        self.thread = threading.Thread(target=self._run, args=(todo, wanted), name="scenario checks",
                                       daemon=True)
        self.thread.start()

    def _run(self, todo: list[tuple[int, Entry]], wanted: Callable[[], bool]) -> None:
        for index, entry in todo:
            if self._stopped.is_set() or not wanted():
                return
            self._results.put((index, check_entry(entry)))

    def take(self) -> list[tuple[int, Entry]]:
        """The results come since the last take (index in the list, the checked entry)."""
        out = []
        while True:
            try:
                out.append(self._results.get_nowait())
            except queue.Empty:
                return out

    @property
    def done(self) -> bool:
        """True once the thread has ended (every map checked, or stopped)."""
        return not self.thread.is_alive()

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for every check to finish; True if they have."""
        self.thread.join(seconds)
        return self.done

    def stop(self) -> None:
        """Check no further map (the one being read is finished)."""
        self._stopped.set()


def _still_open(ref: weakref.ref[ScenarioPicker], app: App) -> bool:
    """Whether the picker is still wanted: alive, and on the app's stack once it has been shown."""
    picker = ref()
    if picker is None:
        return False
    return not picker.shown or any(screen is picker for screen in list(app.stack))


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
        self.entries = list_entries(maps_dir, self.own_dir)
        self.shown = False  # once drawn, the checks stop when the picker leaves the app's stack
        self._since_take = 0.0  # seconds since the checks' results were last taken
        self.checks = Checks(self.entries, partial(_still_open, weakref.ref(self), app))
        weakref.finalize(self, self.checks.stop)
        self.checks.wait(FIRST_LOOK)  # a folder checked quickly is shown whole from the first frame
        self.chosen = -1  # the row Start plays; -1: none may be chosen
        self._take_checked()
        self.chosen = next((i for i, e in enumerate(self.entries) if e.choosable), -1)
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
            btn = Button("", partial(self.choose, row.index), rect, enabled=entry.choosable,
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

    # --- the checks ---------------------------------------------------------------------------
    @property
    def checking(self) -> bool:
        """True while some map of the list is still being checked."""
        return any(e.pending for e in self.entries)

    def update(self, dt: float) -> places.Transition:
        """The maps checked since the last take come into the list (a few times a second, and as
        soon as the last is checked: each take lays the list out again)."""
        self._since_take += dt
        if (self._since_take >= TAKE_EVERY or self.checks.done) and self._take_checked():
            self._since_take = 0.0
            self.layout()
        return super().update(dt)

    def _take_checked(self) -> bool:
        """Put the checks' results in the list; True if any came. A chosen map found broken gives
        way to the next one that may be chosen."""
        results = self.checks.take()
        for index, entry in results:
            self.entries[index] = entry
        if self.chosen >= 0 and not self.entries[self.chosen].choosable:
            self.chosen = _next_choosable(self.entries, self.chosen, 1)
        return bool(results)

    def choose(self, index: int) -> None:
        """Show this scenario's briefing (a broken map cannot be chosen)."""
        if 0 <= index < len(self.entries) and self.entries[index].choosable:
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
        """Choose the next map up or down the list that may be played (or is being checked),
        going round."""
        index = _next_choosable(self.entries, self.chosen, by)
        if index >= 0:
            self.choose(index)

    def start(self) -> places.Transition:
        """The table of the chosen scenario in place of the picker (the solo or watch form first; a
        hot-seat game without a form deploys as the Settings say).
        A map still being checked is checked now, so that only a map that plays is ever started."""
        if self.chosen >= 0 and self.entries[self.chosen].pending:
            self.entries[self.chosen] = check_entry(self.entries[self.chosen])
            self._take_checked()
            self.layout()
        if self.chosen < 0 or not self.entries[self.chosen].playable:
            return None
        name = self.entries[self.chosen].name
        seed = int(time.time()) % 100000
        if self.mode == "solo":
            return places.Push(places.SoloSetup(name, seed))
        if self.mode == "watch":
            return places.Push(places.WatchSetup(name, seed))
        if has_rosters():  # each side may field one of the player's rosters: asked first
            return places.Push(places.HotseatSetup(name, seed))
        match = Match.start(name, seed, self.mode, deploy=self.app.settings.deploy_by_hand)
        return places.Replace(places.Battle(match, self.mode))

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
        self.shown = True  # drawn by the app: from now the checks stop when it leaves the stack
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
        else:
            self._draw_details(surface, box, self.entries[self.chosen])
        self._draw_reason(surface, pygame.mouse.get_pos())  # last: nothing is drawn over it

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
        if entry.pending:
            text(surface, _fit(entry.label, fonts.body, width), fonts.body, (x, rect.top + pad), theme.DIM)
            text(surface, CHECKING, fonts.small, (x, rect.bottom - pad), theme.DIM, "bottomleft")
        elif entry.playable:
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
        """Under the mouse, a broken map's whole reason (the row has room for one line of it), in a
        box over the list, clear of the details beside it and inside the window."""
        if not self.list_rect.collidepoint(mouse):
            return
        for entry, button in zip(self.entries, self.entry_buttons, strict=True):
            if not entry.problem or not button.rect.collidepoint(mouse):
                continue
            font = self.app.fonts.small
            box, lines = reason_box(entry.problem, button.rect, font, surface.get_rect())
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
        if entry.pending:
            y = text(surface, _fit(entry.label, fonts.get(26, True), inner.width), fonts.get(26, True),
                     inner.topleft, theme.GOLD).bottom + 14
            text(surface, "Checking the map…", fonts.body, (inner.left, y), theme.DIM)
            return
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


def _next_choosable(entries: Sequence[Entry], start: int, by: int) -> int:
    """The next entry after `start`, up (by -1) or down (by 1) the list and going round, that may
    be chosen; -1 if none may."""
    n = len(entries)
    return next((index for k in range(1, n + 1) if entries[index := (start + by * k) % n].choosable), -1)


def reason_box(reason: str, row: pygame.Rect, font: pygame.font.Font,
               window: pygame.Rect) -> tuple[pygame.Rect, list[str]]:
    """Where a greyed row's whole reason is shown, and its lines: wrapped to the row's width (so
    the box lies over the list, never under the details beside it), under the row or else over
    it, and inside the window; lines past the window's height end in …."""
    width = max(60, row.width - 16)
    line_h = font.get_linesize()
    lines = _wrap_hard(reason[:4000], font, width - 20)
    most = max(1, (window.height - 24) // line_h)
    if len(lines) > most:
        lines = [*lines[:most - 1], fit(lines[most - 1] + " …", font, width - 20)]
    box = pygame.Rect(row.left + 8, row.bottom + 2, width, len(lines) * line_h + 16)
    if box.bottom > window.bottom - 4:
        box.bottom = row.top - 2
    return box.clamp(window.inflate(-8, -8)), lines


def _wrap_hard(msg: str, font: pygame.font.Font, width: int) -> list[str]:
    """The text in lines no wider than `width`, a word too long for one line broken where it must."""
    out = []
    for line in wrap(msg, font, width):
        while len(line) > 1 and font.size(line)[0] > width:
            low, high = 1, len(line) - 1  # the longest head that fits, found by halving
            while low < high:
                mid = (low + high + 1) // 2
                low, high = (mid, high) if font.size(line[:mid])[0] <= width else (low, mid - 1)
            out.append(line[:low])
            line = line[low:]
        out.append(line)
    return out
