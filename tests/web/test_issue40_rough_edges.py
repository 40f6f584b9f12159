"""Issue 40's rough edges: each sample deck offered once in the test-games and Suggest swaps
menus; a deck with nothing saved says "save a version first" where it is picked and when it is
played; the Suggest swaps chart shows the incoming card's whole name, on a phone and a desktop."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from basics.errors import InvalidRequest
from cards.models import Game
from decks.models import Deck
from decks.sample_decks import sample_decks_load
from decks.selectors import deck_entries_for_job
from web.figures import doctor_chart
from web.svgcharts import COMPACT, WIDE


@pytest.fixture
def sample_decks(samples) -> None:
    sample_decks_load()


def test_each_sample_deck_is_offered_once_in_the_test_games_menu(alice_client, sample_decks):
    page = alice_client.get(reverse("tools:test-games"), {"game": "neopets"}).content.decode()
    assert "Neopets Battledome TCG sample: strong" in page
    assert "Strong (sample)" not in page  # its stored copy, under a second name


def test_a_deck_with_nothing_saved_says_save_a_version_first(alice, alice_client, samples):
    game = Game.objects.get(slug="neopets")
    deck = Deck.objects.create(owner=alice, game=game, name="Draft only")
    page = alice_client.get(reverse("tools:test-games"), {"game": "neopets"}).content.decode()
    assert "Draft only (Neopets Battledome TCG): nothing saved yet, save a version first" in page
    with pytest.raises(InvalidRequest) as refused:
        deck_entries_for_job(user=alice, game="neopets", deck_id=deck.pk, field="deck_a")
    assert refused.value.field == "deck_a"
    assert "save a version first" in refused.value.message


def test_the_swaps_chart_keeps_the_incoming_cards_whole_name():
    result = {
        "measure": "win_rate",
        "swaps": [
            {
                "count": 2,
                "out_name": "Faerie Queen's Enchanted Lantern",
                "in_name": "Darigan Citadel Flying Warship",
                "delta": 0.04,
                "ci95": [0.01, 0.07],
            }
        ],
    }
    for frame in (COMPACT, WIDE):  # the phone's chart and the desktop's
        svg = doctor_chart(result, frame=frame)
        label = " ".join(re.findall(r'<text x="8" [^>]*>([^<]*)</text>', svg))
        assert label == "2 Faerie Queen&#x27;s Enchanted Lantern → Darigan Citadel Flying Warship"
