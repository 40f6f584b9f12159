"""POST /api/v1/simulations/, GET /api/v1/simulations/{id}/, POST .../cancel/."""

from __future__ import annotations

import uuid

import pytest

from cards.models import Game
from decks.resolution import entries_resolve
from decks.services import deck_create
from jobs.models import SimulationJob
from jobs.services.chunks import chunk_run
from rulebook.samples import NEOPETS as NEOPETS_SAMPLES

from .conftest import inline

URL = "/api/v1/simulations/"


def body(**changes) -> dict:
    return {"game": "neopets", "decks": [inline("strong"), inline("weak")], "games": 100, **changes}


def submit(client, django_capture_on_commit_callbacks, **changes):
    with django_capture_on_commit_callbacks() as queued:
        response = client.post(URL, body(**changes), format="json")
    return response, queued


def play_chunks(job_id: str, count: int | None = None) -> None:
    chunks = SimulationJob.objects.get(pk=job_id).chunks.order_by("index")[:count]
    for chunk in chunks:
        chunk_run(chunk_id=chunk.pk, worker="test")


def stored_deck(owner, name: str, visibility: str = "private"):
    game = Game.objects.get(slug="neopets")
    lines = entries_resolve(game=game, refs=NEOPETS_SAMPLES.entries(name))
    return deck_create(owner=owner, game=game, name=name, lines=lines, visibility=visibility)


def test_it_accepts_a_job_with_202_and_queues_its_chunks(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    response, queued = submit(alice_api, django_capture_on_commit_callbacks, seed=5, chunk_size=30)
    assert response.status_code == 202
    data = response.json()
    assert data["status"] == "queued" and data["seed"] == 5 and data["games"] == 100
    assert data["url"] == f"http://testserver/api/v1/simulations/{data['id']}/"
    assert len(queued) == 4  # 100 games in chunks of 30


def test_it_generates_a_seed_and_returns_it(api, neopets_cards, django_capture_on_commit_callbacks):
    response, _ = submit(api, django_capture_on_commit_callbacks)
    seed = response.json()["seed"]
    assert isinstance(seed, int) and SimulationJob.objects.get().seed == seed


def test_it_takes_a_decklist_as_text_like_validate(
    api, neopets_cards, django_capture_on_commit_callbacks
):
    decks = [{"text": NEOPETS_SAMPLES.text("strong")}, inline("weak")]
    response, _ = submit(api, django_capture_on_commit_callbacks, decks=decks)
    assert response.status_code == 202


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"games": 0}, "games"),
        ({"games": 100_001}, "games"),
        ({"games": "10"}, "games"),
        ({"games": True}, "games"),
        ({"games": None}, "games"),
        ({"seed": -1}, "seed"),
        ({"seed": "7"}, "seed"),
        ({"seed": 2**63}, "seed"),
        ({"chunk_size": 0}, "chunk_size"),
        ({"game": "chess"}, "game"),
        ({"decks": "strong"}, "decks"),
        ({"decks": [{"sections": {}}]}, "decks"),
        ({"decks": [True, 1]}, "decks[0]"),
        ({"decks": [{}, 1]}, "decks[0].sections"),
        ({"decks": [inline("strong"), {"sections": []}]}, "decks[1].sections"),
        (
            {"decks": [{"sections": {"main": [{"name": "Hot Dog", "quantity": 0}]}}, 1]},
            "decks[0].sections.main[0].quantity",
        ),
        ({"decks": [{"text": "Main Deck:\n2"}, 1]}, "decks[0].text"),
    ],
)
def test_it_names_the_bad_field(api, neopets_cards, changes, field):
    response = api.post(URL, body(**changes), format="json")
    assert response.status_code == 400
    data = response.json()
    assert data["code"] == "invalid"
    assert field in data["fields"], data
    assert not SimulationJob.objects.exists()


def test_it_refuses_a_body_that_is_not_an_object(api, db):
    response = api.post(URL, [1, 2], format="json")
    assert response.status_code == 400 and "body" in response.json()["fields"]


def test_it_refuses_illegal_decks_with_their_validation_reports(api, neopets_cards):
    short = inline("strong")
    short["sections"]["main"][0]["quantity"] -= 1  # Main Deck of 49 cards (CR 8.3.1)
    response = api.post(URL, body(decks=[inline("weak"), short]), format="json")
    assert response.status_code == 400
    data = response.json()
    assert data["code"] == "deck_illegal"
    first, second = data["reports"]
    assert first["legal"] is True
    assert second["legal"] is False
    assert [error["code"] for error in second["errors"]] == ["main.size"]
    assert not SimulationJob.objects.exists()


def test_it_plays_stored_decks_by_id(
    alice, alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    decks = [stored_deck(alice, "strong").pk, stored_deck(alice, "weak").pk]
    response, _ = submit(alice_api, django_capture_on_commit_callbacks, decks=decks)
    assert response.status_code == 202
    frozen = SimulationJob.objects.get().decks
    assert sum(line["quantity"] for line in frozen[0]["sections"]["main"]) == 50


def test_it_refuses_another_users_private_deck(alice, charlie_api, neopets_cards):
    private = stored_deck(alice, "strong")
    response = charlie_api.post(URL, body(decks=[private.pk, inline("weak")]), format="json")
    assert response.status_code == 400
    assert "decks[0]" in response.json()["fields"]


def test_it_plays_another_users_public_deck(
    alice, charlie_api, neopets_cards, django_capture_on_commit_callbacks
):
    public = stored_deck(alice, "strong", visibility="public")
    decks = [public.pk, inline("weak")]
    response, _ = submit(charlie_api, django_capture_on_commit_callbacks, decks=decks)
    assert response.status_code == 202


def test_it_reports_progress_then_the_result(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    response, _ = submit(alice_api, django_capture_on_commit_callbacks, chunk_size=40)
    url = response.json()["url"]
    job_id = response.json()["id"]
    queued = alice_api.get(url).json()
    assert queued["status"] == "queued"
    assert queued["progress"] == {"done": 0, "total": 100} and queued["result"] is None

    play_chunks(job_id, 1)
    running = alice_api.get(url).json()
    assert running["status"] == "running" and running["progress"] == {"done": 40, "total": 100}

    play_chunks(job_id)
    done = alice_api.get(url).json()
    assert done["status"] == "done" and done["progress"] == {"done": 100, "total": 100}
    result = done["result"]
    assert result["games"] == 100 and sum(result["wins"]) + result["draws"] == 100
    assert len(result["ci95"]) == 2 and result["sample_game"]["game"] == 0


def test_charlie_cannot_see_or_cancel_alices_job(
    alice_api, charlie_api, api, neopets_cards, django_capture_on_commit_callbacks
):
    response, _ = submit(alice_api, django_capture_on_commit_callbacks)
    url = response.json()["url"]
    assert charlie_api.get(url).status_code == 404
    assert api.get(url).status_code == 404
    assert charlie_api.post(url + "cancel/").status_code == 404
    assert alice_api.get(url).status_code == 200


def test_anyone_with_its_id_sees_an_anonymous_job(
    api, charlie_api, neopets_cards, django_capture_on_commit_callbacks
):
    response, _ = submit(api, django_capture_on_commit_callbacks)
    assert charlie_api.get(response.json()["url"]).status_code == 200


def test_it_answers_404_json_for_an_unknown_job(api, db):
    response = api.get(f"{URL}{uuid.uuid4()}/")
    assert response.status_code == 404 and response.json()["code"] == "not_found"


def test_it_cancels_an_unfinished_job_and_409s_after(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    response, _ = submit(alice_api, django_capture_on_commit_callbacks)
    cancel = response.json()["url"] + "cancel/"
    cancelled = alice_api.post(cancel)
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    again = alice_api.post(cancel)
    assert again.status_code == 409
    assert again.json()["code"] == "job_finished" and again.json()["job_status"] == "cancelled"


def test_it_409s_when_cancelling_a_done_job(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    response, _ = submit(alice_api, django_capture_on_commit_callbacks, games=10)
    play_chunks(response.json()["id"])
    answer = alice_api.post(response.json()["url"] + "cancel/")
    assert answer.status_code == 409 and answer.json()["job_status"] == "done"


def test_the_openapi_schema_describes_the_simulation_endpoints(api, db):
    paths = api.get("/api/v1/schema/", {"format": "json"}).json()["paths"]
    assert "post" in paths["/api/v1/simulations/"]
    assert "get" in paths["/api/v1/simulations/{job_id}/"]
    assert "post" in paths["/api/v1/simulations/{job_id}/cancel/"]


def test_it_answers_bad_json_with_a_400_json_error(api, db):
    response = api.post(URL, "{not json", content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "parse_error"


def test_it_answers_too_large_a_body_with_a_413_json_error(api, db, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    response = api.post(URL, body(decks=[{"text": "x" * 2000}, 1]), format="json")
    assert response.status_code == 413
    assert response.json()["status"] == 413 and response.json()["code"] == "too_large"
