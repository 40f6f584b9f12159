"""POST /api/v1/validate/batch/: one result per deck, a bad deck never failing the batch,
a limit on the batch named when it is passed (issue 9, item 5)."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import override_settings

from api.validation.batch import MAX_DECKS, MAX_DISTINCT_CARDS, MAX_ENTRIES
from tests.validation.conftest import legal_text, sections_body

URL = "/api/v1/validate/batch/"


def post(api, body, **kwargs):
    return api.post(URL, body, format="json", **kwargs)


def illegal_text() -> str:
    """The legal deck less one Codestone: 49 Main Deck cards (CR 8.3.1)."""
    return legal_text().replace("8 Test Codestone 0", "7 Test Codestone 0")


def test_it_answers_each_deck_in_order_with_a_summary(api, neopets_cards):
    body = {
        "decks": [
            {"id": "a", "game": "neopets", "text": legal_text()},
            {"id": "b", "game": "neopets", "text": illegal_text()},
            {"id": "c", **sections_body()},
        ]
    }
    response = post(api, body)
    assert response.status_code == 200, response.json()
    data = response.json()
    assert [r["id"] for r in data["results"]] == ["a", "b", "c"]
    assert [r["legal"] for r in data["results"]] == [True, False, True]
    assert set(data["results"][0]) == {"id", "legal", "errors", "warnings", "counts"}
    assert data["results"][1]["errors"][0]["code"] == "main.size"
    assert data["results"][1]["errors"][0]["rule"] == "8.3.1"
    assert data["summary"] == {"decks": 3, "legal": 2, "illegal": 1, "by_code": {"main.size": 1}}


def test_it_answers_the_same_report_as_single_validation(api, neopets_cards):
    single = api.post(
        "/api/v1/validate/", {"game": "neopets", "text": illegal_text()}, format="json"
    )
    batch = post(api, {"decks": [{"id": 1, "game": "neopets", "text": illegal_text()}]})
    expected = {k: single.json()[k] for k in ("legal", "errors", "warnings", "counts")}
    assert batch.json()["results"] == [{"id": 1, **expected}]


def test_an_unknown_game_or_unreadable_deck_is_its_own_result_not_a_400(api, neopets_cards):
    body = {
        "decks": [
            {"id": "bad-game", "game": "chess", "text": "1 Pawn"},
            {"id": "bad-line", "game": "neopets", "text": "Main Deck:\nzero Hot Dog\n"},
            {"id": "bad-format", "game": "neopets", "format": "nope", "text": legal_text()},
            "not a deck",
            {"id": "good", "game": "neopets", "text": legal_text()},
        ]
    }
    response = post(api, body)
    assert response.status_code == 200
    results = response.json()["results"]
    assert [r["legal"] for r in results] == [False, False, False, False, True]
    for result, field in zip(
        [results[0], results[2], results[3]], ["game", "format", "body"], strict=True
    ):
        assert result["errors"][0]["code"] == "deck.invalid"
        assert field in result["errors"][0]["fields"]
    # An unreadable line is an error of that deck's report, as /validate/ answers it (issue 7
    # item 7): the rest of the list is still checked.
    assert "decklist.unreadable" in [error["code"] for error in results[1]["errors"]]
    assert response.json()["summary"]["by_code"]["deck.invalid"] == 3
    assert response.json()["summary"]["by_code"]["decklist.unreadable"] == 1


def test_unknown_cards_are_report_errors_with_suggestions(api, neopets_cards):
    text = legal_text() + "1 Test Fearie\n"
    response = post(api, {"decks": [{"id": "x", "game": "neopets", "text": text}]})
    codes = [e["code"] for e in response.json()["results"][0]["errors"]]
    assert "card.unknown" in codes


def test_it_answers_csv_when_asked(api, neopets_cards):
    body = {
        "decks": [
            {"id": "a", "game": "neopets", "text": legal_text()},
            {"id": "b", "game": "neopets", "text": illegal_text()},
        ]
    }
    response = post(api, body, HTTP_ACCEPT="text/csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert [(row["id"], row["legal"]) for row in rows] == [("a", "True"), ("b", "False")]
    assert rows[1]["error_codes"] == "main.size"
    assert "(8.3.1)" in rows[1]["errors"]


def test_a_batch_over_the_deck_limit_is_a_413_naming_the_limit(api, neopets_cards):
    deck = {"game": "neopets", "sections": {}}
    response = post(api, {"decks": [deck] * (MAX_DECKS + 1)})
    assert response.status_code == 413
    assert f"at most {MAX_DECKS}" in response.json()["fields"]["decks"][0]


def test_a_full_batch_is_answered(api, neopets_cards):
    response = post(api, {"decks": [{"game": "neopets", "text": legal_text()}] * MAX_DECKS})
    assert response.status_code == 200
    assert response.json()["summary"]["legal"] == MAX_DECKS


@override_settings(BATCH_MAX_BODY_BYTES=2048)
def test_a_body_over_the_byte_limit_is_a_413_naming_the_limit(api, neopets_cards):
    response = post(api, {"decks": [{"game": "neopets", "text": legal_text()}] * 10})
    assert response.status_code == 413
    assert response.json()["fields"] == {"body": ["must be at most 2048 bytes"]}


@pytest.mark.parametrize(
    ("body", "field"),
    [({"decks": "x"}, "decks"), ([], "decks"), ({"decks": [], "as_of": "soon"}, "as_of")],
)
def test_a_body_that_is_no_batch_is_a_400_naming_the_field(api, body, field, neopets_cards):
    response = post(api, body)
    assert response.status_code == 400
    assert field in response.json()["fields"]


def test_bad_json_is_a_400(api):
    response = api.post(URL, "{", content_type="application/json")
    assert response.status_code == 400
    assert "body" in response.json()["fields"]


def test_the_batch_lists_as_of_applies_to_every_deck(api, neopets_cards):
    body = {"as_of": "2020-01-01", "decks": [{"id": "a", "game": "neopets", "text": legal_text()}]}
    assert post(api, body).json()["results"][0]["legal"] is True


def test_it_looks_cards_up_in_a_few_queries_whatever_the_batch_size(
    api, neopets_cards, django_assert_max_num_queries
):
    body = {"decks": [{"game": "neopets", "text": legal_text()}] * 50}
    with django_assert_max_num_queries(8):
        assert post(api, body).status_code == 200


def test_the_batch_endpoint_is_in_the_openapi_schema_with_json_and_csv(api, db):
    schema = api.get("/api/v1/schema/", {"format": "json"}).json()
    operation = schema["paths"]["/api/v1/validate/batch/"]["post"]
    assert set(operation["responses"]["200"]["content"]) == {"application/json", "text/csv"}
    assert {"400", "413"} <= set(operation["responses"])


def csv_body(*rows: dict) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["id", "game", "format", "text"])
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def test_it_takes_a_csv_batch_one_deck_a_row_as_design_says(api, neopets_cards):
    """Issue 17, item 7: DESIGN says the batch takes JSON or CSV."""
    body = csv_body(
        {"id": "p1", "game": "neopets", "text": legal_text()},
        {"id": "p2", "game": "neopets", "format": "standard", "text": illegal_text()},
        {"id": "p3", "game": "chess", "text": "1 Pawn"},
    )
    response = api.post(URL, body.encode("utf-8-sig"), content_type="text/csv")  # Excel's BOM
    assert response.status_code == 200, response.json()
    results = response.json()["results"]
    assert [(r["id"], r["legal"]) for r in results] == [("p1", True), ("p2", False), ("p3", False)]
    assert results[2]["errors"][0]["code"] == "deck.invalid"


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ("id,game,deck\nx,neopets,1 Hot Dog\n", "unknown column 'deck'"),
        ("id,game\nx,neopets\n", "lacks the column 'text'"),
        ('id,game,text\nx,neopets,"1 Hot Dog",extra\n', "more cells than columns"),
    ],
)
def test_a_csv_batch_it_cannot_read_is_a_400_naming_the_problem(api, body, named):
    response = api.post(URL, body, content_type="text/csv")
    assert response.status_code == 400
    assert any(named in problem for problem in response.json()["fields"]["body"])


def test_a_csv_batch_that_is_not_utf8_is_a_400(api):
    body = "id,game,text\nx,neopets,Zoë\n".encode("latin-1")
    response = api.post(URL, body, content_type="text/csv")
    assert response.status_code == 400
    assert "UTF-8" in response.json()["fields"]["body"][0]


def test_a_batch_naming_too_many_different_cards_is_a_413_naming_the_limit(api, neopets_cards):
    """The 2,000 decks x 180 unknown names batch tied a worker up for 37 s: the cost per batch
    is bounded, not only the decks."""
    names_per_deck = 180
    decks = [
        {
            "game": "neopets",
            "text": "\n".join(f"1 Nothing {d}-{n}" for n in range(names_per_deck)),
        }
        for d in range(MAX_DISTINCT_CARDS // names_per_deck + 1)
    ]
    response = post(api, {"decks": decks})
    assert response.status_code == 413
    assert response.json()["code"] == "too_many_cards"
    assert f"at most {MAX_DISTINCT_CARDS} different cards" in response.json()["fields"]["decks"][0]


def test_a_batch_over_the_entry_limit_is_a_413_naming_the_limit(api, neopets_cards):
    deck = {"game": "neopets", "text": "\n".join(["1 Hot Dog"] * 200)}
    response = post(api, {"decks": [deck] * (MAX_ENTRIES // 200 + 1)})
    assert response.status_code == 413
    assert f"at most {MAX_ENTRIES} entries" in response.json()["fields"]["decks"][0]


def test_a_batch_of_many_names_is_answered_on_sqlite_too(
    api, neopets_cards, sqlite_of_999_variables
):
    """SQLite answered 500 "too many SQL variables": lookups are read in chunks."""
    unknown = [f"1 Nothing {n}\n" for n in range(1200)]
    decks = [
        {"id": d, "game": "neopets", "text": legal_text() + "".join(unknown[d::12])}
        for d in range(12)
    ]
    response = post(api, {"decks": decks})
    assert response.status_code == 200
    for result in response.json()["results"]:
        unknown_cards = [e for e in result["errors"] if e["code"] == "card.unknown"]
        assert len(unknown_cards) == 100


def test_a_batch_asks_for_each_unknown_names_suggestions_once(
    api, neopets_cards, django_assert_max_num_queries
):
    """Decks of a batch sharing a misspelt name pay for its "did you mean" once, not per deck.
    (On PostgreSQL a name without a strong match is asked again at the weaker threshold: two
    queries more, once for the batch; cards.selectors._trigram_suggestions.)"""
    body = {"decks": [{"game": "neopets", "text": legal_text() + "1 Hot Dgo\n"}] * 50}
    with django_assert_max_num_queries(11):
        response = post(api, body)
    errors = response.json()["results"][49]["errors"]
    assert any(e["code"] == "card.unknown" for e in errors)


@pytest.mark.parametrize(
    "body, field, problem",
    [
        ('{"decks": [{"id": 1, "game": "neopets", "game": "keeper"}]}', "decks[0]", "than once"),
        ('{"decks": [{"id": 1, "game": "neo\\u0000pets"}]}', "decks[0].game", "NUL"),
    ],
)
def test_it_reads_the_batch_as_strictly_as_every_other_body(api, db, body, field, problem):
    """The batch reads its own body (for its larger size limit); it kept the last of a repeated
    key, and let a NUL through, where the API's parser refuses both."""
    response = api.post(URL, body, content_type="application/json")
    assert response.status_code == 400
    assert problem in response.json()["fields"][field][0]
