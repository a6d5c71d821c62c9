"""The menus' and forms' one theme: game/resources/theme.json, in the palette of the hand-drawn
screens, its fonts at the UI scale."""

from __future__ import annotations

import json

import pygame

from game.resources import THEME_JSON
from game.ui import theme
from game.ui.app import App
from game.ui.screens.menu import MainMenu
from game.ui.widgets import gui_theme


def _hex(colour: theme.Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def test_the_theme_file_is_drawn_from_the_palette() -> None:
    colours = json.loads(THEME_JSON.read_text(encoding="utf-8"))["defaults"]["colours"]
    assert colours["normal_bg"] == _hex(theme.BUTTON) and colours["hovered_bg"] == _hex(theme.BUTTON_HOVER)
    assert colours["disabled_bg"] == _hex(theme.BUTTON_OFF) and colours["dark_bg"] == _hex(theme.PANEL)
    assert colours["normal_text"] == _hex(theme.TEXT) and colours["disabled_text"] == _hex(theme.DIM)
    assert colours["normal_border"] == _hex(theme.PANEL_EDGE)
    assert colours["hovered_border"] == _hex(theme.GOLD)
    assert colours["selected_bg"] == _hex(theme.CHOSEN)
    assert colours["selected_text"] == _hex(theme.CHOSEN_TEXT)


def test_the_fonts_follow_the_ui_scale() -> None:
    small, large = gui_theme(1.0), gui_theme(2.0)
    assert int(large["button"]["font"]["size"]) == 2 * int(small["button"]["font"]["size"])
    assert int(large["defaults"]["font"]["size"]) == 2 * int(small["defaults"]["font"]["size"])


def test_a_menu_button_is_drawn_larger_at_a_larger_scale(app: App) -> None:
    heights = []
    for scale in (1.0, 2.0):
        app.settings.ui_scale_auto, app.settings.ui_scale = False, scale
        app.apply_settings()
        menu = MainMenu(app)
        app.reset(menu)
        app.draw()
        element = menu.kit.elements[0]
        font = element.font
        heights.append(font.get_linesize() if isinstance(font, pygame.font.Font) else font.size("Ag")[1])
    assert heights[1] > 1.6 * heights[0]
