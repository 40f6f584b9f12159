"""Whole-deck actions on the site: restore an old version, delete, description and tags, likes,
and comparing two different decks."""

import re
from pathlib import Path

import pytest

from cards.models import Game
from decks.models import Deck, DeckVersion
from decks.services import DeckChanges, deck_create, deck_import, deck_update

STRONG = Path("rulebook/neopets/sample_decks/strong.txt").read_text()
WEAK = Path("rulebook/neopets/sample_decks/weak.txt").read_text()


@pytest.fixture
def deck(samples, alice) -> Deck:
    return deck_import(
        owner=alice,
        game=Game.objects.get(slug="neopets"),
        name="Strong",
        text=STRONG,
        visibility="public",
    )


def export(client, deck: Deck) -> str:
    return client.get(f"/decks/{deck.address}/export.txt").content.decode()


def test_restoring_a_version_brings_its_cards_back_as_a_new_version(alice_client, deck):
    first = export(alice_client, deck)
    emptied = DeckChanges(sections={"main": []})
    deck_update(deck=deck, expected_revision=deck.revision, changes=emptied)
    deck.refresh_from_db()
    assert "Main Deck" not in export(alice_client, deck)
    response = alice_client.post(
        f"/decks/{deck.address}/versions/1/restore/", {"revision": deck.revision}, follow=True
    )
    assert "Version 1 restored as a new version." in response.content.decode()
    assert export(alice_client, deck) == first
    assert DeckVersion.objects.filter(deck=deck).count() == 3


def test_a_restore_from_a_page_drawn_before_a_change_is_refused(alice_client, deck):
    stale = deck.revision
    deck_update(deck=deck, expected_revision=stale, changes=DeckChanges(sections={"main": []}))
    response = alice_client.post(
        f"/decks/{deck.address}/versions/1/restore/", {"revision": stale}, follow=True
    )
    assert "The deck changed since this page was drawn" in response.content.decode()


def test_only_the_owner_restores_or_deletes(charlie_client, deck):
    assert charlie_client.post(f"/decks/{deck.address}/versions/1/restore/").status_code == 404
    assert charlie_client.post(f"/decks/{deck.address}/delete/").status_code == 404
    assert Deck.objects.filter(pk=deck.pk).exists()


def test_deleting_asks_first_then_deletes_the_deck_and_its_versions(alice_client, deck):
    page = alice_client.get(f"/decks/{deck.address}/delete/").content.decode()
    assert "Delete Strong?" in page and Deck.objects.filter(pk=deck.pk).exists()
    response = alice_client.post(f"/decks/{deck.address}/delete/", {"revision": deck.revision})
    assert response.status_code == 302 and response["Location"] == "/decks/mine/"
    assert not Deck.objects.filter(pk=deck.pk).exists()
    assert not DeckVersion.objects.filter(deck_id=deck.pk).exists()


def test_the_description_is_markdown_rendered_safely_and_tags_find_the_deck(
    alice_client, client, deck
):
    response = alice_client.post(
        f"/decks/{deck.address}/details/",
        {
            "description": "## Plan\n\n**Race** <script>alert(1)</script> [x](javascript:alert(1))",
            "tags": "Aggro, Big Dogs, aggro",
        },
    )
    assert response.status_code == 302
    page = client.get(f"/decks/{deck.address}/").content.decode()
    primer = page.split('id="primer">')[1].split("</div>")[0]
    assert "<h2>Plan</h2>" in primer and "<strong>Race</strong>" in primer
    assert "<script>" not in primer and "&lt;script&gt;" in primer
    assert "javascript:" not in primer.split("[x]")[0] and 'href="javascript' not in primer
    assert re.findall(r'class="tag" href="[^"]+">([^<]+)<', page) == ["aggro", "big-dogs"]
    listed = client.get("/decks/", {"tag": "Big Dogs"}).content.decode()
    assert ">Strong</a>" in listed


def test_too_many_tags_are_refused_naming_the_field(alice_client, deck):
    tags = ", ".join(f"t{n}" for n in range(11))
    response = alice_client.post(f"/decks/{deck.address}/details/", {"tags": tags})
    assert response.status_code == 400
    assert "A deck has at most 10 tags, not 11." in response.content.decode()


def test_likes_are_counted_undone_and_sort_the_public_decks(
    alice_client, charlie_client, client, deck, charlie
):
    other = deck_create(owner=charlie, game=deck.game, name="Other", lines=[], visibility="public")
    charlie_client.post(f"/decks/{deck.address}/like/")
    alice_client.post(f"/decks/{deck.address}/like/")
    assert ">2 likes<" in client.get(f"/decks/{deck.address}/").content.decode()
    popular = client.get("/decks/", {"sort": "popular"}).content.decode()
    assert popular.index(">Strong</a>") < popular.index(">Other</a>")
    alice_client.post(f"/decks/{deck.address}/like/", {"liked": "0"})
    assert ">1 like<" in client.get(f"/decks/{deck.address}/").content.decode()
    assert client.post(f"/decks/{other.address}/like/").status_code == 302  # to log in
    assert other.likes.count() == 0


def test_a_card_page_lists_the_public_decks_using_it_most_first(client, deck, charlie):
    more = deck_import(
        owner=charlie, game=deck.game, name="Hot Dogs", text="3 Hot Dog", visibility="public"
    )
    page = client.get("/cards/neopets/hot-dog/").content.decode()
    assert page.index(f">{more.name}</a>") < page.index(f">{deck.name}</a>")


def test_two_different_decks_are_compared(alice_client, deck, alice):
    weak = deck_import(owner=alice, game=deck.game, name="Weak", text=WEAK, visibility="private")
    response = alice_client.get("/decks/compare/", {"a": deck.address, "b": weak.link_token})
    html = response.content.decode()
    assert response.status_code == 200 and 'id="diff"' in html
    assert 'class="diff-added"' in html or 'class="diff-removed"' in html


def test_comparing_a_deck_the_user_cannot_read_says_so(charlie_client, deck, alice):
    private = deck_create(owner=alice, game=deck.game, name="Hidden", lines=[])
    response = charlie_client.get("/decks/compare/", {"a": deck.address, "b": private.pk})
    assert response.status_code == 400
    assert "Choose two decks you can read" in response.content.decode()
