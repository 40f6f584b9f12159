"""What a deck's owner or reader does to a whole deck beside editing its cards: restore an old
version, delete it, write its description and tags, like it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from basics.ids import integer_text
from decks import selectors, services
from decks.links import DeckLink
from decks.resolution import InvalidEntries
from web.forms.decks import DeckDetailsForm
from web.scratch import as_visitor

from .editor import owned_deck, readable_deck


@as_visitor()
@login_required
@require_POST
def deck_restore(request: HttpRequest, pk: int | DeckLink, number: int) -> HttpResponse:
    """The version's cards and format become the deck's again, as a new version."""
    deck = owned_deck(request, pk)
    revision = integer_text(request.POST.get("revision", ""))
    try:
        services.deck_restore(deck=deck, number=number, expected_revision=revision)
    except selectors.VersionNotFound:
        problem = f"The deck has no version {number}."
    except services.DeckChanged:
        problem = "The deck changed since this page was drawn: look again, then restore."
    except InvalidEntries as exc:
        cards = ", ".join(entry.ref.label for entry in exc.problems)
        problem = f"Version {number} cannot be restored: {cards} can no longer be used."
    else:
        problem = ""
    if problem:
        messages.error(request, problem)
        return redirect("web:deck-versions", pk=deck.address)
    messages.success(request, f"Version {number} restored as a new version.")
    return redirect("web:deck", pk=deck.address)


@as_visitor()
@login_required
def deck_delete(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    """A page that asks, then deletes the deck and every version of it."""
    deck = owned_deck(request, pk)
    problem = ""
    if request.method == "POST":
        try:
            services.deck_delete(
                deck=deck, expected_revision=integer_text(request.POST.get("revision", ""))
            )
        except services.DeckChanged:
            problem = "The deck changed since this page was drawn: look at it again first."
        except services.DeckRegistered:
            problem = "A tournament registration holds a version of this deck, so it stays."
        else:
            messages.success(request, f"Deleted {deck.name}.")
            return redirect("web:my-decks")
    return render(
        request,
        "web/decks/delete.html",
        {"deck": deck, "problem": problem},
        status=409 if problem else 200,
    )


@as_visitor()
@login_required
def deck_details(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    deck = owned_deck(request, pk)
    initial = {
        "description": deck.description,
        "tags": ", ".join(deck.tags.values_list("name", flat=True)),
    }
    form = DeckDetailsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        services.deck_details_set(
            deck=deck,
            description=form.cleaned_data["description"],
            tags=form.cleaned_data["tags"],
        )
        messages.success(request, "Saved the description and tags.")
        return redirect("web:deck", pk=deck.address)
    context = {"form": form, "heading": f"Description and tags of {deck.name}", "submit": "Save"}
    return render(request, "web/form_page.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def deck_like(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    """Like the deck, or stop liking it (`liked=0`); back to the deck."""
    deck = readable_deck(request, pk)
    services.deck_like(deck=deck, user=request.user, liked=request.POST.get("liked") != "0")
    return redirect("web:deck", pk=deck.address)
