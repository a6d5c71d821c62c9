"""What the campaign's screens share: the narrative a campaign follows, where a campaign stands in
words, its next battle's table, and a battle's result taken back into its campaign file.

A campaign's battle is an ordinary game on the table that names its campaign file. When it ends,
its result is written into the campaign at once (`record_battle`), so a game closed on the result
screen loses nothing; a battle left half-way lives in the game's autosave, and `autosaved_battle`
finds it again when it is the campaign's next battle (and `campaign_of` finds the campaign of a
game resumed or loaded from the menus).
"""

from __future__ import annotations

from pathlib import Path

from game.campaign.battles import fielded, finish_battle
from game.campaign.model import Campaign, MemberRecord
from game.campaign.narrative import Narrative, narratives
from game.campaign.progress import CampaignError, NextBattle, Story, next_battle, phase, why_over
from game.campaign.stories import story_for
from game.content.loader import ContentError
from game.persist import Match, MatchError, SaveError
from game.persist.campaigns import CampaignFileError, list_campaigns, read_campaign, write_campaign
from game.persist.folders import scenarios_dir
from game.persist.slots import resume
from game.scenario import MAPS_DIR, cached_scenario, list_scenarios
from game.terrain.terrain_map import MapError

NOT_IN_OPEN = ("tutorial",)  # shipped tables an open campaign is never fought on
CAMPAIGN_MAPS = "campaign"  # the shipped folder of the narrative's tables


def shipped_narratives() -> dict[str, Narrative]:
    """The narrative campaigns the game ships, by id (none if their file cannot be read)."""
    try:
        return narratives()
    except (ContentError, OSError):
        return {}


def narrative_of(c: Campaign) -> Narrative | None:
    """The narrative a campaign follows (none for an open one, or one this game does not ship)."""
    return shipped_narratives().get(c.narrative) if c.campaign == "narrative" else None


def story_of(c: Campaign) -> Story | None:
    """The course a narrative campaign follows (none for an open one, or a narrative not shipped)."""
    try:
        return story_for(c)
    except (KeyError, ContentError):
        return None


def kind_of(c: Campaign) -> str:
    """'Narrative: The Thornby Feud', 'Open', with how it is played."""
    narrative = narrative_of(c)
    kind = f"Narrative: {narrative.name}" if narrative is not None else c.campaign.capitalize()
    how = {"hotseat": "hot-seat", "solo": "solo", "watch": "AI against AI"}[c.mode]
    return f"{kind}, {how}"


def table_title(scenario: str) -> str:
    """A table's title, or its name when the map cannot be read."""
    try:
        return cached_scenario(scenario).title
    except (MapError, OSError):
        return Path(scenario).stem


def coming(c: Campaign) -> NextBattle | None:
    """The next battle, if the campaign stands before one and knows it."""
    try:
        return next_battle(c, story_of(c))
    except (CampaignError, KeyError):
        return None


def standing(c: Campaign) -> str:
    """Where a campaign stands, in a few words."""
    now = phase(c)
    fought = battles_fought(c)
    if now == "post_battle":
        return f"after battle {fought}: what it cost"
    if now == "muster":
        return f"after battle {fought}: mustering"
    if now == "over":
        narrative = narrative_of(c)
        if narrative is not None and c.ending in narrative.endings:
            return f"over: {narrative.endings[c.ending].title}"
        return f"over: {why_over(c)}"
    nxt = coming(c)
    if nxt is not None and not nxt.scenario:
        return f"before battle {fought + 1}: the table is to pick"
    where = f" on {table_title(nxt.scenario)}" if nxt is not None else ""
    return f"before battle {fought + 1}{where}"


def battles_fought(c: Campaign) -> int:
    """The battles fought, the one whose post-battle sequence is under way among them."""
    return len(c.battles) + (1 if c.pending is not None else 0)


def open_tables() -> list[tuple[str, str]]:
    """The tables an open campaign may be fought on: the shipped ones (the narrative's too), then the
    player's own (scenario name, title), each that can be read."""
    names = [n for n in list_scenarios() if n not in NOT_IN_OPEN]
    names += [f"{CAMPAIGN_MAPS}/{n}" for n in list_scenarios(MAPS_DIR / CAMPAIGN_MAPS)]
    try:
        folder = scenarios_dir(create=False)
        names += sorted(str(p) for p in folder.glob("*.tmx") if p.is_file())
    except OSError:
        pass
    out = []
    for name in names:
        try:
            out.append((name, cached_scenario(name).title))
        except (MapError, OSError, ValueError):
            continue
    return out


def lasting(rec: MemberRecord) -> str:
    """What a model's lasting injuries take from his profile, in words ("Move −1, Fight −1"; "" if
    nothing)."""
    taken = (("Move", rec.move), ("Fight", rec.fight), ("Shoot", rec.shoot))
    return ", ".join(f"{name} −{-n}" for name, n in taken if n < 0)


def hurt_words(rec: MemberRecord, wounded: str = "wounded: ") -> list[str]:
    """A model's ill marks in words: missing the next battle, his injuries and what they take from
    him ("wounded: leg wound (Move −1)", led by `wounded`)."""
    out = ["misses the next battle"] if rec.misses_next else []
    if rec.injuries:
        took = lasting(rec)
        wounds = ", ".join(i.replace("_", " ") for i in rec.injuries)
        out.append(f"{wounded}{wounds}" + (f" ({took})" if took else ""))
    return out


def same_battle(c: Campaign, match: Match) -> bool:
    """True if a game is the campaign's next battle: its table, seed and fielded rosters."""
    nxt = coming(c)
    if nxt is None or not nxt.scenario or (match.scenario, match.seed) != (nxt.scenario, nxt.seed):
        return False
    rosters = fielded(c).rosters
    return all(match.rosters.get(side) == rosters[side] for side in rosters)


def autosaved_battle(c: Campaign, saves_dir: Path) -> Match | None:
    """The campaign's next battle from the game's autosave, when it was left half-way."""
    if phase(c) != "battle":
        return None
    try:
        match = resume(saves_dir)
    except (SaveError, MatchError, MapError, OSError, ValueError, KeyError):
        return None
    return match if same_battle(c, match) else None


def campaign_of(match: Match, folder: Path | None = None) -> Path | None:
    """The campaign file of the user folder whose next battle this game is, if any (a campaign's
    battle opened from the autosave or a save keeps its campaign)."""
    if not match.rosters:
        return None
    try:
        entries = list_campaigns(folder)
    except (CampaignFileError, OSError):
        return None
    return next((e.path for e in entries if e.campaign is not None and same_battle(e.campaign, match)), None)


def record_battle(path: Path, match: Match) -> tuple[Campaign | None, str]:
    """A finished battle's result written into its campaign file (once: a campaign already past this
    battle is left as it is); the campaign, or none and one line saying why."""
    try:
        c = read_campaign(path)
        if phase(c) != "battle":
            return c, ""
        if not match.engine.state.over:
            return None, "the battle is not over"
        if not same_battle(c, match):
            return None, "this game is not the campaign's next battle"
        c = finish_battle(c, match)
        write_campaign(c, path)
    except (CampaignFileError, CampaignError, OSError, ValueError) as exc:
        return None, " ".join(str(exc).split())
    return c, ""
