"""Paying an Aura Cost (2023 rulebook: Generating Aura and How to Contract a Page p. 18; Aura
Types p. 8: "Any Aura can be used to pay a Neutral Aura's Cost"; Turn Steps p. 17: unspent Aura
dissolves), with the engine's order of Aura Pages (the README's simplification: Aura already
generated first, then Basic Aura Pages of the Cost's type, then Special ones)."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from rulebook.metazoo.engine.aura import Budget, can_pay, dissolve, payment, to_hand
from rulebook.metazoo.engine.state import Page

from .builders import beastie, card, events, flame_aura, in_chapter, put, started, water_aura


def prism_aura():
    return card(
        "Prism Aura",
        "Aura",
        aura_type="neutral",
        effects=[{"do": "generate_aura", "aura": "any", "n": 1}],
    )


def ember_aura():
    return card(
        "Ember Aura",
        "Aura",
        aura_type="flame",
        effects=[{"do": "generate_aura", "aura": "flame", "n": 2, "destroy_self": True}],
    )


def blank_aura():
    """An Aura Page without an Aura Type: it generates Aura of any type (cards.py, aura_yield)."""
    return card("Blank Aura", "Aura")


def paid(plan):
    """A payment as (Aura Page name, type, amount) for each Page Fatigued, and what is left."""
    fatigued, left = plan
    return [(page.card.name, kind, n) for page, kind, n in fatigued], left


def test_aura_already_generated_pays_before_any_page_is_fatigued():
    """Generating Aura (p. 18): Aura generated this turn and not spent is still there to pay."""
    game = started()
    flame = put(game, 0, flame_aura())
    assert paid(payment({"flame": 1}, [flame], (("flame", 1),))) == ([], {})
    assert paid(payment({"flame": 1}, [flame], (("flame", 2),))) == (
        [("Flame Aura", "flame", 1)],
        {},
    )
    assert paid(payment({"any": 1}, [flame], (("flame", 1),))) == ([], {})
    assert paid(payment({"water": 1}, [flame], (("flame", 1), ("neutral", 1)))) == (
        [("Flame Aura", "flame", 1)],
        {},
    )


def test_a_typed_cost_takes_basic_aura_pages_of_its_type_before_special_ones():
    """A Basic Aura Page generates one Aura of its type (p. 18); the engine spends those before
    a Special Aura Page (README simplification), whatever the order of the Arena."""
    game = started()
    ember, flame, water = (
        put(game, 0, ember_aura()),
        put(game, 0, flame_aura()),
        put(game, 0, water_aura()),
    )
    assert paid(payment({}, [ember, water, flame], (("flame", 1),))) == (
        [("Flame Aura", "flame", 1)],
        {},
    )
    assert paid(payment({}, [ember, water, flame], (("flame", 3),))) == (
        [("Flame Aura", "flame", 1), ("Ember Aura", "flame", 2)],
        {},
    )


def test_aura_of_any_type_pays_a_typed_cost_when_its_own_type_runs_short():
    """A Special Aura Page that generates Aura of any type (Glossary: Aura Types) pays any typed
    Cost; the Basic Aura of the Cost's type is used first."""
    game = started()
    prism, water, flame = (
        put(game, 0, prism_aura()),
        put(game, 0, water_aura()),
        put(game, 0, flame_aura()),
    )
    assert paid(payment({}, [prism, water], (("flame", 1),))) == ([("Prism Aura", "any", 1)], {})
    assert paid(payment({}, [prism, flame], (("flame", 2),))) == (
        [("Flame Aura", "flame", 1), ("Prism Aura", "any", 1)],
        {},
    )
    assert payment({}, [prism, water], (("flame", 2),)) is None
    assert payment({"any": 1}, [water], (("flame", 2),)) is None


def test_a_neutral_cost_takes_typed_aura_left_before_aura_of_any_type():
    """Aura Types (p. 8): any Aura pays a Neutral Cost; what is left stays generated (the engine
    keeps the "any" Aura, which pays more Costs)."""
    game = started()
    water = put(game, 0, water_aura())
    assert paid(payment({"any": 1, "water": 1}, [], (("neutral", 1),))) == ([], {"any": 1})
    assert paid(payment({"any": 1, "flame": 2}, [], (("neutral", 1),))) == (
        [],
        {"any": 1, "flame": 1},
    )
    assert payment({"flame": 1}, [], (("neutral", 2),)) is None
    assert paid(payment({"flame": 1}, [water], (("neutral", 2),))) == (
        [("Water Aura", "water", 1)],
        {},
    )
    assert paid(payment({}, [water, put(game, 0, flame_aura())], (("neutral", 1),))) == (
        [("Water Aura", "water", 1)],
        {},
    )


def test_generating_more_than_the_cost_leaves_the_rest_generated():
    """A Special Aura Page's written Effect (p. 18): Ember generates 2 Flame; 1 paid, 1 left."""
    game = started()
    ember = put(game, 0, ember_aura())
    assert paid(payment({}, [ember], (("flame", 1),))) == (
        [("Ember Aura", "flame", 2)],
        {"flame": 1},
    )


def test_only_awakened_aura_pages_are_to_hand():
    """Generating Aura (p. 18): "Fatigue an Awakened Aura Page"; a Beastie generates none."""
    game = started()
    awake = put(game, 0, flame_aura())
    put(game, 0, flame_aura(), fatigued=True)
    put(game, 0, beastie("Pup"))
    assert to_hand(game.casters[0].arena) == [awake]
    assert payment({}, to_hand(game.casters[0].arena), (("flame", 2),)) is None


def test_contracting_fatigues_the_aura_pages_paid_and_destroys_one_that_says_so():
    """How to Contract a Page (p. 18): the Aura Cost is paid by Fatiguing Aura Pages; Ember's
    Effect: "Destroy this Page"; the Aura left stays generated for this turn."""
    game = started()
    me = game.casters[0]
    ember, spare = put(game, 0, ember_aura()), put(game, 0, water_aura())
    pup = in_chapter(game, 0, beastie("Pup"))
    game.act(me, ("contract", pup))
    assert ember.zone == "afterlife" and not spare.fatigued
    assert me.aura == {"flame": 1}
    (made,) = events(game, "generate")
    assert (made["player"], made["page"], made["aura"], made["n"]) == (0, ember.uid, "flame", 2)
    (pay,) = events(game, "pay")
    assert (pay["player"], pay["cost"], pay["pages"], pay["left"]) == (
        0,
        {"flame": 1},
        [ember.uid],
        {"flame": 1},
    )
    kit = in_chapter(game, 0, card("Kit", "Beastie", aura_cost={"neutral": 1}, lp=10))
    game.act(me, ("contract", kit))  # paid from the Flame left
    assert me.aura == {} and not spare.fatigued and kit.zone == "arena"


def test_aura_already_generated_counts_toward_what_may_be_contracted():
    """Take Actions (p. 17): "you may use generated Aura to pay the cost of a Page in your
    Chapter an Contract it": Aura left from an earlier Cost this turn counts, with no Aura
    Page to hand."""
    game = started()
    me = game.casters[0]
    pup = in_chapter(game, 0, beastie("Pup"))
    assert ("contract", pup) not in game.actions(me)
    me.aura = {"flame": 1}
    assert ("contract", pup) in game.actions(me)


def test_a_page_without_a_cost_is_contracted_without_paying():
    game = started()
    me = game.casters[0]
    aura = put(game, 0, flame_aura())
    free = in_chapter(game, 0, card("Free", "Beastie", lp=10))
    game.act(me, ("contract", free))
    assert free.zone == "arena" and not aura.fatigued and events(game, "pay") == []


def test_unspent_aura_of_both_casters_dissolves_at_the_end_of_the_turn():
    """Turn Steps (p. 17): "Any unspent Aura dissolves" (Aura "dissolves at the end of each
    turn", p. 18): the other Caster's, generated on this turn, too."""
    game = started()
    me, them = game.casters
    me.aura, them.aura = {"flame": 1}, {"water": 2}
    game.end_effects(me)  # (the end effects leave the Aura alone)
    assert me.aura == {"flame": 1}
    dissolve(game, them)
    assert them.aura == {}
    (gone,) = events(game, "aura_dissolves")
    assert (gone["player"], gone["aura"]) == (1, {"water": 2})
    dissolve(game, them)  # nothing left: nothing to log
    assert len(events(game, "aura_dissolves")) == 1


KINDS = ("flame", "water", "neutral")

# Each drawn Page is built in the example, never at import (the import-time mechanism of
# docs/testing/mutants.md: a Page compiled at import is never mutated).
AURA_PAGES = {
    "flame": flame_aura,
    "water": water_aura,
    "prism": prism_aura,
    "ember": ember_aura,
    "blank": blank_aura,
}
COSTS = st.lists(
    st.tuples(st.sampled_from(KINDS), st.integers(1, 3)), max_size=3, unique_by=lambda c: c[0]
)


@given(
    pool=st.dictionaries(st.sampled_from(("flame", "water", "any")), st.integers(1, 2), max_size=2),
    pages=st.lists(st.tuples(st.sampled_from(sorted(AURA_PAGES)), st.booleans()), max_size=5),
    costs=st.lists(COSTS, min_size=1, max_size=3),
)
@example(
    pool={}, pages=[("blank", False), ("flame", False)], costs=[[("flame", 1)], [("water", 1)]]
)
@example(pool={}, pages=[("flame", False), ("flame", False)], costs=[[("flame", 2)]])
@example(pool={}, pages=[("ember", False)], costs=[[("flame", 2)]])
@example(pool={}, pages=[("prism", False)], costs=[[("water", 1)]])
def test_what_a_caster_can_pay_is_what_a_payment_is_found_for(pool, pages, costs):
    """The Budget a Caster's options are read from (legal.py) says a Cost can be paid exactly
    when `payment` finds a way (Generating Aura, p. 18), asked once or many times."""
    arena = []
    for number, (name, fatigued) in enumerate(pages):
        page = Page(number, AURA_PAGES[name](), 0)
        page.fatigued = fatigued
        arena.append(page)
    budget = Budget(pool, arena)  # (one Budget asked every Cost, as for a Chapter)
    for cost in costs:
        cost = tuple(sorted(cost))
        found = payment(pool, to_hand(arena), cost) is not None
        assert budget.covers(cost) == found == budget.covers(cost)
        assert can_pay(pool, to_hand(arena), cost) == found
    assert Budget(pool, arena).covers(()) and can_pay(pool, [], ())


def test_a_basic_aura_page_pays_only_its_own_type_or_neutral():
    """A Basic Aura Page generates one Aura of its type (p. 18): a Flame Aura pays a Flame or a
    Neutral Cost, never a Water one."""
    game = started()
    flame = put(game, 0, flame_aura())
    assert can_pay({}, [flame], (("flame", 1),)) and can_pay({}, [flame], (("neutral", 1),))
    assert not can_pay({}, [flame], (("water", 1),))
    assert payment({}, [flame], (("water", 1),)) is None
