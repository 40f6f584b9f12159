"""A deck's proxies as a PDF to print (decks.proxies), from the deck page and its missing cards.

A deck of up to 120 cards is drawn while the request waits. A larger one is drawn in the
background: the request goes to the print's page, which says "Preparing your PDF" and follows
the print (htmx) until it offers the download; asked again for the same cards, the PDF (or the
page, while it is drawn) answers, not a new print."""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header

from basics.errors import InvalidRequest
from decks import selectors
from decks.links import DeckLink
from decks.models import Deck, ProxyPrint
from decks.proxies import BACKGROUND_COPIES, deck_proxies, pages, proxy_print_pdf
from jobs.services.admission import SubmitLater
from web.scratch import as_visitor

from .editor import _file_name, readable_deck


@as_visitor()
def deck_proxies_pdf(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    """The saved deck's cards (`missing=1`: those the reader's collection lacks) to print on
    `paper` (A4 unless Letter is chosen); a deck with nothing to print goes back to its page,
    saying why, and one printed in the background to its print's page until it is done."""
    deck = readable_deck(request, pk)
    missing = request.GET.get("missing") == "1"
    try:
        printed = deck_proxies(
            deck=deck, viewer=request.user, paper=request.GET.get("paper", "a4"), missing=missing
        )
    except (InvalidRequest, SubmitLater) as refused:
        messages.error(request, f"No proxies printed: {refused.message.rstrip('.')}.")
        return redirect(reverse("web:deck", args=[deck.address]) + "#proxies")
    if isinstance(printed, ProxyPrint):
        if printed.state != ProxyPrint.Status.DONE:
            return redirect("web:deck-proxy-print", pk=deck.address, print_id=printed.pk)
        printed = proxy_print_pdf(proxy_print=printed)
    return _pdf_answer(deck, printed, missing=missing)


@as_visitor()
def proxy_print_page(request: HttpRequest, pk: int | DeckLink, print_id: UUID) -> HttpResponse:
    """A print of the deck's proxies: "Preparing your PDF" until it is drawn, then its
    download (or why it failed)."""
    return render(request, "web/decks/proxy_print.html", _context(request, pk, print_id))


@as_visitor()
def proxy_print_progress(request: HttpRequest, pk: int | DeckLink, print_id: UUID) -> HttpResponse:
    """The print's status panel alone, polled by htmx until the print is done or failed."""
    return render(request, "web/decks/proxy_print_status.html", _context(request, pk, print_id))


@as_visitor()
def proxy_print_download(request: HttpRequest, pk: int | DeckLink, print_id: UUID) -> HttpResponse:
    """The print's PDF once drawn; before that (or failed) its page, which says so."""
    deck = readable_deck(request, pk)
    found = _proxy_print(request, deck, print_id)
    if found.state != ProxyPrint.Status.DONE:
        return redirect("web:deck-proxy-print", pk=deck.address, print_id=found.pk)
    return _pdf_answer(deck, proxy_print_pdf(proxy_print=found), missing=found.missing)


def _context(request: HttpRequest, pk: int | DeckLink, print_id: UUID) -> dict[str, object]:
    deck = readable_deck(request, pk)
    found = _proxy_print(request, deck, print_id)
    return {
        "deck": deck,
        "proxy_print": found,
        "pages": pages(found.copies),
        "background_copies": BACKGROUND_COPIES,
    }


def _proxy_print(request: HttpRequest, deck: Deck, print_id: UUID) -> ProxyPrint:
    try:
        return selectors.proxy_print_get(user=request.user, print_id=print_id, deck=deck)
    except ProxyPrint.DoesNotExist:
        raise Http404("No print of this deck's proxies of yours has this id.") from None


def _pdf_answer(deck: Deck, pdf: bytes, *, missing: bool) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    suffix = " (missing proxies).pdf" if missing else " (proxies).pdf"
    name = _file_name(deck).removesuffix(".txt") + suffix
    response["Content-Disposition"] = content_disposition_header(False, name)
    return response
