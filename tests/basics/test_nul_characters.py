"""One guard for NUL characters (basics/nul_characters.py, api/parsers.py): a 400 naming the
field, in the API's error shape under /api/ and as a page on the website. PostgreSQL refuses any
text holding a NUL, so each of these was a 500 there."""

from urllib.parse import urlencode

import pytest

from tests.api.test_errors import assert_error_shape


@pytest.mark.parametrize(
    "path, field",
    [
        ("/api/v1/cards/?q=a%00b", "q"),
        ("/api/v1/events/a%00b/", "path"),
        ("/api/v1/cards/autocomplete/?game=neopets&q=x%00", "q"),
    ],
)
def test_the_api_names_the_field_holding_a_nul(api, db, path, field):
    body = assert_error_shape(api.get(path), 400, "invalid")
    assert body["fields"] == {field: ["must not contain NUL characters"]}


@pytest.mark.parametrize("content", ["form", "multipart"])
def test_an_api_form_field_holding_a_nul_is_a_400_naming_it(alice_api, content):
    data = {"name": "Saturday", "game": "neo\x00pets", "date": "2026-12-05"}
    if content == "form":
        response = alice_api.post(
            "/api/v1/events/", urlencode(data), content_type="application/x-www-form-urlencoded"
        )
    else:
        response = alice_api.post("/api/v1/events/", data, format="multipart")
    body = assert_error_shape(response, 400, "invalid")
    assert body["fields"]["game"] == ["must not contain NUL characters"]


def test_a_json_string_holding_a_nul_is_a_400_naming_its_path(alice_api):
    body = '{"game": "neopets", "sections": {"main": [{"name": "Hot\\u0000Dog", "quantity": 1}]}}'
    response = alice_api.post("/api/v1/validate/", body, content_type="application/json")
    body = assert_error_shape(response, 400, "invalid")
    assert body["fields"] == {"sections.main[0].name": ["must not contain NUL characters"]}


@pytest.mark.parametrize(
    "path, field",
    [("/cards/names/?game=neopets&q=a%00b", "q"), ("/cards/neopets/a%00b/", "path")],
)
def test_the_website_says_which_field_holds_a_nul(client, db, path, field):
    response = client.get(path)
    assert response.status_code == 400
    page = response.content.decode()
    assert f"<code>{field}</code> must not contain NUL characters" in page


def test_a_website_form_field_holding_a_nul_is_a_400_naming_it(client, alice):
    client.force_login(alice)
    response = client.post("/decks/new/", {"game": "neopets", "name": "Kau\x00Rush"})
    assert response.status_code == 400
    assert "<code>name</code> must not contain NUL characters" in response.content.decode()


def test_a_form_patch_holding_a_nul_is_a_400_naming_it(alice_api):
    """Django parses a form for POST only: a PATCH form is read by DRF's parsers, which refuse
    the NUL themselves (api/parsers.py), as the middleware does for a POSTed form."""
    data = {"name": "Saturday", "game": "neopets", "date": "2099-01-05",
            "registration_deadline": "2099-01-01T00:00:00Z"}  # fmt: skip
    token = alice_api.post("/api/v1/events/", data, format="json").json()["id"]
    response = alice_api.patch(f"/api/v1/events/{token}/", {"name": "Sat\x00"}, format="multipart")
    body = assert_error_shape(response, 400, "invalid")
    assert body["fields"]["name"] == ["must not contain NUL characters"]
