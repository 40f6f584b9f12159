"""A user's own cards as the decks holding them see them: which decks hold one (and whether
they are still legal after an edit), deleting one no deck holds, and sharing a deck's private
cards when the deck is published. Here rather than in cards/, which knows nothing of decks."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.base_user import AbstractBaseUser
from django.db.models import QuerySet

from cards.models import Card
from cards.services.user_cards import UserCardRefused, user_card_share

from .models import Deck
from .privacy import own_private_cards
from .resolution import DeckLine
from .selectors import deck_report


def user_card_delete(*, card: Card) -> None:
    """Delete a user's card that no deck holds.

    Raises UserCardRefused naming `card`, listing the author's decks (and counting other
    users' decks) that hold it: a deck never loses a card silently; the author removes it from
    their decks first (versions already saved keep it, by key and name, as history).
    """
    decks = list(card_decks(card=card))
    if decks:
        own = [deck.name for deck in decks if deck.owner_id == card.owner_id]
        others = len(decks) - len(own)
        said = [f"your deck{'s' if len(own) > 1 else ''} {', '.join(own)}"] if own else []
        said += [f"{others} deck{'s' if others > 1 else ''} of other users"] if others else []
        raise UserCardRefused(
            "card",
            f"{card.name} is in {' and '.join(said)}; remove it from them first "
            "(a deck never loses a card without its owner knowing).",
        )
    card.delete()


def card_decks(*, card: Card) -> QuerySet[Deck]:
    """The decks whose current entries hold the card, by name."""
    return Deck.objects.filter(entries__card=card).distinct().order_by("name", "id")


def card_author_decks(*, card: Card) -> QuerySet[Deck]:
    """The decks of the card's author that hold it, by name: what its author is told of."""
    return card_decks(card=card).filter(owner=card.owner)


def card_decks_checked(*, card: Card) -> list[tuple[Deck, bool]]:
    """The author's decks holding the card, each with whether it is legal now (checked again,
    as its author sees it): what an edit tells them."""
    decks = card_author_decks(card=card)
    return [(deck, deck_report(deck=deck, viewer=card.owner).legal) for deck in decks]


def own_private_cards_share(*, lines: Iterable[DeckLine], owner: AbstractBaseUser) -> None:
    """Share the owner's private cards in a deck (decks.privacy.own_private_cards), as they
    asked when making it public or unlisted. Raises UserCardRefused (naming `shared`) for one
    that another card everyone can use has the name of: callers share inside the deck's write
    transaction, so the deck and its cards change together or not at all."""
    for card in own_private_cards(lines, owner):
        user_card_share(card=card, shared=True)
