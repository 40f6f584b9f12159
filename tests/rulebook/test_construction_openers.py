"""Construction sentences found by what they say, not by their first word (issue 38, items 1
and 2; rulebook/core/construction_text.py): an opening clause of time or condition about
building a deck is read as a clause, a clause of play is play whatever construction word it
names, and a sentence about construction that does not read is refused, never ignored.
Neopets comprehensive rules 7.8.2 and 7.11.2 (any number of copies), 8.2.1 (begins the game in
the Rainbow Pool), 7.10.1 (collected as a Map Piece); MetaZoo Spellbook Restrictions (p. 25)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.cardfile import CardFileError, read_cards
from rulebook.core.construction_text import sentences as split
from rulebook.metazoo import construction_grammar as metazoo
from rulebook.neopets import construction_grammar as neopets
from tests.rulebook.grammar_sentences import sentences
from tests.rulebook.metazoo.test_construction_grammar_generated import KNOWN
from tests.rulebook.metazoo.test_construction_grammar_generated import LEAVES as METAZOO_LEAVES
from tests.rulebook.metazoo.test_restrictions import KNOWN as RESTRICTION_KNOWN
from tests.rulebook.metazoo.test_restrictions import WORDINGS as METAZOO_WORDINGS
from tests.rulebook.neopets.test_card_text import SHAPES as NEOPETS_SHAPES
from tests.rulebook.neopets.test_construction_grammar_generated import LEAVES as NEOPETS_LEAVES
from tests.rulebook.neopets.test_construction_grammar_generated import NAME

NEOPETS_OPENERS = [
    "When building your deck,",
    "During deck construction,",
    "If this card is in your deck,",
    "If you include this card in your deck,",
    "While building a deck,",
]
METAZOO_OPENERS = [
    "When building your Spellbook,",
    "While building a Spellbook,",
    "During deck construction,",
    "If you include this Page in your Spellbook,",
    "If this Page is in your Spellbook,",
]


def opened(opener: str, sentence: str, keywords: frozenset[str]) -> str:
    """The sentence after the opening clause, its first word lower-cased if it is a word of
    the grammar's (a name keeps its capital)."""
    first = sentence.split()[0]
    return (
        f"{opener} {first.lower() if first.lower() in keywords else first}" + sentence[len(first) :]
    )


def same_or_refused(read, opener: str, sentence: str, keywords: frozenset[str]) -> None:
    plain = read(sentence)
    text = opened(opener, sentence, keywords)
    prefixed = read(text)
    if prefixed.unread:
        assert prefixed.unread == (text,) and prefixed.data == {}, text
    else:
        assert prefixed.data == plain.data and plain.unread == (), text


@settings(max_examples=250, deadline=None)
@given(sentences(neopets.GRAMMAR, "construction", NEOPETS_LEAVES), st.sampled_from(NEOPETS_OPENERS))
def test_a_neopets_clause_after_an_opening_clause_reads_the_same_or_is_refused_8_2_1_7_10_1_7_8_2(
    said, opener
):
    sentence, _ = said
    read = lambda text: neopets.read_construction(NAME, text)  # noqa: E731
    same_or_refused(read, opener, sentence, neopets.GRAMMAR.keywords)


@settings(max_examples=250, deadline=None)
@given(
    st.one_of(
        *(
            sentences(metazoo.GRAMMAR, rule, METAZOO_LEAVES)
            for rule in ("forbid", "allow_other", "allow_self")
        )
    ),
    st.sampled_from(METAZOO_OPENERS),
)
def test_a_metazoo_clause_after_an_opening_clause_reads_the_same_or_is_refused_p25(said, opener):
    sentence, _ = said
    read = lambda text: metazoo.read_restrictions("Sample Loner", text, KNOWN)  # noqa: E731
    same_or_refused(read, opener, sentence, metazoo.GRAMMAR.keywords)


def hand_written(texts, name: str) -> list[str]:
    """Every sentence of the grammar tests' hand-written texts."""
    return [sentence for text in texts for sentence in split(text, name)]


@pytest.mark.parametrize("opener", NEOPETS_OPENERS)
@pytest.mark.parametrize("sentence", hand_written((text for _, text, _ in NEOPETS_SHAPES), NAME))
def test_each_hand_written_neopets_sentence_after_an_opening_clause_reads_the_same_or_is_refused(
    sentence, opener
):
    """8.2.1, 7.10.1, 7.8.2, 7.11.2: test_card_text.py's sentences, as well as the grammar's."""
    read = lambda text: neopets.read_construction(NAME, text)  # noqa: E731
    same_or_refused(read, opener, sentence, neopets.GRAMMAR.keywords)


@pytest.mark.parametrize("opener", METAZOO_OPENERS)
@pytest.mark.parametrize(
    ("name", "sentence"),
    [
        (name, sentence)
        for _, name, text, _ in METAZOO_WORDINGS
        for sentence in hand_written([text], name)
    ],
)
def test_each_hand_written_restriction_after_an_opening_clause_reads_the_same_or_is_refused_p25(
    name, sentence, opener
):
    read = lambda text: metazoo.read_restrictions(name, text, frozenset(RESTRICTION_KNOWN))  # noqa: E731
    same_or_refused(read, opener, sentence, metazoo.GRAMMAR.keywords)


@pytest.mark.parametrize(
    ("rule", "text", "data"),
    [
        ("7.8.2", "When building your deck, you may include any number of copies of this card.",
         {neopets.ANY_NUMBER_OF_COPIES: True}),
        ("8.2.1", "If you include this card in your deck, it begins the game in your Rainbow "
         "Pool.", {neopets.BEGINS_IN_RAINBOW_POOL: True}),
        ("8.2.1", "During deck construction, this card begins the game in your Rainbow Pool.",
         {neopets.BEGINS_IN_RAINBOW_POOL: True}),
        ("7.10.1", "If this card is in your deck, it can be collected as a Map Piece.",
         {neopets.COLLECTABLE_AS_MAP_PIECE: True}),
        ("7.11.2", "A deck may hold any number of cards named R4 Dr. Soup.",
         {neopets.ANY_NUMBER_OF_COPIES: True}),
        ("7.11.2", "Any number of R4 Dr. Soup cards may be in a deck.",
         {neopets.ANY_NUMBER_OF_COPIES: True}),
        ("7.11.2", "A deck may contain any number of r4 dr. soup cards.",
         {neopets.ANY_NUMBER_OF_COPIES: True}),
        ("7.11.2", "Any number of Hot Dog cards may be in a deck.", {}),  # Hot Dog's rule
    ],
)  # fmt: skip
def test_neopets_construction_after_an_opening_clause_or_without_a_trigger_word_is_read(
    rule, text, data
):
    reading = neopets.read_construction(NAME, text)
    assert (reading.data, reading.unread) == (data, ()), rule


@pytest.mark.parametrize(
    "text",
    [
        "When building your Spellbook, you may not include this Page with R5 Bog Hag.",
        "Each Spellbook with this Page may not contain R5 Bog Hag.",
        "While building a Spellbook, this Page may not be included with R5 Bog Hag.",
        "During deck construction, you may not include this Page in a Spellbook with R5 Bog Hag.",
    ],
)
def test_metazoo_restrictions_after_an_opening_clause_are_read_p25(text):
    reading = metazoo.read_restrictions("Sample Loner", text, frozenset({"R5 Bog Hag"}))
    assert (reading.data, reading.unread) == ({"restrictions": [{"not_with": ["R5 Bog Hag"]}]}, ())


@pytest.mark.parametrize(
    ("game", "text"),
    [
        ("neopets", "When building your deck, draw a card."),
        ("neopets", "If you include this card in your deck, heal 1 HP."),
        ("neopets", "If this card is in your deck, draw a card."),
        ("neopets", "This card begins the game in your Rainbow Pool and gets +1 Attack."),
        ("neopets", "This card counts as two copies in your deck."),
        ("metazoo", "When building your Spellbook, draw a card."),
        ("metazoo", "You may put this Page in a Spellbook with Fireball."),
    ],
)
def test_a_sentence_about_construction_that_does_not_read_is_refused_at_import_8_2_1_p25(
    game, text
):
    """A sentence that speaks of building a deck and reads as no clause is refused, naming
    card, field and sentence: the deck is never judged as if the card said nothing."""
    card = {"name": "Test Odd Card", "type": "Location" if game == "neopets" else "Artifact",
            "text": text, "attributes": {} if game == "neopets" else {"lp": 30}}  # fmt: skip
    with pytest.raises(CardFileError) as refused:
        read_cards({"game": game, "cards": [card]})
    ((where, field, message),) = refused.value.problems
    assert "Test Odd Card" in where and field == "text" and text.rstrip(".") in message


@pytest.mark.parametrize(
    ("game", "text"),
    [
        ("neopets", "Your Neopet gets +1 Attack for each card in your Rainbow Pool."),
        ("neopets", "Map Pieces in your Inventory cannot be discarded."),
        ("neopets", "Cards that say 'This card begins the game in your Rainbow Pool' get +1 "
         "Attack."),
        ("neopets", "For each card in your Rainbow Pool, your Neopet gets +1 Attack."),
        ("metazoo", "Pages in your Archive cannot be destroyed."),
        ("metazoo", "Each player may look at the top Page of your Spellbook."),
        ("metazoo", "When this Token leaves the Arena, it may be put into your Spellbook."),
        ("neopets", "Construct a Fortress, then draw a card."),  # no opening clause of building
        ("neopets", "If this card is in your deck at the start of the game, draw a card."),
    ],
)  # fmt: skip
def test_play_text_naming_a_construction_word_is_read_as_play_8_2_1_7_10_1_p25(game, text):
    """The main clause's verb is an action of play: the card imports and states no data."""
    card = {"name": "Test Odd Card", "type": "Location" if game == "neopets" else "Artifact",
            "text": text, "attributes": {} if game == "neopets" else {"lp": 30}}  # fmt: skip
    (read,) = read_cards({"game": game, "cards": [card]})
    assert not set(read.attributes) & {*neopets.FIELDS, "restrictions", "token_sections"}
