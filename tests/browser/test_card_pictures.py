"""Card pictures in Chromium: loaded from the site itself, large on hover in search results,
on a card's page, and on a tap beside a card's name in a deck at a 360 px phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cards.models import Card
from cards.services.images import card_image_attach, card_image_store
from decks.models import Deck
from tests.cards.pictures import picture_bytes, upload

LOADED = "image => image.complete && image.naturalWidth > 0"


@pytest.fixture
def hot_dog(sample_cards, media_root) -> Card:
    card = Card.objects.get(game__slug="neopets", name="Hot Dog")
    card_image_attach(card=card, image=card_image_store(upload=upload(picture_bytes())))
    return card


def test_search_results_show_the_thumbnail_large_while_the_name_is_hovered(page, hot_dog, shot):
    page.goto("/cards/?q=t:food+hot+dog&game=neopets")
    large = page.get_by_role("img", name="Picture of Hot Dog")
    expect(large).to_be_hidden()
    page.get_by_role("link", name="Hot Dog", exact=True).hover()
    expect(large).to_be_visible()
    assert large.evaluate(LOADED)
    shot("card-picture-hover")


def test_a_card_s_page_shows_its_full_size_picture(page, hot_dog, shot):
    page.goto("/cards/neopets/hot-dog/")
    picture = page.get_by_role("img", name="Picture of Hot Dog")
    expect(picture).to_be_visible()
    assert picture.evaluate(LOADED)
    assert picture.get_attribute("src") == hot_dog.picture.full.url
    shot("card-picture-page")
    shot("card-picture-page", phone=True)


def test_a_tap_beside_a_card_s_name_in_a_deck_shows_its_picture_on_a_phone(
    browser, live_server, hot_dog, sample_decks
):
    deck = Deck.objects.filter(
        visibility="public", game__slug="neopets", entries__card=hot_dog
    ).first()
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 360, "height": 780},
        has_touch=True,
        is_mobile=True,
    )
    phone = context.new_page()
    phone.goto(f"/decks/{deck.pk}/")
    large = phone.get_by_role("img", name="Picture of Hot Dog")
    expect(large).to_be_hidden()
    phone.locator(".peek").first.tap()
    expect(large).to_be_visible()
    assert large.evaluate(LOADED)
    box = large.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360  # whole on the screen
    context.close()
