"""The home page (a card search box, the four games, recent public decks, links to the docs)
and the tools' index (what each tool does, one link each)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from cards.selectors import game_list
from decks.selectors import deck_list_public

RECENT_DECKS = 8


def home(request: HttpRequest) -> HttpResponse:
    public = deck_list_public()
    return render(
        request,
        "web/home.html",
        {"games": game_list(), "recent_decks": public.order_by("-updated", "-id")[:RECENT_DECKS]},
    )


def tools_index(request: HttpRequest) -> HttpResponse:
    return render(request, "web/tools/index.html")
