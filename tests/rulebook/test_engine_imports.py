"""Every engine package imports downwards only: no import cycle, type-only imports included.

Layers, bottom up. Neopets: cards, dice and the record; the game's state (and the interfaces a
policy and the loop share); the rules' actions on it; the policies reading a view of it; the
game; the package's entry points. Keeper: the component tables and the record; cards; the
state (and the interfaces the layers above share); targets and payments; effects and policies;
the game; the entry points.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "rulebook"
LAYERS = {
    "rulebook.neopets.engine": {
        "cards": 0,
        "dice": 0,
        "record": 0,
        "state": 1,
        "actions": 2,
        "policy": 2,
        "game": 3,
        "__init__": 4,
    },
    "rulebook.keeper.engine": {
        "plays": 0,
        "record": 0,
        "cards": 1,
        "state": 2,
        "targets": 3,
        "payments": 3,
        "effects": 4,
        "policy": 4,
        "game": 5,
        "__init__": 6,
    },
}
PACKAGES = sorted(
    f"rulebook.{path.parent.parent.name}.engine" for path in RULES.glob("*/engine/__init__.py")
)


def test_every_engine_package_is_checked():
    assert sorted(LAYERS) == PACKAGES, "a new engine package needs its layers in LAYERS"


def engine_imports(package: str) -> dict[str, set[str]]:
    """Each engine module -> the engine modules it imports anywhere in its source (under
    `if TYPE_CHECKING:` and inside functions too)."""
    root = RULES / package.split(".")[1] / "engine"
    modules = {path.stem: path for path in root.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        graph[name] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                targets = _from_targets(node, package)
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            for target in targets:
                module = _engine_module(target, package)
                if module in modules and module != name:
                    graph[name].add(module)
    return graph


def _from_targets(node: ast.ImportFrom, package: str) -> list[str]:
    """Absolute names `from X import a, b` may load: X itself and X.a, X.b (submodules); for
    `from . import a` only the submodule (a package's own __init__ runs before any of them)."""
    submodules_only = node.level and not node.module
    if node.level:
        base = package if node.level == 1 else package.rsplit(".", node.level - 1)[0]
        base = f"{base}.{node.module}" if node.module else base
    else:
        base = node.module or ""
    submodules = [f"{base}.{alias.name}" for alias in node.names]
    return submodules if submodules_only else [base, *submodules]


def _engine_module(name: str, package: str) -> str | None:
    if name == package:
        return "__init__"
    if name.startswith(package + "."):
        return name[len(package) + 1 :].split(".")[0]
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


@pytest.mark.parametrize("package", PACKAGES)
def test_the_engine_package_has_no_import_cycle(package):
    cycle = find_cycle(engine_imports(package))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


@pytest.mark.parametrize("package", PACKAGES)
def test_every_engine_module_imports_only_from_layers_below_it(package):
    graph, layers = engine_imports(package), LAYERS[package]
    assert set(graph) == set(layers), "a new engine module needs its layer in LAYERS"
    upward = [
        (module, imported)
        for module, imports in graph.items()
        for imported in imports
        if layers[imported] >= layers[module]
    ]
    assert upward == []


def test_the_cycle_finder_finds_a_type_only_cycle():
    """The check can fail: the old engine's policy <-> state imports (under TYPE_CHECKING)."""
    assert find_cycle({"policy": {"state"}, "state": {"policy"}}) == ["policy", "state", "policy"]


def test_every_engine_plays_its_games_through_the_one_game_loop():
    """Item 13 of issue 16: `play_game` is one function for every engine, not a copy each."""
    from rulebook.core.game_loop import GameLoop
    from rulebook.keeper.engine import play_game as keeper_play
    from rulebook.neopets.engine import play_game as neopets_play

    assert type(keeper_play) is type(neopets_play) is GameLoop
    assert type(keeper_play).__call__ is type(neopets_play).__call__
