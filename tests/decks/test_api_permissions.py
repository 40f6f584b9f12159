"""Who reads and who writes a stored deck. Charlie should have no access to Alice's stuff:
her private deck is a 404 to him (its existence is never revealed), her other decks are
readable but not writable (403; 401 to anonymous users, who must sign in); anonymous users cannot
create decks."""

import pytest
from rest_framework.test import APIClient

from api.tokens import token_create

from .conftest import MAIN, make_deck

URL = "/api/v1/decks/"
SUBPAGES = ["", "validation/", "versions/", "versions/1/", "diff/?from=1&to=1", "export/"]


def detail(deck, sub=""):
    return f"{URL}{deck.pk}/{sub}"


@pytest.mark.parametrize("deck_fixture", ["alice_deck", "alice_unlisted_deck"])
@pytest.mark.parametrize("sub", SUBPAGES)
def test_it_hides_a_deck_that_is_not_public_from_anyone_counting_ids(
    api, charlie_api, request, deck_fixture, sub
):
    """By id, Alice's private and unlisted decks are 404s to Charlie and to anonymous users,
    exactly like decks that do not exist (an anonymous scan of ids 1-8 read an unlisted deck)."""
    deck = request.getfixturevalue(deck_fixture)
    for client in (api, charlie_api):
        response = client.get(detail(deck, sub))
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"


def test_it_answers_404_for_writes_to_another_users_private_deck(charlie_api, alice_deck):
    tag = {"HTTP_IF_MATCH": alice_deck.etag}
    assert (
        charlie_api.patch(detail(alice_deck), {"name": "Mine"}, format="json", **tag).status_code
        == 404
    )
    assert (
        charlie_api.put(detail(alice_deck), {"name": "Mine"}, format="json", **tag).status_code
        == 404
    )
    assert charlie_api.delete(detail(alice_deck)).status_code == 404


def test_it_lets_others_read_but_not_write_a_public_deck(charlie_api, alice_public_deck):
    deck = alice_public_deck
    original_name = deck.name
    assert charlie_api.get(detail(deck)).status_code == 200
    assert charlie_api.get(detail(deck, "versions/1/")).status_code == 200
    tag = {"HTTP_IF_MATCH": deck.etag}
    responses = [
        charlie_api.patch(detail(deck), {"name": "Mine"}, format="json", **tag),
        charlie_api.put(detail(deck), {"name": "Mine", "sections": MAIN}, format="json", **tag),
        charlie_api.delete(detail(deck), **tag),
    ]
    assert [r.status_code for r in responses] == [403, 403, 403]
    assert {r.json()["code"] for r in responses} == {"permission_denied"}
    deck.refresh_from_db()
    assert (deck.name, deck.revision) == (original_name, 1)


def test_it_lets_anonymous_users_read_a_public_deck_but_not_change_it(api, alice_public_deck):
    assert api.get(detail(alice_public_deck)).status_code == 200
    response = api.patch(
        detail(alice_public_deck),
        {"name": "X"},
        format="json",
        HTTP_IF_MATCH=alice_public_deck.etag,
    )
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


def test_it_does_not_list_an_unlisted_deck_to_others(charlie_api, alice_unlisted_deck):
    assert charlie_api.get(URL).json()["count"] == 0


def test_it_refuses_to_create_a_deck_for_anonymous_users(api, cards):
    deck = {"game": "neopets", "name": "Kau Rush"}
    bodies = {URL: {**deck, "sections": MAIN}, f"{URL}import/": {**deck, "text": "2 Hot Dog"}}
    for url, body in bodies.items():
        response = api.post(url, body, format="json")
        assert response.status_code == 401
        assert response.json()["code"] == "not_authenticated"


def test_it_authenticates_with_a_token(alice, cards):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_create(user=alice, name='t')[1]}")
    response = client.post(URL, {"game": "neopets", "name": "T", "sections": MAIN}, format="json")
    assert response.status_code == 201
    assert response.json()["owner"] == "alice"


def test_it_authenticates_with_a_session_and_checks_csrf(alice, cards):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice)
    body = {"game": "neopets", "name": "S", "sections": MAIN}
    assert client.post(URL, body, format="json").status_code == 403  # no CSRF token
    assert client.get(URL).status_code == 200


def link(deck, sub=""):
    return f"{URL}{deck.link_token}/{sub}"


@pytest.mark.parametrize("sub", SUBPAGES)
def test_it_lets_anyone_with_the_link_read_an_unlisted_deck(api, alice_unlisted_deck, sub):
    assert api.get(link(alice_unlisted_deck, sub)).status_code == 200


def test_it_gives_the_owner_a_link_that_cannot_be_guessed(alice_api, alice_unlisted_deck):
    body = alice_api.get(detail(alice_unlisted_deck)).json()
    token = alice_unlisted_deck.link_token
    assert body["link"] == f"http://testserver{link(alice_unlisted_deck)}"
    assert len(token) >= 22 and not token.isdigit() and str(alice_unlisted_deck.pk) != token


def test_each_deck_has_its_own_link(alice, neopets, cards):
    tokens = {make_deck(alice, neopets, MAIN).link_token for _ in range(5)}
    assert len(tokens) == 5


def test_charlie_cannot_read_alices_private_deck_even_with_its_link(charlie_api, api, alice_deck):
    for client in (api, charlie_api):
        assert client.get(link(alice_deck)).status_code == 404


def test_a_link_lets_others_read_but_not_write(charlie_api, alice_unlisted_deck):
    tag = {"HTTP_IF_MATCH": alice_unlisted_deck.etag}
    response = charlie_api.patch(link(alice_unlisted_deck), {"name": "Mine"}, format="json", **tag)
    assert response.status_code == 403


def test_the_owner_reads_and_writes_her_unlisted_deck_by_id_or_link(alice_api, alice_unlisted_deck):
    assert alice_api.get(detail(alice_unlisted_deck)).status_code == 200
    tag = {"HTTP_IF_MATCH": alice_unlisted_deck.etag}
    response = alice_api.patch(link(alice_unlisted_deck), {"name": "New"}, format="json", **tag)
    assert response.status_code == 200 and response.json()["name"] == "New"


def test_an_id_too_large_for_the_database_is_a_404(api, db):
    assert api.get(f"{URL}{2**64}/").status_code == 404
