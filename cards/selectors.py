"""Reads of the card database: search, named lookup, autocomplete, batch lookup, suggestions.

PostgreSQL answers name-similarity questions with pg_trgm (the trigram indexes on UPPER(name)
from migrations 0002 and 0003); other databases get a plain-Python fallback over the game's
names that gives the same answers for ordinary typos.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, TypedDict

from django.core.files.storage import default_storage
from django.db import connection, transaction
from django.db.models import F, Q, QuerySet
from django.db.models.functions import Upper

from basics.chunks import in_chunks
from rulebook.core.identity import identity

from .models import (
    Card,
    CardPicture,
    CardRevision,
    CardSet,
    Game,
    ImageUrls,
    Printing,
    PrintingRow,
    Viewer,
)
from .picture_files import FOLDER, picture_folder_url
from .search import parse, search_ordering, search_q

AUTOCOMPLETE_LIMIT = 20
COLLECTION_LIMIT = 100
# pg_trgm similarities tried in turn (0.3 is pg_trgm's default); off PostgreSQL, difflib's
# ratio (also 0..1) below which a name is not offered.
SIMILARITY_THRESHOLDS = (0.5, 0.3)
# Asked for the best match alone (a fuzzy named lookup), a stronger step is tried first: the
# best name at 0.6 is the best at 0.5 whenever there is one, and the usual typo (two letters
# swapped) has one; asked at 0.6 the trigram index offers fewer names to read and score
# (bench/search.py's typos: 157 buffers a lookup where 0.5 first read 198).
BEST_MATCH_THRESHOLDS = (0.6, *SIMILARITY_THRESHOLDS)
FALLBACK_CUTOFF = 0.6


def _uses_trigrams() -> bool:
    return connection.vendor == "postgresql"


def card_queryset(viewer: Viewer = None) -> QuerySet[Card]:
    """The cards this viewer may use (see Card.objects.usable_by; by default the catalogue and
    shared user-made cards) in the catalogue's deterministic order, read without joins (so that
    counting a search's matches reads only the card table); give the cards that will be shown
    their game slug and printings with `cards_for_display`. The columns only searches read
    are not read."""
    cards = Card.objects.usable_by(viewer).without_searched_columns()
    return cards.order_by("name", "key", "id")


def cards_for_display(*, ids: Sequence[int], viewer: Viewer) -> list[Card]:
    """The cards with these ids that the viewer may read (card_queryset), in the ids' order,
    each given `game_slug`, `printing_list`: its printings as plain rows (`set_code`,
    `set_name`, `set_is_sample`, `number`, `rarity`, `image_url`) in set and number order, and
    `image_urls` (as cards_given_image_urls gives them).

    Two queries for all the cards: the rows with their game's slug and their picture's names
    joined in, then the printings. Plain printing rows rather than prefetch_related's model
    instances: on a page of 50 cards that halves the CPU time of reading it; the joins in
    place of a query each for the games and the pictures took a search page from six queries
    to four (bench/search.py).
    """
    if not ids:
        return []
    rows = (
        card_queryset(viewer)
        .order_by()
        .filter(pk__in=ids)
        .defer("created", "updated")  # shown nowhere a page of cards is
        .annotate(
            slug_of_game=F("game__slug"),
            thumb_name=F("picture__thumb"),
            full_name=F("picture__full"),
        )
    )
    by_id = {card.pk: card for card in rows}
    printings = _printing_rows(by_id)
    pictures = {card.pk: (card.thumb_name, card.full_name) for card in by_id.values()}
    cards: list[Card] = []
    for pk in ids:
        card = by_id.get(pk)
        if card is not None:  # unless deleted meanwhile
            card.game_slug = card.slug_of_game
            card.printing_list = printings[pk]
            cards.append(card)
    return _given_image_urls(cards, pictures)


def _printing_rows(card_ids: Iterable[int]) -> dict[int, list[PrintingRow]]:
    """These cards' printings as plain rows, by card id, in set and number order. One query."""
    rows = (
        Printing.objects.filter(card__in=list(card_ids))
        .order_by("set__code", "number", "id")
        .values(
            "card_id",
            "number",
            "rarity",
            "image_url",
            set_code=F("set__code"),
            set_name=F("set__name"),
            set_is_sample=F("set__is_sample"),
        )
    )
    by_card: dict[int, list[PrintingRow]] = defaultdict(list)
    for row in rows:
        by_card[row["card_id"]].append(row)
    return by_card


def card_picture_names(cards: Iterable[Card]) -> dict[int, tuple[str, str]]:
    """The storage names (thumbnail, full size) of these cards' pictures, by card id; a card
    without one is left out. One query."""
    ids = [card.pk for card in cards if card.pk is not None]
    if not ids:
        return {}
    names = CardPicture.objects.filter(card__in=ids).values_list("card_id", "thumb", "full")
    return {card_id: (thumb, full) for card_id, thumb, full in names}


def cards_given_image_urls(cards: list[Card]) -> list[Card]:
    """The cards, each given `image_urls`: its picture's `thumb` and `full` URLs, or None.
    One query."""
    return _given_image_urls(cards, card_picture_names(cards))


def _given_image_urls(
    cards: list[Card], names: Mapping[int, tuple[str | None, str | None]]
) -> list[Card]:
    """The cards, each given `image_urls` from its picture's storage names (none, or empty:
    no picture).

    The storage is asked for the pictures' folder URL once, and each name (a hex digest, nothing
    to quote) is added to it: what storage.url answers for each name, without its urljoin and
    quote per name, which cost a search page with pictures a third more CPU (bench/search.py).
    A name elsewhere, or a storage whose URLs carry a query (signed), is asked one by one."""
    folder = f"{FOLDER}/"
    base = picture_folder_url() if names else ""
    for card in cards:
        thumb, full = names.get(card.pk, (None, None))
        if not thumb or not full:
            card.image_urls = None
        elif "?" in base or not (thumb.startswith(folder) and full.startswith(folder)):
            card.image_urls = {
                "thumb": default_storage.url(thumb),
                "full": default_storage.url(full),
            }
        else:
            card.image_urls = {
                "thumb": base + thumb.removeprefix(folder),
                "full": base + full.removeprefix(folder),
            }
    return cards


@dataclass(frozen=True, slots=True)
class NamedPicture:
    """A card's picture where a page names the card without its row (a test game's figures, a
    deck's missing cards): what web/cards/picture_peek.html reads."""

    name: str
    image_urls: ImageUrls


def card_pictures_named(
    *, game: str, names: Iterable[str], viewer: Viewer
) -> dict[str, NamedPicture]:
    """The pictures of the cards of this game with these names that this viewer may read, by
    each name as given (compared as card identity compares names). A name without a picture,
    or only another's private card's, is left out. Two queries."""
    wanted = {identity(name): name for name in names}
    cards = list(
        card_queryset(viewer)
        .filter(game__slug=game, folded_name__in=wanted, picture__isnull=False)
        .only("name", "folded_name")
    )
    pictures: dict[str, NamedPicture] = {}
    for card in cards_given_image_urls(cards):
        name = wanted[card.folded_name]
        if card.image_urls is not None and name not in pictures:  # the first of namesakes
            pictures[name] = NamedPicture(name=name, image_urls=card.image_urls)
    return pictures


def card_search(
    *, query: str, cards: QuerySet[Card] | None = None, viewer: Viewer = None
) -> QuerySet[Card]:
    """Cards matching a search-language query (`owned:` reads the viewer's collection);
    QuerySyntaxError names the position if unreadable."""
    cards = card_queryset(viewer) if cards is None else cards
    node = parse(query)
    matches = cards.filter(search_q(node, viewer=viewer))
    ordering = search_ordering(node)
    return matches if ordering is None else matches.order_by(*ordering)


def card_set_list() -> QuerySet[CardSet]:
    """Sets by game, then code."""
    return CardSet.objects.select_related("game").order_by("game__slug", "code", "id")


def catalogue_names(*, game: str) -> frozenset[str]:
    """The names of a game's catalogue cards: what a card's construction text may name (its
    game's grammar reads them as terminals; rulebook.core.construction_text). Card.known_names
    asks the same of one card's game, inside the model layer."""
    cards = Card.objects.filter(game__slug=game, owner__isnull=True)
    return frozenset(cards.values_list("name", flat=True))


def catalogue_card(*, game: str, key: str) -> Card | None:
    """A game's catalogue card (never a user's own) by its key, or None."""
    return Card.objects.filter(game__slug=game, key=key, owner__isnull=True).first()


def catalogue_types(*, game: str, folded_names: Iterable[str]) -> dict[str, str]:
    """The type of each of a game's catalogue cards named (by folded name)."""
    cards = Card.objects.filter(
        game__slug=game, owner__isnull=True, folded_name__in=list(folded_names)
    )
    return dict(cards.values_list("folded_name", "type"))


def game_list() -> QuerySet[Game]:
    """Games by slug, with their formats."""
    return Game.objects.registered().prefetch_related("formats").order_by("slug")


def card_named(*, game: str, name: str, fuzzy: bool = False, viewer: Viewer = None) -> Card | None:
    """The card of this game with this name (case-insensitive), or with fuzzy, the most similar.

    Several cards may share a name (MetaZoo Pages that differ mechanically); the first in
    catalogue order answers.
    """
    exact = card_queryset(viewer).filter(game__slug=game, folded_name=identity(name))
    card_id = exact.values_list("pk", flat=True).first()
    if card_id is not None:
        return cards_for_display(ids=[card_id], viewer=viewer)[0]
    if not fuzzy:
        return None
    best = card_suggestions(game=game, name=name, limit=1, viewer=viewer)
    return card_named(game=game, name=best[0], viewer=viewer) if best else None


def card_suggestions(*, game: str, name: str, limit: int = 5, viewer: Viewer = None) -> list[str]:
    """Names of the game's cards most like `name`, best first: the "did you mean" list.

    An unknown game or an empty name has no suggestions.
    """
    return card_suggestions_many(game=game, names=[name], limit=limit, viewer=viewer).get(name, [])


def card_suggestions_many(
    *, game: str, names: Sequence[str], limit: int = 5, viewer: Viewer = None
) -> dict[str, list[str]]:
    """The "did you mean" list of each name, in one query whatever the number of names (on
    PostgreSQL one trigram lookup per name inside it; elsewhere the game's names read once).

    Callers cap how many names they ask about (rulebook.core.resolve.MAX_SUGGESTED_NAMES): the
    cost grows with them, and a request full of unknown names must stay cheap. Only cards the
    viewer may use are suggested (Card.objects.usable_by).
    """
    wanted = [name for name in dict.fromkeys(names) if name.strip()]
    if not wanted or limit <= 0:
        return {}
    if _uses_trigrams():
        return _trigram_suggestions(game, wanted, limit, _viewer_id(viewer))
    known: dict[str, str] = {}
    usable = Card.objects.usable_by(viewer).filter(game__slug=game)
    for candidate in usable.values_list("name", flat=True):
        known.setdefault(identity(candidate), candidate)
    folded = list(known)
    return {
        name: [
            known[match]
            for match in difflib.get_close_matches(
                identity(name), folded, n=limit, cutoff=FALLBACK_CUTOFF
            )
        ]
        for name in wanted
    }


# One lateral trigram lookup per asked name, each served by the GIN index of UPPER(name).
_TRIGRAM_SQL = """
SELECT asked.i, found.name, found.score
FROM unnest(%(names)s::text[]) WITH ORDINALITY AS asked(name, i)
CROSS JOIN LATERAL (
    SELECT card.name, similarity(UPPER(card.name), UPPER(asked.name)) AS score
    FROM cards_card AS card
    WHERE card.game_id = (SELECT id FROM cards_game WHERE slug = %(game)s)
      AND (card.owner_id IS NULL OR card.shared OR card.owner_id = %(viewer)s)
      AND UPPER(card.name) %% UPPER(asked.name)
    ORDER BY score DESC, card.name
    LIMIT %(candidates)s
) AS found
ORDER BY asked.i, found.score DESC, found.name
"""


def _viewer_id(viewer: Viewer) -> int | None:
    """The id whose own user-made cards the viewer may use (the SQL twin of usable_by)."""
    return viewer.pk if viewer is not None and viewer.is_authenticated else None


def _trigram_suggestions(
    game: str, names: list[str], limit: int, viewer_id: int | None
) -> dict[str, list[str]]:
    """Names similar by pg_trgm's `%`, most similar first, for every name in one query per
    threshold.

    Strong matches (the usual typo, similarity of at least the first threshold) push weaker
    ones out; only the names without any are asked again at the next threshold, down to
    pg_trgm's default 0.3. Asking at the strong threshold first is what keeps a typo cheap: at
    0.3 a name shares enough trigrams with hundreds of names, each read from the card table to
    be scored (a typical typo on 100,000 cards: 786 buffers at 0.3, 155 at 0.5). The best
    match alone (`limit` 1) is asked at a stronger one still first (BEST_MATCH_THRESHOLDS).
    """
    answers: dict[str, list[str]] = {}
    thresholds = BEST_MATCH_THRESHOLDS if limit == 1 else SIMILARITY_THRESHOLDS
    with transaction.atomic(), connection.cursor() as cursor:
        for threshold in thresholds:
            unanswered = [name for name in names if name not in answers]
            if not unanswered:
                break
            cursor.execute(
                "SELECT set_config('pg_trgm.similarity_threshold', %s, true)", [str(threshold)]
            )
            cursor.execute(
                _TRIGRAM_SQL,
                {"names": unanswered, "game": game, "candidates": limit * 4, "viewer": viewer_id},
            )
            found: dict[str, list[str]] = defaultdict(list)
            for index, candidate, _score in cursor.fetchall():
                found[unanswered[index - 1]].append(candidate)
            answers.update((name, _distinct(found[name], limit)) for name in found)
        # Only reads happened: rolling the block back undoes the transaction-local threshold,
        # so it never leaks into the caller's transaction.
        transaction.set_rollback(True)
    return {name: answers.get(name, []) for name in names}


# Characters after which a name's next word starts ("Teeny Hot Dog", "Fire-Breathing").
WORD_SEPARATORS = (" ", "-", "/", "(", '"')


def card_autocomplete(*, query: str, game: str | None = None, viewer: Viewer = None) -> list[str]:
    """At most 20 distinct card names containing `query`, best first: names starting with it,
    then names with a later word starting with it, then names containing it mid-word ("ho":
    "Hot Dog", "Teeny Hot Dog", then "Blue Techo"); each group in alphabetical order."""
    query = query.strip()
    if not query:
        return []
    cards = Card.objects.usable_by(viewer)
    cards = cards.filter(game__slug=game) if game else cards
    word_start = Q()
    for separator in WORD_SEPARATORS:
        word_start |= Q(name__icontains=separator + query)
    tiers = (Q(name__istartswith=query), word_start, Q(name__icontains=query))
    names: list[str] = []
    for number, tier in enumerate(tiers):
        matches = cards.filter(tier)
        for earlier in tiers[:number]:
            matches = matches.exclude(earlier)
        names += _names(matches, AUTOCOMPLETE_LIMIT - len(names))
        if len(names) == AUTOCOMPLETE_LIMIT:
            break
    return names


def _names(cards: QuerySet[Card], limit: int) -> list[str]:
    """Distinct names in case-insensitive order (on PostgreSQL, read from the prefix index)."""
    ordered = cards.order_by(Upper("name"), "name").values_list("name", flat=True).distinct()
    return list(ordered[:limit])


def _distinct(names: Iterable[str], limit: int) -> list[str]:
    """The first `limit` distinct names, in order."""
    unique = list(dict.fromkeys(names))
    return unique[:limit]


class CardIdentifier(TypedDict, total=False):
    """One card of a batch, by one of: id; game and key; game and name; game, set and number
    (the API's CardCollectionInput checks that each names one of these ways)."""

    id: int
    game: str
    key: str
    name: str
    set: str
    number: str


@dataclass(frozen=True)
class CollectionResult:
    """Cards found for a batch of identifiers, in their order, and the identifiers not found."""

    cards: list[Card]
    not_found: list[CardIdentifier]


def card_collection(
    *, identifiers: list[CardIdentifier], viewer: Viewer = None
) -> CollectionResult:
    """Look up to 100 cards at once, each identified by one of:
    `{"id"}`, `{"key", "game"}`, `{"name", "game"}` (case-insensitive) or
    `{"set", "number", "game"}` (a printing). One query finds every candidate; each identifier
    is then matched in Python, so the answer keeps the identifiers' order.
    """
    found = card_queryset(viewer).filter(_collection_q(identifiers)).distinct()
    candidates = cards_for_display(ids=list(found.values_list("pk", flat=True)), viewer=viewer)
    cards: list[Card] = []
    not_found: list[CardIdentifier] = []
    for identifier in identifiers:
        card = next((card for card in candidates if _identifies(identifier, card)), None)
        if card is None:
            not_found.append(identifier)
        else:
            cards.append(card)
    return CollectionResult(cards, not_found)


def _collection_q(identifiers: Iterable[CardIdentifier]) -> Q:
    matches = Q(pk__in=[])
    for identifier in identifiers:
        if "id" in identifier:
            matches |= Q(pk=identifier["id"])
        elif "key" in identifier:
            matches |= Q(game__slug=identifier["game"], key=identifier["key"])
        elif "name" in identifier:
            matches |= Q(game__slug=identifier["game"], folded_name=identity(identifier["name"]))
        else:
            matches |= Q(
                game__slug=identifier["game"],
                printings__set__code__iexact=identifier["set"],
                printings__number=identifier["number"],
            )
    return matches


def _identifies(identifier: CardIdentifier, card: Card) -> bool:
    if "id" in identifier:
        return card.id == identifier["id"]
    if card.game_slug != identifier["game"]:
        return False
    if "key" in identifier:
        return card.key == identifier["key"]
    if "name" in identifier:
        return card.folded_name == identity(identifier["name"])
    return any(
        printing["set_code"].lower() == identifier["set"].lower()
        and printing["number"] == identifier["number"]
        for printing in card.printing_list
    )


def user_card_get(*, owner: Viewer, card_id: int) -> Card:
    """One card this user made (shared or not), for its author to change or delete;
    Card.DoesNotExist for another user's card, as for one that does not exist."""
    if owner is None or not owner.is_authenticated:
        raise Card.DoesNotExist
    return Card.objects.select_related("game").get(pk=card_id, owner=owner)


def card_history(*, card_id: int, viewer: Viewer = None) -> QuerySet[CardRevision]:
    """A card's revisions, newest first (by the day each takes effect, then when written), with
    who proposed and approved each; Card.DoesNotExist when the viewer may not read the card."""
    card = Card.objects.usable_by(viewer).get(pk=card_id)
    return card.revisions.select_related("proposed_by", "approved_by").order_by(
        "-effective", "-created", "-id"
    )


def cards_in_force(*, card_ids: Iterable[int], day: date) -> dict[int, dict[str, Any]]:
    """For each of these cards changed by a revision that takes effect after `day`, its fields
    as they stood that day (the `before` of those revisions, undone newest first); cards with
    no such revision are left out: their stored row is what was in force. A card created after
    `day` keeps its first text (its revision has no `before` to go back to)."""
    in_force: dict[int, dict[str, Any]] = {}
    ids = sorted(set(card_ids))
    for part in in_chunks(ids):
        later = CardRevision.objects.filter(card_id__in=part, effective__gt=day).order_by(
            "-effective", "-created", "-id"
        )
        for card_id, fields in later.values_list("card_id", "fields"):
            for name, change in fields.items():
                if change.get("before") is not None:
                    in_force.setdefault(card_id, {})[name] = change["before"]
    return in_force
