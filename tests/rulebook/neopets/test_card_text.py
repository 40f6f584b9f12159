"""Neopets construction read from card text (issue 14's decision; Golden Rules: "Whenever card
text contradicts the game's rules, the card text takes precedence"), and the Neopet Deck's
different names (Deck Construction: "all five must have a different name")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulebook.cardfile import CardFileError, MemoryPool, read_cards
from rulebook.core.resolve import EntryRef
from rulebook.neopets.cards import GAME
from rulebook.validate import validate
from tests.rulebook.core.factories import ALL_CARDS, STANDARD, TWO_OF, card, legal_entries, neopet

POOL_TEXT = "This card begins the game in your Rainbow Pool. Heal 1 HP each turn."


def codes(entries, *extra_cards) -> list[str]:
    report = validate(GAME, entries, MemoryPool([*ALL_CARDS, *extra_cards], GAME), STANDARD)
    return [issue.code for issue in report.errors]


def test_7_1_3_two_neopets_of_different_species_may_not_share_a_name() -> None:
    """Deck Construction: "Neopets of different species (all five must have a different
    name)". A Kau and an Acara both named Blue Shadow are refused as neopets.name."""
    kau = replace(neopet("Blue", "Kau"), name="Blue Shadow", key="blue-shadow-kau")
    acara = replace(neopet("Blue", "Acara"), name="Blue Shadow", key="blue-shadow-acara")
    extra = neopet("Yellow", "Korbat")
    entries = [
        *(e for e in legal_entries() if e.section != "neopets"),
        *(EntryRef("neopets", 1, key=pet.key) for pet in (kau, acara, extra)),
    ]
    assert codes(entries, kau, acara, extra) == ["neopets.name"]


def test_7_9_4_text_saying_it_begins_in_the_rainbow_pool_is_read_without_a_flag() -> None:
    """7.9.4, 8.2.1: a Location whose text says "This card begins the game in your Rainbow
    Pool" (and whose data has no flag) goes in the Rainbow Pool, not counted."""
    location = replace(card("Test Pool Spring", "Location"), text=POOL_TEXT)
    entries = [*legal_entries(), EntryRef("rainbow_pool", 1, name=location.name)]
    report = validate(GAME, entries, MemoryPool([*ALL_CARDS, location], GAME), STANDARD)
    assert report.legal, report.as_dict()
    assert report.not_counted == {"rainbow_pool": 1}


def test_7_10_2_text_that_collects_it_as_a_map_piece_allows_one_copy() -> None:
    """7.10.1-7.10.2: a card whose text says it "can be collected as a Map Piece" is a Map
    Piece, one copy per deck, whatever its type's limit (Locations: 2, 7.9.2)."""
    location = replace(
        card("Test Hidden Grotto", "Location"), text="This card can be collected as a Map Piece."
    )
    main = [e for e in legal_entries() if e.section == "main"]
    entries = [
        *(e for e in legal_entries() if e.section != "main"),
        *main[:-1],
        EntryRef("main", 2, name=location.name),
    ]
    assert codes(entries, location) == ["copies.limit"]


def test_golden_rules_text_allowing_any_number_of_copies_lifts_the_limit() -> None:
    """7.8.2 gives Food two copies; a Food whose text says "A deck may contain any number of
    copies of this card" may be there three times (card text takes precedence)."""
    food = TWO_OF["Food"][0]
    free = replace(food, text="A deck may contain any number of copies of this card.")
    pool = [card for card in ALL_CARDS if card.key != food.key]
    entries = [
        e if e.name != food.name else replace(e, quantity=3) for e in legal_entries()
    ]
    entries = [e for e in entries if e.name != TWO_OF["Food"][1].name or e.quantity != 2] + [
        EntryRef("main", 1, name=TWO_OF["Food"][1].name)
    ]
    report = validate(GAME, entries, MemoryPool([*pool, free], GAME), STANDARD)
    assert report.legal, report.as_dict()
    limited = validate(GAME, entries, MemoryPool(ALL_CARDS, GAME), STANDARD)
    assert [issue.code for issue in limited.errors] == ["copies.limit"]


@pytest.mark.parametrize(
    ("flag", "text"),
    [(False, POOL_TEXT), (True, "Heal 1 HP each turn.")],
)
def test_an_import_whose_flag_contradicts_the_text_is_refused_naming_card_and_field(
    flag, text
) -> None:
    """Card text takes precedence (Golden Rules): a begins_in_rainbow_pool flag that says
    otherwise than the card's text is refused at import, naming the card and the field."""
    data = {
        "game": "neopets",
        "cards": [
            {
                "name": "Test Pool Spring",
                "type": "Location",
                "text": text,
                "attributes": {"begins_in_rainbow_pool": flag},
            }
        ],
    }
    with pytest.raises(CardFileError) as caught:
        read_cards(data)
    ((where, field, message),) = caught.value.problems
    assert "Test Pool Spring" in where and field == "attributes.begins_in_rainbow_pool"
    assert "Golden Rules" in message
    agreeing = {**data["cards"][0], "attributes": {"begins_in_rainbow_pool": not flag}}
    assert read_cards({**data, "cards": [agreeing]})


def test_the_wordings_are_read_however_they_are_typed_and_only_for_this_card() -> None:
    """Texts are folded as names are: a curly apostrophe or a capital does not hide a wording;
    "any number of cards named" another card says nothing about this one."""
    from rulebook.neopets.wording import ANY_NUMBER, BEGINS_IN_RAINBOW_POOL, wordings

    assert wordings("THIS CARD BEGINS THE GAME IN YOUR RAINBOW POOL.", "X") == {
        BEGINS_IN_RAINBOW_POOL
    }
    assert wordings("A deck may contain any number of cards named Jhudora\u2019s Bluff.",
                    "Jhudora's Bluff") == {ANY_NUMBER}
    assert wordings("A deck may contain any number of cards named Hot Dog.", "Cold Dog") == set()
