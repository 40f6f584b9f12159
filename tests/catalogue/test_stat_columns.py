"""Stat search reads the stat columns (cards/stat_columns.py), which the database writes with
each card row: a card is found by the stats it has now however its attributes were written, and
on PostgreSQL a stat search's count and page of ids come from indexes alone (issue 44, item 4)."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards.models import Card, Game
from cards.stat_columns import STAT_ATTRIBUTES, stat_column
from rulebook.registry import GAMES


def names(api, query: str) -> list[str]:
    return [card["name"] for card in api.get("/api/v1/cards/", {"q": query}).json()["results"]]


def test_every_numeric_attribute_of_every_game_has_its_stat_column():
    """A game adding a numeric attribute adds its column (and index) in a migration."""
    numeric = {
        name for spec in GAMES.values() for name, field in spec.attributes.items() if field.numeric
    }
    assert numeric <= set(STAT_ATTRIBUTES)
    columns = {field.name for field in Card._meta.get_fields()}
    assert {stat_column(attribute) for attribute in STAT_ATTRIBUTES} <= columns


@pytest.mark.django_db
def test_a_card_is_found_by_the_stats_it_has_now_however_they_were_written(api):
    """Bulk-made (as the importer makes cards), bulk-updated (as it updates them), updated by
    a query (no save) and saved: each time the search compares the stats written last."""
    keeper = Game.objects.get(slug="keeper")

    def creature(name: str, cost: int) -> Card:
        attributes = {"cost": cost, "offense": 1, "defense": 1}
        return Card(
            game=keeper, key=name.lower(), name=name, type="Creature", attributes=attributes
        )

    golem, imp = Card.objects.bulk_create([creature("Golem", 4), creature("Imp", 1)])
    assert names(api, "cost=4") == ["Golem"]
    golem.attributes = {**golem.attributes, "cost": 7}
    Card.objects.bulk_update([golem], ["attributes"])
    assert (names(api, "cost=4"), names(api, "cost=7")) == ([], ["Golem"])
    Card.objects.filter(pk=imp.pk).update(attributes={"cost": 9})  # a spell now: no offense
    assert names(api, "cost>=7 order:cost dir:desc") == ["Imp", "Golem"]
    assert names(api, "atk>=0") == ["Golem"]
    imp.refresh_from_db()
    imp.attributes = {"cost": 2, "offense": 8, "defense": 1}
    imp.save()
    assert (names(api, "cost>=7"), names(api, "atk>5")) == (["Golem"], ["Imp"])


def _scans(plan: dict):
    if "Scan" in plan["Node Type"]:
        yield plan
    for child in plan.get("Plans", []):
        yield from _scans(child)


@pytest.mark.skipif(not settings.IS_POSTGRES, reason="needs PostgreSQL (DATABASE_URL)")
@pytest.mark.django_db(transaction=True)  # committed rows, so that VACUUM can run
@pytest.mark.parametrize(("query", "first"), [("lp>=100", 9), ("lp=40", 3), ("lp<20", 0)])
def test_a_stat_searchs_count_and_page_read_no_card_row(api, query, first):
    """Each a tenth of 10,000 cards: the capped count and the page's ids in catalogue order
    are read from the stat's index or the catalogue-order index alone, where comparing an
    expression over `attributes` visited a table page per card compared (11,700 pages for
    `hp>=12` on 100,000 cards)."""
    metazoo = Game.objects.get(slug="metazoo")
    Card.objects.bulk_create(
        Card(
            game=metazoo,
            key=f"beastie-{number}",
            name=f"Beastie {number:05}",
            type="Beastie",
            attributes={"aura_cost": {"forest": 1}, "lp": 10 + number % 10 * 10},
            is_sample=True,
        )
        for number in range(10_000)
    )
    with connection.cursor() as cursor:
        # The visibility map, as a live table has. INDEX_CLEANUP: a page holding a row an
        # earlier test rolled back is marked all-visible only once its index entries are gone,
        # which VACUUM skips when so few pages hold such rows.
        cursor.execute("VACUUM (INDEX_CLEANUP ON, ANALYZE) cards_card")
    with CaptureQueriesContext(connection) as queries:
        answer = api.get("/api/v1/cards/", {"q": query}).json()
    assert (answer["count"], answer["count_exact"]) == (1000, True)
    assert answer["results"][0]["name"] == f"Beastie {first:05}"
    searches = [q["sql"] for q in queries.captured_queries if "stat_lp" in q["sql"]]
    assert len(searches) == 2  # the count and the page's ids
    for sql in searches:
        with connection.cursor() as cursor:
            cursor.execute(f"EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) {sql}")
            plan = cursor.fetchone()[0]
        plan = plan if isinstance(plan, list) else json.loads(plan)
        scans = list(_scans(plan[0]["Plan"]))
        assert {scan["Node Type"] for scan in scans} == {"Index Only Scan"}, plan
        assert sum(scan["Heap Fetches"] for scan in scans) == 0, plan
