"""Validation's per-process catalogue cache: no query once cards are read, forgotten after a
local commit or, for changes made elsewhere, at the next recheck; never used in a transaction."""

from __future__ import annotations

import time

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from cards.models import Card, Game
from rulebook.core.resolve import EntryRef
from rules.services.catalogue import catalogue
from rules.services.validation import deck_validate

LATE = EntryRef("main", 1, name="Late Test Food")


@pytest.fixture(autouse=True)
def fresh_catalogue():
    catalogue.invalidate()
    yield
    catalogue.invalidate()


def add_food(name: str) -> Card:
    game = Game.objects.get(slug="neopets")
    return Card.objects.create(
        game=game, key=name.lower().replace(" ", "-"), name=name, type="Food"
    )


def unknown(entries) -> list[str]:
    report = deck_validate(game="neopets", entries=entries)
    return [issue.cards[0] for issue in report.errors if issue.code == "card.unknown"]


def queries_for(entries) -> int:
    with CaptureQueriesContext(connection) as captured:
        deck_validate(game="neopets", entries=entries)
    return len(captured)


@pytest.mark.django_db(transaction=True)
def test_it_validates_from_the_cache_without_a_query(settings):
    settings.CATALOGUE_RECHECK_SECONDS = 60
    add_food("Late Test Food")
    assert unknown([LATE]) == []
    assert queries_for([LATE]) == 0


@pytest.mark.django_db(transaction=True)
def test_it_forgets_what_it_read_when_this_process_commits_a_change(settings):
    settings.CATALOGUE_RECHECK_SECONDS = 60
    assert unknown([LATE]) == ["Late Test Food"]
    add_food("Late Test Food")
    assert unknown([LATE]) == []


@pytest.mark.django_db(transaction=True)
def test_it_sees_a_change_made_elsewhere_at_the_next_recheck(settings):
    settings.CATALOGUE_RECHECK_SECONDS = 0.2
    card = add_food("Late Test Food")
    assert unknown([LATE]) == []
    # As another process would: no signal reaches this one.
    Card.objects.filter(pk=card.pk).update(name="Renamed Test Food", updated=timezone.now())
    assert unknown([LATE]) == []  # still the cached read
    time.sleep(0.3)
    assert unknown([LATE]) == ["Late Test Food"]


def test_it_never_uses_the_cache_inside_a_transaction(db, settings):
    settings.CATALOGUE_RECHECK_SECONDS = 60
    add_food("Late Test Food")
    assert unknown([LATE]) == []
    assert queries_for([LATE]) > 0
