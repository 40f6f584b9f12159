"""Issue 11 item 1: the cost of "did you mean" is bounded per request, not per unknown name."""

from __future__ import annotations

import pytest

from rulebook.core.resolve import MAX_SUGGESTED_NAMES

pytestmark = pytest.mark.django_db


def unknown_names(count: int) -> list[dict]:
    return [{"name": f"Test Fod {n}", "quantity": 1} for n in range(count)]


@pytest.mark.parametrize("count", [5, 200])
def test_validate_asks_the_same_few_queries_however_many_names_are_unknown(
    api, neopets_cards, django_assert_max_num_queries, count
):
    body = {"game": "neopets", "sections": {"main": unknown_names(count)}}
    with django_assert_max_num_queries(12):
        report = api.post("/api/v1/validate/", body, format="json").json()
    unknown = [e for e in report["errors"] if e["code"] == "card.unknown"]
    assert len(unknown) == count  # every unknown card is still reported
    suggested = [e for e in unknown if e["suggestions"]]
    assert 0 < len(suggested) <= MAX_SUGGESTED_NAMES


def test_storing_a_deck_asks_the_same_few_queries(
    api, neopets_cards, django_user_model, django_assert_max_num_queries
):
    api.force_authenticate(django_user_model.objects.create_user("alice", password="pw"))
    body = {"game": "neopets", "name": "Typos", "sections": {"main": unknown_names(200)}}
    with django_assert_max_num_queries(12):
        response = api.post("/api/v1/decks/", body, format="json")
    assert response.status_code == 400
