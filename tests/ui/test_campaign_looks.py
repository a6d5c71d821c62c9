"""The campaign's screens as a player reads them: a Hero who misses the next battle (his wounds in
red with what they take from him, the Skill he won in gold on a line of its own, the next battle
naming who fights without him), and the muster's purchases fitting their panel in the smallest
window."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.campaign import Campaign
from game.persist.campaigns import write_campaign
from game.ui import navigation, places, theme
from game.ui.app import MIN_SIZE, App
from game.ui.campaign_link import hurt_words
from game.ui.screens.campaign import CampaignScreen, model_lines
from game.ui.screens.campaign_muster import CampaignMusterScreen
from game.ui.screens.menu import MainMenu
from game.ui.settings import Settings
from tests.campaign.helpers import campaign
from tests.ui.conftest import frames

SOLO = {"red": "human", "blue": "heuristic"}


def hurt() -> Campaign:
    """A solo campaign before its first battle whose Captain (Valour 6, a Skill won, a leg wound)
    and an Archer (an arm wound) miss it."""
    c = campaign(prestige=7, mounted=False).model_copy(update={"players": SOLO, "next_scenario": "the-ford"})
    red = c.sides["red"]
    records, members = list(red.records), list(red.roster.members)
    records[0] = records[0].model_copy(update={"misses_next": True, "injuries": ("leg_wound", "old_wound"),
                                               "valour": 6, "skills_gained": ("fleet_of_foot",), "move": -1})
    records[3] = records[3].model_copy(update={"misses_next": True, "injuries": ("arm_wound",), "fight": -1})
    members[0] = members[0].model_copy(update={"skills": (*members[0].skills, "fleet_of_foot")})
    roster = red.roster.model_copy(update={"members": tuple(members)})
    return c.model_copy(update={"sides": {**c.sides, "red": red.model_copy(update={"records": tuple(records),
                                                                                  "roster": roster})}})


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The app at 1024x640 over a user folder of its own, the main menu under all."""
    monkeypatch.setenv("DESTRIER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DESTRIER_CONFIG_DIR", str(tmp_path / "config"))
    a = App(settings=Settings(animation_speed=0), size=(1024, 640), config_dir=tmp_path / "config",
            saves_dir=tmp_path / "saves", build=navigation.build)
    a.reset(MainMenu(a))
    yield a
    pygame.display.quit()


def test_a_hero_who_misses_the_next_battle_reads_his_wounds_apart_from_his_skill(
        app: App, tmp_path: Path) -> None:
    c = hurt()
    path = write_campaign(c, tmp_path / "war.json")
    app.apply(places.Push(places.Campaign(path)))
    screen = app.top
    assert isinstance(screen, CampaignScreen)
    frames(app, 2)
    lines = model_lines(c, "red", screen.content)
    captain = c.sides["red"].roster.members[0].name
    at = next(i for i, line in enumerate(lines) if line[0].startswith(captain))
    assert lines[at][1] == theme.DIM and lines[at][3] == "Valour 6"
    assert lines[at + 1] == ("[misses the next battle]  [wounded: leg wound, old wound (Move −1)]", theme.BAD,
                             1, "")
    assert lines[at + 2] == ("[won Fleet of Foot]", theme.GOLD, 1, "")
    archer = c.sides["red"].roster.members[3].name
    heading, words = screen.next_words(c)
    assert heading == "Next battle: The Ford"
    assert words.endswith(f"Orange fights without {captain} and {archer}.")
    font = app.fonts.small
    width = (screen.panels.width - round(16 * app.fonts.scale)) // 2 - 2 * round(12 * app.fonts.scale)
    assert all(font.size(line[0])[0] + round(18 * app.fonts.scale) <= width for line in lines)  # none cut


def test_the_muster_says_his_wounds_under_him_and_its_purchases_fit_the_smallest_window(
        app: App, tmp_path: Path) -> None:
    c = hurt().model_copy(update={"mustering": ("red",)})
    path = write_campaign(c, tmp_path / "war.json")
    app.apply(places.Push(places.CampaignMuster(path, "red")))
    screen = app.top
    assert isinstance(screen, CampaignMusterScreen)
    assert hurt_words(c.sides["red"].records[0], wounded="") == [
        "misses the next battle", "leg wound, old wound (Move −1)"]
    assert any(b.label.startswith("Healer: fit for the next battle") and b.enabled for b in screen.buttons)
    for size in ((1024, 640), MIN_SIZE):
        app.window_resized(size)
        frames(app, 1)
        done = next(b for b in screen.buttons if b.label == "Done")
        shop = screen.buttons[screen.rows:-1]
        assert shop and all(screen.shop_rect.contains(b.rect) for b in shop), size
        assert not any(b.rect.colliderect(done.rect) for b in shop), size
        assert all(b.rect.height >= app.fonts.body.get_linesize() for b in shop)


def test_the_next_battle_names_its_table_once() -> None:
    from game.campaign.model import new_campaign
    from game.campaign.stories import first_story
    from game.muster import blank
    from game.ui.screens.campaign import battle_words

    _, narrative, stage = first_story()
    c = new_campaign("N", "narrative", 1, blank(1, "Red"), blank(2, "Blue"), narrative=narrative, stage=stage)
    heading, briefing = battle_words(c)
    assert heading == "Next: The Raid on Foulsyke Mill" and briefing
