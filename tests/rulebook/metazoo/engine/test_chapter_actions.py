"""The Actions a Caster's Chapter offers in the Take Actions step (2023 rulebook, Turn Steps
p. 17: Contract Pages, one Aura Page a turn; Trap Pages p. 39: place a Trap Page face-down):
each Page once, whatever number of copies is in hand, a Trap Page both ways."""

from __future__ import annotations

from rulebook.metazoo.engine.legal import ActionOptions

from .builders import beastie, card, flame_aura, in_chapter, started


def _hand(game, *page_cards):
    caster = game.casters[0]
    caster.chapter.clear()
    return caster, [in_chapter(game, 0, page_card) for page_card in page_cards]


def test_copies_of_a_page_in_the_chapter_are_one_action():
    """Contracting either copy of a Page is the same Action (Turn Steps, p. 17): it is offered
    once, as the first copy."""
    game = started()
    aura, pup = flame_aura(), beastie("Pup", aura="flame")
    me, pages = _hand(game, aura, aura, pup, pup)
    options = ActionOptions(game, me)
    assert options.of_kind("aura") == [("aura", pages[0])]
    assert options.candidates() == [pages[2]]
    assert len(options) == len(list(options))  # each Action once, copies or not


def test_a_trap_page_in_the_chapter_may_be_placed_face_down():
    """Trap Pages (p. 39): a Page with the Trap Trait may be placed face-down (free) as an
    Action; a Page without it may not."""
    game = started()
    snare = card("Snare", "Spell", aura_cost={"flame": 1}, traits=["Trap"], effects=[])
    me, (trap, _) = _hand(game, snare, beastie("Pup"))
    options = ActionOptions(game, me)
    assert options.of_kind("trap") == [("trap", trap)]
    assert ("trap", trap) in options
