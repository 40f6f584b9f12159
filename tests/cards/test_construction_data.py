"""Construction text kept as reviewed data on every path a card comes in by (issue 29): the
importer, the admin (a card's clean and save) and inline cards in /validate/ derive it from the
text with the game's grammar; a card whose construction text cannot be read, or whose explicit
data disagrees with it, is refused naming the card, the sentence and the field. Neopets CR 8.2.1,
7.10.1; MetaZoo Static Effects: Spellbook Restrictions (p. 25)."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import ValidationError

from cards.cardfile.problems import CardFileError
from cards.models import Card, Game
from cards.services.importer import cards_import

from .factories import food, neopets_file

pytestmark = pytest.mark.django_db
UNREADABLE = "This card may begin the game in your Rainbow Pool."


def test_the_importer_keeps_the_data_the_text_states_8_2_1():
    pool = {**food("Test Spring", "001"), "type": "Location",
            "text": "This card begins the game in your Rainbow Pool. Heal 1 HP."}  # fmt: skip
    piece = {**food("Test Piece", "002"), "text": "Collect this card as a Map Piece."}
    cards_import(data=neopets_file([pool, piece]), source="cards.json")
    assert Card.objects.get(name="Test Spring").attributes["begins_in_rainbow_pool"] is True
    assert Card.objects.get(name="Test Piece").attributes["collectable_as_map_piece"] is True


def test_the_importer_refuses_an_unreadable_sentence_naming_card_sentence_and_field_8_2_1():
    card = {**food("Test Spring", "001"), "type": "Location", "text": UNREADABLE}
    with pytest.raises(CardFileError) as refused:
        cards_import(data=neopets_file([card]), source="cards.json")
    text = str(refused.value)
    assert "Test Spring" in text and "text" in text and UNREADABLE.rstrip(".") in text
    assert not Card.objects.filter(name="Test Spring").exists()


def test_the_importer_refuses_data_the_text_contradicts_7_10_1():
    card = {**food("Test Dish", "001"), "attributes": {"collectable_as_map_piece": True}}
    with pytest.raises(CardFileError) as refused:
        cards_import(data=neopets_file([card]), source="cards.json")
    assert "attributes.collectable_as_map_piece" in str(refused.value)


def test_the_admin_refuses_unreadable_text_and_a_save_keeps_the_data_8_2_1(db):
    from django.core.management import call_command

    call_command("load_samples", verbosity=0)
    game = Game.objects.get(slug="neopets")
    card = Card(game=game, key="test-spring", name="Test Spring", type="Location", text=UNREADABLE)
    with pytest.raises(ValidationError) as refused:
        card.full_clean(exclude=["text_vector"])
    assert "text" in refused.value.message_dict
    card.text = "This card begins the game in your Rainbow Pool."
    card.full_clean(exclude=["text_vector"])
    card.save()
    card.refresh_from_db()
    assert card.attributes == {"begins_in_rainbow_pool": True}


def test_the_admin_reads_a_page_named_in_the_catalogue_p25(db):
    """A restriction naming a stored Page is read with the catalogue's names as terminals:
    "Lady in white" ends in a lower-case word and is still one name."""
    game, _ = Game.objects.get_or_create(slug="metazoo", defaults={"name": "MetaZoo"})
    Card.objects.create(game=game, key="lady-in-white", name="Lady in white", type="Spell")
    text = "You may not include this Page in a Spellbook with Lady in white."
    page = Card(game=game, key="loner", name="Sample Loner", type="Spell", text=text)
    page.full_clean(exclude=["text_vector"])
    page.save()
    assert page.attributes["restrictions"] == [{"not_with": ["Lady in white"]}]


def test_inline_cards_with_unreadable_text_are_a_400_naming_the_field_8_2_1(api, db):
    card = {"name": "Test Spring", "type": "Location", "text": UNREADABLE}
    body = {"game": "neopets", "cards": [card], "sections": {"main": []}}
    answer = api.post("/api/v1/validate/", json.dumps(body), content_type="application/json")
    assert answer.status_code == 400
    assert "cards[0].text" in answer.json()["fields"]
