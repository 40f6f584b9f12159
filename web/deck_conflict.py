"""What another tab or device saved since the editor's page was opened: the version diff
(decks.selectors.deck_diff) from the version the page started from to the latest, in words."""

from __future__ import annotations

from cards.models import Viewer
from decks import selectors
from decks.diff import diff_parts
from decks.models import Deck


def changes_since(*, deck: Deck, version: int | None, viewer: Viewer) -> list[str]:
    """One line per change made since `version` (the latest version when the page opened);
    a change that wrote no version (visibility, description) is said as such."""
    latest = selectors.deck_latest_version_number(deck=deck)
    if version is None or latest is None or latest == version:
        return ["Its visibility or description changed (no new version of its cards)."]
    try:
        diff = selectors.deck_diff(deck=deck, from_number=version, to_number=latest, viewer=viewer)
    except selectors.VersionNotFound:
        return [f"It is now at version {latest}."]
    names = deck.game.spec.section_names
    said = [f"Version {version} → {latest}:"]
    for field in ("name", "format"):
        if field in diff:
            before, after = (diff[field][end] or "default" for end in ("from", "to"))
            said.append(f"{field.capitalize()}: {before} → {after}")
    for slug, change in diff_parts(diff):
        section = names.get(slug, slug)
        said += [f"+ {e['quantity']} {e['name']} ({section})" for e in change["added"]]
        said += [f"- {e['quantity']} {e['name']} ({section})" for e in change["removed"]]
        said += [f"{e['name']} ({section}): {e['from']} → {e['to']}" for e in change["changed"]]
    return said
