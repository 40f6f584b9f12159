"""Privacy as one read (issue 35): every read of a deck's contents outside the decks app names the
viewer, and gets back what that viewer may see; nothing reads a deck's contents as stored but
the decks app itself.

The contents as stored (decks.contents) and the masking (decks.privacy) are the decks app's own
(an import-linter contract in pyproject.toml says so for imports). These checks read the source
of every other app: no call to a reader of decks.contents or a function of decks.privacy,
whatever the import; every call to a reader of decks.selectors that takes who asks (the viewer,
the user, the owner) names them; and every reader of decks.selectors handed a deck takes them.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from decks import contents, privacy, selectors

ROOT = Path(__file__).resolve().parents[2]
OTHER_APPS = ("deckwarden", "web", "api", "events", "rules", "cards", "basics")
PRIVATE_MODULES = {"decks.contents": contents, "decks.privacy": privacy}
# Who asks, as a selector names them: the viewer, the user, or the owner of what is theirs
# alone (a draft, a deck to compare a draft with).
WHO_ASKS = ("viewer", "user", "owner")
# Readers handed a deck that tell nothing of its contents, each with why.
NOT_CONTENTS = {
    "deck_latest_version_number": "a version number: whoever reads the deck reads its versions",
}


def _functions(module) -> set[str]:
    return {
        name
        for name, value in vars(module).items()
        if inspect.isfunction(value) and value.__module__ == module.__name__
    }


UNMASKED = _functions(contents) | _functions(privacy)


def _who_asks(name: str) -> str | None:
    """The parameter naming who asks that this selector requires, if it takes one."""
    parameters = inspect.signature(getattr(selectors, name)).parameters
    required = [who for who in WHO_ASKS if who in parameters]
    return next((who for who in required if parameters[who].default is parameters[who].empty), None)


ASKED_BY = {
    name: who
    for name in _functions(selectors)
    if not name.startswith("_") and (who := _who_asks(name)) is not None
}


def app_modules() -> list[Path]:
    return sorted(
        path
        for app in OTHER_APPS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts
    )


def reads_without_viewer(tree: ast.AST) -> list[tuple[int, str]]:
    """Where a module outside decks imports or calls an unmasked reader, or calls a reader of
    decks.selectors without naming who asks (its viewer, user or owner)."""
    found = []
    selector_modules: set[str] = set()  # local names of decks.selectors
    selector_functions: dict[str, str] = {}  # local name: the selector's name
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                local = alias.asname or alias.name
                if node.module in PRIVATE_MODULES or full in PRIVATE_MODULES:
                    found.append((node.lineno, f"import {full}"))
                elif full == "decks.selectors":
                    selector_modules.add(local)
                elif node.module == "decks.selectors":
                    selector_functions[local] = alias.name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in PRIVATE_MODULES:
                    found.append((node.lineno, f"import {alias.name}"))
                elif alias.name == "decks.selectors" and alias.asname:
                    selector_modules.add(alias.asname)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name):
            name = func.id
            selector = selector_functions.get(name)
        elif isinstance(func, ast.Attribute):
            name = func.attr
            owner = ast.unparse(func.value)
            selector = name if owner in selector_modules | {"decks.selectors"} else None
        else:
            continue
        if name in UNMASKED and selector is None:
            found.append((node.lineno, f"{name}(…) reads a deck unmasked"))
        who = ASKED_BY.get(selector or "")
        if who is not None and who not in {keyword.arg for keyword in node.keywords}:
            found.append((node.lineno, f"{selector}(…) without {who}="))
    return sorted(found)


@pytest.mark.parametrize("path", app_modules(), ids=lambda path: str(path.relative_to(ROOT)))
def test_no_app_but_decks_reads_a_deck_without_its_viewer(path):
    assert reads_without_viewer(ast.parse(path.read_text(), str(path))) == [], (
        "read a deck's contents through a reader of decks.selectors, naming the viewer"
    )


def test_the_check_finds_a_read_without_a_viewer():
    code = (
        "from decks import selectors\n"
        "from decks.contents import stored_lines\n"
        "from decks.selectors import deck_versions as versions\n"
        "import decks.privacy\n"
        "def view(request, deck):\n"
        "    lines = selectors.deck_lines(deck=deck)\n"
        "    kept = selectors.deck_lines(deck=deck, viewer=request.user)\n"
        "    return stored_lines(deck), versions(deck=deck), decks.privacy.hidden_lines(lines)\n"
    )
    assert reads_without_viewer(ast.parse(code)) == [
        (2, "import decks.contents.stored_lines"),
        (4, "import decks.privacy"),
        (6, "deck_lines(…) without viewer="),
        (8, "deck_versions(…) without viewer="),
        (8, "hidden_lines(…) reads a deck unmasked"),
        (8, "stored_lines(…) reads a deck unmasked"),
    ]


def test_the_unmasked_readers_are_not_handed_out_by_the_selectors():
    handed_out = {
        name
        for name, value in vars(selectors).items()
        if inspect.isfunction(value) and value.__module__ != selectors.__name__
    }
    assert not handed_out & UNMASKED


def test_every_reader_handed_a_deck_takes_who_asks():
    lacking = [
        name
        for name in _functions(selectors)
        if not name.startswith("_")
        and {"deck", "deck_id"} & set(inspect.signature(getattr(selectors, name)).parameters)
        and not set(WHO_ASKS) & set(inspect.signature(getattr(selectors, name)).parameters)
    ]
    assert sorted(lacking) == sorted(NOT_CONTENTS)
