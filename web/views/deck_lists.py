"""My decks and public decks: filters (game, format, legal only, owner) and sorting."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from cards.selectors import game_list
from decks.models import Deck
from decks.selectors import deck_entry_refs, deck_list
from rules.services.validation import deck_validate

PAGE_SIZE = 25
SORTS = {
    "updated": ("-updated", "-id"),
    "name": ("name", "id"),
    "created": ("-created", "-id"),
    "game": ("game__slug", "name", "id"),
}


class DeckFilterForm(forms.Form):
    game = forms.ChoiceField(required=False)
    format = forms.CharField(required=False, label="Format (slug)", max_length=60)
    owner = forms.CharField(required=False, label="Owner", max_length=150)
    legal = forms.BooleanField(required=False, label="Legal only")
    sort = forms.ChoiceField(
        required=False,
        choices=[
            ("updated", "Recently changed"),
            ("name", "Name"),
            ("created", "Newest"),
            ("game", "Game"),
        ],
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", "Any game")] + [
            (game.slug, game.name) for game in game_list()
        ]

    def filtered(self, decks: QuerySet[Deck]) -> list[Deck] | QuerySet[Deck]:
        """The decks the form's choices keep, in its order (legality checked last: it is the
        one filter that runs the rules)."""
        data = self.cleaned_data if self.is_valid() else {}
        if data.get("game"):
            decks = decks.filter(game__slug=data["game"])
        if data.get("format"):
            decks = decks.filter(format__slug=data["format"])
        if data.get("owner"):
            decks = decks.filter(owner__username__iexact=data["owner"])
        decks = decks.order_by(*SORTS[data.get("sort") or "updated"])
        if data.get("legal"):
            return [deck for deck in decks if deck_is_legal(deck)]
        return decks


def deck_is_legal(deck: Deck) -> bool:
    """Whether the deck passes its format's rules today: the same check as the API's report."""
    report = deck_validate(
        game=deck.game.slug,
        entries=deck_entry_refs(deck=deck),
        format=deck.format.slug if deck.format else None,
        viewer=deck.owner,
    )
    return report.legal


def _deck_list_page(
    request: HttpRequest, decks: QuerySet[Deck], *, title: str, mine: bool
) -> HttpResponse:
    form = DeckFilterForm(request.GET)
    page = Paginator(form.filtered(decks), PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "web/decks/list.html",
        {"form": form, "page": page, "title": title, "mine": mine, "query": query.urlencode()},
    )


def public_decks(request: HttpRequest) -> HttpResponse:
    public = deck_list(user=AnonymousUser()).filter(visibility=Deck.Visibility.PUBLIC)
    return _deck_list_page(request, public, title="Public decks", mine=False)


@login_required
def my_decks(request: HttpRequest) -> HttpResponse:
    own = deck_list(user=request.user).filter(owner=request.user)
    return _deck_list_page(request, own, title="My decks", mine=True)
