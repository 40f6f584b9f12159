"""What one test-game job may ask for: games and chunk size, stricter without logging in, and
never more chunks than the limit; the answer is a 202 with the job or a 4xx with nothing kept."""

from __future__ import annotations

import pytest

from jobs.models import SimulationChunk, SimulationJob

from .conftest import inline

URL = "/api/v1/simulations/"


@pytest.fixture(autouse=True)
def limits(settings) -> None:
    settings.DECKWARDEN_SIMULATION_MAX_GAMES = 100_000
    settings.DECKWARDEN_SIMULATION_MAX_GAMES_ANONYMOUS = 10_000
    settings.DECKWARDEN_SIMULATION_MIN_CHUNK_GAMES = 50
    settings.DECKWARDEN_SIMULATION_MIN_CHUNK_GAMES_ANONYMOUS = 250
    settings.DECKWARDEN_SIMULATION_MAX_CHUNKS = 400
    settings.DECKWARDEN_SIMULATION_CHUNK_GAMES = 250


def post(client, capture, games: int, **changes):
    body = {"game": "neopets", "decks": [inline("strong"), inline("weak")], "games": games}
    with capture() as queued:
        response = client.post(URL, {**body, **changes}, format="json")
    return response, queued


def assert_refused(response, field: str) -> None:
    assert response.status_code == 400, response.json()
    assert field in response.json()["fields"]
    assert not SimulationJob.objects.exists() and not SimulationChunk.objects.exists()


def test_it_refuses_an_anonymous_chunk_size_of_one(
    api, neopets_cards, django_capture_on_commit_callbacks
):
    """chunk_size=1 made a 20,000-game job take 262 s of worker time instead of 3 s."""
    response, queued = post(api, django_capture_on_commit_callbacks, 2000, chunk_size=1)
    assert_refused(response, "chunk_size")
    assert "at least 250" in response.json()["fields"]["chunk_size"][0]
    assert queued == []


def test_it_lets_a_user_choose_smaller_chunks_than_an_anonymous_client(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    response, queued = post(alice_api, django_capture_on_commit_callbacks, 200, chunk_size=50)
    assert response.status_code == 202
    assert len(queued) == 4
    response, _ = post(alice_api, django_capture_on_commit_callbacks, 200, chunk_size=49)
    assert response.status_code == 400 and "chunk_size" in response.json()["fields"]


def test_a_chunk_smaller_than_the_minimum_is_fine_when_it_holds_every_game(
    api, neopets_cards, django_capture_on_commit_callbacks
):
    response, queued = post(api, django_capture_on_commit_callbacks, 20, chunk_size=20)
    assert response.status_code == 202 and len(queued) == 1


def test_it_refuses_more_games_than_an_anonymous_client_may_ask_for(
    api, neopets_cards, django_capture_on_commit_callbacks
):
    response, _ = post(api, django_capture_on_commit_callbacks, 10_001)
    assert_refused(response, "games")
    assert "without logging in" in response.json()["fields"]["games"][0]


def test_a_user_may_ask_for_the_largest_job_and_gets_a_202_with_a_bounded_chunk_count(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    """100,000 games answered 500 with no job id while 100,000 chunk rows and ~52,000 tasks
    were kept; now it is a 202, in at most 400 chunks."""
    response, queued = post(alice_api, django_capture_on_commit_callbacks, 100_000, chunk_size=250)
    assert response.status_code == 202, response.json()
    job = SimulationJob.objects.get(pk=response.json()["id"])
    assert job.chunks.count() == len(queued) == 400


def test_the_default_chunk_size_grows_to_keep_within_the_chunk_limit(
    alice_api, neopets_cards, django_capture_on_commit_callbacks, settings
):
    settings.DECKWARDEN_SIMULATION_MAX_CHUNKS = 10
    response, queued = post(alice_api, django_capture_on_commit_callbacks, 5000)
    assert response.status_code == 202
    assert SimulationJob.objects.get().chunk_size == 500 and len(queued) == 10


def test_it_refuses_a_chunk_size_that_would_make_too_many_chunks(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    response, _ = post(alice_api, django_capture_on_commit_callbacks, 100_000, chunk_size=100)
    assert_refused(response, "chunk_size")
    assert "at most 400 chunks" in response.json()["fields"]["chunk_size"][0]


def test_it_refuses_more_games_than_anyone_may_ask_for(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    response, _ = post(alice_api, django_capture_on_commit_callbacks, 100_001)
    assert_refused(response, "games")
