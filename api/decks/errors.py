"""The 400s of deck writes, in the API's one error shape, naming every bad entry at once.

A JSON body's problems sit under their field paths (`sections.main[2].name`); an imported
decklist's under `text`, each message starting with its line number, and in `lines`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from api.errors import ApiError
from decks.resolution import EntryProblem, InvalidEntries
from decks.services import DecklistUnreadable


def invalid_entries_error(exc: InvalidEntries, paths: Sequence[str]) -> ApiError:
    """400 for entries of a JSON body; `paths[i]` is where the i-th entry was in the request."""
    fields: dict[str, list[str]] = {}
    suggestions: dict[str, list[str]] = {}
    for problem in exc.problems:
        path = _path(problem, paths[problem.index])
        fields.setdefault(path, []).append(problem.message)
        if problem.suggestions:
            suggestions[path] = list(problem.suggestions)
    return ApiError(
        f"{len(exc.problems)} deck entries name no known card, printing or section: "
        f"{', '.join(fields)}.",
        fields=fields,
        suggestions=suggestions,
    )


def _path(problem: EntryProblem, entry_path: str) -> str:
    if problem.field == "section":
        return f"sections.{problem.ref.section}"
    return f"{entry_path}.{problem.field}"


def unknown_cards_in_decklist_error(exc: InvalidEntries) -> ApiError:
    """400 for an imported decklist naming cards that are not in the catalogue."""
    lines = [
        {
            "line": problem.ref.line,
            "text": problem.ref.label,
            "message": problem.message,
            "suggestions": list(problem.suggestions),
        }
        for problem in exc.problems
    ]
    return _decklist_error(f"{len(lines)} decklist lines name no known card.", "invalid", lines)


def unreadable_decklist_error(exc: DecklistUnreadable) -> ApiError:
    """400 listing every decklist line the parser cannot read."""
    lines = [
        {"line": problem.line, "text": problem.text, "message": problem.message}
        for problem in exc.problems
    ]
    return _decklist_error(
        f"{len(lines)} decklist lines cannot be read.", "decklist_unreadable", lines
    )


def _decklist_error(detail: str, code: str, lines: list[dict]) -> ApiError:
    messages = [
        f"line {line['line']} {line['text'].strip()!r}: {line['message']}" for line in lines
    ]
    return ApiError(detail, code=code, fields={"text": messages}, lines=lines)


@contextmanager
def decklist_errors() -> Iterator[None]:
    """Around a write that reads a decklist: a list that cannot be read, or names cards not in
    the catalogue, as the 400 naming its lines (the one place either becomes an answer)."""
    try:
        yield
    except DecklistUnreadable as exc:
        raise unreadable_decklist_error(exc) from None
    except InvalidEntries as exc:
        raise unknown_cards_in_decklist_error(exc) from None
