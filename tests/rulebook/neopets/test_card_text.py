"""Neopets construction read from card text (issue 14's decision; Golden Rules: "Whenever card
text contradicts the game's rules, the card text takes precedence"), and the Neopet Deck's
different names (Deck Construction: "all five must have a different name")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.cardfile import CardFileError, MemoryPool, read_cards
from rulebook.core.cards import CardInfo
from rulebook.core.resolve import EntryRef
from rulebook.neopets.cards import GAME
from rulebook.neopets.construction_grammar import ANY_NUMBER_OF_COPIES as ANY
from rulebook.neopets.construction_grammar import BEGINS_IN_RAINBOW_POOL as BEGINS
from rulebook.neopets.construction_grammar import COLLECTABLE_AS_MAP_PIECE as MAP
from rulebook.neopets.construction_grammar import read_construction
from rulebook.validate import validate
from tests.rulebook.core.factories import ALL_CARDS, STANDARD, TWO_OF, card, legal_entries, neopet

POOL_TEXT = "This card begins the game in your Rainbow Pool. Heal 1 HP each turn."


def read(card_info: CardInfo, **attributes: object) -> CardInfo:
    """The card as the importer and inline cards read it: its construction text kept as data."""
    raw = {
        "name": card_info.name,
        "key": card_info.key,
        "type": card_info.type,
        "text": card_info.text,
        "attributes": {**card_info.attributes, **attributes},
    }
    (read_card,) = read_cards({"game": "neopets", "cards": [raw]})
    return read_card


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
    location = read(replace(card("Test Pool Spring", "Location"), text=POOL_TEXT))
    entries = [*legal_entries(), EntryRef("rainbow_pool", 1, name=location.name)]
    report = validate(GAME, entries, MemoryPool([*ALL_CARDS, location], GAME), STANDARD)
    assert report.legal, report.as_dict()
    assert report.not_counted == {"rainbow_pool": 1}


def test_7_10_2_text_that_collects_it_as_a_map_piece_allows_one_copy() -> None:
    """7.10.1-7.10.2: a card whose text says it "can be collected as a Map Piece" is a Map
    Piece, one copy per deck, whatever its type's limit (Locations: 2, 7.9.2)."""
    location = read(
        replace(
            card("Test Hidden Grotto", "Location"),
            text="This card can be collected as a Map Piece.",
        )
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
    free = read(replace(food, text="A deck may contain any number of copies of this card."))
    pool = [card for card in ALL_CARDS if card.key != food.key]
    entries = [e if e.name != food.name else replace(e, quantity=3) for e in legal_entries()]
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


# -- The grammar (construction_grammar.py): each clause shape, negated, quoted, embedded ------

R = read_construction
SHAPES = [
    # (rule, text, the data it states)
    ("8.2.1", "This card begins the game in your Rainbow Pool.", {BEGINS: True}),
    ("8.2.1", "This card starts the game in your Rainbow Pool.", {BEGINS: True}),
    ("8.2.1", "This card does not begin the game in your Rainbow Pool.", {}),
    ("8.2.1", "\u201cThis card begins the game in your Rainbow Pool.\u201d", {}),
    ("8.2.1", "Search your deck for a card that begins the game in your Rainbow Pool.", {}),
    ("8.2.1", "If this card begins the game in your Rainbow Pool, draw a card.", {}),
    ("7.10.1", "This card can be collected as a Map Piece.", {MAP: True}),
    ("7.10.1", "Collect this card as a Map Piece.", {MAP: True}),
    ("7.10.1", "This card cannot be collected as a Map Piece.", {}),
    ("7.10.1", "Your opponent cannot collect cards as a Map Piece this turn.", {}),
    ("7.8.2", "Reveal any number of copies of this card from your hand.", {}),
    ("7.8.2", "You may include any number of copies of this card in your deck.", {ANY: True}),
    ("7.11.2", "A deck may contain any number of R4 Dr. Soup cards.", {ANY: True}),
    ("7.11.2", "A deck may contain any number of cards named R4 Dr. Soup.", {ANY: True}),
    ("7.11.2", "A deck may contain any number of cards named Hot Dog.", {}),
]


@pytest.mark.parametrize(("rule", "text", "data"), SHAPES)
def test_each_clause_shape_negated_quoted_and_embedded_is_read_as_it_says(rule, text, data):
    """8.2.1, 7.10.1, 7.8.2, 7.11.2: the data a sentence states, whatever else surrounds it."""
    reading = R("R4 Dr. Soup", text)
    assert (reading.data, reading.unread) == (data, ()), rule
    embedded = R("R4 Dr. Soup", f"Heal 1 HP. {text} Draw 1 card.")
    assert embedded.data == data, rule


@pytest.mark.parametrize(
    "text",
    ["This card may begin the game in your Rainbow Pool.", "Your Rainbow Pool copies a card."],
)
def test_a_construction_sentence_the_grammar_cannot_read_is_refused_8_2_1(text):
    """8.2.1: a sentence that speaks of the Rainbow Pool and reads as neither construction nor
    play is refused, naming the card, the sentence and the field: never silently legal."""
    raw = {"name": "Test Pool Spring", "type": "Location", "text": text}
    with pytest.raises(CardFileError) as refused:
        read_cards({"game": "neopets", "cards": [raw]})
    ((where, field, message),) = refused.value.problems
    assert "Test Pool Spring" in where and field == "text" and text.rstrip(".") in message


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from([text for _, text, _ in SHAPES]),
    st.sampled_from(["", "When you play it, draw 1 card. ", "\u201cDraw a card.\u201d "]),
    st.booleans(),
)
def test_data_does_not_change_when_text_is_retyped_7_8_2(text, extra, curly):
    """7.8.2, 8.2.1: typographic variants, clauses about play and quoted sentences around a
    card's construction text change none of its data."""
    retyped = extra + text
    if curly:
        retyped = retyped.replace("'", "\u2019").replace(" ", "\u00a0", 2)
    assert R("R4 Dr. Soup", retyped).data == R("R4 Dr. Soup", text).data


@pytest.mark.parametrize("game", [["neopets"], {"slug": "neopets"}, None])
def test_a_card_file_whose_game_is_not_a_name_is_refused_naming_the_field(game) -> None:
    """A card file is any JSON: a game given as a list or an object is a problem named, not a
    TypeError (a list cannot be looked up in the games)."""
    with pytest.raises(CardFileError) as refused:
        read_cards({"game": game, "cards": []})
    ((where, field, message),) = refused.value.problems
    assert (where, field) == ("file", "game") and "neopets" in message
