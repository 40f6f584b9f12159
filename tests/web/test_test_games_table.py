"""The test-games page for a game played at a table (Millennium Blades, issue 24): decks C to E
join A and B, the job is a table, and its page draws each deck's placements; a two-deck game
refuses a third deck naming its field."""

import json

import pytest
from django.urls import reverse

from cards.services.importer import cards_import
from jobs.models import SimulationJob
from jobs.services.chunks import chunk_run
from rulebook.samples import MILLENNIUM_BLADES as SAMPLES

NEW = reverse("tools:test-games")


@pytest.fixture
def mb_samples(db):
    cards_import(data=json.loads(SAMPLES.cards_file.read_text()), source=SAMPLES.cards_file.name)


def table(**changes) -> dict:
    return {
        "game": "millennium-blades",
        "deck_a": "sample:millennium-blades:knights",
        "deck_b": "sample:millennium-blades:clash",
        "deck_c": "sample:millennium-blades:tides",
        "deck_d": "",
        "deck_e": "",
        "games": "30",
        "seed": "3",
        **changes,
    }


def test_a_table_of_three_plays_and_its_page_draws_placements(
    client, mb_samples, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks():
        response = client.post(NEW, table())
    job = SimulationJob.objects.get()
    assert response.status_code == 302 and job.kind == "table" and len(job.decks) == 3
    for chunk in job.chunks.order_by("index"):
        chunk_run(chunk_id=chunk.pk, worker="test")
    page = client.get(reverse("tools:test-game", args=[job.pk])).content.decode()
    assert page.count('class="chart placement-chart"') == 3
    assert "Deck C: games by place" in page
    job.refresh_from_db()
    wins = job.result["wins"]
    assert f"Deck A won {wins[0]}, deck B {wins[1]}, deck C {wins[2]}," in page


def test_a_two_deck_game_refuses_a_third_deck_naming_it(client, db):
    response = client.post(
        NEW,
        {
            "game": "neopets",
            "deck_a": "sample:neopets:strong",
            "deck_b": "sample:neopets:weak",
            "deck_c": "sample:neopets:weak",
            "games": "10",
        },
    )
    assert response.status_code == 200 and not SimulationJob.objects.exists()
    assert "is played by two decks; choose No deck here." in response.content.decode()
    assert "deck_c" in response.context["form"].errors


def test_the_page_may_name_the_store_and_a_two_deck_game_refuses_one(
    client, mb_samples, django_capture_on_commit_callbacks
):
    """docs/rules/millennium-blades.md: a job may name the Store its clashes reveal from."""
    with django_capture_on_commit_callbacks():
        client.post(NEW, table(store="bargain-bin"))
    assert SimulationJob.objects.get().options == {"store": "bargain-bin"}
    refused = client.post(
        NEW,
        {
            "game": "neopets",
            "deck_a": "sample:neopets:strong",
            "deck_b": "sample:neopets:weak",
            "store": "bargain-bin",
            "games": "10",
        },
    )
    assert "store" in refused.context["form"].errors
    assert SimulationJob.objects.count() == 1
