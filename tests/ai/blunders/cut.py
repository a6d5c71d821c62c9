"""Cut blunder positions from saved games: replay each game command by command, and wherever a
player made a mistake of one of the suite's kinds (and the game shows what it cost), write the
position: the game's scenario and seed, the commands that reach the decision, its state hash,
and what a player must not do there.

    python -m tests.ai.blunders.cut SAVE.json [...] --out DIR [--judge]

With --judge each cut is also put to the suite's players (`judge.PLAYERS`) and the ones each
would still get wrong are listed.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.heuristic_terms import will_stake
from game.ai.search import fork
from game.persist.match import Match
from game.persist.saves import load_save
from game.rules.commands import Command, EndActivation, EndSpear, Fight, Move, PlayPerk, React, Shoot
from game.rules.engine import Engine
from game.rules.explain import reach
from game.rules.paths import MovePlan, in_hard_going
from game.rules.spears import in_command
from tests.ai.blunders.judge import PLAYERS, blunder, choice, on_the_road

Events = list[list[dict[str, Any]]]  # the events of each step from the decision on
LOST = ("dither", "flee", "pillage")  # the Feckless results that lose the activation or the man
LOOK = 60  # how many steps on a mistake's cost is looked for


@dataclass(frozen=True)
class Cut:
    """A mistake found in a game: its kind (1-8), its words and what the position forbids."""

    kind: int
    mistake: str
    forbid: dict[str, Any]


def _of(events: Events, kind: str, **fields: Any) -> Iterator[dict[str, Any]]:
    """The events of `kind` with the given fields, in the steps looked ahead."""
    for step in events[:LOOK]:
        for ev in step:
            if ev["type"] == kind and all(ev.get(k) == v for k, v in fields.items()):
                yield ev


def _charge_target(engine: Engine, cmd: Command) -> str:
    plan = engine.check(cmd)
    return plan.charge_target if isinstance(cmd, Move) and isinstance(plan, MovePlan) else ""


def hero_in_reach(engine: Engine, cmd: Command, events: Events) -> Cut | None:
    """1. A Hero whose loss brings the Will to Fight steps from outside an enemy's charge reach
    into it, and that enemy charges him and kills him."""
    table, state = engine.table, engine.state
    if not isinstance(cmd, Move) or _charge_target(engine, cmd):
        return None
    hero = state.model(cmd.model)
    if table.profile(hero).type != "hero" or will_stake(table, state, hero) <= 0.0:
        return None
    if not any(True for _ in _of(events, "casualty", model=hero.id)):
        return None
    for ev in _of(events, "melee_round", defender=hero.id):
        foe = state.model(ev["attacker"])
        r = reach(table, state, foe)
        inches = r.move + r.charge_bonus + table.numbers.base_diameter
        now, then = math.dist((hero.x, hero.y), (foe.x, foe.y)), math.dist(cmd.path[-1], (foe.x, foe.y))
        if foe.side != hero.side and then <= inches < now and ev["defender_hits"] > 0:
            return Cut(1, f"{hero.name}, whose loss brings the Will to Fight, steps into "
                          f"{foe.name}'s charge reach and is charged and killed",
                       {"end_within": {"of": foe.id, "inches": round(inches, 2)}})
    return None


def hero_charges_to_his_death(engine: Engine, cmd: Command, events: Events) -> Cut | None:
    """1. A wounded Hero whose loss brings the Will to Fight charges, and dies in that fight."""
    table, state = engine.table, engine.state
    target = _charge_target(engine, cmd)
    if not target:
        return None
    hero = state.model(cmd.model)  # type: ignore[union-attr]
    full = table.profile(hero).health
    if table.profile(hero).type != "hero" or hero.health >= full or will_stake(table, state, hero) <= 0.0:
        return None
    if not any(ev["type"] == "casualty" and ev["model"] == hero.id for ev in _activation(events)):
        return None
    return Cut(1, f"{hero.name}, wounded, whose loss brings the Will to Fight, charges "
                  f"{state.model(target).name} and dies in the fight", {"charge_at": target})


def _struck(events: Events, model: str) -> bool:
    """Did the model come to blows before his activation ended?"""
    return any(ev["type"] == "melee_round" and model in (ev["attacker"], ev["defender"])
               for ev in _activation(events))


def foot_charge_at_rider(engine: Engine, cmd: Command, events: Events) -> Cut | None:
    """2. A model on foot charges a rider, who rides away (no blow is struck)."""
    target = _charge_target(engine, cmd)
    if not target or engine.state.model(cmd.model).steed is not None:  # type: ignore[union-attr]
        return None
    victim = engine.state.model(target)
    if victim.steed is None:
        return None
    rode = any(ev["choice"] in ("mounted_evasion", "evade") for ev in _of(events[:2], "reaction_taken"))
    struck = _struck(events, cmd.model)  # type: ignore[union-attr]
    if not rode or struck:
        return None
    return Cut(2, f"{engine.state.model(cmd.model).name} on foot charges the rider {victim.name}, "  # type: ignore[union-attr]
                  "who rides away", {"charge_at": target})


def charge_over_jumps(engine: Engine, cmd: Command, events: Events) -> Cut | None:
    """3. A Mounted Charge! over obstacles that lands awkwardly and stops short of its target."""
    if not isinstance(cmd, Move) or cmd.gambit != "mounted_charge" or not _charge_target(engine, cmd):
        return None
    jumps = list(_of(events[:1], "jump_test", model=cmd.model))
    if not jumps or _struck(events, cmd.model):
        return None
    return Cut(3, f"{engine.state.model(cmd.model).name}'s Mounted Charge! over {len(jumps)} obstacle(s) "
                  "stops short", {"charge_with": "mounted_charge"})


def counter_charge_in_hard_going(engine: Engine, cmd: Command, events: Events) -> Cut | None:
    """4. A Counter Charge from Hard Going that loses the charge bonus there."""
    pending = engine.state.pending
    if not isinstance(cmd, React) or cmd.choice != "counter_charge" or pending is None:
        return None
    me = engine.state.model(pending.model)
    denied = any(not ev["active"] for ev in _of(events[:1], "charge_bonus", model=me.id))
    if not in_hard_going(engine.table, me) or not denied:
        return None
    return Cut(4, f"{me.name} counter-charges from Hard Going", {"react": "counter_charge"})


def ends_with_a_blow(engine: Engine, cmd: Command, events: Events) -> Cut | None:
    """5. A rider who charged home with the bonus ends his activation with a blow still to strike."""
    if not isinstance(cmd, EndActivation | EndSpear):
        return None
    side = engine.state.acting_side
    fights = [c for c in engine.legal_commands(side) if isinstance(c, Fight)] if side else []
    if not fights or not engine.state.model(fights[0].model).charge_bonus:
        return None
    name = engine.state.model(fights[0].model).name
    return Cut(5, f"{name} charged home and ends his activation with a blow to strike",
               {"end": True})


def _activation(events: Events) -> list[dict[str, Any]]:
    """The events until the activation ends."""
    out: list[dict[str, Any]] = []
    for step in events:
        out.extend(step)
        if any(ev["type"] in ("activation_ended", "turn_began") for ev in step):
            break
    return out


def perk_for_nothing(engine: Engine, cmd: Command, events: Events) -> Cut | None:
    """6. A Perk played that does nothing: Swift Feet with no move beyond the model's own
    allowance, Steady Aim from the saddle, Fortune with no roll of the model's own after it."""
    if not isinstance(cmd, PlayPerk):
        return None
    table, state = engine.table, engine.state
    who = state.model(cmd.model or state.active_model) if (cmd.model or state.active_model) else None
    if who is None:
        return None
    after = _activation(events)
    if cmd.card == "swift_feet":
        moved = sum(ev["cost"] for ev in after if ev["type"] == "moved" and ev["model"] == who.id)
        if moved > reach(table, state, who).move:
            return None
    elif cmd.card == "steady_aim":
        if who.steed is None:
            return None
    elif cmd.card == "fortune":
        if any(ev["type"] in ("dice_rolled", "gambit_rolled", "jump_test", "melee_round", "shot_fired")
               and who.id in (ev.get("model"), ev.get("attacker")) for ev in after):
            return None
    else:
        return None
    return Cut(6, f"{who.name} plays {cmd.card} for nothing", {"perk": cmd.card})


def hero_leaves(engine: Engine, cmd: Command, events: Events) -> Cut | None:
    """7. A Hero moves away from Retainers still to act, who then fail their Feckless test."""
    table, state = engine.table, engine.state
    if not isinstance(cmd, Move) or _charge_target(engine, cmd):
        return None
    hero = state.model(cmd.model)
    if table.profile(hero).type != "hero":
        return None
    waiting = [m for m in state.models if m.spear == hero.id and m.id != hero.id and not m.removed
               and not m.activated and not m.aboard and in_command(table, state, m)]
    if not waiting:
        return None
    after = fork(engine)
    after.submit(cmd)
    left = [m.id for m in waiting if not in_command(after.table, after.state, after.state.model(m.id))]
    lost = [mid for mid in left
            if any(ev["result"] in LOST for ev in _of(events, "feckless_test", model=mid))]
    if not lost:
        return None
    names = ", ".join(state.model(mid).name for mid in lost)
    return Cut(7, f"{hero.name} rides away from {names}, who then fail the Feckless test",
               {"out_of_command": left})


def roadblock(engine: Engine, cmd: Command, events: Events) -> Cut | None:
    """8. A shot at a neutral cart, or a Hero ending on a driven enemy wagon's road and run down."""
    state = engine.state
    if isinstance(cmd, Shoot) and any(v.id == cmd.target and v.side not in ("red", "blue")
                                      for v in state.vehicles):
        return Cut(8, f"{state.model(cmd.model).name} shoots the neutral {cmd.target}",
                   {"shoot_at": cmd.target})
    if not isinstance(cmd, Move) or engine.table.profile(state.model(cmd.model)).type != "hero":
        return None
    after = fork(engine)
    after.submit(cmd)
    for v in state.vehicles:
        if v.side in ("red", "blue") and v.side != cmd.side and not v.removed \
                and on_the_road(after, cmd.model, v.id) and any(True for _ in _of(events, "ram_resolved",
                                                                             other=cmd.model)):
            return Cut(8, f"{state.model(cmd.model).name} stands on {v.name}'s road and is run down",
                       {"on_road": {"model": cmd.model, "vehicle": v.id}})
    return None


DETECTORS: tuple[Callable[[Engine, Command, Events], Cut | None], ...] = (
    hero_in_reach, hero_charges_to_his_death, foot_charge_at_rider, charge_over_jumps,
    counter_charge_in_hard_going, ends_with_a_blow, perk_for_nothing, hero_leaves, roadblock)


def cuts(path: Path) -> Iterator[dict[str, Any]]:
    """Every position of a mistake in the saved game at `path`."""
    save = load_save(path)
    raw = json.loads(path.read_text())
    rosters = {side: r for side, r in save.rosters.items()} if save.rosters else None
    match = Match.start(save.scenario, save.seed, rosters=rosters)
    events: Events = raw["events"]
    for i, cmd in enumerate(save.commands):
        engine = match.engine
        for detect in DETECTORS:
            found = detect(engine, cmd, events[i:])
            if found is not None and blunder(engine, cmd, found.forbid):
                yield {"kind": found.kind, "mistake": found.mistake,
                       "game": {"scenario": save.scenario, "seed": save.seed, "turn": engine.state.turn,
                                "from": path.name, "played": cmd.model_dump(mode="json")},
                       "commands": [c.model_dump(mode="json") for c in save.commands[:i]],
                       "state_hash": engine.state.digest(), "forbid": found.forbid}
        match.submit(cmd)


def position_text(cut: dict[str, Any]) -> str:
    """A cut as its file's text: a key to a line, and a command to a line."""
    lines = [f' "{key}": {json.dumps(value)}' for key, value in cut.items() if key != "commands"]
    commands = ",\n".join(f"  {json.dumps(c)}" for c in cut["commands"])
    lines.append(f' "commands": [\n{commands}\n ]')
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.ai.blunders.cut")
    parser.add_argument("saves", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--judge", action="store_true")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for path in args.saves:
        for cut in cuts(path):
            name = f"k{cut['kind']}-{path.stem}-{len(cut['commands'])}"
            if args.judge:
                from tests.ai.blunders.position import Position
                engine = Position(name, cut["kind"], cut["mistake"], cut).engine()
                cut["still"] = {who: blunder(engine, choice(engine, who), cut["forbid"], who)
                                for who in PLAYERS}
            (args.out / f"{name}.json").write_text(position_text(cut))
            print(name, cut["mistake"], cut.get("still", ""), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
