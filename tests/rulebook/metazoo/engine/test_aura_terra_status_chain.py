"""Aura (Generating Aura p. 18; Neutral p. 8), Terra slots (p. 13), Status Effects (p. 29 and
the README's rules notes), the resolution chain (p. 22) and what the engine cannot play."""

from __future__ import annotations

from rulebook.metazoo.engine import MetaZooDeck
from rulebook.metazoo.engine.aura import can_pay, payment
from rulebook.samples import METAZOO

from .builders import (
    Scripted,
    beastie,
    card,
    events,
    flame_aura,
    in_chapter,
    put,
    started,
    water_aura,
)


def test_neutral_is_paid_by_any_aura_and_a_type_only_by_its_own():
    """Aura Types: "Any Aura can be used to pay a Neutral Aura's Cost" (p. 8)."""
    game = started()
    sources = [put(game, 0, flame_aura()), put(game, 0, water_aura())]
    assert can_pay({}, sources, (("neutral", 2),))
    assert can_pay({}, sources, (("flame", 1), ("neutral", 1)))
    assert not can_pay({}, sources, (("flame", 2),))
    fatigued, left = payment({}, sources, (("water", 1),))
    assert [(page.card.name, kind) for page, kind, _ in fatigued] == [("Water Aura", "water")]
    assert left == {}


def test_a_fatigued_aura_page_generates_nothing():
    """Generating Aura (p. 18): Fatigue an Awakened Aura Page."""
    game = started()
    tired = put(game, 0, flame_aura(), fatigued=True)
    assert not can_pay({}, [tired], (("flame", 1),))


def test_terra_fills_slots_in_order_and_a_seventh_replaces_slot_one():
    """Terra Pages and Rotation (p. 13): slots 1 to 6 first come; a 7th replaces slot 1 and
    goes to the Afterlife; after a Terra is Destroyed, the next fills its slot."""
    game = started()
    river = card("River Terra", "Terra", terra="river", basic=True)
    pages = [in_chapter(game, seat % 2, river) for seat in range(8)]
    for index, page in enumerate(pages[:7]):
        game.contract_terra(game.casters[index % 2], page)
    assert [e["slot"] for e in events(game, "terra")] == [1, 2, 3, 4, 5, 6, 1]
    assert pages[0].zone == "afterlife" and pages[0] in game.casters[0].afterlife
    game.destroy(pages[3])
    game.contract_terra(game.casters[1], pages[7])
    assert events(game, "terra")[-1]["slot"] == 4


def test_one_coin_decides_a_status_for_every_target_and_one_indicator_of_each_kind():
    """Simultaneous Effects (p. 23): one flip for all targets; Status Effects (p. 29): one
    indicator of each type, Poison excepted."""
    game = started()
    a, b = put(game, 1, beastie("A")), put(game, 1, beastie("B"))
    me = game.casters[0]
    for _ in range(6):
        game.inflict([a, b], "burn", me, automatically=False)
        game.inflict([a, b], "poison", me, automatically=False)
    coins = [e for e in events(game, "coin") if e["why"].startswith("inflict")]
    assert len(coins) == 12
    assert a.statuses.keys() == b.statuses.keys()
    assert a.statuses.get("poison") == b.statuses.get("poison")
    assert sum(e["status"] == "burn" and e["target"] == a.uid for e in events(game, "inflict")) <= 1


def test_burn_deals_10_and_poison_loses_10_an_indicator_at_the_end_of_the_turn():
    """README rules notes (the seed lost the amounts): Burn 10 Damage, Poison 10 LP Loss an
    indicator, at the end of the controller's turn."""
    game = started()
    me = game.casters[0]
    page = put(game, 0, beastie("Target", lp=100))
    game.inflict([page], "burn", me, automatically=True)
    for _ in range(2):
        game.inflict([page], "poison", me, automatically=True)
    game.end_effects(me)
    assert page.damage == 10 and page.loss == 20


def test_a_frozen_page_stays_fatigued_for_one_awaken_step():
    game = started()
    page = put(game, 0, beastie("Cold"), fatigued=True)
    game.inflict([page], "frozen", game.casters[1], automatically=True)
    game.awaken(game.casters[0])
    assert page.fatigued and "frozen" not in page.statuses
    game.awaken(game.casters[0])
    assert not page.fatigued


def test_the_chain_resolves_last_in_first_out_and_a_nullified_spell_does_nothing():
    """Resolution Chains (p. 22): Dampen, Contracted in response, resolves first and stops
    the Spell it targets."""
    decks = {n: MetaZooDeck.from_deck(METAZOO.deck(n)) for n in METAZOO.names()}
    fireball = next(c for c in decks["flame-aggro"].spellbook if c.name == "Fireball")
    dampen = next(c for c in decks["water-control"].spellbook if c.name == "Sample Dampen")
    game = started(Scripted(), Scripted())
    me, them = game.casters
    for _ in range(2):
        put(game, 0, flame_aura())
    put(game, 1, water_aura())
    target = put(game, 1, beastie("Otter", lp=40, aura="water"))
    in_chapter(game, 1, dampen)
    them.answers = True  # (set from the Spellbook as a game begins; here the Page is added)
    spell = in_chapter(game, 0, fireball)
    game.act(me, ("contract", spell))
    kinds = [e["event"] for e in game.log if e["event"] in ("contract", "nullified", "resolve")]
    assert kinds == ["contract", "contract", "resolve", "nullified"]
    assert target.damage == 0 and spell.zone == "cemetery"
    (stopped,) = events(game, "nullified")
    assert (stopped["player"], stopped["page"]) == (0, spell.uid)


def test_a_page_the_engine_cannot_play_is_listed_never_played_as_something_else():
    compass = card(
        "Rusty Compass",
        "Artifact",
        text="Once per turn: look at the top Page.",
        aura_cost={"neutral": 1},
        lp=20,
    )
    odd = beastie(
        "Odd",
        traits=["Convert"],
        attacks=[{"name": "Odd Bite", "damage": 10, "effect": "Steal a Page."}],
    )
    deck = MetaZooDeck((compass, odd))
    assert deck.unsupported == {
        "Rusty Compass": ("rules text without structured effects",),
        "Odd": ("the Convert Trait", "the effect of the Attack 'Odd Bite': Steal a Page."),
    }
    assert odd.traits == frozenset()
