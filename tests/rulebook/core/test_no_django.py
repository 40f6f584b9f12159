"""The rules core loads alone: importing it (every game, the engine, the simulation chunks and
the registry) imports no Django."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MODULES = [
    "rulebook.core.cards",
    "rulebook.cardfile",
    "rulebook.core.decklist",
    "rulebook.core.decklist_files",
    "rulebook.core.game",
    "rulebook.core.report",
    "rulebook.core.resolve",
    "rulebook.core.ruleset",
    "rulebook.core.schema",
    "rulebook.validate",
    "rulebook.neopets.construction",
    "rulebook.neopets.engine",
    "rulebook.neopets.odds",
    "rulebook.simulation.chunks",
    "rulebook.simulation.engines",
    "rulebook.keeper",
    "rulebook.keeper.engine",
    "rulebook.samples",
    "rulebook.metazoo",
    "rulebook.millennium_blades",
    "rulebook.registry",
    "rulebook.__main__",
]


def test_it_imports_the_rules_core_and_registry_without_django():
    code = (
        "import importlib, sys\n"
        f"for name in {MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "from rulebook.registry import RULESETS\n"
        "for ruleset in RULESETS.values():\n"
        "    importlib.import_module(ruleset.__module__)\n"
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
