"""Map checking: the rules a scenario's map must keep, for the checker and a map editor's panel.

`problems.map_problems(path)` loads a map the way the game does and lists its problems;
`problems.table_problems(table, state)` applies the rules to a game as set up (or as edited).
`python -m game.maps.check PATH...` prints them.
"""

from game.maps.problems import Place, Problem, map_problems, table_problems

__all__ = ["Place", "Problem", "map_problems", "table_problems"]
