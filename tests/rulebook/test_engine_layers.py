"""Every engine's modules have a layer in an import-linter contract (pyproject.toml), which
`make test` checks with `lint-imports`: a module left out of its contract would be unchecked."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
    "contracts"
]
ENGINES = sorted(
    f"rulebook.{path.parent.parent.name}.engine"
    for path in (ROOT / "rulebook").glob("*/engine/__init__.py")
)


def _layered(container: str) -> set[str] | None:
    for contract in CONTRACTS:
        if contract.get("containers") == [container]:
            return {
                module.strip()
                for layer in contract["layers"]
                for module in layer.replace(":", "|").split("|")
            }
    return None


@pytest.mark.parametrize("engine", ENGINES)
def test_every_engine_module_has_its_layer(engine):
    folder = ROOT / engine.replace(".", "/")
    modules = {path.stem for path in folder.glob("*.py")} - {"__init__"}
    modules |= {path.parent.name for path in folder.glob("*/__init__.py")}
    layered = _layered(engine)
    assert layered is not None, f"{engine} needs a layers contract in pyproject.toml"
    assert modules - layered == set(), "a new engine module needs its layer in the contract"
