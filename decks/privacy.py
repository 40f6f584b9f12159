"""What a reader sees of a deck that holds user-made cards they may not read.

One rule decides who reads a user-made card (Card.objects.usable_by, Card.visible_to): its
author, and everyone once the author shares it. A deck may be public or unlisted while a card
in it is still private; then anyone else sees each such entry as "a private card" (its section
and number of copies, never its name, text, key or id), a validation issue about it says only
which rule a private card breaks, and a copy of the deck leaves it out and says so. The author
is asked to share the cards when they make the deck public or unlisted (the deck editor).

Nor does anything derived from a hidden card reach that reader: a version's or a locked list's
hash (SnapshotMask.hash) covers every card's key, and a user-made card's key is the slug of its
name and its author's id, so whoever reads the rest of the list could hash guessed names until
one matches. Such a hash is shown only to a reader who may read every card it covers.

This module is private to the decks app, as is decks.contents, which reads a deck as stored (an
import-linter contract says so): every deck read for a viewer (API detail, export, versions,
diff, validation, the website's pages, test games, copying) is one call to a selector of
decks.selectors that takes the viewer and applies these rules (or decks.services.deck_copy);
so does every read of a list locked into an event (events.selectors.lists_mask, through
decks.selectors.snapshots_mask), where the event's organiser alone also reads every card of the
lists they judge. Views and serializers never apply visibility themselves.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cards.models import Card, Game, Viewer
from rulebook.core.report import Issue, Report
from rulebook.core.resolve import EntryRef

from .diff import diff_parts
from .models import Deck, DeckVersion
from .resolution import PRIVATE_CARD, DeckLine

PRIVATE_MESSAGE = (
    "A private card breaks this rule; its author has not shared it, so only they see which."
)


def private_card(deck: Deck) -> Card:
    """The stand-in shown for a card the reader may not read: no id, key, text or stats."""
    return Card(game=deck.game, key="", name=PRIVATE_CARD, type="", text="", attributes={})


def own_private_cards(lines: Iterable[DeckLine], owner: Viewer) -> list[Card]:
    """The owner's own cards in these lines that only they can read: what others see as
    "a private card" until they are shared."""
    if owner is None or not owner.is_authenticated:
        return []
    cards = {line.card.pk: line.card for line in lines if line.card.owner_id == owner.pk}
    return [card for card in cards.values() if not card.shared]


def hidden_lines(lines: Iterable[DeckLine], viewer: Viewer) -> list[DeckLine]:
    """The lines whose card this viewer may not read."""
    return [line for line in lines if not line.card.visible_to(viewer)]


def lines_seen_by(deck: Deck, lines: Sequence[DeckLine], viewer: Viewer) -> list[DeckLine]:
    """The deck's lines as this viewer may see them: unreadable cards become the stand-in
    (printings dropped with them, since a printing names its card)."""
    stand_in = private_card(deck)
    return [
        line
        if line.card.visible_to(viewer)
        else DeckLine(line.section, stand_in, line.quantity, None)
        for line in lines
    ]


def refs_seen_by(
    refs: Sequence[EntryRef], lines: Sequence[DeckLine], viewer: Viewer
) -> list[EntryRef]:
    """Requested lines (by card id, as decks.selectors.lines_as_refs makes them) with every
    card this viewer may not read named only "a private card": a test game or a check run
    for them finds no such card and says so, without its name or id."""
    hidden = {line.card.pk for line in hidden_lines(lines, viewer)}
    return [
        dataclasses.replace(ref, id=None, key=None, name=PRIVATE_CARD, set=None, number=None)
        if ref.id in hidden
        else ref
        for ref in refs
    ]


def report_seen_by(report: Report, lines: Sequence[DeckLine], viewer: Viewer) -> Report:
    """The deck's report (judged as its owner sees the deck) with every issue that names or
    quotes a card this viewer may not read said without the card: its code, rule and section
    stay, so the verdict is the same for everyone."""
    hidden = [line.card for line in hidden_lines(lines, viewer)]
    if not hidden:
        return report
    secrets = _secrets(
        names=[card.name for card in hidden] + [card.key for card in hidden],
        texts=[card.text for card in hidden],
    )
    return dataclasses.replace(
        report,
        errors=[_issue_seen(issue, secrets) for issue in report.errors],
        warnings=[_issue_seen(issue, secrets) for issue in report.warnings],
    )


def _secrets(*, names: Iterable[str], texts: Iterable[str]) -> frozenset[str]:
    """What would tell a hidden card: its names and key, and each line of its text."""
    lines = {part.strip() for text in texts for part in text.splitlines()}
    return frozenset(names) | frozenset(line for line in lines if line)


def _issue_seen(issue: Issue, secrets: frozenset[str]) -> Issue:
    said = " ".join([issue.message, *issue.cards, *(str(value) for _, value in issue.details)])
    if not any(secret in said for secret in secrets):
        return issue
    return dataclasses.replace(issue, message=PRIVATE_MESSAGE, cards=(PRIVATE_CARD,), details=())


@dataclasses.dataclass(frozen=True)
class SnapshotMask:
    """What one reader may not read in locked snapshots (a deck's versions, the lists locked
    into an event): the keys of those cards, and every name and line of text that would tell
    them (for a report stored beside a snapshot)."""

    hidden: frozenset[str] = frozenset()
    secrets: frozenset[str] = frozenset()

    def snapshot(self, snapshot: Mapping[str, Any]) -> dict[str, Any]:
        """The snapshot with each hidden card's entries masked (its maybeboard's too)."""
        masked = {
            **snapshot,
            "sections": {
                slug: [self._entry(entry) for entry in entries]
                for slug, entries in snapshot["sections"].items()
            },
        }
        if "maybeboard" in snapshot:
            masked["maybeboard"] = [self._entry(entry) for entry in snapshot["maybeboard"]]
        return masked

    def diff(self, diff: Mapping[str, Any]) -> dict[str, Any]:
        """A version diff (decks.diff) with each hidden card's entries masked."""
        masked = {
            **diff,
            "sections": {slug: self._change(change) for slug, change in diff["sections"].items()},
        }
        if "maybeboard" in diff:
            masked["maybeboard"] = self._change(diff["maybeboard"])
        return masked

    def _change(self, change: Mapping[str, Any]) -> dict[str, Any]:
        return {kind: [self._entry(entry) for entry in entries] for kind, entries in change.items()}

    def hash(self, snapshot: Mapping[str, Any], digest: str) -> str | None:
        """A hash of this snapshot's contents (DeckVersion.content_hash, a registration's list
        hash) as this reader may see it: None if the snapshot holds a card hidden from them (see
        the module's docstring), the hash itself otherwise."""
        if any(entry["key"] in self.hidden for entry in snapshot_entries(snapshot)):
            return None
        return digest

    def issues(self, issues: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Stored issues (Issue.as_dict) with each one that tells a hidden card said without
        it, as report_seen_by says them."""
        return [self._issue(issue) for issue in issues]

    def _entry(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        if entry["key"] not in self.hidden:
            return dict(entry)
        kept = {field: entry[field] for field in ("quantity", "from", "to") if field in entry}
        return {"key": None, "name": PRIVATE_CARD, "private": True, **kept}

    def _issue(self, stored: Mapping[str, Any]) -> dict[str, Any]:
        if not self.secrets:
            return dict(stored)
        fields = ("code", "rule", "message", "section", "cards")
        issue = Issue(
            code=stored["code"],
            rule=stored["rule"],
            message=stored["message"],
            section=stored.get("section"),
            cards=tuple(stored.get("cards", ())),
            details=tuple((name, value) for name, value in stored.items() if name not in fields),
        )
        return _issue_seen(issue, self.secrets).as_dict()


NOTHING_HIDDEN = SnapshotMask()


def snapshot_mask(game: Game, entries: Iterable[Mapping[str, Any]], viewer: Viewer) -> SnapshotMask:
    """The mask of these snapshot entries (of one or many snapshots of the game) for this
    viewer: a user-made card they may not read, or one deleted since (its name stays its
    author's), is hidden. One query whatever the number of entries."""
    entries = list(entries)
    keys = {entry["key"] for entry in entries}
    if not keys:
        return NOTHING_HIDDEN
    stored = Card.objects.filter(game=game, key__in=keys).only(
        "key", "name", "text", "owner", "shared"
    )
    found = {card.key: card for card in stored}
    hidden = {
        key
        for key in keys
        if (key in found and not found[key].visible_to(viewer))
        or (key not in found and _user_made(key))
    }
    if not hidden:
        return NOTHING_HIDDEN
    cards = [found[key] for key in hidden if key in found]
    secrets = _secrets(
        names=[entry["name"] for entry in entries if entry["key"] in hidden]
        + [card.name for card in cards]
        + list(hidden),
        texts=[card.text for card in cards],
    )
    return SnapshotMask(frozenset(hidden), secrets)


def _user_made(key: str) -> bool:
    """A user-made card's key ends in -by-<author id> (cards.services.user_cards)."""
    head, _, author = key.rpartition("-by-")
    return bool(head) and author.isdigit()


def snapshot_entries(snapshot: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Every entry of a snapshot, all sections and its maybeboard together."""
    sections = [*snapshot["sections"].values(), snapshot.get("maybeboard", [])]
    return [entry for entries in sections for entry in entries]


def snapshot_seen_by(deck: Deck, snapshot: Mapping[str, Any], viewer: Viewer) -> dict[str, Any]:
    """A version's snapshot with the entries of cards this viewer may not read masked."""
    return snapshot_mask(deck.game, snapshot_entries(snapshot), viewer).snapshot(snapshot)


def versions_seen_by(
    deck: Deck, versions: Iterable[DeckVersion], viewer: Viewer
) -> list[DeckVersion]:
    """The deck's versions, each given `hash_seen`: its content hash as this viewer may see it
    (SnapshotMask.hash). Snapshots a query deferred are read in one query, and the mask of
    them all in one more, whatever the number of versions."""
    versions = list(versions)
    deferred = [version.pk for version in versions if "snapshot" in version.get_deferred_fields()]
    snapshots = dict(DeckVersion.objects.filter(pk__in=deferred).values_list("pk", "snapshot"))
    snapshots.update(
        (version.pk, version.snapshot) for version in versions if version.pk not in deferred
    )
    entries = [entry for snapshot in snapshots.values() for entry in snapshot_entries(snapshot)]
    mask = snapshot_mask(deck.game, entries, viewer)
    for version in versions:
        version.hash_seen = mask.hash(snapshots[version.pk], version.content_hash)
    return versions


def diff_seen_by(deck: Deck, diff: Mapping[str, Any], viewer: Viewer) -> dict[str, Any]:
    """A version diff (decks.diff) with the entries of cards this viewer may not read masked."""
    entries = [
        entry for _, change in diff_parts(diff) for entries in change.values() for entry in entries
    ]
    return snapshot_mask(deck.game, entries, viewer).diff(diff)
