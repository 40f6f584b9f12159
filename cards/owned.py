"""A user's collection: the cards they own, read only by them or through their share link.

Every read takes who asks (`owner`, the signed-in user) or the share token: there is no read
of another user's collection by user id, so Bob reaches Alice's collection only through the
link she gave out (CollectionShare)."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import QuerySet, Sum

from basics.errors import InvalidRequest

from .models import MAX_OWNED, Card, CollectionShare, OwnedCard, Printing, Viewer


class SignInNeeded(Exception):
    """A collection belongs to a signed-in user; an anonymous caller has none (401)."""


def _signed_in(user: Viewer) -> User:
    if user is None or not user.is_authenticated or isinstance(user, AnonymousUser):
        raise SignInNeeded
    return user


def owned_list(*, owner: Viewer, game: str | None = None) -> QuerySet[OwnedCard]:
    """The signed-in user's owned cards, by card name then printing; SignInNeeded otherwise."""
    rows = OwnedCard.objects.filter(owner=_signed_in(owner))
    if game:
        rows = rows.filter(card__game__slug=game)
    return rows.select_related("card__game", "printing__set").order_by(
        "card__name", "card_id", "printing__set__code", "printing__number", "id"
    )


def owned_shared(*, token: str) -> tuple[User, QuerySet[OwnedCard]]:
    """The collection behind a share link, and whose it is; CollectionShare.DoesNotExist for a
    link that was never given or was taken back."""
    share = CollectionShare.objects.select_related("owner").get(token=token)
    return share.owner, owned_list(owner=share.owner)


def owned_counts(*, owner: Viewer, card_ids: Iterable[int]) -> dict[int, int]:
    """How many copies of each of these cards the user owns, every printing summed (cards they
    own none of are left out; an anonymous caller owns nothing). One query."""
    if owner is None or not owner.is_authenticated:
        return {}
    ids = list(card_ids)
    if not ids:
        return {}
    rows = (
        OwnedCard.objects.filter(owner=owner, card_id__in=ids)
        .order_by()  # the model's order (by card name) would join the card table to group
        .values("card_id")
        .annotate(total=Sum("quantity"))
        .values_list("card_id", "total")
    )
    return dict(rows)


def owned_share_get(*, owner: Viewer) -> CollectionShare | None:
    """The user's share link, if their collection is shared."""
    return CollectionShare.objects.filter(owner=_signed_in(owner)).first()


def owned_share_set(*, owner: Viewer, shared: bool) -> CollectionShare | None:
    """Share the collection by link (keeping a link already given) or stop sharing it."""
    user = _signed_in(owner)
    if not shared:
        CollectionShare.objects.filter(owner=user).delete()
        return None
    share, _ = CollectionShare.objects.get_or_create(owner=user)
    return share


def quantity_checked(quantity: int, field: str = "quantity") -> int:
    """The count, or InvalidRequest naming `field` past the cap (MAX_OWNED) or below 0."""
    if not 0 <= quantity <= MAX_OWNED:
        raise InvalidRequest(
            field, f"a count is a whole number from 0 to {MAX_OWNED}, not {quantity}"
        )
    return quantity


@transaction.atomic
def owned_set(
    *, owner: Viewer, card_id: int, quantity: int, printing_id: int | None = None
) -> OwnedCard | None:
    """Set how many copies of a card (of one printing, or of no printing in particular) the
    user owns; 0 removes the row. InvalidRequest names `card`, `printing` or `quantity`."""
    user = _signed_in(owner)
    quantity_checked(quantity)
    card = Card.objects.usable_by(user).filter(pk=card_id).first()
    if card is None:
        raise InvalidRequest("card", f"there is no card {card_id} that you may use")
    printing = None
    if printing_id is not None:
        printing = Printing.objects.filter(pk=printing_id, card=card).first()
        if printing is None:
            raise InvalidRequest("printing", f"{card.name} has no printing {printing_id}")
    rows = OwnedCard.objects.filter(owner=user, card=card, printing=printing)
    if quantity == 0:
        rows.delete()
        return None
    row, _ = OwnedCard.objects.update_or_create(
        owner=user, card=card, printing=printing, defaults={"quantity": quantity}
    )
    return row
