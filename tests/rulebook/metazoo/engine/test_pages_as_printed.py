"""What a Page's printing gives it in play (2023 rulebook: Glossary, Life Points and Bonus LP;
Tribal Boost p. 28; Aura Types p. 8; Use Powers p. 17; Priority p. 21): read from the Spellbook a
game is built from, each Page and Spellbook made inside its test (docs/testing/mutants.md: a
Page compiled at import is never mutated)."""

from __future__ import annotations

from rulebook.metazoo.engine.legal import ActionOptions, responses

from .builders import (
    beastie,
    card,
    events,
    healer_card,
    in_chapter,
    new_game,
    put,
    spellbook,
    started,
)


def volt_sprite():
    """The sample Pages' Power: "Power: Bookmark 1"."""
    return card(
        "Volt Sprite",
        "Beastie",
        aura_cost={"lightning": 1},
        lp=40,
        attacks=[{"name": "Zap", "damage": 10}],
        effects=[{"when": "power", "do": "bookmark", "n": 1}],
    )


def test_a_spellbooks_any_time_effect_is_offered_in_priority_windows_of_the_game():
    """Priority (p. 21): with priority a Caster may use an "any time" effect. A Caster whose
    Spellbook has a Page with one is offered it; the other Caster, with none, is offered
    nothing."""
    page = healer_card()
    game = new_game(spellbook(page), spellbook())
    game.begin()
    me, them = game.casters
    mine = put(game, 0, page)
    mine.damage = 30
    assert responses(game, me) == [("any_time", mine)]
    put(game, 1, page).damage = 30  # (a Page the other Spellbook never had)
    assert responses(game, them) == []


def test_a_spellbooks_power_is_offered_as_an_action_of_the_turn():
    """Use Powers (p. 17): an Awakened Beastie's Power is an Action of its Caster's turn."""
    page = volt_sprite()
    game = new_game(spellbook(page), spellbook())
    game.begin()
    game.turn = 1
    me, them = game.casters
    sprite = put(game, 0, page)
    assert ActionOptions(game, me).of_kind("power") == [("power", sprite, 0)]
    assert ActionOptions(game, them).of_kind("power") == []


def test_an_aura_page_printed_without_an_aura_type_pays_any_typed_cost():
    """Aura Types (p. 8): a Special Aura Page "belong[s] to no other Aura Type"; one printed
    with no Aura type and no written Effect generates one Aura of any type, so it pays a Flame
    Cost."""
    game = started()
    me = game.casters[0]
    wild = put(game, 0, card("Wild Aura", "Aura"))
    pup = in_chapter(game, 0, beastie("Pup", aura="flame"))
    game.act(me, ("contract", pup))
    assert pup in me.arena and wild.fatigued
    (generated,) = events(game, "generate")
    assert (generated["page"], generated["aura"], generated["n"]) == (wild.uid, "any", 1)


def test_a_beastie_printed_with_no_lp_has_only_its_bonus_lp():
    """Glossary, Life Points: a Page enters with the LP printed on it; Bonus LP is added past
    it; Tribal Boost (p. 28) gives +10 for each other Beastie of its Tribe. Printed 0 (the
    schema allows it) with one other of its Tribe: 10 LP, and 10 Damage Destroys it."""
    game = started()
    shade = put(game, 0, card("Shade", "Beastie", aura_cost={"spirit": 1}, lp=0,
                              tribe="Wisp", tribal_boost=True))  # fmt: skip
    put(game, 1, beastie("Wisp", tribe="Wisp"))
    assert game.max_lp(shade) == 10
    game.deal(shade, 10, None, "test")
    game.sweep()
    assert shade.zone == "limbo"
