"""Writes to stored decks. Every write is one transaction; every saved change bumps the deck's
revision, and a change to its contents (name, format, entries) adds a DeckVersion; every
saved revision is judged and its verdict stored (decks.verdicts), for lists filtered to legal
decks.

Optimistic concurrency: an update names the revision it was based on, and the write happens
only if the row still has that revision (a conditional UPDATE, which PostgreSQL serialises on
the row lock). Of two writers holding the same ETag exactly one wins; the other gets
DeckChanged, so no update is ever lost.
"""

from __future__ import annotations

import dataclasses
import enum
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F, ProtectedError
from django.utils import timezone

from cards.models import Card, Game
from rulebook.core.decklist import MAX_QUANTITY, LineProblem, parse_decklist
from rulebook.core.game import MAYBEBOARD
from rulebook.core.resolve import EntryRef
from rules.models import Format

from . import privacy
from .contents import lines_snapshot, stored_lines, stored_version
from .models import Deck, DeckDraft, DeckEntry, DeckLike, DeckTag, DeckVersion
from .resolution import DeckLine, entries_resolve
from .snapshots import content_hash
from .verdicts import deck_verdict_judge


class DeckChanged(Exception):
    """The deck is no longer at the revision the writer read (HTTP 412)."""

    def __init__(self, deck: Deck) -> None:
        super().__init__(f"Deck {deck.pk} changed since revision {deck.revision}")
        self.deck = deck


class DeckRegistered(Exception):
    """The deck has a version locked in an event registration, so it cannot be deleted."""

    def __init__(self, deck: Deck) -> None:
        super().__init__(f"Deck {deck.pk} is registered for an event")
        self.deck = deck


class DecklistUnreadable(Exception):
    """Lines of an imported decklist that the parser cannot read, each with its number."""

    def __init__(self, problems: Sequence[LineProblem]) -> None:
        super().__init__(f"{len(problems)} decklist lines cannot be read")
        self.problems = list(problems)


class _Keep(enum.Enum):
    KEEP = "keep"


KEEP = _Keep.KEEP  # "leave this field as it is" in DeckChanges


@dataclass(frozen=True)
class DeckChanges:
    """What an update sets. `sections` replaces the sections it names (the maybeboard among
    them, as MAYBEBOARD.slug) and keeps the others."""

    name: str | _Keep = KEEP
    description: str | _Keep = KEEP
    visibility: str | _Keep = KEEP
    format: Format | _Keep | None = KEEP
    sections: Mapping[str, Sequence[DeckLine]] | _Keep = KEEP

    def fields(self, deck: Deck) -> dict[str, Any]:
        """The plain fields that differ from the deck's, ready for QuerySet.update()."""
        wanted = {
            "name": self.name,
            "description": self.description,
            "visibility": self.visibility,
            "format_id": self.format.pk if isinstance(self.format, Format) else self.format,
        }
        return {
            field: value
            for field, value in wanted.items()
            if value is not KEEP and getattr(deck, field) != value
        }


def deck_create(
    *,
    owner: User,
    game: Game,
    name: str,
    lines: Sequence[DeckLine],
    format: Format | None = None,
    description: str = "",
    visibility: str = Deck.Visibility.PRIVATE,
) -> Deck:
    """A new deck at revision 1 with its first version."""
    with transaction.atomic():
        deck = Deck.objects.create(
            owner=owner,
            game=game,
            format=format,
            name=name,
            description=description,
            visibility=visibility,
        )
        _write_entries(deck, lines)
        _record_version(deck, lines)
        deck_verdict_judge(deck=deck)
    return deck


def deck_copy(*, deck: Deck, owner: User) -> tuple[Deck, list[DeckLine]]:
    """A private copy, owned by `owner`, of a deck they may read, with the cards they may use:
    a card of the deck they may not read (another author's private card) is left out. Answers
    the copy and the lines left out as the owner sees them ("a private card": section and
    copies, never which card), to say how many were."""
    lines = stored_lines(deck, maybeboard=True)
    left_out = privacy.hidden_lines(lines, owner)
    copy = deck_create(
        owner=owner,
        game=deck.game,
        name=f"{deck.name} (copy)"[:200],
        lines=[line for line in lines if line not in left_out],
        format=deck.format,
        description=deck.description,
    )
    return copy, privacy.lines_seen_by(deck, left_out, owner)


def deck_update(*, deck: Deck, expected_revision: int | None, changes: DeckChanges) -> Deck:
    """Apply `changes` if the deck is still at `expected_revision`.

    None (If-Match: *) applies them to whatever revision is current when the write happens
    (RFC 9110 §13.1.1): the row is locked and read again first, so a write made meanwhile is
    neither lost nor a reason to refuse. Raises DeckChanged when another write got there first,
    Deck.DoesNotExist when the deck was deleted meanwhile. A request that changes nothing writes
    nothing and leaves the revision as it was.
    """
    if expected_revision is None:
        with transaction.atomic():
            current = Deck.objects.select_for_update().select_related("game").get(pk=deck.pk)
            return _update_at_revision(current, changes)
    if expected_revision != deck.revision:
        raise DeckChanged(deck)
    return _update_at_revision(deck, changes)


def _update_at_revision(deck: Deck, changes: DeckChanges) -> Deck:
    """Apply `changes` to `deck` as read, only if its row is still at that revision."""
    fields = changes.fields(deck)
    current = stored_lines(deck, maybeboard=True)
    lines = current if changes.sections is KEEP else _merge(deck, current, changes.sections)
    entries_changed = _identities(lines) != _identities(current)
    if not fields and not entries_changed:
        return deck
    with transaction.atomic():
        won = Deck.objects.filter(pk=deck.pk, revision=deck.revision).update(
            revision=F("revision") + 1, updated=timezone.now(), **fields
        )
        if not won:
            raise DeckChanged(deck)
        if entries_changed:
            deck.entries.all().delete()
            _write_entries(deck, lines)
        deck.refresh_from_db()
        _record_version(deck, lines)
        deck_verdict_judge(deck=deck)
    return deck


def deck_delete(*, deck: Deck, expected_revision: int | None = None) -> None:
    """Delete the deck, its entries and versions; with a revision, only if still at it.

    Raises DeckRegistered (and deletes nothing) when an event registration locks a version.
    """
    decks = Deck.objects.filter(pk=deck.pk)
    if expected_revision is not None:
        decks = decks.filter(revision=expected_revision)
    with transaction.atomic():
        # Claiming the row with a conditional UPDATE locks it until the delete commits.
        if not decks.update(revision=F("revision") + 1):
            raise DeckChanged(deck)
        try:
            Deck.objects.filter(pk=deck.pk).delete()
        except ProtectedError:  # an event registration locks one of its versions
            raise DeckRegistered(deck) from None


def deck_import(
    *,
    owner: User,
    game: Game,
    name: str,
    text: str,
    format: Format | None = None,
    description: str = "",
    visibility: str = Deck.Visibility.PRIVATE,
) -> Deck:
    """A new deck from a plain-text decklist (decklist_lines)."""
    return deck_create(
        owner=owner,
        game=game,
        name=name,
        lines=decklist_lines(game=game, text=text, owner=owner),
        format=format,
        description=description,
        visibility=visibility,
    )


def decklist_lines(*, game: Game, text: str, owner: User) -> list[DeckLine]:
    """The lines a plain-text decklist makes, its Maybeboard's among them, over the cards the
    owner may use. Raises DecklistUnreadable for lines the parser cannot read and
    InvalidEntries (whose refs carry line numbers) for unknown cards."""
    parsed = parse_decklist(text, game.spec)
    if parsed.problems:
        raise DecklistUnreadable(parsed.problems)
    refs = [*parsed.entries, *parsed.maybeboard]
    return entries_resolve(game=game, refs=refs, owner=owner, pasted=True)


def whole_deck(game: Game, lines: Sequence[DeckLine]) -> dict[str, list[DeckLine]]:
    """These lines as DeckChanges.sections that replace the whole deck: every section of the
    game and the maybeboard, the ones they leave out emptied."""
    return {
        slug: [line for line in lines if line.section == slug]
        for slug in (*game.spec.section_slugs, MAYBEBOARD.slug)
    }


def _merge(
    deck: Deck, current: Sequence[DeckLine], replaced: Mapping[str, Sequence[DeckLine]]
) -> list[DeckLine]:
    """The deck's lines with the sections in `replaced` swapped in, in the game's order, the
    maybeboard last."""
    merged: list[DeckLine] = []
    for slug in (*deck.game.spec.section_slugs, MAYBEBOARD.slug):
        if slug in replaced:
            merged.extend(replaced[slug])
        else:
            merged.extend(line for line in current if line.section == slug)
    return merged


def _identities(lines: Sequence[DeckLine]) -> list[tuple[Any, ...]]:
    return [(*line.identity, line.quantity) for line in lines]


def _write_entries(deck: Deck, lines: Sequence[DeckLine]) -> None:
    DeckEntry.objects.bulk_create(
        DeckEntry(
            deck=deck,
            section=line.section,
            card=line.card,
            printing=line.printing,
            quantity=line.quantity,
            position=position,
        )
        for position, line in enumerate(lines)
    )


def _record_version(deck: Deck, lines: Sequence[DeckLine]) -> DeckVersion | None:
    """Write the next version if the contents differ from the latest one's; else nothing."""
    snapshot = lines_snapshot(deck, lines)
    digest = content_hash(snapshot)
    latest = deck.versions.order_by("-number").first()
    if latest is not None and latest.content_hash == digest:
        return None
    return DeckVersion.objects.create(
        deck=deck,
        number=latest.number + 1 if latest else 1,
        content_hash=digest,
        snapshot=snapshot,
    )


class DraftChanged(Exception):
    """The draft was changed (by another tab or device) since the page asking started from it:
    nothing is written. `current` is the draft as it stands, None if it is gone."""

    def __init__(self, current: DeckDraft | None) -> None:
        super().__init__("the draft changed since this page was drawn")
        self.current = current


# A new draft's first revision: random, so no page of an earlier draft (saved or discarded
# since) can hold it; 2**52 leaves room to count up in any database's bigint.
_NEW_DRAFT_REVISIONS = 2**52


def deck_draft_keep(
    *,
    deck: Deck,
    owner: User,
    form: Mapping[str, Any],
    revision: int,
    expected_draft_revision: int | None,
) -> DeckDraft:
    """Keep (replace) the owner's unsaved editor changes to the deck, checked as a save is:
    DraftChanged if a draft is kept whose draft revision is not the one the page started from
    (`expected_draft_revision`, None for a page drawn without one). A page may always start a
    draft where none is kept."""
    with transaction.atomic():
        draft = DeckDraft.objects.select_for_update().filter(deck=deck, owner=owner).first()
        if draft is None:
            return DeckDraft.objects.create(
                deck=deck,
                owner=owner,
                form=dict(form),
                revision=revision,
                draft_revision=1 + secrets.randbelow(_NEW_DRAFT_REVISIONS),
            )
        if draft.draft_revision != expected_draft_revision:
            raise DraftChanged(draft)
        draft.form, draft.revision = dict(form), revision
        draft.draft_revision += 1
        draft.save(update_fields=["form", "revision", "draft_revision", "updated"])
        return draft


def deck_draft_discard(
    *, deck: Deck, owner: User, expected_draft_revision: int | None = None
) -> None:
    """Forget the owner's unsaved editor changes to the deck (saved, or thrown away). With
    `expected_draft_revision`, a draft changed since (by another tab) is kept: DraftChanged."""
    with transaction.atomic():
        drafts = DeckDraft.objects.select_for_update().filter(deck=deck, owner=owner)
        draft = drafts.first()
        if draft is None:
            return
        if expected_draft_revision is not None and draft.draft_revision != expected_draft_revision:
            raise DraftChanged(draft)
        draft.delete()


class TooManyCopies(ValueError):
    """Adding would take a line past MAX_QUANTITY copies: nothing is added."""


def deck_add_card(*, deck: Deck, card: Card, section: str, quantity: int) -> Deck:
    """Add copies of a card to one section of the deck (a card page's "Add to deck"), as a new
    version. Read and written under the deck's row lock, so a change saved meanwhile is kept,
    not overwritten; copies already there (unpinned) are added to. TooManyCopies, and nothing
    added, when the line would pass MAX_QUANTITY."""
    with transaction.atomic():
        current = Deck.objects.select_for_update().select_related("game").get(pk=deck.pk)
        lines = [line for line in stored_lines(current) if line.section == section]
        for index, line in enumerate(lines):
            if line.card.pk == card.pk and line.printing is None:
                total = line.quantity + quantity
                if total > MAX_QUANTITY:
                    raise TooManyCopies(
                        f"the deck would hold {total} copies; a line holds at most {MAX_QUANTITY}"
                    )
                lines[index] = dataclasses.replace(line, quantity=total)
                break
        else:
            lines.append(DeckLine(section, card, quantity))
        return _update_at_revision(current, DeckChanges(sections={section: lines}))


class SwapNotHeld(ValueError):
    """The deck no longer holds the copies a swap takes out: nothing is changed."""


def deck_swap(*, deck: Deck, out_key: str, card: Card, count: int) -> Deck:
    """Replace `count` copies of the card keyed `out_key` by `card`, each in the section that
    held it (a deck doctor's suggestion applied), as a new version. Read and written under the
    deck's row lock, as deck_add_card; SwapNotHeld, and nothing changed, when the deck holds
    fewer copies than that."""
    with transaction.atomic():
        current = Deck.objects.select_for_update().select_related("game").get(pk=deck.pk)
        lines = list(stored_lines(current))
        held = sum(line.quantity for line in lines if line.card.key == out_key)
        if held < count:
            raise SwapNotHeld(f"the deck holds {held} of {out_key}, not {count}")
        left = count
        sections: dict[str, int] = {}  # section -> copies taken out of it
        for index, line in enumerate(lines):
            if line.card.key != out_key or not left:
                continue
            taken = min(left, line.quantity)
            left -= taken
            lines[index] = dataclasses.replace(line, quantity=line.quantity - taken)
            sections[line.section] = sections.get(line.section, 0) + taken
        kept = [line for line in lines if line.quantity]
        changed = {}
        for section, copies in sections.items():
            in_section = [line for line in kept if line.section == section]
            for index, line in enumerate(in_section):
                if line.card.pk == card.pk and line.printing is None:
                    in_section[index] = dataclasses.replace(line, quantity=line.quantity + copies)
                    break
            else:
                in_section.append(DeckLine(section, card, copies))
            changed[section] = in_section
        return _update_at_revision(current, DeckChanges(sections=changed))


def deck_restore(*, deck: Deck, number: int, expected_revision: int | None) -> Deck:
    """Make an old version the deck's contents again (its cards, maybeboard and format; the
    name, the description and who sees it stay), as a new version: nothing of the history is
    lost.

    Raises VersionNotFound, DeckChanged as deck_update does, and InvalidEntries when a card of
    the old version can no longer be used (deleted, or no longer shared with the owner)."""
    version = stored_version(deck, number)
    parts = [*version.snapshot["sections"].items()]
    parts.append((MAYBEBOARD.slug, version.snapshot.get("maybeboard", [])))
    refs = [
        EntryRef(
            slug,
            entry["quantity"],
            key=entry["key"],
            set=entry.get("set"),
            number=entry.get("number"),
        )
        for slug, entries in parts
        for entry in entries
    ]
    lines = entries_resolve(game=deck.game, refs=refs, owner=deck.owner)
    slug = version.snapshot.get("format")
    format = Format.objects.filter(game=deck.game, slug=slug).first() if slug else None
    changes = DeckChanges(sections=whole_deck(deck.game, lines), format=format)
    return deck_update(deck=deck, expected_revision=expected_revision, changes=changes)


def deck_like(*, deck: Deck, user: User, liked: bool) -> int:
    """Like (or stop liking) a deck; the number of likes it has after."""
    if liked:
        DeckLike.objects.get_or_create(deck=deck, user=user)
    else:
        DeckLike.objects.filter(deck=deck, user=user).delete()
    return DeckLike.objects.filter(deck=deck).count()


MAX_TAGS = 10
TAG_LENGTH = 30


class TagsRefused(ValueError):
    """A tag list that cannot be kept: the message says why."""


def tags_read(text: str) -> list[str]:
    """Tags from what the owner typed ("Aggro, budget  combo"): lower case, words joined by
    hyphens, each once, in the order given. TagsRefused if there are too many or one is long."""
    tags: list[str] = []
    for part in text.replace(";", ",").split(","):
        tag = tag_name(part)
        if tag and tag not in tags:
            tags.append(tag)
    if len(tags) > MAX_TAGS:
        raise TagsRefused(f"A deck has at most {MAX_TAGS} tags, not {len(tags)}.")
    if long := [tag for tag in tags if len(tag) > TAG_LENGTH]:
        raise TagsRefused(f"A tag has at most {TAG_LENGTH} characters: {long[0]!r} is longer.")
    return tags


def tag_name(text: str) -> str:
    """A tag as it is kept and looked up: lower case, its words joined by hyphens."""
    return "-".join(text.lower().split())


def deck_details_set(*, deck: Deck, description: str, tags: Sequence[str]) -> Deck:
    """The deck's description (Markdown) and tags, in one transaction; neither is a new version
    (a version is the list of cards a registration locks)."""
    with transaction.atomic():
        Deck.objects.filter(pk=deck.pk).update(description=description, updated=timezone.now())
        DeckTag.objects.filter(deck=deck).exclude(name__in=tags).delete()
        DeckTag.objects.bulk_create(
            [DeckTag(deck=deck, name=tag) for tag in tags], ignore_conflicts=True
        )
    deck.refresh_from_db()
    return deck
