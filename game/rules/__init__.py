"""The rules engine, headless and in floors; each module uses only its own floor and those below.

top        setup, engine, explain (what a command would do), legal, handlers
turn flow  activation, turn, alarums
commands   one module per command (plan and do): move_command, shooting, melee, perks, riding,
           driving, boarding, vehicle_melee, charging (React); they never import each other
effects    what acts on the game without being a command: feckless, charges, gambits, moving,
           vehicle_shots, ramming, vehicle_damage, steeds, missiles, perk_draw, outcome, damage
queries    read-only: odds, paths, guards, spears, contact, movement, vehicles, bolting
base       context, geometry, dice, events, commands, state

`lint-imports` holds the floors (the contract is in pyproject.toml).
"""
