"""The home page: a card search box, the four games, recent public decks, links to the docs."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from cards.selectors import game_list
from decks.models import Deck
from decks.selectors import deck_list

RECENT_DECKS = 8


def home(request: HttpRequest) -> HttpResponse:
    public = deck_list(user=AnonymousUser()).filter(visibility=Deck.Visibility.PUBLIC)
    return render(
        request,
        "web/home.html",
        {"games": game_list(), "recent_decks": public.order_by("-updated", "-id")[:RECENT_DECKS]},
    )
