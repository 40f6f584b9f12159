"""A deck's proxies as a PDF to print (decks.proxies), from the deck page and its missing cards."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import content_disposition_header

from basics.errors import InvalidRequest
from decks.links import DeckLink
from decks.proxies import deck_proxies
from web.scratch import as_visitor

from .editor import _file_name, readable_deck


@as_visitor()
def deck_proxies_pdf(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    """The saved deck's cards (`missing=1`: those the reader's collection lacks) to print on
    `paper` (A4 unless Letter is chosen); a deck with nothing to print goes back to its page,
    saying why."""
    deck = readable_deck(request, pk)
    missing = request.GET.get("missing") == "1"
    try:
        pdf = deck_proxies(
            deck=deck, viewer=request.user, paper=request.GET.get("paper", "a4"), missing=missing
        )
    except InvalidRequest as refused:
        messages.error(request, f"No proxies printed: {refused.message}.")
        return redirect(reverse("web:deck", args=[deck.address]) + "#proxies")
    response = HttpResponse(pdf, content_type="application/pdf")
    suffix = " (missing proxies).pdf" if missing else " (proxies).pdf"
    name = _file_name(deck).removesuffix(".txt") + suffix
    response["Content-Disposition"] = content_disposition_header(False, name)
    return response
