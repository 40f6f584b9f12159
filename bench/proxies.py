"""`python -m bench.proxies`: a deck's proxies to print (issue 40, item 4), on PostgreSQL.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/deckwarden .venv/bin/python -m bench.proxies

In its own database beside DATABASE_URL's (`deckwarden_bench_proxies`, made afresh) with the
sample cards: a 60-card Neopets deck of 30 different cards, two copies each, every one with a
picture of its own (the worst case: each picture is read, converted and embedded), rendered
through GET /api/v1/decks/{id}/proxies/ as a client asks for it: target 3 s. The largest deck
printed while the request waits (decks.proxies.BACKGROUND_COPIES) is timed beside it, and a
worker's drawing of the largest deck printed at all (MAX_COPIES, in the background:
proxy_print_draw, into a temporary private storage). Medians of --runs, wall time and this
process's CPU time (Django's; a busy machine's wall time is mostly waiting).
"""

from __future__ import annotations

import argparse
import io
import os
import re
import statistics
import sys
import time

from bench.answers import WrongAnswer, run_unthrottled

TARGET_SECONDS = 3.0
COPIES = 60
DIFFERENT = 30
BENCH_DATABASE = "deckwarden_bench_proxies"


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    from bench.search import _bench_database_url, _recreate_database

    url = _bench_database_url(os.environ.get("DATABASE_URL", ""), BENCH_DATABASE)
    _recreate_database(url, BENCH_DATABASE)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckwarden.settings")
    run_unthrottled()
    import tempfile

    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.core.management import call_command
    from PIL import Image
    from rest_framework.test import APIClient

    from cards.models import Card, Game
    from cards.services.images import card_image_attach, card_image_store
    from decks.models import ProxyPrint
    from decks.proxies import BACKGROUND_COPIES, MAX_COPIES, proxy_print_draw
    from decks.resolution import DeckLine
    from decks.services import deck_create

    settings.MEDIA_ROOT = tempfile.mkdtemp(prefix="bench-proxies-")
    private = {"location": tempfile.mkdtemp(prefix="bench-proxies-private-")}
    settings.STORAGES = {
        **settings.STORAGES,
        "private": {**settings.STORAGES["private"], "OPTIONS": private},
    }
    call_command("migrate", verbosity=0)
    call_command("load_samples", verbosity=0)
    game = Game.objects.get(slug="neopets")
    cards = list(Card.objects.filter(game=game).order_by("name")[:DIFFERENT])
    for index, card in enumerate(cards):  # a picture of its own each: none is stored once
        picture = Image.new("RGB", (750, 1050), (index * 8 % 256, 90, 200 - index * 5))
        raw = io.BytesIO()
        picture.save(raw, format="PNG")
        upload = SimpleUploadedFile(f"{index}.png", raw.getvalue(), content_type="image/png")
        card_image_attach(card=card, image=card_image_store(upload=upload))
    owner, _ = get_user_model().objects.get_or_create(username="bench-printer")
    section = game.spec.sections[0].slug
    client = APIClient()
    client.force_authenticate(owner)

    def timed(copies_each: int, name: str) -> tuple[float, int, int]:
        lines = [DeckLine(section, card, copies_each) for card in cards]
        deck = deck_create(owner=owner, game=game, name=name, lines=lines)
        times, cpu, size, pages = [], [], 0, 0
        for _ in range(args.runs):
            started, started_cpu = time.perf_counter(), time.process_time()
            response = client.get(f"/api/v1/decks/{deck.pk}/proxies/", {"paper": "a4"})
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
            if response.status_code != 200 or not response.content.startswith(b"%PDF"):
                raise WrongAnswer(f"proxies answered HTTP {response.status_code}: "
                                  f"{response.content[:300]!r}")  # fmt: skip
            size = len(response.content)
            pages = len(re.findall(rb"/Type /Page\b(?!s)", response.content))
        return statistics.median(times), statistics.median(cpu), size, pages

    seconds, cpu, size, pages = timed(COPIES // DIFFERENT, "Sixty")
    print(
        f"a {COPIES}-card deck's proxies ({DIFFERENT} different cards, each with a picture; "
        f"{pages} A4 pages, {size / 1024:.0f} KB): median {seconds:.2f} s, {cpu:.2f} s of CPU "
        f"(target {TARGET_SECONDS:.0f} s; load average {os.getloadavg()[0]:.1f})"
    )
    largest, cpu, size, pages = timed(BACKGROUND_COPIES // DIFFERENT, "Largest")
    print(
        f"the largest deck printed in a request, {BACKGROUND_COPIES} cards ({pages} pages, "
        f"{size / 1024:.0f} KB): median {largest:.2f} s, {cpu:.2f} s of CPU"
    )
    each = MAX_COPIES // DIFFERENT
    lines = [DeckLine(section, card, each) for card in cards]
    deck = deck_create(owner=owner, game=game, name="Background", lines=lines)
    times, cpus = [], []
    for run in range(args.runs):
        queued = ProxyPrint.objects.create(
            owner=owner, deck=deck, paper="a4", copies=each * DIFFERENT, contents=f"bench {run}"
        )
        started, started_cpu = time.perf_counter(), time.process_time()
        if proxy_print_draw(print_id=str(queued.pk)) != "done":
            raise WrongAnswer("the background print was not drawn")
        times.append(time.perf_counter() - started)
        cpus.append(time.process_time() - started_cpu)
    print(
        f"a worker's drawing of {each * DIFFERENT} cards in the background (at most "
        f"{MAX_COPIES}): median {statistics.median(times):.2f} s, "
        f"{statistics.median(cpus):.2f} s of CPU"
    )
    return 0 if seconds < TARGET_SECONDS else 1


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main())
