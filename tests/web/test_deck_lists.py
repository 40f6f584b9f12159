"""Public decks and my decks: filters (game, format, legal only, owner) and sorting."""

import re
from datetime import date, timedelta
from pathlib import Path

import pytest
from celery import current_app
from django.utils import timezone

from cards.models import Card, Game
from decks.models import Deck, DeckVerdict
from decks.services import deck_add_card, deck_create, deck_import
from decks.tasks import refresh_verdicts
from decks.verdicts import REFRESH_TASK
from rules.models import Format, FormatListEntry

STRONG = Path("rulebook/neopets/sample_decks/strong.txt").read_text()


def listed(html: str) -> list[str]:
    return re.findall(r'<td><a href="/decks/[\w-]+/">([^<]+)</a></td>', html)


@pytest.fixture
def decks(samples, alice, charlie):
    neopets, keeper = Game.objects.get(slug="neopets"), Game.objects.get(slug="keeper")
    deck_import(owner=alice, game=neopets, name="Alpha Legal", text=STRONG, visibility="public")
    deck_create(owner=alice, game=neopets, name="Beta Empty", lines=[], visibility="public")
    deck_create(owner=charlie, game=keeper, name="Charlie Keeper", lines=[], visibility="public")
    deck_create(owner=alice, game=neopets, name="Secret", lines=[])


def test_it_lists_public_decks_only(client, decks):
    assert sorted(listed(client.get("/decks/").content.decode())) == [
        "Alpha Legal",
        "Beta Empty",
        "Charlie Keeper",
    ]


def test_it_filters_by_game_owner_and_legality(client, decks):
    assert listed(client.get("/decks/", {"game": "keeper"}).content.decode()) == ["Charlie Keeper"]
    by_alice = listed(client.get("/decks/", {"owner": "alice", "sort": "name"}).content.decode())
    assert by_alice == ["Alpha Legal", "Beta Empty"]
    legal = listed(client.get("/decks/", {"legal": "on"}).content.decode())
    assert legal == ["Alpha Legal"]


def test_it_sorts_by_name_or_newest(client, decks):
    by_name = listed(client.get("/decks/", {"sort": "name"}).content.decode())
    assert by_name == ["Alpha Legal", "Beta Empty", "Charlie Keeper"]
    newest = listed(client.get("/decks/", {"sort": "created"}).content.decode())
    assert newest == ["Charlie Keeper", "Beta Empty", "Alpha Legal"]


def test_it_lists_all_my_decks_whatever_their_visibility(alice_client, decks):
    mine = listed(alice_client.get("/decks/mine/", {"sort": "name"}).content.decode())
    assert mine == ["Alpha Legal", "Beta Empty", "Secret"]


def test_the_format_filter_is_a_choice_of_the_formats_there_are(client, decks):
    from decks.models import Deck
    from rules.models import Format

    standard = Format.objects.get(game__slug="neopets", slug="standard")
    Deck.objects.filter(name="Alpha Legal").update(format=standard)
    html = client.get("/decks/", {"format": "standard"}).content.decode()
    assert listed(html) == ["Alpha Legal"]
    assert '<option value="standard" selected>' in html
    # an unknown format is not read as free text that silently matches nothing
    assert "Select a valid choice" in client.get("/decks/", {"format": "Standard"}).content.decode()


def test_the_legal_filter_reads_the_verdicts_stored_when_the_decks_were_saved(
    client, decks, monkeypatch
):
    """Issue 25, item 3: `?legal=on` ran the rules for every public deck on every request."""

    def no_rules(**kwargs):
        raise AssertionError("a stored verdict that holds was judged again")

    monkeypatch.setattr("decks.verdicts.deck_report", no_rules)
    assert listed(client.get("/decks/", {"legal": "on"}).content.decode()) == ["Alpha Legal"]
    assert listed(client.get("/decks/", {"legal": "on"}).content.decode()) == ["Alpha Legal"]
    verdicts = DeckVerdict.objects.filter(deck__visibility="public")
    assert sorted(verdicts.values_list("deck__name", "legal")) == [
        ("Alpha Legal", True),
        ("Beta Empty", False),
        ("Charlie Keeper", False),
    ]


def test_a_changed_deck_is_judged_again(client, decks):
    assert listed(client.get("/decks/", {"legal": "on"}).content.decode()) == ["Alpha Legal"]
    alpha = Deck.objects.get(name="Alpha Legal")
    codestone = Card.objects.get(game__slug="neopets", name="Mau Codestone")
    deck_add_card(deck=alpha, card=codestone, section="main", quantity=20)  # past the copy limit
    assert listed(client.get("/decks/", {"legal": "on"}).content.decode()) == []


def ban_in_the_default_format(card_name: str, effective: date) -> None:
    neopets = Game.objects.get(slug="neopets")
    FormatListEntry.objects.create(
        format=Format.objects.get(game=neopets, is_default=True),
        card=Card.objects.get(game=neopets, name=card_name),
        status="banned",
        effective=effective,
    )


def test_a_ban_from_today_takes_the_deck_out_at_once(client, decks):
    """A change of the lists changes the catalogue's digest: every verdict is judged again."""
    assert listed(client.get("/decks/", {"legal": "on"}).content.decode()) == ["Alpha Legal"]
    ban_in_the_default_format("Green Grarrl", timezone.localdate())
    assert listed(client.get("/decks/", {"legal": "on"}).content.decode()) == []


def test_a_verdict_holds_until_the_day_its_lists_next_change(client, decks, monkeypatch):
    tomorrow = timezone.localdate() + timedelta(days=1)
    ban_in_the_default_format("Green Grarrl", tomorrow)
    assert listed(client.get("/decks/", {"legal": "on"}).content.decode()) == ["Alpha Legal"]
    assert DeckVerdict.objects.get(deck__name="Alpha Legal").until == tomorrow
    monkeypatch.setattr("django.utils.timezone.localdate", lambda: tomorrow)  # a day passes
    assert listed(client.get("/decks/", {"legal": "on"}).content.decode()) == []


def test_the_api_filters_decks_by_their_stored_verdicts(api, decks):
    legal = api.get("/api/v1/decks/", {"legal": "true"}).json()["results"]
    assert [deck["name"] for deck in legal] == ["Alpha Legal"]
    others = api.get("/api/v1/decks/", {"legal": "false", "ordering": "name"}).json()["results"]
    assert [deck["name"] for deck in others] == ["Beta Empty", "Charlie Keeper"]


def test_a_change_of_the_lists_sends_a_worker_to_judge_again(
    client, decks, monkeypatch, django_capture_on_commit_callbacks
):
    """The list after a change of the lists finds every deck judged by the worker already."""
    sent = []
    monkeypatch.setattr(
        current_app.tasks[REFRESH_TASK], "apply_async", lambda **options: sent.append(options)
    )
    with django_capture_on_commit_callbacks(execute=True):
        ban_in_the_default_format("Green Grarrl", timezone.localdate())
    assert sent == [{"retry": False}]
    assert refresh_verdicts() == Deck.objects.count()  # what the worker does with it

    def no_rules(**kwargs):
        raise AssertionError("the worker judged this deck already")

    monkeypatch.setattr("decks.verdicts.deck_report", no_rules)
    assert listed(client.get("/decks/", {"legal": "on"}).content.decode()) == []
