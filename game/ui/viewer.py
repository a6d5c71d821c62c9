"""A table viewer: the map, the miniatures and the event log, with AI players stepping the game.

This is the first window of the client: it shows a real game driven through Engine.submit.
The full hot-seat client (selection, move previews, odds) grows from here.
"""

from __future__ import annotations

import pygame
import pytmx
from pytmx.util_pygame import load_pygame

from game.ai import EagerPlayer
from game.rules.engine import Accepted, Engine
from game.rules.events import Ev
from game.rules.geometry import spine
from game.rules.state import Model
from game.scenario import scenario_path, start_game

PX = 32  # pixels per inch at zoom 1
PANEL = 360
SIDE_COLOURS = {"red": (214, 96, 20), "blue": (40, 90, 200)}  # orange and blue: colour-blind safe
ROLE_LETTER = {"captain": "C", "squire": "S", "fighter": "F", "shootist": "A"}
OBSTACLE_COLOURS = {"wall": (150, 150, 150), "fence": (139, 101, 60), "hedge": (40, 110, 40),
                    "ditch": (90, 70, 45), "stakes": (190, 160, 110)}


def render_map(tmx: pytmx.TiledMap) -> pygame.Surface:
    """Pre-render every tile layer into one surface."""
    surf = pygame.Surface((tmx.width * PX, tmx.height * PX))
    surf.fill((90, 130, 70))
    for layer in tmx.visible_layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            for x, y, image in layer.tiles():
                surf.blit(pygame.transform.scale(image, (PX, PX)), (x * PX, y * PX))
    return surf


def describe(ev: Ev) -> str:
    """One line of the event log."""
    d = ev.model_dump()
    kind = d.pop("type")
    if kind == "dice_rolled":
        return f"  d{d['sides']}={d['value']}  {d['purpose']}"
    parts = ", ".join(f"{k}={v}" for k, v in d.items() if v not in ("", None, [], {}))
    return f"{kind.replace('_', ' ')}: {parts}"[:80]


class Viewer:
    """A window onto one game, stepped by random players."""

    def __init__(self, scenario: str, seed: int) -> None:
        self.engine: Engine = start_game(scenario, seed)
        self.tmx = load_pygame(str(scenario_path(scenario)))
        self.map_surface = render_map(self.tmx)
        self.players = {"red": EagerPlayer(seed * 2 + 1), "blue": EagerPlayer(seed * 2 + 2)}
        self.lines: list[str] = [f"{self.engine.table.terrain.properties.get('title', scenario)}"]
        self.autoplay = False
        self.font = pygame.font.SysFont("dejavusans", 14)
        self.big = pygame.font.SysFont("dejavusans", 18, bold=True)
        self.token_font = pygame.font.SysFont("dejavusans", 13, bold=True)

    def step(self) -> None:
        """Let the active side's AI give one command."""
        state = self.engine.state
        if state.over:
            return
        side = state.acting_side
        res = self.engine.submit(self.players[side].choose(self.engine, side))
        if isinstance(res, Accepted):
            self.lines.extend(describe(e) for e in res.events)
            self.lines = self.lines[-200:]

    def draw(self, screen: pygame.Surface) -> None:
        """Draw the table and the panel."""
        screen.fill((30, 28, 24))
        screen.blit(self.map_surface, (0, 0))
        self._draw_features(screen)
        self._draw_models(screen)
        self._draw_panel(screen)

    def _draw_features(self, screen: pygame.Surface) -> None:
        terrain = self.engine.table.terrain
        for obs in terrain.obstacles:
            pts = [(x * PX, y * PX) for x, y in obs.points]
            width = max(3, int(obs.width * PX * 0.6))
            pygame.draw.lines(screen, (20, 20, 20), False, pts, width + 2)
            pygame.draw.lines(screen, OBSTACLE_COLOURS.get(obs.kind, (200, 200, 200)), False, pts,
                              width)
        for obj in terrain.objectives:
            centre = (int(obj.x * PX), int(obj.y * PX))
            taken = obj.name in self.engine.state.looted
            colour = (120, 120, 120) if taken else (240, 200, 40)
            pygame.draw.circle(screen, colour, centre, int(obj.radius * PX), 2)
            pygame.draw.circle(screen, colour, centre, 6)

    def _draw_models(self, screen: pygame.Surface) -> None:
        state = self.engine.state
        for m in state.models:
            if m.removed:
                continue
            centre = (int(m.x * PX), int(m.y * PX))
            colour = SIDE_COLOURS[m.side]
            if m.steed is not None:
                self._draw_mount(screen, m, colour)
            if m.riderless:
                continue
            pygame.draw.circle(screen, (15, 15, 15), centre, PX // 2 + 1)
            pygame.draw.circle(screen, colour, centre, PX // 2 - 1)
            if m.side == "blue":  # second cue beside colour: blue bases carry a ring
                pygame.draw.circle(screen, (235, 235, 235), centre, PX // 2 - 5, 2)
            if m.id == state.active_model:
                pygame.draw.circle(screen, (255, 255, 120), centre, PX // 2 + 3, 2)
            role = self.engine.table.profile(m).role
            label = self.token_font.render(ROLE_LETTER[role], True, (255, 255, 255))
            screen.blit(label, label.get_rect(center=centre))
            if m.mishap:
                pygame.draw.circle(screen, (230, 40, 40), (centre[0] + 11, centre[1] - 11), 4)

    def _draw_mount(self, screen: pygame.Surface, m: Model, colour: tuple[int, int, int]) -> None:
        """A 1" x 2" base along the facing, with the horse's head at the front."""
        ax, ay, bx, by = spine(m)
        a, b = (int(ax * PX), int(ay * PX)), (int(bx * PX), int(by * PX))
        horse = (120, 84, 52) if m.steed != "nag" else (150, 120, 90)
        pygame.draw.line(screen, (15, 15, 15), a, b, PX + 2)
        for end in (a, b):
            pygame.draw.circle(screen, (15, 15, 15), end, PX // 2 + 1)
        pygame.draw.line(screen, horse, a, b, PX - 2)
        for end in (a, b):
            pygame.draw.circle(screen, horse, end, PX // 2 - 1)
        pygame.draw.circle(screen, colour, b, PX // 4)  # caparison colour at the head


    def _draw_panel(self, screen: pygame.Surface) -> None:
        state = self.engine.state
        x0 = self.map_surface.get_width() + 12
        y = 10
        head = (f"Turn {state.turn}/{state.max_turns}" if not state.over
                else f"Game over: {state.winner}")
        for text, font in ((head, self.big),
                           (f"Valour  red {state.sides['red'].valour}  blue "
                            f"{state.sides['blue'].valour}", self.font),
                           (f"Active: {state.active_side or '-'}  card {state.current_card}",
                            self.font),
                           ("SPACE step   A autoplay   ESC quit", self.font)):
            screen.blit(font.render(text, True, (235, 225, 200)), (x0, y))
            y += font.get_linesize() + 2
        y += 6
        room = (screen.get_height() - y) // self.font.get_linesize()
        for line in self.lines[-room:]:
            screen.blit(self.font.render(line, True, (200, 200, 190)), (x0, y))
            y += self.font.get_linesize()


def run(scenario: str, seed: int, screenshot: str | None = None, frames: int = 0,
        steps: int = 0) -> int:
    """Open the window and run until quit (or for `frames` frames when taking a screenshot)."""
    pygame.init()
    probe = pytmx.TiledMap(str(scenario_path(scenario)))
    size = (probe.width * PX + PANEL, max(720, probe.height * PX))
    screen = pygame.display.set_mode(size)
    pygame.display.set_caption("Destrier")
    viewer = Viewer(scenario, seed)
    for _ in range(steps):
        viewer.step()
    clock = pygame.time.Clock()
    frame = 0
    running = True
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN
                                             and event.key == pygame.K_ESCAPE):
                running = False
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
                viewer.step()
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_a:
                viewer.autoplay = not viewer.autoplay
        if viewer.autoplay:
            viewer.step()
        viewer.draw(screen)
        pygame.display.flip()
        frame += 1
        if frames and frame >= frames:
            running = False
        clock.tick(30)
    if screenshot:
        pygame.image.save(screen, screenshot)
    pygame.quit()
    return 0
