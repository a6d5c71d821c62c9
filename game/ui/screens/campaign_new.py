"""A new campaign: its name; its kind (the shipped narrative, or an open campaign whose tables the
side with less Prestige picks); how it is played (hot-seat, each person fielding a roster of the
rosters folder or a blank retinue; or solo, the person's roster and side against the AI's own blank
retinue, on foot or mounted, at Easy, Normal or Hard); and its seed (random, or typed to play a
campaign again). Create writes the campaign file and opens the campaign.

A roster with problems says why in one line and Create waits."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel, UITextEntryLine

from game.campaign.model import HUMAN, Side, new_campaign
from game.campaign.narrative import Narrative
from game.campaign.stories import first_story
from game.content import load_content
from game.muster import Roster, breaches, muster_rules
from game.muster.roster import describe as breaches_line
from game.muster.templates import blank, mount_all
from game.persist.campaigns import CampaignFileError, new_campaign_path, write_campaign
from game.persist.folders import campaigns_dir
from game.persist.rosters import RosterEntry, RosterFileError, list_rosters
from game.ui import places, theme
from game.ui.app import App, Screen
from game.ui.campaign_link import shipped_narratives
from game.ui.screens.base import focus_step, nudge_step
from game.ui.solo import DIFFICULTIES, ai_spec
from game.ui.widgets import clipped, fit, focus_ring, gui_manager, text

SIDES: tuple[Side, Side] = ("red", "blue")
SIZE = (640, 560)  # the form at its tallest (solo), in pixels at scale 1
ROW = 50  # a row of the form: its label on the left, its choices on the right
LABEL = 170  # the labels' column
BLANK, MOUNTED = "blank", "blank-mounted"  # the roster choices that are no file
MAX_SEED = 2**63


def other(side: Side) -> Side:
    """The opposing side."""
    return "blue" if side == "red" else "red"


def folder_rosters() -> list[RosterEntry]:
    """The rosters of the player's folder that can be read (none if it cannot be listed)."""
    try:
        return [e for e in list_rosters() if e.roster is not None]
    except (RosterFileError, OSError):
        return []


def blank_name(side: Side, narrative: Narrative | None) -> str:
    """A blank retinue's name: who the side is in the narrative, else its colour's retinue."""
    if narrative is not None:
        return narrative.sides[side][:80]
    return f"{theme.SIDE_NAME[side]}'s retinue"


def roster_trouble(roster: Roster) -> str:
    """Why a roster cannot start a campaign, in one line ("" if it can)."""
    found = breaches(roster, load_content(), muster_rules())
    if not found:
        return ""
    count = f"{len(found)} problem{'s' if len(found) != 1 else ''}"
    return f"{roster.name} has {count}: {breaches_line(found, 1)}"


def roster_options(rosters: list[RosterEntry]) -> list[tuple[str, str]]:
    """What a person may field: a blank retinue on foot or mounted, or a roster of the folder."""
    return [("A blank retinue, on foot", BLANK), ("A blank retinue, mounted", MOUNTED),
            *((f"Your roster: {e.roster.name}", str(e.path)) for e in rosters if e.roster)]


def story_line(kind: str, narrative: Narrative | None) -> str:
    """What the kind chosen means."""
    if kind == "open":
        return "Before each battle the side with less Prestige picks the table: a shipped one or your own."
    if narrative is None:
        return "No narrative campaign is shipped."
    return f"{narrative.name}: {narrative.blurb}"


def leaders(play: str, side: Side, level: str) -> dict[Side, str]:
    """Who leads each side: two people (hot-seat), or the person and the AI at its level (solo)."""
    if play == "hotseat":
        return dict.fromkeys(SIDES, HUMAN)
    return {side: HUMAN, other(side): ai_spec(level)}


class NewCampaignForm(Screen):
    """The form of a new campaign, in a panel in the middle of the window."""

    def __init__(self, app: App, folder: Path | None = None) -> None:
        super().__init__(app)
        self.folder = folder if folder is not None else campaigns_dir()
        self.narratives = shipped_narratives()
        self.narrative = next(iter(self.narratives), "")
        self.kind = "narrative" if self.narrative else "open"
        self.play = "solo"
        self.side: Side = "red"
        self.level = "normal"
        self.ai_mounted = False
        self.rosters = folder_rosters()
        self.choice: dict[Side, str] = dict.fromkeys(SIDES, BLANK)  # a roster file's path, or a blank
        self.name = "My campaign"
        self.seed = str(random.randrange(1, 10**9))
        self.problem = ""
        self.manager = gui_manager(app.surface.get_size(), app.fonts.scale)
        self.buttons: dict[UIButton, tuple[str, Any]] = {}  # each choice button: what it sets, to what
        self.menus: dict[Side, UIDropDownMenu] = {}
        self.entries: dict[str, UITextEntryLine] = {}
        self.create_button: UIButton | None = None
        self.story_rect = pygame.Rect(0, 0, 0, 0)  # where the kind chosen is told
        self.focus = -1  # the element the keys act on, in `focus_order` (-1: Create)
        self.back_button: UIButton | None = None
        self.build()

    # --- layout ---------------------------------------------------------------------------
    def px(self, n: int) -> int:
        """A length of the form at the UI scale, or smaller if the form would not fit the window."""
        w, h = self.app.surface.get_size()
        room = min((h - self.heading_bottom() - 16 - self.app.fonts.small.get_linesize()) / SIZE[1],
                   (w - 20) / SIZE[0])
        return round(n * max(0.7, min(self.app.fonts.scale, room)))

    def heading_bottom(self) -> int:
        """The y under the heading."""
        return 40 + self.app.fonts.title.get_linesize()

    def form_rect(self) -> pygame.Rect:
        """Where the form's panel stands in the window."""
        w, h = self.app.surface.get_size()
        rect = pygame.Rect(0, 0, self.px(SIZE[0]), self.px(16 + len(self.rows()) * ROW + 84))
        rect.centerx = w // 2
        rect.top = max(self.heading_bottom() + 8, min((h - rect.height) // 2, h - 10 - rect.height))
        return rect

    def rows(self) -> list[tuple[str, str]]:
        """The form's rows, top to bottom: (label, what stands right of it)."""
        out = [("Name", "name"), ("Campaign", "kind"), ("", "story"), ("Played", "play")]
        if self.play == "hotseat":
            out += [(f"{theme.SIDE_NAME[s]} fields", f"roster:{s}") for s in SIDES]
        else:
            out += [("Your side", "side"), ("Your retinue", f"roster:{self.side}"), ("AI level", "level"),
                    ("AI retinue", "mounted")]
        return [*out, ("Seed", "seed")]

    def build(self) -> None:
        """Make the form's elements for the current window size and choices."""
        self.manager.clear_and_reset()
        box = self.form_rect()
        self.panel = UIPanel(box, manager=self.manager)
        self.buttons, self.menus, self.entries = {}, {}, {}
        px = self.px
        for i, (label, what) in enumerate(self.rows()):
            y = px(16 + i * ROW)
            if what == "story":  # drawn over the panel, in two lines
                self.story_rect = pygame.Rect(px(24), y - px(4), box.width - px(48), px(46)).move(box.topleft)
                continue
            UILabel(pygame.Rect(px(16), y, px(LABEL - 20), px(40)), label, self.manager, container=self.panel)
            self.row(what, pygame.Rect(px(LABEL), y, box.width - px(LABEL + 16), px(40)))
        self.back_button = UIButton(pygame.Rect(px(16), box.height - px(60), px(130), px(44)), "Back",
                                    self.manager, container=self.panel)
        self.create_button = UIButton(pygame.Rect(box.width - px(216), box.height - px(60), px(200), px(44)),
                                      "Create", self.manager, container=self.panel)
        self.problem = self.trouble()
        if self.problem:
            self.create_button.disable()

    def row(self, what: str, at: pygame.Rect) -> None:
        """The elements of one row, in the rect right of its label (form pixels)."""
        if what in ("name", "seed"):
            self.entry(what, at)
        elif what == "kind":
            self.choices(at, "kind", [("narrative", "Narrative"), ("open", "Open")], self.kind)
        elif what == "play":
            self.choices(at, "play", [("hotseat", "Hot-seat"), ("solo", "Solo")], self.play)
        elif what == "side":
            self.choices(at, "side", [(s, theme.SIDE_NAME[s]) for s in SIDES], self.side)
        elif what == "level":
            self.choices(at, "level", [(lv, lv.capitalize()) for lv in DIFFICULTIES], self.level)
        elif what == "mounted":
            self.choices(at, "mounted", [(False, "On foot"), (True, "Mounted")], self.ai_mounted)
        else:
            self.roster_menu(SIDES[0] if what.endswith("red") else SIDES[1], at)

    def entry(self, what: str, at: pygame.Rect) -> None:
        """A line to type: the campaign's name, or its seed (digits only)."""
        line = UITextEntryLine(at, self.manager, container=self.panel)
        if what == "seed":
            line.set_allowed_characters("numbers")
            line.set_text_length_limit(18)
        else:
            line.set_text_length_limit(80)
        line.set_text(self.name if what == "name" else self.seed)
        self.entries[what] = line

    def choices(self, at: pygame.Rect, field: str, options: list[tuple[Any, str]], chosen: Any) -> None:
        """Buttons side by side filling the rect, the chosen one marked."""
        gap = self.px(6)
        width = (at.width - gap * (len(options) - 1)) // len(options)
        for i, (value, label) in enumerate(options):
            button = UIButton(pygame.Rect(at.left + i * (width + gap), at.top, width, at.height), label,
                              self.manager, container=self.panel)
            (button.select if value == chosen else button.unselect)()
            self.buttons[button] = (field, value)

    def roster_menu(self, side: Side, at: pygame.Rect) -> None:
        """A side's roster drop-down (outside the panel, so its open list is not cut off)."""
        options = roster_options(self.rosters)
        chosen = next((o for o in options if o[1] == self.choice[side]), options[0])
        self.menus[side] = UIDropDownMenu(list[str | tuple[str, str]](options), chosen,
                                          at.move(self.form_rect().topleft), self.manager)

    def resized(self, size: tuple[int, int]) -> None:
        """Lay the form out again for the new window."""
        self.keep_typed()
        self.manager = gui_manager(size, self.app.fonts.scale)
        self.build()

    # --- the campaign chosen --------------------------------------------------------------
    def keep_typed(self) -> None:
        """Remember what was typed before the form is built again."""
        if "name" in self.entries:
            self.name = self.entries["name"].get_text()
        if "seed" in self.entries:
            self.seed = self.entries["seed"].get_text()

    def roster(self, side: Side) -> Roster:
        """The roster a side starts with: the chosen one, or a blank retinue."""
        human = self.play == "hotseat" or side == self.side
        choice = self.choice[side] if human else (MOUNTED if self.ai_mounted else BLANK)
        found = next((e.roster for e in self.rosters if str(e.path) == choice and e.roster), None)
        if found is not None:
            return found
        narrative = self.narratives.get(self.narrative) if self.kind == "narrative" else None
        made = blank(self.seed_value() * 2 + SIDES.index(side), blank_name(side, narrative))
        return mount_all(made) if choice == MOUNTED else made

    def seed_value(self) -> int:
        """The seed typed (0 if none)."""
        digits = self.entries["seed"].get_text() if "seed" in self.entries else self.seed
        return int(digits) % MAX_SEED if digits.isdigit() else 0

    def trouble(self) -> str:
        """Why the campaign cannot be created as it stands ("" if it can)."""
        if self.kind == "narrative" and self.narrative not in self.narratives:
            return "No narrative campaign is shipped: choose Open."
        for side in SIDES:
            line = roster_trouble(self.roster(side))
            if line:
                return f"{theme.SIDE_NAME[side]}: {line}"
        return ""

    def create(self) -> places.Transition:
        """Write the new campaign into the campaigns folder and open it in this form's stead."""
        self.keep_typed()
        name = " ".join(self.name.split())[:80] or "My campaign"
        self.problem = self.trouble()
        if self.problem:
            return None
        narrative, stage = "", ""
        if self.kind == "narrative":
            _, narrative, stage = first_story(self.narrative)
        c = new_campaign(name, "narrative" if narrative else "open", self.seed_value(), self.roster("red"),
                         self.roster("blue"), players=leaders(self.play, self.side, self.level),
                         narrative=narrative, stage=stage)
        try:
            path = write_campaign(c, new_campaign_path(name, self.folder))
        except (CampaignFileError, OSError) as exc:
            self.problem = str(exc)
            return None
        return places.Replace(places.Campaign(path))

    # --- input ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> places.Transition:
        """Events go to the form; Escape goes back, Enter creates."""
        if event.type == pygame.KEYDOWN and self.app.keys.is_action(event.key, "back"):
            return places.Pop()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            element = self.focused()
            return self.pressed(element) if isinstance(element, UIButton) else self.create()
        if step := focus_step(event):
            self.move_focus(step)
            return None
        if (step := nudge_step(event)) and not isinstance(self.focused(), UITextEntryLine):
            self.nudge(self.focused(), step)
            return None
        self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.pressed(event.ui_element)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            option = getattr(event, "selected_option_id", event.text)
            for side, menu in self.menus.items():
                if event.ui_element is menu:
                    self.set("roster", (side, option))
        return None

    # --- the keys' focus ------------------------------------------------------------------
    def focus_order(self) -> list[Any]:
        """The elements the keys move through, top to bottom: each row's, then Back and Create."""
        out: list[Any] = []
        for _, what in self.rows():
            if what in self.entries:
                out.append(self.entries[what])
            out += [b for b, (field, _) in self.buttons.items() if field == what]
            out += [m for side, m in self.menus.items() if what == f"roster:{side}"]
        return [*out, self.back_button, self.create_button]

    def focused(self) -> Any:
        """The element the keys act on (Create until the keys move)."""
        order = self.focus_order()
        return order[self.focus % len(order)]

    def move_focus(self, by: int) -> None:
        """The focus to the next element or the one before, going round; an entry takes the keys."""
        order = self.focus_order()
        self.focus = (order.index(self.focused()) + by) % len(order)
        element = order[self.focus]
        self.manager.set_focus_set(element if isinstance(element, UITextEntryLine) else None)

    def nudge(self, element: Any, by: int) -> None:
        """Left or Right: a row of choices takes the one before or after; a roster's drop-down too."""
        for side, menu in self.menus.items():
            if element is menu:
                values = [v for _, v in roster_options(self.rosters)]
                now = values.index(self.choice[side]) if self.choice[side] in values else 0
                self.set("roster", (side, values[(now + by) % len(values)]))
                return
        if element not in self.buttons:
            return
        field = self.buttons[element][0]
        row = [b for b, (f, _) in self.buttons.items() if f == field]
        at = self.focus_order().index(element)
        self.set(*self.buttons[row[(row.index(element) + by) % len(row)]])
        self.focus = at - row.index(element) + (row.index(element) + by) % len(row)

    def pressed(self, element: Any) -> places.Transition:
        """Back, Create, or a choice of the form."""
        if element is self.back_button:
            return places.Pop()
        if element is self.create_button:
            return self.create()
        if element in self.buttons:
            self.set(*self.buttons[element])
        return None

    def set(self, field: str, value: Any) -> None:
        """Make a choice of the form, and lay it out again."""
        self.keep_typed()
        if field == "roster":
            self.choice[value[0]] = value[1]
        elif field == "mounted":
            self.ai_mounted = bool(value)
        else:
            setattr(self, field, value)
        self.build()

    # --- frames ---------------------------------------------------------------------------
    def update(self, dt: float) -> places.Transition:
        """Advance the form's animations."""
        self.manager.update(dt)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The heading, the form, and what keeps Create waiting."""
        w = surface.get_width()
        fonts = self.app.fonts
        text(surface, "New campaign", fonts.title, (w // 2, 40), theme.GOLD, "midtop")
        self.manager.draw_ui(surface)
        said = story_line(self.kind, self.narratives.get(self.narrative))
        at = self.story_rect
        for i, line in enumerate(clipped(said, fonts.small, at.width, 2)):
            text(surface, line, fonts.small, (at.left, at.top + i * fonts.small.get_linesize()), theme.DIM)
        element = self.focused()
        if element is not None:
            focus_ring(surface, element.rect)
        if self.problem:
            y = self.form_rect().bottom + 6
            line = fit(self.problem, fonts.small, w - 40)
            text(surface, line, fonts.small, (w // 2, y), theme.BAD, "midtop")
