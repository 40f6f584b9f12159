"""Issue 15, item 11: limits on queued games, the same on the API and the website (one
service), per client and for anonymous clients together; a flood queued at a lower priority
than a small job of someone else; an anonymous job cancelled only with its cancel key.

One anonymous client queued 694 jobs of 10,000 games in 30 s through the website's form, and
110 anonymous API jobs delayed a signed-in user's small job by 141 s."""

from __future__ import annotations

from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from jobs.models import SimulationChunk, SimulationJob
from jobs.tasks import run_simulation_chunk

from .conftest import inline

URL = "/api/v1/simulations/"
FORM = reverse("tools:test-games")


@pytest.fixture(autouse=True)
def queue_limits(settings) -> None:
    settings.DECKWARDEN_SIMULATION_QUEUED_GAMES_PER_ADDRESS = 300
    settings.DECKWARDEN_SIMULATION_QUEUED_GAMES_PER_USER = 600
    settings.DECKWARDEN_SIMULATION_QUEUED_GAMES_ANONYMOUS = 500


def post(client, games: int, address: str = "10.0.0.1"):
    body = {"game": "neopets", "decks": [inline("strong"), inline("weak")], "games": games}
    return client.post(URL, body, format="json", REMOTE_ADDR=address)


def assert_queue_full(response) -> None:
    assert response.status_code == 429, response.content
    assert response.json()["code"] == "queue_full"
    assert int(response["Retry-After"]) > 0


def test_an_anonymous_address_may_queue_only_so_many_games(api, neopets_cards, capture):
    assert post(api, 200).status_code == 202
    jobs = SimulationJob.objects.count()
    refused = post(api, 200)
    assert_queue_full(refused)
    assert "200 games queued" in refused.json()["detail"]
    assert SimulationJob.objects.count() == jobs  # nothing kept
    assert post(api, 200, address="10.0.0.2").status_code == 202  # another client


def test_played_games_no_longer_count(api, neopets_cards, capture):
    job_id = post(api, 300).json()["id"]
    assert_queue_full(post(api, 1))
    SimulationJob.objects.filter(pk=job_id).update(done=300, status="done")
    assert post(api, 300).status_code == 202


def test_anonymous_clients_together_have_a_ceiling_and_users_are_not_held_by_it(
    api, alice_api, neopets_cards, capture
):
    assert post(api, 250, address="10.0.0.1").status_code == 202
    assert post(api, 250, address="10.0.0.2").status_code == 202
    refused = post(api, 100, address="10.0.0.3")
    assert_queue_full(refused)
    assert "log in" in refused.json()["detail"]
    assert post(alice_api, 500).status_code == 202
    assert_queue_full(post(alice_api, 200))  # her own limit: 600


def test_the_website_form_has_the_same_limits(client, neopets_cards, capture):
    """The form queued jobs without any limit."""
    fields = {
        "game": "neopets",
        "deck_a": "sample:neopets:strong",
        "deck_b": "sample:neopets:weak",
        "games": "300",
    }
    assert client.post(FORM, fields).status_code == 302
    page = client.post(FORM, fields)
    assert page.status_code == 429 and int(page["Retry-After"]) > 0
    assert "300 games queued" in page.content.decode()
    assert SimulationJob.objects.count() == 1


def test_a_flood_is_queued_behind_someone_elses_small_job(
    api, alice_api, neopets_cards, settings, django_capture_on_commit_callbacks
):
    """Chunks carry the job's priority (0 first): an anonymous client's fifth job of a flood
    goes behind a signed-in user's first job and an anonymous newcomer's."""
    settings.DECKWARDEN_SIMULATION_QUEUED_GAMES_PER_ADDRESS = 20_000
    settings.DECKWARDEN_SIMULATION_QUEUED_GAMES_ANONYMOUS = 100_000
    sending = django_capture_on_commit_callbacks(execute=True)
    with mock.patch.object(run_simulation_chunk, "apply_async") as sent, sending:
        flood = [post(api, 2000) for _ in range(5)]
        newcomer = post(api, 200, address="10.0.0.9")
        small = post(alice_api, 200)
    assert {response.status_code for response in [*flood, newcomer, small]} == {202}

    def priority(response) -> int:
        return SimulationJob.objects.get(pk=response.json()["id"]).priority

    assert priority(small) < priority(newcomer) < priority(flood[-1])
    by_chunk = {call.args[0][0]: call.kwargs["priority"] for call in sent.call_args_list}
    small_chunks = SimulationChunk.objects.filter(job_id=small.json()["id"])
    assert {by_chunk[chunk.pk] for chunk in small_chunks} == {priority(small)}


def test_an_anonymous_job_is_cancelled_only_with_its_cancel_key(api, neopets_cards, capture):
    """Anyone holding the job's link (the result's permanent link) could cancel it."""
    accepted = post(api, 200).json()
    cancel = accepted["url"] + "cancel/"
    refused = Client().post(cancel)
    assert refused.status_code == 403 and refused.json()["fields"] == {
        "cancel_key": ["missing or wrong"]
    }
    for wrong in ("guess", 12, ["x"], None):
        assert api.post(cancel, {"cancel_key": wrong}, format="json").status_code == 403
    assert api.post(cancel, ["a list"], format="json").status_code == 403
    assert SimulationJob.objects.get(pk=accepted["id"]).status == "queued"
    done = api.post(cancel, {"cancel_key": accepted["cancel_key"]}, format="json")
    assert done.status_code == 200 and done.json()["status"] == "cancelled"
    assert SimulationJob.objects.get(pk=accepted["id"]).cancel_key_hash != accepted["cancel_key"]


def test_on_the_website_only_the_submitting_browser_may_cancel_an_anonymous_job(
    client, neopets_cards, capture
):
    fields = {
        "game": "neopets",
        "deck_a": "sample:neopets:strong",
        "deck_b": "sample:neopets:weak",
        "games": "200",
    }
    job_page = client.post(FORM, fields)["Location"]
    job = SimulationJob.objects.get()
    cancel = reverse("tools:test-game-cancel", args=[job.pk])
    stranger = Client()
    assert 'id="cancel-job"' not in stranger.get(job_page).content.decode()
    assert stranger.post(cancel).status_code == 403
    assert 'id="cancel-job"' in client.get(job_page).content.decode()
    assert client.post(cancel)["Location"] == job_page
    job.refresh_from_db()
    assert job.status == "cancelled"


@pytest.fixture
def capture(django_capture_on_commit_callbacks):
    """Tasks are captured, not sent: these tests are about what is queued and how."""
    with django_capture_on_commit_callbacks():
        yield
