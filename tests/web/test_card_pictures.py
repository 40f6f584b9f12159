"""Card pictures on the website: thumbnails in search results, the full size on a card's page,
and a peek beside a card's name in decks, their versions' diffs, a comparison of two decks and
a collection; nothing where a card has none."""

from __future__ import annotations

import re

import pytest

from cards.models import Card, OwnedCard
from cards.owned import owned_share_set
from cards.services.images import card_image_attach, card_image_store
from decks.models import Deck
from decks.resolution import entries_resolve
from decks.services import DeckChanges, deck_update
from jobs.models import SimulationJob
from jobs.services.chunks import chunk_run
from tests.cards.pictures import picture_bytes, upload
from tests.decks.conftest import MAIN, make_deck, refs


@pytest.fixture
def hot_dog(samples, media_root) -> Card:
    card = Card.objects.get(game__slug="neopets", name="Hot Dog")
    card_image_attach(card=card, image=card_image_store(upload=upload(picture_bytes())))
    return card


def pictures(page: str) -> list[tuple[str, str]]:
    """(src, alt) of each picture of a card on the page."""
    return re.findall(r'<img class="[^"]*" src="(/media/card-images/[^"]+)" alt="([^"]*)"', page)


@pytest.mark.parametrize("view", ["list", "checklist", "grid", "text"])
def test_search_results_show_a_card_s_thumbnail_and_none_for_the_others(client, hot_dog, view):
    page = client.get("/cards/", {"q": "hot dog", "game": "neopets", "view": view})
    shown = pictures(page.content.decode())
    assert {alt for _, alt in shown if alt} == {"Picture of Hot Dog"}
    assert {src for src, _ in shown} == {hot_dog.picture.thumb.url}


def test_a_card_s_page_shows_the_full_size(client, hot_dog):
    page = client.get("/cards/neopets/hot-dog/").content.decode()
    assert f'<img src="{hot_dog.picture.full.url}" alt="Picture of Hot Dog"' in page
    assert "card-picture" not in client.get("/cards/neopets/omelette/").content.decode()


def test_a_deck_page_peeks_at_a_card_s_picture_beside_its_name(client, hot_dog, alice):
    deck = make_deck(alice, hot_dog.game, MAIN, visibility=Deck.Visibility.PUBLIC)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert pictures(page) == [
        (hot_dog.picture.thumb.url, ""),
        (hot_dog.picture.thumb.url, "Picture of Hot Dog"),
    ]
    assert page.count('class="peek"') == 1  # Healing Potion has none


def test_a_deck_s_missing_cards_peek_at_their_pictures(client, hot_dog, alice):
    deck = make_deck(alice, hot_dog.game, MAIN)
    client.force_login(alice)
    page = client.get(f"/decks/{deck.address}/").content.decode()
    missing = page[page.index('id="missing-cards"') :]
    missing = missing[: missing.index("</ul>")]
    assert pictures(missing) == [
        (hot_dog.picture.thumb.url, ""),
        (hot_dog.picture.thumb.url, "Picture of Hot Dog"),
    ]
    assert "Healing Potion" in missing  # named, without a picture


def test_a_test_game_s_table_of_cards_peeks_at_a_card_s_picture(
    client, hot_dog, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks():
        client.post(
            "/tools/test-games/",
            {
                "game": "neopets",
                "deck_a": "sample:neopets:strong",
                "deck_b": "sample:neopets:weak",
                "games": "10",
                "seed": "7",
            },
        )
    job = SimulationJob.objects.get()
    for chunk in job.chunks.order_by("index"):
        chunk_run(chunk_id=chunk.pk, worker="test")
    page = client.get(f"/tools/test-games/{job.pk}/").content.decode()
    table = page[page.index('id="card-table"') :]
    # Hot Dog's own rows (the strong deck has Teeny Hot Dog and Hot Dog of Justice too)
    rows = [row for row in table.split("<tr>") if re.match(r"<td>Hot Dog\s*<", row)]
    assert rows and all(
        pictures(row)
        == [(hot_dog.picture.thumb.url, ""), (hot_dog.picture.thumb.url, "Picture of Hot Dog")]
        for row in rows
    )
    assert table.count('class="peek"') == len(rows)  # no other card of the decks has one


def diff_list(page: str) -> str:
    """The page's diff, from its first section's heading to the end of its list."""
    part = page[page.index('id="diff"') :]
    return part[: part.index("</ul>")]


THREE = {"main": [{"name": "Hot Dog", "quantity": 3}, {"name": "Healing Potion", "quantity": 1}]}


def test_the_versions_page_s_diff_peeks_at_a_card_s_picture(client, hot_dog, alice):
    deck = make_deck(alice, hot_dog.game, MAIN, visibility=Deck.Visibility.PUBLIC)
    lines = entries_resolve(game=hot_dog.game, refs=refs(THREE))
    changes = DeckChanges(sections={"main": lines})
    deck_update(deck=deck, expected_revision=None, changes=changes)
    page = client.get(f"/decks/{deck.pk}/versions/", {"from": 1, "to": 2}).content.decode()
    changed = diff_list(page)
    assert "Hot Dog" in changed and "2 → 3" in changed
    assert pictures(changed) == [
        (hot_dog.picture.thumb.url, ""),
        (hot_dog.picture.thumb.url, "Picture of Hot Dog"),
    ]


def test_comparing_two_decks_peeks_at_a_card_s_picture(client, hot_dog, alice):
    public = {"visibility": Deck.Visibility.PUBLIC}
    first = make_deck(alice, hot_dog.game, {"main": MAIN["main"][1:]}, name="Potions", **public)
    second = make_deck(alice, hot_dog.game, THREE, name="Hot Dogs", **public)
    page = client.get("/decks/compare/", {"a": first.pk, "b": second.pk}).content.decode()
    added = diff_list(page)
    assert "+ 3 Hot Dog" in added
    assert pictures(added) == [
        (hot_dog.picture.thumb.url, ""),
        (hot_dog.picture.thumb.url, "Picture of Hot Dog"),
    ]
    assert added.count('class="peek"') == 1  # Healing Potion, unchanged, is not listed


def test_my_collection_and_its_shared_page_peek_at_a_card_s_picture(client, hot_dog, alice):
    OwnedCard.objects.create(owner=alice, card=hot_dog, quantity=2)
    omelette = Card.objects.get(game__slug="neopets", name="Omelette")
    OwnedCard.objects.create(owner=alice, card=omelette, quantity=1)
    client.force_login(alice)
    page = client.get("/collection/").content.decode()
    table = page[page.index('id="owned-cards"') :]
    assert pictures(table) == [
        (hot_dog.picture.thumb.url, ""),
        (hot_dog.picture.thumb.url, "Picture of Hot Dog"),
    ]
    assert "Omelette" in table and table.count('class="peek"') == 1
    token = owned_share_set(owner=alice, shared=True).token
    client.logout()
    shared = client.get(f"/collection/shared/{token}/").content.decode()
    assert pictures(shared[shared.index('id="owned-cards"') :])[1][1] == "Picture of Hot Dog"
