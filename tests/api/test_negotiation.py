"""One content-negotiation rule on every operation with several answers (issue 18, item 7):
`?format=` names the answer whatever Accept says, Accept chooses otherwise; and problem
details (RFC 9457) for clients that ask for them, never a 406 (item 11)."""

from __future__ import annotations

import pytest

from tests.api.test_errors import assert_error_shape

NEOPETS_LIST = "Neopets:\n1 Nope\n"


@pytest.mark.parametrize("accept", ["text/plain", "application/json", "*/*"])
def test_format_text_answers_text_whatever_accept_says(alice_api, alice_things, accept):
    url = f"/api/v1/decks/{alice_things.deck_id}/export/"
    response = alice_api.get(url, {"format": "text"}, HTTP_ACCEPT=accept)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")


def test_accept_chooses_without_format(alice_api, alice_things):
    url = f"/api/v1/decks/{alice_things.deck_id}/export/"
    assert alice_api.get(url, HTTP_ACCEPT="text/plain")["Content-Type"].startswith("text/plain")
    assert alice_api.get(url).json()["name"] == "Walked"


def test_a_format_the_operation_has_not_is_a_400_naming_format(alice_api, alice_things):
    url = f"/api/v1/decks/{alice_things.deck_id}/export/"
    body = assert_error_shape(alice_api.get(url, {"format": "xml"}), 400, "invalid")
    assert list(body["fields"]) == ["format"]


def test_a_batch_answers_csv_for_format_csv(api, db):
    body = {"decks": [{"id": "x", "game": "neopets", "text": NEOPETS_LIST}]}
    url = "/api/v1/validate/batch/?format=csv"
    response = api.post(url, body, format="json", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.decode().splitlines()[1].startswith("x,")


def test_validate_still_reads_format_as_the_decks_format(api, db):
    body = {"game": "neopets", "text": NEOPETS_LIST}
    response = api.post("/api/v1/validate/?format=standard", body, format="json")
    assert response.status_code == 200 and response.json()["format"] == "standard"


def test_errors_are_problem_details_for_clients_that_ask(api, db):
    response = api.post(
        "/api/v1/validate/", {"game": "chess"}, format="json",
        HTTP_ACCEPT="application/problem+json",
    )  # fmt: skip
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/problem+json")
    problem = response.json()
    assert problem["type"] == "urn:deckwarden:error:invalid"
    assert (problem["title"], problem["status"], problem["instance"]) == (
        "Bad Request",
        400,
        "/api/v1/validate/",
    )
    assert problem["code"] == "invalid" and "game" in problem["fields"]


def test_a_client_asking_only_for_problem_details_gets_answers_not_406(api, db):
    response = api.get("/api/v1/games/", HTTP_ACCEPT="application/problem+json")
    assert response.status_code == 200 and response.json()["count"] >= 0
