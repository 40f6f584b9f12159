"""My decks and public decks: filters (game, format, legal only, owner) and sorting."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from decks.models import Deck
from decks.selectors import deck_list_own, deck_list_public
from web.forms.decks import DeckFilterForm
from web.scratch import as_visitor

PAGE_SIZE = 25


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


@as_visitor()
@login_required
def my_decks(request: HttpRequest) -> HttpResponse:
    own = deck_list_own(user=request.user)
    return _deck_list_page(request, own, title="My decks", mine=True)
