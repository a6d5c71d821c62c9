"""The heuristic player: it scores every command it may give now with the exact odds of the dice
(game.rules.odds, as the previews show them) and the worth of where a move leaves the model, and
gives the best, a near-tie settled by its own seeded dice.

The public functions are for other players and the UI: `score_commands` (scores comparable
within one decision, higher is better), `suggest` (the best few, for a hint overlay) and
`evaluate` (a static evaluation of a position for a side, for a search's leaves).
"""

from __future__ import annotations

from game.ai.deploy import deploy_command, deploying
from game.ai.eager import best_drive, driver_command_limit
from game.ai.ground import Ground
from game.ai.heuristic_terms import (
    Guesser,
    MeleeGuess,
    counter_chance,
    counter_charge_bonus,
    escape_chance,
    evaded,
    feckless_weight,
    gambit_risk,
    jump_risk,
    model_value,
    quit_odds,
    round_value,
    steed_value,
)
from game.ai.random_player import NoLegalCommand
from game.ai.route import RouteField
from game.ai.tuning import near_tie, weights
from game.ai.view import fork
from game.rules import odds
from game.rules.commands import (
    Activate,
    Board,
    BreakAway,
    ClimbDown,
    Command,
    Dismount,
    Drive,
    EndActivation,
    EndSpear,
    Fight,
    Loot,
    Move,
    PlayPerk,
    React,
    Reload,
    Remount,
    SetDrill,
    Shoot,
)
from game.rules.contact import enemies_in_contact, obstacle_between
from game.rules.context import Rejected, Table
from game.rules.dice import Dice
from game.rules.engine import Engine
from game.rules.explain import explain_move, shot_chances
from game.rules.melee import FightPlan, fight_odds
from game.rules.missiles import ShotPlan, missile_weapon
from game.rules.paths import MovePlan, base_allowance, in_hard_going
from game.rules.spears import in_command, spear_members
from game.rules.state import GameState, Model, NoSide, Side, other_side
from game.rules.turn import must_test_will, still_with_the_retinue
from game.rules.vehicle_shots import VehicleShotPlan
from game.rules.vehicles import is_driver

REFUSED = -1e9  # the score of a command the engine would refuse


class Memory:
    """What a heuristic keeps between decisions: the driver's route fields and the ground's
    distance fields (both depend on the ground, never on the dice)."""

    def __init__(self) -> None:
        self.routes: dict[tuple[object, ...], RouteField] = {}
        self.ground = Ground()
        self.melee: dict[tuple[object, ...], MeleeGuess] = {}  # melee guesses by the fighters' makings


def score_commands(engine: Engine, side: Side, commands: list[Command],
                   memory: Memory | None = None) -> list[tuple[Command, float]]:
    """Each command with its score for `side` now, higher is better and comparable within one
    decision (about a Valour Point per point); a command the engine refuses scores REFUSED.
    Pass the same `memory` for the decisions of one game to save working out the ground again."""
    with engine.deciding():
        return _Scorer(engine, side, memory or Memory()).score_all(commands)


def suggest(engine: Engine, side: Side, n: int = 3,
            memory: Memory | None = None) -> list[tuple[Command, float]]:
    """The best `n` commands the side may give now, with their scores, best first."""
    if deploying(engine):  # before the first card: the Spear stood with purpose
        return [(deploy_command(engine, side), 0.0)]
    with engine.deciding():
        cmds = offered_commands(engine, side)
        scored = _Scorer(engine, side, memory or Memory()).score_all(cmds)
    scored = [cs for cs in scored if cs[1] > REFUSED]
    scored.sort(key=lambda cs: -cs[1])
    return scored[:n]


def best_command(engine: Engine, side: Side, memory: Memory | None = None) -> Command | None:
    """The best-scoring command the engine accepts now (the first of equals), None if there is
    none: the heuristic's choice with no dice, for a search's play-outs."""
    with engine.deciding():
        scored = _Scorer(engine, side, memory or Memory()).score_all(offered_commands(engine, side))
    best: Command | None = None
    top = REFUSED
    for cmd, score in scored:
        if score > top:
            best, top = cmd, score
    return best


def evaluate(engine: Engine, side: Side) -> float:
    """A static evaluation of the position for `side`: the Valour margin, plus material (what the
    models left on each side are worth, steeds included), plus the hold objectives each side
    holds now (weighted by how near the end is), loot still in reach, the escort's progress, and
    each side's chance of quitting the field on a failed Will to Fight (`quit` Valour Points), and
    the Perk cards each side holds (`hand` each: a card kept is a card still to play); the weights
    are the `[heuristic]` table of ai.toml."""
    table, state = engine.table, engine.state
    foe = other_side(side)
    score = float(state.sides[side].valour - state.sides[foe].valour)
    for m in state.living():
        worth = 0.3 * model_value(table, m) + (0.3 * steed_value(table, m) if m.steed else 0.0)
        worth *= m.health / max(1, table.profile(m).health)
        score += worth if m.side == side else -worth
    progress = state.turn / max(1, state.max_turns)
    for obj in table.terrain.objectives:
        if obj.kind != "hold":
            continue
        reach = table.bases.edge_distance_to_point
        holders = {m.side for m in state.living() if reach(m, obj.x, obj.y) <= obj.radius}
        if len(holders) == 1:
            score += obj.valour * progress * (1 if side in holders else -1)
    for v in state.vehicles:
        if v.escort_edge and not v.removed and not v.disabled and v.side in (side, foe):
            width = table.terrain.width
            along = v.x / width if v.escort_edge == "east" else 1 - v.x / width \
                if v.escort_edge == "west" else 0.5
            score += v.escort_valour * 0.5 * along * (1 if v.side == side else -1)
    w = weights()
    score += w.hand * (len(state.sides[side].perks) - len(state.sides[foe].perks))  # how many: public
    return score + w.quit * (quit_chance(table, state, foe) - quit_chance(table, state, side))


def quit_chance(table: Table, state: GameState, side: Side) -> float:
    """The chance `side` quits the field before the game ends, as it stands (heuristic_terms.quit_odds)."""
    return quit_odds(table, state, side)


def offered_commands(engine: Engine, side: Side) -> list[Command]:
    """Every distinct command among the side's candidates, in the engine's order (unchecked)."""
    out: list[Command] = []
    seen: set[Command] = set()
    for cand in engine.candidates(side):
        cmd = cand.command()
        if cmd is not None and cmd not in seen:
            seen.add(cmd)
            out.append(cmd)
    return out


def _standing_at(m: Model, at: tuple[float, float]) -> Model:
    """The model as if it stood at `at` (a light copy; never put into the state)."""
    c = m.copy()
    c.x, c.y = at
    return c


class HeuristicPlayer:
    """Gives the command with the best score; equals (near-ties) are settled by its own dice."""

    def __init__(self, seed: int, level: str = "normal") -> None:
        self.seed = seed
        self.level = level
        self.dice = Dice(seed)
        self.memory = Memory()

    def choose(self, engine: Engine, side: Side | NoSide) -> Command:
        """The best-scoring command the engine accepts now."""
        if not side:
            raise NoLegalCommand("no side to act")
        if deploying(engine):  # before the first card: the Spear stood with purpose
            return deploy_command(engine, side)
        with engine.deciding():
            scored = _Scorer(engine, side, self.memory).score_all(offered_commands(engine, side))
        scored = [cs for cs in scored if cs[1] > REFUSED]
        if not scored:
            raise NoLegalCommand(f"no legal command for {side} (turn {engine.state.turn})")
        best = max(s for _, s in scored)
        equals = [c for c, s in scored if s >= best - near_tie(self.level)]
        return equals[self.dice.pick(len(equals))]


class _Scorer:
    """Scores the commands of one decision."""

    def __init__(self, engine: Engine, side: Side, memory: Memory) -> None:
        self.engine = engine
        self.table = engine.table
        self.state = engine.state
        self.side = side
        self.routes = memory.routes
        self.memory = memory
        self.guess = Guesser(engine.table, engine.state, side, memory.ground, memory.melee)
        self.keeps = driver_command_limit(engine) if engine.state.active_model else None

    def score_all(self, commands: list[Command]) -> list[tuple[Command, float]]:
        """Scores for every command (perks last: their worth depends on what else is on offer)."""
        plans = [(cmd, self.engine.check(cmd)) for cmd in commands]
        out: dict[int, float] = {}
        drives = [c for c, p in plans if isinstance(c, Drive) and not isinstance(p, Rejected)]
        chosen = best_drive(self.engine, drives, self.routes) if drives else None
        for i, (cmd, plan) in enumerate(plans):
            if isinstance(plan, Rejected):
                out[i] = REFUSED
            elif isinstance(cmd, Drive):
                out[i] = 3.0 if cmd == chosen else 0.5
            elif not isinstance(cmd, PlayPerk):
                out[i] = self.score(cmd, plan)
        scored = [(s, i) for i, s in out.items() if s > REFUSED]
        others, top = max(scored, default=(0.0, -1))
        best = plans[top][0] if top >= 0 else None
        for i, (cmd, _) in enumerate(plans):
            if i not in out and isinstance(cmd, PlayPerk):
                out[i] = self.perk(cmd, others, best)
        return [(cmd, out[i]) for i, (cmd, _) in enumerate(plans)]

    # --- one command ----------------------------------------------------------------------

    def score(self, cmd: Command, plan: object) -> float:
        """One checked command's score."""
        if isinstance(cmd, React):
            return self.react(cmd)
        if isinstance(cmd, Activate):
            return self.activate(self.state.model(cmd.model))
        if isinstance(cmd, EndSpear):
            return -5.0 if self._driver_waiting() else 0.0
        if isinstance(cmd, EndActivation):
            return self.end_activation(self.state.model(cmd.model))
        if isinstance(cmd, Move) and isinstance(plan, MovePlan):
            return self.move(cmd, plan)
        if isinstance(cmd, Fight):
            return self.fight(cmd, plan)
        if isinstance(cmd, Shoot) and isinstance(plan, ShotPlan | VehicleShotPlan):
            return self.shoot(cmd, plan)
        if isinstance(cmd, Loot):
            obj = next(o for o in self.table.terrain.objectives if o.name == cmd.objective)
            return obj.valour + 0.2
        if isinstance(cmd, Reload):
            m = self.state.model(cmd.model)
            return 0.3 if m.reloads_needed else -1.0
        if isinstance(cmd, SetDrill):  # free, and then the activation goes on as it would end
            end = self.end_activation(self.state.model(cmd.model))
            return end + (0.02 if cmd.drill == "parry" else -0.05)
        if isinstance(cmd, Dismount):
            return self.dismount(self.state.model(cmd.model))
        if isinstance(cmd, Remount):
            return 0.5
        if isinstance(cmd, BreakAway):
            m = self.state.model(cmd.model)
            return -self._stay_worth(m) - 0.1
        if isinstance(cmd, Board):
            v = self.state.vehicle(cmd.vehicle)
            drivers = {s.name for s in self.table.content.vehicles[v.profile].drivers}
            return 2.0 if cmd.seat in drivers else -0.5
        if isinstance(cmd, ClimbDown):
            m = self.state.model(cmd.model)
            return 1.0 if self.state.vehicle(m.aboard).disabled else -1.0
        return -0.5

    def _driver_waiting(self) -> bool:
        state = self.state
        members = spear_members(state, state.current_card) if state.vehicles else []
        return any(not m.activated and is_driver(self.table, state, m) for m in members)

    def activate(self, m: Model) -> float:
        """Bring on first the driver, then those in melee, then shooters, and no one who would
        likely ride off to pillage (a Warhorse out of command)."""
        table, state = self.table, self.state
        if state.vehicles and is_driver(table, state, m):
            return 3.0
        score = 1.0
        if enemies_in_contact(table, state, m):
            score += 0.4
        if missile_weapon(table, m) is not None:
            score += 0.2
        if not in_command(table, state, m):  # a Feckless test to come, lighter with an Inspiring Hero
            weight = feckless_weight(table, state, m)
            if m.steed is not None and table.content.steeds[m.steed].feckless_table != "feckless_normal":
                score -= (0.34 * (model_value(table, m) + steed_value(table, m)) + 0.6) * weight
            else:
                score -= 0.5 * weight
        return score

    def move(self, cmd: Move, plan: MovePlan) -> float:
        """Where the move leaves the model, the charge it makes, the risks of its gambit and jumps."""
        table, guess = self.table, self.guess
        m = plan.model
        end = cmd.path[-1]
        score = guess.spot_value(m, end, m.acted) - guess.spot_value(m, (m.x, m.y), m.acted)
        needed = plan.route.cost > plan.allowance + 1e-6
        p_ok, risk = gambit_risk(table, m, cmd.gambit)
        score -= risk
        jumps = [o for o in plan.route.crossed if not o.tall]
        if m.steed is not None:
            score -= jump_risk(table, m, len(jumps), sum(1 for o in jumps if o.kind == "stakes"))
        if "hard" in plan.route.features:
            score -= 0.15 if m.steed is not None else 0.05
        if plan.charge_target:
            target = self.state.model(plan.charge_target)
            bonus = cmd.gambit == "mounted_charge" and guess.charge_bonus_at(m, end, target)
            reach = p_ok if needed else 1.0
            if m.steed is not None and jumps:  # an awkward landing may leave him short of the target
                reach *= self.lands(cmd)
            there = _standing_at(m, end)
            net = self.charge_worth(m, target, bonus)
            met = counter_chance(table, self.state, there, target)
            if met:  # met by a Counter Charge: the bonuses cancel, or are the target's alone
                net = min(net, met * self.met_worth(m, target, bonus) + (1 - met) * net)
            net = evaded(net, escape_chance(table, self.state, there, target))
            score += reach * (net if not m.acted else 0.3 * net)
        elif needed:
            score *= p_ok
        if self.keeps is not None and not self.keeps(cmd):
            score -= 0.8
        return score

    def charge_worth(self, m: Model, target: Model, bonus: bool) -> float:
        """A charge's first round, less the Will to Fight at stake should he fall in it."""
        round_ = self.guess.guess_melee(m, target, bonus)
        return round_.net + 0.25 - round_.dies * self.guess.at_stake(m)

    def met_worth(self, m: Model, target: Model, bonus: bool) -> float:
        """A charge met by the target's Counter Charge: with the charger's own bonus the two
        cancel; without it the target strikes with the bonus, and the charger's fall is at stake."""
        if bonus:
            return self.charge_worth(m, target, False)
        round_ = self.guess.guess_melee(target, m, True)
        return -round_.net + 0.25 - round_.kills * self.guess.at_stake(m)

    def lands(self, cmd: Move) -> float:
        """The chance a rider's jumps let him arrive where the move ends (rules.explain's landings:
        every jump clean, or, if the rest of the move fits at half rate, no fall)."""
        detail = explain_move(self.table, self.state, cmd.side, cmd.model, cmd.path, cmd.gambit).move
        landings = detail.landings if detail is not None else None
        if landings is None:
            return 1.0
        arrive = landings.clean if landings.awkward_stops_short else landings.clean + landings.awkward
        return float(arrive)

    def fight(self, cmd: Fight, plan: object) -> float:
        """A melee round at its exact odds: Valour won less Valour lost; the steed or the pull-down."""
        if not isinstance(plan, FightPlan):  # a cart or wagon
            return 0.25 if cmd.location in ("hull", "traction") else 0.15
        table = self.table
        result = fight_odds(table, self.state, plan)
        att, dfd = plan.attacker.model, plan.defender.model
        worth = round_value(table, result, att, dfd, plan.attacker.lance, plan.defender.lance)
        gain = worth.gain
        if cmd.at_steed and dfd.steed is not None:
            hits = float(odds.expected(result.hits_on_defender))
            p_any = 1 - float(result.hits_on_defender[0])
            steed_save = float(odds.save_odds(table.content.steeds[dfd.steed].save))
            per = steed_value(table, dfd) + 0.3 if dfd.steed_health <= 1 else 0.45
            gain = hits * (1 - steed_save) * per - p_any
        if cmd.pull_down:
            p_six = 1 - (5 / 6) ** plan.attacker.dice
            gain = p_six * (steed_value(table, dfd) + 0.5) + (1 - p_six) * gain
        return gain - worth.loss + weights().forward

    def shoot(self, cmd: Shoot, plan: ShotPlan | VehicleShotPlan) -> float:
        """A shot at its exact odds: the rider wounded, the steed hit (a fall, a bolt), a cart hit."""
        table, state = self.table, self.state
        dist = shot_chances(table, state, plan)  # as the preview shows them: worked out, never rolled
        target = state.find(cmd.target)
        if target is None:  # a cart or wagon: the enemy's only (a neutral one wrecked blocks the road)
            v = state.find_vehicle(cmd.target)
            if v is None or v.side != other_side(self.side):
                return -0.1
            worth = 0.25 * (v.escort_valour / 6.0 if v.escort_valour else 0.4)
            return float(dist.get("hit", 0)) * worth
        wound = model_value(table, target) if target.health <= 1 else 0.45 * model_value(table, target)
        score = float(dist.get("wounded", 0)) * wound
        if "steed_wounded" in dist:
            steed = steed_value(table, target) * (1.0 if target.steed_health <= 1 else 0.3)
            score += float(dist["steed_wounded"]) * (steed + 0.45)
        return score + 0.03 * float(dist.get("blocked", 0)) + 0.01  # a blocked shot may still strike someone

    def dismount(self, m: Model) -> float:
        """Get down before archers behind an obstacle; otherwise keep the horse."""
        table, state = self.table, self.state
        if enemies_in_contact(table, state, m):
            return -1.0
        archers = 0
        for e in self.guess.enemies():
            w = missile_weapon(table, e)
            if w is None or table.profile(e).shoot is None or e.steed is not None:
                continue
            near = table.bases.edge_distance(m, e) <= (w.short_range or 0.0)
            if near and obstacle_between(table, m, e) is not None:
                archers += 1
        return 0.35 * archers - 1.0 - 0.3 * steed_value(table, m)

    def end_activation(self, m: Model) -> float:
        """Ending the activation: nothing, unless the model stands in a melee with its blow still
        to strike: then the enemy strikes first in its turn, and a rider who charged home this
        turn gives away the charge's blow (its bonus die, reroll and lance)."""
        if m.acted:
            return 0.0
        foes = enemies_in_contact(self.table, self.state, m)
        if not foes:
            return 0.0
        guess = self.guess
        theirs = max(max(0.0, guess.guess_melee(e, m, False, charging=False).net) for e in foes)
        if not (m.charged_this_turn and m.charge_bonus):
            return -theirs
        charge = max(guess.guess_melee(m, e, True).net - guess.guess_melee(m, e, False).net for e in foes)
        return -theirs - max(0.0, charge)

    def _stay_worth(self, m: Model) -> float:
        """What staying in this melee is worth to m's side (its best blow less the enemy's)."""
        foes = enemies_in_contact(self.table, self.state, m)
        if not foes:
            return 0.0
        ours = max(self.guess.guess_melee(m, e, False, charging=False).net for e in foes)
        theirs = sum(max(0.0, self.guess.guess_melee(e, m, False, charging=False).net) for e in foes)
        return 0.5 * (ours - theirs)

    # --- reactions ------------------------------------------------------------------------

    def react(self, cmd: React) -> float:
        """The answer to a charge, or to the end of a melee round, by what each would likely cost."""
        pending = self.state.pending
        if pending is None:
            return REFUSED
        table, guess = self.table, self.guess
        me, foe = self.state.model(pending.model), self.state.model(pending.charger)
        if pending.kind == "round_end":
            return -0.1 if cmd.choice == "break_away" else self._stay_worth(me)
        bonus = foe.charge_bonus
        stand = -guess.guess_melee(foe, me, bonus).net
        choice = cmd.choice
        if choice == "stand":
            return stand
        if choice == "counter_charge":
            p_ok, risk = gambit_risk(table, me, "mounted_charge")
            if not counter_charge_bonus(table, self.state, me, foe, (pending.data["sx"], pending.data["sy"])):
                return stand - risk  # Hard Going where they meet: no bonus, the gambit's risk for nothing
            ours = guess.guess_melee(me, foe, True).net - guess.guess_melee(me, foe, False).net
            return stand + p_ok * (ours + 0.2) - risk
        if choice == "mounted_evasion":
            p_ok, risk = gambit_risk(table, me, "mounted_charge")
            return p_ok * -weights().driven_off + (1 - p_ok) * stand - risk
        if choice == "defend":
            return -guess.guess_melee(foe, me, False).net + 0.05
        if choice == "evade":
            if obstacle_between(table, foe, me) is not None:
                return 0.4 * stand - 0.2
            need = 3 if table.has_skill(me, "nimble") and in_hard_going(table, me) else 4
            p = float(odds.evade_odds(need, 0, me.reroll_ready))
            return p * -weights().driven_off + (1 - p) * stand
        return stand

    # --- Perk cards -----------------------------------------------------------------------

    def perk(self, cmd: PlayPerk, others: float, best: Command | None = None) -> float:
        """A Perk is played when its moment has come: just before what it helps (so it outscores
        the rest), else kept. `others` is the best score on offer without it, `best` that command."""
        table, state = self.table, self.state
        effect = table.content.perks[cmd.card].effect
        above = others + 0.05
        m = state.find(cmd.model) if cmd.model else None
        if effect == "stout_heart":
            side = state.sides[self.side]
            one_loss_from_it = len(still_with_the_retinue(state, self.side)) <= side.start_models // 2 + 1
            near = must_test_will(table, state, self.side) or one_loss_from_it
            return above if near and side.will_bonus == 0 and state.turn >= 2 else -1.0
        if m is None:
            return -1.0
        if effect == "rally":  # only just before he activates: his Hero may yet gather him
            comes_next = isinstance(best, Activate) and best.model == m.id
            return above if comes_next and not in_command(table, state, m) else -1.0
        engaged = bool(enemies_in_contact(table, state, m))
        shot = missile_weapon(table, m) is not None and not m.acted and not m.reloads_needed and not engaged
        if effect == "reroll":  # the model's next failed roll of its own: only if that comes next
            ready = not m.reroll_ready and not m.acted and (engaged or shot) and self._rolls_next(m, best)
            return above if ready and others > 0.25 else -1.0
        if effect == "steady_aim":  # from the saddle a shot hits on its natural score alone
            aims = shot and m.steed is None and not m.aim_bonus
            return above if aims and others > 0.15 else -1.0
        if effect == "hold_fast":
            return above if engaged and not m.save_bonus and others > 0.0 else -1.0
        if effect == "quick_reload":
            return above if m.reloads_needed and not engaged else -1.0
        if effect == "extra_move":
            brings = not m.moved and not engaged and self._just_out_of_reach(m, cmd, others)
            return above if brings else -1.0
        return -1.0

    @staticmethod
    def _rolls_next(m: Model, best: Command | None) -> bool:
        """The best command on offer is a roll of the model's own: a shot, a blow or a gambit."""
        if isinstance(best, Shoot | Fight):
            return best.model == m.id
        return isinstance(best, Move) and best.model == m.id and best.gambit is not None

    def _just_out_of_reach(self, m: Model, cmd: PlayPerk, others: float) -> bool:
        """An enemy lies beyond the model's charge reach by no more than the Perk's inches, the Perk
        opens a charge at him (asked of the rules on a copy of the table: Hard Going or a wall may
        still bar it), and that charge scores more than anything on offer now: only then does the
        Perk turn the move into a charge worth making."""
        table, guess = self.table, self.guess
        inches = float(table.content.perks[cmd.card].amount)
        mounted = m.steed is not None
        bonus = table.numbers.mounted_charge_reach if mounted else table.numbers.charge_bonus
        reach = base_allowance(table, m) + bonus
        near = {e.id for e in guess.enemies() if reach < table.bases.edge_distance(m, e) <= reach + inches}
        if not near:
            return False
        after = fork(self.engine)
        after.submit(cmd)
        opened = _Scorer(after, self.side, self.memory)
        for c in after.legal_commands(self.side):
            plan = after.check(c) if isinstance(c, Move) and c.model == m.id else None
            if isinstance(plan, MovePlan) and plan.charge_target in near and opened.score(c, plan) > others:
                return True
        return False
