"""How an imported decklist was read (issue 27, item 2): after an import, the deck's page shows
which section each line went into and each line that was not read, with why, so a list pasted
from another site never loses a card unseen (a `// Sideboard` is never the Main Deck in silence).

The readout is kept in the session for the deck's next page view, then dropped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpRequest

from decks.models import Deck
from rulebook.core.decklist import parse_decklist
from rulebook.core.game import GameSpec

SESSION_KEY = "deck_import_readout"


def readout_rows(
    spec: GameSpec, text: str, imported_text: str, left_out: Mapping[int, str]
) -> list[dict[str, Any]]:
    """One row a non-blank line of `text`: its number, its text and the section it went into
    (as the imported text was read), or why it was left out; headers and comments as such."""
    parsed = parse_decklist(imported_text, spec)
    went = {
        entry.line: spec.section_names[entry.section]
        for entry in (*parsed.entries, *parsed.maybeboard)
    }
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if number in left_out:
            rows.append({"line": number, "text": line, "section": "", "why": left_out[number]})
        elif number in went:
            rows.append({"line": number, "text": line, "section": went[number], "why": ""})
        else:
            rows.append({"line": number, "text": line, "section": "", "why": "", "header": True})
    return rows


def readout_keep(request: HttpRequest, deck: Deck, rows: Sequence[dict[str, Any]]) -> None:
    request.session[SESSION_KEY] = {"deck": str(deck.pk), "rows": list(rows)}


def readout_take(request: HttpRequest, deck: Deck) -> list[dict[str, Any]]:
    """The readout kept for this deck, once."""
    kept = request.session.get(SESSION_KEY)
    if not kept or kept.get("deck") != str(deck.pk):
        return []
    del request.session[SESSION_KEY]
    return kept["rows"]
