"""Spellbook Restrictions generated from the MetaZoo grammar (construction_grammar.py): every
clause shape "written similarly" (Static Effects: Spellbook Restrictions, p. 25), with this Page
on either side, states its clause when exactly one side is this Page (and, for the allowing
forms, on the side that reads one way) and is refused otherwise; quoted or embedded in play it
states nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.metazoo.construction_grammar import GRAMMAR, clauses_of, read_restrictions
from tests.rulebook.grammar_sentences import sentences

KNOWN = frozenset({"Headless Horseman", "Bigfoot"})
LEAVES = {
    "side": lambda: st.sampled_from(
        [
            (["this", "Page"], ["self"]),
            (["Sample", "Loner"], ["self"]),
            (["Headless", "Horseman"], ["other"]),
        ]
    ),
    "things": lambda: st.just((["Bigfoot"], [])),  # what an "unless" names
}
SHAPES = st.one_of(
    *(sentences(GRAMMAR, rule, LEAVES) for rule in ("forbid", "allow_other", "allow_self"))
)


def expected(chosen: list[str]) -> list[dict] | None:
    """The clause the sentence states, or None when it must be refused (p. 25)."""
    sides = [item for item in chosen if item in ("self", "other")]
    rule = chosen[0]
    if sides.count("self") != 1:
        return None
    if rule == "allow_other" and sides != ["other", "self"]:
        return None
    if rule == "allow_self" and sides != ["self", "other"]:
        return None
    if rule == "forbid":
        clause = {"not_with": ["Headless Horseman"]}
        return [clause | {"unless": ["Bigfoot"]}] if "unless" in chosen else [clause]
    return [{"only_with": ["Headless Horseman"]}]


def keys(data) -> set:
    return {clause.key() for clause in clauses_of(data) or []}


@settings(max_examples=400, deadline=None)
@given(SHAPES)
def test_every_clause_shape_states_its_clause_or_is_refused_p25(said):
    sentence, chosen = said
    reading = read_restrictions("Sample Loner", sentence, KNOWN)
    want = expected(chosen)
    if want is None:
        assert reading.unread == (sentence,), sentence
        return
    assert keys(reading.data.get("restrictions")) == keys(want), sentence
    assert reading.unread == (), sentence


@settings(max_examples=200, deadline=None)
@given(SHAPES)
def test_quoted_or_embedded_in_play_a_clause_states_nothing_p25(said):
    sentence, _ = said
    for text in (
        f"\u201c{sentence}\u201d",
        f"When this Page enters the Arena, say \u201c{sentence}\u201d",
    ):
        reading = read_restrictions("Sample Loner", text, KNOWN)
        assert (reading.data, reading.unread) == ({}, ()), text
