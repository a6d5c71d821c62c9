"""The application: a window, a screen stack and the main loop."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame

from game.persist.folders import saves_dir
from game.persist.slots import default_saves_dir
from game.ui import places, theme
from game.ui.keys import Keymap
from game.ui.settings import Settings, auto_scale, load_settings, save_settings
from game.ui.sound import SoundBoard

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (800, 500)
FPS = 60
SETTLE_SECONDS = 0.5  # after the window changes mode, the resize events it sends are its own echo


def _saves_dir() -> Path:
    """The player's saves folder ($DESTRIER_SAVES_DIR, else the data folder's saves/), or its name
    if it cannot be made (saving then says why)."""
    try:
        return default_saves_dir()
    except OSError:
        return saves_dir(create=False)


class Screen:
    """One screen on the stack; the top screen gets input, every opaque screen below is hidden."""

    opaque = True
    covers_window = False  # True if draw() paints every pixel, so the window need not be cleared
    games_return_here = False  # a game started from this screen (the editor's test play) comes back to it
    games_return_label = "Back to the editor"  # the pause menu's words for going back here
    shows_rules = False  # the rules page: the rules key closes it instead of opening another

    def __init__(self, app: App) -> None:
        self.app = app

    def handle(self, event: pygame.event.Event) -> places.Transition:
        """React to one pygame event; returns where to go, if anywhere."""
        return None

    def update(self, dt: float) -> places.Transition:
        """Advance animations by dt seconds; returns where to go, if anywhere."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the screen."""

    def resized(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def on_top(self) -> None:
        """The screen became the top of the stack again."""

    def say(self, msg: str) -> None:
        """Show a short message, if this screen has a place for one."""

    def covered(self, screen: Screen) -> None:
        """Another screen is being put on top of this one."""

    def beneath(self) -> Screen | None:
        """A screen this one is drawn over and comes with (the tutorial's coach stands on its
        game): the app puts it on the stack first."""
        return None


class App:
    """Holds the window, the settings and the screen stack, and runs the loop."""

    def __init__(self, settings: Settings | None = None, size: tuple[int, int] = DEFAULT_SIZE,
                 config_dir: Path | None = None, saves_dir: Path | None = None,
                 build: Callable[[App, places.Place], Screen] | None = None) -> None:
        # a full-screen window is not minimised when the focus strays (with no window manager,
        # it strays and comes back by itself: the window would flicker away and back)
        os.environ.setdefault("SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS", "0")
        pygame.init()
        # builds the screen of a place (game.ui.navigation.build); the only way screens are made
        self.build = build
        self.config_dir = config_dir
        notice = ""
        if settings is None:
            settings, notice = load_settings(config_dir)
        self.settings = settings
        self.notice = notice
        self.saves_dir = saves_dir if saves_dir is not None else _saves_dir()
        self.keys = Keymap(settings.keys)
        self.sound = SoundBoard(volume=settings.sound_volume, muted=settings.sound_muted)
        self.window_size = size
        self.fullscreen = False
        self.settle = 0.0  # seconds during which resize events echo the last change of mode
        self.window_place = (0, 0)  # where the window stood before the full screen
        self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.fonts = theme.Fonts(self._fit_scale())
        pygame.display.set_caption("Destrier")
        self.stack: list[Screen] = []
        self.running = True
        self.clock = pygame.time.Clock()
        self.frame = 0

    # --- the stack -------------------------------------------------------------------------
    def push(self, screen: Screen) -> None:
        """Put a screen on top (over the screen it comes with, if any)."""
        below = screen.beneath()
        if below is not None:
            self.push(below)
        if self.stack:
            self.stack[-1].covered(screen)
        self.stack.append(screen)

    def pop(self) -> Screen | None:
        """Remove the top screen."""
        top = self.stack.pop() if self.stack else None
        if self.stack:
            self.stack[-1].on_top()
        return top

    def replace(self, screen: Screen) -> None:
        """Swap the top screen for another."""
        if self.stack:
            self.stack.pop()
        self.push(screen)

    def reset(self, screen: Screen) -> None:
        """Clear the stack down to one screen (and the one it comes with)."""
        self.stack = []
        self.push(screen)

    def leave_game(self, menu: Screen) -> None:
        """Leave a game: back to the screen it was started from if that one takes games back
        (the editor, after a test play), else to `menu` alone."""
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].games_return_here:
                del self.stack[i + 1:]
                self.stack[i].on_top()
                return
        self.reset(menu)

    def go(self, place: places.Place) -> Screen:
        """The screen of a place, built by the navigation module."""
        if self.build is None:
            raise RuntimeError("this app was made without a navigation builder")
        return self.build(self, place)

    def apply(self, transition: places.Transition) -> None:
        """Carry out where a screen said to go; the only place the stack changes in play."""
        if transition is None:
            return
        if isinstance(transition, places.Push):
            self.push(self.go(transition.to))
        elif isinstance(transition, places.Pop):
            self.pop()
            if transition.say and self.top is not None:
                self.top.say(transition.say)
            self.apply(transition.then)
        elif isinstance(transition, places.Replace):
            self.replace(self.go(transition.to))
        elif transition.to_origin:
            self.leave_game(self.go(transition.to))
        else:
            self.reset(self.go(transition.to))

    @property
    def top(self) -> Screen | None:
        """The screen getting input."""
        return self.stack[-1] if self.stack else None

    # --- settings --------------------------------------------------------------------------
    def _fit_scale(self) -> float:
        """The UI scale in use: the one the player chose, or the one that suits the window."""
        if self.settings.ui_scale_auto:
            self.settings.ui_scale = auto_scale(self.surface.get_size())
        return self.settings.ui_scale

    def apply_settings(self) -> str:
        """Take new settings into use and save them; returns "" or why saving failed."""
        self.keys = Keymap(self.settings.keys)
        self.fonts = theme.Fonts(self._fit_scale())
        self.sound.configure(self.settings.sound_volume, self.settings.sound_muted)
        for screen in self.stack:
            screen.resized(self.surface.get_size())
        return save_settings(self.settings, self.config_dir)

    def toggle_mute(self) -> None:
        """The mute key: sound effects off or on again, saved at once."""
        self.settings.sound_muted = not self.settings.sound_muted
        failed = self.apply_settings()
        if self.top is not None:
            self.top.say(failed or f"Sound {'off' if self.settings.sound_muted else 'on'} "
                                   f"({self.keys.label('mute')} toggles it).")

    def toggle_fullscreen(self) -> None:
        """F11: switch between the window and the full screen. The full screen is a borderless
        window as large as the desktop, not a change of video mode: a display with no window
        manager answers a mode change by making the window again and again (a black screen). The
        resize events that echo the change are let pass for a moment."""
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self.window_place = pygame.display.get_window_position()
            self.surface = pygame.display.set_mode(pygame.display.get_desktop_sizes()[0], pygame.NOFRAME)
            pygame.display.set_window_position((0, 0))
        else:
            self.surface = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
            pygame.display.set_window_position(self.window_place)
        self.settle = SETTLE_SECONDS
        self._resized()

    def _resized(self) -> None:
        """The window has a new size: fit the UI scale (when it follows the window) and lay every
        screen out again."""
        scale = self.settings.ui_scale
        if self._fit_scale() != scale:
            self.fonts = theme.Fonts(self.settings.ui_scale)
        for screen in self.stack:
            screen.resized(self.surface.get_size())

    def window_resized(self, size: tuple[int, int]) -> None:
        """The player resized the window (a resize event): keep it at least the smallest size;
        an echo of the last change of mode, or of the size it already has, changes nothing."""
        if self.fullscreen or self.settle > 0:
            return
        wanted = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.window_size = wanted
        if self.surface.get_size() == wanted:
            return
        self.surface = pygame.display.set_mode(wanted, pygame.RESIZABLE)
        self._resized()

    # --- the loop --------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """Global keys first (quit, resize, F11, F1, F8), then the top screen."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.window_resized((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and self.keys.is_action(event.key, "fullscreen"):
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and self.keys.is_action(event.key, "mute"):
            self.toggle_mute()
            return
        if (event.type == pygame.KEYDOWN and self.keys.is_action(event.key, "rules")
                and not (self.top is not None and self.top.shows_rules)):
            self.apply(places.Push(places.Rules()))
            return
        if self.top is not None:
            self.apply(self.top.handle(event))

    def draw(self) -> None:
        """Draw the stack from the lowest opaque screen up."""
        start = 0
        for i, screen in enumerate(self.stack):
            if screen.opaque:
                start = i
        if not (self.stack and self.stack[start].covers_window):
            self.surface.fill(theme.BG)
        for screen in self.stack[start:]:
            screen.draw(self.surface)

    def step(self, dt: float) -> None:
        """One frame: events, update, draw."""
        self.settle = max(0.0, self.settle - dt)
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        if self.top is not None:
            self.apply(self.top.update(dt))
        if not self.stack:
            self.running = False
            return
        self.draw()
        pygame.display.flip()
        self.frame += 1

    def run(self, max_frames: int = 0, screenshot: str | None = None) -> int:
        """Run until quit (or for max_frames frames); optionally save a screenshot at the end."""
        dt = 1 / FPS
        while self.running:
            self.step(dt)
            if max_frames and self.frame >= max_frames:
                break
            dt = min(0.1, self.clock.tick(FPS) / 1000.0)
        if screenshot:
            pygame.image.save(self.surface, screenshot)
        return 0
