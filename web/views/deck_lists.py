"""My decks and public decks: filters (game, format, legal only, owner) and sorting."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from cards.selectors import game_list
from decks.models import Deck
from decks.selectors import deck_list_own, deck_list_public, deck_report, deck_with_likes
from decks.services import TAG_LENGTH, tag_name
from rules.models import Format

PAGE_SIZE = 25
SORTS = {
    "updated": ("-updated", "-id"),
    "name": ("name", "id"),
    "created": ("-created", "-id"),
    "game": ("game__slug", "name", "id"),
    "popular": ("-like_count", "-updated", "-id"),
}


class DeckFilterForm(forms.Form):
    game = forms.ChoiceField(required=False)
    format = forms.ChoiceField(required=False)
    owner = forms.CharField(required=False, label="Owner", max_length=150)
    tag = forms.CharField(required=False, label="Tag", max_length=TAG_LENGTH)
    legal = forms.BooleanField(required=False, label="Legal only")
    sort = forms.ChoiceField(
        required=False,
        choices=[
            ("updated", "Recently changed"),
            ("name", "Name"),
            ("created", "Newest"),
            ("game", "Game"),
            ("popular", "Most liked"),
        ],
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", "Any game")] + [
            (game.slug, game.name) for game in game_list()
        ]
        # Formats of different games may share a slug ("standard"): one choice each, which the
        # game filter narrows.
        names = dict(Format.objects.order_by("slug", "game__slug").values_list("slug", "name"))
        self.fields["format"].choices = [("", "Any format"), *names.items()]

    def filtered(self, decks: QuerySet[Deck]) -> list[Deck] | QuerySet[Deck]:
        """The decks the form's choices keep, in its order (legality checked last: it is the
        one filter that runs the rules)."""
        self.is_valid()  # a choice it cannot use is shown as an error; the others still apply
        data = self.cleaned_data
        if data.get("game"):
            decks = decks.filter(game__slug=data["game"])
        if data.get("format"):
            decks = decks.filter(format__slug=data["format"])
        if data.get("owner"):
            decks = decks.filter(owner__username__iexact=data["owner"])
        if data.get("tag"):
            decks = decks.filter(tags__name=tag_name(data["tag"]))
        decks = deck_with_likes(decks).order_by(*SORTS[data.get("sort") or "updated"])
        if data.get("legal"):
            return [deck for deck in decks if deck_is_legal(deck)]
        return decks


def deck_is_legal(deck: Deck) -> bool:
    """Whether the deck passes its format's rules today: the same check as the API's report."""
    return deck_report(deck=deck, viewer=deck.owner).legal


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
    public = deck_list_public()
    return _deck_list_page(request, public, title="Public decks", mine=False)


@login_required
def my_decks(request: HttpRequest) -> HttpResponse:
    own = deck_list_own(user=request.user)
    return _deck_list_page(request, own, title="My decks", mine=True)
