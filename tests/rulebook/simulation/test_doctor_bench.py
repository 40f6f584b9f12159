"""`python -m bench.doctor`'s sample cases (issue 41, item 5): what a user would try."""

from __future__ import annotations

from bench.doctor_cases import sample_case


def test_the_sample_cases_try_every_swap_of_the_formats_cards_against_the_sample_field():
    neopets = sample_case("neopets")
    assert len(neopets.decks) == 154 and len(neopets.swaps) == 154
    assert not neopets.field.table and len(neopets.field.opponents) == 1  # strong against rival
    blades = sample_case("millennium-blades")
    assert len(blades.decks) == 191
    assert blades.field.table and len(blades.field.opponents) == 3  # beasts at a table of four
    assert {swap.into for swap, _ in neopets.swaps} > {"green-slorg", "red-lupe"}
