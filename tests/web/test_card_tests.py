""" "Test this card" from the builder: the saved card takes another's place in a Keeper deck, the
deck with it and without it play the same opponent on the same seeds (a paired comparison, as
POST /api/v1/simulations/card-tests/ runs it), and the job page shows the difference."""

import json

import pytest
from django.urls import reverse

from cards.models import Card
from cards.services.importer import cards_import
from cards.services.user_cards import KeeperCardDraft, keeper_card_save
from jobs.models import SimulationJob
from jobs.services.chunks import chunk_run
from rulebook.samples import KEEPER as SAMPLES

SCRIBE = KeeperCardDraft(
    name="Alice's Scribe",
    type="Creature",
    text="This card has no abilities.",
    offense=3,
    defense=10,
    edition=11,
)


@pytest.fixture
def keeper_samples(db):
    cards_import(data=json.loads(SAMPLES.cards_file.read_text()), source="keeper.json")


@pytest.fixture
def scribe(alice, keeper_samples) -> Card:
    return keeper_card_save(owner=alice, draft=SCRIBE)


def form(**changes) -> dict:
    return {
        "deck": "sample:keeper:value",
        "replaces": "Ember Sprite",
        "reference": "sample:keeper:aggro",
        "games": "6",
        "seed": "3",
        **changes,
    }


def test_the_builder_offers_to_test_each_saved_card(client, scribe):
    client.force_login(scribe.owner)
    html = client.get(reverse("tools:keeper-builder")).content.decode()
    assert reverse("tools:keeper-card-test", args=[scribe.pk]) in html


def test_it_plays_the_deck_with_and_without_the_card_and_shows_the_difference(
    client, scribe, django_capture_on_commit_callbacks
):
    client.force_login(scribe.owner)
    with django_capture_on_commit_callbacks():
        response = client.post(reverse("tools:keeper-card-test", args=[scribe.pk]), form())
    job = SimulationJob.objects.get()
    assert response["Location"] == reverse("tools:test-game", args=[job.pk])
    with_card, without, _ = job.decks
    names = [[line["name"] for line in deck["sections"]["deck"]] for deck in (with_card, without)]
    assert scribe.name in names[0] and "Ember Sprite" not in names[0]
    assert "Ember Sprite" in names[1] and scribe.name not in names[1]
    for chunk in job.chunks.all():
        chunk_run(chunk_id=chunk.pk, worker="test")
    job.refresh_from_db()
    html = client.get(reverse("tools:test-game", args=[job.pk])).content.decode()
    difference = job.result["difference"]["win_rate"]
    assert f'<strong id="card-difference">{difference:+.1%}</strong>' in html
    assert 'id="difference-chart"' in html


def test_a_card_the_deck_does_not_hold_is_named_on_its_field(client, scribe):
    client.force_login(scribe.owner)
    url = reverse("tools:keeper-card-test", args=[scribe.pk])
    html = client.post(url, form(replaces="No Such Card")).content.decode()
    assert "the deck has no entry naming No Such Card" in html
    assert not SimulationJob.objects.exists()


def test_charlie_cannot_test_alices_private_card(client, charlie, scribe):
    client.force_login(charlie)
    assert client.get(reverse("tools:keeper-card-test", args=[scribe.pk])).status_code == 404
