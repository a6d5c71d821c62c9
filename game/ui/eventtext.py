"""The event log in words, and the rule behind each entry (an anchor in rules.md) (pygame-free)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path

from game.content import load_content
from game.resources import RULES_MD
from game.rules import events as ev
from game.rules.explain import GAMBIT_NAMES
from game.rules.state import GameState
from game.ui.sides import SIDE_NAME

ANCHOR = re.compile(r'<a id="rule-([A-Za-z0-9_]+)"></a>')
WORDS = {"sails_over": "sails over", "hard_fall": "a hard fall", "on_feet": "lands on their feet",
         "evade": "Evade", "defend": "Defend", "stand": "stand", "break_away": "Break Away",
         "flee": "runs for it", "swept": "swept away", "met_halfway": "met halfway", **GAMBIT_NAMES}
GAMBIT_RULES = {"charge": "gambit_charge", "run": "gambit_run", "climb": "gambit_climb",
                "river_crossing": "gambit_river", "mounted_charge": "mounted_charge",
                "counter_charge": "counter_charge", "mounted_evasion": "mounted_evasion"}
# purpose keywords of DiceRolled, most specific first
PURPOSE_RULES: tuple[tuple[str, str], ...] = (
    ("carter test", "carter_test"), ("out of control", "out_of_control"), ("dodge the", "dodge"),
    ("run down by", "ram_damage"), ("ram at", "ram_damage"), ("crew damage", "crew_damage"),
    ("hit location on", "vehicle_shooting"), ("shot damage to", "vehicle_shooting"),
    ("a shot into the", "vehicle_shooting"), ("fire on the", "fire"), ("fire in the", "fire"),
    ("mishap confirmation", "calamity"), ("swept downstream", "gambit_river"),
    ("jump test", "jump_test"), ("thrown rider", "thrown_rider"), ("keep the seat", "horse_bolts"),
    ("bolt direction", "horse_bolts"), ("loose dog", "divers_alarums"), ("riderless", "steeds_stay"),
    ("spooking", "spooking"), ("shock of the charge", "shock"), ("feckless", "feckless"),
    ("from horseback", "mounted_shooting"), ("to hit", "to_hit"), ("the steed is hit", "shooting_at_riders"),
    ("blocked shot", "blocked_shot"), ("the steed takes it", "mounted_melee"),
    ("blocked stroke", "defended_obstacle"), ("charge reroll", "charge_bonus"), ("enraged", "steed_hit"),
    ("steed hit", "steed_hit"), ("hit in melee", "steed_hit"), ("will to fight", "will_to_fight"),
    ("fight", "melee"), ("stun,", "unhorsing"), ("mounted charge!", "mounted_charge"),
    ("counter charge", "counter_charge"), ("mounted evasion", "mounted_evasion"),
    ("charge!", "gambit_charge"), ("run!", "gambit_run"), ("climb", "gambit_climb"),
    ("river crossing", "gambit_river"), ("evade", "evade"), ("save", "saves"),
)
BAND = re.compile(r"\b\d-\d+\b|\d\+")  # a purpose that states its own target ("1-3 it is hit", "4+")
STEED_SAVE = re.compile(r"\((shooting|melee|stakes)\)")
MOVE_RULES = {"flee": "feckless", "pushback": "pushback", "swept": "gambit_river",
              "break_away": "breaking_away", "evade": "evade", "counter_charge": "counter_charge",
              "met_halfway": "counter_charge"}
REACTION_RULES = {"counter_charge": "counter_charge", "mounted_evasion": "mounted_evasion", "evade": "evade",
                  "defend": "defended_obstacle", "break_away": "breaking_away", "stand": "charged"}
TYPE_RULES = {
    "deployment_began": "retinue", "model_deployed": "retinue", "spear_deployed": "retinue",
    "deployment_ended": "retinue",
    "deck_shuffled": "hero_deck", "turn_began": "hero_deck", "alarum_drawn": "divers_alarums",
    "activated": "spear_activation", "mishap_taken": "mishap", "blocked_shot": "blocked_shot",
    "save_rolled": "saves", "wounded": "casualties", "casualty": "casualties", "pushed_back": "pushback",
    "reloaded": "reload", "looted": "objectives", "drill_set": "skilld_at_arms", "perk_played": "perks",
    "perk_used": "perks", "perk_drawn": "perks", "activation_ended": "move_and_action",
    "spear_ended": "spear_activation", "model_joined": "divers_alarums", "will_to_fight": "will_to_fight",
    "objective_held": "objectives", "turn_ended": "end_of_turn", "game_ended": "scenario_end",
    "jump_test": "jump_test", "rider_thrown": "thrown_rider", "steed_hit": "steed_hit",
    "steed_killed": "steed_hit", "horse_bolted": "horse_bolts", "unhorsed": "unhorsing",
    "dismounted": "dismount", "remounted": "steeds_stay", "reaction_offered": "charged",
    "steed_spooked": "spooking", "charge_bonus": "charge_bonus",
    "carter_test": "carter_test", "out_of_control": "out_of_control", "vehicle_moved": "drive",
    "ram_resolved": "ramming", "vehicle_disabled": "disabled", "vehicle_alight": "fire",
    "crew_shaken": "crew_damage", "model_shoved": "ramming", "vehicle_escaped": "vehicles",
    "vehicle_struck": "vehicle_melee", "boarded": "vehicles", "climbed_down": "vehicles",
    "team_lost": "vehicles",
}
DAMAGE_RULES = {"shot": "vehicle_shooting", "fire": "fire", "ram": "ram_damage", "crash": "ram_damage",
                "blow": "vehicle_melee"}
VEER = {"veer_left": "veers left", "veer_right": "veers right", "stall": "stalls"}
FECKLESS = {"normal": "keeps his nerve", "dither": "dithers", "flee": "runs for it",
            "to_leader": "falls back to his Hero", "charge": "charges the nearest enemy",
            "pillage": "rides off to pillage"}
DECKS = {"hero": "Hero", "perks": "Perk", "alarums": "Divers Alarums"}
OUTCOMES = {"success": "succeeds", "mishap": "a Mishap", "calamity": "a Calamity"}
DAMAGE_WORDS = {"shot": "a shot", "fire": "fire", "ram": "a ram", "crash": "a crash", "blow": "a blow"}
PERK_EFFECTS = {"reroll": "a reroll"}
RUMOURED = re.compile(r"(?<=: )(" + "|".join(FECKLESS) + r")(?=;|$)")  # "Tom: to_leader; Will: flee"
SIDE_WORD = re.compile(r"\b(red|blue)\b")  # a side's id in a sentence the rules wrote


def word(key: str) -> str:
    """An engine key in words: sails_over -> "sails over"."""
    return WORDS.get(key, key.replace("_", " "))


def names_of(state: GameState) -> dict[str, str]:
    """Model id -> name and vehicle id -> "the supply wagon", for describe_event."""
    names = {m.id: m.name for m in state.models}
    names.update({v.id: f"the {v.name}" for v in state.vehicles})
    return names


def cap(text: str) -> str:
    """A line starting with a capital ("the supply wagon ..." -> "The supply wagon ...")."""
    return text[:1].upper() + text[1:]


def other_words(other: str, n: Callable[[str], str]) -> str:
    """The other body of a ram in words: a name, or "the Low wall" for "static:wall:Low wall"."""
    if other.startswith("static:"):
        parts = other.split(":")
        what = parts[-1] if len(parts) > 2 else parts[1]
        return "the table edge" if what == "table-edge" else f"the {what.replace('_', ' ')}"
    return n(other)


def ram_summary(e: ev.RamResolved, names: Mapping[str, str] | None = None) -> str:
    """A ram in a few words for the table: speed, die, and the damage done or the dodge."""
    lookup = names or {}
    head = f"{e.impact_speed:.1f}\" {e.die}"
    if e.other_kind in ("character", "rider"):
        if e.dodged:
            return f"{head}: dodged"
        if e.under_the_wheels:
            return f"{head}: UNDER THE WHEELS, {e.other_damage} dmg"
        return f"{head}: {e.other_damage} dmg"
    parts = []
    if e.vehicle_damage:
        parts.append(f"-{e.vehicle_damage} {lookup.get(e.vehicle, 'us').removeprefix('the ')}")
    if e.other_damage:
        parts.append(f"-{e.other_damage} {lookup.get(e.other, 'them').removeprefix('the ')}")
    return f"{head}: " + (", ".join(parts) if parts else "no damage")


def _pt(p: tuple[float, float]) -> str:
    return f"({p[0]:.1f}, {p[1]:.1f})"


def _dice(e: ev.DiceRolled, n: Callable[[str], str]) -> str:
    text = _sides_named(e.purpose)
    stated = "need" in text.lower() or BAND.search(text) is not None
    if e.need[:1].isdigit() and not stated:
        text += f" — needs {e.need}, rolled {e.value}"
    else:
        text += f" — rolled {e.value}"
    return text + ("" if e.sides == 6 else f" on a d{e.sides}")


def content_name(kind: str, key: str) -> str:
    """The player's name of a weapon or perk id (the id in words if it is unknown)."""
    table = getattr(load_content(), kind, {})
    item = table.get(key) if isinstance(table, dict) else None
    return str(getattr(item, "name", "")) or word(key)


def _melee(e: ev.MeleeRound, n: Callable[[str], str]) -> str:
    a, d = n(e.attacker), n(e.defender)
    head = (f"Melee: {a} rolls {e.attacker_dice} ({e.attacker_strikes} strikes), "
            f"{d} rolls {e.defender_dice} ({e.defender_strikes} strikes)")
    if e.winner:
        loser_hits = e.defender_hits if e.winner == e.attacker else e.attacker_hits
        loser = d if e.winner == e.attacker else a
        return f"{head}: {n(e.winner)} wins, {loser} takes {loser_hits} hit(s)"
    if e.attacker_hits:
        return f"{head}: a tie, both take a hit"
    return f"{head}: a stand-off"


def _vehicle_moved(e: ev.VehicleMoved, n: Callable[[str], str]) -> str:
    how = "rolls on" if e.reason == "roll_on" else "drives"
    text = (f"{cap(n(e.vehicle))} {how} {e.distance:.1f}\" at {e.speed:g}\" a turn to {_pt(e.end)}, "
            f"heading {e.end_heading:.0f}°")
    return text + (" — and is stopped" if e.stopped else "")


def _ram(e: ev.RamResolved, n: Callable[[str], str]) -> str:
    who, what = cap(n(e.vehicle)), other_words(e.other, n)
    speed = f"{e.impact_speed:.1f}\" ({e.die})"
    if e.other_kind in ("character", "rider"):
        if e.dodged:
            return f"{who} runs at {what} at {speed}: dodged (rolled {e.dodge_roll})"
        fate = "under the wheels" if e.under_the_wheels else "run down"
        roll = f" (rolled {e.dodge_roll})" if e.dodge_roll else ""
        return f"{who} runs at {what} at {speed}: {fate}{roll}, {e.other_damage} damage"
    verb = "crashes into" if e.other_kind == "static" else "rams"
    text = f"{who} {verb} {what} at {speed}, on its {e.facing_hit}: it takes {e.vehicle_damage}"
    if e.other_kind == "vehicle":
        text += f", {what} takes {e.other_damage}"
    return text


def _plural(k: int, what: str) -> str:
    return f"{k} {what}" if k == 1 else f"{k} {what}s"


def _side(side: str) -> str:
    """A side as the players call it (red is Orange on the table)."""
    return SIDE_NAME.get(side, side)


def _sides_named(text: str) -> str:
    """A sentence of the rules with each side's id as the players call the side ("red failed the
    Will to Fight" -> "Orange failed the Will to Fight")."""
    return SIDE_WORD.sub(lambda m: _side(m.group(1)), text)


def _alarum(e: ev.AlarumDrawn) -> str:
    """A Divers Alarums event and what it did, in words: the sides by name, and the Retainers
    the Rumour of Treachery tests by what they do ("Tom Coke: falls back to his Hero")."""
    detail = _sides_named(e.detail)
    if e.alarum == "rumour":
        detail = RUMOURED.sub(lambda m: FECKLESS[m.group(1)], detail)
    return f"Divers Alarums: {e.name} — {detail}"


TEXT: dict[type[ev.Ev], Callable[..., str]] = {
    ev.DiceRolled: _dice,
    ev.DeckShuffled: lambda e, n: f"The {DECKS.get(e.deck, word(e.deck))} deck is shuffled "
    f"({_plural(len(e.order), 'card')})",
    ev.TurnBegan: lambda e, n: f"Turn {e.turn} begins",
    ev.CardDrawn: lambda e, n: "Card drawn: " + ("Divers Alarums" if e.card == "alarums" else n(e.card))
    + (f" ({_side(e.side)})" if e.side else "")
    + (" — leaderless: his Retainers are Feckless" if e.leaderless else ""),
    ev.AlarumDrawn: lambda e, n: _alarum(e),
    ev.Activated: lambda e, n: f"{n(e.model)} activates" + ("" if e.in_command else ", out of Command Range"),
    ev.ActivationLost: lambda e, n: f"{n(e.model)} loses the activation: {_sides_named(e.reason)}",
    ev.FecklessTest: lambda e, n: f"Feckless test, {n(e.model)}: rolled {e.roll} — "
    + (e.text or FECKLESS.get(e.result, word(e.result))),
    ev.GambitRolled: lambda e, n: f"{word(e.gambit)} gambit, {n(e.model)}: "
    + OUTCOMES.get(e.outcome, e.outcome)
    + (f", +{e.bonus:g}\"" if e.bonus else "") + (f" — {e.text}" if e.text else ""),
    ev.Moved: lambda e, n: f"{n(e.model)} " + ("moves" if e.reason == "move" else f"moves ({word(e.reason)})")
    + f" to {_pt(e.path[-1]) if e.path else '?'}" + (f", {e.cost:.1f}\" spent" if e.cost else ""),
    ev.MishapTaken: lambda e, n: f"{n(e.model)} takes a Mishap token",
    ev.ShotFired: lambda e, n: f"{n(e.model)} shoots at {n(e.target)} with the "
    f"{content_name('weapons', e.weapon)}, "
    f"{e.distance:.1f}\"{' (long range)' if e.long_range else ''}: needs {e.need}+, rolled {e.roll} — "
    + ("hit" if e.hit else "miss") + (" and misfires" if e.misfire else ""),
    ev.BlockedShot: lambda e, n: f"Blocked Shot by {e.blocker}: rolled {e.roll} — "
    + ("it takes the shot" if e.absorbed else "the shot flies on"),
    ev.SaveRolled: lambda e, n: f"Save, {n(e.model)}: needs {e.need}+, rolled {e.roll} — "
    + ("saved" if e.saved else "failed"),
    ev.Wounded: lambda e, n: f"{n(e.model)} loses {e.amount} Health ({e.health} left)",
    ev.Casualty: lambda e, n: f"{n(e.model)} is a casualty"
    + (f": +{e.valour} Valour to {_side(e.by_side)}" if e.valour else ""),
    ev.MeleeRound: _melee,
    ev.BlockedStroke: lambda e, n: f"Blocked Stroke for {n(e.model)}: rolled {e.roll} — "
    + ("absorbed" if e.absorbed else "the hit goes home"),
    ev.PushedBack: lambda e, n: f"{n(e.model)} " + ("cannot give ground" if e.blocked
                                                    else f"is pushed back to {_pt(e.to)}"),
    ev.Reloaded: lambda e, n: f"{n(e.model)} reloads" + (f" ({e.still_needed} more needed)"
                                                         if e.still_needed else ""),
    ev.Looted: lambda e, n: f"{n(e.model)} takes the loot {word(e.objective)}: +{e.valour} Valour",
    ev.DrillSet: lambda e, n: f"{n(e.model)} will {e.drill.capitalize()} when attacked",
    ev.PerkPlayed: lambda e, n: f"{_side(e.side)} plays {content_name('perks', e.card)}"
    + (f" on {n(e.model)}" if e.model else ""),
    ev.PerkUsed: lambda e, n: f"{n(e.model)} uses a Perk: {PERK_EFFECTS.get(e.effect, word(e.effect))}",
    ev.PerkDrawn: lambda e, n: f"{_side(e.side)} draws a Perk card",
    ev.ActivationEnded: lambda e, n: f"{n(e.model)} ends the activation",
    ev.SpearEnded: lambda e, n: f"The Spear of {n(e.card)} has finished",
    ev.ModelJoined: lambda e, n: f"{n(e.model)} joins {_side(e.side)} at {_pt(e.at)}",
    ev.WillToFight: lambda e, n: f"Will to Fight, {_side(e.side)}: {e.total} against {e.need}+ — "
    + ("they fight on" if e.passed else "they quit the field"),
    ev.ObjectiveHeld: lambda e, n: f"{_side(e.side)} holds {word(e.objective)}: +{e.valour} Valour",
    ev.TurnEnded: lambda e, n: f"Turn {e.turn} ends",
    ev.GameEnded: lambda e, n: ("The game is over: a draw " if e.winner == "draw" else
                                f"The game is over: {_side(e.winner) if e.winner else 'nobody'} wins ")
    + f"({_sides_named(e.reason)}); Valour " + ", ".join(f"{_side(s)} {v}" for s, v in e.valour.items()),
    ev.JumpTest: lambda e, n: f"Jump test, {n(e.model)}, over the {e.obstacle}: rolled {e.roll} — "
    + word(e.result) + (" (Equestrian reroll)" if e.rerolled else ""),
    ev.RiderThrown: lambda e, n: f"Thrown Rider, {n(e.model)}: rolled {e.rolls}"
    + (f" {e.modifier:+d}" if e.modifier else "") + f" — {word(e.result)}",
    ev.SteedHit: lambda e, n: f"{n(e.model)}'s steed is hit ({e.source}): "
    + ("it is killed" if e.result == "killed" else f"{e.steed_health} Health left")
    + (f"; rolled {e.roll} — {word(e.result)}" if e.roll else ""),
    ev.SteedKilled: lambda e, n: f"{n(e.model)}'s steed is killed"
    + (f": +{e.valour} Valour to {_side(e.by_side)}" if e.valour else ""),
    ev.HorseBolted: lambda e, n: f"{n(e.model)}'s steed bolts toward {e.bearing:.0f}°"
    + (f", jumping {', '.join(e.jumps)}" if e.jumps else "") + (", off the table" if e.left_table else "")
    + (" — the rider keeps his seat" if e.kept_seat else ""),
    ev.Unhorsed: lambda e, n: f"{n(e.by)} pulls {n(e.model)} from the saddle: "
    + (f"stunned for {_plural(e.stunned, 'turn')}" if e.stunned else "not stunned"),
    ev.Dismounted: lambda e, n: f"{n(e.model)} is on foot"
    + (", the steed left standing" if e.steed_left else ""),
    ev.Remounted: lambda e, n: f"{n(e.model)} mounts {n(e.steed)}",
    ev.ReactionOffered: lambda e, n: f"{n(e.model)} is charged by {n(e.charger)}: {_side(e.side)} chooses "
    + " or ".join(word(o) for o in e.options),
    ev.ReactionTaken: lambda e, n: f"{n(e.model)} answers: {word(e.choice)}",
    ev.SteedSpooked: lambda e, n: f"{n(e.model)}'s steed is spooked by gunfire: rolled {e.roll} — "
    + ("it bolts" if e.bolted else "it holds"),
    ev.ChargeBonus: lambda e, n: f"{n(e.model)} " + ("has" if e.active else "loses")
    + f" the Mounted Charge! bonus ({_sides_named(e.reason)})",
    ev.CarterTest: lambda e, n: f"Carter test, {n(e.model)} on {n(e.vehicle)} ({e.reason}): "
    + f"rolled {e.roll} — " + ("keeps control" if e.passed else "loses control"),
    ev.OutOfControl: lambda e, n: f"{cap(n(e.vehicle))} is out of control: "
    + f"{VEER.get(e.result, word(e.result))}, heading {e.heading:.0f}° at {e.speed:g}\"",
    ev.VehicleMoved: _vehicle_moved,
    ev.RamResolved: _ram,
    ev.VehicleDamaged: lambda e, n: f"{cap(n(e.vehicle))} takes {e.amount} damage to its {e.location} "
    f"({DAMAGE_WORDS.get(e.cause, word(e.cause))}): Health {e.health}",
    ev.VehicleDisabled: lambda e, n: f"{cap(n(e.vehicle))} is disabled and will not move again"
    + (f": +{e.valour} Valour to {_side(e.to_side)}" if e.valour else ""),
    ev.VehicleAlight: lambda e, n: f"{cap(n(e.vehicle))} is alight: its {e.location} burns"
    + (f" (spread from the {e.spread_from})" if e.spread_from else ""),
    ev.CrewShaken: lambda e, n: f"{n(e.model)} is shaken aboard {n(e.vehicle)}: {e.dice}×{e.die} = "
    f"{e.points} points, {_plural(e.hits, 'hit')}",
    ev.ModelShoved: lambda e, n: f"{cap(n(e.model))} is shoved to {_pt(e.to)}",
    ev.VehicleStruck: lambda e, n: f"{n(e.model)} strikes at {n(e.vehicle)}'s {e.location}: "
    + (f"{_plural(e.hits, 'hit')} from {e.dice} (every blow lands on a standing vehicle)" if not e.need
       else f"{_plural(e.hits, 'hit')} from {e.dice} on {e.need}+"),
    ev.TeamLost: lambda e, n: f"{cap(n(e.vehicle))} loses {e.lost} of its team ({word(e.steed)}): "
    + (f"{e.left} still pull" if e.left else "none left to pull it"),
    ev.Boarded: lambda e, n: f"{n(e.model)} takes the {e.seat} seat on {n(e.vehicle)}"
    + (" and claims it for his side" if e.took_over else ""),
    ev.ClimbedDown: lambda e, n: f"{n(e.model)} climbs down from {n(e.vehicle)} to {_pt(e.to)}",
    ev.VehicleEscaped: lambda e, n: f"{cap(n(e.vehicle))} leaves the table"
    + (f": +{e.valour} Valour to {_side(e.side)}" if e.valour else ""),
    ev.DeploymentBegan: lambda e, n: f"{cap(_side(e.first))} won the roll and deploys a Spear first; "
    "the sides take turns, Spear by Spear",
    ev.ModelDeployed: lambda e, n: f"{n(e.model)} deploys at {_pt((e.x, e.y))}",
    ev.SpearDeployed: lambda e, n: f"{n(e.card)}'s Spear is deployed",
    ev.DeploymentEnded: lambda e, n: "Both sides are deployed: the first card is turned",
}


def describe_event(event: ev.Ev, names: Mapping[str, str] | None = None) -> str:
    """One readable line for an event; `names` maps model ids to names (see names_of)."""
    lookup = names or {}

    def n(mid: str) -> str:
        return lookup.get(mid, mid) or "?"

    fn = TEXT.get(type(event))
    if fn is None:
        return type(event).__name__
    return str(fn(event, n))


Place = tuple[str, float, float]  # a named spot of the table (an objective): name, x, y in inches
NEAR_PLACE = 4.0  # a move ending this close to a named spot goes "to" it
OTHER_DEEDS = (ev.Reloaded, ev.Looted, ev.Boarded, ev.ClimbedDown, ev.Dismounted, ev.VehicleStruck)
COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")


def _heading_words(start: tuple[float, float], end: tuple[float, float], places: tuple[Place, ...]) -> str:
    """Where a move went: "to the ford" near a named spot, else a point of the compass."""
    near = [(math.hypot(end[0] - x, end[1] - y), name) for name, x, y in places]
    close = min(near, default=(NEAR_PLACE + 1, ""))
    if close[0] <= NEAR_PLACE:
        return f"to {close[1]}"
    dx, dy = end[0] - start[0], end[1] - start[1]
    if math.hypot(dx, dy) < 0.05:
        return "on the spot"
    bearing = math.degrees(math.atan2(dx, -dy)) % 360  # the table's north is up
    return COMPASS[round(bearing / 45) % 8]


def _moved_words(e: ev.Moved, n: Callable[[str], str], places: tuple[Place, ...], verb: str) -> str:
    path = list(e.path)
    length = sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False)) or e.cost
    where = _heading_words(path[0], path[-1], places) if path else ""
    return f"{n(e.model)} {verb} {length:.0f}″ {where}".rstrip()


def _did(e: ev.Ev, n: Callable[[str], str], places: tuple[Place, ...], charged: set[str]) -> str:
    """One event as something a side did, in the past tense ("" for an event that is not)."""
    if isinstance(e, ev.ShotFired):
        return f"{n(e.model)} shot at {n(e.target)} ({'hit' if e.hit else 'missed'})"
    if isinstance(e, ev.MeleeRound):
        won = f": {n(e.winner)} won" if e.winner else ": neither won"
        return f"{n(e.attacker)} fought {n(e.defender)}{won}"
    if isinstance(e, ev.Moved) and e.reason == "move":
        return _moved_words(e, n, places, "charged" if e.model in charged else "moved")
    if isinstance(e, ev.ReactionTaken):
        return f"{n(e.model)} answered the charge: {word(e.choice)}"
    if isinstance(e, ev.VehicleMoved):
        return f"{cap(n(e.vehicle))} drove {e.distance:.0f}″"
    if isinstance(e, ev.PerkPlayed):
        return f"played {content_name('perks', e.card)}" + (f" on {n(e.model)}" if e.model else "")
    if isinstance(e, OTHER_DEEDS):
        return str(TEXT[type(e)](e, n))
    if isinstance(e, ev.Activated):
        return f"{n(e.model)} activated"
    if isinstance(e, ev.ActivationEnded):
        return f"{n(e.model)} ended his activation"
    if isinstance(e, ev.SpearEnded):
        return f"ended the Spear of {n(e.card)}"
    return ""


def ai_summary(events: list[ev.Ev], names: Mapping[str, str] | None = None,
               places: tuple[Place, ...] = ()) -> str:
    """What one command did, in a few words for the action bar ("Sir Robert Ogle charged 7″ to the
    ford; John Neville is a casualty"): its main deed, and who fell by it ("" when nothing was done)."""
    lookup = names or {}

    def n(mid: str) -> str:
        return lookup.get(mid, mid) or "?"

    charged = {e.model for e in events if isinstance(e, ev.GambitRolled)
               and e.gambit in ("charge", "mounted_charge", "counter_charge")}
    deeds = [d for d in (_did(e, n, places, charged) for e in events) if d]
    main = next((d for d in deeds if not d.endswith(("activated", "ended his activation"))),
                deeds[0] if deeds else "")
    fallen = [n(e.model) for e in events if isinstance(e, ev.Casualty)]
    if fallen:
        fate = "is a casualty" if len(fallen) == 1 else "fell"
        main += ("; " if main else "") + f"{' and '.join(fallen)} {fate}"
    return main


def rule_for_event(event: ev.Ev) -> str:
    """The id of the rule behind an event (an anchor `rule-ID` in rules.md)."""
    if isinstance(event, ev.DiceRolled):
        purpose = event.purpose.lower()
        if purpose.startswith("save") and STEED_SAVE.search(purpose):
            return "steed_hit"
        return next((rule for key, rule in PURPOSE_RULES if key in purpose), "dice")
    if isinstance(event, ev.GambitRolled):
        return GAMBIT_RULES.get(event.gambit, "calamity" if event.outcome == "calamity" else "mishap")
    if isinstance(event, ev.Moved):
        return MOVE_RULES.get(event.reason, "move_and_action")
    if isinstance(event, ev.ReactionTaken):
        return REACTION_RULES.get(event.choice, "charged")
    if isinstance(event, ev.FecklessTest):
        return "feckless_mounted" if event.result in ("to_leader", "charge", "pillage") else "feckless"
    if isinstance(event, ev.CardDrawn):
        return "leaderless" if event.leaderless else "spear_activation"
    if isinstance(event, ev.ActivationLost):
        reason = event.reason.lower()
        return ("unhorsing" if "stun" in reason else "steeds_stay" if "horses" in reason
                else "divers_alarums" if "rumour" in reason else "mishap")
    if isinstance(event, ev.ShotFired):
        return "misfire" if event.misfire else "to_hit"
    if isinstance(event, ev.MeleeRound):
        return "melee" if event.winner or not event.attacker_hits else "melee_tie"
    if isinstance(event, ev.BlockedStroke):
        return "defended_obstacle"
    if isinstance(event, ev.RamResolved):
        if event.under_the_wheels:
            return "under_the_wheels"
        return "dodge" if event.other_kind in ("character", "rider") else "ramming"
    if isinstance(event, ev.VehicleDamaged):
        return DAMAGE_RULES.get(event.cause, "ram_damage")
    return TYPE_RULES.get(getattr(event, "type", ""), "dice")


@cache
def _anchors(path: str) -> frozenset[str]:
    return frozenset(ANCHOR.findall(Path(path).read_text(encoding="utf-8")))


def rule_anchors(path: Path = RULES_MD) -> set[str]:
    """Every rule id with an anchor `<a id="rule-ID">` in the rules page."""
    return set(_anchors(str(path)))


def rule_section(rule_id: str, path: Path = RULES_MD) -> str:
    """The markdown of one rule: from its anchor to the next rule anchor or section heading."""
    text = path.read_text(encoding="utf-8")
    start = text.find(f'<a id="rule-{rule_id}"></a>')
    if start < 0:
        return ""
    body = text[start:].split("\n", 1)[1] if "\n" in text[start:] else ""
    while body.startswith('<a id="rule-'):  # anchors stacked on one section share it
        body = body.split("\n", 1)[1] if "\n" in body else ""
    end = re.search(r'^(<a id="rule-|## )', body, re.MULTILINE)
    return (body[:end.start()] if end else body).strip()
