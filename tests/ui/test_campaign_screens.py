"""The campaign in the client, driven from the main menu with posted events: a new solo open campaign
made in the form (the rosters as offered), its screen with both retinues, the table picked, the
battle fought with the fielded rosters and the AI's player, its result taken back into the campaign
file; a battle left half-way resumed from the autosave; a spoilt campaign file opened from its last
good copy; a campaign deleted when asked; a narrative campaign's stage and briefing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.campaign.battles import fielded, start_battle
from game.campaign.model import HUMAN, Campaign
from game.campaign.progress import next_battle, phase
from game.muster.templates import blank
from game.persist.campaigns import list_campaigns, read_campaign, write_campaign
from game.persist.rosters import write_roster
from game.persist.slots import autosave
from game.sim import play_game
from game.ui import places
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.campaign_link import narrative_of, record_battle, standing, story_of
from game.ui.screens.base import ButtonScreen
from game.ui.screens.campaign import CampaignScreen, model_lines
from game.ui.screens.campaign_new import NewCampaignForm
from game.ui.screens.campaigns import CampaignsScreen
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.menu import MainMenu
from game.ui.screens.result import ResultScreen
from game.ui.solo import ai_spec
from tests.ui.conftest import frames, own_app


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The app over a user folder of its own (no campaigns, no rosters; games start in ranks)."""
    a = own_app(tmp_path, monkeypatch)
    a.apply(places.Reset(places.MainMenu()))
    frames(a, 2)
    yield a
    pygame.display.quit()


def click(app: App, pos: tuple[int, int]) -> None:
    """Move the mouse there and click."""
    for event in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
        pygame.event.post(event)
    frames(app, 3)


def button(app: App, label: str) -> None:
    """Click the top screen's button whose label starts so."""
    screen = app.top
    assert isinstance(screen, ButtonScreen)
    found = next(b for b in screen.buttons if b.label.startswith(label))
    click(app, found.rect.center)


def labels(app: App) -> list[str]:
    """The top screen's buttons."""
    assert isinstance(app.top, ButtonScreen)
    return [b.label for b in app.top.buttons]


def form_choice(app: App, field: str, value: Any) -> None:
    """Click the new campaign form's button that sets `field` to `value`."""
    form = app.top
    assert isinstance(form, NewCampaignForm)
    element = next(e for e, choice in form.buttons.items() if choice == (field, value))
    click(app, element.rect.center)


def new_solo_open(app: App) -> tuple[Path, Campaign]:
    """Main menu → Campaign → New → solo, open, the rosters as offered → Create: the campaign's
    file and the campaign."""
    assert isinstance(app.top, MainMenu)
    button(app, "Campaign")
    assert isinstance(app.top, CampaignsScreen)
    button(app, "New")
    assert isinstance(app.top, NewCampaignForm)
    form_choice(app, "kind", "open")
    form_choice(app, "play", "solo")
    form_choice(app, "level", "easy")
    assert app.top.create_button is not None
    click(app, app.top.create_button.rect.center)
    assert isinstance(app.top, CampaignScreen)
    [entry] = list_campaigns()
    assert entry.campaign is not None and entry.path == app.top.path
    return entry.path, entry.campaign


def pick_first_table(app: App) -> str:
    """Pick the table (the person picks: the Prestige is level), the first offered."""
    assert "Pick the table" in labels(app) and "Fight the battle" not in labels(app)
    button(app, "Pick the table")
    screen = app.top
    assert isinstance(screen, CampaignScreen) and screen.picking
    first = screen.buttons[0]
    button(app, first.label)
    assert screen.campaign is not None
    return screen.campaign.next_scenario


def test_a_new_solo_open_campaign_from_the_main_menu_shows_both_retinues(app: App) -> None:
    path, c = new_solo_open(app)
    assert (c.campaign, c.mode, c.players["red"]) == ("open", "solo", HUMAN)
    assert c.players["blue"] == ai_spec("easy")
    screen = app.top
    assert isinstance(screen, CampaignScreen)
    for side in ("red", "blue"):
        names = [line[0] for line in model_lines(c, side, screen.content)]
        assert len(c.sides[side].roster.members) == 12
        assert all(any(line.startswith(m.name) for line in names) for m in c.sides[side].roster.members)
    heroes = [line for line in model_lines(c, "red", screen.content) if line[3]]
    assert [line[3] for line in heroes] == ["Valour 0"] * 3  # a Captain and two Squires
    frames(app, 2)  # drawn whole
    app.apply(places.Pop())
    assert isinstance(app.top, CampaignsScreen)
    assert c.name in app.top.buttons[0].label and "0 battles" in app.top.buttons[0].label


def test_fight_the_battle_fields_the_campaign_rosters_against_the_ai(app: App) -> None:
    path, _ = new_solo_open(app)
    scenario = pick_first_table(app)
    assert read_campaign(path).next_scenario == scenario  # written at once
    button(app, "Fight the battle")
    battle = app.top
    assert isinstance(battle, BattleScreen) and battle.campaign == path
    c = read_campaign(path)
    match = battle.session.match
    assert (match.scenario, match.seed) == (scenario, next_battle(c).seed)
    assert match.rosters == fielded(c).rosters
    assert match.players == {"red": HUMAN, "blue": c.players["blue"]}


def test_a_finished_battle_continues_the_campaign_with_its_post_battle_steps(app: App) -> None:
    path, _ = new_solo_open(app)
    pick_first_table(app)
    c = read_campaign(path)
    nxt = next_battle(c)
    game = play_game(nxt.scenario, 0, nxt.seed, {"red": "eager", "blue": "eager"},
                     rosters={side: r for side, r in fielded(c).rosters.items()})
    assert game.match is not None and game.match.engine.state.over
    app.apply(places.Push(places.Result(game.match, path)))
    assert isinstance(app.top, ResultScreen)
    assert read_campaign(path).pending is not None  # written as the result shows: a kill loses nothing
    assert "Continue the campaign" in labels(app) and "Main menu" not in labels(app)
    result = app.top
    focused = result.focused()
    assert focused is not None and focused.label == "Continue the campaign"  # Enter goes on
    assert result.retinue_name("red") == c.sides["red"].roster.name  # the roster's name, not its id
    button(app, "Continue the campaign")
    screen = app.top
    assert isinstance(screen, CampaignScreen)
    c = read_campaign(path)
    assert c.pending is not None and phase(c) == "post_battle" and len(app.stack) == 3
    assert c.pending.result.scenario == nxt.scenario and c.pending.result.replay is not None
    assert "See what the battle cost" in labels(app)
    assert standing(c) == "after battle 1: what it cost" and screen.next_words(c)[0].startswith("Battle 1 ")
    assert record_battle(path, game.match) == (c, "")  # a second word changes nothing


def test_a_battle_left_half_way_is_resumed_with_its_campaign(app: App) -> None:
    path, _ = new_solo_open(app)
    pick_first_table(app)
    c = read_campaign(path)
    other = start_battle(c.model_copy(update={"seed": c.seed + 1}), None)
    autosave(other, app.saves_dir)  # another game's autosave is not the campaign's battle
    app.apply(places.Replace(places.Campaign(path)))
    assert "Resume the battle" not in labels(app)
    autosave(start_battle(c, story_of(c)), app.saves_dir)
    app.apply(places.Replace(places.Campaign(path)))
    assert "Resume the battle" in labels(app) and "Fight it anew" in labels(app)
    button(app, "Resume the battle")
    battle = app.top
    assert isinstance(battle, BattleScreen) and battle.campaign == path
    assert battle.session.match.rosters == fielded(c).rosters
    app.apply(places.Reset(places.MainMenu()))
    app.apply(places.Push(places.Resume()))  # the main menu's Resume keeps the campaign too
    resumed = app.top
    assert isinstance(resumed, BattleScreen) and resumed.campaign == path


def test_a_spoilt_campaign_file_says_why_and_opens_its_last_good_copy(app: App) -> None:
    path, c = new_solo_open(app)
    write_campaign(c.model_copy(update={"name": "Kept"}), path)  # the first copy is kept beside it
    path.write_text('{"kind": "destrier-campaign", "version": 1, "name": ', encoding="utf-8")
    app.apply(places.Pop())
    screen = app.top
    assert isinstance(screen, CampaignsScreen)
    assert path.name in screen.buttons[0].label
    assert "Open the last good copy" in labels(app)
    button(app, "Open the last good copy")
    assert isinstance(app.top, CampaignScreen)
    assert read_campaign(path) == c


def test_delete_asks_first(app: App) -> None:
    path, _ = new_solo_open(app)
    app.apply(places.Pop())
    button(app, "Delete")
    assert isinstance(app.top, ConfirmDialog)
    app.apply(app.top.on_yes())
    app.apply(places.Pop())
    assert not path.exists() and list_campaigns() == []


def test_a_hot_seat_narrative_campaign_tells_its_first_stage(app: App) -> None:
    app.apply(places.Push(places.Campaigns()))
    button(app, "New")
    form_choice(app, "play", "hotseat")
    form_choice(app, "kind", "narrative")
    form = app.top
    assert isinstance(form, NewCampaignForm)
    assert set(form.menus) == {"red", "blue"}
    click(app, form.create_button.rect.center if form.create_button else (0, 0))
    screen = app.top
    assert isinstance(screen, CampaignScreen) and screen.campaign is not None
    c = screen.campaign
    assert c.mode == "hotseat" and c.campaign == "narrative" and c.stage
    heading, briefing = screen.next_words(c)
    narrative_stage = story_of(c)
    assert narrative_stage is not None
    assert heading.startswith("Next: ") and briefing
    assert "Fight the battle" in labels(app)


def key(app: App, k: int) -> None:
    """Press and release a key."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))
    frames(app, 2)


def test_the_form_answers_the_keys(app: App) -> None:
    app.apply(places.Push(places.NewCampaign()))
    form = app.top
    assert isinstance(form, NewCampaignForm) and form.focused() is form.create_button
    key(app, pygame.K_DOWN)
    assert form.focused() is form.entries["name"]  # round to the top: the name, which takes the keys
    key(app, pygame.K_DOWN)
    assert form.buttons[form.focused()] == ("kind", "narrative")
    key(app, pygame.K_RIGHT)
    assert form.kind == "open" and form.buttons[form.focused()] == ("kind", "open")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Hot-seat, the focused button, pressed
    assert form.play == "hotseat" and set(form.menus) == {"red", "blue"}
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)


def test_a_result_its_campaign_cannot_take_leaves_by_the_main_menu(app: App) -> None:
    path, _ = new_solo_open(app)
    pick_first_table(app)
    c = read_campaign(path)
    nxt = next_battle(c)
    game = play_game(nxt.scenario, 0, nxt.seed + 1, {"red": "eager", "blue": "eager"},
                     rosters={side: r for side, r in fielded(c).rosters.items()})
    assert game.match is not None
    app.apply(places.Push(places.Result(game.match, path)))  # another seed: not the campaign's battle
    result = app.top
    assert isinstance(result, ResultScreen) and "not the campaign's next battle" in result.message
    button(app, "Continue the campaign")
    assert read_campaign(path).pending is None and labels(app)[-1] == "Main menu"
    button(app, "Main menu")
    assert isinstance(app.top, MainMenu)


def test_a_roster_with_problems_keeps_create_waiting(app: App) -> None:
    short = blank(3, "Too Few")
    path = write_roster(short.model_copy(update={"members": short.members[:4]}))
    app.apply(places.Push(places.NewCampaign()))
    form = app.top
    assert isinstance(form, NewCampaignForm) and form.create_button is not None
    assert form.problem == "" and form.create_button.is_enabled
    form_choice(app, "play", "hotseat")
    form.set("roster", ("blue", str(path)))
    assert form.problem.startswith("Blue: Too Few has") and not form.create_button.is_enabled
    assert form.create() is None and list_campaigns() == []
    form.set("roster", ("blue", "blank-mounted"))
    assert form.problem == "" and form.roster("blue").members[0].steed is not None


def test_a_narrative_campaign_at_its_end_reads_its_epilogue(app: App) -> None:
    app.apply(places.Push(places.Campaigns()))
    button(app, "New")
    form = app.top
    assert isinstance(form, NewCampaignForm) and form.create_button is not None
    click(app, form.create_button.rect.center)
    screen = app.top
    assert isinstance(screen, CampaignScreen) and screen.campaign is not None
    narrative = narrative_of(screen.campaign)
    assert narrative is not None
    ending = next(iter(narrative.endings.values()))
    write_campaign(screen.campaign.model_copy(update={"ending": ending.id, "stage": ""}), screen.path)
    app.apply(places.Replace(places.Campaign(screen.path)))
    over = app.top
    assert isinstance(over, CampaignScreen) and over.campaign is not None
    assert over.next_words(over.campaign) == (f"The end: {ending.title}", ending.epilogue)
    assert labels(app) == ["Chronicle", "Back"]
    assert " ".join(over.next_lines()) == " ".join(ending.epilogue.split())  # whole, in a 720-line window
