"""Card search counts its matches only a little past the page shown (issue 25, item 7).

Counting every match of a broad search visited every table page holding one (on 100,000 cards,
`o:draw` read all 4,150 pages for its total), and that count was most of a search's time. The
count now stops past basics.counted_pages.COUNT_CAP and the answer says so: the API's
`count_exact` is false and `count` is the number passed; the site says "More than 1000 cards".
The PostgreSQL test holds the plan property that keeps search fast: a broad search's count
reads a fraction of the card table, not all of it.
"""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from basics.counted_pages import COUNT_CAP
from cards.models import Card, Game

BROAD = COUNT_CAP + 60  # 36 pages of 30 (the site), 22 pages of 50 (the API)


def make_spells(total: int) -> None:
    """`total` Keeper spells that all draw a card (bulk-made: a count must pass the cap)."""
    keeper = Game.objects.get(slug="keeper")
    Card.objects.bulk_create(
        Card(
            game=keeper,
            key=f"spell-{number}",
            name=f"Spell {number:05}",
            type="Spell",
            text="Draw a card. Your opponent discards a card at random from their hand.",
            attributes={"cost": number % 10},
            is_sample=True,
        )
        for number in range(total)
    )


@pytest.fixture
def broad_catalogue(db) -> int:
    make_spells(BROAD)
    return BROAD


def test_a_narrow_search_has_its_exact_count(api, catalogue):
    answer = api.get("/api/v1/cards/", {"q": "o:draw"}).json()
    assert (answer["count"], answer["count_exact"]) == (3, True)
    assert len(answer["results"]) == 3


def test_a_broad_search_says_more_than_the_cap_and_still_pages_on(api, broad_catalogue):
    first = api.get("/api/v1/cards/", {"q": "o:draw"}).json()
    assert (first["count"], first["count_exact"]) == (COUNT_CAP, False)
    assert first["next"] is not None and len(first["results"]) == 50
    # Page 20 ends at the cap: a page follows it all the same.
    twentieth = api.get("/api/v1/cards/", {"q": "o:draw", "page": 20}).json()
    assert twentieth["next"] is not None
    # A page past the cap counts on to it: one more page follows 21, and 22 is the last.
    past = api.get("/api/v1/cards/", {"q": "o:draw", "page": 21}).json()
    assert (past["count"], past["count_exact"]) == (21 * 50, False) and past["next"]
    last = api.get("/api/v1/cards/", {"q": "o:draw", "page": 22}).json()
    assert (last["count"], last["count_exact"], last["next"]) == (BROAD, True, None)
    assert [card["name"] for card in last["results"]] == [
        f"Spell {number:05}" for number in range(1050, BROAD)
    ]


def test_the_last_page_of_a_broad_search_is_found_by_counting_everything(api, broad_catalogue):
    last = api.get("/api/v1/cards/", {"q": "o:draw", "page": "last"}).json()
    assert (last["count"], last["count_exact"], len(last["results"])) == (BROAD, True, 10)


def test_the_site_says_more_than_the_cap(client, broad_catalogue):
    page = client.get("/cards/", {"q": "o:draw"}).content.decode()
    assert f"More than {COUNT_CAP} cards" in page
    assert "Page 1 of 34 or more" in page
    deep = client.get("/cards/", {"q": "o:draw", "page": 36}).content.decode()
    assert f"{BROAD} cards" in deep and "More than" not in deep
    assert "Page 36 of 36</span>" in deep


@pytest.mark.skipif(not settings.IS_POSTGRES, reason="needs PostgreSQL (DATABASE_URL)")
@pytest.mark.django_db(transaction=True)  # committed rows, so that VACUUM can run
@pytest.mark.parametrize("query", ["o:draw", "spell", "cost>=0"])
def test_a_broad_searchs_count_reads_a_fraction_of_the_card_table(api, query):
    """The plan property that keeps search within target: the count stops early, so it reads
    the pages holding about COUNT_CAP matches, not every page holding one. Here every card
    matches and the cap is a tenth of them: the count reads about a tenth of the table, where
    counting every match read all of it (and on 100,000 cards took most of a search's time)."""
    make_spells(10 * COUNT_CAP)
    with connection.cursor() as cursor:
        # Compact (rows other tests rolled back leave empty pages) and known to the planner.
        cursor.execute("VACUUM (FULL, ANALYZE) cards_card")
        cursor.execute("SELECT pg_relation_size('cards_card') / current_setting('block_size')::int")
        table_pages = cursor.fetchone()[0]
    with CaptureQueriesContext(connection) as queries:
        answer = api.get("/api/v1/cards/", {"q": query}).json()
    assert (answer["count"], answer["count_exact"]) == (COUNT_CAP, False)
    count_sql = next(q["sql"] for q in queries.captured_queries if "COUNT(*)" in q["sql"])
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) {count_sql}")
        plan = cursor.fetchone()[0]
    plan = plan if isinstance(plan, list) else json.loads(plan)
    buffers = plan[0]["Plan"]["Shared Hit Blocks"] + plan[0]["Plan"]["Shared Read Blocks"]
    assert table_pages > 300, table_pages  # wide enough for the difference to show
    assert buffers < table_pages / 4, (buffers, table_pages, plan)


def _nodes(plan: dict):
    yield plan
    for child in plan.get("Plans", []):
        yield from _nodes(child)


@pytest.mark.skipif(not settings.IS_POSTGRES, reason="needs PostgreSQL (DATABASE_URL)")
@pytest.mark.django_db(transaction=True)  # committed rows, so that VACUUM can run
def test_a_name_searchs_page_is_found_in_the_catalogue_order_index_alone(api):
    """A page's ids in catalogue order, filtered by the privacy rule and the name, come from
    the card_catalogue_order index alone (it includes owner and shared): reading whole rows in
    that order until a page of matches was found visited a table page per row passed over."""
    make_spells(10 * COUNT_CAP)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE cards_card")  # the visibility map, as a live table has
    with CaptureQueriesContext(connection) as queries:
        answer = api.get("/api/v1/cards/", {"q": "spell", "page": 3}).json()
    assert answer["results"][0]["name"] == "Spell 00100"
    ids_sql = next(
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith('SELECT "cards_card"."id"') and "LIMIT" in q["sql"]
    )
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) {ids_sql}")
        plan = cursor.fetchone()[0]
    plan = plan if isinstance(plan, list) else json.loads(plan)
    scans = [node for node in _nodes(plan[0]["Plan"]) if "Scan" in node["Node Type"]]
    assert [(s["Node Type"], s.get("Index Name")) for s in scans] == [
        ("Index Only Scan", "card_catalogue_order")
    ]
    assert scans[0]["Heap Fetches"] == 0
