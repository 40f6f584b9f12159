"""Issue 40, item 1 on the site: My collection (one card, a pasted list, a CSV), the search
page's owned marks and checkbox, a deck's missing cards and their list, the share link; and
who may see which collection (alice's never reaches bob but through her link)."""

from __future__ import annotations

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from cards.models import Card, OwnedCard
from decks.models import Deck
from decks.services import deck_import

COLLECTION = reverse("web:collection")


def add(client: Client, card: str, quantity: str = "1", game: str = "neopets") -> str:
    response = client.post(
        reverse("web:collection-add"),
        {"game": game, "card": card, "quantity": quantity},
        follow=True,
    )
    return response.content.decode()


def test_a_visitor_is_sent_to_log_in(client, samples):
    for url in (COLLECTION, reverse("web:collection-add"), reverse("web:collection-import")):
        response = client.post(url) if "add" in url or "import" in url else client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not OwnedCard.objects.exists()


def test_cards_are_added_one_by_one_and_a_million_is_refused(alice_client, samples):
    page = add(alice_client, "Hot Dog", "3")
    assert "You own 3 Hot Dog" in page and 'id="owned-cards"' in page
    page = add(alice_client, "Hot Dog", "1000000")
    assert "a whole number from 0 to 999" in page
    assert OwnedCard.objects.get().quantity == 3
    page = add(alice_client, "Hot Dgo", "1")
    assert "Hot Dog" in page and OwnedCard.objects.count() == 1  # "did you mean", nothing added
    add(alice_client, "Hot Dog", "0")
    assert not OwnedCard.objects.exists()


def test_a_csv_with_an_unknown_card_is_refused_by_row_and_column(alice_client, samples):
    csv = SimpleUploadedFile("mine.csv", b"Quantity,Name\n2,Hot Dog\n1,Hot Dgo\n")
    response = alice_client.post(
        reverse("web:collection-import"), {"game": "neopets", "file": csv}, follow=True
    )
    page = response.content.decode()
    assert "row 3, column Name" in page and "Nothing was added" in page
    assert not OwnedCard.objects.exists()
    response = alice_client.post(
        reverse("web:collection-import"),
        {"game": "neopets", "text": "2 Hot Dog\n1 Mau Codestone"},
        follow=True,
    )
    assert "Added 3 cards (2 different)" in response.content.decode()


def test_the_search_page_marks_owned_cards_and_limits_to_them(alice_client, client, samples):
    add(alice_client, "Hot Dog", "2")
    page = alice_client.get(reverse("web:card-search"), {"q": "hot dog"}).content.decode()
    assert "owned \u00d72" in page and 'id="owned-only"' in page
    page = alice_client.get(reverse("web:card-search"), {"game": "neopets", "owned": "true"})
    rows = page.content.decode().count("<tr>") - 1  # the header row
    assert rows == 1 and "Hot Dog" in page.content.decode()
    # a visitor has no collection: told to sign in, not a server error
    response = client.get(reverse("web:card-search"), {"q": "owned:true"})
    assert response.status_code == 400 and "sign in" in response.content.decode()
    assert 'id="owned-only"' not in client.get(reverse("web:card-search")).content.decode()


def test_a_deck_page_says_what_its_reader_is_missing(alice, alice_client, charlie_client, samples):
    game = Card.objects.get(name="Hot Dog").game
    deck = deck_import(
        owner=alice,
        game=game,
        name="Wanted",
        text="Main Deck:\n2 Hot Dog\n3 Mau Codestone\n",
        visibility=Deck.Visibility.PUBLIC,
    )
    add(alice_client, "Hot Dog", "1")
    add(alice_client, "Mau Codestone", "3")
    page = alice_client.get(reverse("web:deck", kwargs={"pk": deck.address})).content.decode()
    assert "1 of 5 cards missing" in page and "you own 1 of 2" in page
    text = alice_client.get(reverse("web:deck-missing", kwargs={"pk": deck.address}))
    assert text.content.decode() == "Main Deck:\n1 Hot Dog\n"
    assert "missing).txt" in text["Content-Disposition"]
    # Charlie reads the public deck against his own (empty) collection, never Alice's
    page = charlie_client.get(reverse("web:deck", kwargs={"pk": deck.address})).content.decode()
    assert "5 of 5 cards missing" in page


def test_bob_sees_alices_collection_only_through_her_link(alice_client, bob, samples):
    bob_client = Client()
    bob_client.force_login(bob)
    add(alice_client, "Hot Dog", "4")
    own = bob_client.get(COLLECTION).content.decode()
    assert ">Hot Dog</a>" not in own and "No cards yet." in own
    alice_client.post(reverse("web:collection-share"), {"shared": "1"})
    page = alice_client.get(COLLECTION).content.decode()
    token = OwnedCard.objects.get().owner.collection_share.token
    assert f"/collection/shared/{token}/" in page
    shared = bob_client.get(reverse("web:collection-shared", args=[token])).content.decode()
    assert "alice's collection" in shared.replace("&#x27;", "'") and ">Hot Dog</a>" in shared
    assert 'id="add-form"' not in shared  # read-only
    alice_client.post(reverse("web:collection-share"), {"shared": "0"})
    assert bob_client.get(reverse("web:collection-shared", args=[token])).status_code == 404
