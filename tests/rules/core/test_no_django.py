"""The rules core loads alone: importing it (every game, the engine, the simulation chunks and
the registry) imports no Django."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MODULES = [
    "rules.core.cards",
    "rules.core.cardfile",
    "rules.core.decklist",
    "rules.core.decklist_files",
    "rules.core.game",
    "rules.core.report",
    "rules.core.resolve",
    "rules.core.ruleset",
    "rules.core.schema",
    "rules.core.validate",
    "rules.neopets.construction",
    "rules.neopets.engine",
    "rules.neopets.odds",
    "rules.neopets.sample_decks",
    "rules.simulation.chunks",
    "rules.simulation.engines",
    "rules.keeper",
    "rules.keeper.engine",
    "rules.keeper.sample_decks",
    "rules.core.sample_decks",
    "rules.metazoo",
    "rules.millennium_blades",
    "rules.registry",
    "rules.__main__",
]


def test_it_imports_the_rules_core_and_registry_without_django():
    code = (
        "import importlib, sys\n"
        f"for name in {MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "from rules.registry import RULESETS\n"
        "for ruleset in RULESETS.values():\n"
        "    importlib.import_module(ruleset.__module__)\n"
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
