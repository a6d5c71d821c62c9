"""A campaign's battles on the table: the rosters that take the field, the game started with them,
its result and replay read back, and the replay played again to check it or to watch it.

A battle fields each retinue as it stands after its injuries (`fielded`): the models who miss the
battle stay away, and lasting injuries and a veteran's gains change the numbers on the table.
The fielded rosters go into the battle's replay, so it plays back the same game.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.campaign.model import BattleResult, Campaign, Replay, Side
from game.campaign.progress import Story, fought, next_battle
from game.campaign.result import battle_result
from game.campaign.rules import campaign_rules
from game.campaign.sequence import SIDES
from game.content import Content, load_content
from game.muster.fielding import field_roster, present
from game.muster.roster import Marks, Roster
from game.persist.match import Match, deployed
from game.rules.context import Rejected


class ReplayError(Exception):
    """A battle's replay that does not play back to its recorded end; str() is one line."""


@dataclass(frozen=True, slots=True)
class Field:
    """The rosters that take the field, and for each side the campaign roster index of each fielded model."""

    rosters: dict[Side, Roster]
    origin: dict[Side, tuple[int, ...]]


def marks_of(c: Campaign, side: Side, content: Content | None = None) -> dict[int, Marks]:
    """Each marked model's marks: his lasting injuries, and his veteran's gain."""
    content = content or load_content()
    gain = campaign_rules().veteran.gain
    out: dict[int, Marks] = {}
    retinue = c.sides[side]
    for i, (m, rec) in enumerate(zip(retinue.roster.members, retinue.records, strict=True)):
        shootist = content.profiles[m.profile].role == "shootist"
        fight = rec.fight + (0 if shootist else rec.veteran * gain)
        shoot = rec.shoot + (rec.veteran * gain if shootist else 0)
        if rec.move or fight or shoot:
            out[i] = Marks(move=rec.move, fight=fight, shoot=shoot)
    return out


def fielded(c: Campaign, content: Content | None = None) -> Field:
    """The rosters of the next battle: who misses it stays away, marks on the rest."""
    content = content or load_content()
    rosters: dict[Side, Roster] = {}
    origin: dict[Side, tuple[int, ...]] = {}
    for side in SIDES:
        retinue = c.sides[side]
        away = {i for i, rec in enumerate(retinue.records) if rec.misses_next}
        campaign_roster = retinue.roster.model_copy(update={"short": True})  # losses not yet replaced
        rosters[side] = field_roster(campaign_roster, away, marks_of(c, side, content))
        origin[side] = present(retinue.roster, away)
    return Field(rosters, origin)


def start_battle(c: Campaign, story: Story | None = None, deploy: bool = False) -> Match:
    """The campaign's next battle, set up on the table with the fielded rosters."""
    nxt = next_battle(c, story)
    if not nxt.scenario:
        raise ValueError("the next scenario is not yet picked")
    field = fielded(c)
    players: dict[str, str] = {s: c.players[s] for s in SIDES}
    rosters: dict[str, Roster] = {s: field.rosters[s] for s in SIDES}
    return Match.start(nxt.scenario, nxt.seed, c.mode, players, rosters, deploy)


def replay_of(match: Match, c: Campaign) -> Replay:
    """The replay of a campaign battle."""
    state = match.engine.state
    return Replay.model_validate({
        "scenario": match.scenario, "seed": match.seed, "mode": c.mode,
        "players": {s: c.players[s] for s in SIDES}, "rosters": dict(match.rosters),
        "deploy": deployed(state), "commands": match.commands, "state_hash": state.digest()})


def result_of(match: Match, c: Campaign) -> BattleResult:
    """The battle's result for the campaign, with its replay."""
    field = fielded(c)
    result = battle_result(match.engine, c, fielded={s: (field.rosters[s], field.origin[s]) for s in SIDES})
    return result.model_copy(update={"replay": replay_of(match, c)})


def finish_battle(c: Campaign, match: Match) -> Campaign:
    """The campaign after its battle: the result recorded, the post-battle sequence begun."""
    return fought(c, result_of(match, c))


def replay_match(replay: Replay) -> Match:
    """A new game set up as the battle was, before its first command (to watch it played again)."""
    players: dict[str, str] = {s: replay.players[s] for s in SIDES}
    rosters: dict[str, Roster] = {s: replay.rosters[s] for s in SIDES if s in replay.rosters}
    return Match.start(replay.scenario, replay.seed, replay.mode, players, rosters, replay.deploy)


def verify_replay(replay: Replay) -> Match:
    """Play a battle's commands again from its seed; ReplayError unless every command is taken and
    the game ends in the recorded state."""
    match = replay_match(replay)
    for i, cmd in enumerate(replay.commands):
        if isinstance(match.submit(cmd), Rejected):
            raise ReplayError(f"command {i + 1} ({cmd.type} by {cmd.side}) was refused when played again")
    if match.engine.state.digest() != replay.state_hash:
        raise ReplayError("the replay does not end in the state the battle ended in")
    return match
