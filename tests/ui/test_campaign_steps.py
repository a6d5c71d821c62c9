"""A campaign after its battle, in the client: the post-battle sequence step by step (each Next
written to the file at once, a screen opened again mid-way showing the same step, the Skill a Hero's
Valour won him drawn as a die), the muster limited to what Prestige buys (a horse bought, one
refused with its reason), and the chronicle whose replay plays the same game again to its end."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai import make_player
from game.ai.replay_player import REPLAY_OVER, ReplayOver, ReplayPlayer
from game.campaign import Campaign
from game.campaign.battles import finish_battle, start_battle
from game.campaign.model import STEPS
from game.campaign.progress import advance, fought, steps
from game.persist.campaigns import read_campaign, write_campaign
from game.ui import navigation, places
from game.ui.app import App
from game.ui.battle.screen import BattleScreen
from game.ui.campaign_rolls import faces
from game.ui.screens.campaign_muster import CampaignMusterScreen
from game.ui.screens.chronicle import ChronicleScreen
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseMenu
from game.ui.screens.post_battle import PostBattleScreen
from tests.campaign.helpers import campaign, number_of, result
from tests.ui.conftest import button, frames, own_app

SOLO = {"red": "human", "blue": "eager"}


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The app over a user folder of its own, the AI on the instant pace, the main menu under all."""
    a = own_app(tmp_path, monkeypatch)
    a.reset(MainMenu(a))
    yield a
    pygame.display.quit()


def after_a_battle() -> Campaign:
    """A solo campaign (red the person's, on foot) whose first battle is fought: red won, his Captain
    won 5 Valour (a threshold: a Skill, drawn on the campaign's dice), a Squire and a blue Fighter
    were taken."""
    c = campaign(prestige=10, seed=3, mounted=False).model_copy(update={"players": SOLO})
    captain, squire = number_of(c, "red", "captain"), number_of(c, "red", "squire")
    fighter = number_of(c, "blue", "fighter")
    return fought(c, result({"side": "red", "member": captain, "valour": 5},
                            {"side": "red", "member": squire, "state": "casualty"},
                            {"side": "blue", "member": fighter, "state": "casualty"}, winner="red"))


def texts(screen: PostBattleScreen | ChronicleScreen) -> list[str]:
    """The page's lines as words (headings as they are)."""
    return [line if isinstance(line, str) else line.text for line in screen.lines()]


def test_the_post_battle_sequence_plays_step_by_step_and_each_next_is_written_at_once(
        app: App, tmp_path: Path) -> None:
    c = after_a_battle()
    path = write_campaign(c, tmp_path / "war.json")
    skill = next(e for shown in steps(c) for e in shown.events if e.kind == "skill")
    assert skill.roll is not None and faces(skill.roll) == [(skill.roll.value, skill.roll.sides)]
    assert "gains Fleet of Foot" in skill.text  # this seed's draw, on the campaign's own dice

    app.apply(places.Push(places.PostBattle(path)))
    for k, step in enumerate(STEPS):
        screen = app.top
        assert isinstance(screen, PostBattleScreen)
        pending = read_campaign(path).pending
        assert pending is not None and pending.seen == k
        current = screen.current()
        assert current is not None and current.step == step
        if step == "battle":
            assert any("won 5 Valour" in t for t in texts(screen))  # the Captain's deed
        if step == "casualties":
            assert any(e.roll is not None and "Injury table" in e.roll.purpose for e in current.events)
            again = navigation.build(app, places.PostBattle(path))  # opened afresh mid-way
            assert isinstance(again, PostBattleScreen)
            shown = again.current()
            assert shown is not None and shown.step == "casualties" and texts(again) == texts(screen)
        if step == "valour":
            assert skill.text in texts(screen)
        button(app, "Next" if k + 1 < len(STEPS) else "On to the muster")

    after = read_campaign(path)
    assert after.pending is None and after.mustering == ("red",)
    captain = after.sides["red"].roster.members[0]
    assert captain.skills == ("fleet_of_foot",)  # the Skill the sequence drew is his
    assert isinstance(app.top, CampaignMusterScreen) and app.top.side == "red"


def test_later_leaves_the_sequence_where_it_stands(app: App, tmp_path: Path) -> None:
    path = write_campaign(after_a_battle(), tmp_path / "war.json")
    app.apply(places.Push(places.PostBattle(path)))
    button(app, "Next")
    button(app, "Later")
    assert isinstance(app.top, MainMenu)
    pending = read_campaign(path).pending
    assert pending is not None and pending.seen == 1


def test_the_muster_buys_a_horse_for_a_model_on_foot_and_refuses_what_prestige_cannot_pay(
        app: App, tmp_path: Path) -> None:
    c = campaign(prestige=5, mounted=False).model_copy(update={"players": SOLO, "mustering": ("red",)})
    path = write_campaign(c, tmp_path / "war.json")
    app.apply(places.Push(places.CampaignMuster(path, "red")))
    screen = app.top
    assert isinstance(screen, CampaignMusterScreen)
    names = [m.name for m in c.sides["red"].roster.members]
    captain = c.sides["red"].roster.members[0].name
    button(app, captain)
    button(app, "Horse: a Warhorse (3 Prestige)")
    bought = read_campaign(path)
    assert bought.sides["red"].prestige == 2
    assert bought.sides["red"].roster.members[0].steed == "warhorse"
    assert bought.chronicle[-1].kind == "horse"
    assert screen.line == f"{captain} is given a Warhorse for 3 Prestige"  # its chronicle line, said

    fighter = next(i for i, m in enumerate(c.sides["red"].roster.members) if m.profile == "billman")
    button(app, names[fighter])
    horse = next(b for b in screen.buttons if b.label.startswith("Horse"))
    assert not horse.enabled
    assert horse.hint == "a Warhorse costs 3 Prestige and The Red Riders has 2"
    assert (horse.rect, horse.hint) in screen.reasons  # said under the greyed button
    button(app, "Horse")
    assert read_campaign(path).sides["red"].prestige == 2  # nothing bought

    button(app, "Done")
    assert read_campaign(path).mustering == ()
    assert isinstance(app.top, MainMenu)


def fought_campaign(tmp_path: Path) -> tuple[Path, Campaign]:
    """A solo campaign whose first battle was played out on The Ford (the eager player for both
    sides, quickly), its post-battle sequence seen to the end."""
    c = campaign(prestige=10, seed=5).model_copy(update={"players": SOLO, "next_scenario": "the-ford"})
    match = start_battle(c)
    players = {side: make_player("eager", i) for i, side in enumerate(("red", "blue"))}
    while not match.engine.state.over:
        side = match.engine.state.acting_side
        match.submit(players[side].choose(match.engine, side))
    c = finish_battle(c, match)
    while c.pending is not None:
        c = advance(c, None)
    return write_campaign(c, tmp_path / "war.json"), c


def test_the_chronicle_lists_the_battle_and_its_replay_plays_the_same_game_again(
        app: App, tmp_path: Path) -> None:
    path, c = fought_campaign(tmp_path)
    replay = c.battles[0].replay
    assert replay is not None and replay.commands
    app.apply(places.Push(places.Chronicle(path)))
    screen = app.top
    assert isinstance(screen, ChronicleScreen)
    lines = texts(screen)
    assert "Prestige" in lines and any("victory" in t for t in lines)
    assert all(e.text in lines for e in c.chronicle if e.step in ("casualties", "valour"))

    button(app, "Watch the replay")
    battle = app.top
    assert isinstance(battle, BattleScreen)
    assert battle.mode == "watch" and battle.script == replay.commands and battle.session.saves_dir is None
    for _ in range(20 * len(replay.commands)):
        frames(app, 1)
        if not battle.ai.players:
            break
    assert battle.state.digest() == replay.state_hash  # the same game, to its recorded end
    assert battle.flash == REPLAY_OVER and app.top is battle  # no result screen over a replay

    app.apply(places.Push(places.Pause(battle)))
    pause = app.top
    assert isinstance(pause, PauseMenu)
    button(app, "Back to the chronicle")
    assert app.top is screen


def test_a_replay_player_gives_the_script_in_order_and_says_when_it_is_over() -> None:
    c = campaign()
    given = [0]
    script = (object(), object())
    player = ReplayPlayer(script, lambda: given[0])  # type: ignore[arg-type]
    engine = start_battle(c.model_copy(update={"next_scenario": "the-ford"})).engine
    assert player.choose(engine, "red") is script[0]
    assert player.choose(engine, "blue") is script[0]  # asked again, the same command
    given[0] = 1
    assert player.choose(engine, "blue") is script[1] and not player.over()
    given[0] = 2
    assert player.over()
    with pytest.raises(ReplayOver, match=REPLAY_OVER):
        player.choose(engine, "red")
