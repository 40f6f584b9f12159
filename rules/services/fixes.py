"""The Millennium Blades rulebook's fix for an illegal Tournament Deck, over database cards."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from cards.models import Viewer
from rulebook.core.cards import CardInfo
from rulebook.core.report import Report
from rulebook.core.resolve import EntryRef, find_cards
from rulebook.millennium_blades.fix import FixResult, fix_deck
from rulebook.validate import resolve_and_check

from .formats import format_info, game_spec_for
from .validation import request_pool

# The seed chosen when a caller asks for a fix without one; it is returned so the fix can be
# repeated.
SEED_RANGE = 2**31


@dataclass(frozen=True)
class DeckFix:
    """The deck's report, the fix (the same for the same seed), the seed used, and the fixed
    deck's own report in the same format (its unknown cards named, with suggestions)."""

    report: Report
    fix: FixResult
    seed: int
    fixed_report: Report


def deck_fix(
    *,
    game: str,
    entries: Sequence[EntryRef],
    seed: int | None = None,
    format: str | None = None,
    as_of: date | None = None,
    viewer: Viewer = None,
    cards: Sequence[CardInfo] = (),
) -> DeckFix:
    """The rulebook fix of a deck in a format (default: the game's), lists as of a day, over
    the cards the viewer may use and the user-made `cards` the request brings."""
    if seed is None:
        seed = random.SystemRandom().randrange(SEED_RANGE)
    spec = game_spec_for(game)
    fmt = format_info(game=game, format=format, as_of=as_of)
    pool = request_pool(spec, entries, viewer, cards)
    deck, report = resolve_and_check(spec, entries, pool, fmt)
    # Every line the resolved deck lacks, as resolution found it (an unknown, ambiguous or
    # mismatched card, or any card in a section the game does not have): the fix removes
    # those and lists them.
    unknown = [
        ref
        for ref, found in zip(entries, find_cards(spec, entries, pool), strict=True)
        if not isinstance(found, CardInfo)
    ]
    fix = fix_deck(deck, seed, fmt=fmt, unknown=unknown)
    fixed_entries = [
        EntryRef(section, entry.quantity, key=entry.card.key)
        for section, section_entries in fix.deck.sections.items()
        for entry in section_entries
    ] + list(fix.unknown_kept)
    fixed_report = resolve_and_check(
        spec, fixed_entries, request_pool(spec, fixed_entries, viewer, cards), fmt
    )[1]
    return DeckFix(report, fix, seed, fixed_report)


def fix_answer(fixed: DeckFix) -> dict[str, Any]:
    """The fix as the API sends it and the website shows it: the seed, every copy removed and
    why, the deck left (unknown cards kept by the random draw included, with a null key) and
    whether that deck is legal in the format, with its errors."""
    fix = fixed.fix
    kept: dict[str, list[dict[str, Any]]] = {
        section: [
            {"name": entry.card.name, "key": entry.card.key, "quantity": entry.quantity}
            for entry in entries
        ]
        for section, entries in fix.deck.sections.items()
    }
    for ref in fix.unknown_kept:
        kept.setdefault(ref.section, []).append({"name": ref.label, "key": None, "quantity": 1})
    return {
        "seed": fixed.seed,
        "removed": [
            {
                "section": removal.section,
                "name": removal.name,
                "key": removal.key,
                "reason": removal.reason,
            }
            for removal in fix.removed
        ],
        "deck": {"sections": kept},
        "legal": fixed.fixed_report.legal,
        "errors": [issue.as_dict() for issue in fixed.fixed_report.errors],
    }
