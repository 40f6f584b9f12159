"""Published lists show a player's private card to nobody but its author and the organiser
(issue 15, privacy).

Bob registers for Alice's Keeper night a list with his private Zanzibar Oracle and his shared
Open Sage; Charlie registers too. Once Alice publishes the lists, Charlie and an anonymous reader
see the Oracle only as "a private card" (its copies, never its name, text or key) on the list's
page, in the zip of lists, in the API and in the metagame, while Alice, who judges the lists,
and Bob see it by name. The Sage, shared, is named to everyone.
"""

from __future__ import annotations

import io
import zipfile
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from cards.models import Card, Game
from cards.services.user_cards import KeeperCardDraft, keeper_card_save, user_card_share
from decks.resolution import PRIVATE_CARD, DeckLine
from decks.services import deck_create
from events.models import Event, Registration
from events.services import registration_submit
from tests.events.conftest import keeper_night

# Text the Card Building Guide's parser cannot read: the list's report quotes it.
ORACLE = KeeperCardDraft(
    name="Zanzibar Oracle", type="Spell", text="Whisper the moonlit cipher.", edition=11
)
SAGE = KeeperCardDraft(name="Open Sage", type="Spell", text="Draw 2 cards.", edition=11)


@pytest.fixture
def oracle(bob) -> Card:
    return keeper_card_save(owner=bob, draft=ORACLE)


@pytest.fixture
def sage(bob) -> Card:
    return user_card_share(card=keeper_card_save(owner=bob, draft=SAGE), shared=True)


@pytest.fixture
def event(alice, bob, charlie, oracle, sage) -> Event:
    """Alice's Keeper night, closed and published, with Bob's and Charlie's lists."""
    keeper = Game.objects.get(slug="keeper")
    event = keeper_night(alice)
    for player, lines in (
        (bob, [DeckLine("deck", oracle, 3), DeckLine("deck", sage, 37)]),
        (charlie, [DeckLine("deck", sage, 40)]),
    ):
        deck = deck_create(owner=player, game=keeper, name=f"{player}'s list", lines=lines)
        registration_submit(event=event, player=player, deck_version=deck.versions.get())
    Event.objects.filter(pk=event.pk).update(
        registration_deadline=timezone.now() - timedelta(minutes=1), published=True
    )
    event.refresh_from_db()
    return event


@pytest.fixture
def bobs_entry(event, bob) -> Registration:
    return event.registrations.get(player=bob)


def signed_in(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def api_as(user) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def assert_hidden(body: str, oracle: Card) -> None:
    """Neither the Oracle's name, a line of its text, nor its key."""
    for secret in ("Zanzibar", "moonlit cipher", oracle.key):
        assert secret not in body


def assert_named(body: str) -> None:
    assert ORACLE.name in body and SAGE.name in body


@pytest.fixture(params=["anonymous", "charlie"])
def outsider(request, charlie):
    """Someone who is neither the card's author nor the organiser: signed out, or a player."""
    return None if request.param == "anonymous" else charlie


@pytest.fixture(params=["alice", "bob"])
def insider(request, alice, bob):
    """The organiser, who judges the lists, or the card's author."""
    return {"alice": alice, "bob": bob}[request.param]


def test_the_report_of_the_list_quotes_the_private_card(bobs_entry):
    """The premise (issue 15, privacy): what is locked names the card, so every read must mask
    it."""
    assert ORACLE.name in str(bobs_entry.deck_version.snapshot)
    assert "moonlit cipher" in str(bobs_entry.report)


def test_it_shows_an_outsider_a_private_card_on_the_lists_page(outsider, event, bobs_entry, oracle):
    """issue 15, privacy: the published list's page, its decklist and its report."""
    response = signed_in(outsider).get(f"/events/{event.token}/lists/{bobs_entry.pk}/")
    body = response.content.decode()
    assert response.status_code == 200
    assert f"3 {PRIVATE_CARD}" in body and f"37 {SAGE.name}" in body
    assert_hidden(body, oracle)


def test_it_shows_the_organiser_and_the_author_the_card_on_the_lists_page(
    insider, event, bobs_entry
):
    """issue 15, privacy: Alice judges the list; Bob wrote the card."""
    body = signed_in(insider).get(f"/events/{event.token}/lists/{bobs_entry.pk}/").content.decode()
    assert f"3 {ORACLE.name}" in body and "moonlit cipher" in body
    assert PRIVATE_CARD not in body


def test_it_keeps_the_card_out_of_the_event_page(outsider, event, oracle):
    """issue 15, privacy: the published event's page lists the decklists."""
    response = signed_in(outsider).get(f"/events/{event.token}/")
    assert response.status_code == 200
    assert_hidden(response.content.decode(), oracle)


def zip_texts(client, event: Event) -> str:
    response = client.get(f"/events/{event.token}/decklists.zip")
    assert response.status_code == 200
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        return "\n".join(archive.read(name).decode() for name in archive.namelist())


def test_it_shows_an_outsider_a_private_card_in_the_zip_of_lists(outsider, event, oracle):
    """issue 15, privacy: every list of the zip download."""
    texts = zip_texts(signed_in(outsider), event)
    assert f"3 {PRIVATE_CARD}" in texts and f"40 {SAGE.name}" in texts
    assert_hidden(texts, oracle)


def test_it_names_the_card_in_the_zip_to_the_organiser_and_the_author(insider, event):
    """issue 15, privacy."""
    texts = zip_texts(signed_in(insider), event)
    assert f"3 {ORACLE.name}" in texts
    assert PRIVATE_CARD not in texts


def test_it_shows_an_outsider_a_private_card_in_the_api(outsider, event, bobs_entry, oracle):
    """issue 15, privacy: the entry's locked sections and its report's issues."""
    response = api_as(outsider).get(f"/api/v1/events/{event.token}/registrations/")
    assert response.status_code == 200
    entry = next(row for row in response.json()["results"] if row["id"] == bobs_entry.pk)
    assert {"key": None, "name": PRIVATE_CARD, "quantity": 3, "private": True} in entry["sections"][
        "deck"
    ]
    assert SAGE.name in str(entry["sections"])
    assert entry["legal"] == bobs_entry.legal  # the verdict is the same for everyone
    assert_hidden(response.content.decode(), oracle)


def test_it_names_the_card_in_the_api_to_the_organiser_and_the_author(insider, event, bobs_entry):
    """issue 15, privacy."""
    body = api_as(insider).get(f"/api/v1/events/{event.token}/registrations/").json()
    entry = next(row for row in body["results"] if row["id"] == bobs_entry.pk)
    assert_named(str(entry["sections"]))
    assert "moonlit cipher" in str(entry["errors"] + entry["warnings"])
    assert PRIVATE_CARD not in str(entry)


def metagame_names(rows: dict) -> set[str]:
    return {card["name"] for cards in rows["sections"].values() for card in cards}


def test_it_counts_the_card_as_a_private_card_in_the_metagame(outsider, event, oracle):
    """issue 15, privacy: an aggregate of card names must not name it either, in the API or on
    the page."""
    response = api_as(outsider).get(f"/api/v1/events/{event.token}/metagame/")
    assert response.status_code == 200
    assert metagame_names(response.json()) == {PRIVATE_CARD, SAGE.name}
    assert_hidden(response.content.decode(), oracle)
    page = signed_in(outsider).get(f"/events/{event.token}/metagame/").content.decode()
    assert PRIVATE_CARD in page and SAGE.name in page
    assert_hidden(page, oracle)


def test_it_names_the_card_in_the_metagame_to_the_organiser_and_the_author(insider, event):
    """issue 15, privacy."""
    body = api_as(insider).get(f"/api/v1/events/{event.token}/metagame/").json()
    assert metagame_names(body) == {ORACLE.name, SAGE.name}
    page = signed_in(insider).get(f"/events/{event.token}/metagame/").content.decode()
    assert_named(page)


def test_it_names_the_card_once_its_author_shares_it(event, bobs_entry, oracle):
    """issue 15, privacy: a shared card is everyone's to read, in a locked list too."""
    user_card_share(card=oracle, shared=True)
    page = Client().get(f"/events/{event.token}/lists/{bobs_entry.pk}/").content.decode()
    assert f"3 {ORACLE.name}" in page
    assert PRIVATE_CARD not in page
    body = APIClient().get(f"/api/v1/events/{event.token}/metagame/").json()
    assert metagame_names(body) == {ORACLE.name, SAGE.name}


def hashes_told(reader, event: Event) -> dict[str, object]:
    """Each player's list hash as the reader (None: signed out) is told it in the API, and
    whether each list's page shows it."""
    client = APIClient()
    if reader is not None:
        client.force_login(reader)  # a session, which the website's pages read too
    rows = client.get(f"/api/v1/events/{event.token}/registrations/").json()["results"]
    told: dict[str, object] = {row["player"]: row["content_hash"] for row in rows}
    for registration in event.registrations.all():
        page = client.get(f"/events/{event.token}/lists/{registration.pk}/").content.decode()
        told[f"{registration.player} page"] = registration.content_hash[:16] in page
    return told


def test_an_outsider_is_told_no_hash_of_a_list_holding_a_private_card(outsider, event):
    """issue 15, privacy: Bob's list hash covers the Oracle's key (its name and Bob's id), so
    a reader who sees "3 a private card" could hash guessed names until one matched; Charlie's
    list holds no private card, and its hash is told."""
    charlies = event.registrations.get(player__username="charlie").content_hash
    assert hashes_told(outsider, event) == {
        "bob": None,
        "charlie": charlies,
        "bob page": False,
        "charlie page": True,
    }


def test_the_organiser_and_the_author_are_told_every_hash(insider, event):
    """issue 15, privacy: Alice spots identical lists by their hashes; Bob wrote the card."""
    hashes = {r.player.username: r.content_hash for r in event.registrations.all()}
    assert hashes_told(insider, event) == {
        **hashes,
        "bob page": True,
        "charlie page": True,
    }


def test_bob_is_told_his_hash_on_the_event_page(event, bob, bobs_entry):
    """issue 15, privacy: his own entry, with his own card."""
    page = signed_in(bob).get(f"/events/{event.token}/").content.decode()
    assert bobs_entry.content_hash[:16] in page


def test_the_text_of_a_list_tells_no_namesake_the_player_keeps_private(
    outsider, event, bob, bobs_entry, django_user_model
):
    """issue 15, privacy: Bob keeps a private Mirror Imp and plays Dave's shared one. Told
    apart among Bob's cards, the shared Imp would carry its key in the list's text, saying Bob
    holds another card of that name; among the reader's own cards it needs none."""
    dave = django_user_model.objects.create_user("dave")
    imp = KeeperCardDraft(name="Mirror Imp", type="Spell", text="Copy a spell.", edition=11)
    keeper_card_save(owner=bob, draft=imp)
    daves = user_card_share(card=keeper_card_save(owner=dave, draft=imp), shared=True)
    deck = deck_create(owner=bob, game=event.game, name="Imps", lines=[DeckLine("deck", daves, 40)])
    Registration.objects.filter(pk=bobs_entry.pk).update(deck_version=deck.versions.get())
    page = signed_in(outsider).get(f"/events/{event.token}/lists/{bobs_entry.pk}/")
    assert "40 Mirror Imp" in page.content.decode()
    assert daves.key not in page.content.decode()
    assert daves.key not in zip_texts(signed_in(outsider), event)


def test_the_organisers_decklist_sheets_name_the_card_and_the_lists_hash(alice, event, bobs_entry):
    """The organiser judges the lists, so their printed sheets read every card and hash (read
    through registrations_seen_by, as every other page of the lists is)."""
    response = signed_in(alice).get(f"/events/{event.token}/sheets/")
    body = response.content.decode()
    assert response.status_code == 200
    assert ORACLE.name in body and SAGE.name in body and PRIVATE_CARD not in body
    assert bobs_entry.content_hash in body
