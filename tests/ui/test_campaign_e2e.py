"""End to end: a solo open campaign played from the main menu with posted mouse and key events.

Campaign → New → Solo, Open, the rosters as offered, a seed typed → Create; its Heroes given a head
start in the campaign file (Valour just under the first threshold) and the campaign opened again
with Continue; the table picked; battle 1 fought against the AI on the instant pace, the person
ending each activation and Spear with the keys (answering a charge with its first button); the
result → Continue the campaign → See what the battle cost → the post-battle steps one by one, where
a Hero's Valour crosses the threshold and wins him a Skill drawn on the campaign's dice (the seed
pins them); the muster, a horse bought for a model on foot; Done → the campaign → battle 2, whose
fielded roster has the horse and the Skill. Also: a campaign's battle left from the pause menu
comes back to the campaign's screen."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.campaign.model import Campaign
from game.campaign.progress import phase
from game.campaign.rules import campaign_rules
from game.content import load_content
from game.muster.roster import skill_name
from game.persist.campaigns import list_campaigns, read_campaign, write_campaign
from game.persist.saves import AUTOSAVE
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.screens.base import ButtonScreen
from game.ui.screens.campaign import CampaignScreen
from game.ui.screens.campaign_muster import CampaignMusterScreen
from game.ui.screens.campaign_new import NewCampaignForm
from game.ui.screens.campaigns import CampaignsScreen
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseMenu
from game.ui.screens.post_battle import PostBattleScreen
from game.ui.screens.result import ResultScreen
from tests.ui.conftest import click, frames, key, own_app, post

SEED = "10"  # the campaign's seed: its battles' dice, and the post-battle dice that draw the Skill
TABLE = "Skelbrooke Ford"  # the table picked for both battles
HEROES = ("captain", "squire")
MOST_FRAMES = 6000  # a battle that has not ended by then fails the test


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The app over a user folder of its own at the main menu; the AI plays on the instant pace and
    ending a Spear early is not asked about (the settings the app uses)."""
    a = own_app(tmp_path, monkeypatch, confirm_end_spear=False)
    a.reset(MainMenu(a))
    frames(a, 2)
    yield a
    pygame.display.quit()


def labels(app: App) -> list[str]:
    """The top screen's buttons."""
    assert isinstance(app.top, ButtonScreen), app.top
    return [b.label for b in app.top.buttons]


def button(app: App, label: str) -> None:
    """Click the top screen's button whose label starts so."""
    screen = app.top
    assert isinstance(screen, ButtonScreen), screen
    found = next((b for b in screen.buttons if b.label.startswith(label)), None)
    assert found is not None, f"no button {label!r} among {labels(app)}"
    assert found.enabled, f"{label!r} is greyed"
    click(app, found.rect.center)


def hub(app: App) -> CampaignScreen:
    screen = app.top
    assert isinstance(screen, CampaignScreen), screen
    return screen


def new_campaign_from_the_menu(app: App) -> Path:
    """Main menu → Campaign → New → Open, Solo, Easy, the seed typed, the rosters as offered → Create."""
    button(app, "Campaign")
    assert isinstance(app.top, CampaignsScreen)
    button(app, "New")
    form = app.top
    assert isinstance(form, NewCampaignForm)
    for field, value in (("kind", "open"), ("play", "solo"), ("level", "easy")):
        element = next(e for e, choice in form.buttons.items() if choice == (field, value))
        click(app, element.rect.center)
    click(app, form.entries["seed"].rect.center)
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    post(app, *(pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in SEED))
    frames(app, 1)
    assert form.entries["seed"].get_text() == SEED
    assert form.create_button is not None
    click(app, form.create_button.rect.center)
    [entry] = list_campaigns()
    assert entry.campaign is not None and entry.campaign.seed == int(SEED)
    assert (entry.campaign.campaign, entry.campaign.mode) == ("open", "solo")
    assert hub(app).path == entry.path
    return entry.path


def head_start(path: Path) -> Campaign:
    """The person's Heroes one Valour short of the first threshold, written into the campaign file."""
    c = read_campaign(path)
    content, first = load_content(), campaign_rules().valour.thresholds[0]
    red = c.sides["red"]
    records = tuple(rec.model_copy(update={"valour": first - 1})
                    if content.profiles[m.profile].role in HEROES else rec
                    for m, rec in zip(red.roster.members, red.records, strict=True))
    c = c.model_copy(update={"sides": {**c.sides, "red": red.model_copy(update={"records": records})}})
    write_campaign(c, path)
    return c


def pick_the_table(app: App) -> None:
    """The person picks (his Prestige is not the greater): the table named TABLE."""
    if "Pick the table" not in labels(app):
        return
    button(app, "Pick the table")
    assert hub(app).picking
    button(app, TABLE)
    assert not hub(app).picking and TABLE in hub(app).line


def fight_to_the_end(app: App) -> BattleScreen:
    """The battle from its first command to the result: the AI plays its side; the person ends each
    activation (Space) and each Spear (E), and answers a charge with the first answer offered."""
    battle = app.top
    assert isinstance(battle, BattleScreen)
    for _ in range(MOST_FRAMES):
        if isinstance(app.top, ResultScreen):
            return battle
        app.step(1 / 60)
        battle.ai.thinker.wait()
        if isinstance(app.top, ConfirmDialog):
            key(app, pygame.K_RETURN)
        elif app.top is battle and battle.human_acting():
            state = battle.state
            if state.pending is not None:
                answer = battle.layout().actions[0]
                click(app, answer.rect.center)
            else:
                key(app, pygame.K_SPACE if state.active_model else pygame.K_e)
    raise AssertionError(f"the battle did not end in {MOST_FRAMES} frames "
                         f"({len(battle.session.match.commands)} commands given)")


def test_a_solo_campaign_from_the_main_menu_two_battles_a_skill_won_and_a_horse_bought(app: App) -> None:
    path = new_campaign_from_the_menu(app)
    head_start(path)
    key(app, pygame.K_ESCAPE)  # back to the list, and the campaign opened again as the file has it
    assert isinstance(app.top, CampaignsScreen)
    button(app, "Continue")
    assert hub(app).campaign == read_campaign(path)

    # battle 1
    pick_the_table(app)
    button(app, "Fight the battle")
    battle = fight_to_the_end(app)
    first = battle.session.match
    assert first.engine.state.over and battle.campaign == path
    button(app, "Continue the campaign")
    assert phase(read_campaign(path)) == "post_battle"
    button(app, "See what the battle cost")

    # the post-battle sequence, step by step
    skill = None
    for _ in range(10):
        screen = app.top
        if not isinstance(screen, PostBattleScreen):
            break
        current = screen.current()
        assert current is not None
        found = [e for e in current.events if e.kind == "skill" and e.side == "red"]
        if found:
            assert current.step == "valour" and found[0].roll is not None  # drawn on the campaign's dice
            shown = [line if isinstance(line, str) else line.text for line in screen.lines()]
            assert found[0].text in shown  # said on the page
            skill = found[0]
        onward = next(b.label for b in screen.buttons if b.label.startswith(("Next", "On to the muster")))
        button(app, onward)
    assert skill is not None, "no Hero of the person's took a Skill: the pinned seed no longer pins it"
    c = read_campaign(path)
    red = c.sides["red"]
    at = next(i for i, rec in enumerate(red.records) if rec.number == skill.member)
    hero, record = red.roster.members[at], red.records[at]
    assert record.skills_gained and record.skills_gained[-1] in hero.skills
    assert skill.text.endswith(f"gains {skill_name(record.skills_gained[-1])}")

    # the muster: a horse for a model on foot (one who takes the field next time)
    muster = app.top
    assert isinstance(muster, CampaignMusterScreen) and muster.side == "red"
    rider = next(i for i, (m, rec) in enumerate(zip(red.roster.members, red.records, strict=True))
                 if m.steed is None and not rec.misses_next)
    rider_name = red.roster.members[rider].name
    button(app, rider_name)
    assert muster.chosen == rider
    offer = next(b.label for b in muster.buttons if b.label.startswith("Horse"))
    price = int(re.findall(r"\((\d+) Prestige\)", offer)[0])
    before = red.prestige
    assert before >= price, f"{before} Prestige cannot pay {offer}"
    button(app, "Horse")
    bought = read_campaign(path).sides["red"]
    assert bought.prestige == before - price
    steed = bought.roster.members[rider].steed
    assert steed is not None
    button(app, "Done")
    assert hub(app).path == path and phase(read_campaign(path)) == "battle"

    # battle 2 starts with the changed roster
    pick_the_table(app)
    button(app, "Fight the battle")
    second = app.top
    assert isinstance(second, BattleScreen) and second.session.match is not first
    fielded = {m.name: m for m in second.session.match.rosters["red"].members}
    assert fielded[rider_name].steed == steed
    assert record.skills_gained[-1] in fielded[hero.name].skills
    models = {m.name: m for m in second.state.models if m.side == "red"}
    assert models[rider_name].steed == steed  # on the table too


def test_a_campaign_battle_left_from_the_pause_menu_comes_back_to_the_campaign(app: App) -> None:
    path = new_campaign_from_the_menu(app)
    screen = hub(app)
    pick_the_table(app)
    button(app, "Fight the battle")
    battle = app.top
    assert isinstance(battle, BattleScreen) and battle.campaign == path
    for _ in range(600):  # played on until an activation ends, and with it the game is autosaved
        if (app.saves_dir / AUTOSAVE).is_file():
            break
        app.step(1 / 60)
        battle.ai.thinker.wait()
        if battle.human_acting():
            key(app, pygame.K_SPACE if battle.state.active_model else pygame.K_e)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    assert "Back to the campaign" in labels(app) and "Leave to the main menu" not in labels(app)
    button(app, "Back to the campaign")
    assert app.top is screen  # the campaign's own screen, read again
    assert [type(s) for s in app.stack] == [MainMenu, CampaignsScreen, CampaignScreen]
    assert phase(read_campaign(path)) == "battle"  # nothing fought, nothing lost
    assert "Resume the battle" in labels(app)  # the battle waits in the autosave
    button(app, "Resume the battle")
    resumed = app.top
    assert isinstance(resumed, BattleScreen) and resumed.campaign == path
    again, left = resumed.session.match, battle.session.match
    assert (again.scenario, again.seed, again.rosters) == (left.scenario, left.seed, left.rosters)
    assert again.commands  # where it was left, as autosaved
