"""The heuristic player: it prefers the obviously better command, gives only accepted ones, and
plays the same way from the same seed."""

from __future__ import annotations

import pytest

from game.ai import HeuristicPlayer, ground, make_player, parse_spec
from game.ai.heuristic import Memory, evaluate, quit_chance, score_commands, suggest
from game.ai.heuristic_terms import model_value, steed_value
from game.ai.tuning import weights
from game.rules.commands import Activate, Fight, Move, React
from game.rules.context import Rejected
from game.rules.engine import Accepted, Engine
from game.rules.paths import MovePlan
from game.rules.spears import command_range, in_command
from game.rules.state import Model
from game.scenario import start_game
from tests.rules.fixtures import make_engine, make_terrain, model, rect


def rider(mid: str, side: str, x: float, y: float, facing: float = 90.0, **kw: object) -> Model:
    """A Squire on a Warhorse with a lance."""
    return model(mid, side, "squire", x, y, steed="warhorse", steed_health=2, facing=facing,
                 weapons=["lance", "hand_weapon"], **kw)


def _choose(engine: Engine, seed: int = 5) -> object:
    side = engine.state.acting_side
    assert side
    return HeuristicPlayer(seed).choose(engine, side)


def test_fights_an_enemy_it_outclasses_rather_than_walking_away() -> None:
    eng = make_engine([model("r1", "red", "captain", 10.0, 10.0), model("b1", "blue", "archer", 11.0, 10.0)])
    assert isinstance(eng.submit(Activate(side="red", model="r1")), Accepted)
    cmd = _choose(eng)
    assert isinstance(cmd, Fight) and cmd.target == "b1"


def test_does_not_charge_into_hard_going_when_another_charge_exists() -> None:
    terrain = make_terrain(patches={"woods": rect(11, 3, 17, 8)})
    eng = make_engine([rider("r1", "red", 4.0, 10.5), model("b1", "blue", "man_at_arms", 14.5, 14.5),
                       model("b2", "blue", "man_at_arms", 14.5, 6.5)], terrain=terrain)
    eng.submit(Activate(side="red", model="r1"))
    cmd = _choose(eng)
    assert isinstance(cmd, Move)
    plan = eng.check(cmd)
    assert isinstance(plan, MovePlan) and plan.charge_target == "b1" and cmd.gambit == "mounted_charge"


def test_answers_a_charge_with_a_reaction_when_one_is_offered() -> None:
    riders = [rider("r1", "red", 4.0, 10.5), rider("b1", "blue", 17.0, 10.5, facing=270.0)]
    eng = make_engine(riders, dice=[3])
    eng.submit(Activate(side="red", model="r1"))
    eng.submit(Move(side="red", model="r1", path=((15.0, 10.5),), gambit="mounted_charge"))
    assert eng.state.acting_side == "blue"
    cmd = _choose(eng)
    assert isinstance(cmd, React) and cmd.choice == "counter_charge"


def test_keeps_a_retainer_in_command_range_when_a_move_does() -> None:
    hero = model("h", "red", "squire", 10.0, 6.0, activated=True)
    man = model("r", "red", "man_at_arms", 10.0, 13.0, spear="h")
    eng = make_engine([hero, man, model("b1", "blue", "man_at_arms", 10.0, 22.0)], dice=[6], active="h")
    assert not in_command(eng.table, eng.state, man)
    eng.submit(Activate(side="red", model="r"))  # the Feckless test: 6, "Aye, my lord"
    cmd = _choose(eng)
    assert isinstance(cmd, Move)
    assert isinstance(eng.submit(cmd), Accepted)
    moved = eng.state.model("r")
    assert eng.table.bases.edge_distance(moved, hero) <= command_range(eng.table, hero)


def _play(engine: Engine, seats: dict[str, object], commands: int) -> list[object]:
    out = []
    while not engine.state.over and len(out) < commands:
        side = engine.state.acting_side
        rng = engine.state.rng
        cmd = seats[side].choose(engine, side)  # type: ignore[attr-defined]
        assert engine.state.rng == rng  # the player never touches the game's dice
        assert not isinstance(engine.check(cmd), Rejected)
        assert isinstance(engine.submit(cmd), Accepted)
        out.append(cmd)
    return out


@pytest.mark.parametrize("scenario", ["the-ford", "make-way"])
def test_it_only_gives_commands_the_engine_accepts(scenario: str) -> None:
    engine = start_game(scenario, 3)
    seats = {"red": make_player("heuristic", 1), "blue": make_player("heuristic:easy", 2)}
    assert len(_play(engine, seats, 120)) == 120


def test_it_is_deterministic_for_a_seed() -> None:
    runs = []
    for _ in range(2):
        engine = start_game("skirmish-field", 4)
        seats = {"red": make_player("heuristic", 11), "blue": make_player("random", 12)}
        runs.append(_play(engine, seats, 80))
    assert runs[0] == runs[1]


def test_scores_suggestions_and_evaluation() -> None:
    engine = start_game("stakes-and-arrows", 2)
    side = engine.state.acting_side
    assert side
    best = suggest(engine, side, 3)
    assert 1 <= len(best) <= 3 and best == sorted(best, key=lambda cs: -cs[1])
    scored = score_commands(engine, side, [c for c, _ in best])
    assert [c for c, _ in scored] == [c for c, _ in best]
    assert [s for _, s in scored] == pytest.approx([s for _, s in best])
    assert evaluate(engine, "red") == pytest.approx(-evaluate(engine, "blue"))


def test_player_specs_name_a_level() -> None:
    assert parse_spec("heuristic") == ("heuristic", "normal")
    assert parse_spec("heuristic:hard") == ("heuristic", "hard")
    assert isinstance(make_player("heuristic:easy", 3), HeuristicPlayer)
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        make_player("heuristic:expert", 1)
    with pytest.raises(ValueError, match="unknown player 'nobody'"):
        make_player("nobody", 1)


def test_what_it_keeps_between_decisions_never_changes_a_score() -> None:
    """Melee guesses kept for the game and distance fields kept per ground answer exactly as
    working everything out afresh would, as the models move and fall."""
    engine = start_game("the-ford", 5)
    kept = Memory()
    seats = {"red": make_player("heuristic", 1), "blue": make_player("heuristic", 2)}
    for n in range(60):
        side = engine.state.acting_side
        assert side
        cmds = engine.legal_commands(side)
        with_kept = score_commands(engine, side, cmds, kept)
        if n % 10 == 0:
            ground._KEPT.clear()  # the fresh memory works out its fields again
        assert with_kept == score_commands(engine, side, cmds, Memory())
        assert isinstance(engine.submit(seats[side].choose(engine, side)), Accepted)


def test_the_evaluation_counts_a_captain_lost_as_the_will_to_fight_it_puts_at_risk() -> None:
    """Without its Captain a retinue rolls its Will to Fight (7+ on 2d6) at the end of every turn
    left: the evaluation takes that chance of quitting the field from the side's value, more the
    more turns are left, and less with a Will bonus for the first roll."""
    engine = start_game("the-ford", 3)
    state, table = engine.state, engine.table
    assert quit_chance(table, state, "red") == 0.0
    before = evaluate(engine, "red")
    captain = next(m for m in state.living("red") if table.profile(m).role == "captain")
    captain.removed = "slain"
    stays = 21 / 36  # 7+ on 2d6
    left = state.max_turns - state.turn + 1
    assert quit_chance(table, state, "red") == pytest.approx(1 - stays ** left)
    material = 0.3 * model_value(table, captain) + 0.3 * steed_value(table, captain)
    assert before - evaluate(engine, "red") == pytest.approx(material + weights().quit * (1 - stays ** left))
    state.turn = state.max_turns  # the last turn: one roll left
    assert quit_chance(table, state, "red") == pytest.approx(15 / 36)
    state.sides["red"].will_bonus = 1  # 6+ for that roll
    assert quit_chance(table, state, "red") == pytest.approx(10 / 36)
    assert quit_chance(table, state, "blue") == 0.0
