"""Proxies to print (issue 40, item 4): a deck's saved cards, or those missing from the reader's
collection, as a PDF of cards at their real size, nine to an A4 or Letter page, read back here
with pypdf (nothing of ReportLab's). Alice's deck is private: Bob and visitors never get it. A
deck of more than 120 cards is printed in the background: 202, then the PDF once drawn."""

from __future__ import annotations

import io
from datetime import timedelta
from uuid import UUID

import pytest
from django.utils import timezone
from pypdf import PdfReader
from reportlab.lib.units import mm
from rest_framework.test import APIClient

from cards.models import OwnedCard
from cards.services.images import card_image_attach, card_image_store
from decks.models import Deck, DeckEntry, ProxyPrint
from decks.proxies import proxy_print_draw
from tests.cards.pictures import picture_bytes, upload
from tests.decks.conftest import make_deck
from tests.faults.brokers import REFUSING, broker_at

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


def test_a_deck_too_large_to_print_is_refused_naming_the_count(alice_api, alice, neopets, cards):
    huge = make_deck(
        alice,
        neopets,
        {"main": [{"name": "Hot Dog", "quantity": 999}, {"name": "Hot Dogs", "quantity": 2}]},
        name="Huge",
    )
    response = alice_api.get(PROXIES.format(huge.pk))
    assert response.status_code == 400
    assert response.json()["fields"] == {
        "deck": ["Huge has 1001 cards; at most 1000 (112 pages) are printed in one PDF"]
    }
    assert not ProxyPrint.objects.exists()


# Printed in the background: a deck of more than 120 copies


@pytest.fixture
def large_deck(alice, neopets, cards) -> Deck:
    """Alice's private deck of 130 copies: 121 Hot Dog and 9 Healing Potion (15 pages)."""
    sections = {
        "main": [{"name": "Hot Dog", "quantity": 121}, {"name": "Healing Potion", "quantity": 9}]
    }
    return make_deck(alice, neopets, sections, name="Large")


def asked(client, deck, capture, **query):
    """Ask for the deck's proxies, the task's sending captured: the answer and the tasks sent."""
    with capture(execute=False) as sent:
        response = client.get(PROXIES.format(deck.pk), query)
    return response, sent


def test_a_large_deck_is_printed_in_the_background_then_its_pdf_is_served(
    alice_api, large_deck, django_capture_on_commit_callbacks, private_root, media_root
):
    response, sent = asked(alice_api, large_deck, django_capture_on_commit_callbacks)
    assert response.status_code == 202
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert (body["status"], body["copies"], body["pages"], body["pdf"]) == ("queued", 130, 15, None)
    assert response["Location"] == body["url"]
    assert len(sent) == 1  # one task, sent as the print is committed
    status = alice_api.get(body["url"]).json()
    assert status["status"] == "queued"
    # the PDF is not ready yet: a 409 saying so
    early = alice_api.get(body["url"] + "pdf/")
    assert (early.status_code, early.json()["code"]) == (409, "proxies_not_ready")
    assert early.json()["print_status"] == "queued"
    # asked again while it is drawn: the same print, no second task
    again, sent_again = asked(alice_api, large_deck, django_capture_on_commit_callbacks)
    assert (again.status_code, again.json()["id"], len(sent_again)) == (202, body["id"], 0)

    assert proxy_print_draw(print_id=body["id"]) == "done"
    status = alice_api.get(body["url"]).json()
    assert status["status"] == "done" and status["pdf"].endswith(f"/proxies/{body['id']}/pdf/")
    pdf = read(alice_api.get(status["pdf"]))
    assert (len(pdf.pages), placements(pdf)) == (15, 130)
    # asking again for the same cards now answers the PDF itself
    assert len(read(alice_api.get(PROXIES.format(large_deck.pk))).pages) == 15
    # kept in the private storage, not among the pictures served at /media/
    assert [p.name for p in (private_root / "proxies").iterdir()] == [f"{body['id']}.pdf"]
    assert not (media_root / "proxies").exists()


def test_a_draw_is_idempotent_and_another_request_for_other_cards_is_another_print(
    alice_api, large_deck, django_capture_on_commit_callbacks, private_root
):
    first = asked(alice_api, large_deck, django_capture_on_commit_callbacks)[0].json()
    assert proxy_print_draw(print_id=first["id"]) == "done"
    assert proxy_print_draw(print_id=first["id"]) == "skipped"  # the task sent twice
    letter, sent = asked(alice_api, large_deck, django_capture_on_commit_callbacks, paper="letter")
    assert letter.status_code == 202 and letter.json()["id"] != first["id"] and len(sent) == 1


def test_another_user_s_print_is_a_404_even_of_a_public_deck(
    alice_api, bob_api, large_deck, django_capture_on_commit_callbacks, private_root
):
    large_deck.visibility = Deck.Visibility.PUBLIC
    large_deck.save()
    mine = asked(alice_api, large_deck, django_capture_on_commit_callbacks)[0].json()
    proxy_print_draw(print_id=mine["id"])
    assert bob_api.get(mine["url"]).status_code == 404
    assert bob_api.get(mine["url"] + "pdf/").status_code == 404
    # Bob asking for the same deck gets a print of his own
    his = asked(bob_api, large_deck, django_capture_on_commit_callbacks)[0]
    assert his.status_code == 202 and his.json()["id"] != mine["id"]


def test_a_visitor_is_told_to_sign_in_for_a_large_deck(client, large_deck):
    large_deck.visibility = Deck.Visibility.PUBLIC
    large_deck.save()
    response = client.get(PROXIES.format(large_deck.pk))
    assert response.status_code == 400
    assert "sign in to print them" in response.json()["fields"]["deck"][0]
    assert not ProxyPrint.objects.exists()


def test_a_deck_emptied_before_its_draw_fails_saying_why(
    alice_api, alice, large_deck, django_capture_on_commit_callbacks, private_root
):
    body = asked(alice_api, large_deck, django_capture_on_commit_callbacks)[0].json()
    DeckEntry.objects.filter(deck=large_deck).delete()
    assert proxy_print_draw(print_id=body["id"]) == "failed"
    status = alice_api.get(body["url"]).json()
    assert status["status"] == "failed"
    assert status["error"].startswith("Not printed: Large has no saved cards to print")
    response = alice_api.get(body["url"] + "pdf/")
    assert (response.status_code, response.json()["print_status"]) == (409, "failed")
    assert not (private_root / "proxies").exists()  # nothing half stored


def test_a_print_no_worker_drew_is_failed_and_asking_again_queues_another(
    alice_api, large_deck, django_capture_on_commit_callbacks
):
    body = asked(alice_api, large_deck, django_capture_on_commit_callbacks)[0].json()
    ProxyPrint.objects.filter(pk=body["id"]).update(created=timezone.now() - timedelta(minutes=11))
    status = alice_api.get(body["url"]).json()
    assert status["status"] == "failed" and "No worker drew it within 10 minutes" in status["error"]
    again, sent = asked(alice_api, large_deck, django_capture_on_commit_callbacks)
    assert again.json()["id"] != body["id"] and len(sent) == 1


def test_prints_are_deleted_with_their_pdfs_after_a_day_or_with_their_deck(
    alice_api, alice, neopets, large_deck, django_capture_on_commit_callbacks, private_root
):
    old = asked(alice_api, large_deck, django_capture_on_commit_callbacks)[0].json()
    proxy_print_draw(print_id=old["id"])
    ProxyPrint.objects.filter(pk=old["id"]).update(created=timezone.now() - timedelta(days=2))
    assert alice_api.get(old["url"]).status_code == 404  # past its day, it is gone for her
    other = make_deck(
        alice, neopets, {"main": [{"name": "Hot Dog", "quantity": 125}]}, name="Other"
    )
    kept = asked(alice_api, other, django_capture_on_commit_callbacks)[0].json()
    with django_capture_on_commit_callbacks(execute=True):
        proxy_print_draw(print_id=kept["id"])  # each draw clears the prints past their day
    assert list(ProxyPrint.objects.values_list("id", flat=True)) == [UUID(kept["id"])]
    assert [p.name for p in (private_root / "proxies").iterdir()] == [f"{kept['id']}.pdf"]
    with django_capture_on_commit_callbacks(execute=True):
        other.delete()
    assert not ProxyPrint.objects.exists() and not list((private_root / "proxies").iterdir())


@pytest.mark.django_db(transaction=True)
def test_a_print_that_cannot_be_queued_is_a_503_and_keeps_nothing(
    alice_api, large_deck, monkeypatch
):
    with broker_at(REFUSING, monkeypatch):
        response = alice_api.get(PROXIES.format(large_deck.pk))
    assert response.status_code == 503 and response.json()["code"] == "service_unavailable"
    assert "Ask for the proxies again" in response.json()["detail"]
    assert not ProxyPrint.objects.exists()


def test_the_site_prepares_a_large_deck_s_pdf_then_offers_its_download(
    client, alice, bob, large_deck, django_capture_on_commit_callbacks, private_root
):
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=False) as sent:
        response = client.get(f"/decks/{large_deck.address}/proxies.pdf", {"paper": "letter"})
    proxy_print = ProxyPrint.objects.get()
    page = f"/decks/{large_deck.address}/proxies/{proxy_print.pk}/"
    assert (response.status_code, response["Location"], len(sent)) == (302, page, 1)
    preparing = client.get(page).content.decode()
    assert "Preparing your PDF" in preparing
    assert f'hx-get="{page}progress/"' in preparing  # it follows the print by itself
    assert "Download the PDF" not in preparing
    # before it is drawn, the download goes back to the page that says so
    assert client.get(f"{page[:-1]}.pdf")["Location"] == page

    proxy_print_draw(print_id=proxy_print.pk)
    ready = client.get(f"{page}progress/").content.decode()
    assert "Your PDF is ready" in ready and "hx-get" not in ready  # polling stops
    assert f'href="{page[:-1]}.pdf"' in ready
    download = client.get(f"{page[:-1]}.pdf")
    assert len(read(download).pages) == 15
    assert download["Content-Disposition"] == 'inline; filename="Large (proxies).pdf"'
    # asked again, the deck page's button now answers the PDF at once
    again = client.get(f"/decks/{large_deck.address}/proxies.pdf", {"paper": "letter"})
    assert round(float(read(again).pages[0].mediabox.width)) == 612

    client.force_login(bob)  # another user: no such page
    assert client.get(page).status_code == 404
    assert client.get(f"{page[:-1]}.pdf").status_code == 404


def test_the_site_says_why_a_print_failed(
    client, alice, large_deck, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=False):
        client.get(f"/decks/{large_deck.address}/proxies.pdf")
    proxy_print = ProxyPrint.objects.get()
    ProxyPrint.objects.update(created=timezone.now() - timedelta(minutes=11))
    said = client.get(f"/decks/{large_deck.address}/proxies/{proxy_print.pk}/").content.decode()
    assert "No worker drew it within 10 minutes" in said and "hx-get" not in said


def test_a_visitor_is_sent_back_to_sign_in_for_a_large_deck_s_proxies(client, large_deck):
    large_deck.visibility = Deck.Visibility.PUBLIC
    large_deck.save()
    response = client.get(f"/decks/{large_deck.pk}/proxies.pdf", follow=True)
    assert response.redirect_chain[-1][0].endswith(f"/decks/{large_deck.pk}/#proxies")
    assert "sign in to print them" in response.content.decode()
