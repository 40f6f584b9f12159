"""Issue 40, item 3: every deck's maybeboard, the cards considered but not in it. Kept with the
deck and its versions, in its text and the API (`maybeboard` beside `sections`); never counted
by legality (Neopets CR 8.3.1: the Main Deck holds exactly 50), test games or the deck doctor.
And item 2 in the API: the whole deck sent as `text` is its next version."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command

from cards.models import Game
from decks import selectors, services
from decks.models import Deck
from decks.resolution import entries_resolve
from decks.snapshots import list_hash
from rulebook.core.decklist import parse_decklist, write_decklist
from rulebook.core.game import MAYBEBOARD
from rulebook.core.resolve import EntryRef
from rulebook.registry import GAMES

STRONG = Path("rulebook/neopets/sample_decks/strong.txt").read_text()
# 100 copies of a card limited to 2 (CR 7.8.2), and a Neopet: none of them in the deck
CONSIDERED = "\nMaybeboard:\n100 Hot Dog\n1 Red Kau\n"


@pytest.fixture
def deck(db, alice) -> Deck:
    call_command("load_samples", "--cards-only", stdout=io.StringIO())
    game = Game.objects.get(slug="neopets")
    return services.deck_import(owner=alice, game=game, name="Strong", text=STRONG + CONSIDERED)


def test_the_text_format_reads_and_writes_a_maybeboard_in_every_game():
    for game in GAMES.values():
        first = game.sections[0].name
        text = f"{first}:\n2 A\n\n// Maybe board\n1 B\n1 C [Maybeboard]\n"
        parsed = parse_decklist(text, game)
        assert [e.name for e in parsed.entries] == ["A"] and not parsed.problems
        assert [(e.section, e.name) for e in parsed.maybeboard] == [
            ("maybeboard", "B"),
            ("maybeboard", "C"),
        ]
        written = write_decklist(game, [*parsed.entries, *parsed.maybeboard])
        assert written == f"{first}:\n2 A\n\nMaybeboard:\n1 B\n1 C\n"


def test_a_deck_with_100_considered_copies_is_still_legal_8_3_1_7_8_2(deck, alice):
    report = selectors.deck_report(deck=deck, viewer=alice)
    assert report.legal, report.as_dict()["errors"]
    assert report.counts["main"] == 50
    assert deck.verdict.legal


def test_test_games_and_the_doctor_never_see_the_maybeboard(deck, alice):
    refs = selectors.deck_entries_for_job(user=alice, game="neopets", deck_id=deck.pk, field="deck")
    assert sum(ref.quantity for ref in refs) == 58  # 50 + 4 Neopets + 4 Rainbow Pool
    assert not any(ref.section == MAYBEBOARD.slug for ref in refs)
    text_refs = parse_decklist(STRONG + CONSIDERED, GAMES["neopets"]).entries
    assert sum(ref.quantity for ref in text_refs) == 58  # a pasted list in a test game too


def test_the_maybeboard_is_kept_in_versions_and_restored_with_them(deck):
    version = deck.versions.get()
    assert [(e["name"], e["quantity"]) for e in version.snapshot["maybeboard"]] == [
        ("Hot Dog", 100),
        ("Red Kau", 1),
    ]
    lines = services.decklist_lines(game=deck.game, text=STRONG, owner=deck.owner)
    changes = services.DeckChanges(sections=services.whole_deck(deck.game, lines))
    deck = services.deck_update(deck=deck, expected_revision=deck.revision, changes=changes)
    assert deck.versions.count() == 2  # emptying the maybeboard is a change of contents
    assert not deck.entries.filter(section=MAYBEBOARD.slug).exists()
    diff = selectors.deck_diff(deck=deck, from_number=1, to_number=2, viewer=deck.owner)
    assert [e["name"] for e in diff["maybeboard"]["removed"]] == ["Hot Dog", "Red Kau"]
    assert all(not any(change.values()) for change in diff["sections"].values())
    services.deck_restore(deck=deck, number=1, expected_revision=deck.revision)
    assert deck.entries.get(section=MAYBEBOARD.slug, card__name="Hot Dog").quantity == 100


def test_a_copy_keeps_the_maybeboard_and_a_registration_hash_ignores_it(deck, bob):
    copy, _ = services.deck_copy(deck=deck, owner=bob)
    assert copy.entries.filter(section=MAYBEBOARD.slug).count() == 2
    without = dict(deck.versions.get().snapshot, maybeboard=[])
    assert list_hash(deck.versions.get().snapshot) == list_hash(without)


def test_the_api_shows_the_maybeboard_beside_the_sections(deck, alice_api):
    data = alice_api.get(f"/api/v1/decks/{deck.pk}/").json()
    assert [(e["name"], e["quantity"]) for e in data["maybeboard"]] == [
        ("Hot Dog", 100),
        ("Red Kau", 1),
    ]
    assert "maybeboard" not in data["sections"]
    text = alice_api.get(f"/api/v1/decks/{deck.pk}/export/text/").content.decode()
    assert text.endswith("Maybeboard:\n100 Hot Dog\n1 Red Kau\n")
    exported = alice_api.get(f"/api/v1/decks/{deck.pk}/export/", {"format": "json"}).json()
    assert [e["name"] for e in exported["maybeboard"]] == ["Hot Dog", "Red Kau"]


def test_a_put_without_maybeboard_keeps_it_and_a_patch_sets_it(deck, alice_api):
    url = f"/api/v1/decks/{deck.pk}/"
    etag = alice_api.get(url)["ETag"]
    body = {"game": "neopets", "name": "Strong", "sections": {}}
    put = alice_api.put(url, body, format="json", HTTP_IF_MATCH=etag)
    assert put.status_code == 200 and len(put.json()["maybeboard"]) == 2
    patch = {"maybeboard": [{"name": "Omelette", "quantity": 3}]}
    patched = alice_api.patch(url, patch, format="json", HTTP_IF_MATCH=put["ETag"])
    assert [(e["name"], e["quantity"]) for e in patched.json()["maybeboard"]] == [("Omelette", 3)]
    assert patched.json()["version"]["number"] == 3


@pytest.mark.parametrize(
    "body, field",
    [
        ({"maybeboard": [{"name": "Omelette", "quantity": 0}]}, "maybeboard[0].quantity"),
        ({"maybeboard": ["Omelette"]}, "maybeboard[0]"),
        ({"maybeboard": {"main": []}}, "maybeboard"),
        ({"maybeboard": [{"name": "Nosuchcard", "quantity": 1}]}, "maybeboard[0].name"),
        ({"text": "1 Hot Dog", "sections": {"main": []}}, "text"),
        ({"text": "Main Deck:\n1 Nosuchcard\n"}, "text"),
        ({"text": "Main Deck:\nMaybeboard:\n1000 Hot Dog\n"}, "text"),
    ],
)
def test_a_bad_maybeboard_or_text_is_a_400_naming_it_and_changes_nothing(
    deck, alice_api, body, field
):
    url = f"/api/v1/decks/{deck.pk}/"
    response = alice_api.patch(url, body, format="json", HTTP_IF_MATCH=deck.etag)
    assert response.status_code == 400 and field in response.json()["fields"], response.json()
    assert deck.versions.count() == 1


def test_the_whole_deck_as_text_is_the_same_decks_next_version(deck, alice_api):
    url = f"/api/v1/decks/{deck.pk}/"
    text = STRONG.replace("\n2 Hot Dog\n", "\n1 Hot Dog\n1 Green Slorg\n")
    text += "Maybeboard:\n1 Hot Dog\n"
    response = alice_api.patch(url, {"text": text}, format="json", HTTP_IF_MATCH=deck.etag)
    assert response.status_code == 200, response.json()
    data = response.json()
    assert data["id"] == deck.pk and data["version"]["number"] == 2
    assert [(e["name"], e["quantity"]) for e in data["maybeboard"]] == [("Hot Dog", 1)]
    main = {e["name"]: e["quantity"] for e in data["sections"]["main"]}
    assert (main["Hot Dog"], main["Green Slorg"]) == (1, 1)
    stale = alice_api.patch(url, {"text": text}, format="json", HTTP_IF_MATCH=deck.etag)
    assert stale.status_code == 412  # the editor's rule: a stale base is refused


def test_a_maybeboard_entry_resolves_as_any_line(deck):
    refs = [EntryRef(MAYBEBOARD.slug, 2, name="omelette")]
    (line,) = entries_resolve(game=deck.game, refs=refs, owner=deck.owner)
    assert (line.section, line.card.name, line.quantity) == ("maybeboard", "Omelette", 2)
