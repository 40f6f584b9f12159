"""Database constraints and per-game attribute validation of the card models."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from cards.models import Card, CardSet, Game, Printing

pytestmark = pytest.mark.django_db

ACARA = {"species": "Acara", "hp": 8, "attack": 3, "defence": 2, "agility": 6}


def neopets() -> Game:
    return Game.objects.get(slug="neopets")


def test_it_keeps_a_game_row_for_every_registered_game():
    assert set(Game.objects.values_list("slug", flat=True)) >= {
        "neopets",
        "keeper",
        "metazoo",
        "millennium-blades",
    }


def test_it_refuses_two_cards_with_one_key_in_a_game():
    Card.objects.create(game=neopets(), key="acara", name="Acara", type="Neopet")
    with pytest.raises(IntegrityError), transaction.atomic():
        Card.objects.create(game=neopets(), key="acara", name="Acara again", type="Neopet")


def test_it_allows_one_key_in_two_games():
    Card.objects.create(game=neopets(), key="fireball", name="Fireball", type="Potion")
    keeper = Game.objects.get(slug="keeper")
    Card.objects.create(game=keeper, key="fireball", name="Fireball", type="Spell")
    assert Card.objects.filter(key="fireball").count() == 2


def test_it_refuses_two_printings_with_one_number_in_a_set():
    card_set = CardSet.objects.create(game=neopets(), code="TST", name="Test")
    card = Card.objects.create(game=neopets(), key="acara", name="Acara", type="Neopet")
    other = Card.objects.create(game=neopets(), key="kau", name="Kau", type="Neopet")
    Printing.objects.create(card=card, set=card_set, number="001")
    with pytest.raises(IntegrityError), transaction.atomic():
        Printing.objects.create(card=other, set=card_set, number="001")


def test_it_refuses_two_sets_with_one_code_in_a_game():
    CardSet.objects.create(game=neopets(), code="TST", name="Test")
    with pytest.raises(IntegrityError), transaction.atomic():
        CardSet.objects.create(game=neopets(), code="TST", name="Test again")


def test_it_accepts_a_neopet_within_the_stat_ranges():
    Card(game=neopets(), key="acara", name="Acara", type="Neopet", attributes=ACARA).full_clean()


@pytest.mark.parametrize(
    ("attribute", "value", "message"),
    [
        ("hp", 0, "attributes.hp must be at least 1, not 0"),
        ("attack", 11, "attributes.attack must be at most 10, not 11"),
        ("defence", -1, "attributes.defence must be at least 0, not -1"),
        ("agility", "6", "attributes.agility must be an integer, not '6'"),
    ],
)
def test_it_refuses_a_neopet_stat_out_of_range(attribute, value, message):
    card = Card(
        game=neopets(),
        key="acara",
        name="Acara",
        type="Neopet",
        attributes={**ACARA, attribute: value},
    )
    with pytest.raises(ValidationError) as caught:
        card.full_clean()
    assert caught.value.message_dict["attributes"] == [message]


def test_it_refuses_a_type_the_game_does_not_have():
    card = Card(game=neopets(), key="x", name="X", type="Spell")
    with pytest.raises(ValidationError) as caught:
        card.full_clean()
    assert "type" in caught.value.message_dict
