"""A first visit (issue 27 item 7): the sample data holds public sample decks of every game
that ships them, and a visitor without an account tries the editor, playtest and test games
on a scratch deck kept for their session alone, theirs once they sign up."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from decks.models import Deck
from decks.sample_decks import SAMPLE_OWNER, sample_decks_load
from rulebook.samples import RULEBOOK


@pytest.fixture
def samples(samples) -> None:
    """The sample cards and, as `make run` loads them, the public sample decks."""
    sample_decks_load()


def new_scratch_deck(client: Client, name: str = "Try") -> Deck:
    response = client.post("/decks/new/", {"game": "neopets", "name": name, "visibility": "public"})
    assert response.status_code == 302
    return Deck.objects.get(name=name)


def test_the_samples_are_public_decks_of_every_game_with_sample_decks(samples):
    folders = sorted(path.parent.parent.name for path in RULEBOOK.glob("*/sample_decks/*.txt"))
    stored = Deck.objects.filter(owner__username=SAMPLE_OWNER, visibility="public")
    assert sorted(deck.game.slug.replace("-", "_") for deck in stored) == folders
    assert {"Strong (sample)", "Weak (sample)", "Aggro (sample)"} <= {d.name for d in stored}
    again = sample_decks_load()  # make run loads them on every start
    assert (again.created, again.updated, again.unchanged) == (0, 0, len(folders))
    assert not get_user_model().objects.get(username=SAMPLE_OWNER).has_usable_password()


def test_a_first_visit_has_public_decks_to_open(client, samples):
    home = client.get("/").content.decode()
    assert "No public decks yet" not in home and "Strong (sample)" in home


def test_a_visitor_makes_a_scratch_deck_that_is_private_and_editable(client, samples):
    form = client.get("/decks/new/?game=neopets").content.decode()
    assert 'id="scratch-explained"' in form
    deck = new_scratch_deck(client)
    assert deck.visibility == "private"  # asked for public: a scratch deck stays private
    assert deck.owner.username.startswith("visitor-") and not deck.owner.has_usable_password()
    page = client.get(f"/decks/{deck.address}/").content.decode()
    assert 'id="save-button"' in page and 'id="scratch-note"' in page
    assert client.get(f"/decks/{deck.address}/playtest/").status_code == 200
    assert "Try" in client.get("/tools/test-games/").content.decode()


@pytest.mark.parametrize("who", ["another visitor", "charlie"])
def test_nobody_else_reads_a_scratch_deck(client, samples, charlie, who):
    deck = new_scratch_deck(client)
    other = Client()
    if who == "charlie":
        other.force_login(charlie)
    assert other.get(f"/decks/{deck.address}/").status_code == 404
    assert other.get(f"/decks/{deck.address}/export.txt").status_code == 404


def test_a_scratch_deck_cannot_be_made_public(client, samples):
    from tests.web.test_deck_pages import form_fields

    deck = new_scratch_deck(client)
    form = form_fields(client.get(f"/decks/{deck.address}/").content.decode())
    html = client.post(
        f"/decks/{deck.address}/", {**form, "visibility": "public", "action": "save"}, follow=True
    ).content.decode()
    assert "A scratch deck stays private: sign up to share it." in html
    deck.refresh_from_db()
    assert deck.visibility == "private"


def test_signing_up_keeps_the_scratch_decks(client, samples):
    deck = new_scratch_deck(client)
    scratch = deck.owner
    password = "a long password 1"
    client.post(
        "/accounts/signup/",
        {"username": "dora", "password1": password, "password2": password},
    )
    deck.refresh_from_db()
    assert deck.owner.username == "dora"
    assert not get_user_model().objects.filter(pk=scratch.pk).exists()
    assert "Try" in client.get("/decks/mine/").content.decode()


def test_logging_in_keeps_the_scratch_decks(client, samples, alice):
    deck = new_scratch_deck(client)
    alice.set_password("a long password 1")
    alice.save()
    client.post("/accounts/login/", {"username": "alice", "password": "a long password 1"})
    deck.refresh_from_db()
    assert deck.owner == alice


def test_a_visitor_tries_a_sample_deck_in_the_editor(client, samples):
    strong = Deck.objects.get(name="Strong (sample)")
    page = client.get(f"/decks/{strong.address}/").content.decode()
    assert 'id="try-deck"' in page
    response = client.post(f"/decks/{strong.address}/copy/")
    copy = Deck.objects.get(name="Strong (sample) (copy)")
    assert response["Location"] == f"/decks/{copy.address}/"
    assert copy.owner.username.startswith("visitor-") and copy.entries.count()


def test_scratch_decks_of_ended_sessions_are_cleared(client, samples):
    """`clear_scratch_decks` deletes a scratch owner (and its decks) whose session has ended,
    and keeps one whose session is live."""
    from datetime import timedelta
    from io import StringIO

    from django.contrib.sessions.models import Session
    from django.core.management import call_command
    from django.utils import timezone

    kept = new_scratch_deck(client, "Kept")
    ended_client = Client()
    ended = new_scratch_deck(ended_client, "Ended")
    a_while_ago = timezone.now() - timedelta(days=2)
    get_user_model().objects.filter(pk__in=[kept.owner_id, ended.owner_id]).update(
        date_joined=a_while_ago
    )
    Session.objects.filter(session_key=ended_client.session.session_key).delete()
    out = StringIO()
    call_command("clear_scratch_decks", stdout=out)
    assert "deleted (with their decks): 1" in out.getvalue()
    assert Deck.objects.filter(pk=kept.pk).exists()
    assert not Deck.objects.filter(pk=ended.pk).exists()
