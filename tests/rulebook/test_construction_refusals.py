"""Refusals of card data the card's text contradicts (issue 38, item 3): each names the card
and the field, says both in words (never a parsed clause such as [{'not_with': [...]}]) and
quotes the sentence that states what the text says, or the text when no sentence does. Neopets
Golden Rules ("card text takes precedence"), 8.2.1, 7.10.1, 7.8.2; MetaZoo p. 25 (Spellbook
Restrictions) and p. 7 (Tokens)."""

from __future__ import annotations

import pytest

from rulebook.cardfile import CardFileError, read_cards
from rulebook.neopets.construction_grammar import FIELDS

NEOPETS_SAYING = {
    "begins_in_rainbow_pool": "This card begins the game in your Rainbow Pool.",
    "collectable_as_map_piece": "This card can be collected as a Map Piece.",
    "any_number_of_copies": "A deck may contain any number of copies of this card.",
}
PLAIN = "Heal 1 HP each turn."


def refusal(game: str, card: dict) -> tuple[str, str, str]:
    with pytest.raises(CardFileError) as refused:
        read_cards({"game": game, "cards": [card]})
    (problem,) = [p for p in refused.value.problems if p[1].startswith("attributes.")]
    return problem


def in_words(message: str) -> bool:
    return not any(mark in message for mark in ("[{", "{'", "['", "': "))


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("text_says", [True, False])
def test_a_neopets_field_the_text_contradicts_is_refused_quoting_the_sentence_golden_rules(
    field, text_says
):
    """Golden Rules, 8.2.1, 7.10.1, 7.8.2."""
    text = f"{NEOPETS_SAYING[field]} {PLAIN}" if text_says else PLAIN
    card = {"name": "Test Spring", "type": "Location", "text": text,
            "attributes": {field: not text_says}}  # fmt: skip
    where, named, message = refusal("neopets", card)
    assert "Test Spring" in where and named == f"attributes.{field}"
    quoted = NEOPETS_SAYING[field] if text_says else PLAIN
    assert f"“{quoted}”" in message and in_words(message), message


@pytest.mark.parametrize(
    ("recorded", "recorded_words"),
    [
        ([{"not_with": ["Dr. Hollow"]}], "not in a Spellbook with Pages named Dr. Hollow"),
        ({"only_with": ["Bigfoot"]}, "only in a Spellbook with nothing but Pages named Bigfoot"),
    ],
)
def test_a_metazoo_restriction_the_text_contradicts_is_refused_in_words_p25(
    recorded, recorded_words
):
    sentence = "You may not include this Page in a Spellbook with Bigfoot."
    card = {"name": "Sample Loner", "type": "Artifact", "text": f"{sentence} ARENA: +10 LP.",
            "attributes": {"restrictions": recorded, "lp": 30}}  # fmt: skip
    where, named, message = refusal("metazoo", card)
    assert "Sample Loner" in where and named == "attributes.restrictions"
    assert f"“{recorded_words}”" in message and f"“{sentence}”" in message, message
    assert "not in a Spellbook with Pages named Bigfoot" in message and in_words(message)


def test_a_metazoo_token_section_the_text_does_not_open_is_refused_quoting_the_text_p7():
    card = {"name": "Sample Ally Token", "type": "Token", "text": "ARENA: +10 LP.",
            "attributes": {"token_sections": ["spellbook"]}}  # fmt: skip
    where, named, message = refusal("metazoo", card)
    assert "Sample Ally Token" in where and named == "attributes.token_sections"
    assert "“ARENA: +10 LP.”" in message and "a Spellbook" in message and in_words(message)
