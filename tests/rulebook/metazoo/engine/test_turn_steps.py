"""The Turn Steps (2023 rulebook p. 16-17): Mulligans, the start of a turn (its effects, priority,
Bookmark, Awaken), the end of a turn (priority, then the end effects in the order the active
Caster chooses, Simultaneous Effects p. 23), and what lasts only a turn."""

from __future__ import annotations

from rulebook.metazoo.engine.turns import start_effects

from .builders import (
    Scripted,
    beastie,
    card,
    events,
    healer_card,
    new_game,
    put,
    started,
)

BITE_AT_START = {"when": "start_of_turn", "do": "damage", "n": 10, "target": "opposing_caster"}
BITE_AT_END = {"when": "end_of_turn", "do": "damage", "n": 10, "target": "opposing_caster"}


def test_a_caster_may_mulligan_down_to_an_empty_chapter_and_is_then_asked_no_more():
    """Mulligan (p. 16): "as many times as they would like", each time the Chapter back into the
    Spellbook and N-1 Pages Bookmarked."""
    always = Scripted(mulligan=[True] * 10)
    game = new_game(policies=(always, Scripted(mulligan=[False])))
    game.begin()
    me = game.casters[0]
    assert [e["returned"] for e in events(game, "mulligan") if e["player"] == 0] == [
        7,
        6,
        5,
        4,
        3,
        2,
        1,
    ]
    assert always.asked.count("mulligan") == 7 and game.mulligans == [7, 0]
    assert me.chapter == [] and len(me.spellbook) == 40
    assert {page.zone for page in me.spellbook} == {"spellbook"}


def test_start_of_turn_effects_are_the_active_casters_own():
    """Turn Steps (p. 16): "Any Effects that state that they happen at the 'start' of your turn
    happen right now before Bookmarking"."""
    game = started()
    me, them = game.casters
    gnat = put(game, 0, card("Gnat", "Beastie", lp=20, effects=[BITE_AT_START]))
    start_effects(game, them)
    assert me.lp == 1000 and them.lp == 1000
    start_effects(game, me)
    assert them.lp == 990
    assert [e["source"] for e in events(game, "damage")] == [gnat.uid]


def test_priority_comes_before_the_bookmark_and_before_the_end_effects():
    """Priority (p. 21): at the start of each turn "before the active Casters Bookmarks", and at
    its end "before resolving end of turn Effects", the active Caster then the opposing one."""
    game = started(Scripted(action=[None]), Scripted())
    me = game.casters[0]
    for seat in (0, 1):
        game.casters[seat].answers = True
        put(game, seat, healer_card())
    game.take_turn(me)
    steps = [
        e["event"] if e["event"] != "pass" else f"pass:{e['player']}"
        for e in game.log
        if e["turn"] == 1 and e["event"] in ("pass", "bookmark", "awaken", "end_of_turn")
    ]
    assert steps == [
        "pass:0",
        "pass:1",
        "bookmark",
        "awaken",
        "pass:0",
        "pass:1",
        "end_of_turn",
    ]
    assert [(e["player"], e["turn"]) for e in events(game, "turn")] == [(0, 1)]
    assert [e["player"] for e in events(game, "end_of_turn")] == [0]


def test_an_attack_taken_as_an_action_fatigues_the_beastie_and_deals_its_damage():
    """Turn Steps (p. 17): "Declare an Attack and resolve Combat": Fatigue a Beastie and declare
    that it's Attacking (Combat, p. 25)."""
    game = started(Scripted(), Scripted(defenders=[[]]))
    me, them = game.casters
    pup = put(game, 0, beastie("Pup", damage=30))
    game.act(me, ("attack", pup, 0, them))
    assert pup.fatigued and them.lp == 970


def test_the_actions_of_a_turn_are_asked_until_the_caster_takes_none():
    """Take Actions (p. 17): "in any order", as many as the Caster likes, until it takes none."""

    def play_aura(game, decision):
        return decision.options.of_kind("aura")[0]

    chooser = Scripted(action=[play_aura, None])
    game = started(chooser, Scripted())
    game.take_turn(game.casters[0])
    assert [e["name"] for e in events(game, "enter")] == ["Flame Aura"]
    assert chooser.asked.count("action") == 2


def test_awaken_logs_the_pages_awakened_and_not_a_frozen_one():
    """Turn Steps (p. 16): "Awaken any Fatigued Pages under your control"; Frozen keeps one
    Fatigued through that Awaken (README rules notes)."""
    game = started()
    me = game.casters[0]
    put(game, 0, beastie("Awake"))
    cold = put(game, 0, beastie("Cold"), fatigued=True)
    tired = put(game, 0, beastie("Tired"), fatigued=True)
    theirs = put(game, 1, beastie("Theirs"), fatigued=True)
    game.inflict([cold], "frozen", game.casters[1], automatically=True)
    game.awaken(me)
    assert not tired.fatigued and cold.fatigued and theirs.fatigued
    (awoke,) = events(game, "awaken")
    assert (awoke["player"], awoke["pages"]) == (0, [tired.uid])


def test_earths_binding_is_lifted_at_the_start_of_its_casters_next_turn():
    """No Beastie may declare an Attack "until this effect's Caster's next turn" (the effect's
    vocabulary, rulebook.metazoo.effects: no_attacks)."""
    game = started(Scripted(action=[None]), Scripted(action=[None]))
    me, them = game.casters
    game.barred_until = 0
    game.take_turn(them)
    assert game.barred_until == 0 and events(game, "attacks_allowed") == []
    game.turn = 2
    game.take_turn(me)
    assert game.barred_until is None
    assert [e["player"] for e in events(game, "attacks_allowed")] == [0]


def test_the_aura_page_of_the_turn_and_traits_gained_this_turn_last_the_turn():
    """Turn Steps (p. 17): an Aura Page "once per turn"; a Trait gained "this turn" (the
    vocabulary's grant_trait) is gone at its end, on both Casters' Pages."""
    game = started(Scripted(action=[None]), Scripted())
    me = game.casters[0]
    mine, theirs = put(game, 0, beastie("Mine")), put(game, 1, beastie("Theirs"))
    mine.granted.add("Fleet")
    theirs.granted.add("Flight")
    me.aura_page_played = True
    game.take_turn(me)
    assert not me.aura_page_played
    assert mine.granted == set() and theirs.granted == set()


def test_regen_and_end_of_turn_effects_resolve_at_the_end_of_the_turn():
    """End of Turn (p. 17): "Any Effects that state that they happen at the 'end' of your turn
    happen right now"; Regen recovers 10 LP then (README rules notes)."""
    game = started()
    me, them = game.casters
    troll = put(game, 0, beastie("Troll", lp=60, traits=["Regen"]))
    troll.damage = 30
    gnat = put(game, 0, card("Gnat", "Beastie", lp=20, effects=[BITE_AT_END]))
    game.end_effects(them)
    assert troll.damage == 30 and them.lp == 1000
    game.end_effects(me)
    assert troll.damage == 20 and them.lp == 990
    order = events(game, "end_of_turn")
    assert [e["order"] for e in order] == [[], [["regen", troll.uid], ["effect", gnat.uid, 0]]]
    assert [e["player"] for e in order] == [1, 0]
    assert [e["source"] for e in events(game, "damage")] == [gnat.uid]
    # the log names the Page that recovered, by how much, and its LP after
    recovered = [(e["target"], e["amount"], e["lp"]) for e in events(game, "recover")]
    assert recovered == [(troll.uid, 10, 40)]


def test_regen_of_an_artifact_and_regen_gained_from_another_page():
    """Traits (p. 28): "Traits grant a Beastie or Artifact special abilities"; a Trait an ARENA
    effect grants the Beasties you control (Lantern of Wards) counts as the Beastie's own."""
    game = started()
    me = game.casters[0]
    totem = put(game, 0, card("Totem", "Artifact", lp=50, traits=["Regen"]))
    grant = {"when": "arena", "do": "grant_trait", "trait": "Regen", "target": "own_beastie"}
    put(game, 0, card("Lantern", "Artifact", lp=50, effects=[grant]))
    pup = put(game, 0, beastie("Pup"))
    totem.damage = pup.damage = 20
    game.end_effects(me)
    assert totem.damage == 10 and pup.damage == 10


def test_one_end_effect_asks_no_order_and_several_are_ordered_by_the_active_caster():
    """Simultaneous Effects (p. 23): "the active Caster will choose the order in which they
    resolve" (the Regen Trait and Burn at the end of the turn): Burn first destroys the
    Beastie, Regen first saves it."""
    for regen_first in (False, True):

        def order(game, decision, regen_first=regen_first):
            assert decision.least == decision.most == len(decision.options) == 2  # all of them
            return sorted(decision.options, key=lambda item: (item[0] == "regen") != regen_first)

        chooser = Scripted(order=[order])
        game = started(chooser, Scripted())
        me = game.casters[0]
        troll = put(game, 0, beastie("Troll", lp=30, traits=["Regen"]))
        troll.damage = 20
        game.end_effects(me)
        assert "order" not in chooser.asked  # Regen alone: nothing to order
        assert troll.damage == 10
        troll.damage = 20
        game.inflict([troll], "burn", game.casters[1], automatically=True)
        game.end_effects(me)
        assert chooser.asked.count("order") == 1
        assert troll.zone == ("arena" if regen_first else "limbo")
        assert events(game, "end_of_turn")[-1]["order"] == (
            [["regen", troll.uid], ["burn", troll.uid]]
            if regen_first
            else [["burn", troll.uid], ["regen", troll.uid]]
        )


def test_an_end_effect_of_a_page_destroyed_earlier_in_the_order_does_nothing():
    """Simultaneous Effects (p. 23) in the order chosen: a Page gone from the Arena resolves
    nothing (ARENA effects apply "while this Page is face-up in the Arena", p. 21)."""

    def burn_first(game, decision):
        return sorted(decision.options, key=lambda item: item[0] != "burn")

    game = started(Scripted(order=[burn_first]), Scripted())
    me, them = game.casters
    gnat = put(game, 0, card("Gnat", "Beastie", lp=10, effects=[BITE_AT_END]))
    game.inflict([gnat], "burn", them, automatically=True)
    game.end_effects(me)
    assert gnat.zone == "limbo" and them.lp == 1000
