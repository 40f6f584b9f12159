"""One privacy gate (issue 22): every read of a user's private things for a viewer (decks,
versions, drafts, user-made cards, test-game jobs, event registrations) goes through a selector
that takes the viewer. The site's and the API's modules never apply visibility themselves: they
query none of those models directly and never filter by owner or visibility. (That decks.privacy
is private to its app is an import-linter contract in pyproject.toml.)"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GATED_MODELS = {
    "Card",
    "Deck",
    "DeckDraft",
    "DeckEntry",
    "DeckLike",
    "DeckVersion",
    "Registration",
    "RosterEntry",
    "SimulationChunk",
    "SimulationJob",
}
# Who may see a row: a filter naming the owner, the player or the visibility decides it (a
# filter by an owner's *name*, narrowing a list already gated, decides nothing).
VISIBILITY_KEYWORDS = {
    f"{field}{suffix}"
    for field in ("owner", "player", "visibility", "shared")
    for suffix in ("", "_id", "__pk", "__id", "__in")
}
QUERY_METHODS = {"filter", "exclude", "get"}
FRONT_ENDS = ("api", "web")


def front_end_modules() -> list[Path]:
    return sorted(
        path
        for package in FRONT_ENDS
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts and "management" not in path.parts
    )


def visibility_applied(tree: ast.AST) -> list[tuple[int, str]]:
    """Where a module reads a gated model itself or filters by who may see a row."""
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr == "objects"
            and isinstance(node.value, ast.Name)
            and node.value.id in GATED_MODELS
        ):
            found.append((node.lineno, f"{node.value.id}.objects"))
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id in ("get_object_or_404", "get_list_or_404"):
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Name) and first.id in GATED_MODELS:
                found.append((node.lineno, f"{func.id}({first.id}, …)"))
        if isinstance(func, ast.Attribute) and func.attr in QUERY_METHODS:
            for keyword in node.keywords:
                if keyword.arg in VISIBILITY_KEYWORDS:
                    found.append((node.lineno, f".{func.attr}({keyword.arg}=…)"))
    return sorted(found)


@pytest.mark.parametrize("path", front_end_modules(), ids=lambda path: str(path.relative_to(ROOT)))
def test_the_site_and_the_api_apply_no_visibility_themselves(path):
    found = visibility_applied(ast.parse(path.read_text(), str(path)))
    allowed = [
        (line, what) for line, what in found if what.endswith(".objects") and _none(path, line)
    ]
    assert [f for f in found if f not in allowed] == [], (
        "read through a selector that takes the viewer (decks.selectors, cards.selectors, "
        "events.selectors, jobs.selectors)"
    )


def _none(path: Path, line: int) -> bool:
    """`Model.objects.none()`: the empty queryset a schema generator asks for reads nothing."""
    return ".objects.none()" in path.read_text().splitlines()[line - 1]


def test_the_check_finds_a_view_that_filters_by_owner():
    code = (
        "def view(request):\n"
        "    decks = Deck.objects.filter(owner=request.user)\n"
        "    card = get_object_or_404(Card, pk=1)\n"
        "    return mine.filter(owner_id=request.user.pk), versions.exclude(visibility='private')\n"
    )
    assert visibility_applied(ast.parse(code)) == [
        (2, ".filter(owner=…)"),
        (2, "Deck.objects"),
        (3, "get_object_or_404(Card, …)"),
        (4, ".exclude(visibility=…)"),
        (4, ".filter(owner_id=…)"),
    ]
