"""The small forms between the scenario picker and the table: a solo game's side and difficulty,
a watched game's two players, and in each (and before a hot-seat game, when the player has rosters)
how the sides deploy (by hand, Spear by Spear before the first card, or in ranks; the Settings say
which is offered first) and the retinue each side fields: the scenario's own, or one of the
player's rosters. A roster with problems, or one the scenario cannot deploy, says why in one line
and Start waits."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel

from game.content.loader import load_content
from game.muster import Roster, RosterError, breaches, muster_rules, start_with_rosters
from game.muster.roster import describe as breaches_line
from game.persist import Match
from game.persist.rosters import RosterEntry, RosterFileError, list_rosters
from game.persist.schema import HUMAN
from game.rules.state import SIDES
from game.scenario import cached_scenario
from game.terrain.terrain_map import MapError
from game.ui import places, theme
from game.ui.app import App, Screen
from game.ui.screens.base import focus_step, nudge_step
from game.ui.solo import DIFFICULTIES, ai_spec, describe, player_choices, solo_players
from game.ui.widgets import fit, focus_ring, gui_manager, text

FORM_SIZE = (560, 400)
OWN = ""  # the roster choice of a side that fields the scenario's own retinue
ROSTER_ROW = 72  # a side's roster label and drop-down, in form pixels
DEPLOY_ROW = 52  # the deployment's label and its two buttons, in form pixels
DEPLOYMENTS = ((True, "By hand"), (False, "In ranks"))  # the deployment's choices: deploy_by_hand, button


def player_rosters() -> list[RosterEntry]:
    """The rosters of the player's folder that can be read (none if the folder cannot be listed)."""
    try:
        return [e for e in list_rosters() if e.roster is not None]
    except (RosterFileError, OSError):
        return []


def roster_problem(scenario: str, seed: int, side: str, roster: Roster) -> str:
    """Why a roster cannot take the field for a side in a scenario, in one line ("" if it can)."""
    found = breaches(roster, load_content(), muster_rules())
    if found:
        count = f"{len(found)} problem{'s' if len(found) != 1 else ''}"
        return f"{roster.name} has {count}: {breaches_line(found, 1)}"
    try:
        start_with_rosters(scenario, seed, {side: roster})
    except (RosterError, MapError) as exc:
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - the deployment's SetupError names the zone: one line
        return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return ""


def roster_label(entry: RosterEntry) -> str:
    """A roster of the player's as a side's drop-down offers it (one with problems marked)."""
    assert entry.roster is not None
    found = len(breaches(entry.roster, load_content(), muster_rules()))
    mark = f"  ({found} problem{'s' if found != 1 else ''}: cannot play)" if found else ""
    return f"Your roster: {entry.roster.name}{mark}"


def retinue_names(scenario: str) -> dict[str, str]:
    """Each side's retinue name in a scenario ("" if the map or the content does not say)."""
    try:
        sc = cached_scenario(scenario)
    except MapError:
        return {s: "" for s in SIDES}
    retinues = load_content().retinues
    return {s: retinues[r].name if r in retinues else r for s, r in sc.retinues.items()}


def scenario_title(scenario: str) -> str:
    """A scenario's title, or its name if the map cannot be read."""
    try:
        return cached_scenario(scenario).title
    except MapError:
        return scenario


class SetupForm(Screen):
    """A pygame_gui form in a panel in the middle of the window; Start opens the table."""

    heading = ""
    mode = "hotseat"  # the kind of game the form starts
    size = FORM_SIZE

    def __init__(self, app: App, scenario: str, seed: int) -> None:
        super().__init__(app)
        self.scenario = scenario
        self.seed = seed
        self.rosters = player_rosters()
        self.roster_choice: dict[str, str] = {s: OWN for s in SIDES}  # a roster file's path, or OWN
        self.roster_menus: dict[str, UIDropDownMenu] = {}
        self.roster_problems: dict[str, str] = {}
        self.deploy_by_hand = app.settings.deploy_by_hand  # the players deploy before the first card
        self.deploy_buttons: dict[bool, UIButton] = {}
        self.manager = gui_manager(app.surface.get_size(), app.fonts.scale)
        self.start_button: UIButton | None = None
        self.back_button: UIButton | None = None
        self.focus = -1  # the element the keys act on, in `focus_order` (-1: Start)
        self.build()

    # --- layout ---------------------------------------------------------------------------
    def px(self, n: int) -> int:
        """A length of the form at the UI scale, or smaller if the form would not fit under the heading."""
        w, h = self.app.surface.get_size()
        room = min((h - self.heading_bottom() - 22 - self.app.fonts.small.get_linesize() * 2) / self.size[1],
                   (w - 20) / self.size[0])
        return round(n * max(0.75, min(self.app.fonts.scale, room)))

    def form_rect(self) -> pygame.Rect:
        """Where the form's panel stands in the window (at the UI scale, within the window)."""
        w, h = self.app.surface.get_size()
        rect = pygame.Rect(0, 0, self.px(self.size[0]), self.px(self.size[1]))
        rect.center = (w // 2, h // 2 + 30)
        rect.top = max(rect.top, min(self.heading_bottom() + 12, h - 10 - rect.height))  # under the heading
        return rect

    def heading_bottom(self) -> int:
        """The y under the heading and the scenario's name."""
        fonts = self.app.fonts
        return 40 + fonts.title.get_linesize() + 4 + fonts.head.get_linesize()

    def build(self) -> None:
        """Make the form's elements for the current window size."""
        self.manager.clear_and_reset()
        self.panel = UIPanel(self.form_rect(), manager=self.manager)
        self.fields()
        box = self.form_rect()
        px = self.px
        self.back_button = UIButton(pygame.Rect(px(20), box.height - px(64), px(130), px(44)), "Back",
                                    self.manager, container=self.panel)
        self.start_button = UIButton(pygame.Rect(box.width - px(220), box.height - px(64), px(200), px(44)),
                                     "Start", self.manager, container=self.panel)
        if any(self.roster_problems.values()):
            self.start_button.disable()

    def deploy_fields(self, top: int) -> None:
        """The deployment's choice at `top` (form pixels): a label, then By hand (the players stand
        their Spears in turn before the first card) and In ranks (both sides start in rows in their
        zones), the chosen one marked."""
        px = self.px
        width = self.form_rect().width - px(40)
        self.label("Deployment", pygame.Rect(px(20), px(top), px(130), px(40)))
        half = (width - px(140)) // 2
        self.deploy_buttons = {}
        for i, (by_hand, title) in enumerate(DEPLOYMENTS):
            at = pygame.Rect(px(160) + i * (half + 3), px(top), half - 4, px(40))
            button = UIButton(at, title, self.manager, container=self.panel)
            (button.select if by_hand == self.deploy_by_hand else button.unselect)()
            self.deploy_buttons[by_hand] = button

    def choose_deployment(self, by_hand: bool) -> None:
        """By hand (True) or in ranks (False), marked on the form."""
        self.deploy_by_hand = by_hand
        for choice, button in self.deploy_buttons.items():
            (button.select if choice == by_hand else button.unselect)()

    def roster_fields(self, top: int) -> None:
        """Each side's retinue: a label and a drop-down of the scenario's own and the player's
        rosters (those with problems marked), from `top` (form pixels) down."""
        names = retinue_names(self.scenario)
        px = self.px
        width = self.form_rect().width - px(40)
        self.roster_menus = {}
        for i, side in enumerate(SIDES):
            y = px(top + i * ROSTER_ROW)
            self.label(f"{theme.SIDE_NAME[side]} fields", pygame.Rect(px(20), y, width, px(26)))
            options = [(f"The scenario's own: {names.get(side) or side}", OWN)]
            options += [(roster_label(e), str(e.path)) for e in self.rosters]
            chosen = next((o for o in options if o[1] == self.roster_choice[side]), options[0])
            at = pygame.Rect(px(20), y + px(28), width, px(38)).move(self.form_rect().topleft)
            self.roster_menus[side] = UIDropDownMenu(list[str | tuple[str, str]](options), chosen, at,
                                                     self.manager)

    def choose_roster(self, side: str, choice: str) -> None:
        """A side fields the scenario's own retinue (OWN) or a roster of the player's (its path);
        a roster that cannot take the field says why, and Start waits."""
        self.roster_choice[side] = choice
        roster = self._roster(choice)
        self.roster_problems[side] = roster_problem(self.scenario, self.seed, side, roster) if roster else ""
        self.build()

    def _roster(self, choice: str) -> Roster | None:
        return next((e.roster for e in self.rosters if str(e.path) == choice), None)

    def chosen_rosters(self) -> dict[str, Roster]:
        """The rosters the sides field instead of the scenario's own."""
        out = {}
        for side, choice in self.roster_choice.items():
            roster = self._roster(choice)
            if roster is not None:
                out[side] = roster
        return out

    def fields(self) -> None:
        """The form's own elements (inside self.panel)."""

    def label(self, text_: str, rect: pygame.Rect) -> UILabel:
        """A line of text in the form."""
        return UILabel(rect, text_, self.manager, container=self.panel)

    def resized(self, size: tuple[int, int]) -> None:
        """Lay the form out again for the new window (and the UI scale, which may have changed)."""
        self.manager = gui_manager(size, self.app.fonts.scale)
        self.build()

    # --- the keys' focus ------------------------------------------------------------------
    def focus_order(self) -> list[Any]:
        """The elements the keys move through, top to bottom: the deployment's two choices, the
        sides' rosters, Back and Start."""
        return [*self.deploy_buttons.values(), *self.roster_menus.values(), self.back_button,
                self.start_button]

    def focused(self) -> Any:
        """The element the keys act on (Start until the keys move)."""
        order = self.focus_order()
        return order[self.focus % len(order)]

    def move_focus(self, by: int) -> None:
        """The focus to the next element or the one before, going round."""
        order = self.focus_order()
        self.focus = (order.index(self.focused()) + by) % len(order)

    def nudge(self, element: Any, by: int) -> None:
        """Left or Right on the focused element: a side's roster drop-down chooses the one before
        or after; a deployment's button chooses the other way."""
        if element in self.deploy_buttons.values():
            self.choose_deployment(not self.deploy_by_hand)
            self.focus = self.focus_order().index(self.deploy_buttons[self.deploy_by_hand])
            return
        for side, menu in self.roster_menus.items():
            if element is menu:
                choices = [OWN, *(str(e.path) for e in self.rosters)]
                now = self.roster_choice[side]
                at = choices.index(now) if now in choices else 0
                self.choose_roster(side, choices[(at + by) % len(choices)])
                return

    # --- input ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> places.Transition:
        """Events go to the form; Escape goes back, Enter starts."""
        if event.type == pygame.KEYDOWN and self.app.keys.is_action(event.key, "back"):
            return places.Pop()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.pressed(self.focused())
        if step := focus_step(event):
            self.move_focus(step)
            return None
        if step := nudge_step(event):
            self.nudge(self.focused(), step)
            return None
        self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.pressed(event.ui_element)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            option = getattr(event, "selected_option_id", event.text)
            for side, menu in self.roster_menus.items():
                if event.ui_element is menu:
                    self.choose_roster(side, option)
                    return None
            self.picked(event.ui_element, option)
        return None

    def pressed(self, element: Any) -> places.Transition:
        """A button of the form was pressed; returns where it leads."""
        if element is self.back_button:
            return places.Pop()
        if element is self.start_button:
            return self.start()
        for by_hand, button in self.deploy_buttons.items():
            if element is button:
                self.choose_deployment(by_hand)
        return None

    def picked(self, element: Any, option: str) -> None:
        """A drop-down of the form changed."""

    def players(self) -> dict[str, str]:
        """Who plays each side, as the form stands."""
        return {s: HUMAN for s in SIDES}

    def start(self) -> places.Transition:
        """The table in place of this form and the scenario picker under it (each side fielding its
        chosen roster, deploying as chosen), or over the screen games go back to (the editor's test
        play); nothing while a chosen roster cannot take the field."""
        if any(self.roster_problems.values()):
            return None
        rosters = self.chosen_rosters()
        try:
            match = Match.start(self.scenario, self.seed, self.mode, self.players(), rosters=rosters or None,
                                deploy=self.deploy_by_hand)
        except (RosterError, MapError) as exc:
            self.roster_problems["start"] = str(exc)
            return None
        stack = self.app.stack
        if len(stack) > 1 and stack[-1] is self and stack[-2].games_return_here:
            return places.Replace(places.Battle(match, self.mode))
        return places.Pop(then=places.Replace(places.Battle(match, self.mode)))

    # --- frames ---------------------------------------------------------------------------
    def update(self, dt: float) -> places.Transition:
        """Advance the form's animations."""
        self.manager.update(dt)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The heading, the scenario and the form."""
        w = surface.get_width()
        fonts = self.app.fonts
        text(surface, self.heading, fonts.title, (w // 2, 40), theme.GOLD, "midtop")
        text(surface, scenario_title(self.scenario), fonts.head, (w // 2, 44 + fonts.title.get_linesize()),
             theme.TEXT, "midtop")
        self.manager.draw_ui(surface)
        element = self.focused()
        if element is not None:
            focus_ring(surface, element.rect)
        y = self.form_rect().bottom + 6
        for side, line in self.roster_problems.items():
            if line:
                who = theme.SIDE_NAME.get(side, "")
                said = fit(f"{who}: {line}" if who else line, fonts.small, w - 40)
                y = text(surface, said, fonts.small, (w // 2, y), theme.BAD, "midtop").bottom + 2


class SoloSetup(SetupForm):
    """Your side (with each side's retinue) and the difficulty of the AI on the other."""

    heading = "New solo game"
    mode = "solo"
    size = (560, 500 + DEPLOY_ROW)

    def __init__(self, app: App, scenario: str, seed: int) -> None:
        self.side = "red"
        self.difficulty = "normal"
        self.side_buttons: dict[str, UIButton] = {}
        self.level_buttons: dict[str, UIButton] = {}
        super().__init__(app, scenario, seed)

    def fields(self) -> None:
        """Two side buttons, three difficulty buttons, a line on who the AI is, the deployment and the
        sides' rosters."""
        names = retinue_names(self.scenario)
        px = self.px
        width = self.form_rect().width - px(40)
        self.label("Your side", pygame.Rect(px(20), px(16), width, px(28)))
        self.side_buttons = {}
        for i, side in enumerate(SIDES):
            title = f"{theme.SIDE_NAME[side]}: {names.get(side) or side}"
            self.side_buttons[side] = UIButton(pygame.Rect(px(20), px(48 + i * 50), width, px(44)), title,
                                               self.manager, container=self.panel)
        self.label("Difficulty", pygame.Rect(px(20), px(160), width, px(28)))
        self.level_buttons = {}
        third = width // 3
        for i, level in enumerate(DIFFICULTIES):
            at = pygame.Rect(px(20) + i * (third + 3), px(192), third - 4, px(44))
            self.level_buttons[level] = UIButton(at, level.capitalize(), self.manager, container=self.panel)
        self.who = self.label("", pygame.Rect(px(20), px(256), width, px(28)))
        self.deploy_fields(292)
        self.roster_fields(292 + DEPLOY_ROW)
        self.show_choice()

    def focus_order(self) -> list[Any]:
        """The sides, the levels, the deployment, the rosters, Back and Start."""
        return [*self.side_buttons.values(), *self.level_buttons.values(), *super().focus_order()]

    def show_choice(self) -> None:
        """Mark the chosen side and level, and say who the AI player is."""
        for side, button in self.side_buttons.items():
            (button.select if side == self.side else button.unselect)()
        for level, button in self.level_buttons.items():
            (button.select if level == self.difficulty else button.unselect)()
        other = "blue" if self.side == "red" else "red"
        self.who.set_text(f"{theme.SIDE_NAME[other]} is played by the AI: "
                          f"{describe(ai_spec(self.difficulty))}")

    def choose(self, side: str | None = None, difficulty: str | None = None) -> None:
        """Pick a side and/or a difficulty."""
        self.side = side or self.side
        self.difficulty = difficulty or self.difficulty
        self.show_choice()

    def pressed(self, element: Any) -> places.Transition:
        """Side and difficulty buttons choose; Start and Back as in every form."""
        for side, button in self.side_buttons.items():
            if element is button:
                self.choose(side=side)
                return None
        for level, button in self.level_buttons.items():
            if element is button:
                self.choose(difficulty=level)
                return None
        return super().pressed(element)

    def players(self) -> dict[str, str]:
        """The person on the chosen side, the AI at the chosen difficulty on the other."""
        return solo_players(self.side, self.difficulty)


class WatchSetup(SetupForm):
    """Both players of a game the AI plays against itself, from the registry's names and levels."""

    heading = "Watch the AI play"
    mode = "watch"
    size = (560, 420 + DEPLOY_ROW)

    def __init__(self, app: App, scenario: str, seed: int) -> None:
        self.choice: dict[str, str] = {s: ai_spec("normal") for s in SIDES}
        self.menus: dict[str, UIDropDownMenu] = {}
        super().__init__(app, scenario, seed)

    def fields(self) -> None:
        """One drop-down of players per side, with its retinue's name; the deployment and the sides'
        rosters."""
        names = retinue_names(self.scenario)
        px = self.px
        width = self.form_rect().width - px(40)
        self.menus = {}
        for i, side in enumerate(SIDES):
            y = px(16 + i * 100)
            self.label(f"{theme.SIDE_NAME[side]}: {names.get(side) or side}",
                       pygame.Rect(px(20), y, width, px(28)))
            # outside the panel, so an open list is not cut off at the panel's edge
            at = pygame.Rect(px(20), y + px(32), width, px(40)).move(self.form_rect().topleft)
            options = self.options(side)
            chosen = next(o for o in options if o[1] == self.choice[side])
            self.menus[side] = UIDropDownMenu(list[str | tuple[str, str]](options), chosen, at, self.manager)
        self.deploy_fields(204)
        self.roster_fields(204 + DEPLOY_ROW)

    def options(self, side: str) -> list[tuple[str, str]]:
        """The players a side's drop-down offers: each named as a person reads it, its spec kept as
        the value (the side's own choice too, if the registry does not offer it)."""
        specs = list(player_choices())
        if self.choice[side] not in specs:
            specs.append(self.choice[side])
        return [(describe(spec), spec) for spec in specs]

    def focus_order(self) -> list[Any]:
        """Each side's drop-down, the deployment, the rosters, Back and Start."""
        return [*self.menus.values(), *super().focus_order()]

    def nudge(self, element: Any, by: int) -> None:
        """Left or Right on a side's drop-down: the player before or after."""
        for side, menu in self.menus.items():
            if element is menu:
                specs = [spec for _, spec in self.options(side)]
                self.choose(side, specs[(specs.index(self.choice[side]) + by) % len(specs)])
                return
        super().nudge(element, by)

    def picked(self, element: Any, option: str) -> None:
        """A side's drop-down chose a player."""
        for side, menu in self.menus.items():
            if element is menu:
                self.choice[side] = option

    def choose(self, side: str, spec: str) -> None:
        """Pick the player of a side."""
        self.choice[side] = spec
        self.build()

    def players(self) -> dict[str, str]:
        """The chosen player of each side."""
        return dict(self.choice)


class HotseatSetup(SetupForm):
    """How the sides deploy and each side's retinue before a hot-seat game: the scenario's own, or a
    roster of the player's."""

    heading = "New hot-seat game"
    mode = "hotseat"
    size = (560, 250 + DEPLOY_ROW)

    def fields(self) -> None:
        """The deployment, then one roster drop-down per side."""
        self.deploy_fields(16)
        self.roster_fields(16 + DEPLOY_ROW)
