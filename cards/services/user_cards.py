"""User-made Keeper of the Cards cards: saved from the card builder, owned by their author.

A saved card is a Card row like any other (so decks hold it and the validator checks it), with
its resource cost computed by the Card Building Guide's formula, exactly as the builder shows
it. It is private until its author shares it. A name may be given to one card only among those
its author can use, so the author's decklists never find two cards for one name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet
from django.utils.text import slugify

from cards.models import Card, Game
from rulebook.core.identity import identity
from rulebook.keeper.builder import card_review
from rulebook.keeper.cards import CREATURE, GAME
from rulebook.keeper.tables import ELEVENTH_EDITION

KEY_LENGTH = cast(int, Card._meta.get_field("key").max_length)  # a SlugField has one


class UserCardRefused(Exception):
    """The card cannot be saved or shared as asked; `field` names the part to change."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


# The edition whose Card Building Guide the builder costs by (rulebook.keeper.tables).
COSTING_EDITION = ELEVENTH_EDITION.edition


@dataclass(frozen=True)
class KeeperCardDraft:
    """What the builder's user typed: the card as the guide's cost formula reads it."""

    name: str
    type: str
    text: str
    offense: int | None = None
    defense: int | None = None
    edition: int | None = None

    def review(self) -> dict[str, Any]:
        """The builder's answer for this card (rulebook.keeper.builder.card_review)."""
        return card_review(
            card_type=self.type,
            text=self.text,
            name=self.name or None,
            offense=self.offense,
            defense=self.defense,
            edition=self.edition,
        )

    def attributes(self, cost: int) -> dict[str, int]:
        """The saved card's attributes: its cost, its stats, and the edition it was costed by
        (the Card Building Guide's, 11th: the builder stamps it unless a later one was given,
        so the card indicates the edition whose revised costs it bears; issue 29)."""
        stats = {"offense": self.offense, "defense": self.defense} if self.type == CREATURE else {}
        edition = max(self.edition or 0, COSTING_EDITION)
        return {
            key: value
            for key, value in {"cost": cost, **stats, "edition": edition}.items()
            if value is not None
        }


def keeper_card_save(*, owner: User, draft: KeeperCardDraft) -> Card:
    """A new private Keeper card of `owner`'s, costed by the formula.

    Raises UserCardRefused naming `name` when a card the owner can use already has the name.
    """
    name = draft.name.strip()
    if not name:
        raise UserCardRefused("name", "Give the card a name.")
    game = Game.objects.get(slug=GAME.slug)
    key = _key(name, owner)
    with transaction.atomic():
        if _namesakes(Card.objects.usable_by(owner), game, name).exists() or (
            Card.objects.filter(game=game, key=key).exists()
        ):
            raise UserCardRefused("name", f"A card called {name!r} exists already; rename yours.")
        card = Card(
            game=game,
            key=key,
            name=name,
            type=draft.type,
            text=draft.text.strip(),
            attributes=draft.attributes(draft.review()["cost"]),
            owner=owner,
        )
        card.full_clean(exclude=["text_vector"])
        card.save()
    return card


def user_card_share(*, card: Card, shared: bool) -> Card:
    """Share a user-made card with everyone, or make it private again.

    Raises UserCardRefused naming `shared` when another card everyone can use has its name.
    """
    if shared and (
        _namesakes(Card.objects.usable_by(None), card.game, card.name).exclude(pk=card.pk).exists()
    ):
        raise UserCardRefused(
            "shared", f"Another card everyone can use is called {card.name!r}; rename yours."
        )
    card.shared = shared
    # A save (not an update) moves `updated`, so validation caches see the change.
    card.save(update_fields=["shared", "updated"])
    return card


def keeper_card_edit(*, card: Card, draft: KeeperCardDraft) -> Card:
    """Change one of a user's Keeper cards: name, type, text and stats, the cost computed again.

    Its key stays, so the decks and versions holding it still name it; they are judged with
    the new text at their next check (validation reads cards as they are). Raises
    UserCardRefused naming `name` when another card its author can use has the new name.
    """
    name = draft.name.strip()
    if not name:
        raise UserCardRefused("name", "Give the card a name.")
    # what its author can use covers what everyone can (for a shared card) and their own
    others = Card.objects.usable_by(card.owner).exclude(pk=card.pk)
    with transaction.atomic():
        if _namesakes(others, card.game, name).exists():
            raise UserCardRefused("name", f"A card called {name!r} exists already; rename yours.")
        card.name, card.type, card.text = name, draft.type, draft.text.strip()
        card.attributes = draft.attributes(draft.review()["cost"])
        card.full_clean(exclude=["text_vector"], validate_unique=False)
        card.save()  # moves `updated`, so validation caches see the change
    return card


def user_cards(*, owner: User) -> QuerySet[Card]:
    """The cards this user has made, newest first."""
    return Card.objects.filter(owner=owner).select_related("game").order_by("-created", "-id")


def _namesakes(cards: QuerySet[Card], game: Game, name: str) -> QuerySet[Card]:
    """The cards a name would be confused with, compared as every lookup compares names (card
    identity: a curly apostrophe is a straight one, case and spacing are nothing)."""
    return cards.filter(game=game, folded_name=identity(name))


def _key(name: str, owner: User) -> str:
    """The owner's id keeps keys of different authors' cards apart."""
    suffix = f"-by-{owner.pk}"
    return (slugify(name) or "card")[: KEY_LENGTH - len(suffix)] + suffix
