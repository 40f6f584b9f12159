"""Deck snapshots (the JSON a DeckVersion stores) and their content hash.

A snapshot is in the API's sections shape, so it can be posted back as a deck:

    {"name": "Kau Rush", "format": "standard" | null,
     "sections": {"main": [{"key": "hot-dog", "name": "Hot Dog", "quantity": 2,
                            "set": "SMP", "number": "045"}], "neopets": [], ...},
     "maybeboard": [{"key": "omelette", "name": "Omelette", "quantity": 1}]}

`maybeboard` (the cards considered, rulebook.core.game.MAYBEBOARD) sits beside `sections`, never
among them, so whatever reads a snapshot's sections as the deck (a registration's locked list, a
deck check) never counts it; a snapshot written before it existed has none.

The hash covers what makes two decks the same deck: the name, the format, per section the
entries as (card key, printing, quantity) sorted, and the maybeboard's alike when it holds any
(so a version with none hashes as it did before maybeboards). Order of entries, empty sections
and card display names do not change it, so reordering a deck or renaming a card in the
catalogue is not a new version. The list hash (a registration's) covers the sections alone.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class SnapshotEntry:
    """One entry of a snapshot: a card by key (and name, for people), maybe a printing."""

    key: str
    name: str
    quantity: int
    set: str | None = None
    number: str | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "name": self.name, "quantity": self.quantity}
        if self.set is not None:
            data["set"] = self.set
            data["number"] = self.number
        return data


def snapshot_build(
    *,
    name: str,
    format: str | None,
    sections: Mapping[str, Sequence[SnapshotEntry]],
    maybeboard: Sequence[SnapshotEntry] = (),
) -> dict[str, Any]:
    """The snapshot of a deck; `sections` in the order they should be shown."""
    return {
        "name": name,
        "format": format,
        "sections": {
            slug: [entry.as_dict() for entry in entries] for slug, entries in sections.items()
        },
        "maybeboard": [entry.as_dict() for entry in maybeboard],
    }


def content_hash(snapshot: Mapping[str, Any]) -> str:
    """sha256 (hex) of the snapshot's canonical JSON: stable and order-independent."""
    canonical = {
        "name": snapshot["name"],
        "format": snapshot["format"],
        "sections": _canonical_sections(snapshot),
    }
    if maybeboard := snapshot.get("maybeboard"):
        canonical["maybeboard"] = sorted(_canonical_entry(entry) for entry in maybeboard)
    return _sha256(canonical)


def list_hash(snapshot: Mapping[str, Any]) -> str:
    """sha256 (hex) of the cards alone (per section, as content_hash reads them): two decks
    holding the same cards have the same list hash whatever they are called, so an organiser
    can tell identical lists apart from different ones (a tournament registration's hash)."""
    return _sha256({"sections": _canonical_sections(snapshot)})


def _canonical_sections(snapshot: Mapping[str, Any]) -> dict[str, list[tuple]]:
    return {
        slug: sorted(_canonical_entry(entry) for entry in entries)
        for slug, entries in snapshot["sections"].items()
        if entries
    }


def _sha256(canonical: Mapping[str, Any]) -> str:
    text = json.dumps(canonical, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _canonical_entry(entry: Mapping[str, Any]) -> tuple[str, str, str, int]:
    return (entry["key"], entry.get("set") or "", entry.get("number") or "", entry["quantity"])
