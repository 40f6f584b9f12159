"""Reads of curation: who curates a game, who may review a proposal, the proposals a user may
see (the one rule that takes the requesting user), the readout and diff of a proposal, and
releases."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from django.db.models import OuterRef, Q, QuerySet, Subquery

from cards.models import REVISED_FIELDS, Card, Viewer
from cards.selectors import catalogue_names
from rulebook.core.cards import CardInfo
from rulebook.readout import CardReadout, card_readout

from .models import Curator, Proposal, Release


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
    curates = is_curator(user=user, game=game)
    own = curates and user is not None and proposal.proposer_id == user.pk
    return _right(user, proposal, curates, curator_count(game=game) if own else 0)


def _right(user: Viewer, proposal: Proposal, curates: bool, curators: int) -> ReviewRight:
    if not curates:
        return ReviewRight(False, f"only a curator of {proposal.game.name} reviews its proposals")
    assert user is not None
    if proposal.proposer_id != user.pk:
        return ReviewRight(True, "you curate this game")
    if curators == 1:
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


def proposal_get(*, user: Viewer, proposal_id: int) -> Proposal:
    """One proposal the user may read; Proposal.DoesNotExist otherwise (a 404, never a 403,
    so a proposal's existence is not told to those who may not read it)."""
    return proposals_visible(user=user).get(pk=proposal_id)


def proposal_readout(*, proposal: Proposal) -> CardReadout:
    """What the game's grammar and engine make of the proposed card."""
    return _readout(proposal, catalogue_names(game=proposal.game.slug))


def _readout(proposal: Proposal, names: frozenset[str]) -> CardReadout:
    card = proposal.card
    info = CardInfo(
        proposal.key,
        card.get("name", ""),
        card.get("type", ""),
        card.get("text", ""),
        card.get("attributes", {}),
    )
    return card_readout(proposal.game.slug, info, names)


def proposal_diff(*, proposal: Proposal) -> dict[str, dict[str, Any]]:
    """Each field the proposal changes against the stored card: {"before", "after"} (before
    None for a new card)."""
    stored = (
        Card.objects.filter(game=proposal.game, key=proposal.key, owner__isnull=True)
        .only(*REVISED_FIELDS)
        .first()
    )
    return _diff(proposal, stored)


def _diff(proposal: Proposal, stored: Card | None) -> dict[str, dict[str, Any]]:
    card = proposal.card
    after = {
        "name": card.get("name"),
        "type": card.get("type"),
        "text": card.get("text", ""),
        "attributes": card.get("attributes", {}),
        "is_sample": card.get("sample", False),
    }
    before = {name: getattr(stored, name) if stored else None for name in REVISED_FIELDS}
    return {
        name: {"before": before[name], "after": after[name]}
        for name in REVISED_FIELDS
        if before[name] != after[name]
    }


@dataclass(frozen=True)
class ReviewItem:
    """A proposal as its reviewer sees it: the diff, the readouts and their right to review."""

    proposal: Proposal
    diff: dict[str, dict[str, Any]]
    readout: CardReadout
    right: ReviewRight


def review_items(*, user: Viewer, proposals: Sequence[Proposal]) -> list[ReviewItem]:
    """A page of a review queue: `proposal_diff`, `proposal_readout` and `review_right` of each,
    in a fixed number of queries however many proposals (per game: its stored cards, the names
    its text may name and its curators, read once)."""
    items = []
    for game, of_game in groupby(sorted(proposals, key=lambda p: p.game_id), lambda p: p.game):
        listed = list(of_game)
        stored = {
            card.key: card
            for card in Card.objects.filter(
                game=game, owner__isnull=True, key__in=[p.key for p in listed]
            ).only("key", *REVISED_FIELDS)
        }
        names = catalogue_names(game=game.slug)
        curates = is_curator(user=user, game=game.slug)
        curators = curator_count(game=game.slug)
        items += [
            ReviewItem(
                p,
                _diff(p, stored.get(p.key)),
                _readout(p, names),
                _right(user, p, curates, curators),
            )
            for p in listed
        ]
    order = {p.pk: n for n, p in enumerate(proposals)}
    return sorted(items, key=lambda item: order[item.proposal.pk])


def release_list(*, game: str | None = None) -> QuerySet[Release]:
    """Published releases, newest first; anyone may read them."""
    releases = Release.objects.select_related("game").defer("card_file")
    if game is not None:
        releases = releases.filter(game__slug=game)
    return releases.order_by("game__slug", "-number")


def release_get(*, game: str, number: int) -> Release:
    """One release; Release.DoesNotExist when there is none."""
    return Release.objects.select_related("game").get(game__slug=game, number=number)
