"""Proxies to print (issue 40, item 4): a deck's saved cards, or those missing from the reader's
collection, as a PDF of cards at their real size, nine to an A4 or Letter page, read back here
with pypdf (nothing of ReportLab's). Alice's deck is private: Bob and visitors never get it."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm
from rest_framework.test import APIClient

from cards.models import OwnedCard
from cards.services.images import card_image_attach, card_image_store
from decks.models import Deck
from tests.cards.pictures import picture_bytes, upload
from tests.decks.conftest import make_deck

PROXIES = "/api/v1/decks/{}/proxies/"
A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
TWELVE = {"main": [{"name": "Hot Dog", "quantity": 9}, {"name": "Healing Potion", "quantity": 3}]}


@pytest.fixture
def bob_api(bob) -> APIClient:
    client = APIClient()
    client.force_authenticate(bob)
    return client


@pytest.fixture
def big_deck(alice, neopets, cards) -> Deck:
    """Alice's private deck of 12 copies: 9 Hot Dog and 3 Healing Potion."""
    return make_deck(alice, neopets, TWELVE, name="Twelve")


def read(response) -> PdfReader:
    assert response.status_code == 200, response.content[:500]
    assert response["Content-Type"] == "application/pdf"
    return PdfReader(io.BytesIO(response.content))


def text(pdf: PdfReader) -> str:
    return "\n".join(page.extract_text() for page in pdf.pages)


def forms(pdf: PdfReader) -> list:
    """The card drawings the pages place (each different card is one form, placed per copy)."""
    found = []
    for page in pdf.pages:
        for ref in page["/Resources"]["/XObject"].values():
            form = ref.get_object()
            if form["/Subtype"] == "/Form" and form not in found:
                found.append(form)
    return found


def placements(pdf: PdfReader) -> int:
    """How many cards the pages place: one `Do` of a card's form per copy."""
    return sum(page.get_contents().get_data().count(b" Do") for page in pdf.pages)


def test_it_prints_every_copy_nine_to_an_a4_page_at_63_by_88_mm(alice_api, big_deck):
    pdf = read(alice_api.get(PROXIES.format(big_deck.pk), {"paper": "a4"}))
    assert len(pdf.pages) == 2  # 12 copies: nine, then three
    assert all(
        pytest.approx((float(page.mediabox.width), float(page.mediabox.height)), abs=0.5) == A4
        for page in pdf.pages
    )
    assert placements(pdf) == 12
    for form in forms(pdf):
        left, bottom, right, top = map(float, form["/BBox"])
        assert (right - left, top - bottom) == pytest.approx((63 * mm, 88 * mm), abs=0.01)
    said = text(pdf)
    assert "Hot Dog" in said and "Healing Potion" in said
    assert "SAMPLE CARD" in said  # the test cards are sample cards, and say so


def test_letter_paper_is_a_choice(alice_api, big_deck):
    pdf = read(alice_api.get(PROXIES.format(big_deck.pk), {"paper": "letter"}))
    size = (float(pdf.pages[0].mediabox.width), float(pdf.pages[0].mediabox.height))
    assert size == pytest.approx(LETTER, abs=0.5)


def test_a_card_s_stats_and_its_picture_are_printed(alice_api, alice, neopets, cards, media_root):
    kau = cards["Red Kau"]
    card_image_attach(card=kau, image=card_image_store(upload=upload(picture_bytes())))
    deck = make_deck(alice, neopets, {"neopets": [{"name": "Red Kau", "quantity": 1}]})
    pdf = read(alice_api.get(PROXIES.format(deck.pk)))
    said = text(pdf)
    assert "HP 8 · Attack 4 · Defence 3 · Agility 3" in said
    assert "Neopet · Kau" in said
    (form,) = forms(pdf)
    images = [x.get_object() for x in form["/Resources"]["/XObject"].values()]
    assert [(image["/Subtype"], list(image["/Filter"])) for image in images] == [
        ("/Image", ["/DCTDecode"])  # the picture as JPEG, embedded as it is
    ]


def test_a_long_text_is_wrapped_and_set_smaller_and_a_real_card_has_no_sample_flag(
    alice_api, alice, neopets, cards
):
    sword = cards["Wooden Sword"]
    sword.text = "Equip this to a Neopet. " * 40
    sword.is_sample = False
    sword.save()
    deck = make_deck(alice, neopets, {"main": [{"name": "Wooden Sword", "quantity": 1}]})
    said = text(read(alice_api.get(PROXIES.format(deck.pk))))
    assert "Wooden Sword" in said and "Equip this to a Neopet." in said
    assert said.count("Equip this") > 10  # wrapped over many lines, not cut at the first
    assert "SAMPLE" not in said


def test_the_missing_cards_print_only_the_copies_alice_lacks(alice_api, big_deck, cards):
    OwnedCard.objects.create(owner=big_deck.owner, card=cards["Hot Dog"], quantity=7)
    pdf = read(alice_api.get(PROXIES.format(big_deck.pk), {"missing": "true"}))
    assert (len(pdf.pages), placements(pdf)) == (1, 5)  # 2 Hot Dog and 3 Healing Potion


def test_nothing_to_print_is_a_400_that_says_why(alice_api, alice, neopets, big_deck, cards):
    empty = make_deck(alice, neopets, {}, name="Empty")
    response = alice_api.get(PROXIES.format(empty.pk))
    assert response.status_code == 400
    assert response.json()["fields"] == {
        "deck": ["Empty has no saved cards to print; add cards and save a version first"]
    }
    OwnedCard.objects.create(owner=alice, card=cards["Hot Dog"], quantity=9)
    OwnedCard.objects.create(owner=alice, card=cards["Healing Potion"], quantity=3)
    response = alice_api.get(PROXIES.format(big_deck.pk), {"missing": "true"})
    assert (response.status_code, list(response.json()["fields"])) == (400, ["missing"])


@pytest.mark.parametrize(
    ("query", "field"), [({"paper": "a3"}, "paper"), ({"missing": "x"}, "missing")]
)
def test_an_unknown_paper_or_flag_is_a_400_naming_it(alice_api, big_deck, query, field):
    response = alice_api.get(PROXIES.format(big_deck.pk), query)
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    assert list(response.json()["fields"]) == [field]


def test_a_private_deck_prints_for_its_owner_alone(client, bob_api, big_deck):
    assert bob_api.get(PROXIES.format(big_deck.pk)).status_code == 404
    assert client.get(PROXIES.format(big_deck.pk)).status_code == 404
    assert client.get(f"/decks/{big_deck.pk}/proxies.pdf").status_code == 404
    big_deck.visibility = Deck.Visibility.PUBLIC
    big_deck.save()
    assert read(bob_api.get(PROXIES.format(big_deck.pk)))


def test_the_deck_page_offers_proxies_of_the_deck_and_of_the_missing_cards(client, alice, big_deck):
    client.force_login(alice)
    page = client.get(f"/decks/{big_deck.pk}/").content.decode()
    assert 'id="proxies-form"' in page and "Print proxies" in page
    assert 'id="missing-proxies"' in page and "Print the missing cards as proxies" in page
    response = client.get(f"/decks/{big_deck.pk}/proxies.pdf", {"paper": "letter", "missing": "1"})
    assert len(read(response).pages) == 2  # she owns none: all 12
    assert response["Content-Disposition"] == 'inline; filename="Twelve (missing proxies).pdf"'


def test_print_proxies_prints_the_whole_deck_when_some_cards_are_missing(
    client, alice, big_deck, cards
):
    """The deck page's two buttons ask for different things: the whole deck's form carried the
    missing cards' flag whenever the reader lacked a card (the page's own `missing`)."""
    OwnedCard.objects.create(owner=alice, card=cards["Hot Dog"], quantity=7)
    client.force_login(alice)
    page = client.get(f"/decks/{big_deck.address}/").content.decode()
    whole = page[page.index('id="proxies-form"') :]
    whole = whole[: whole.index("</form>")]
    assert 'name="missing"' not in whole
    missing = page[page.index('id="missing-proxies"') :]
    assert 'name="missing" value="1"' in missing[: missing.index("</form>")]
    response = client.get(f"/decks/{big_deck.address}/proxies.pdf", {"paper": "a4"})
    assert placements(read(response)) == 12  # the whole deck, not the 5 missing


def test_the_site_sends_an_empty_deck_back_to_its_page_saying_why(client, alice, neopets, cards):
    empty = make_deck(alice, neopets, {}, name="Empty")
    client.force_login(alice)
    response = client.get(f"/decks/{empty.pk}/proxies.pdf", follow=True)
    assert response.redirect_chain[-1][0].endswith(f"/decks/{empty.address}/#proxies")
    assert "No proxies printed: Empty has no saved cards to print" in response.content.decode()


def test_a_deck_too_large_to_print_at_once_is_refused_naming_the_count(
    alice_api, alice, neopets, cards
):
    huge = make_deck(alice, neopets, {"main": [{"name": "Hot Dog", "quantity": 361}]}, name="Huge")
    response = alice_api.get(PROXIES.format(huge.pk))
    assert response.status_code == 400
    assert response.json()["fields"] == {
        "deck": ["Huge has 361 cards; at most 360 (40 pages) are printed at once"]
    }
