"""Reads of stored decks: who may see which deck, their entries, versions and diffs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import Q, QuerySet

from rules.core.resolve import EntryRef

from .diff import snapshot_diff
from .links import DeckLink
from .models import Deck, DeckVersion
from .resolution import DeckLine


def deck_list(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Deck]:
    """The decks a user browses: their own (any visibility) and everyone's public decks."""
    listed = Q(visibility=Deck.Visibility.PUBLIC)
    if user.is_authenticated:
        listed |= Q(owner=user)
    return Deck.objects.filter(listed).select_related("owner", "game", "format")


def deck_get_visible(*, user: AbstractBaseUser | AnonymousUser, deck_id: int) -> Deck:
    """The deck with this id if this user may read it by id: their own, or a public deck.

    Raises Deck.DoesNotExist otherwise, exactly as for a deck that does not exist: ids are
    sequential, so counting them must not find a deck that is not public (an unlisted deck is
    read through its link, deck_get_by_link).
    """
    readable = Q(visibility=Deck.Visibility.PUBLIC)
    if user.is_authenticated:
        readable |= Q(owner=user)
    return _decks_with_relations().get(readable, pk=deck_id)


def deck_get_by_link(*, user: AbstractBaseUser | AnonymousUser, token: str) -> Deck:
    """The deck whose link holds this token: anyone's unlisted or public deck, or their own.

    Raises Deck.DoesNotExist otherwise, as deck_get_visible does.
    """
    readable = ~Q(visibility=Deck.Visibility.PRIVATE)
    if user.is_authenticated:
        readable |= Q(owner=user)
    return _decks_with_relations().get(readable, link_token=token)


def deck_get_readable(
    *, user: AbstractBaseUser | AnonymousUser, address: int | DeckLink
) -> Deck:
    """The deck at this address (decks.links): by link token or by id, as the API and the site
    both read it. Raises Deck.DoesNotExist when this user may not read it."""
    if isinstance(address, DeckLink):
        return deck_get_by_link(user=user, token=address)
    return deck_get_visible(user=user, deck_id=address)


def _decks_with_relations() -> QuerySet[Deck]:
    return Deck.objects.select_related("owner", "game", "format")


def deck_lines(*, deck: Deck) -> list[DeckLine]:
    """The deck's entries in their stored order, cards and printings loaded (one query)."""
    entries = deck.entries.select_related("card", "printing__set").order_by("position")
    return [
        DeckLine(entry.section, entry.card, entry.quantity, entry.printing) for entry in entries
    ]


def deck_entry_refs(*, deck: Deck) -> list[EntryRef]:
    """The deck's entries as the rules core's requested lines: by card id, printing pinned.

    This is how validation, export and test games read a stored deck.
    """
    return lines_as_refs(deck_lines(deck=deck))


def lines_as_refs(lines: Sequence[DeckLine]) -> list[EntryRef]:
    """Deck lines (stored, or a draft in the editor) as the rules core's requested lines."""
    return [
        EntryRef(
            section=line.section,
            quantity=line.quantity,
            name=line.card.name,
            id=line.card.pk,
            set=line.printing.set.code if line.printing else None,
            number=line.printing.number if line.printing else None,
        )
        for line in lines
    ]


def deck_version_latest(*, deck: Deck) -> DeckVersion | None:
    return deck.versions.order_by("-number").first()


def deck_versions(*, deck: Deck) -> QuerySet[DeckVersion]:
    """The deck's versions, oldest first, without their (possibly large) snapshots."""
    return deck.versions.order_by("number").defer("snapshot")


class VersionNotFound(Exception):
    """A version number the deck does not have; `field` names the parameter that asked."""

    def __init__(self, field: str, number: int) -> None:
        super().__init__(f"no version {number}")
        self.field = field
        self.number = number


def deck_version_get(*, deck: Deck, number: int, field: str = "number") -> DeckVersion:
    version = deck.versions.filter(number=number).first()
    if version is None:
        raise VersionNotFound(field, number)
    return version


def deck_diff(*, deck: Deck, from_number: int, to_number: int) -> dict[str, Any]:
    """What changed from one version of the deck to another (either order), in one query."""
    # Two exact lookups, not `number__in`: Django answers an exact lookup past the column's
    # range with no rows, while SQLite refuses such a number in an IN list (a 500).
    wanted = Q(number=from_number) | Q(number=to_number)
    versions = {v.number: v for v in deck.versions.filter(wanted)}
    for field, number in (("from", from_number), ("to", to_number)):
        if number not in versions:
            raise VersionNotFound(field, number)
    return {
        "from": from_number,
        "to": to_number,
        **snapshot_diff(versions[from_number].snapshot, versions[to_number].snapshot),
    }


def deck_public_using(*, card_id: int) -> QuerySet[Deck]:
    """Public decks with the card in any section, most recently changed first."""
    return (
        Deck.objects.filter(visibility=Deck.Visibility.PUBLIC, entries__card_id=card_id)
        .select_related("owner", "game", "format")
        .distinct()
        .order_by("-updated", "-id")
    )
