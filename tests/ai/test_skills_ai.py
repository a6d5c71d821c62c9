"""The heuristic player reads the Skills a roster gives its models: each test pins a position and
shows the Skill moving the heuristic's value or choice the way the Skill should."""

from __future__ import annotations

import math

import pytest

from game.ai import HeuristicPlayer
from game.ai.heuristic import quit_chance, score_commands
from game.ai.heuristic_terms import Guesser, jump_risk
from game.rules.commands import Activate, Command, Fight, Move
from game.rules.engine import Engine
from game.rules.paths import MovePlan
from game.rules.state import Model
from game.scenario import start_game
from game.terrain.terrain_map import Objective
from tests.rules.fixtures import make_engine, make_terrain, model


def rider(mid: str, side: str, x: float, y: float, skills: list[str] | None = None) -> Model:
    """A Squire on a Warhorse with a lance, facing east."""
    return model(mid, side, "squire", x, y, steed="warhorse", steed_health=2, facing=90.0,
                 weapons=["lance", "hand_weapon"], skills=list(skills or []))


def score_of(engine: Engine, cmd: Command) -> float:
    """The heuristic's score of one command for the acting side."""
    side = engine.state.acting_side
    assert side
    return dict(score_commands(engine, side, [cmd]))[cmd]


def charges_at(engine: Engine, target: str, gambit: str | None = "mounted_charge") -> list[Move]:
    """The side's offered charges at `target` with this gambit."""
    side = engine.state.acting_side
    assert side
    out = []
    for cand in engine.candidates(side):
        cmd = cand.command()
        if isinstance(cmd, Move) and cmd.gambit == gambit:
            plan = engine.check(cmd)
            if isinstance(plan, MovePlan) and plan.charge_target == target:
                out.append(cmd)
    return out


def charge_position(target_skills: list[str], rider_skills: list[str] | None = None,
                    target_x: float = 14.5) -> Engine:
    """A rider about to charge a man-at-arms; each may have Skills of his own."""
    eng = make_engine([rider("r1", "red", 4.0, 12.0, rider_skills),
                       model("b1", "blue", "man_at_arms", target_x, 12.0, skills=list(target_skills))])
    eng.submit(Activate(side="red", model="r1"))
    return eng


def fight_position(red_skills: list[str], blue_skills: list[str]) -> tuple[Engine, Fight]:
    """A Captain in contact with a man-at-arms, the Captain's Fight to give."""
    eng = make_engine([model("r1", "red", "captain", 10.0, 10.0, skills=red_skills),
                       model("b1", "blue", "man_at_arms", 11.0, 10.0, skills=blue_skills)])
    eng.submit(Activate(side="red", model="r1"))
    return eng, Fight(side="red", model="r1", target="b1")


def test_stalwart_makes_a_charge_at_him_worth_less() -> None:
    plain, stalwart = charge_position([]), charge_position(["stalwart"])
    cmd = charges_at(plain, "b1")[0]
    assert cmd in charges_at(stalwart, "b1")
    assert score_of(stalwart, cmd) < score_of(plain, cmd) - 0.1


def test_stalwart_turns_the_charge_to_the_other_man() -> None:
    """Two men-at-arms alike but for Stalwart, placed alike about the rider: it charges the other."""
    for stalwart, other in (("b1", "b2"), ("b2", "b1")):
        men = [model(mid, "blue", "man_at_arms", 15.0, y, skills=["stalwart"] if mid == stalwart else [])
               for mid, y in (("b1", 8.0), ("b2", 16.0))]
        eng = make_engine([rider("r1", "red", 4.0, 12.0), *men])
        eng.submit(Activate(side="red", model="r1"))
        best = {t: max(score_of(eng, c) for c in charges_at(eng, t)) for t in ("b1", "b2")}
        assert best[other] > best[stalwart] + 0.1


def test_mighty_blow_makes_his_fight_worth_more() -> None:
    plain, cmd = fight_position([], [])
    mighty, _ = fight_position(["mighty_blow"], [])
    assert score_of(mighty, cmd) > score_of(plain, cmd) + 0.05


def test_mighty_blow_makes_a_charge_at_him_cost_more() -> None:
    """The man-at-arms' Mighty Blow strikes back harder at the charging rider."""
    plain, mighty = charge_position([]), charge_position(["mighty_blow"])
    cmd = charges_at(plain, "b1")[0]
    assert score_of(mighty, cmd) < score_of(plain, cmd) - 0.003


def test_hard_as_nails_makes_a_fight_against_him_worth_less() -> None:
    plain, cmd = fight_position([], [])
    tough, _ = fight_position([], ["hard_as_nails"])
    assert score_of(tough, cmd) < score_of(plain, cmd) - 0.1


def test_hard_as_nails_and_dodge_make_him_a_poorer_mark_for_a_shot() -> None:
    def worth(skills: list[str]) -> float:
        archer = model("r1", "red", "archer", 4.0, 12.0)
        target = model("b1", "blue", "man_at_arms", 14.0, 12.0, skills=skills)
        eng = make_engine([archer, target])
        return Guesser(eng.table, eng.state, "red").shot_guess(archer, (archer.x, archer.y), target)

    plain = worth([])
    assert plain > 0
    assert worth(["hard_as_nails"]) == pytest.approx(plain * 2 / 3)  # shrugged off on 5+
    assert worth(["dodge_shots"]) < plain


def test_unyielding_lessens_the_chance_of_quitting_the_field() -> None:
    """Without its Captain the retinue tests its Will to Fight every turn left; an Unyielding
    Squire on the table rerolls each failure, and the heuristic's evaluation counts it."""
    engine = start_game("the-ford", 3)
    state, table = engine.state, engine.table
    captain = next(m for m in state.living("red") if table.profile(m).role == "captain")
    captain.removed = "slain"
    state.turn = state.max_turns  # one roll left
    stays = 21 / 36
    assert quit_chance(table, state, "red") == pytest.approx(1 - stays)
    squire = next(m for m in state.living("red") if table.profile(m).role == "squire")
    squire.skills.append("unyielding")
    assert quit_chance(table, state, "red") == pytest.approx((1 - stays) ** 2)


def run_position(skills: list[str]) -> Engine:
    """A man-at-arms with loot along his line that a Run! with Fleet of Foot reaches, and no other."""
    loot = Objective(name="chest", kind="loot", x=12.8, y=12.0, radius=0.5, valour=2)
    eng = make_engine([model("r1", "red", "man_at_arms", 3.0, 12.0, skills=skills),
                       model("b1", "blue", "man_at_arms", 22.0, 23.0)],
                      terrain=make_terrain(objectives=[loot]))
    eng.submit(Activate(side="red", model="r1"))
    return eng


def run_lengths(eng: Engine) -> list[float]:
    out = []
    for cand in eng.candidates("red"):
        cmd = cand.command()
        if isinstance(cmd, Move) and cmd.gambit == "run":
            out.append(math.dist((3.0, 12.0), cmd.path[-1]))
    return out


def test_fleet_of_foot_is_offered_its_longer_run_and_takes_it() -> None:
    """Run! moves are offered as far as the Skill's inch reaches, and the one that reaches the
    loot is worth a Run!: without the Skill the man walks, with it he runs to the chest."""
    plain, fleet = run_position([]), run_position(["fleet_of_foot"])
    assert max(run_lengths(plain)) <= 6.0 + 2.0 + 1e-6
    assert max(run_lengths(fleet)) > 6.0 + 2.0 + 0.5
    walks = HeuristicPlayer(5).choose(plain, "red")
    runs = HeuristicPlayer(5).choose(fleet, "red")
    assert isinstance(walks, Move) and walks.gambit is None
    assert isinstance(runs, Move) and runs.gambit == "run"
    assert math.dist(runs.path[-1], (12.8, 12.0)) < math.dist(walks.path[-1], (12.8, 12.0)) - 2.0


def test_born_in_the_saddle_makes_a_long_mounted_charge_worth_more() -> None:
    """A charge that needs the Mounted Charge!'s inches comes off more often with the reroll."""
    plain, born = charge_position([], target_x=18.0), charge_position([], ["born_in_the_saddle"], 18.0)
    cmd = charges_at(plain, "b1")[0]
    plan = plain.check(cmd)
    assert isinstance(plan, MovePlan) and plan.route.cost > plan.allowance  # the gambit's inches are needed
    assert score_of(born, cmd) > score_of(plain, cmd) + 0.05


def test_an_inspiring_or_rallying_hero_makes_a_retainer_out_of_command_cost_less() -> None:
    """The Feckless test a Retainer out of command faces is likelier to pass with an Inspiring
    Hero (+1) or one who may Rally him (a retest): the heuristic's spot value counts it."""
    def cost(skills: list[str]) -> float:
        hero = model("h", "red", "squire", 10.0, 4.0, skills=skills)
        man = model("r", "red", "man_at_arms", 10.0, 20.0, spear="h")
        eng = make_engine([hero, man, model("b1", "blue", "man_at_arms", 22.0, 22.0)])
        return Guesser(eng.table, eng.state, "red").command_cost(man, (man.x, man.y))

    plain = cost([])
    assert plain > 0
    assert cost(["inspiring"]) < plain
    assert cost(["rally"]) < plain


def test_sure_seat_makes_a_jump_cost_the_rider_less() -> None:
    """A fall over an obstacle throws the rider; Sure Seat's plus lands him better."""
    eng = make_engine([rider("r1", "red", 4.0, 12.0), model("b1", "blue", "man_at_arms", 20.0, 20.0)])
    plain = jump_risk(eng.table, eng.state.model("r1"), 1, 0)
    eng.state.model("r1").skills.append("sure_seat")
    assert 0 < jump_risk(eng.table, eng.state.model("r1"), 1, 0) < plain
