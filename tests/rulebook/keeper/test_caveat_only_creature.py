"""A Keeper creature whose only text is a caveat (issue 29's judgment call), decided from the Card
Building Guide's words: "Any creature may have no more than one caveat, listed before any
abilities the creature has" (Caveats) asks for no ability, and the creature formula "subtract the
creature's caveat relief (if any) ... Then add the creature's ability cost" (Resource Cost) costs
one with none. So it is a legal card, costed by the formula with its caveat's relief."""

from __future__ import annotations

from rulebook.keeper.builder import card_review

CAVEAT = "You must sacrifice 1 card in play to summon this creature."  # relief 2x, x = 1


def test_a_creature_whose_only_text_is_a_caveat_is_legal_and_costed_by_the_formula():
    review = card_review(card_type="Creature", text=CAVEAT, offense=3, defense=5)
    # max(1, ceil(max(0, 3 + 5/5 - 2) + 0)) = 2
    assert (review["cost"], review["legal"], review["unparsed"]) == (2, True, [])
    assert [step["component"] for step in review["steps"]][-1] == "caveat"


def test_its_relief_never_takes_the_cost_below_one():
    review = card_review(card_type="Creature", text=CAVEAT, offense=1, defense=0)
    assert (review["cost"], review["legal"]) == (1, True)


def test_a_spell_may_not_have_a_caveat():
    """Caveats: "caveats can only be given to creatures, not spells"."""
    review = card_review(card_type="Spell", text=CAVEAT)
    assert review["legal"] is False
