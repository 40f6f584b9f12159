"""Optimistic concurrency on /api/v1/decks/{id}/: GET gives an ETag, PUT and PATCH require
If-Match (428 without), a stale tag answers 412, and of two writers holding the same ETag
exactly one succeeds, so no update is ever lost."""

import threading
import time

import pytest
from django.db import connection
from rest_framework.test import APIClient

from decks import services
from decks.models import Deck

from .conftest import MAIN, make_deck

URL = "/api/v1/decks/"


def detail(deck):
    return f"{URL}{deck.pk}/"


def test_it_gives_the_etag_of_the_current_revision(alice_api, alice_deck):
    first = alice_api.get(detail(alice_deck))["ETag"]
    assert first == alice_deck.etag and first.startswith('"1-')
    alice_api.patch(detail(alice_deck), {"name": "B"}, format="json", HTTP_IF_MATCH=alice_deck.etag)
    second = alice_api.get(detail(alice_deck))["ETag"]
    assert second.startswith('"2-') and second != first


def test_an_unlisted_decks_etag_does_not_give_away_its_id(api, alice, neopets, cards):
    """Issue 25, item 5: the link hides the deck's numeric id (docs/api/decks.md), and so
    does every tag the API answers with; decks of one revision have unrelated tags."""
    decks = [
        make_deck(alice, neopets, MAIN, name=f"Link {n}", visibility=Deck.Visibility.UNLISTED)
        for n in range(3)
    ]
    tags = [api.get(f"{URL}{deck.link_token}/")["ETag"] for deck in decks]
    for deck, tag in zip(decks, tags, strict=True):
        revision, digest = tag.strip('"').split("-")
        assert revision == "1"  # the revision, which the body shows anyway
        assert digest != str(deck.pk) and len(digest) == 20
    assert len(set(tags)) == 3


@pytest.mark.parametrize("method", ["put", "patch"])
def test_it_requires_if_match_to_write(alice_api, alice_deck, method):
    response = getattr(alice_api, method)(detail(alice_deck), {"name": "B"}, format="json")
    assert response.status_code == 428
    assert response.json()["code"] == "precondition_required"
    assert Deck.objects.get().revision == 1


@pytest.mark.parametrize("tag", ['"999-1"', '"1-2"', 'W/"1-1"', "garbage"])
def test_it_refuses_a_stale_or_weak_if_match(alice_api, alice_deck, tag):
    response = alice_api.patch(detail(alice_deck), {"name": "B"}, format="json", HTTP_IF_MATCH=tag)
    assert response.status_code == 412
    assert response.json()["code"] == "precondition_failed"
    assert response.json()["etag"] == alice_deck.etag


@pytest.mark.parametrize("tag", ["*", '"0-0", "{etag}"'])
def test_it_accepts_a_star_or_a_list_holding_the_current_tag(alice_api, alice_deck, tag):
    tag = tag.format(etag=alice_deck.etag.strip('"'))
    response = alice_api.patch(detail(alice_deck), {"name": "B"}, format="json", HTTP_IF_MATCH=tag)
    assert response.status_code == 200


def test_it_lets_one_of_two_writers_with_the_same_etag_succeed(alice_api, alice_deck):
    etag = alice_api.get(detail(alice_deck))["ETag"]
    first = alice_api.patch(
        detail(alice_deck), {"name": "First"}, format="json", HTTP_IF_MATCH=etag
    )
    second = alice_api.put(
        detail(alice_deck), {"name": "Second"}, format="json", HTTP_IF_MATCH=etag
    )
    assert (first.status_code, second.status_code) == (200, 412)
    assert second.json()["etag"] == first["ETag"]
    assert Deck.objects.get().name == "First"


def test_it_deletes_only_with_a_current_if_match_when_one_is_given(alice_api, alice_deck):
    assert alice_api.delete(detail(alice_deck), HTTP_IF_MATCH='"1-7"').status_code == 412
    assert alice_api.delete(detail(alice_deck), HTTP_IF_MATCH=alice_deck.etag).status_code == 204


@pytest.mark.django_db(transaction=True)
def test_it_lets_exactly_one_of_two_concurrent_writers_win(alice, neopets, cards, monkeypatch):
    """Two threads, two database connections, both past the If-Match check with revision 1 at
    the same moment: the conditional UPDATE lets one through and the other gets 412."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite has one writer at a time; the race needs PostgreSQL")
    deck = make_deck(alice, neopets, MAIN)
    both_read = threading.Barrier(2, timeout=10)
    read_lines = services.stored_lines
    write_entries = services._write_entries

    def read_then_wait(deck, **options):
        lines = read_lines(deck, **options)
        both_read.wait()  # both writers have read revision 1 and passed the If-Match check
        return lines

    def slow_write(*args):
        time.sleep(0.3)  # hold the row lock while the other writer tries its UPDATE
        write_entries(*args)

    monkeypatch.setattr(services, "stored_lines", read_then_wait)
    monkeypatch.setattr(services, "_write_entries", slow_write)
    answers: dict[str, int] = {}

    def write(name: str, quantity: int) -> None:
        try:
            client = APIClient()
            client.force_authenticate(alice)
            body = {"name": name, "sections": {"main": [{"name": "Hot Dog", "quantity": quantity}]}}
            response = client.patch(detail(deck), body, format="json", HTTP_IF_MATCH=deck.etag)
            answers[name] = response.status_code
        finally:
            connection.close()

    threads = [threading.Thread(target=write, args=args) for args in (("A", 1), ("B", 3))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(answers.values()) == [200, 412]
    winner = next(name for name, code in answers.items() if code == 200)
    deck.refresh_from_db()
    assert (deck.name, deck.revision) == (winner, 2)
    assert deck.versions.count() == 2
    assert list(deck.entries.values_list("quantity", flat=True)) == [{"A": 1, "B": 3}[winner]]


def test_it_refuses_a_chunked_patch_instead_of_answering_200_unchanged(alice_api, alice_deck):
    """A server hands Django a chunked body without a length, which Django reads as empty: a
    PATCH read that way changes nothing yet answers 200."""
    url = f"/api/v1/decks/{alice_deck.pk}/"
    etag = alice_api.get(url)["ETag"]
    response = alice_api.patch(
        url,
        '{"name": "Renamed"}',
        content_type="application/json",
        HTTP_IF_MATCH=etag,
        HTTP_TRANSFER_ENCODING="chunked",
    )
    assert response.status_code == 411
    alice_deck.refresh_from_db()
    assert alice_deck.name != "Renamed"


def test_it_applies_if_match_star_to_whatever_revision_is_current(alice, alice_deck):
    """RFC 9110 §13.1.1: `If-Match: *` matches any current representation, so a write made
    between the request's read and its own write is no reason for a 412: the change lands on
    top of it."""
    stale = Deck.objects.get(pk=alice_deck.pk)  # what the request read, at revision 1
    services.deck_update(
        deck=alice_deck, expected_revision=1, changes=services.DeckChanges(description="meanwhile")
    )
    deck = services.deck_update(
        deck=stale, expected_revision=None, changes=services.DeckChanges(name="Star")
    )
    deck.refresh_from_db()
    assert (deck.name, deck.description, deck.revision) == ("Star", "meanwhile", 3)


@pytest.mark.django_db(transaction=True)
def test_it_lets_every_concurrent_if_match_star_writer_win(alice, neopets, cards, monkeypatch):
    """Two writers sending `If-Match: *` at the same moment both succeed, one after the other
    (the row lock orders them), and both changes are kept."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite has one writer at a time; the race needs PostgreSQL")
    deck = make_deck(alice, neopets, MAIN)
    answers: dict[str, int] = {}

    def write(field: str) -> None:
        try:
            client = APIClient()
            client.force_authenticate(alice)
            response = client.patch(detail(deck), {field: "set"}, format="json", HTTP_IF_MATCH="*")
            answers[field] = response.status_code
        finally:
            connection.close()

    threads = [threading.Thread(target=write, args=(field,)) for field in ("name", "description")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert answers == {"name": 200, "description": 200}
    deck.refresh_from_db()
    assert (deck.name, deck.description, deck.revision) == ("set", "set", 3)
