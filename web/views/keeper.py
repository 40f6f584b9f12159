"""The Keeper of the Cards card builder: the cost step by step, live, and saving the card."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from cards.models import Card
from cards.selectors import user_card_get
from cards.services.user_cards import (
    UserCardRefused,
    keeper_card_edit,
    keeper_card_save,
    user_card_share,
    user_cards,
)
from decks.user_cards import card_decks_checked, user_card_delete
from web.forms.keeper import KeeperCardForm

SAVE = "save"


def builder(request: HttpRequest) -> HttpResponse:
    """The builder page. Without JavaScript, "Cost it" posts the form and the page answers with
    the review; with htmx the review follows every change (see `review`)."""
    if request.method != "POST":
        return _page(request, KeeperCardForm())
    form = KeeperCardForm(request.POST)
    if form.is_valid() and request.POST.get("action") == SAVE:
        if not request.user.is_authenticated:
            form.add_error(None, "Log in to save your cards.")
        else:
            try:
                card = keeper_card_save(owner=request.user, draft=form.draft())
            except UserCardRefused as refused:
                form.add_error(refused.field, refused.message)
            else:
                messages.success(
                    request, f"Saved {card.name}: only you can see it until you share it."
                )
                return redirect("tools:keeper-builder")
    return _page(request, form)


def review(request: HttpRequest) -> HttpResponse:
    """The review panel alone, for htmx: what the card costs and what could not be read."""
    form = KeeperCardForm(request.POST or None)
    return render(request, "web/tools/keeper_review.html", _review_context(form))


@login_required
@require_POST
def share(request: HttpRequest, card_id: int) -> HttpResponse:
    """Share one of your cards with everyone, or make it private again."""
    card = _own_card(request, card_id)
    wanted = request.POST.get("shared") == "1"
    try:
        user_card_share(card=card, shared=wanted)
    except UserCardRefused as refused:
        messages.error(request, refused.message)
    else:
        state = "shared with everyone" if wanted else "private again"
        messages.success(request, f"{card.name} is {state}.")
    return redirect("tools:keeper-builder")


@login_required
def edit(request: HttpRequest, card_id: int) -> HttpResponse:
    """The builder over one of your saved cards: change it, the cost computed again, and the
    decks holding it checked again at once."""
    card = _own_card(request, card_id)
    if request.method != "POST":
        return _page(request, KeeperCardForm(initial=_initial(card)), editing=card)
    form = KeeperCardForm(request.POST)
    if form.is_valid() and request.POST.get("action") == SAVE:
        try:
            keeper_card_edit(card=card, draft=form.draft())
        except UserCardRefused as refused:
            form.add_error(refused.field, refused.message)
        else:
            messages.success(request, f"Saved {card.name}.{_rechecked(card)}")
            return redirect("tools:keeper-builder")
    return _page(request, form, editing=card)


@login_required
@require_POST
def delete(request: HttpRequest, card_id: int) -> HttpResponse:
    """Delete one of your cards, unless a deck holds it (then say which)."""
    card = _own_card(request, card_id)
    try:
        user_card_delete(card=card)
    except UserCardRefused as refused:
        messages.error(request, f"Not deleted: {refused.message}")
    else:
        messages.success(request, f"Deleted {card.name}.")
    return redirect("tools:keeper-builder")


def _initial(card: Card) -> dict:
    stats = {key: card.attributes.get(key) for key in ("offense", "defense", "edition")}
    return {"name": card.name, "type": card.type, "text": card.text, **stats}


def _rechecked(card: Card) -> str:
    """The verdicts of the author's decks holding the card, judged again with its new text."""
    verdicts = [
        f"{deck.name}: {'legal' if legal else 'not legal'}"
        for deck, legal in card_decks_checked(card=card)
    ]
    return f" Your decks holding it, checked again: {'; '.join(verdicts)}." if verdicts else ""


def _page(request: HttpRequest, form: KeeperCardForm, editing: Card | None = None) -> HttpResponse:
    mine = user_cards(owner=request.user) if request.user.is_authenticated else []
    context = {**_review_context(form), "my_cards": mine, "editing": editing}
    return render(request, "web/tools/keeper_builder.html", context)


def _review_context(form: KeeperCardForm) -> dict:
    review = form.draft().review() if form.is_bound and form.is_valid() else None
    return {"form": form, "review": review}


def _own_card(request: HttpRequest, card_id: int) -> Card:
    """One of the user's saved cards; a 404 for another user's, as for one that does not exist."""
    try:
        return user_card_get(owner=request.user, card_id=card_id)
    except Card.DoesNotExist:
        raise Http404("You have no saved card with this id.") from None
