"""The Pages a targeting effect may choose, and whom an effect reaches (2023 rulebook,
Targeting Defined p. 23-24; the effect vocabulary's kinds of target,
rulebook/metazoo/effects.py; README rules notes on Magiproof, "no opposing Spell or Potion may
target it", and on Status Effects)."""

from __future__ import annotations

from rulebook.metazoo.engine.effects import apply_effect, valid_targets

from .builders import beastie, card, coins, in_chapter, put, started


def _spell(target):
    return card("Zap", "Spell", effects=[{"do": "damage", "n": 10, "target": target}])


def test_an_effect_on_any_artifact_may_choose_either_casters_artifact():
    """Target "artifact": any Artifact in the Arena, the Caster's own or the opposing one's."""
    game = started()
    me = game.casters[0]
    mine = put(game, 0, card("Lamp", "Artifact", aura_cost={}, lp=20))
    theirs = put(game, 1, card("Idol", "Artifact", aura_cost={}, lp=20))
    zap = in_chapter(game, 0, _spell("artifact"))
    assert valid_targets(game, me, zap, "artifact") == [mine, theirs]
    assert valid_targets(game, me, zap, "opposing_artifact") == [theirs]


def test_magiproof_keeps_only_opposing_spells_off_a_page():
    """README rules notes, Traits: Magiproof, no opposing Spell or Potion may target it; its
    own Caster's Spells still may."""
    game = started()
    me = game.casters[0]
    warded = beastie("Warded", traits=["Magiproof"])
    mine, theirs = put(game, 0, warded), put(game, 1, warded)
    plain = put(game, 1, beastie("Plain"))
    zap = in_chapter(game, 0, _spell("beastie"))
    assert valid_targets(game, me, zap, "beastie") == [mine, plain]
    assert theirs not in valid_targets(game, me, zap, "opposing_beastie")


def test_an_effect_on_the_page_itself_reaches_it_while_it_is_in_the_arena():
    """Target "self": the Page itself, which an effect reaches only while it is still in the
    Arena (Targeting Defined, p. 23: an effect reaches what is still there as it resolves)."""
    game = started()
    me = game.casters[0]
    pup = put(game, 0, beastie("Pup"))
    armour = {"do": "grant_trait", "trait": "Stoneskin", "target": "self"}
    apply_effect(game, armour, me, pup, {})
    assert pup.has("Stoneskin")
    game.destroy(pup)
    apply_effect(game, {**armour, "trait": "Flight"}, me, pup, {})
    assert pup.zone != "arena" and not pup.has("Flight")


def test_an_effect_on_every_beastie_of_a_type_reaches_each_of_that_type_only():
    """Target "every_beastie" (no targeting, Targeting Defined p. 24): every Beastie in the
    Arena, of either Caster; with an Aura type named, only the Beasties of that type."""
    game = started()
    me = game.casters[0]
    mine, theirs = put(game, 0, beastie("Ember")), put(game, 1, beastie("Cinder"))
    other = put(game, 1, beastie("Otter", aura="water"))
    storm = put(game, 0, card("Storm", "Artifact", aura_cost={}, lp=20))
    scorch = {"do": "grant_trait", "trait": "Stoneskin", "target": "every_beastie"}
    apply_effect(game, {**scorch, "aura": "flame"}, me, storm, {})
    assert [p.has("Stoneskin") for p in (mine, theirs, other)] == [True, True, False]
    apply_effect(game, {**scorch, "trait": "Flight"}, me, storm, {})
    assert all(p.has("Flight") for p in (mine, theirs, other))


def test_an_effect_that_inflicts_automatically_needs_no_coin():
    """README rules notes, Status Effects: inflicted on a coin flip, heads, unless the effect
    says "automatically"."""
    game = started()
    me = game.casters[0]
    coins(game, False, False)
    pup, hound = put(game, 0, beastie("Pup")), put(game, 1, beastie("Hound"))
    sting = {"do": "inflict", "status": "poison", "target": "opposing_beastie"}
    apply_effect(game, sting, me, pup, {"opposing_beastie": hound})
    assert "poison" not in hound.statuses  # tails
    apply_effect(game, {**sting, "automatically": True}, me, pup, {"opposing_beastie": hound})
    assert "poison" in hound.statuses


def test_an_effect_on_a_spell_chooses_only_the_opposing_casters_spells_being_contracted():
    """Target "spell" (a nullify: Chain, p. 22; Nullify, glossary: "to not resolve the Effects
    ... of a Page"): a Spell on the chain, Contracted by the opposing Caster. Not a Potion, not
    the Caster's own Spell, not a Power or "any time" effect on the chain."""
    game = started()
    me, them = game.casters
    counter = in_chapter(game, 0, card("Counter", "Spell", effects=[]))

    def on_chain(caster, kind, type_):
        page = put(game, caster.seat, card(f"{type_} {kind}", type_, aura_cost={}, lp=20))
        game.chain.append({"kind": kind, "page": page, "caster": caster, "targets": {}})
        return page

    zap = on_chain(them, "contract", "Spell")
    on_chain(them, "contract", "Potion")
    on_chain(me, "contract", "Spell")
    on_chain(them, "power", "Spell")
    on_chain(them, "any_time", "Spell")
    assert valid_targets(game, me, counter, "spell") == [zap]


def test_an_effect_reaches_its_chosen_page_only_if_it_is_still_in_the_arena():
    """A targeting effect's target is chosen as the Page is Contracted and reached as it
    resolves (How to Contract a Page, p. 18; Combat step 6, p. 28: effects resolve in turn):
    a Page that left the Arena in between is not there to be reached."""
    game = started()
    me = game.casters[0]
    zap = in_chapter(game, 0, _spell("opposing_beastie"))
    gone, stays = put(game, 1, beastie("Gone")), put(game, 1, beastie("Stays"))
    game.leave_arena(gone)
    gone.zone = "limbo"
    burn = {"do": "damage", "n": 10, "target": "opposing_beastie"}
    apply_effect(game, burn, me, zap, {"opposing_beastie": gone})
    apply_effect(game, burn, me, zap, {"opposing_beastie": stays})
    assert (gone.damage, stays.damage) == (0, 10)


def test_a_spell_already_nullified_is_no_target_for_another_nullify():
    """The simplification each result lists: a Spell nullified on the chain is not targeted
    again (Glossary, Nullify: "to not resolve the Effects or Traits of a Page"; the rulebook
    does not say whether it may be, and a second nullify would change nothing)."""
    game = started()
    me, them = game.casters
    counter = in_chapter(game, 0, card("Counter", "Spell", effects=[]))
    zap = put(game, 1, card("Zap", "Spell", aura_cost={}, effects=[]))
    game.chain.append({"kind": "contract", "page": zap, "caster": them, "targets": {}})
    assert valid_targets(game, me, counter, "spell") == [zap]
    game.chain[-1]["nullified"] = True
    assert valid_targets(game, me, counter, "spell") == []
    assert any("already nullified" in s for s in game.finish(False).simplifications)
