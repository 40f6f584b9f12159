"""Reads of stored decks: who may see which deck, their entries, versions and diffs.

Every read of a deck's contents (its lines, versions, snapshots, hashes, report, diffs) takes
the viewer (the user asking, or an anonymous one) and answers what that viewer may see
(decks.privacy): one call, no second call to mask. The readers of the contents as stored
(decks.contents) are private to the decks app."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING, Any
from uuid import UUID

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce
from django.db.models.query import ModelIterable
from django.utils import timezone

from basics.errors import InvalidRequest
from cards.models import Card, Game, Viewer
from rulebook.core.game import MAYBEBOARD
from rulebook.core.identity import identity
from rulebook.core.report import Report
from rulebook.core.resolve import EntryRef
from rules.services.validation import deck_validate

from . import contents, privacy
from .diff import snapshot_diff
from .links import DeckLink
from .models import (
    PROXY_PRINT_KEPT,
    PROXY_PRINT_WAIT,
    Deck,
    DeckDraft,
    DeckEntry,
    DeckLike,
    DeckVersion,
    ProxyPrint,
)
from .resolution import DeckLine, maybeboard_apart


def deck_list(*, user: User | AnonymousUser) -> QuerySet[Deck]:
    """The decks a user browses: their own (any visibility) and everyone's public decks."""
    listed = Q(visibility=Deck.Visibility.PUBLIC)
    if user.is_authenticated:
        listed |= Q(owner=user)
    return Deck.objects.filter(listed).select_related("owner", "game", "format")


def deck_list_public(*, besides: Viewer = None) -> QuerySet[Deck]:
    """Everyone's public decks: what a visitor browses; `besides` a user, theirs left out."""
    decks = _decks_with_relations().filter(visibility=Deck.Visibility.PUBLIC)
    if besides is not None and besides.is_authenticated:
        decks = decks.exclude(owner=besides)
    return decks


def deck_get_visible(*, user: User | AnonymousUser, deck_id: int) -> Deck:
    """The deck with this id if this user may read it by id: their own, or a public deck.

    Raises Deck.DoesNotExist otherwise, exactly as for a deck that does not exist: ids are
    sequential, so counting them must not find a deck that is not public (an unlisted deck is
    read through its link, deck_get_by_link).
    """
    readable = Q(visibility=Deck.Visibility.PUBLIC)
    if user.is_authenticated:
        readable |= Q(owner=user)
    return _decks_with_relations().get(readable, pk=deck_id)


def deck_get_own(*, user: User | AnonymousUser, deck_id: int) -> Deck:
    """The user's own deck with this id; Deck.DoesNotExist for anyone else's or none."""
    if not user.is_authenticated:
        raise Deck.DoesNotExist
    return _decks_with_relations().get(owner=user, pk=deck_id)


def deck_list_own(*, user: User | AnonymousUser, game: str | None = None) -> QuerySet[Deck]:
    """The user's own decks (none for a visitor), by name, of one game when it is given."""
    if not user.is_authenticated:
        return Deck.objects.none()
    decks = _decks_with_relations().filter(owner=user)
    if game is not None:
        decks = decks.filter(game__slug=game)
    return decks.order_by("name", "id")


def deck_versions_own(*, user: User | AnonymousUser, game: Game) -> QuerySet[DeckVersion]:
    """Every version of the user's own decks of a game (none for a visitor), by deck name and
    newest first: what a player may register for an event."""
    if not user.is_authenticated:
        return DeckVersion.objects.none()
    return (
        DeckVersion.objects.filter(deck__owner=user, deck__game=game)
        .select_related("deck")
        .order_by("deck__name", "-number")
    )


def deck_get_by_link(*, user: User | AnonymousUser, token: str) -> Deck:
    """The deck whose link holds this token: anyone's unlisted or public deck, or their own.

    Raises Deck.DoesNotExist otherwise, as deck_get_visible does.
    """
    readable = ~Q(visibility=Deck.Visibility.PRIVATE)
    if user.is_authenticated:
        readable |= Q(owner=user)
    return _decks_with_relations().get(readable, link_token=token)


def deck_get_readable(*, user: User | AnonymousUser, address: int | DeckLink) -> Deck:
    """The deck at this address (decks.links): by link token or by id, as the API and the site
    both read it. Raises Deck.DoesNotExist when this user may not read it."""
    if isinstance(address, DeckLink):
        return deck_get_by_link(user=user, token=address)
    return deck_get_visible(user=user, deck_id=address)


def _decks_with_relations() -> QuerySet[Deck]:
    return Deck.objects.select_related("owner", "game", "format")


def deck_lines(*, deck: Deck, viewer: Viewer, maybeboard: bool = False) -> list[DeckLine]:
    """The deck's entries in their stored order as this viewer may see them: a card they may
    not read is "a private card" (decks.privacy). One query. With `maybeboard`, its
    maybeboard's lines too (section MAYBEBOARD.slug), which no deck's reader counts."""
    lines = contents.stored_lines(deck, maybeboard=maybeboard)
    return privacy.lines_seen_by(deck, lines, viewer)


def deck_entry_refs(*, deck: Deck, viewer: Viewer, maybeboard: bool = False) -> list[EntryRef]:
    """The deck's entries as the rules core's requested lines, as this viewer may read them:
    by card id, printing pinned, a card they may not read named only "a private card".

    This is how validation (as the owner), export and test games read a stored deck; an export
    asks for the `maybeboard` too (its entries in section MAYBEBOARD.slug, which the text
    writer writes last).
    """
    lines = contents.stored_lines(deck, maybeboard=maybeboard)
    return privacy.refs_seen_by(lines_as_refs(lines), lines, viewer)


def deck_entries_for_job(
    *, user: User | AnonymousUser, game: str, deck_id: int, field: str
) -> list[EntryRef]:
    """The entries of a stored deck this user may read, for a test-game job that names it.

    InvalidRequest naming `field` if the deck does not exist, is another user's private deck,
    or is of another game. A card of the deck this user may not read is named only "a private
    card" (decks.privacy), so the job is refused as holding an unknown card without saying
    which."""
    try:
        deck = deck_get_visible(user=user, deck_id=deck_id)
    except Deck.DoesNotExist:
        raise InvalidRequest(field, f"there is no deck {deck_id} that you may read") from None
    if deck.game.slug != game:
        raise InvalidRequest(field, f"deck {deck_id} is a {deck.game.name} deck, not {game}")
    refs = deck_entry_refs(deck=deck, viewer=user)
    if not refs:  # its cards, if any, are unsaved changes in the editor: a game plays the saved
        raise InvalidRequest(
            field, f"{deck.name} has no saved cards yet; open it and save a version first"
        )
    return refs


def deck_report(
    *, deck: Deck, viewer: Viewer, format: str | None = None, as_of: date | None = None
) -> Report:
    """The deck's legality, judged as its owner sees it (their own cards count), told as this
    viewer may read it (decks.privacy.report_seen_by). `format` defaults to the deck's."""
    lines = contents.stored_lines(deck)
    format = format or (deck.format.slug if deck.format else None)
    return _report_seen_by(deck, lines, viewer, format=format, as_of=as_of)


def _report_seen_by(
    deck: Deck, lines: Sequence[DeckLine], viewer: Viewer, *, format: str | None, as_of: date | None
) -> Report:
    """These lines of the deck judged as its owner sees them, told as this viewer may read."""
    report = deck_validate(
        game=deck.game.slug,
        entries=lines_as_refs(lines),
        format=format,
        as_of=as_of,
        viewer=deck.owner,
    )
    return privacy.report_seen_by(report, lines, viewer)


@dataclasses.dataclass(frozen=True)
class DeckShown:
    """A deck's lines (stored, or its owner's draft) as one viewer may see them: each card
    they may not read "a private card"; the report judged as the owner sees the lines and told
    as the viewer may read it (None when not asked for, or when `invalid` says why not); and
    the viewer's own cards among the lines that only they can read (what others see as "a
    private card" until they share them)."""

    lines: list[DeckLine]
    own_private: list[Card]
    report: Report | None = None
    invalid: InvalidRequest | None = None  # the format asked for does not exist
    # the cards considered, not in the deck (section MAYBEBOARD.slug): never judged
    maybeboard: list[DeckLine] = dataclasses.field(default_factory=list)


def deck_shown(
    *,
    deck: Deck,
    viewer: Viewer,
    draft: Sequence[DeckLine] | None = None,
    judge: bool = False,
    format: str | None = None,
    as_of: date | None = None,
) -> DeckShown:
    """The deck's stored lines, or `draft` (lines its owner is editing, resolved among the
    cards they may use), as this viewer may see them (DeckShown), the maybeboard's apart; with
    `judge`, the report of the deck's (never the maybeboard's) in `format` (None: the game's
    default, as deck_validate) as of `as_of`."""
    every = contents.stored_lines(deck, maybeboard=True) if draft is None else list(draft)
    lines, maybeboard = maybeboard_apart(every)
    report, invalid = None, None
    if judge:
        try:
            report = _report_seen_by(deck, lines, viewer, format=format, as_of=as_of)
        except InvalidRequest as exc:
            invalid = exc
    return DeckShown(
        lines=privacy.lines_seen_by(deck, lines, viewer),
        own_private=privacy.own_private_cards(every, viewer),
        report=report,
        invalid=invalid,
        maybeboard=privacy.lines_seen_by(deck, maybeboard, viewer),
    )


def deck_lines_same(*, deck: Deck, owner: Viewer, lines: Sequence[DeckLine]) -> bool:
    """Whether these lines (the owner's draft) hold the deck's stored lines, card for card and
    printing for printing, in any order: whether the draft still changes anything. Only the
    deck's owner is answered; anyone else is told False, since comparing guessed cards with a
    deck would tell which cards it holds."""
    if owner is None or not owner.is_authenticated or owner.pk != deck.owner_id:
        return False
    return _identities(lines) == _identities(contents.stored_lines(deck, maybeboard=True))


def _identities(lines: Sequence[DeckLine]) -> list[tuple[str, int | None, int, int]]:
    return sorted(
        (line.section, line.card.pk, line.printing.pk if line.printing else 0, line.quantity)
        for line in lines
    )


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


def refs_for_text(*, game: Game, refs: Sequence[EntryRef], viewer: Viewer) -> list[EntryRef]:
    """The entries as a text decklist names them: by name (and printing, if pinned), and a card
    whose name another card of the game the viewer can use shares (two MetaZoo Pages called
    Chupacabra) by its key too, so that the text reads back to the same cards."""
    named = {identity(ref.name) for ref in refs if ref.name and ref.set is None}
    usable = Card.objects.usable_by(viewer).filter(game=game)
    shared = set(
        usable.filter(folded_name__in=named)
        .values("folded_name")
        .annotate(cards=Count("id"))
        .filter(cards__gt=1)
        .values_list("folded_name", flat=True)
    )
    ids = [ref.id for ref in refs if ref.id is not None and identity(ref.name or "") in shared]
    keys: dict[int | None, str | None] = (
        dict(usable.filter(pk__in=ids).values_list("pk", "key")) if ids else {}
    )
    return [
        dataclasses.replace(
            ref,
            id=None,
            key=(keys.get(ref.id, ref.key) if identity(ref.name or "") in shared else None),
        )
        for ref in refs
    ]


def deck_latest_version_number(*, deck: Deck) -> int | None:
    """The number of the deck's newest version (None before its first): what a page started
    from, to tell a save made elsewhere since. A number, not contents: whoever reads the deck
    reads its version numbers."""
    return deck.versions.order_by("-number").values_list("number", flat=True).first()


def deck_version_latest(*, deck: Deck, viewer: Viewer) -> DeckVersion | None:
    """The deck's newest version as this viewer may see it (deck_version_get), None before its
    first."""
    latest = contents.stored_version_latest(deck)
    return None if latest is None else _version_seen_by(deck, latest, viewer)


def deck_version_get(
    *, deck: Deck, number: int, viewer: Viewer, field: str = "number"
) -> DeckVersion:
    """One version as this viewer may see it: `hash_seen`, its content hash or None
    (SnapshotMask.hash), and `snapshot_seen`, its snapshot with the cards they may not read
    masked. VersionNotFound names `field` when there is none."""
    return _version_seen_by(deck, contents.stored_version(deck, number, field), viewer)


def _version_seen_by(deck: Deck, version: DeckVersion, viewer: Viewer) -> DeckVersion:
    mask = snapshots_mask(game=deck.game, snapshots=[version.snapshot], viewer=viewer)
    version.hash_seen = mask.hash(version.snapshot, version.content_hash)
    version.snapshot_seen = mask.snapshot(version.snapshot)  # one mask serves both
    return version


def deck_versions(*, deck: Deck, viewer: Viewer) -> QuerySet[DeckVersion]:
    """The deck's versions, oldest first, without their snapshots: a queryset to order, count
    and page as any other, whose every version read is given `hash_seen` as this viewer may
    see it (decks.privacy.versions_seen_by: two queries more per read, whatever its size). A
    serializer reads only `hash_seen`, so a version shown without passing here fails rather
    than tells."""
    versions = contents.stored_versions(deck)
    # A clone keeps its iterable class (django-model-utils' select_subclasses works so).
    versions._iterable_class = type(
        "VersionsSeen", (_VersionsSeen,), {"deck": deck, "viewer": viewer}
    )
    return versions


if TYPE_CHECKING:  # generic for the type checker only: Django's class is not subscriptable
    _VersionRows = ModelIterable[DeckVersion]
else:
    _VersionRows = ModelIterable


class _VersionsSeen(_VersionRows):
    """The rows of a deck_versions queryset, each given `hash_seen` for the viewer; a clone
    (ordered, sliced for a page) keeps its iterable class, so every read of it is masked."""

    deck: Deck
    viewer: Viewer

    def __iter__(self) -> Iterator[DeckVersion]:
        versions = list(super().__iter__())
        yield from privacy.versions_seen_by(self.deck, versions, self.viewer)


def snapshots_mask(
    *, game: Game, snapshots: Iterable[Mapping[str, Any]], viewer: Viewer
) -> privacy.SnapshotMask:
    """What this viewer may not read of these snapshots (locked lists, versions), as one mask
    over them all: apply it to each snapshot, diff or hash shown to them."""
    entries = [entry for snapshot in snapshots for entry in privacy.snapshot_entries(snapshot)]
    return privacy.snapshot_mask(game, entries, viewer)


SnapshotMask = privacy.SnapshotMask
NOTHING_HIDDEN = privacy.NOTHING_HIDDEN  # the mask of a reader who may read every card
VersionNotFound = contents.VersionNotFound


def deck_diff(*, deck: Deck, from_number: int, to_number: int, viewer: Viewer) -> dict[str, Any]:
    """What changed from one version of the deck to another (either order), in one query, as
    this viewer may read it (decks.privacy)."""
    # Two exact lookups, not `number__in`: Django answers an exact lookup past the column's
    # range with no rows, while SQLite refuses such a number in an IN list (a 500).
    wanted = Q(number=from_number) | Q(number=to_number)
    versions = {v.number: v for v in deck.versions.filter(wanted)}
    for field, number in (("from", from_number), ("to", to_number)):
        if number not in versions:
            raise VersionNotFound(field, number)
    diff = snapshot_diff(versions[from_number].snapshot, versions[to_number].snapshot)
    return {"from": from_number, "to": to_number, **privacy.diff_seen_by(deck, diff, viewer)}


def deck_diff_unsaved(*, deck: Deck, lines: Sequence[DeckLine], viewer: Viewer) -> dict[str, Any]:
    """What saving these lines (its owner's, not yet a version) would change from the deck's
    latest version (nothing before its first), as deck_diff says it: the preview of a save."""
    latest = contents.stored_version_latest(deck)
    old = contents.lines_snapshot(deck, []) if latest is None else latest.snapshot
    diff = snapshot_diff(old, contents.lines_snapshot(deck, lines))
    return privacy.diff_seen_by(deck, diff, viewer)


def deck_public_using(*, card_id: int) -> QuerySet[Deck]:
    """Public decks with the card in any section (a maybeboard only considers it), those using
    the most copies first, then the most liked, then the most recently changed; each with
    `copies` and `like_count`."""
    entries = DeckEntry.objects.filter(card_id=card_id).exclude(section=MAYBEBOARD.slug)
    copies = Subquery(
        entries.filter(deck=OuterRef("pk"))
        .values("deck")
        .annotate(total=Sum("quantity"))
        .values("total")
    )
    return (
        Deck.objects.filter(visibility=Deck.Visibility.PUBLIC, pk__in=entries.values("deck"))
        .distinct()
        .select_related("owner", "game", "format")
        .annotate(copies=copies, like_count=_like_count())
        .order_by("-copies", "-like_count", "-updated", "-id")
    )


def deck_draft_get(*, deck: Deck, owner: Viewer) -> DeckDraft | None:
    """The owner's unsaved editor changes to the deck, if they left any."""
    if owner is None or not owner.is_authenticated:
        return None
    return DeckDraft.objects.filter(deck=deck, owner=owner).first()


def _like_count() -> Coalesce:
    """The deck's likes as a subquery, so it composes with other joins without multiplying."""
    return Coalesce(
        Subquery(
            DeckLike.objects.filter(deck=OuterRef("pk"))
            .values("deck")
            .annotate(total=Count("id"))
            .values("total")
        ),
        0,
    )


def deck_with_likes(decks: QuerySet[Deck]) -> QuerySet[Deck]:
    """The decks, each with `like_count`."""
    return decks.annotate(like_count=_like_count())


def deck_liked_by(*, deck: Deck, user: User | AnonymousUser) -> bool:
    return user.is_authenticated and DeckLike.objects.filter(deck=deck, user=user).exists()


def proxy_print_get(*, user: Viewer, print_id: UUID, deck: Deck) -> ProxyPrint:
    """The user's own print of this deck's proxies (decks.proxies) while it is kept; anyone
    else's, or one of another deck, is ProxyPrint.DoesNotExist, as one that never was."""
    if user is None or not user.is_authenticated:
        raise ProxyPrint.DoesNotExist
    return ProxyPrint.objects.get(
        pk=print_id,
        owner=user,
        deck=deck,
        created__gte=timezone.now() - PROXY_PRINT_KEPT,
    )


def proxy_print_kept(*, owner: User, digest: str) -> ProxyPrint | None:
    """The owner's latest print of these contents (ProxyPrint.contents, a digest) that a repeated
    request may answer with: kept, and done or still queued within the wait (not failed, nor
    lost)."""
    now = timezone.now()
    return (
        ProxyPrint.objects.filter(owner=owner, contents=digest, created__gte=now - PROXY_PRINT_KEPT)
        .filter(
            Q(status=ProxyPrint.Status.DONE)
            | Q(status=ProxyPrint.Status.QUEUED, created__gte=now - PROXY_PRINT_WAIT)
        )
        .order_by("-created")
        .first()
    )
