"""The muster: a roster of the player's own on a parade ground, the chosen model's form beside it,
the problems listed live under it, and the retinue's options at the bottom (RULES-BRIEF §12.1).

Click a token (or move along the ranks with Left and Right while the ground has the keys) to choose
a model; his form sets his name (typed, or proposed from the period names), profile, Spear, steed,
Lance and Skills. Every problem (`muster.breaches`) is listed as it arises, and a click on one
chooses the model it names; those models are ringed in red. *Half mounted* turns the house limit
on or off; *Mount everyone*, *Dismount everyone*; *Draw the Captain's Skill* draws it from the
Skill deck on seeded dice and says what was drawn. *Save* writes the roster file (a roster with
problems too: the list marks it); *Back* asks first when something is unsaved.

The form is pygame_gui, in one manager made again when the chosen model or what he may choose
changes; the keys move a focus round the ground, the form and the buttons as on the setup forms."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from game.content import load_content
from game.muster import Breach, Roster, breaches, dismount_all, mount_all, muster_rules
from game.muster.roster import brought_skills, skill_name
from game.persist.rosters import RosterFileError, read_roster, write_roster
from game.ui import places, theme
from game.ui.app import App, Screen
from game.ui.screens import muster_edit as edit
from game.ui.screens.muster_parade import Parade, draw_problems
from game.ui.widgets import fit, focus_ring, gui_manager, panel, text

GROUND = "ground"  # the focus stop of the parade ground


def drop_down(manager: pygame_gui.UIManager, options: list[tuple[str, str]], chosen: str, rect: pygame.Rect,
              tallest: int) -> UIDropDownMenu:
    """A drop-down of (name, id) options showing the chosen one (the first if it is none of them)."""
    start = next((o for o in options if o[1] == chosen), options[0])
    return UIDropDownMenu(list[str | tuple[str, str]](options), start, rect, manager,
                          expansion_height_limit=tallest)


class MusterScreen(Screen):
    """The roster editor."""

    def __init__(self, app: App, path: Path) -> None:
        super().__init__(app)
        self.path = path
        self.content, self.rules = load_content(), muster_rules()
        self.saved: Roster = read_roster(path)
        self.roster = self.saved
        self.found: list[Breach] = breaches(self.roster, self.content, self.rules)
        self.selected = 0
        self.draws = 0  # Skill cards drawn for the Captain so far
        self.line, self.bad = "", False
        self.parade = Parade(self.content, self.rules)
        self.focus: Any = GROUND
        self.el: dict[str, Any] = {}  # the form's elements by name ("skill:nimble" for a Skill)
        self.rects: dict[str, pygame.Rect] = {}
        self.problem_rows: list[tuple[pygame.Rect, Breach]] = []
        self.manager = gui_manager(app.surface.get_size(), self.fitted_scale())
        self.build()

    # --- layout ---------------------------------------------------------------------------
    def fitted_scale(self) -> float:
        """The UI scale, or a smaller one when the window is too small for the form at it (the
        form's lettering shrinks with it, so that every line keeps its room)."""
        w, h = self.app.surface.get_size()
        return max(0.6, min(self.app.fonts.scale, w / 1180, h / 680))

    def u(self, n: float) -> int:
        """A length at the fitted scale."""
        return round(n * self.fitted_scale())

    def regions(self) -> dict[str, pygame.Rect]:
        """The title's band, the parade ground, the problems under it, the form beside them and
        the buttons' band at the bottom."""
        w, h = self.app.surface.get_size()
        u, fonts = self.u, self.app.fonts
        top = 14 + fonts.title.get_linesize() + 4 + fonts.small.get_linesize() + 8
        bottom = h - 12 - fonts.small.get_linesize() - 6 - u(40)
        form_w = max(u(380), int(w * 0.40))
        left = pygame.Rect(16, top, w - form_w - 48, bottom - top - 10)
        ground_h = max(u(160), int(left.height * 0.78))
        return {"ground": pygame.Rect(left.left, left.top, left.width, ground_h),
                "problems": pygame.Rect(left.left, left.top + ground_h + 8, left.width,
                                        left.height - ground_h - 8),
                "form": pygame.Rect(left.right + 16, top, form_w, bottom - top - 10),
                "bar": pygame.Rect(16, bottom, w - 32, u(40))}

    def build(self) -> None:
        """Make the form and the buttons for the window and the chosen model."""
        self.manager.clear_and_reset()
        self.rects = self.regions()
        self.parade.layout(self.roster, self.rects["ground"], self.app.fonts.small)
        self.el = {}
        self._form(self.rects["form"].inflate(-24, -20))
        self._bar(self.rects["bar"])
        if self.focus not in self.focus_order():
            self.focus = GROUND

    def _form(self, box: pygame.Rect) -> None:
        i, roster, content, u = self.selected, self.roster, self.content, self.u
        member = roster.members[i]
        m, row = self.manager, u(32)
        half = (box.width - u(10)) // 2
        y = box.top
        UILabel(pygame.Rect(box.left, y, box.width, u(24)), f"{edit.role_name(roster, i, content)}: name", m)
        y += u(24)
        self.el["name"] = UITextEntryLine(pygame.Rect(box.left, y, box.width - u(130), row), m,
                                          initial_text=member.name)
        self.el["name"].set_text_length_limit(60)
        self.el["propose"] = UIButton(pygame.Rect(box.right - u(124), y, u(124), row), "Propose a name", m)
        y += row + u(8)
        UILabel(pygame.Rect(box.left, y, half, u(24)), "Profile", m)
        UILabel(pygame.Rect(box.left + half + u(10), y, half, u(24)), "Spear", m)
        y += u(24)
        self.el["profile"] = drop_down(m, edit.profiles_for(roster, i, content), member.profile,
                                       pygame.Rect(box.left, y, half, row), u(200))
        at = pygame.Rect(box.left + half + u(10), y, half, row)
        if edit.is_hero(roster, i, content):
            UILabel(at, f"Leads Spear {member.spear}", m)
        else:
            spears = edit.spears_for(roster, i, content)
            self.el["spear"] = drop_down(m, spears, str(member.spear), at, u(200))
        y += row + u(8)
        UILabel(pygame.Rect(box.left, y, half, u(24)), "Steed", m)
        UILabel(pygame.Rect(box.left + half + u(10), y, half, u(24)), "Lance", m)
        y += u(24)
        self.el["steed"] = drop_down(m, edit.steeds_for(content), member.steed or edit.ON_FOOT,
                                     pygame.Rect(box.left, y, half, row), u(200))
        self.el["lance"] = UIButton(pygame.Rect(box.left + half + u(10), y, half, row),
                                    "Carries a Lance" if member.lance else "No Lance", m)
        if member.lance:
            self.el["lance"].select()
        y += row + u(10)
        self._skills(pygame.Rect(box.left, y, box.width, box.bottom - y))

    def _skills(self, box: pygame.Rect) -> None:
        """A column of Skill buttons per list, those he has lit."""
        member = self.roster.members[self.selected]
        lists = edit.skills_for(self.roster, self.selected, self.content, self.rules)
        brought = brought_skills(member, self.content)
        has = "; greyed: his already" if brought else ""
        UILabel(pygame.Rect(box.left, box.top, box.width, self.u(24)),
                f"Skills ({len(member.skills)} of at most {self.rules.max_skills} given{has})", self.manager)
        if not lists:
            return
        col_w = (box.width - self.u(8) * (len(lists) - 1)) // len(lists)
        tallest = max(len(skills) for _, skills in lists)
        step = max(self.u(20), min(self.u(30), (box.height - self.u(48)) // max(1, tallest)))
        for c, (name, skills) in enumerate(lists):
            x = box.left + c * (col_w + self.u(8))
            UILabel(pygame.Rect(x, box.top + self.u(24), col_w, self.u(22)), name, self.manager)
            for r, skill in enumerate(skills):
                at = pygame.Rect(x, box.top + self.u(48) + r * step, col_w, step - 3)
                button = UIButton(at, self.content.skills[skill].name if skill in self.content.skills
                                  else skill_name(skill), self.manager,
                                  tool_tip_text=self.content.skills[skill].summary
                                  if skill in self.content.skills else None)
                if skill in member.skills:
                    button.select()
                elif skill in brought:
                    button.select()
                    button.disable()  # his profile (or his steed) gives it: nothing to choose
                self.el[f"skill:{skill}"] = button

    def _bar(self, bar: pygame.Rect) -> None:
        """The retinue's options, Save and Back, side by side across the bottom."""
        half = "Half mounted: on" if self.roster.half_mounted else "Half mounted: off"
        names = (("half", half), ("mount", "Mount everyone"), ("dismount", "Dismount everyone"),
                 ("draw", "Draw the Captain's Skill"), ("save", "Save"), ("back", "Back"))
        font = self.app.fonts.get(round(15 * self.fitted_scale() / self.app.fonts.scale))  # the form's size
        widths = [font.size(label)[0] + self.u(26) for _, label in names]
        gap = max(4, min(self.u(10), (bar.width - sum(widths)) // (len(names) - 1)))
        scale = min(1.0, (bar.width - gap * (len(names) - 1)) / sum(widths))
        sizes = [int(width * scale) for width in widths]
        x = bar.left
        for k, ((key, label), size) in enumerate(zip(names, sizes, strict=True)):
            if k == len(names) - 2:  # Save and Back at the right end
                x = max(x, bar.right - sizes[-2] - sizes[-1] - gap)
            self.el[key] = UIButton(pygame.Rect(x, bar.top, size, bar.height), label, self.manager)
            x += size + gap
        if self.roster.half_mounted:
            self.el["half"].select()

    def resized(self, size: tuple[int, int]) -> None:
        """Lay the screen out again for the new window and UI scale."""
        self.manager = gui_manager(size, self.fitted_scale())
        self.build()

    # --- the keys' focus ------------------------------------------------------------------
    def focus_order(self) -> list[Any]:
        """The ground, the form top to bottom, then the buttons of the bar."""
        return [GROUND, *self.el.values()]

    def move_focus(self, by: int) -> None:
        """The focus to the next stop, or the one before, going round."""
        order = self.focus_order()
        index = order.index(self.focus) if self.focus in order else 0
        self.focus = order[(index + by) % len(order)]
        self.manager.set_focus_set(self.focus if isinstance(self.focus, UITextEntryLine) else None)

    def nudge(self, by: int) -> None:
        """Left or Right: along the ranks on the ground, through the choices of a drop-down."""
        if self.focus == GROUND:
            order = [s.index for s in self.parade.spots]
            if order:
                at = order.index(self.selected) if self.selected in order else 0
                self.select(order[(at + by) % len(order)])
            return
        for key in ("profile", "spear", "steed"):
            menu = self.el.get(key)
            if menu is not None and menu is self.focus:
                options = [o[1] for o in menu.options_list]
                now = menu.selected_option[1]
                self.picked(menu, options[(options.index(now) + by) % len(options)])
                self.focus = self.el.get(key, GROUND)
                return

    # --- input ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> places.Transition:
        """Clicks on the ground and the problems choose a model; the keys move the focus, Enter
        presses, Escape goes back; the rest goes to the form."""
        if event.type == pygame.KEYDOWN:
            done, where = self.key(event)
            if done:
                return where
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._click(event.pos):
            return None
        self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.pressed(event.ui_element)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.picked(event.ui_element, getattr(event, "selected_option_id", event.text))
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.el.get("name"):
            self.typed(event.text)
        return None

    def key(self, event: pygame.event.Event) -> tuple[bool, places.Transition]:
        """The keys the screen takes (True) and where they lead; typing in the name is the entry's."""
        typing = isinstance(self.focus, UITextEntryLine)
        if event.key == pygame.K_ESCAPE or (not typing and self.app.keys.is_action(event.key, "back")):
            return True, self.back()
        if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            back = event.key == pygame.K_UP or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self.move_focus(-1 if back else 1)
            return True, None
        if typing:
            return False, None
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.nudge(-1 if event.key == pygame.K_LEFT else 1)
            return True, None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and isinstance(self.focus, UIButton):
            return True, self.pressed(self.focus)
        return False, None

    def _click(self, pos: tuple[int, int]) -> bool:
        """A token or a problem chooses its model; True if the click was one of theirs."""
        if self.rects["ground"].collidepoint(pos):
            index = self.parade.at(pos)
            if index is not None:
                self.focus = GROUND
                self.select(index)
            return True
        for rect, breach in self.problem_rows:
            if rect.collidepoint(pos) and breach.member is not None:
                self.select(breach.member)
                return True
        return False

    def pressed(self, element: Any) -> places.Transition:
        """A button of the form or the bar."""
        key = next((k for k, e in self.el.items() if e is element), "")
        i = self.selected
        if key.startswith("skill:"):
            self.change(edit.toggled(self.roster, i, key.removeprefix("skill:")), focus=key)
        elif key == "propose":
            seed = len(self.roster.members) * 97 + i + self.draws
            self.change(edit.proposed(self.roster, i, seed), focus=key)
        elif key == "lance":
            self.change(edit.changed(self.roster, i, lance=not self.roster.members[i].lance), focus=key)
        elif key == "half":
            half = not self.roster.half_mounted
            self.change(self.roster.model_copy(update={"half_mounted": half}), focus=key)
        elif key in ("mount", "dismount"):
            whole = mount_all(self.roster, self.content) if key == "mount" else dismount_all(self.roster)
            self.change(whole, focus=key)
        elif key == "draw":
            roster, line = edit.draw_captain_skill(self.roster, self.content, self.rules, self.draws)
            self.draws += 1
            drawn = roster is not self.roster  # (the same roster when nothing could be drawn)
            captain = edit.captain_of(roster, self.content)
            if captain is not None and drawn:
                self.selected = captain
            self.change(roster, focus=key)
            self.tell(line, bad=not drawn)
        elif key == "save":
            return self.save()
        elif key == "back":
            return self.back()
        return None

    def picked(self, element: Any, option: str) -> None:
        """A drop-down chose: the profile, the Spear or the steed of the chosen model."""
        key = next((k for k, e in self.el.items() if e is element), "")
        if key == "profile":
            self.change(edit.changed(self.roster, self.selected, profile=option), focus=key)
        elif key == "spear":
            self.change(edit.changed(self.roster, self.selected, spear=int(option)), focus=key)
        elif key == "steed":
            self.change(edit.changed(self.roster, self.selected, steed=option or None), focus=key)

    def typed(self, name: str) -> None:
        """The name as it is typed, taken as soon as it may be a name."""
        roster = edit.renamed(self.roster, self.selected, name)
        if isinstance(roster, str):
            self.tell(roster, bad=True)
            return
        self.roster, self.line = roster, ""
        self.found = breaches(self.roster, self.content, self.rules)
        self.parade.layout(self.roster, self.rects["ground"], self.app.fonts.small)

    # --- the roster -----------------------------------------------------------------------
    def select(self, index: int) -> None:
        """Choose a model: his form beside the ground."""
        if 0 <= index < len(self.roster.members) and index != self.selected:
            self.selected = index
            keep = self.focus
            self.build()
            self.focus = keep if keep == GROUND else self.focus

    def change(self, roster: Roster, focus: str = "") -> None:
        """The roster changed: its problems worked out, the form made again, the focus kept on the
        element that changed it."""
        self.roster, self.line = roster, ""
        self.found = breaches(self.roster, self.content, self.rules)
        keyed = self.focus != GROUND
        self.build()
        if keyed and focus in self.el:
            self.focus = self.el[focus]

    def tell(self, line: str, bad: bool = False) -> None:
        """Say a line under the ground."""
        self.line, self.bad = line, bad

    def save(self) -> places.Transition:
        """Write the roster file (with its problems, if it has any: the list says so)."""
        try:
            write_roster(self.roster, path=self.path)
        except RosterFileError as exc:
            self.tell(str(exc), bad=True)
            return None
        self.saved = self.roster
        count = len(self.found)
        problems = f"{count} problem{'s' if count != 1 else ''}"
        self.tell(f"Saved with {problems}: it cannot take the field until they are put right" if count
                  else "Saved", bad=bool(count))
        return None

    def back(self) -> places.Transition:
        """Back to the retinues, asked first if something is unsaved."""
        if self.roster == self.saved:
            return places.Pop()
        message = f"The changes to {self.roster.name} are not saved."
        return places.Push(places.Confirm("Leave without saving?", message, on_yes=places.Pop))

    # --- frames ---------------------------------------------------------------------------
    def update(self, dt: float) -> places.Transition:
        """The form's animations."""
        self.manager.update(dt)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The title, the ground, the problems, the form and the bar; the focus ringed."""
        w, h = surface.get_size()
        fonts = self.app.fonts
        mark = "" if self.roster == self.saved else "  (unsaved)"
        text(surface, fit(self.roster.name + mark, fonts.title, w - 40), fonts.title, (w // 2, 14),
             theme.GOLD, "midtop")
        riding = sum(1 for m in self.roster.members if m.steed is not None)
        text(surface, f"{len(self.roster.members)} models, {riding} mounted  ·  click a model to edit him",
             fonts.small, (w // 2, 18 + fonts.title.get_linesize()), theme.DIM, "midtop")
        ground = self.rects["ground"]
        flagged = {b.member for b in self.found if b.member is not None}
        self.parade.draw(surface, self.roster, ground, self.selected, flagged, (fonts.small, fonts.small))
        panel(surface, self.rects["form"])
        self.problem_rows = draw_problems(surface, self.rects["problems"], self.found, self.selected,
                                          self.app.fonts.small)
        self.manager.draw_ui(surface)
        if self.line:
            text(surface, fit(self.line, fonts.small, w - 40), fonts.small, (w // 2, h - 8),
                 theme.BAD if self.bad else theme.GOLD, "midbottom")
        rect = ground.inflate(4, 4) if self.focus == GROUND else getattr(self.focus, "rect", None)
        if rect is not None:
            focus_ring(surface, rect)
