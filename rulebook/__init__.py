"""Rulebook: the rules of every game as plain Python, with no Django and no project import.

`rulebook.core` holds what every game shares (cards, decklists, resolution, reports, rulesets),
one package per game holds its construction rules and its engine (`rulebook.neopets`, …),
`rulebook.simulation` the game loop every engine runs, chunked test games and their statistics,
and `python -m rulebook` the command line. The Django side (the `rules` app) converts rows into
these objects in one place; nothing here knows it exists (an import-linter contract says so).
"""

from rulebook import compiled as _compiled

# Before any engine module is imported: a compiled engine module older than its source never
# runs (rulebook/compiled.py).
_compiled.install()
