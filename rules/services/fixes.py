"""The Millennium Blades rulebook's fix for an illegal Tournament Deck, over database cards."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date
from typing import Any

from cards.models import Viewer
from rules.core.report import Report
from rules.core.resolve import EntryRef
from rules.millennium_blades.fix import FixResult, fix_deck

from .validation import deck_resolve

# The seed chosen when a caller asks for a fix without one; it is returned so the fix can be
# repeated.
SEED_RANGE = 2**31


def deck_fix(
    *,
    game: str,
    entries: Sequence[EntryRef],
    seed: int | None = None,
    format: str | None = None,
    as_of: date | None = None,
    viewer: Viewer = None,
) -> tuple[Report, FixResult, int]:
    """The deck's report, the rulebook fix (the same for the same seed) and the seed used."""
    if seed is None:
        seed = random.SystemRandom().randrange(SEED_RANGE)
    deck, report = deck_resolve(
        game=game, entries=entries, format=format, as_of=as_of, viewer=viewer
    )
    return report, fix_deck(deck, seed), seed


def fix_answer(fix: FixResult, seed: int) -> dict[str, Any]:
    """The fix as the API sends it and the website shows it: the seed, what went, what is left."""
    return {
        "seed": seed,
        "removed": [
            {"section": section, "name": card.name, "key": card.key}
            for section, card in fix.removed
        ],
        "deck": {
            "sections": {
                section: [
                    {"name": entry.card.name, "key": entry.card.key, "quantity": entry.quantity}
                    for entry in entries
                ]
                for section, entries in fix.deck.sections.items()
            }
        },
    }
