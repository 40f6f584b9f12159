"""/decks/{id}/export/ (text or JSON) and POST /decks/import/ (a plain-text decklist)."""

import pytest

from decks.models import Deck

URL = "/api/v1/decks/"
IMPORT = f"{URL}import/"


def detail(deck, sub=""):
    return f"{URL}{deck.pk}/{sub}"


@pytest.fixture
def printed_deck(alice_api, cards):
    body = {
        "game": "neopets",
        "name": "Printed",
        "sections": {
            "main": [
                {"name": "Hot Dog", "quantity": 2, "set": "SMP", "number": "002"},
                {"name": "Healing Potion", "quantity": 1},
            ],
            "neopets": [{"name": "Red Kau", "quantity": 1}],
        },
    }
    response = alice_api.post(URL, body, format="json")
    assert response.status_code == 201, response.json()
    return Deck.objects.get(pk=response.json()["id"])


def test_it_exports_a_plain_text_decklist(alice_api, printed_deck):
    response = alice_api.get(detail(printed_deck, "export/"), {"format": "text"})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert response.content.decode() == (
        "Main Deck:\n2 Hot Dog (SMP) 002\n1 Healing Potion\n\nNeopet Deck:\n1 Red Kau\n"
    )


def test_it_exports_json_in_the_sections_shape(alice_api, printed_deck, cards):
    data = alice_api.get(detail(printed_deck, "export/"), {"format": "json"}).json()
    assert (data["game"], data["name"], data["format"]) == ("neopets", "Printed", None)
    assert data["sections"]["main"][0] == {
        "id": cards["Hot Dog"].pk,
        "key": "hot-dog",
        "name": "Hot Dog",
        "quantity": 2,
        "set": "SMP",
        "number": "002",
    }


def test_it_refuses_an_unknown_export_format(alice_api, printed_deck):
    response = alice_api.get(detail(printed_deck, "export/"), {"format": "pdf"})
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["format"]


def test_it_imports_an_exported_decklist_back_to_the_same_contents(alice_api, printed_deck):
    text = alice_api.get(detail(printed_deck, "export/"), {"format": "text"}).content.decode()
    body = {"game": "neopets", "name": "Printed", "text": text}
    response = alice_api.post(IMPORT, body, format="json")
    assert response.status_code == 201, response.json()
    copy = Deck.objects.get(pk=response.json()["id"])
    assert copy.versions.get().content_hash == printed_deck.versions.get().content_hash
    exported = alice_api.get(detail(copy, "export/"), {"format": "json"}).json()
    original = alice_api.get(detail(printed_deck, "export/"), {"format": "json"}).json()
    assert exported == original


def test_it_imports_with_visibility_and_format(alice_api, neopets, cards):
    body = {
        "game": "neopets",
        "name": "Listed",
        "text": "2x Hot Dog\nHealing Potion x1\n",
        "visibility": "public",
        "format": "standard",
    }
    response = alice_api.post(IMPORT, body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert (data["visibility"], data["format"]) == ("public", "standard")
    assert [e["quantity"] for e in data["sections"]["main"]] == [2, 1]


def test_it_lists_every_unreadable_line_by_number(alice_api, cards):
    text = "Main Deck:\n2 Hot Dog\nnot a card line\n\nGraveyard:\n0 Hot Dog\n"
    response = alice_api.post(IMPORT, {"game": "neopets", "name": "B", "text": text}, format="json")
    assert response.status_code == 400
    data = response.json()
    assert data["code"] == "decklist_unreadable"
    assert [line["line"] for line in data["lines"]] == [3, 5, 6]
    assert data["fields"]["text"][0].startswith("line 3 'not a card line':")
    assert not Deck.objects.exists()


def test_it_suggests_names_for_unknown_cards_by_line(alice_api, cards):
    text = "Main Deck:\n2 Hot Dog\n1 Healing Potoin\n"
    response = alice_api.post(IMPORT, {"game": "neopets", "name": "B", "text": text}, format="json")
    assert response.status_code == 400
    line = response.json()["lines"][0]
    assert line["line"] == 3
    assert "Healing Potion" in line["suggestions"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "B", "text": "2 Hot Dog"}, "game"),
        ({"game": "neopets", "text": "2 Hot Dog"}, "name"),
        ({"game": "neopets", "name": "B"}, "text"),
        ({"game": "neopets", "name": "B", "text": 7}, "text"),
        ({"game": "neopets", "name": "B", "text": "2 Hot Dog", "format": "nope"}, "format"),
    ],
)
def test_it_refuses_a_bad_import_naming_the_field(alice_api, cards, body, field):
    response = alice_api.post(IMPORT, body, format="json")
    assert response.status_code == 400
    assert field in response.json()["fields"]


# POST /decks/import/file/: the decklist as an uploaded file (issue 18 item 4: the multipart
# upload a generated client can make, in the schema as its own operation).
IMPORT_FILE = f"{IMPORT}file/"


def _upload(content: bytes, name: str = "Kau Rush.txt"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, content, content_type="text/plain")


def test_it_imports_an_exported_decklist_file_named_after_the_file(alice_api, printed_deck):
    exported = alice_api.get(detail(printed_deck, "export/"), {"format": "text"}).content
    body = {"game": "neopets", "file": _upload(b"\xef\xbb\xbf" + exported)}  # with a BOM
    response = alice_api.post(IMPORT_FILE, body, format="multipart")
    assert response.status_code == 201, response.json()
    assert response["Location"].endswith(f"/api/v1/decks/{response.json()['id']}/")
    copy = Deck.objects.get(pk=response.json()["id"])
    assert copy.name == "Kau Rush"
    sections = [
        alice_api.get(detail(deck, "export/"), {"format": "json"}).json()["sections"]
        for deck in (copy, printed_deck)
    ]
    assert sections[0] == sections[1]


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"game": "neopets", "file": _upload("2 Hot Dog".encode("utf-16"))}, "file", "UTF-8"),
        ({"game": "neopets"}, "file", "No file"),
        ({"game": "neopets", "file": _upload(b"2 Hot Dog"), "colour": "red"}, "colour", "not"),
        ({"game": "neopets", "file": _upload(b"2 Hot Dog"), "text": "2 Hot Dog"}, "text", "not"),
    ],
)
def test_a_bad_upload_is_a_400_naming_the_field(alice_api, cards, body, field, message):
    response = alice_api.post(IMPORT_FILE, body, format="multipart")
    assert response.status_code == 400, response.content
    assert message in " ".join(response.json()["fields"][field])
    assert not Deck.objects.exists()


def test_the_upload_takes_only_a_form_and_a_form_to_the_json_import_is_checked_alike(
    alice_api, cards
):
    body = {"game": "neopets", "name": "B", "text": "2 Hot Dog"}
    assert alice_api.post(IMPORT_FILE, body, format="json").status_code == 415
    # a form posted to the JSON import (curl -F) reads the same fields, and refuses others
    refused = alice_api.post(IMPORT, {**body, "colour": "red"}, format="multipart")
    assert (refused.status_code, list(refused.json()["fields"])) == (400, ["colour"])
    assert alice_api.post(IMPORT, body, format="multipart").status_code == 201


def test_a_file_or_field_given_twice_is_a_400_naming_it(alice_api, cards):
    """A form giving one field twice was read as its last value, the first file dropped with
    no word; as a JSON object giving a key twice, it is refused."""
    body = {"game": "neopets", "file": [_upload(b"2 Hot Dog", "a.txt"), _upload(b"1 Hot Dog")]}
    response = alice_api.post(IMPORT_FILE, body, format="multipart")
    assert response.json()["fields"] == {"file": ["is given more than once"]}
    twice = alice_api.post(IMPORT, {"game": ["neopets", "keeper"], "name": "B",
                                    "text": "2 Hot Dog"}, format="multipart")  # fmt: skip
    assert (twice.status_code, list(twice.json()["fields"])) == (400, ["game"])
    assert not Deck.objects.exists()
