"""The "Suggest swaps" page: from the deck editor, a doctor job of the API's kind, its page
following the rounds and charting each swap's interval, and a suggested swap applied to the
deck as a new version in one click."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from django.urls import reverse

from cards.models import Game
from cards.services.importer import cards_import
from decks.resolution import entries_resolve
from decks.services import deck_create
from jobs.models import SimulationJob
from jobs.services.chunks import chunk_run
from rulebook.core.resolve import EntryRef
from rulebook.samples import NEOPETS as NEOPETS_SAMPLES
from rulebook.simulation.doctor import DoctorStats, Round, SwapTally, doctor_result


@pytest.fixture
def planted(db, alice):
    """Alice's strong sample deck with its Green Grarrl replaced by a Green Slorg."""
    cards_import(
        data=json.loads(NEOPETS_SAMPLES.cards_file.read_text()),
        source=NEOPETS_SAMPLES.cards_file.name,
    )
    game = Game.objects.get(slug="neopets")
    refs = [
        EntryRef(e.section, e.quantity, name="Green Slorg") if e.name == "Green Grarrl" else e
        for e in NEOPETS_SAMPLES.entries("strong")
    ]
    lines = entries_resolve(game=game, refs=refs)
    return deck_create(owner=alice, game=game, name="Planted", lines=lines)


def play_all(job: SimulationJob) -> SimulationJob:
    while (chunk := job.chunks.filter(status="pending").order_by("index").first()) is not None:
        chunk_run(chunk_id=chunk.pk, worker="test")
        job.refresh_from_db()
    return job


def test_the_editor_links_to_suggest_swaps_for_its_owner(alice_client, planted):
    page = alice_client.get(reverse("web:deck", kwargs={"pk": planted.address}))
    assert reverse("web:deck-doctor", kwargs={"pk": planted.address}) in page.content.decode()


def test_suggested_swaps_are_ranked_charted_and_applied_as_a_new_version(
    alice_client, planted, django_capture_on_commit_callbacks
):
    url = reverse("web:deck-doctor", kwargs={"pk": planted.address})
    form = {
        "opponent": "sample:neopets:strong",
        "source": "list",
        "cards": "Green Grarrl\nRed Usul",
        "budget": "1200",
        "seed": "3",
    }
    with django_capture_on_commit_callbacks(execute=False):
        response = alice_client.post(url, form)
    assert response.status_code == 302, response.content.decode()[:2000]
    job = play_all(SimulationJob.objects.get())
    assert job.status == "done"
    page = alice_client.get(response["Location"]).content.decode()
    assert 'id="doctor-chart"' in page and "<svg" in page
    assert "1 Green Slorg → Green Grarrl" in page and "HeuristicPolicy" in page
    # what the answer promises, in words: for the whole answer, the finalists measured afresh
    assert "for the whole answer, not for each swap" in page and "at most 5.0%" in page
    assert "fresh games that played no part in picking them" in page
    assert 'id="doctor-no-signal"' not in page
    best = job.result["swaps"][0]
    assert (best["out"], best["in"]) == ("green-slorg", "green-grarrl")
    applied = alice_client.post(
        reverse(
            "web:deck-doctor-apply",
            kwargs={"pk": planted.address, "job_id": job.pk, "index": 0},
        )
    )
    assert applied.status_code == 302
    planted.refresh_from_db()
    assert planted.versions.count() == 2
    keys = {entry.card.key for entry in planted.entries.all()}
    assert "green-grarrl" in keys and "green-slorg" not in keys


def test_another_user_cannot_open_the_doctor_of_a_deck(charlie_client, planted):
    url = reverse("web:deck-doctor", kwargs={"pk": planted.address})
    assert charlie_client.get(url).status_code == 404


def test_a_card_that_fits_nowhere_is_named_on_the_form(alice_client, planted):
    url = reverse("web:deck-doctor", kwargs={"pk": planted.address})
    form = {"opponent": "sample:neopets:weak", "source": "list", "cards": "No Such Card",
            "budget": "400"}  # fmt: skip
    page = alice_client.post(url, form).content.decode()
    assert "No Such Card" in page and not SimulationJob.objects.exists()


def test_the_standard_formats_cards_may_be_tried(
    alice_client, planted, django_capture_on_commit_callbacks
):
    url = reverse("web:deck-doctor", kwargs={"pk": planted.address})
    form = {"opponent": "sample:neopets:strong", "source": "format", "budget": "2000"}
    with django_capture_on_commit_callbacks(execute=False):
        response = alice_client.post(url, form)
    assert response.status_code == 302, response.content.decode()[:2000]
    swaps = SimulationJob.objects.get().doctor["swaps"]
    # Cards in no deck of Alice's and named nowhere on the form are tried too.
    assert len(swaps) > 64 and {"green-grarrl", "zei-codestone"} <= {s["in"] for s in swaps}


def test_a_deck_no_swap_changes_is_told_so_with_what_to_try(
    alice_client, planted, django_capture_on_commit_callbacks
):
    url = reverse("web:deck-doctor", kwargs={"pk": planted.address})
    form = {"opponent": "sample:neopets:weak", "source": "list", "cards": "Green Grarrl\nRed Usul",
            "budget": "400", "seed": "1"}  # fmt: skip
    with django_capture_on_commit_callbacks(execute=False):
        response = alice_client.post(url, form)
    job = SimulationJob.objects.get()
    # The answer the doctor gives when the deck won every game with every swap (as against a
    # field far weaker than it): every swap ended every game as the deck did.
    swaps = range(len(job.doctor["swaps"]))
    same = SwapTally(Counter(both=20), 20, 20)
    stats = DoctorStats({c: same for c in swaps}, confirmed={0: same}, seeds=40, deck_wins=40)
    rounds = [Round(0, 0, 20, tuple(swaps)), Round(1, 20, 20, (0,), (tuple(swaps),))]
    result = doctor_result(rounds, stats, job.doctor["swaps"], table=False, seed=1)
    SimulationJob.objects.filter(pk=job.pk).update(status="done", result=result)
    page = alice_client.get(response["Location"]).content.decode()
    assert "No swap changed a single game." in page
    assert "The deck won every game as it is" in page and "Try a stronger field" in page
    assert "that played every game alike" in page
    assert page.count('class="apply-swap"') == 0
