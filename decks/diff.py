"""The difference between two deck snapshots, section by section.

An entry is identified by its card key and printing: the same card moved to another printing
shows as one entry removed and one added; the same entry with another quantity is "changed".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rulebook.core.game import MAYBEBOARD

EntryId = tuple[str, str | None, str | None]
DIFF_KINDS = ("added", "removed", "changed")  # what a section's diff lists, in this order
_IDENTITY = ("key", "name", "set", "number")


def snapshot_diff(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """`{"name": {"from", "to"}?, "format": {...}?, "sections": {slug: {added, removed, changed}},
    "maybeboard": {added, removed, changed}?}`.

    Every section of either snapshot is listed, with empty lists when it did not change; the
    maybeboard when either holds one.
    """
    diff: dict[str, Any] = {}
    for field in ("name", "format"):
        if old[field] != new[field]:
            diff[field] = {"from": old[field], "to": new[field]}
    slugs = list(dict.fromkeys([*old["sections"], *new["sections"]]))
    diff["sections"] = {
        slug: _section_diff(old["sections"].get(slug, []), new["sections"].get(slug, []))
        for slug in slugs
    }
    if old.get("maybeboard") or new.get("maybeboard"):
        diff["maybeboard"] = _section_diff(old.get("maybeboard", []), new.get("maybeboard", []))
    return diff


def diff_parts(diff: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A diff's changes by section slug, in its order, the maybeboard's (MAYBEBOARD.slug) last."""
    parts = list(diff["sections"].items())
    if "maybeboard" in diff:
        parts.append((MAYBEBOARD.slug, diff["maybeboard"]))
    return parts


def _section_diff(
    old: Iterable[Mapping[str, Any]], new: Iterable[Mapping[str, Any]]
) -> dict[str, list[dict[str, Any]]]:
    before, after = _by_id(old), _by_id(new)
    changed = [
        {**_describe(entry), "from": before[entry_id]["quantity"], "to": entry["quantity"]}
        for entry_id, entry in after.items()
        if entry_id in before and before[entry_id]["quantity"] != entry["quantity"]
    ]
    return {
        "added": [_describe(e, with_quantity=True) for i, e in after.items() if i not in before],
        "removed": [_describe(e, with_quantity=True) for i, e in before.items() if i not in after],
        "changed": changed,
    }


def _by_id(entries: Iterable[Mapping[str, Any]]) -> dict[EntryId, dict[str, Any]]:
    """Entries by identity, quantities summed should one identity appear twice."""
    found: dict[EntryId, dict[str, Any]] = {}
    for entry in entries:
        entry_id = (entry["key"], entry.get("set"), entry.get("number"))
        if entry_id in found:
            found[entry_id]["quantity"] += entry["quantity"]
        else:
            found[entry_id] = dict(entry)
    return found


def _describe(entry: Mapping[str, Any], *, with_quantity: bool = False) -> dict[str, Any]:
    keep = ("key", "name", "set", "number", "quantity") if with_quantity else _IDENTITY
    return {field: entry[field] for field in keep if field in entry}
