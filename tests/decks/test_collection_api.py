"""A collection over the API: /owned/ (list, set a count), /owned/import/ (a pasted list or a
CSV with a header), `owned:` in /cards/ search, /decks/{id}/missing/, and the share link.
Alice owns cards; Bob and Charlie never see them except through her share link."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from cards.models import MAX_OWNED, OwnedCard

OWNED = "/api/v1/owned/"
IMPORT = "/api/v1/owned/import/"
SHARE = "/api/v1/owned/share/"


@pytest.fixture
def bob_api(bob) -> APIClient:
    client = APIClient()
    client.force_authenticate(bob)
    return client


def owned(client, **params) -> dict[str, int]:
    response = client.get(OWNED, params)
    assert response.status_code == 200, response.json()
    return {row["name"]: row["quantity"] for row in response.json()["results"]}


def csv_file(text: str) -> SimpleUploadedFile:
    return SimpleUploadedFile("collection.csv", text.encode(), content_type="text/csv")


def test_setting_a_count_lists_the_card_and_zero_removes_it(alice_api, cards):
    hot_dog = cards["Hot Dog"]
    response = alice_api.post(OWNED, {"card": hot_dog.pk, "quantity": 3}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json() == {
        "card": hot_dog.pk,
        "name": "Hot Dog",
        "game": "neopets",
        "printing": None,
        "set": None,
        "number": None,
        "quantity": 3,
    }
    alice_api.post(OWNED, {"card": hot_dog.pk, "quantity": 5}, format="json")
    assert owned(alice_api) == {"Hot Dog": 5}
    assert (
        alice_api.post(OWNED, {"card": hot_dog.pk, "quantity": 0}, format="json").status_code == 204
    )
    assert owned(alice_api) == {}


def test_counts_are_kept_per_printing(alice_api, cards):
    hot_dog = cards["Hot Dog"]
    first, second = hot_dog.printings.order_by("number")
    for printing, quantity in ((first, 1), (second, 2)):
        body = {"card": hot_dog.pk, "printing": printing.pk, "quantity": quantity}
        assert alice_api.post(OWNED, body, format="json").status_code == 200
    rows = alice_api.get(OWNED).json()["results"]
    assert [(row["set"], row["number"], row["quantity"]) for row in rows] == [
        ("SMP", "001", 1),
        ("SMP", "002", 2),
    ]


@pytest.mark.parametrize("quantity", [1_000_000, MAX_OWNED + 1, -1])
def test_a_count_out_of_range_is_refused_naming_quantity(alice_api, cards, quantity):
    body = {"card": cards["Hot Dog"].pk, "quantity": quantity}
    response = alice_api.post(OWNED, body, format="json")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["quantity"]
    assert not OwnedCard.objects.exists()


def test_an_unknown_card_or_a_printing_of_another_card_is_refused(alice_api, cards):
    response = alice_api.post(OWNED, {"card": 999_999, "quantity": 1}, format="json")
    assert (response.status_code, list(response.json()["fields"])) == (400, ["card"])
    other = cards["Hot Dog"].printings.first()
    body = {"card": cards["Red Kau"].pk, "printing": other.pk, "quantity": 1}
    response = alice_api.post(OWNED, body, format="json")
    assert (response.status_code, list(response.json()["fields"])) == (400, ["printing"])


@pytest.mark.parametrize(
    ("method", "url"),
    [("get", OWNED), ("post", OWNED), ("post", IMPORT), ("get", SHARE), ("post", SHARE)],
)
def test_an_anonymous_caller_is_asked_to_sign_in(api, cards, method, url):
    assert getattr(api, method)(url, {}, format="json").status_code == 401


def test_a_pasted_list_adds_to_the_collection(alice_api, cards):
    alice_api.post(OWNED, {"card": cards["Hot Dog"].pk, "quantity": 1}, format="json")
    text = "2 Hot Dog\n1 Hot Dog (SMP) 002\nHealing Potion x3\n"
    response = alice_api.post(IMPORT, {"game": "neopets", "text": text}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json() == {"copies": 6, "rows": 3}
    rows = {(r["name"], r["number"]): r["quantity"] for r in alice_api.get(OWNED).json()["results"]}
    assert rows == {("Hot Dog", None): 3, ("Hot Dog", "002"): 1, ("Healing Potion", None): 3}


def test_a_pasted_list_naming_an_unknown_card_stores_nothing(alice_api, cards):
    text = "2 Hot Dog\n1 Hot Dgo\n"
    response = alice_api.post(IMPORT, {"game": "neopets", "text": text}, format="json")
    assert response.status_code == 400
    assert response.json()["lines"][0]["line"] == 2
    assert "Hot Dog" in response.json()["lines"][0]["suggestions"]
    assert not OwnedCard.objects.exists()


def test_a_csv_as_other_sites_export_it_is_imported(alice_api, cards):
    text = (
        '"Count","Tradelist Count","Name","Edition","Condition","Collector Number"\n'
        '"4","0","Hot Dog","smp","Near Mint","001"\n'
        '"2","0","Red Kau","","Near Mint",""\n'
    )
    response = alice_api.post(IMPORT, {"game": "neopets", "file": csv_file(text)})
    assert response.status_code == 201, response.json()
    rows = {(r["name"], r["number"]): r["quantity"] for r in alice_api.get(OWNED).json()["results"]}
    assert rows == {("Hot Dog", "001"): 4, ("Red Kau", None): 2}


def test_an_unknown_card_in_a_csv_is_reported_by_row_and_column_and_nothing_is_stored(
    alice_api, cards
):
    text = "Quantity,Name\n2,Hot Dog\n1,Wodden Sword\nmany,Red Kau\n"
    response = alice_api.post(IMPORT, {"game": "neopets", "file": csv_file(text)})
    assert response.status_code == 400
    body = response.json()
    assert [(row["row"], row["column"]) for row in body["rows"]] == [(4, "Quantity")]
    text = "Quantity,Name\n2,Hot Dog\n1,Wodden Sword\n"
    body = alice_api.post(IMPORT, {"game": "neopets", "file": csv_file(text)}).json()
    assert [(row["row"], row["column"]) for row in body["rows"]] == [(3, "Name")]
    assert body["fields"]["file"][0].startswith("row 3, column Name: ")
    assert "Wooden Sword" in body["fields"]["file"][0]
    assert not OwnedCard.objects.exists()


def test_a_csv_without_a_name_column_is_refused_by_its_header(alice_api, cards):
    response = alice_api.post(
        IMPORT, {"game": "neopets", "file": csv_file("Count,Card Title\n1,Hot Dog\n")}
    )
    assert response.status_code == 400
    assert response.json()["rows"][0]["row"] == 1
    assert "name" in response.json()["rows"][0]["message"]


def test_a_million_copies_in_a_csv_are_refused_and_an_import_past_the_cap_too(alice_api, cards):
    response = alice_api.post(
        IMPORT, {"game": "neopets", "file": csv_file("Count,Name\n1000000,Hot Dog\n")}
    )
    assert (response.status_code, response.json()["rows"][0]["column"]) == (400, "Count")
    alice_api.post(OWNED, {"card": cards["Hot Dog"].pk, "quantity": MAX_OWNED}, format="json")
    response = alice_api.post(IMPORT, {"game": "neopets", "text": "1 Hot Dog"}, format="json")
    assert response.status_code == 400
    assert owned(alice_api) == {"Hot Dog": MAX_OWNED}


def test_text_and_file_together_or_neither_are_refused(alice_api, cards):
    response = alice_api.post(IMPORT, {"game": "neopets"}, format="json")
    assert (response.status_code, list(response.json()["fields"])) == (400, ["text"])


def test_owned_true_limits_a_search_to_the_callers_cards(alice_api, bob_api, cards):
    alice_api.post(OWNED, {"card": cards["Red Kau"].pk, "quantity": 1}, format="json")
    names = [
        c["name"] for c in alice_api.get("/api/v1/cards/", {"q": "owned:true"}).json()["results"]
    ]
    assert names == ["Red Kau"]
    others = alice_api.get("/api/v1/cards/", {"q": "owned:false game:neopets"}).json()["results"]
    assert "Red Kau" not in [c["name"] for c in others] and len(others) == len(cards) - 1
    checkbox = alice_api.get("/api/v1/cards/", {"owned": "true"}).json()["results"]
    assert [c["name"] for c in checkbox] == ["Red Kau"]  # the search page's checkbox
    # Bob owns nothing: Alice's collection does not answer his search.
    assert bob_api.get("/api/v1/cards/", {"q": "owned:true"}).json()["results"] == []


def test_owned_asks_an_anonymous_caller_to_sign_in_and_refuses_other_values(api, alice_api, cards):
    assert api.get("/api/v1/cards/", {"q": "owned:true"}).status_code == 401
    assert api.get("/api/v1/cards/", {"owned": "true"}).status_code == 401
    response = alice_api.get("/api/v1/cards/", {"q": "owned:maybe"})
    assert (response.status_code, response.json()["code"]) == (400, "query_syntax")


def test_a_deck_lists_what_is_missing(alice_api, alice_deck, cards):
    # The deck holds 2 Hot Dog and 1 Healing Potion; Alice owns one Hot Dog, of a printing.
    printing = cards["Hot Dog"].printings.first()
    body = {"card": cards["Hot Dog"].pk, "printing": printing.pk, "quantity": 1}
    alice_api.post(OWNED, body, format="json")
    response = alice_api.get(f"/api/v1/decks/{alice_deck.pk}/missing/")
    assert response.status_code == 200, response.json()
    data = response.json()
    assert (data["needed"], data["missing"]) == (3, 2)
    assert [(c["name"], c["needed"], c["owned"], c["missing"]) for c in data["cards"]] == [
        ("Hot Dog", 2, 1, 1),
        ("Healing Potion", 1, 0, 1),
    ]
    assert data["text"] == "Main Deck:\n1 Hot Dog\n1 Healing Potion\n"


def test_missing_needs_a_signed_in_reader_of_the_deck(
    api, charlie_api, alice_deck, alice_public_deck
):
    assert api.get(f"/api/v1/decks/{alice_public_deck.pk}/missing/").status_code == 401
    assert charlie_api.get(f"/api/v1/decks/{alice_deck.pk}/missing/").status_code == 404
    # A public deck: Charlie is told what he lacks against his own (empty) collection.
    data = charlie_api.get(f"/api/v1/decks/{alice_public_deck.pk}/missing/").json()
    assert (data["needed"], data["missing"]) == (3, 3)


def test_bob_sees_alices_collection_only_through_her_share_link(
    alice_api, bob_api, charlie_api, api, cards
):
    alice_api.post(OWNED, {"card": cards["Red Kau"].pk, "quantity": 2}, format="json")
    assert owned(bob_api) == {} and owned(charlie_api) == {}
    assert bob_api.get(SHARE).status_code == 404  # his own, never shared
    share = alice_api.post(SHARE).json()
    assert alice_api.post(SHARE).json()["token"] == share["token"]  # the same link kept
    for client in (bob_api, api):
        response = client.get(f"{OWNED}shared/{share['token']}/")
        assert response.status_code == 200
        assert [(r["name"], r["quantity"]) for r in response.json()["results"]] == [("Red Kau", 2)]
    assert bob_api.post(f"{OWNED}shared/{share['token']}/", {}).status_code == 405  # read-only
    assert alice_api.delete(SHARE).status_code == 204
    assert bob_api.get(f"{OWNED}shared/{share['token']}/").status_code == 404
    assert charlie_api.get(f"{OWNED}shared/not-a-token-at-all/").status_code == 404


def test_a_csv_larger_than_a_decklist_file_is_read_and_one_past_4_mb_is_refused(alice_api, cards):
    note = "x" * 100_000  # columns other than the four read are ignored
    rows = "".join(f'1,{name},"{note}"\n' for name in ("Hot Dog", "Red Kau", "Healing Potion"))
    text = "Count,Name,Notes\n" + rows  # 300 KB: a decklist file may be 256 KB at most
    response = alice_api.post(IMPORT, {"game": "neopets", "file": csv_file(text)})
    assert response.status_code == 201, response.json()
    assert response.json() == {"copies": 3, "rows": 3}
    big = "Count,Name,Notes\n" + f'1,Hot Dog,"{"x" * (4 * 1024 * 1024)}"\n'
    response = alice_api.post(IMPORT, {"game": "neopets", "file": csv_file(big)})
    assert (response.status_code, list(response.json()["fields"])) == (400, ["file"])
    assert owned(alice_api) == {"Healing Potion": 1, "Hot Dog": 1, "Red Kau": 1}


def test_the_owned_list_reads_a_page_in_the_same_queries_whatever_its_size(
    alice_api, cards, django_assert_max_num_queries
):
    hot_dog = cards["Hot Dog"]
    for printing in hot_dog.printings.all():
        body = {"card": hot_dog.pk, "printing": printing.pk, "quantity": 2}
        alice_api.post(OWNED, body, format="json")
    for card in cards.values():
        alice_api.post(OWNED, {"card": card.pk, "quantity": 1}, format="json")
    with django_assert_max_num_queries(2):  # the count, and the page with its cards and sets
        assert len(alice_api.get(OWNED).json()["results"]) == len(cards) + 2
