"""Wrong answers and lost data an organiser met (issue 17, items 2-6 and 8): a drop racing a
re-registration, lists lost from the zip, a renamed deck, identical lists told apart by name,
and a closed event that told a player to fix their list."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client

from decks.services import DeckChanges, deck_update
from events.models import Registration
from events.services import (
    RegistrationClosed,
    registration_drop,
    registration_submit,
    registration_submit_text,
)
from tests.rulebook.core.factories import legal_entries

from .conftest import close, during_re_registration, make_version


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db(transaction=True)
def test_a_drop_racing_a_re_registration_drops_the_player_on_postgresql(event, bob, bob_version):
    """The player's re-registration is mid-transaction (it replaced the old row, not yet
    committed) when the organiser drops the old row: the drop waits for the event's lock and
    then drops the player's new entry, so the player does not stay in (item 2)."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite has one writer at a time; the race needs PostgreSQL row locks")
    old = registration_submit(event=event, player=bob, deck_version=bob_version)
    second = make_version(bob, legal_entries(), "Bob's second")
    during_re_registration(event, bob, second, lambda: registration_drop(registration=old))
    current = Registration.objects.get(event=event, player=bob, replaced__isnull=True)
    assert current.deck_version == second
    assert current.dropped is not None


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (("zz.top", "Kau"), ("zz+top", "Kau")),
        (("pa", "b x"), ("pa-b", "x")),
        (("Zed", "Kau"), ("zed", "Kau")),
    ],
)
def test_the_zip_has_one_file_per_registration_even_when_names_slug_alike(
    alice, event, neopets_cards, first, second
):
    for username, deck_name in (first, second):
        player = get_user_model().objects.create_user(username, password="x")
        version = make_version(player, legal_entries(), deck_name)
        registration_submit(event=event, player=player, deck_version=version)
    response = client_for(alice).get(f"/events/{event.token}/decklists.zip")
    names = zipfile.ZipFile(io.BytesIO(response.content)).namelist()
    assert len(names) == 2
    assert len({name.lower() for name in names}) == 2  # case-blind disks too


def test_every_view_of_a_registration_shows_the_locked_name_not_a_later_rename(
    alice, event, bob, bob_version
):
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    event.published = True
    event.save()
    deck = bob_version.deck
    deck_update(deck=deck, expected_revision=None, changes=DeckChanges(name="Something else"))
    client = client_for(alice)
    token = event.token
    report = client.get(f"/events/{token}/report.json").json()
    assert report["registrations"][0]["deck"] == "Bob's Kau"
    assert "Something else" not in client.get(f"/events/{token}/report.csv").content.decode()
    for page in ("sheets/", "", f"lists/{registration.pk}/", "manage/"):
        html = client.get(f"/events/{token}/{page}").content.decode()
        assert "Bob&#x27;s Kau" in html and "Something else" not in html, page
    zipped = client.get(f"/events/{token}/decklists.zip").content
    assert zipfile.ZipFile(io.BytesIO(zipped)).namelist()[0].startswith("bob-bobs-kau-")
    api = client.get(f"/api/v1/events/{token}/registrations/").json()
    assert [r["deck_name"] for r in api["results"]] == ["Bob's Kau"]


def test_identical_lists_under_different_names_have_the_same_hash(
    event, bob, charlie, neopets_cards
):
    bobs = make_version(bob, legal_entries(), "Bob's Kau")
    charlies = make_version(charlie, legal_entries(), "Totally original")
    one = registration_submit(event=event, player=bob, deck_version=bobs)
    two = registration_submit(event=event, player=charlie, deck_version=charlies)
    assert one.content_hash == two.content_hash
    other = make_version(charlie, legal_entries()[1:], "Totally original")
    assert registration_submit(event=event, player=charlie, deck_version=other).content_hash != (
        one.content_hash
    )


def test_after_the_deadline_an_unreadable_list_is_told_registration_closed(event, charlie):
    close(event)
    with pytest.raises(RegistrationClosed):
        registration_submit_text(event=event, player=charlie, text="two Hot Dog", name="x")
    api = Client()
    api.force_login(charlie)
    response = api.post(
        f"/api/v1/events/{event.token}/registrations/",
        {"text": "two Hot Dog"},
        content_type="application/json",
    )
    assert response.status_code == 409
    assert response.json()["code"] == "registration_closed"
    page = client_for(charlie).post(f"/events/{event.token}/register/", {"text": "two Hot Dog"})
    assert page.status_code == 409


def test_after_the_deadline_another_players_deck_is_told_registration_closed(
    event, charlie, bob_version
):
    close(event)
    with pytest.raises(RegistrationClosed):
        registration_submit(event=event, player=charlie, deck_version=bob_version)


def ban(event, card) -> None:
    from rules.models import Format, FormatListEntry

    fmt = Format.objects.get(game=event.game, slug="standard")
    FormatListEntry.objects.create(format=fmt, card=card, status="banned", effective=event.date)


def test_a_recheck_applies_a_ban_announced_after_registration_and_says_whose_verdict_changed(
    alice, event, bob, bob_version, charlie, charlie_version
):
    """Item 6: an identical earlier list no longer stays "Legal" after a ban takes effect."""
    bobs = registration_submit(event=event, player=bob, deck_version=bob_version)
    registration_submit(event=event, player=charlie, deck_version=charlie_version)
    assert bobs.legal
    card = bob_version.deck.entries.get(card__name="Red Kau").card
    ban(event, card)
    response = client_for(alice).post(f"/api/v1/events/{event.token}/registrations/recheck/")
    assert response.status_code == 200
    answer = response.json()
    assert answer["checked"] == 2
    changes = {change["player"]: change for change in answer["changed"]}
    assert (changes["bob"]["was_legal"], changes["bob"]["legal"]) == (True, False)
    assert [e["code"] for e in changes["bob"]["new_errors"]] == ["card.banned"]
    # Charlie's list was illegal already; it gains the ban, which the organiser is told too
    assert [e["code"] for e in changes["charlie"]["new_errors"]] == ["card.banned"]
    bobs.refresh_from_db()
    assert not bobs.legal
    assert (
        client_for(alice).get(f"/events/{event.token}/report.json").json()["summary"]["illegal"]
        == 2
    )


def test_the_dashboard_recheck_names_the_changed_verdict_and_its_reason(
    alice, event, bob, bob_version
):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    ban(event, bob_version.deck.entries.get(card__name="Red Kau").card)
    page = client_for(alice).post(f"/events/{event.token}/recheck/", follow=True)
    html = page.content.decode()
    assert "1 list checked again" in html
    assert "bob (Bob&#x27;s Kau): legal → illegal" in html and "card.banned" in html


def test_only_the_organiser_rechecks(event, bob, bob_version):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    response = client_for(bob).post(f"/api/v1/events/{event.token}/registrations/recheck/")
    assert response.status_code == 403
    assert client_for(bob).post(f"/events/{event.token}/recheck/").status_code == 403
