"""Issue 40, items 4 and 5 in a browser, at desktop width and at a 360 px phone: a deck's proxies
printed (the whole deck on Letter, then its missing cards on A4; a large deck in the
background), read back as PDFs; and a card's picture beside its name among the deck's missing
cards and in a test game's table of cards, large on a hover or a tap, without sideways scroll."""

from __future__ import annotations

import io
import re

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from cards.models import Card
from cards.services.images import card_image_attach, card_image_store
from decks import proxies
from decks.models import ProxyPrint
from decks.resolution import entries_resolve
from decks.services import DeckChanges, deck_update, whole_deck
from jobs.models import SimulationJob
from jobs.services import queue
from jobs.services.chunks import chunk_run
from tests.browser.conftest import SCREENSHOTS
from tests.cards.pictures import picture_bytes, upload
from tests.decks.conftest import make_deck, refs

DECK = {
    "neopets": [{"name": "Blue Acara", "quantity": 1}],
    "main": [{"name": "Hot Dog", "quantity": 2}, {"name": "Mau Codestone", "quantity": 9}],
}
LOADED = "image => image.complete && image.naturalWidth > 0"


@pytest.fixture
def hot_dog(sample_cards, media_root) -> Card:
    card = Card.objects.get(game__slug="neopets", name="Hot Dog")
    card_image_attach(card=card, image=card_image_store(upload=upload(picture_bytes())))
    return card


@pytest.fixture
def no_broker(monkeypatch) -> None:
    """Chunks are played by the test, not sent to a broker no worker reads."""
    monkeypatch.setattr(queue, "send_chunks", lambda chunks, **options: None)


# The address a GET form sends to, with the fields as they are set on the page.
FORM_ADDRESS = "f => f.action + '?' + new URLSearchParams(new FormData(f))"


def printed(page, form: str, button: str) -> PdfReader:
    """The PDF that form's button asks for, read back. Headless Chromium hands a PDF it opens to
    a viewer the test cannot read, so the form's address, as the page set it, is fetched with
    the page's cookies instead."""
    expect(page.get_by_role("button", name=button)).to_be_visible()
    answer = page.request.get(page.locator(f"#{form}").evaluate(FORM_ADDRESS))
    assert answer.status == 200 and answer.headers["content-type"] == "application/pdf"
    return PdfReader(io.BytesIO(answer.body()))


def look(page, peek, large, phone: bool) -> None:
    """The picture large on a hover (desktop) or a tap (phone), whole on the screen."""
    expect(large).to_be_hidden()
    if phone:
        peek.tap()
    else:
        peek.hover()
    expect(large).to_be_visible()
    assert large.evaluate(LOADED)
    box = large.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]


def signed_in(browser, live_server, width: int):
    """A browser context at this width (a touch phone at 360 px) and its page, Alice signed in."""
    phone = width == 360
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": width, "height": 900},
        has_touch=phone,
        is_mobile=phone,
    )
    page = context.new_page()
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill("a long password 1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/")
    return context, page


@pytest.mark.parametrize("width", [1280, 360], ids=["desktop", "phone-360"])
def test_a_deck_s_proxies_print_and_its_cards_show_their_pictures(
    browser, live_server, hot_dog, django_user_model, no_broker, width
):
    phone = width == 360
    alice = django_user_model.objects.create_user("alice", password="a long password 1")
    deck = make_deck(alice, hot_dog.game, DECK, name="Acara Rush")
    context, page = signed_in(browser, live_server, width)

    page.goto(f"/decks/{deck.address}/")
    # the whole deck, on Letter paper: 12 cards, two pages
    page.locator("#proxies-form-paper").select_option("letter")
    pdf = printed(page, "proxies-form", "Print proxies")
    assert len(pdf.pages) == 2
    assert round(float(pdf.pages[0].mediabox.width)) == 612  # US Letter, 8.5 in
    said = pdf.pages[0].extract_text()
    assert "Blue Acara" in said and "Hot Dog" in said and "SAMPLE CARD" in said
    # her collection lacks all of it: the missing cards print too, on A4
    missing = printed(page, "missing-proxies", "Print the missing cards as proxies")
    assert len(missing.pages) == 2 and round(float(missing.pages[0].mediabox.width)) == 595
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # the missing Hot Dog shows its picture; the others have their names alone
    row = page.locator("#missing-cards li", has_text="Hot Dog")
    look(page, row.locator(".peek"), row.get_by_role("img", name="Picture of Hot Dog"), phone)
    assert page.locator("#missing-cards .peek").count() == 1
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"proxies-missing-cards-{width}.png", full_page=True)

    # a test game's table of cards: the same picture beside Hot Dog's name
    page.goto("/tools/test-games/")
    page.get_by_label("Deck A", exact=True).select_option("sample:neopets:strong")
    page.get_by_label("Deck B", exact=True).select_option("sample:neopets:weak")
    page.get_by_label("Games").fill("20")
    page.get_by_label("Seed").fill("7")
    page.get_by_role("button", name="Play the games").click()
    expect(page.locator("#job-progress")).to_be_visible()
    for chunk in SimulationJob.objects.get().chunks.order_by("index"):
        chunk_run(chunk_id=chunk.pk, worker="browser-test")
    # Hot Dog's own row (the strong deck has Teeny Hot Dog and Hot Dog of Justice too)
    hot_dog_cell = page.locator("td:first-child", has_text=re.compile(r"^\s*Hot Dog\s*$"))
    row = page.locator("#card-table tbody tr").filter(has=hot_dog_cell).first
    expect(row).to_be_visible()
    row.scroll_into_view_if_needed()
    look(page, row.locator(".peek"), row.get_by_role("img", name="Picture of Hot Dog"), phone)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=SCREENSHOTS / f"proxies-test-game-pictures-{width}.png", full_page=True)
    context.close()


@pytest.mark.parametrize("width", [1280, 360], ids=["desktop", "phone-360"])
def test_a_large_deck_s_proxies_are_prepared_in_the_background_then_downloaded(
    browser, live_server, hot_dog, private_root, django_user_model, monkeypatch, width
):
    """130 cards: the button leads to "Preparing your PDF", which offers the download by
    itself once a worker (here the test) has drawn it."""
    monkeypatch.setattr(proxies, "_send", lambda print_id: None)  # no broker: the test draws
    alice = django_user_model.objects.create_user("alice", password="a long password 1")
    large = {
        "main": [{"name": "Hot Dog", "quantity": 121}, {"name": "Mau Codestone", "quantity": 9}]
    }
    deck = make_deck(alice, hot_dog.game, large, name="Hot Dog Pile")
    context, page = signed_in(browser, live_server, width)
    page.goto(f"/decks/{deck.address}/")
    page.get_by_role("button", name="Print proxies", exact=True).click()
    page.wait_for_url("**/proxies/*/")
    expect(page.locator("#print-status")).to_contain_text("Preparing your PDF")
    expect(page.get_by_role("link", name="Download the PDF")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=SCREENSHOTS / f"proxies-preparing-{width}.png", full_page=True)

    proxies.proxy_print_draw(print_id=ProxyPrint.objects.get().pk)
    download = page.get_by_role("link", name="Download the PDF")
    expect(download).to_be_visible()  # the page followed the print by itself
    answer = page.request.get(download.get_attribute("href"))
    assert answer.status == 200 and answer.headers["content-type"] == "application/pdf"
    pdf = PdfReader(io.BytesIO(answer.body()))
    assert len(pdf.pages) == 15 and "SAMPLE CARD" in pdf.pages[0].extract_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=SCREENSHOTS / f"proxies-ready-{width}.png", full_page=True)
    context.close()


@pytest.mark.parametrize("width", [1280, 360], ids=["desktop", "phone-360"])
def test_a_versions_diff_and_a_comparison_show_a_card_s_picture(
    browser, live_server, hot_dog, django_user_model, width
):
    """Wherever a card is named: the versions page's diff and two decks compared."""
    alice = django_user_model.objects.create_user("alice", password="a long password 1")
    deck = make_deck(alice, hot_dog.game, DECK, name="Acara Rush")
    more = {**DECK, "main": [{"name": "Hot Dog", "quantity": 3}, DECK["main"][1]]}
    lines = entries_resolve(game=hot_dog.game, refs=refs(more))
    deck_update(
        deck=deck,
        expected_revision=None,
        changes=DeckChanges(sections=whole_deck(hot_dog.game, lines)),
    )
    other = make_deck(alice, hot_dog.game, {"main": DECK["main"][1:]}, name="Codestones")
    context, page = signed_in(browser, live_server, width)
    phone = width == 360

    page.goto(f"/decks/{deck.address}/versions/?from=1&to=2")
    row = page.locator("#diff li", has_text="Hot Dog")
    expect(row).to_contain_text("2 → 3")
    look(page, row.locator(".peek"), row.get_by_role("img", name="Picture of Hot Dog"), phone)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=SCREENSHOTS / f"versions-picture-{width}.png", full_page=True)

    page.goto(f"/decks/compare/?a={other.address}&b={deck.address}")
    row = page.locator("#diff li", has_text="Hot Dog")
    expect(row).to_contain_text("+ 3 Hot Dog")
    look(page, row.locator(".peek"), row.get_by_role("img", name="Picture of Hot Dog"), phone)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=SCREENSHOTS / f"compare-picture-{width}.png", full_page=True)
    context.close()
