"""Keeper test games over the API: inline decks of user-made cards, the same result for the
same seed, and "test this card" (issue 10, items 5 and 6)."""

from __future__ import annotations

import pytest

from jobs.models import SimulationJob
from jobs.services.chunks import chunk_run

from .keeper_decks import BRUTE, DECK_A, DECK_B, SHIELD, ZAP, homebrew, made

URL = "/api/v1/simulations/"
CARD_TESTS = "/api/v1/simulations/card-tests/"


def run(job_id: str) -> SimulationJob:
    """Play every chunk as the worker's task does, here in the test's process."""
    for chunk in SimulationJob.objects.get(pk=job_id).chunks.order_by("index"):
        chunk_run(chunk_id=chunk.pk, worker="test")
    return SimulationJob.objects.get(pk=job_id)


def submit(api, url: str, body: dict, captured) -> str:
    with captured():
        response = api.post(url, body, format="json")
    assert response.status_code == 202, response.json()
    return response.json()["id"]


@pytest.mark.django_db
def test_a_deck_of_only_user_made_cards_plays_a_10000_game_job(
    api, django_capture_on_commit_callbacks
):
    """Done when: a Keeper deck built only from user-made cards plays a 10,000-game job."""
    body = {"game": "keeper", "decks": [DECK_A, DECK_B], "games": 10_000, "seed": 3}
    job = run(submit(api, URL, body, django_capture_on_commit_callbacks))
    assert job.status == "done", job.error
    result = job.result
    assert result["games"] == 10_000
    assert sum(result["wins"]) + result["draws"] == 10_000
    brute = result["cards"][0]["Homebrew Brute"]
    assert brute["played"] > 0 and brute["damage"] > 0
    assert brute["when_drawn"]["games"] > 9000
    assert result["opening_hand"][0]["creature_rate"] > 0.9
    assert result["unsupported"] == {}


@pytest.mark.django_db
def test_the_same_seed_gives_the_same_result_however_the_job_is_split(
    api, django_capture_on_commit_callbacks
):
    body = {"game": "keeper", "decks": [DECK_A, DECK_B], "games": 300, "seed": 8}
    whole = run(submit(api, URL, body, django_capture_on_commit_callbacks))
    split = run(submit(api, URL, {**body, "chunk_size": 7}, django_capture_on_commit_callbacks))
    assert whole.result == split.result


@pytest.mark.django_db
def test_a_component_the_engine_cannot_play_is_listed_per_card_in_the_result(
    api, django_capture_on_commit_callbacks
):
    """Issue 10 item 2: never skipped in silence, even for a card never played."""
    echo = made(
        "Homebrew Echo",
        "Spell",
        "Activate when this card in your hand is destroyed by paying this card's resource cost. "
        "Draw 1 card.",
    )
    deck = homebrew((BRUTE, 39), (echo, 1))
    body = {"game": "keeper", "decks": [deck, DECK_B], "games": 20}
    result = run(submit(api, URL, body, django_capture_on_commit_callbacks)).result
    unplayable = [
        "Activate when this card in your hand is destroyed by paying this card's resource cost."
    ]
    assert result["unsupported"] == {"Homebrew Echo": unplayable}
    assert result["cards"][0]["Homebrew Echo"]["unplayable"] == unplayable


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("deck", "field"),
    [
        ({**DECK_A, "cards": "Brute"}, "decks[0].cards"),
        (
            {**DECK_A, "cards": [{**BRUTE, "type": "Planeswalker"}, SHIELD, ZAP]},
            "decks[0].cards[0].type",
        ),
        (
            {**DECK_A, "cards": [{**BRUTE, "attributes": {"cost": "3"}}, SHIELD, ZAP]},
            "decks[0].cards[0].attributes.cost",
        ),
        ({**DECK_A, "cards": [{"type": "Spell"}]}, "decks[0].cards[0].name"),
    ],
)
def test_bad_user_made_cards_are_named_field_by_field(api, deck, field):
    response = api.post(
        URL, {"game": "keeper", "decks": [deck, DECK_B], "games": 10}, format="json"
    )
    assert response.status_code == 400
    assert field in response.json()["fields"], response.json()
    assert not SimulationJob.objects.exists()


@pytest.mark.django_db
def test_an_entry_naming_no_inline_or_stored_card_makes_the_deck_illegal(api):
    deck = {**DECK_A, "cards": [BRUTE, SHIELD]}  # Homebrew Zap is named but not given
    response = api.post(
        URL, {"game": "keeper", "decks": [deck, DECK_B], "games": 10}, format="json"
    )
    assert response.status_code == 400
    report = response.json()["reports"][0]
    assert [error["code"] for error in report["errors"]] == ["card.unknown"]


def card_test_body(**changes) -> dict:
    return {
        "game": "keeper",
        "deck": DECK_A,
        "card": {"name": "Homebrew Zap"},
        "replacement": {"name": "Homebrew Brute"},
        "reference": DECK_B,
        "games": 400,
        "seed": 4,
        **changes,
    }


@pytest.mark.django_db
def test_test_this_card_answers_the_difference_in_win_rate_with_its_interval(
    api, django_capture_on_commit_callbacks
):
    """Issue 10 item 6: the deck with the card and without it, on the same seeds."""
    job = run(submit(api, CARD_TESTS, card_test_body(), django_capture_on_commit_callbacks))
    assert job.status == "done", job.error
    result = job.result
    with_rate = result["with_card"]["win_rate"][0]
    without_rate = result["without_card"]["win_rate"][0]
    difference = result["difference"]
    assert difference["win_rate"] == pytest.approx(with_rate - without_rate, abs=1e-4)
    low, high = difference["ci95"]
    assert low <= difference["win_rate"] <= high
    assert sum(difference["pairs"].values()) == result["games"] == 400
    # The deck without the card has the replacement's copies in its place.
    assert "Homebrew Zap" not in result["without_card"]["cards"][0]
    assert result["with_card"]["cards"][0]["Homebrew Zap"]["played"] > 0
    detail = api.get(f"{URL}{job.pk}/").json()
    assert detail["result"]["difference"] == difference


@pytest.mark.django_db
def test_a_card_test_repeats_for_its_seed(api, django_capture_on_commit_callbacks):
    first = run(
        submit(api, CARD_TESTS, card_test_body(games=60), django_capture_on_commit_callbacks)
    )
    again = run(
        submit(
            api,
            CARD_TESTS,
            card_test_body(games=60, chunk_size=9),
            django_capture_on_commit_callbacks,
        )
    )
    assert first.result == again.result


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"card": {"name": "Homebrew Nothing"}}, "card"),
        ({"card": 7}, "card"),
        ({"replacement": {"name": "x", "key": "y"}}, "replacement"),
        ({"reference": "deck"}, "reference"),
        ({"deck": {"sections": []}}, "deck.sections"),
        ({"games": 0}, "games"),
    ],
)
def test_a_card_test_names_the_field_it_cannot_read(api, changes, field):
    response = api.post(CARD_TESTS, card_test_body(**changes), format="json")
    assert response.status_code == 400
    assert field in response.json()["fields"], response.json()
    assert not SimulationJob.objects.exists()


@pytest.mark.django_db
def test_the_schema_documents_the_card_test_endpoint(api):
    schema = api.get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/v1/simulations/card-tests/"]["post"]
    assert "202" in operation["responses"]
    assert "CardTestInput" in str(operation["requestBody"])
