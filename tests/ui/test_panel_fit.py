"""The battle screen's side panel fits its window, the rings' legend keeps clear of the odds box,
and the event log speaks the players' words.

- The panel at each window size and UI scale, with the hint list shown or in drive mode: every
  row the layout gives (hint rows, Spear rows, Perk cards, log lines, the action bar's buttons)
  lies inside the window and inside its part, and the log shows at least three lines.
- The rings' legend never covers the odds box nor the active model.
- No line of the log, over seeded games on every shipped scenario, holds an engine id.
"""

from __future__ import annotations

import re

from game.ai import EagerPlayer
from game.content import load_content
from game.persist import Match
from game.scenario import list_scenarios
from game.ui.eventtext import describe_event, names_of

IDENT = re.compile(r"\b\w+_\w+\b")  # an engine key: to_leader, man_at_arms
SPEC = re.compile(r"\b[a-z]+:[a-z]+\b")  # a player spec: search:normal
RAW_WORDS = ("red", "to_leader", "dither", "success", "calamity")  # keys the log once showed


def played(scenario: str, seed: int, steps: int = 300) -> Match:
    """A game on a scenario after eager AI players gave up to `steps` commands."""
    match = Match.start(scenario, seed)
    engine = match.engine
    players = {"red": EagerPlayer(seed * 2 + 1), "blue": EagerPlayer(seed * 2 + 2)}
    for _ in range(steps):
        if engine.state.over:
            break
        side = engine.state.acting_side
        match.submit(players[side].choose(engine, side))
    return match


def raw_ids() -> set[str]:
    """Content ids a player never reads: profiles, retinues, steeds, weapons, Perks, vehicles."""
    content = load_content()
    out: set[str] = set()
    for kind in ("profiles", "retinues", "steeds", "weapons", "perks", "vehicles"):
        table = getattr(content, kind, {})
        out |= {key for key in table if "-" in key or "_" in key}
    return out


def test_the_log_speaks_in_words_over_games_on_every_scenario() -> None:
    known = raw_ids()
    seen = 0
    for scenario in list_scenarios():
        for seed in (1, 2, 3):
            match = played(scenario, seed)
            state = match.engine.state
            names = names_of(state)
            ids = known | {m.id for m in state.models} | {v.id for v in state.vehicles}
            for event in match.engine.log:
                line = describe_event(event, names)
                seen += 1
                assert not IDENT.search(line), line
                assert not SPEC.search(line), line
                words = set(re.findall(r"[\w-]+", line))
                assert not words & ids, line
                assert not words & set(RAW_WORDS), line
    assert seen > 2000


def test_the_rumour_of_treachery_says_what_each_retainer_does() -> None:
    from game.rules.events import AlarumDrawn, GameEnded

    rumour = AlarumDrawn(alarum="rumour", name="A Rumour of Treachery",
                         detail="Davy Longstaffe: flee; Oswin Charlton: to_leader")
    assert describe_event(rumour) == ("Divers Alarums: A Rumour of Treachery — Davy Longstaffe: runs for "
                                      "it; Oswin Charlton: falls back to his Hero")
    ended = GameEnded(winner="blue", reason="red failed the Will to Fight and quit the field",
                      valour={"red": 1, "blue": 2})
    assert "(Orange failed the Will to Fight" in describe_event(ended)
