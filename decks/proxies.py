"""A deck's proxies to print (or those of the cards its reader's collection lacks), drawn by
cards.proxy_sheets: which cards, how many of each, and the refusals a person can act on."""

from __future__ import annotations

from basics.errors import InvalidRequest
from cards.models import Card, Viewer
from cards.proxy_sheets import PAPERS, PER_PAGE, Proxy, proxies_pdf
from rulebook.core.identity import identity

from .collection import deck_missing
from .models import Deck
from .resolution import PRIVATE_CARD
from .selectors import deck_lines

# Printed while the request waits: a 60-card deck draws in well under a second (bench.proxies),
# and this many copies (40 pages) in a few. A MetaZoo Spellbook has no maximum; one beyond this
# is refused, naming the number, rather than holding a web worker.
MAX_COPIES = 360
PAPER_FIELD = "paper"


def deck_proxies(*, deck: Deck, viewer: Viewer, paper: str, missing: bool = False) -> bytes:
    """The PDF of the deck's cards as this viewer may read the saved deck (a card private to its
    author is "a private card"), every copy, in the deck's order; with `missing`, only the copies
    the viewer's collection lacks. InvalidRequest naming `paper` for a paper not in PAPERS, and
    naming the deck (or `missing`) when there is nothing to print or too much."""
    if paper not in PAPERS:
        raise InvalidRequest(PAPER_FIELD, f"must be one of {', '.join(PAPERS)}, not {paper!r}")
    if missing and (viewer is None or not viewer.is_authenticated):
        raise InvalidRequest("missing", "sign in to print what your collection lacks")
    proxies = _deck_proxies(deck, viewer, missing=missing)
    copies = sum(proxy.copies for proxy in proxies)
    if not copies:
        raise InvalidRequest(
            "missing" if missing else "deck",
            "you own every card of this deck: nothing is missing to print"
            if missing
            else f"{deck.name} has no saved cards to print; add cards and save a version first",
        )
    if copies > MAX_COPIES:
        raise InvalidRequest(
            "deck",
            f"{deck.name} has {copies} cards; at most {MAX_COPIES} "
            f"({MAX_COPIES // PER_PAGE} pages) are printed at once",
        )
    title = f"{deck.name} (missing cards)" if missing else deck.name
    return proxies_pdf(proxies, game=deck.game.slug, paper=paper, title=f"Proxies: {title}")


def _deck_proxies(deck: Deck, viewer: Viewer, *, missing: bool) -> list[Proxy]:
    """Each card of the deck once (its sections and printings summed) in deck order, with its
    copies: all of them, or those missing from the viewer's collection."""
    cards: dict[int | str, Card] = {}
    copies: dict[int | str, int] = {}
    for line in deck_lines(deck=deck, viewer=viewer):
        key = _key(line.card.pk)
        cards.setdefault(key, line.card)
        copies[key] = copies.get(key, 0) + line.quantity
    if missing:
        lacking = {
            _key(card.card_id): card.missing
            for card in deck_missing(deck=deck, viewer=viewer).cards
        }
        copies = {key: lacking.get(key, 0) for key in copies}
    return [Proxy(cards[key], count) for key, count in copies.items() if count]


def _key(card_id: int | None) -> int | str:
    """A card's place in the sheet: its id, or for every private card one stand-in (as
    decks.collection counts them)."""
    return card_id if card_id is not None else identity(PRIVATE_CARD)
