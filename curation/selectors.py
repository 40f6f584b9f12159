"""Reads of curation: who curates a game, who may review a proposal, the proposals a user may
see (the one rule that takes the requesting user), the readout and diff of a proposal, and
releases."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery

from cards.models import REVISED_FIELDS, Card, Viewer
from cards.selectors import catalogue_names
from rulebook.core.cards import CardInfo
from rulebook.readout import CardReadout, card_readout

from .models import Curator, Proposal, Release, Upload


def is_curator(*, user: Viewer, game: str) -> bool:
    """Whether the user curates this game."""
    if user is None or not user.is_authenticated:
        return False
    return Curator.objects.filter(user_id=user.pk, game__slug=game).exists()


def curator_count(*, game: str) -> int:
    return Curator.objects.filter(game__slug=game).count()


@dataclass(frozen=True)
class ReviewRight:
    """Whether a user may review a proposal, and why, in words the page and the API show."""

    allowed: bool
    why: str


def review_right(*, user: Viewer, proposal: Proposal) -> ReviewRight:
    """Curators of the proposal's game review it; nobody their own proposal, unless they are
    the game's only curator (then nobody else could, and the proposal says so)."""
    game = proposal.game.slug
    if not is_curator(user=user, game=game):
        return ReviewRight(False, f"only a curator of {proposal.game.name} reviews its proposals")
    assert user is not None
    if proposal.proposer_id != user.pk:
        return ReviewRight(True, "you curate this game")
    if curator_count(game=game) == 1:
        return ReviewRight(True, "your own proposal: you may review it as the game's only curator")
    return ReviewRight(False, "your own proposal: another curator of the game reviews it")


def proposals_visible(
    *, user: Viewer, game: str | None = None, status: str | None = None
) -> QuerySet[Proposal]:
    """The proposals this user may read, oldest first: their own, and every proposal of the
    games they curate (their review queue). An anonymous user sees none."""
    if user is None or not user.is_authenticated:
        return Proposal.objects.none()
    curated = Curator.objects.filter(user_id=user.pk).values("game_id")
    proposals = Proposal.objects.filter(Q(proposer_id=user.pk) | Q(game_id__in=curated))
    if game is not None:
        proposals = proposals.filter(game__slug=game)
    if status is not None:
        proposals = proposals.filter(status=status)
    # the stored card the proposal names (None for a new card not yet approved)
    card = Card.objects.filter(game=OuterRef("game"), key=OuterRef("key"), owner__isnull=True)
    return (
        proposals.select_related("game", "proposer", "reviewer")
        .annotate(card_id=Subquery(card.values("pk")[:1]))
        .order_by("created", "id")
    )


def uploads_waiting(*, user: Viewer) -> QuerySet[Upload]:
    """The user's own uploads that still have open proposals (to give them pictures), oldest
    first, each with how many are open (`open`) and how many of those have a picture."""
    if user is None or not user.is_authenticated:
        return Upload.objects.none()
    open_ = Q(proposals__status=Proposal.Status.OPEN)
    return (
        Upload.objects.filter(proposer_id=user.pk)
        .annotate(
            open=Count("proposals", filter=open_),
            pictured=Count("proposals", filter=open_ & ~Q(proposals__image_thumb="")),
        )
        .filter(open__gt=0)
        .select_related("game")
        .order_by("created", "id")
    )


def proposal_get(*, user: Viewer, proposal_id: int) -> Proposal:
    """One proposal the user may read; Proposal.DoesNotExist otherwise (a 404, never a 403,
    so a proposal's existence is not told to those who may not read it)."""
    return proposals_visible(user=user).get(pk=proposal_id)


def proposal_readout(
    *, proposal: Proposal, known_names: frozenset[str] | None = None
) -> CardReadout:
    """What the game's grammar and engine make of the proposed card; `known_names` the game's
    catalogue names when the caller has read them already (a page of proposals reads them
    once)."""
    card = proposal.card
    info = CardInfo(
        proposal.key,
        card.get("name", ""),
        card.get("type", ""),
        card.get("text", ""),
        card.get("attributes", {}),
    )
    game = proposal.game.slug
    names = catalogue_names(game=game) if known_names is None else known_names
    return card_readout(game, info, names)


def proposals_stored_cards(*, proposals: Iterable[Proposal]) -> dict[tuple[int, str], Card]:
    """The stored catalogue cards these proposals name, by (game id, key), in one query."""
    wanted = Q(pk__in=[])
    for proposal in proposals:
        wanted |= Q(game_id=proposal.game_id, key=proposal.key)
    cards = Card.objects.filter(wanted, owner__isnull=True).only("game_id", "key", *REVISED_FIELDS)
    return {(card.game_id, card.key): card for card in cards}


def proposal_diff(
    *, proposal: Proposal, stored: dict[tuple[int, str], Card] | None = None
) -> dict[str, dict[str, Any]]:
    """Each field the proposal changes against the stored card: {"before", "after"} (before
    None for a new card); `stored` the cards a page of proposals names, when read already."""
    card = proposal.card
    after = {
        "name": card.get("name"),
        "type": card.get("type"),
        "text": card.get("text", ""),
        "attributes": card.get("attributes", {}),
        "is_sample": card.get("sample", False),
    }
    if stored is None:
        stored = proposals_stored_cards(proposals=[proposal])
    current = stored.get((proposal.game_id, proposal.key))
    before = {name: getattr(current, name) if current else None for name in REVISED_FIELDS}
    return {
        name: {"before": before[name], "after": after[name]}
        for name in REVISED_FIELDS
        if before[name] != after[name]
    }


def release_list(*, game: str | None = None) -> QuerySet[Release]:
    """Published releases, newest first; anyone may read them."""
    releases = Release.objects.select_related("game").defer("card_file")
    if game is not None:
        releases = releases.filter(game__slug=game)
    return releases.order_by("game__slug", "-number")


def release_get(*, game: str, number: int) -> Release:
    """One release; Release.DoesNotExist when there is none."""
    return Release.objects.select_related("game").get(game__slug=game, number=number)
