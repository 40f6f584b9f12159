"""A deck's contents as stored, every card told: private to the decks app.

These readers take no viewer: they serve the decks app's own writes (decks.services, which act
for the deck's owner and must merge, swap and restore exactly what is stored) and the selectors
of decks.selectors, which read through them and then show a viewer what that viewer may see
(decks.privacy). Any other app reads a deck's contents through those selectors, with the
viewer: an import-linter contract (`privacy-gate` in pyproject.toml) forbids importing this
module outside `decks`, and tests/architecture/test_deck_reads.py fails on a call to one of
these readers from another app.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import QuerySet

from rulebook.core.game import MAYBEBOARD

from .models import Deck, DeckVersion
from .resolution import DeckLine
from .snapshots import SnapshotEntry, snapshot_build


class VersionNotFound(Exception):
    """A version number the deck does not have; `field` names the parameter that asked."""

    def __init__(self, field: str, number: int) -> None:
        super().__init__(f"no version {number}")
        self.field = field
        self.number = number


def stored_lines(deck: Deck, *, maybeboard: bool = False) -> list[DeckLine]:
    """The deck's entries in their stored order, cards and printings loaded (one query): its
    sections', what the rules, test games and the doctor read; with `maybeboard`, the
    maybeboard's too (section MAYBEBOARD.slug), what a write keeps and a page shows."""
    entries = deck.entries.select_related("card", "printing__set").order_by("position")
    if not maybeboard:
        entries = entries.exclude(section=MAYBEBOARD.slug)
    return [
        DeckLine(entry.section, entry.card, entry.quantity, entry.printing) for entry in entries
    ]


def lines_snapshot(deck: Deck, lines: Sequence[DeckLine]) -> dict[str, Any]:
    """The snapshot (decks.snapshots) of these lines as the deck's contents: what a version of
    them stores, and what a diff against the latest version compares."""
    sections: dict[str, list[SnapshotEntry]] = {slug: [] for slug in deck.game.spec.section_slugs}
    maybeboard: list[SnapshotEntry] = []
    for line in lines:
        printing = line.printing
        entry = SnapshotEntry(
            key=line.card.key,
            name=line.card.name,
            quantity=line.quantity,
            set=printing.set.code if printing else None,
            number=printing.number if printing else None,
        )
        (maybeboard if line.section == MAYBEBOARD.slug else sections[line.section]).append(entry)
    return snapshot_build(
        name=deck.name,
        format=deck.format.slug if deck.format else None,
        sections=sections,
        maybeboard=maybeboard,
    )


def stored_version_latest(deck: Deck) -> DeckVersion | None:
    """The deck's newest version, its snapshot and content hash as stored."""
    return deck.versions.order_by("-number").first()


def stored_versions(deck: Deck) -> QuerySet[DeckVersion]:
    """The deck's versions, oldest first, without their (possibly large) snapshots."""
    return deck.versions.order_by("number").defer("snapshot")


def stored_version(deck: Deck, number: int, field: str = "number") -> DeckVersion:
    """One version of the deck as stored; VersionNotFound naming `field` when there is none."""
    version = deck.versions.filter(number=number).first()
    if version is None:
        raise VersionNotFound(field, number)
    return version
