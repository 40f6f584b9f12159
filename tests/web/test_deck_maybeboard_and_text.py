"""Issue 40, items 2 and 3 on the website: a maybeboard in every deck (cards considered, moved
in and out with one click, never counted: Neopets CR 8.3.1's 50 cards stay 50) and the whole
deck edited as text, previewed (how each line was read, what changes) and saved as the same
deck's next version, with the editor's conflict rules."""

from __future__ import annotations

import re

import pytest

from cards.models import Game
from decks.models import Deck
from decks.services import deck_import
from tests.web.test_deck_pages import STRONG, editor_post, form_fields

WITH_MAYBE = f"{STRONG}\nMaybeboard:\n2 Omelette\n"


@pytest.fixture
def deck(samples, alice) -> Deck:
    return deck_import(
        owner=alice, game=Game.objects.get(slug="neopets"), name="Strong", text=WITH_MAYBE
    )


def maybeboard(deck: Deck) -> dict[str, int]:
    return dict(deck.entries.filter(section="maybeboard").values_list("card__name", "quantity"))


def row_of(html: str, name: str) -> int:
    """The editor row index of a card, as its Remove button names it."""
    return int(re.search(rf'name="remove" value="(\d+)"[^>]*aria-label="Remove {name}"', html)[1])


def test_the_maybeboard_is_shown_and_never_counted_8_3_1(alice_client, deck):
    """8.3.1: the Main Deck holds exactly 50; two Omelettes considered do not make it 52."""
    html = alice_client.get(f"/decks/{deck.pk}/").content.decode()
    panel = html[html.index('id="maybeboard-panel"') :]
    assert "Omelette" in panel and "(2)" in panel[:300]
    assert 'id="legality-status" class="status-legal"' in html
    assert "Main Deck: <strong>50</strong>" in html


def test_another_reader_sees_the_maybeboard_on_the_deck_page(alice_client, bob_client, deck):
    editor_post(alice_client, deck, action="save", visibility="public")
    deck.refresh_from_db()
    html = bob_client.get(f"/decks/{deck.pk}/").content.decode()
    assert 'id="maybeboard-panel"' in html and "Omelette" in html
    assert 'name="move"' not in html  # only the owner moves cards


def test_one_click_moves_every_copy_in_and_back_out_keeping_the_counts(alice_client, deck):
    html = alice_client.get(f"/decks/{deck.pk}/").content.decode()
    editor_post(alice_client, deck, move=f"{row_of(html, 'Hot Dog')}:maybeboard", action="save")
    deck.refresh_from_db()
    assert maybeboard(deck) == {"Omelette": 2, "Hot Dog": 2}
    assert not deck.entries.filter(section="main", card__name="Hot Dog").exists()
    html = alice_client.get(f"/decks/{deck.pk}/").content.decode()
    assert 'aria-label="Move Hot Dog into the Main Deck"' in html  # its home (8.13.1)
    editor_post(alice_client, deck, move=f"{row_of(html, 'Hot Dog')}:main", action="save")
    assert maybeboard(deck) == {"Omelette": 2}
    assert deck.entries.get(section="main", card__name="Hot Dog").quantity == 2
    assert deck.versions.count() == 3  # each move saved is a version, the maybeboard in it
    considered = deck.versions.get(number=2).snapshot["maybeboard"]
    assert {entry["name"] for entry in considered} == {"Hot Dog", "Omelette"}


def test_a_neopet_leaves_the_maybeboard_for_the_neopet_deck_8_1_1(alice_client, deck):
    html = alice_client.get(f"/decks/{deck.pk}/").content.decode()
    html = editor_post(alice_client, deck, move=f"{row_of(html, 'Blue Acara')}:maybeboard")
    assert 'aria-label="Move Blue Acara into the Neopet Deck"' in html
    assert "Neopet Deck: <strong>3</strong>" in html  # three left in the Neopet Deck (8.1.1)


def test_a_card_added_to_the_maybeboard_is_kept_in_the_draft(alice_client, deck):
    html = editor_post(
        alice_client, deck, action="add", add_name="Green Slorg", add_section="maybeboard"
    )
    panel = html[html.index('id="maybeboard-panel"') :]
    assert "Green Slorg" in panel and 'class="status-legal"' in html
    assert form_fields(html)["section"][-1] == "maybeboard"


def test_the_text_view_starts_from_the_saved_deck_its_maybeboard_last(alice_client, deck):
    html = alice_client.get(f"/decks/{deck.pk}/text/").content.decode()
    text = re.search(r'<textarea name="text"[^>]*>(.*?)</textarea>', html, re.S)[1]
    assert text.strip().endswith("Maybeboard:\n2 Omelette")
    assert "Save as version" not in html  # nothing is saved before its preview


def post_text(client, deck: Deck, text: str, **fields) -> str:
    page = client.get(f"/decks/{deck.pk}/text/").content.decode()
    started = dict(re.findall(r'name="(revision|version)" value="([^"]*)"', page))
    response = client.post(
        f"/decks/{deck.pk}/text/", {**started, "text": text, "action": "preview", **fields}
    )
    return response


def test_a_preview_reads_every_line_and_counts_the_changes_saving_nothing(alice_client, deck):
    edited = WITH_MAYBE.replace("2 Hot Dog\n", "1 Hot Dog\n1 Green Slorg\n")
    html = post_text(alice_client, deck, edited).content.decode()
    counts = html[html.index('id="diff-counts"') :]
    cells = r"<td>(\d)</td>" * 3
    main = re.search(rf'<th scope="row">Main Deck</th>{cells}', counts)
    assert main.groups() == ("1", "0", "1")  # Green Slorg added; Hot Dog 2 → 1
    assert "Hot Dog: 2 → 1" in html and "How your list was read" in html
    assert "Save as version 2" in html and deck.versions.count() == 1


def test_saving_the_previewed_text_is_a_new_version_of_the_same_deck(alice_client, deck):
    edited = WITH_MAYBE.replace("Maybeboard:\n2 Omelette", "Maybeboard:\n1 Omelette\n1 Hot Dog")
    preview = post_text(alice_client, deck, edited).content.decode()
    previewed = re.search(r'name="previewed" value="([^"]+)"', preview)[1]
    response = post_text(alice_client, deck, edited, action="save", previewed=previewed)
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.address}/"
    assert Deck.objects.count() == 1 and deck.versions.count() == 2
    assert maybeboard(deck) == {"Omelette": 1, "Hot Dog": 1}
    assert deck.entries.get(section="main", card__name="Hot Dog").quantity == 2


def test_a_text_changed_since_its_preview_is_previewed_again_not_saved(alice_client, deck):
    preview = post_text(alice_client, deck, WITH_MAYBE.replace("2 Omelette", "1 Omelette"))
    previewed = re.search(r'name="previewed" value="([^"]+)"', preview.content.decode())[1]
    html = post_text(
        alice_client, deck, WITH_MAYBE.replace("2 Omelette", "3 Omelette"),
        action="save", previewed=previewed,
    ).content.decode()  # fmt: skip
    assert "changed since its preview" in html and deck.versions.count() == 1


def test_a_save_made_elsewhere_since_is_a_conflict_kept_by_save_mine_over_it(alice_client, deck):
    edited = WITH_MAYBE.replace("2 Omelette", "1 Omelette")
    page = alice_client.get(f"/decks/{deck.pk}/text/").content.decode()
    started = dict(re.findall(r'name="(revision|version)" value="([^"]*)"', page))
    editor_post(alice_client, deck, action="save", name="Renamed elsewhere")
    body = {**started, "text": edited, "action": "preview"}
    preview = alice_client.post(f"/decks/{deck.pk}/text/", body).content.decode()
    previewed = re.search(r'name="previewed" value="([^"]+)"', preview)[1]
    body.update(action="save", previewed=previewed)
    html = alice_client.post(f"/decks/{deck.pk}/text/", body).content.decode()
    assert 'id="conflict"' in html and "Name: Strong → Renamed elsewhere" in html
    assert maybeboard(deck) == {"Omelette": 2}
    current = re.search(r'name="current_revision" value="(\d+)"', html)[1]
    body.update(action="overwrite", current_revision=current)
    assert alice_client.post(f"/decks/{deck.pk}/text/", body).status_code == 302
    assert maybeboard(deck) == {"Omelette": 1}


def test_a_line_that_cannot_be_read_is_shown_and_nothing_saved(alice_client, deck):
    response = post_text(alice_client, deck, WITH_MAYBE + "2 Nosuchcard Atall\n")
    html = response.content.decode()
    assert response.status_code == 400 and "Not read:" in html and "Save as version" not in html
    assert deck.versions.count() == 1


def test_only_the_owner_edits_a_deck_as_text(bob_client, deck):
    assert bob_client.get(f"/decks/{deck.pk}/text/").status_code == 404
    assert bob_client.post(f"/decks/{deck.pk}/text/", {"text": "1 Hot Dog"}).status_code == 404


def test_a_deck_of_only_a_maybeboard_is_offered_to_test_games_as_nothing_saved(
    alice, alice_client, samples
):
    game = Game.objects.get(slug="neopets")
    deck_import(owner=alice, game=game, name="Ideas", text="Maybeboard:\n2 Hot Dog\n")
    page = alice_client.get("/tools/test-games/", {"game": "neopets"}).content.decode()
    assert "Ideas (Neopets Battledome TCG): nothing saved yet, save a version first" in page
