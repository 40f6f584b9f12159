"""My collection: the cards the signed-in user owns, added one by one, from a pasted list or a
CSV; its read-only page for whoever has the share link; and what a deck lacks of it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Page, Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_POST

from basics.errors import InvalidRequest
from cards.models import MAX_OWNED, CollectionShare, Game
from cards.owned import owned_list, owned_set, owned_share_get, owned_share_set, owned_shared
from cards.selectors import cards_given_image_urls
from decks import selectors
from decks.collection import (
    CSV_COLUMNS,
    MAX_CSV_BYTES,
    CollectionRowsRefused,
    deck_missing,
    missing_refs,
    owned_import_csv,
    owned_import_text,
)
from decks.links import DeckLink
from decks.resolution import InvalidEntries, entries_resolve
from decks.services import DecklistUnreadable
from decks.uploads import UnreadableUpload, decklist_text
from rulebook.core.decklist import card_words, write_decklist
from rulebook.registry import GAMES

from .decks.editor import _file_name, readable_deck

PAGE_SIZE = 60


@login_required
def collection(request: HttpRequest) -> HttpResponse:
    game = request.GET.get("game", "")
    rows = owned_list(owner=request.user, game=game if game in GAMES else None)
    page = _pictured(Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page")))
    share = owned_share_get(owner=request.user)
    return render(
        request,
        "web/collection/collection.html",
        {
            "page": page,
            "games": GAMES.values(),
            "chosen_game": game,
            "query": f"game={game}" if game in GAMES else "",
            "share_url": (
                request.build_absolute_uri(reverse("web:collection-shared", args=[share.token]))
                if share
                else None
            ),
            "max_owned": MAX_OWNED,
            "csv_columns": CSV_COLUMNS,
        },
    )


def _game(request: HttpRequest) -> Game | None:
    slug = request.POST.get("game", "")
    return Game.objects.registered().filter(slug=slug).first()


@login_required
@require_POST
def collection_add(request: HttpRequest) -> HttpResponse:
    """Set how many of one card (a name, maybe `(SET) number`) the user owns; 0 removes it."""
    game = _game(request)
    words = card_words(request.POST.get("card", ""))
    quantity_text = request.POST.get("quantity", "").strip()
    if game is None:
        messages.error(request, "Choose the card's game.")
    elif not words.name:
        messages.error(request, "Type the card's name.")
    elif not quantity_text.isdigit() or int(quantity_text[:7]) > MAX_OWNED:
        messages.error(request, f"How many: a whole number from 0 to {MAX_OWNED}.")
    else:
        try:
            [line] = entries_resolve(
                game=game, refs=[words.entry(game.spec.sections[0].slug)], owner=request.user
            )
            owned_set(
                owner=request.user,
                card_id=line.card.pk,
                printing_id=line.printing.pk if line.printing else None,
                quantity=int(quantity_text),
            )
            messages.success(request, f"You own {int(quantity_text)} {line.card.name}.")
        except InvalidEntries as exc:
            messages.error(request, exc.problems[0].message)
        except InvalidRequest as exc:
            messages.error(request, f"{exc.field}: {exc.message}")
    return redirect("web:collection")


@login_required
@require_POST
def collection_import(request: HttpRequest) -> HttpResponse:
    """Add a pasted list or a CSV to the collection: all of it, or (any problem) none of it."""
    game = _game(request)
    upload = request.FILES.get("file")
    text = request.POST.get("text", "")
    problems: list[str] = []
    if game is None:
        problems = ["Choose the game of the cards."]
    elif upload is None and not text.strip():
        problems = ["Paste a list or choose a CSV file."]
    else:
        try:
            if upload is not None:
                imported = owned_import_csv(
                    owner=request.user, game=game, text=decklist_text(upload, limit=MAX_CSV_BYTES)
                )
            else:
                imported = owned_import_text(owner=request.user, game=game, text=text)
            messages.success(
                request,
                f"Added {imported.copies} card{pluralize(imported.copies)} ({imported.rows} "
                "different) to your collection.",
            )
        except UnreadableUpload as refused:
            problems = [f"The file {refused}."]
        except CollectionRowsRefused as exc:
            problems = [str(problem) for problem in exc.problems]
        except DecklistUnreadable as exc:
            problems = [f"line {p.line} {p.text.strip()!r}: {p.message}" for p in exc.problems]
        except InvalidEntries as exc:
            problems = [f"line {p.ref.line} {p.ref.label!r}: {p.message}" for p in exc.problems]
    for problem in problems[:20]:
        messages.error(request, problem)
    if problems:
        messages.error(request, "Nothing was added: fix these and import again.")
    return redirect("web:collection")


@login_required
@require_POST
def collection_share(request: HttpRequest) -> HttpResponse:
    shared = request.POST.get("shared") == "1"
    owned_share_set(owner=request.user, shared=shared)
    messages.success(
        request,
        "Anyone with the link can now see your collection (not change it)."
        if shared
        else "Your collection is private again: the old link no longer works.",
    )
    return redirect("web:collection")


def collection_shared(request: HttpRequest, token: str) -> HttpResponse:
    """A collection shared by its owner's link: read-only."""
    try:
        owner, rows = owned_shared(token=token)
    except CollectionShare.DoesNotExist:
        raise Http404("No collection is shared by this link.") from None
    page = _pictured(Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page")))
    return render(
        request, "web/collection/shared.html", {"page": page, "owner": owner, "query": ""}
    )


def _pictured(page: Page) -> Page:
    """The page of owned cards, each card given its picture's URLs (or None) for its peek."""
    cards_given_image_urls([row.card for row in page])
    return page


@login_required
def deck_missing_export(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    """The cards of a deck missing from the reader's collection, as a plain-text list."""
    deck = readable_deck(request, pk)
    missing = deck_missing(deck=deck, viewer=request.user)
    refs = selectors.refs_for_text(
        game=deck.game, refs=missing_refs(missing, deck.game), viewer=request.user
    )
    response = HttpResponse(
        write_decklist(deck.game.spec, refs), content_type="text/plain; charset=utf-8"
    )
    name = _file_name(deck).removesuffix(".txt") + " (missing).txt"
    response["Content-Disposition"] = content_disposition_header(False, name)
    return response
