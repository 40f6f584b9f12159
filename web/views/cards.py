"""Card search (the search language, filters per game and type, pages), the autocomplete
options, and a card's page. The same filters and selectors as the API's /cards/."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from cards.filtersets import CardFilterSet
from cards.models import Card
from cards.search import QuerySyntaxError
from cards.selectors import card_autocomplete, card_queryset, cards_for_display
from decks.selectors import deck_public_using
from rules.registry import GAMES
from rules.services.formats import card_list_history

PAGE_SIZE = 30
PUBLIC_DECKS_SHOWN = 20


def card_search(request: HttpRequest) -> HttpResponse:
    filters = CardFilterSet(request.GET, queryset=card_queryset(request.user))
    context = {
        "games": GAMES.values(),
        "query": request.GET.get("q", ""),
        "chosen_game": request.GET.get("game", ""),
        "chosen_type": request.GET.get("type", ""),
        "errors": filters.errors if not filters.is_valid() else {},
    }
    status = 200
    if not context["errors"]:
        try:
            page = Paginator(filters.qs, PAGE_SIZE).get_page(request.GET.get("page"))
            page.object_list = cards_for_display(page.object_list)
            context["page"] = page
        except QuerySyntaxError as error:
            context["syntax_error"] = error
            context["caret_indent"] = " " * error.position
            status = 400
    else:
        status = 400
    params = request.GET.copy()
    params.pop("page", None)
    context["params"] = params.urlencode()
    return render(request, "web/cards/search.html", context, status=status)


def card_name_options(request: HttpRequest) -> HttpResponse:
    """<option>s of card names for a <datalist> (htmx swaps them in as the user types).

    The typed text is in `q`, or in the parameter `field` names: htmx sends the box under its own
    name (the deck editor's is `add_name`)."""
    game = request.GET.get("game") or None
    field = request.GET.get("field") or "q"
    names = card_autocomplete(
        query=request.GET.get(field, ""),
        game=game if game in GAMES else None,
        viewer=request.user,
    )
    return render(request, "web/cards/name_options.html", {"names": names})


def card_detail(request: HttpRequest, game: str, key: str) -> HttpResponse:
    card = card_queryset(request.user).filter(game__slug=game, key=key).first()
    if card is None:
        raise Http404("No such card")
    card = cards_for_display([card])[0]
    spec = GAMES[game]
    return render(
        request,
        "web/cards/detail.html",
        {
            "card": card,
            "spec": spec,
            "attributes": _attributes(card, spec),
            "list_history": card_list_history(card_id=card.pk),
            "decks": deck_public_using(card_id=card.pk)[:PUBLIC_DECKS_SHOWN],
        },
    )


def _attributes(card: Card, spec) -> list[dict[str, object]]:
    """The card's attributes in the order and words of its game's schema (the engine's
    structured effects are shown apart, as data)."""
    shown = []
    for name, field in spec.attributes.items():
        if name in card.attributes and field.kind != "json":
            value = card.attributes[name]
            if isinstance(value, dict):
                value = ", ".join(f"{k} {v:+d}" for k, v in value.items())
            elif isinstance(value, list):
                value = ", ".join(map(str, value))
            elif isinstance(value, bool):
                value = "yes" if value else "no"
            shown.append(
                {"label": name.replace("_", " ").capitalize(), "value": value, "help": field.help}
            )
    return shown
