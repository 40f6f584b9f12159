"""Card search (the search language, filters per game and type, pages), the autocomplete
options, and a card's page. The same filters and selectors as the API's /cards/."""

from __future__ import annotations

import difflib
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from basics.counted_pages import CappedCountPaginator
from cards.filtersets import CardFilterSet
from cards.models import Card
from cards.owned import owned_counts
from cards.search import QuerySyntaxError, parse
from cards.search.lexer import Kind, tokenize
from cards.search.nodes import And, Comparison, Filter, Not, Order
from cards.selectors import (
    card_autocomplete,
    card_history,
    card_queryset,
    card_suggestions,
    cards_for_display,
)
from cards.words import attribute_label, attribute_words, card_summary
from decks.selectors import deck_list_own, deck_public_using
from decks.services import TooManyCopies, deck_add_card
from rulebook.registry import GAMES
from rules.services.formats import card_list_history
from web.forms.cards import AddToDeckForm, AdvancedSearchForm

PAGE_SIZE = 30
# How results are shown, as Scryfall offers: a list with cost, stats and text; the full text of
# each card; a grid of card boxes; a compact checklist.
VIEWS = {"list": "List", "text": "Full text", "grid": "Grid", "checklist": "Checklist"}
# What the sort control offers (each is an `order:` of the search language).
SORTS = {
    "name": "Name",
    "type": "Type",
    "game": "Game",
    "cost": "Cost",
    "lvl": "Level",
    "hp": "HP",
    "atk": "Attack",
    "def": "Defence",
    "lp": "LP",
    "stars": "Stars",
}
PUBLIC_DECKS_SHOWN = 20
HISTORY_SHOWN = 50  # revisions on the card page; the API serves them all
SUGGESTIONS_PER_GAME = 3
KEYS_SUGGESTED = 8
# A query using the search language's operators is not a misspelt name: no "did you mean".
LANGUAGE_MARKS = frozenset(':<>="()')


def card_search(request: HttpRequest) -> HttpResponse:
    params = request.GET.copy()
    view = params.get("view") if params.get("view") in VIEWS else "list"
    # One source of truth for the order: the query. The sort controls show the query's own
    # order:/dir:, and changing them rewrites those terms in the query (shown in the box).
    params["q"] = query = _query_sorted(params)
    for control in ("order", "dir", "shown_order", "shown_dir"):
        params.pop(control, None)
    sort, direction = _query_order(query)
    filters = CardFilterSet(params, queryset=card_queryset(request.user), request=request)
    context = {
        "games": GAMES.values(),
        "query": query,
        "chosen_game": request.GET.get("game", ""),
        "chosen_type": request.GET.get("type", ""),
        "errors": filters.errors if not filters.is_valid() else {},
        "views": VIEWS,
        "view": view,
        "sorts": SORTS,
        "sort": sort,
        "direction": direction,
        "owned_only": request.GET.get("owned") == "true",
    }
    status = 200
    if not context["errors"]:
        try:
            # The count stops a little past the page shown ("more than 1,000 cards").
            paginator = CappedCountPaginator(filters.qs, PAGE_SIZE)
            paginator.count_through(request.GET.get("page"))
            page = paginator.get_page(request.GET.get("page"))
            page.object_list = _owned_marked(
                request,
                [
                    _summarised(card)
                    for card in cards_for_display(ids=page.object_list, viewer=request.user)
                ],
            )
            context["page"] = page
            if not page.paginator.count:
                context["near_names"] = _near_names(request, query)
                context["missing_stats"] = _missing_stats(query, context["chosen_game"])
        except QuerySyntaxError as error:
            context["syntax_error"] = error
            context["caret_indent"] = " " * error.position
            status = 400
    else:
        status = 400
    params.pop("page", None)
    if not query:
        params.pop("q", None)
    context["params"] = params.urlencode()
    return render(request, "web/cards/search.html", context, status=status)


def _owned_marked(request: HttpRequest, cards: list[Card]) -> list[Card]:
    """The page's cards, each with `owned_count`: the copies the signed-in reader owns (every
    printing summed; one query for the page, bench/collection.py)."""
    counts = owned_counts(owner=request.user, card_ids=[card.pk for card in cards])
    for card in cards:
        card.owned_count = counts.get(card.pk, 0)
    return cards


def card_advanced_search(request: HttpRequest) -> HttpResponse:
    """A form that writes the search-language query, then shows its results on the search page."""
    form = AdvancedSearchForm(request.GET or None)
    if form.is_bound and form.is_valid():
        query = form.query()
        return redirect(f"{reverse('web:card-search')}?{urlencode({'q': query})}")
    return render(
        request,
        "web/form_page.html",
        {"form": form, "heading": "Advanced card search", "submit": "Search", "method": "get"},
        status=400 if form.errors else 200,
    )


def _query_order(query: str) -> tuple[str, str]:
    """The sort control's values for the query's own `order:`/`dir:` ("name", "asc" without
    them, and for a query that cannot be read, whose error is shown instead)."""
    try:
        order = _top_order(parse(query))
    except QuerySyntaxError:
        order = None
    if order is None:
        return "name", "asc"
    return order.key, "desc" if order.descending else "asc"


def _top_order(node) -> Order | None:
    top = node.children if isinstance(node, And) else (node,)
    return next((child for child in top if isinstance(child, Order)), None)


def _query_sorted(params) -> str:
    """The query to run. When the sort controls were changed (they differ from what the page
    showed, `shown_order`/`shown_dir`), the query's `order:`/`dir:` terms are replaced by the
    controls' choice; otherwise the query's own terms stand. A link with only `order`/`dir`
    (no shown values) sorts a query that does not sort itself."""
    query = params.get("q", "").strip()
    sort, direction = params.get("order", ""), params.get("dir", "")
    if sort not in SORTS and direction not in ("asc", "desc"):
        return query
    sort = sort if sort in SORTS else "name"
    direction = "desc" if direction == "desc" else "asc"
    if "shown_order" in params or "shown_dir" in params:
        shown = (params.get("shown_order", "name"), params.get("shown_dir", "asc"))
        if (sort, direction) == shown:
            return query
    elif _query_order(query) != ("name", "asc"):
        return query  # an old link whose query sorts itself: what is typed wins
    try:
        kept = _without_order_terms(query)
    except QuerySyntaxError:
        return query  # left for the search to report
    terms = [kept] if kept else []
    if (sort, direction) != ("name", "asc"):
        terms.append(f"order:{sort}" + (" dir:desc" if direction == "desc" else ""))
    return " ".join(terms)


def _without_order_terms(query: str) -> str:
    """The query with its `order:`, `dir:` and `direction:` terms cut out, the rest as typed."""
    cut = [
        (token.position, token.value_position + len(token.text))
        for token in tokenize(query)
        if token.kind == Kind.FILTER and token.key.lower() in ("order", "dir", "direction")
    ]
    for start, end in reversed(cut):
        query = query[:start] + query[end:]
    return " ".join(query.split())


def _missing_stats(query: str, chosen_game: str) -> list[str]:
    """Why a query comparing a stat found nothing, when the games searched do not have that
    stat: "MetaZoo cards have no cost to compare; cost: compares …"."""
    try:
        node = parse(query)
    except QuerySyntaxError:
        return []
    comparisons, games = _comparisons_and_games(node)
    chosen = [chosen_game] if chosen_game in GAMES else games or list(GAMES)
    said = []
    for stat in dict.fromkeys(comparison.stat for comparison in comparisons):
        lacking = [GAMES[slug].name for slug in chosen if not GAMES[slug].numeric_attribute(stat)]
        if not lacking:
            continue
        having = [
            f"{attribute_label(attribute)} in {spec.name}"
            for spec in GAMES.values()
            if (attribute := spec.numeric_attribute(stat))
        ]
        compares = f" {stat}: compares {', '.join(having)}." if having else ""
        said.append(f"{' and '.join(lacking)} cards have no number for {stat}.{compares}")
    return said


def _comparisons_and_games(node) -> tuple[list[Comparison], list[str]]:
    """Every stat comparison in the query, and the games its `game:` terms name."""
    if isinstance(node, Comparison):
        return [node], []
    if isinstance(node, Filter):
        return [], [node.value] if node.key == "game" and node.value in GAMES else []
    children = getattr(node, "children", None) or ([node.child] if isinstance(node, Not) else [])
    comparisons: list[Comparison] = []
    games: list[str] = []
    for child in children:
        found, named = _comparisons_and_games(child)
        comparisons += found
        games += named
    return comparisons, games


def _summarised(card: Card) -> Card:
    """The card with its game's name, and `cost` and `stats` in words, for the result list."""
    card.game_name = GAMES[card.game_slug].name
    summary = card_summary(card.game_slug, card.attributes)  # cost: the column `order:cost` sorts
    card.cost, card.stats = summary.cost, summary.stats
    return card


def _near_names(request: HttpRequest, query: str) -> list[dict[str, str]]:
    """For a search that found nothing: the names most like the query, in the chosen game or
    in each game, as the API's fuzzy lookup finds them ("hot dgo" → Hot Dog)."""
    if not query.strip() or LANGUAGE_MARKS & set(query):
        return []
    chosen = request.GET.get("game", "")
    games = [GAMES[chosen]] if chosen in GAMES else GAMES.values()
    return [
        {"name": name, "game": spec.slug, "game_name": spec.name}
        for spec in games
        for name in card_suggestions(
            game=spec.slug, name=query, limit=SUGGESTIONS_PER_GAME, viewer=request.user
        )
    ]


def card_name_options(request: HttpRequest) -> HttpResponse:
    """<option>s of card names for a <datalist> (htmx swaps them in as the user types).

    The typed text is in `q`, or in the parameter `field` names: htmx sends the box under its own
    name (the deck editor's is `add_name`). Within one game, cards that share a name (two MetaZoo
    Pages called Chupacabra) are offered one by one, each as "Name [key]", which the add box and
    decklists read as that card."""
    game = request.GET.get("game") or None
    game = game if game in GAMES else None
    field = request.GET.get("field") or "q"
    names = card_autocomplete(query=request.GET.get(field, ""), game=game, viewer=request.user)
    options = [{"value": name, "label": ""} for name in names]
    if game is not None:
        options = _namesakes_apart(request, game, names)
    return render(request, "web/cards/name_options.html", {"options": options})


def _namesakes_apart(request: HttpRequest, game: str, names: list[str]) -> list[dict[str, str]]:
    cards = card_queryset(request.user).filter(game__slug=game, name__in=names)
    keys: dict[str, list[tuple[str, str]]] = {}
    for name, key, card_type in cards.values_list("name", "key", "type"):
        keys.setdefault(name, []).append((key, card_type))
    options = []
    for name in names:
        found = keys.get(name, [])
        if len(found) < 2:
            options.append({"value": name, "label": ""})
            continue
        options += [
            {"value": f"{name} [{key}]", "label": f"{name} · {card_type} · {key}"}
            for key, card_type in sorted(found)
        ]
    return options


def _visible_cards(request: HttpRequest, game: str):
    """The game's cards the requesting user may see; 404 for a game there is not."""
    if game not in GAMES:
        raise Http404("No such game")
    return card_queryset(request.user).filter(game__slug=game)


def card_detail(request: HttpRequest, game: str, key: str) -> HttpResponse:
    visible = _visible_cards(request, game)
    card = visible.filter(key=key).first()
    if card is None:
        return _unknown_key(request, GAMES[game], key, visible)
    card = cards_for_display(ids=[card.pk], viewer=request.user)[0]
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
            "history": card_history(card_id=card.pk, viewer=request.user)[:HISTORY_SHOWN],
            "add_form": _add_form(request, spec),
        },
    )


def _unknown_key(request: HttpRequest, spec, key: str, visible) -> HttpResponse:
    """A 404 that says which keys of the game look like the one asked for."""
    keys = list(visible.values_list("key", flat=True))
    near = difflib.get_close_matches(key, keys, n=KEYS_SUGGESTED, cutoff=0.5)
    return render(
        request,
        "web/cards/unknown_key.html",
        {"spec": spec, "key": key, "near_keys": near},
        status=404,
    )


def _attributes(card: Card, spec) -> list[dict[str, object]]:
    """The card's attributes in the order and words of its game's schema; structured ones
    (MetaZoo attacks and Spellbook Restrictions) in words, the engine's effects apart, as data."""
    shown = []
    for name, field in spec.attributes.items():
        if name not in card.attributes or name == "effects":
            continue
        value = attribute_words(spec.slug, name, card.attributes[name])
        if value:
            shown.append({"label": attribute_label(name), "value": value, "help": field.help})
    return shown


def _add_form(request: HttpRequest, spec, data=None) -> AddToDeckForm | None:
    """The card page's "Add to deck" form: the signed-in user's decks of the card's game."""
    if not request.user.is_authenticated:
        return None
    decks = deck_list_own(user=request.user, game=spec.slug)
    return AddToDeckForm(data, decks=decks, spec=spec)


@login_required
@require_POST
def card_add_to_deck(request: HttpRequest, game: str, key: str) -> HttpResponse:
    """Add the card to one of the user's decks of its game, as a new version of the deck."""
    card = _visible_cards(request, game).filter(key=key).first()
    if card is None:
        raise Http404("No such card")
    form = _add_form(request, GAMES[game], request.POST)
    if not form.is_valid():
        problems = "; ".join(f"{name}: {' '.join(errors)}" for name, errors in form.errors.items())
        messages.error(request, f"{card.name} was not added ({problems}).")
        return redirect("web:card", game=game, key=key)
    deck = form.decks[form.cleaned_data["deck"]]
    section = form.cleaned_data["section"]
    try:
        deck_add_card(deck=deck, card=card, section=section, quantity=form.cleaned_data["quantity"])
    except TooManyCopies as refused:
        messages.error(request, f"{card.name} was not added: {refused}.")
        return redirect("web:card", game=game, key=key)
    names = {s.slug: s.name for s in GAMES[game].sections}
    messages.success(
        request,
        f"Added {form.cleaned_data['quantity']} {card.name} to {deck.name} ({names[section]}).",
    )
    return redirect("web:deck", pk=deck.address)
