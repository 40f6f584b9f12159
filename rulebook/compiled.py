"""The engine modules compiled by Cython, and the rule that never lets a stale one run.

The listed modules are plain Python; the install (setup.py) also compiles each into a C
extension beside its source, which Python imports in its place, so test games play faster with
no change of play (the golden playthroughs replay under both, `tests/golden`). Nothing else
changes: the sources are the code, and the extension is their cache.

A cache can go stale: an extension built before its source was edited (or checked out) would
play the old rules. `SourceFirst` is on the import path ahead of Python's own finders and loads
the source whenever it is newer than its extension, with a warning that says how to rebuild;
`DECKWARDEN_PURE_PYTHON=1` loads every source (and, at install, builds no extension).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

# Where a game spends its time (bench/): every engine's modules and the core every engine
# calls on every decision (its chance, its decisions, the stepped state and the views); and
# where a deck's validation spends it (bench.validate: resolving entries, the shared rules and
# Neopets' construction, the deck most validated).
# Listed once here; setup.py compiles exactly these.
MODULES = (
    "rulebook.core.cards",  # the deck a validation builds and every rule reads (below)
    "rulebook.core.chance",
    "rulebook.core.decisions",
    "rulebook.core.resolve",  # validation: entries to cards (POST /validate/, every stored deck)
    "rulebook.core.ruleset",  # validation: the section and copy rules every game shares
    "rulebook.core.stepping",
    "rulebook.core.views",
    "rulebook.keeper.engine.cards",
    "rulebook.keeper.engine.effects",
    "rulebook.keeper.engine.game",
    "rulebook.keeper.engine.legal",
    "rulebook.keeper.engine.payments",
    "rulebook.keeper.engine.plays",
    "rulebook.keeper.engine.policy",
    "rulebook.keeper.engine.state",
    "rulebook.keeper.engine.targets",
    "rulebook.metazoo.engine.aura",
    "rulebook.metazoo.engine.cards",
    "rulebook.metazoo.engine.chain",
    "rulebook.metazoo.engine.combat",
    "rulebook.metazoo.engine.contracts",
    "rulebook.metazoo.engine.effects",
    "rulebook.metazoo.engine.game",
    "rulebook.metazoo.engine.legal",
    "rulebook.metazoo.engine.policy",
    "rulebook.metazoo.engine.state",
    "rulebook.metazoo.engine.statuses",
    "rulebook.metazoo.engine.turns",
    "rulebook.millennium_blades.engine.cards",
    "rulebook.millennium_blades.engine.game",
    "rulebook.millennium_blades.engine.policy",
    "rulebook.millennium_blades.engine.state",
    "rulebook.neopets.construction",  # validation: the flagship's construction rules
    "rulebook.neopets.engine.actions",
    "rulebook.neopets.engine.cards",
    "rulebook.neopets.engine.dice",
    "rulebook.neopets.engine.game",
    "rulebook.neopets.engine.policy",
    "rulebook.neopets.engine.state",
    "rulebook.simulation.stats",  # a job counts every game it plays here
    "rulebook.validate",
)

PURE_PYTHON = "DECKWARDEN_PURE_PYTHON"
REBUILD = "make speedups"


def pure_python() -> bool:
    """Whether this process was asked to run every source, compiled or not."""
    return os.environ.get(PURE_PYTHON, "") not in ("", "0")


class SourceFirst:
    """A finder for compiled modules that answers with the source where the extension must
    not be used (asked for pure Python, or older than its source), and otherwise leaves the
    module to Python's own finders, which prefer the extension."""

    def __init__(self, modules: tuple[str, ...]) -> None:
        self.modules = frozenset(modules)

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name not in self.modules:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if (
            spec is None
            or spec.origin is None
            or not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
        ):
            return None  # no extension: the source is what Python finds anyway
        extension = Path(spec.origin)
        source = extension.with_name(name.rpartition(".")[2] + ".py")
        if not source.exists():
            return None
        if not pure_python():
            if source.stat().st_mtime <= extension.stat().st_mtime:
                return None
            warnings.warn(
                f"{name}: its source is newer than its compiled extension, so the source runs "
                f"(slower); `{REBUILD}` compiles it again",
                RuntimeWarning,
                stacklevel=2,
            )
        return importlib.util.spec_from_file_location(name, source)


def install(modules: tuple[str, ...] = MODULES) -> None:
    """SourceFirst for these modules, ahead of Python's own finders (once)."""
    if not any(
        isinstance(finder, SourceFirst) and finder.modules == frozenset(modules)
        for finder in sys.meta_path
    ):
        sys.meta_path.insert(0, SourceFirst(modules))


def status() -> dict[str, bool]:
    """Each listed module, and whether it runs compiled in this process (imports them)."""
    found = {}
    for name in MODULES:
        module = importlib.import_module(name)
        found[name] = isinstance(
            getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader
        )
    return found


def summary() -> str:
    """One line for a benchmark's output: which engine code ran."""
    compiled = status()
    if all(compiled.values()):
        return f"engine code: compiled by Cython ({len(compiled)} modules)"
    if not any(compiled.values()):
        why = f"{PURE_PYTHON} is set" if pure_python() else f"not compiled: `{REBUILD}`"
        return f"engine code: pure Python ({why})"
    slow = ", ".join(name for name, fast in compiled.items() if not fast)
    return f"engine code: partly compiled (source runs for {slow}; `{REBUILD}`)"
