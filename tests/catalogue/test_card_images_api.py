"""A card's `image` in the API: its thumbnail and full size, as absolute URLs, or null."""

from __future__ import annotations

from cards.services.images import card_image_attach, card_image_store
from tests.cards.pictures import picture_bytes, upload


def pictured(card):
    """The card with a picture attached, and the stored names."""
    stored = card_image_store(upload=upload(picture_bytes()))
    card_image_attach(card=card, image=stored)
    return stored


def test_a_card_s_detail_shows_its_image_urls(api, catalogue, media_root):
    stored = pictured(catalogue["Hot Dog"])
    body = api.get(f"/api/v1/cards/{catalogue['Hot Dog'].id}/").json()
    assert body["image"] == {
        "thumb": f"http://testserver/media/{stored.thumb}",
        "full": f"http://testserver/media/{stored.full}",
    }
    served = api.get(body["image"]["full"])
    assert served.status_code == 200
    assert served["Cache-Control"] == "public, max-age=31536000, immutable"


def test_a_card_without_a_picture_has_a_null_image(api, catalogue):
    assert api.get(f"/api/v1/cards/{catalogue['Hot Dog'].id}/").json()["image"] is None


def test_search_results_named_lookups_and_collections_show_the_image(api, catalogue, media_root):
    stored = pictured(catalogue["Hot Dog"])
    thumb = f"http://testserver/media/{stored.thumb}"
    results = api.get("/api/v1/cards/", {"q": "hot dog"}).json()["results"]
    assert {card["name"]: card["image"] and card["image"]["thumb"] for card in results} == {
        "Hot Dog": thumb,
        "Hot Dog of Justice": None,
        "Teeny Hot Dog": None,
    }
    named = api.get("/api/v1/cards/named/", {"game": "neopets", "exact": "hot dog"}).json()
    assert named["image"]["thumb"] == thumb
    collection = api.post(
        "/api/v1/cards/collection/",
        {"identifiers": [{"id": catalogue["Hot Dog"].id}]},
        format="json",
    ).json()
    assert collection["data"][0]["image"]["thumb"] == thumb


def test_pictures_cost_a_search_no_query_whatever_their_number(
    api, catalogue, media_root, django_assert_max_num_queries
):
    """The page's pictures are read with its cards' rows (test_cards_api counts its queries),
    though kept beside them (cards.models.CardPicture): never a query per card."""
    for name in ("Hot Dog", "Red Acara", "Mau Codestone"):
        pictured(catalogue[name])
    with django_assert_max_num_queries(4):
        response = api.get("/api/v1/cards/", {"page_size": 200, "q": "t:food or set:smp"})
    assert sum(card["image"] is not None for card in response.json()["results"]) == 3
