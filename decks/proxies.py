"""A deck's proxies to print (or those of the cards its reader's collection lacks), drawn by
cards.proxy_sheets: which cards, how many of each, and the refusals a person can act on.

A deck of up to BACKGROUND_COPIES copies is drawn while the request waits. A larger one (up to
MAX_COPIES) is drawn by a worker (decks.tasks.print_proxies) into a ProxyPrint: the request
answers at once with the print, which its owner follows until its PDF is ready; asked again for
the same cards while it is kept, the same print answers. The PDF goes to the private storage
(STORAGES["private"]), read for its owner alone, and is deleted after KEPT.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import math
from uuid import UUID

from django.contrib.auth.models import User
from django.core.files.base import ContentFile
from django.core.files.storage import Storage, storages
from django.db import transaction
from django.utils import timezone
from kombu.exceptions import KombuError

from basics.errors import InvalidRequest
from cards.models import Card, Viewer
from cards.proxy_sheets import PAPERS, PER_PAGE, Proxy, proxies_pdf
from jobs.services.admission import SubmitLater
from rulebook.core.identity import identity

from .collection import deck_missing
from .models import PROXY_PRINT_KEPT, Deck, ProxyPrint
from .resolution import PRIVATE_CARD
from .selectors import deck_lines, proxy_print_kept

logger = logging.getLogger(__name__)

# A 60-card deck draws in well under a second (bench.proxies) and 120 cards (14 pages) in about
# one: that long a request may wait. More is drawn in the background, up to MAX_COPIES (112
# pages; a MetaZoo Spellbook has no maximum); beyond that a deck is refused, naming the number.
BACKGROUND_COPIES = 120
MAX_COPIES = 1000
PAPER_FIELD = "paper"
PRINT_TASK = "decks.tasks.print_proxies"  # pinned: tasks already queued name it
PRINT_SECONDS = 120  # the task's hard time limit; 1,000 cards draw in a few seconds


def deck_proxies(
    *, deck: Deck, viewer: Viewer, paper: str, missing: bool = False
) -> bytes | ProxyPrint:
    """The PDF of the deck's cards as this viewer may read the saved deck (a card private to its
    author is "a private card"), every copy, in the deck's order; with `missing`, only the copies
    the viewer's collection lacks. Past BACKGROUND_COPIES, the signed-in viewer's ProxyPrint of
    those cards instead, queued now or kept from an earlier request. InvalidRequest naming
    `paper` for a paper not in PAPERS, and naming the deck (or `missing`) when there is nothing
    to print or too much; SubmitLater when a print cannot be queued (nothing is kept)."""
    proxies, title = _printable(deck, viewer, paper, missing)
    copies = sum(proxy.copies for proxy in proxies)
    if copies <= BACKGROUND_COPIES:
        return proxies_pdf(proxies, game=deck.game.slug, paper=paper, title=title)
    if not isinstance(viewer, User):
        raise InvalidRequest(
            "deck",
            f"{deck.name} has {copies} cards, more than {BACKGROUND_COPIES}: its proxies are "
            "printed in the background and kept for whoever asked; sign in to print them",
        )
    return _print_queued(deck, viewer, paper, missing, copies, _digest(deck, title, paper, proxies))


def proxy_print_draw(*, print_id: UUID | str) -> str:
    """Draw a queued print's PDF into the private storage, as its owner reads the deck now; a
    print drawn already (its task sent twice), failed or deleted is left as it is. Then the
    prints older than KEPT are deleted. What became of it: done, failed or skipped."""
    found = (
        ProxyPrint.objects.select_related("deck__game", "owner")
        .filter(pk=print_id, status=ProxyPrint.Status.QUEUED)
        .first()
    )
    if found is None:
        return "skipped"
    try:  # the deck may have changed since: emptied, or grown past MAX_COPIES
        proxies, title = _printable(found.deck, found.owner, found.paper, found.missing)
    except InvalidRequest as refused:
        proxy_print_fail(print_id=found.pk, error=f"Not printed: {refused.message}.")
        return "failed"
    pdf = proxies_pdf(proxies, game=found.deck.game.slug, paper=found.paper, title=title)
    name = _storage().save(f"proxies/{found.pk}.pdf", ContentFile(pdf))
    drawn = ProxyPrint.objects.filter(pk=found.pk, status=ProxyPrint.Status.QUEUED).update(
        status=ProxyPrint.Status.DONE, file=name, finished=timezone.now()
    )
    if not drawn:  # another worker drew it first, or it was deleted meanwhile
        _storage().delete(name)
    proxy_prints_clear()
    return "done" if drawn else "skipped"


def proxy_print_fail(*, print_id: UUID | str, error: str) -> None:
    """A queued print that cannot be drawn: failed, saying why (its owner may ask again)."""
    ProxyPrint.objects.filter(pk=print_id, status=ProxyPrint.Status.QUEUED).update(
        status=ProxyPrint.Status.FAILED, error=error, finished=timezone.now()
    )


def proxy_print_pdf(*, proxy_print: ProxyPrint) -> bytes:
    """The PDF of a print that is done, read from the private storage (the caller read the
    print through decks.selectors.proxy_print_get, as its owner)."""
    with _storage().open(proxy_print.file) as stored:
        pdf: bytes = stored.read()
    return pdf


def proxy_prints_clear() -> int:
    """Delete the prints older than KEPT (their PDFs go with them: decks.apps); how many."""
    before = timezone.now() - PROXY_PRINT_KEPT
    deleted, _ = ProxyPrint.objects.filter(created__lt=before).delete()
    return deleted


def proxy_print_file_delete(name: str) -> None:
    """A deleted print's PDF leaves the private storage (decks.apps, once the deletion commits)."""
    _storage().delete(name)


def pages(copies: int) -> int:
    """The sheets that many cards take."""
    return math.ceil(copies / PER_PAGE)


def _printable(deck: Deck, viewer: Viewer, paper: str, missing: bool) -> tuple[list[Proxy], str]:
    """The cards to print and the PDF's title, or InvalidRequest saying why there are none, too
    many, or the paper is unknown."""
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
            f"({pages(MAX_COPIES)} pages) are printed in one PDF",
        )
    title = f"{deck.name} (missing cards)" if missing else deck.name
    return proxies, f"Proxies: {title}"


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


def _digest(deck: Deck, title: str, paper: str, proxies: list[Proxy]) -> str:
    """What a print holds, as a digest: the same request for the same cards of the same deck
    (at the same revision) finds it again."""
    cards = [[_key(proxy.card.pk), proxy.copies] for proxy in proxies]
    held = [deck.pk, deck.revision, title, paper, cards]
    return hashlib.sha256(json.dumps(held).encode()).hexdigest()


def _print_queued(
    deck: Deck, owner: User, paper: str, missing: bool, copies: int, digest: str
) -> ProxyPrint:
    """The owner's print of these contents while it is kept and not failed, else a new one whose
    task is sent as the transaction commits; SubmitLater (nothing kept) if it cannot be sent."""
    kept = proxy_print_kept(owner=owner, digest=digest)
    if kept is not None:
        return kept
    made = ProxyPrint(
        owner=owner, deck=deck, paper=paper, missing=missing, copies=copies, contents=digest
    )
    try:
        with transaction.atomic():
            made.save()
            transaction.on_commit(functools.partial(_send, str(made.pk)))
    except (KombuError, OSError) as exc:
        # Committed but not queued: no worker would draw it, so it goes (as jobs.services.submit
        # does with a job), and the asker is told to ask again.
        logger.warning("Proxies %s not queued, the broker is unavailable: %s", made.pk, exc)
        ProxyPrint.objects.filter(pk=made.pk).delete()
        raise SubmitLater(
            "The print queue cannot be reached; nothing was kept. Ask for the proxies again "
            "in a moment."
        ) from exc
    return made


def _send(print_id: str) -> None:
    """Queue the print's task by its pinned name (decks.tasks imports this module)."""
    from celery import current_app

    current_app.tasks[PRINT_TASK].apply_async((print_id,))


def _storage() -> Storage:
    return storages["private"]
