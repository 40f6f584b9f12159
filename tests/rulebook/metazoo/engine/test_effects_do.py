"""What each effect of the vocabulary does as it resolves, and what the log says of it (2023
rulebook: Targeting Defined p. 23, On-top-of and Underneath p. 40, Glossary: Destroyed and
Effect Damage; the vocabulary, rulebook/metazoo/effects.py; docs/game-logs.md)."""

from __future__ import annotations

import pytest

from rulebook.metazoo.engine.effects import apply_effect, choose_targets

from .builders import Scripted, beastie, card, events, in_chapter, put, started


def _caster_and_page(seat=0):
    game = started()
    me = game.casters[seat]
    source = put(game, seat, card("Source", "Artifact", aura_cost={}, lp=20))
    return game, me, source


def test_earths_binding_and_bottled_fog_are_logged_with_their_caster():
    """no_attacks: no Beastie may declare an Attack until this effect's Caster's next turn;
    shroud: Beasties cannot be targeted this turn. The log names whose effect it is, and
    until whose turn Attacks are barred."""
    game, me, source = _caster_and_page(seat=1)
    apply_effect(game, {"do": "no_attacks"}, me, source, {})
    apply_effect(game, {"do": "shroud"}, me, source, {})
    (barred,) = events(game, "attacks_barred")
    assert (barred["player"], barred["until_turn_of"]) == (1, 1)
    assert game.barred_until == 1
    assert [e["player"] for e in events(game, "shroud")] == [1]


def test_effect_damage_is_logged_as_an_effects():
    """Effect Damage (Glossary) is Damage from an effect, not an Attack: the log's `damage`
    says why."""
    game, me, source = _caster_and_page()
    hound = put(game, 1, beastie("Hound", lp=50))
    apply_effect(game, {"do": "damage", "n": 20, "target": "opposing_beastie"}, me, source,
                 {"opposing_beastie": hound})  # fmt: skip
    (dealt,) = events(game, "damage")
    assert (dealt["player"], dealt["target"], dealt["amount"], dealt["why"], dealt["source"]) == (
        1, hound.uid, 20, "effect", source.uid,
    )  # fmt: skip


def test_a_destroy_effect_destroys_its_target():
    """Destroyed (Glossary): out of the Arena into its owner's Limbo."""
    game, me, source = _caster_and_page()
    hound = put(game, 1, beastie("Hound", lp=50))
    apply_effect(game, {"do": "destroy", "target": "opposing_beastie"}, me, source,
                 {"opposing_beastie": hound})  # fmt: skip
    assert hound.zone == "limbo" and hound not in game.casters[1].arena
    (told,) = events(game, "destroyed")
    assert (told["player"], told["page"], told["name"]) == (1, hound.uid, "Hound")
    (moved,) = events(game, "zone")  # into its owner's Limbo
    assert (moved["player"], moved["page"], moved["name"], moved["zone"]) == (
        1, hound.uid, "Hound", "limbo",
    )  # fmt: skip


def test_a_trait_granted_is_logged_with_its_page_and_trait():
    game, me, source = _caster_and_page()
    pup = put(game, 0, beastie("Pup"))
    apply_effect(game, {"do": "grant_trait", "trait": "Flight", "target": "own_beastie"}, me,
                 source, {"own_beastie": pup})  # fmt: skip
    assert pup.has("Flight")
    (told,) = events(game, "trait")
    assert (told["player"], told["page"], told["trait"]) == (0, pup.uid, "Flight")


def test_a_beastie_placed_underneath_a_page_leaves_the_arena_for_under_it():
    """On-top-of and Underneath (p. 40, "Headless Horseman"): the target Beastie is placed
    underneath this Page; it is no longer in the Arena."""
    game, me, source = _caster_and_page()
    pup = put(game, 0, beastie("Pup"))
    apply_effect(game, {"do": "place_under", "target": "own_beastie"}, me, source,
                 {"own_beastie": pup})  # fmt: skip
    assert pup.zone == "under" and pup in source.carried and pup not in me.arena
    (told,) = events(game, "placed_under")
    assert (told["player"], told["page"], told["under"]) == (0, pup.uid, source.uid)


@pytest.mark.parametrize(
    "static",
    [
        {"do": "damage_bonus", "n": 10},
        {"do": "lp_bonus", "n": 10},
        {"do": "generate_aura", "aura": "flame", "n": 1},
    ],
)
def test_a_static_effect_does_nothing_as_it_resolves(static):
    """ARENA effects are static, read where they count (Damage, maximum LP, paying Aura): as
    its Page resolves they change nothing and log nothing."""
    game, me, source = _caster_and_page()
    pup = put(game, 0, beastie("Pup"))
    logged = len(game.log)
    apply_effect(game, static, me, source, {})
    assert len(game.log) == logged and game.current_lp(pup) == 50


def test_one_target_is_chosen_for_each_kind_of_target_whatever_comes_before_it():
    """How to Contract a Page (p. 18): the Caster selects the target(s) for its Effects: one
    choice for each kind of target the Page's effects name (two effects on "target opposing
    Beastie" reach the same one), after effects that target nothing."""
    asked = Scripted()
    game = started(asked, Scripted())
    me = game.casters[0]
    source = put(game, 0, card("Source", "Artifact", aura_cost={}, lp=20))
    hound = put(game, 1, beastie("Hound"))
    hit = {"do": "damage", "n": 10, "target": "opposing_beastie"}
    effects = [{"do": "bookmark", "n": 1}, hit, {**hit, "n": 20}]
    before = len(asked.asked)
    assert choose_targets(game, me, source, effects) == {"opposing_beastie": hound}
    assert asked.asked[before:] == ["target"]


def test_the_caster_choosing_a_target_is_told_which_effect_it_is_for():
    """How to Contract a Page (p. 18): the Caster selects the targets for its Effects, so it is
    told the effect it chooses for: the heuristic heals its own hurt Beastie and hits the
    opponent's with the same choice of Pages."""
    game = started()
    me = game.casters[0]
    source = put(game, 0, card("Source", "Artifact", aura_cost={}, lp=20))
    mine = put(game, 0, beastie("Mine"))
    mine.damage = 30
    theirs = put(game, 1, beastie("Theirs"))
    heal = [{"do": "recover", "n": 20, "target": "beastie"}]
    hit = [{"do": "damage", "n": 20, "target": "beastie"}]
    assert choose_targets(game, me, source, heal) == {"beastie": mine}
    assert choose_targets(game, me, source, hit) == {"beastie": theirs}


def test_recover_removes_damage_from_a_page_or_a_caster_and_the_log_says_how_much_is_left():
    """Recover (Glossary): remove Damage, never more than there is; the log's `recover` names
    whose effect it is, the target, the Damage removed and the LP it has after."""
    game, me, source = _caster_and_page()
    them = game.casters[1]
    pup = put(game, 0, beastie("Pup", lp=50))
    pup.damage, them.damage = 30, 10
    apply_effect(game, {"do": "recover", "n": 20, "target": "own_beastie"}, me, source,
                 {"own_beastie": pup})  # fmt: skip
    apply_effect(game, {"do": "recover", "n": 20, "target": "opposing_caster"}, me, source, {})
    assert (pup.damage, them.damage) == (10, 0)
    told = [(e["player"], e["target"], e["amount"], e["lp"]) for e in events(game, "recover")]
    assert told == [(0, pup.uid, 20, 40), (0, "caster:1", 10, 1000)]


def test_a_page_leaving_the_arena_sends_what_was_under_it_to_its_discard_pile():
    """Equipment (p. 38): "If the Page on top of the Equipment leaves the Arena, the Equipment
    will enter its respective discard pile ... (i.e., Beasties and Artifacts enter the Limbo,
    Spells and Potions enter the Cemetery)", its owner's (Ownership vs. Control, p. 23), though
    it was equipped to the other Caster's Page and controlled by that Caster."""
    game = started()
    host = put(game, 1, beastie("Host"))
    under = {}
    for type_ in ("Spell", "Potion", "Artifact", "Beastie"):
        page = put(game, 0, card(f"Under {type_}", type_, aura_cost={}, lp=20))
        game.leave_arena(page)
        page.zone, page.controller = "under", 1
        host.carried.append(page)
        under[type_] = page
    game.destroy(host)
    assert {t: p.zone for t, p in under.items()} == {
        "Spell": "cemetery", "Potion": "cemetery", "Artifact": "limbo", "Beastie": "limbo",
    }  # fmt: skip
    owner = game.casters[0]
    assert all(p.controller == 0 and p in owner.pile(p.zone) for p in under.values())


def test_a_tribal_boost_lost_as_a_tribe_mate_leaves_can_destroy():
    """Tribal Boost (p. 28): +10 LP for each other Beastie of its Tribe in the Arena; a Page
    whose LP that loss brings to 0 is Destroyed (Glossary: Life Points)."""
    game = started()
    cub = put(game, 0, beastie("Cub", lp=40, tribe="Yeti", tribal_boost=True))
    kin = put(game, 1, beastie("Kin", lp=40, tribe="Yeti"))
    cub.damage = 45  # 5 LP left of 50
    game.sweep()
    assert cub.zone == "arena"
    game.destroy(kin)
    game.sweep()
    assert cub.zone == "limbo"


def test_an_arena_trait_grant_reaches_its_casters_beasties_while_its_page_has_its_text():
    """ARENA grant_trait (the vocabulary: "on a Page: the Beasties you control, while it is in
    the Arena", as the sample Lantern of Wards): not the other Caster's Beasties, not its own
    Artifacts, and not while Paralyze removes its Effect text box (p. 29)."""
    game, _, source = _caster_and_page()
    ward = {"when": "arena", "do": "grant_trait", "trait": "Magiproof", "target": "own_beastie"}
    lantern = put(game, 0, card("Lantern", "Artifact", aura_cost={}, lp=20, effects=[ward]))
    mine, theirs = put(game, 0, beastie("Mine")), put(game, 1, beastie("Theirs"))
    assert game.has(mine, "Magiproof") and not game.has(mine, "Flight")
    assert not game.has(theirs, "Magiproof") and not game.has(source, "Magiproof")
    lantern.statuses["paralyze"] = game.turn
    assert not game.has(mine, "Magiproof")


def test_damage_beyond_a_pages_lp_leaves_it_at_0_lp():
    """Resolving a chosen Attack (p. 28): "A Page may have Damage allocated to it greater than
    its current LP, but can only have its current LP reduced to 0"; the log says 0."""
    game, me, source = _caster_and_page()
    hound = put(game, 1, beastie("Hound", lp=50))
    apply_effect(game, {"do": "damage", "n": 70, "target": "opposing_beastie"}, me, source,
                 {"opposing_beastie": hound})  # fmt: skip
    assert game.current_lp(hound) == 0
    assert [e["lp"] for e in events(game, "damage")] == [0]


def test_a_beastie_of_0_lp_is_destroyed_and_one_of_5_lp_is_not():
    """Glossary, Life Points: a Page with Damage and LP Loss equal to its maximum LP is
    Destroyed; a Beastie printed with 0 LP (the card data allows it) has reached it as it
    enters, one printed with 5 has not."""
    game = started()
    wisp, gnat = put(game, 0, beastie("Wisp", lp=0)), put(game, 0, beastie("Gnat", lp=5))
    game.sweep()
    assert (wisp.zone, gnat.zone) == ("limbo", "arena")


def test_a_page_left_with_1_lp_is_not_destroyed():
    """Glossary, Life Points: only Damage and LP Loss equal to the maximum LP destroy; the card
    data allows any LP, so a Beastie printed with 6 LP keeps 1 after 5 Damage, and the log says
    so."""
    game, me, source = _caster_and_page()
    mite = put(game, 1, beastie("Mite", lp=6))
    apply_effect(game, {"do": "damage", "n": 5, "target": "opposing_beastie"}, me, source,
                 {"opposing_beastie": mite})  # fmt: skip
    game.sweep()
    assert mite.zone == "arena" and game.current_lp(mite) == 1
    assert [e["lp"] for e in events(game, "damage")] == [1]


def test_an_lp_bonus_of_an_aura_type_counts_for_its_beasties_while_its_page_has_its_text():
    """ARENA lp_bonus (the vocabulary: "Beasties (of `aura`, if given) have +n LP"; Special
    Terra stack, p. 13): Beasties of that Aura type only, whoever controls them; a Paralyzed
    source gives none (p. 29), and the next source still counts."""
    game = started()
    tide = {"when": "arena", "do": "lp_bonus", "n": 10, "aura": "water"}
    calm = put(game, 0, card("Calm", "Artifact", aura_cost={}, lp=20, effects=[tide]))
    put(game, 1, card("Swell", "Artifact", aura_cost={}, lp=20, effects=[tide]))
    otter, ember = put(game, 0, beastie("Otter", aura="water")), put(game, 1, beastie("Ember"))
    assert (game.max_lp(otter), game.max_lp(ember)) == (70, 50)
    calm.statuses["paralyze"] = game.turn
    assert game.max_lp(otter) == 60


def test_a_page_entering_the_arena_is_logged_with_its_maximum_lp():
    """docs/game-logs.md (`enter`): a Beastie or Artifact entering the Arena with its maximum LP
    (its Tribal Boost and LP bonuses counted), a Page without LP with none."""
    game = started()
    put(game, 0, beastie("Kin", lp=40, tribe="Yeti"))
    cub = put(game, 0, beastie("Cub", lp=40, tribe="Yeti", tribal_boost=True))
    aura = put(game, 0, card("Flame Aura", "Aura", aura_type="flame", basic=True))
    entered = {e["page"]: e["lp"] for e in events(game, "enter")}
    assert (entered[cub.uid], entered[aura.uid]) == (50, None)


def test_a_beastie_whose_lp_bonus_ends_is_destroyed_at_0_lp():
    """Glossary, Life Points: Damage equal to the maximum LP destroys, whatever lowered the
    maximum: a Special Terra with an LP bonus leaving its slot (p. 13), Paralyze removing a
    Tribal Boost (p. 28-29)."""
    game = started()
    grove = card("Grove", "Terra", terra="forest",
                 effects=[{"when": "arena", "do": "lp_bonus", "n": 10}])  # fmt: skip
    game.contract_terra(game.casters[0], in_chapter(game, 0, grove))
    mossy = put(game, 1, beastie("Mossy", lp=50))
    put(game, 0, beastie("Kin", lp=40, tribe="Yeti"))
    cub = put(game, 0, beastie("Cub", lp=40, tribe="Yeti", tribal_boost=True))
    mossy.damage, cub.damage = 55, 45  # of 60 LP each (the Cub: 40, Tribal Boost, the Grove)
    game.destroy(game.terra[0])
    game.sweep()
    assert mossy.zone == "limbo" and cub.zone == "arena"
    game.inflict([cub], "paralyze", game.casters[1], automatically=True)
    game.sweep()
    assert cub.zone == "limbo"
