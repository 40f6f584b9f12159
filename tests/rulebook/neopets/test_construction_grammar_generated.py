"""Neopets construction sentences generated from the grammar (construction_grammar.py): every
clause shape it reads, as written, negated, quoted and embedded in a clause about play, states
the data its rule says and nothing else. CR 8.2.1 (begins the game in the Rainbow Pool), 7.10.1
(collected as a Map Piece), 7.8.2 and 7.11.2 (any number of copies)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.neopets.construction_grammar import (
    ANY_NUMBER_OF_COPIES,
    BEGINS_IN_RAINBOW_POOL,
    COLLECTABLE_AS_MAP_PIECE,
    GRAMMAR,
    read_construction,
)
from tests.rulebook.grammar_sentences import sentences

NAME = "R4 Dr. Soup"
LEAVES = {
    "SELF": lambda: st.just(([NAME], [])),
    "NAME": lambda: st.just((["Hot Dog"], [])),
}
# The data each clause states, by rule (CR 8.2.1, 7.10.1, 7.11.2); the negated ones state none.
STATES = {
    "begins": {BEGINS_IN_RAINBOW_POOL: True},
    "not_begins": {},
    "map_piece": {COLLECTABLE_AS_MAP_PIECE: True},
    "not_map_piece": {},
    "any_number": {ANY_NUMBER_OF_COPIES: True},
}


def expected(chosen: list[str]) -> dict:
    clause = next(rule for rule in chosen if rule in STATES)
    return {} if "other" in chosen else STATES[clause]  # another card's rule, not this one's


@settings(max_examples=400, deadline=None)
@given(sentences(GRAMMAR, "construction", LEAVES))
def test_every_clause_shape_states_its_data_8_2_1_7_10_1_7_11_2(said):
    sentence, chosen = said
    reading = read_construction(NAME, sentence)
    assert (reading.data, reading.unread) == (expected(chosen), ()), sentence


@settings(max_examples=200, deadline=None)
@given(sentences(GRAMMAR, "construction", LEAVES))
def test_quoted_or_embedded_in_play_a_clause_states_nothing_8_2_1_7_10_1_7_11_2(said):
    """A quoted sentence is about that sentence; a clause after "If" or inside a search is about
    play: neither is this card's construction."""
    sentence, _ = said
    quoted = f"\u201c{sentence}\u201d"
    embedded = f"If {sentence[0].lower()}{sentence[1:-1]}, draw 1 card."
    for text in (quoted, embedded):
        reading = read_construction(NAME, text)
        assert (reading.data, reading.unread) == ({}, ()), text


@settings(max_examples=200, deadline=None)
@given(sentences(GRAMMAR, "construction", LEAVES), st.sampled_from(["\u2019", "\u00a0", "  "]))
def test_typographic_variants_state_the_same_data_7_8_2(said, variant):
    sentence, chosen = said
    retyped = (
        sentence.replace("'", variant) if variant == "\u2019" else sentence.replace(" ", variant, 3)
    )
    assert read_construction(NAME, retyped).data == expected(chosen), retyped
