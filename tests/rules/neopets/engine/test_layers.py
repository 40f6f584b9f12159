"""The engine package imports downwards only: no import cycle, type-only imports included.

Layers, bottom up: cards, dice and the record; the game's state (and the interfaces a policy
and the loop share); the rules' actions on it; the policies reading a view of it; the game loop;
the package's entry points.
"""

from __future__ import annotations

import ast
from pathlib import Path

import rules.neopets.engine as engine

PACKAGE = "rules.neopets.engine"
ROOT = Path(engine.__file__).parent
LAYERS = {
    "cards": 0,
    "dice": 0,
    "record": 0,
    "state": 1,
    "actions": 2,
    "policy": 2,
    "game": 3,
    "__init__": 4,
}


def engine_imports() -> dict[str, set[str]]:
    """Each engine module -> the engine modules it imports anywhere in its source (under
    `if TYPE_CHECKING:` and inside functions too)."""
    modules = {path.stem: path for path in ROOT.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        graph[name] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                targets = _from_targets(node)
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            for target in targets:
                module = _engine_module(target)
                if module in modules and module != name:
                    graph[name].add(module)
    return graph


def _from_targets(node: ast.ImportFrom) -> list[str]:
    """Absolute names `from X import a, b` may load: X itself and X.a, X.b (submodules); for
    `from . import a` only the submodule (a package's own __init__ runs before any of them)."""
    submodules_only = node.level and not node.module
    if node.level:
        base = PACKAGE if node.level == 1 else PACKAGE.rsplit(".", node.level - 1)[0]
        base = f"{base}.{node.module}" if node.module else base
    else:
        base = node.module or ""
    submodules = [f"{base}.{alias.name}" for alias in node.names]
    return submodules if submodules_only else [base, *submodules]


def _engine_module(name: str) -> str | None:
    if name == PACKAGE:
        return "__init__"
    if name.startswith(PACKAGE + "."):
        return name[len(PACKAGE) + 1 :].split(".")[0]
    return None


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the modules along it, or None."""
    state: dict[str, str] = {}  # "open" while on the current path, "done" after

    def visit(module: str, path: list[str]) -> list[str] | None:
        state[module] = "open"
        for imported in sorted(graph[module]):
            if state.get(imported) == "open":
                return [*path[path.index(imported) :], imported]
            if imported not in state:
                cycle = visit(imported, [*path, imported])
                if cycle:
                    return cycle
        state[module] = "done"
        return None

    for module in sorted(graph):
        if module not in state:
            cycle = visit(module, [module])
            if cycle:
                return cycle
    return None


def test_the_engine_package_has_no_import_cycle():
    cycle = find_cycle(engine_imports())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_every_engine_module_imports_only_from_layers_below_it():
    graph = engine_imports()
    assert set(graph) == set(LAYERS), "a new engine module needs its layer in LAYERS"
    upward = [
        (module, imported)
        for module, imports in graph.items()
        for imported in imports
        if LAYERS[imported] >= LAYERS[module]
    ]
    assert upward == []


def test_the_cycle_finder_finds_a_type_only_cycle():
    """The check can fail: the old engine's policy <-> state imports (under TYPE_CHECKING)."""
    assert find_cycle({"policy": {"state"}, "state": {"policy"}}) == ["policy", "state", "policy"]
