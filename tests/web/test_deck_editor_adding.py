"""The deck editor's add box reads what deckbuilders type ("4 Hot Dog", a key, a printing),
offers the near names of an unknown one, and each row has - and + buttons; rows are grouped by
card type; a one-line legality summary heads the editor."""

import re

import pytest

from cards.models import Game
from decks.models import Deck
from decks.services import deck_create
from tests.web.test_deck_pages import editor_post


@pytest.fixture
def empty(samples, alice) -> Deck:
    return deck_create(owner=alice, game=Game.objects.get(slug="neopets"), name="New", lines=[])


def copies(html: str, name: str) -> int:
    match = re.search(rf'value="(\d+)"[^>]*aria-label="Copies of {re.escape(name)} in', html)
    assert match, f"no row for {name}"
    return int(match.group(1))


def test_the_add_box_takes_a_quantity_typed_before_the_name(alice_client, empty):
    html = editor_post(alice_client, empty, action="add", add_name="4 Hot Dog", add_section="main")
    assert copies(html, "Hot Dog") == 4


def test_adding_a_card_again_adds_to_its_row(alice_client, empty):
    editor_post(alice_client, empty, action="add", add_name="2 Hot Dog", add_section="main")
    html = editor_post(alice_client, empty, action="add", add_name="Hot Dog x1", add_section="main")
    assert html.count('aria-label="Copies of Hot Dog in') == 1


def test_an_unknown_name_offers_the_near_names_to_add_instead(alice_client, empty):
    html = editor_post(alice_client, empty, action="add", add_name="Hot Dgo", add_section="main")
    assert 'id="add-problem"' in html
    assert 'name="add_instead" value="Hot Dog"' in html
    added = editor_post(alice_client, empty, add_instead="Hot Dog", add_section="main")
    assert copies(added, "Hot Dog") == 1


def test_the_plus_and_minus_buttons_change_one_row_by_one(alice_client, empty):
    html = editor_post(alice_client, empty, action="add", add_name="2 Hot Dog", add_section="main")
    row = re.search(r'name="step" value="(\d+):\+1"', html).group(1)
    assert copies(editor_post(alice_client, empty, step=f"{row}:+1"), "Hot Dog") == 3
    # the page drawn next holds the kept draft (3 copies): one fewer is 2
    assert copies(editor_post(alice_client, empty, step=f"{row}:-1"), "Hot Dog") == 2


def test_rows_are_grouped_under_their_card_type_with_copies(alice_client, empty):
    editor_post(alice_client, empty, action="add", add_name="2 Hot Dog", add_section="main")
    html = editor_post(
        alice_client, empty, action="add", add_name="3 Mau Codestone", add_section="main"
    )
    headings = re.findall(r'<tr class="type-heading"><th [^>]*>([^<]+)</th>', html)
    assert headings == ["Codestone (3)", "Food (2)"]


def test_a_one_line_legality_summary_heads_the_editor(alice_client, empty):
    html = alice_client.get(f"/decks/{empty.pk}/").content.decode()
    summary = html.split('id="sticky-summary">')[1].split("</a>")[0]
    assert "Not legal" in " ".join(summary.split()) and "Main Deck 0" in " ".join(summary.split())
