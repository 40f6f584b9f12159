"""Contracting Pages (2023 rulebook: Turn Steps p. 17, How to Contract a Page p. 18, Terra Pages
and Rotation p. 13, Trap Pages p. 38-40, Equipment p. 38), priority (Actions vs. Game Mechanics
p. 20, Priority p. 21) and the resolution chain (p. 22)."""

from __future__ import annotations

from rulebook.metazoo.engine.aura import budget
from rulebook.metazoo.engine.chain import resolve, window
from rulebook.metazoo.engine.contracts import contract
from rulebook.metazoo.engine.legal import contractable, responses, trap_moves

from .builders import (
    Scripted,
    beastie,
    card,
    events,
    flame_aura,
    healer_card,
    in_chapter,
    put,
    started,
)


def powerup():
    return card(
        "Powerup",
        "Artifact",
        aura_cost={"flame": 1},
        lp=30,
        effects=[{"do": "equip", "n": 20, "target": "own_beastie"}],
    )


def answering(game, *seats: int) -> list:
    """A Healer (an "any time" effect) for each of these Casters, so each is asked in priority."""
    healers = []
    for seat in seats:
        game.casters[seat].answers = True  # (set from the Spellbook as a game begins)
        healers.append(put(game, seat, healer_card()))
    return healers


def test_an_aura_page_enters_awakened_and_counts_as_the_turns_one():
    """Turn Steps (p. 17): "Once per turn, you may Contract an Aura Page from your Chapter into
    the Arena Awakened"."""
    game = started()
    me = game.casters[0]
    page = in_chapter(game, 0, flame_aura())
    game.act(me, ("aura", page))
    assert page in me.arena and page.zone == "arena" and not page.fatigued
    assert page not in me.chapter and me.aura_page_played
    assert [e["fatigued"] for e in events(game, "enter") if e["page"] == page.uid] == [False]
    assert me.plays == {"Flame Aura": 1}


def test_a_special_terra_is_placed_in_a_slot_its_effects_count_and_leave_with_it():
    """Terra Pages and Rotation (p. 13): a Terra goes into the first empty slot and the Effects
    of Special Terra apply to all; replaced, it goes to the Afterlife and its Effects end."""
    game = started()
    me, them = game.casters
    grove = card(
        "Grove",
        "Terra",
        terra="forest",
        effects=[
            {"when": "arena", "do": "lp_bonus", "n": 10},
            {"when": "enter", "do": "damage", "n": 10, "target": "opposing_caster"},
        ],
    )
    river = card("River Terra", "Terra", terra="river", basic=True)
    pup = put(game, 1, beastie("Pup", lp=50))
    special = in_chapter(game, 0, grove)
    game.act(me, ("terra", special))
    assert special.zone == "terra_slot" and game.terra[0] is special and special.controller == 0
    assert special not in me.chapter and me.plays == {"Grove": 1}
    assert game.max_lp(pup) == 60 and them.lp == 990
    assert [e["source"] for e in events(game, "damage")] == [special.uid]
    (placed,) = events(game, "terra")
    assert (placed["player"], placed["page"], placed["name"], placed["slot"]) == (
        0,
        special.uid,
        "Grove",
        1,
    )
    assert (placed["terra"], placed["replaced"]) == ("forest", None)
    for _ in range(6):
        game.contract_terra(them, in_chapter(game, 1, river))
    assert special.zone == "afterlife" and game.max_lp(pup) == 50
    assert game.rotation == 1


def test_a_special_terra_destroyed_leaves_its_slot_and_its_effects_end():
    """Destroyed (Glossary): a Terra goes to its owner's Afterlife, out of its slot, and the
    Effects of a Special Terra end with it (Terra Pages and Rotation, p. 13)."""
    game = started()
    me = game.casters[0]
    grove = card("Grove", "Terra", terra="forest",
                 effects=[{"when": "arena", "do": "lp_bonus", "n": 10}])  # fmt: skip
    pup = put(game, 1, beastie("Pup", lp=50))
    special = in_chapter(game, 0, grove)
    game.contract_terra(me, special)
    assert game.max_lp(pup) == 60
    game.destroy(special)
    assert special.zone == "afterlife" and game.terra[0] is None
    assert game.max_lp(pup) == 50


def test_a_trap_is_placed_face_down_without_its_cost_and_moved_once():
    """Trap Pages (p. 38-39): placed face-down "without paying the Aura Cost"; moved once, under
    a Beastie or Artifact you control without a Trap under it."""
    game = started()
    me = game.casters[0]
    aura = put(game, 0, flame_aura())
    host = put(game, 0, beastie("Host"))
    eel = card("Eel", "Beastie", aura_cost={"flame": 1}, lp=60, traits=["Trap"])
    trap = in_chapter(game, 0, eel)
    game.act(me, ("trap", trap))
    assert trap.zone == "arena" and trap.face_down and me.traps == [trap]
    assert trap not in me.chapter and trap not in me.arena and not aura.fatigued
    assert [e["page"] for e in events(game, "trap")] == [trap.uid]
    assert trap_moves(me) == [("move", trap, host)]
    game.act(me, ("move", trap, host))
    assert trap.moved and trap.host is host and host.trap is trap
    (moved,) = events(game, "trap_moved")
    assert (moved["page"], moved["under"]) == (trap.uid, host.uid)
    assert trap_moves(me) == []


def test_a_flipped_trap_contracted_leaves_its_place_under_the_host_face_up():
    """Contracting a Trap Page (p. 39): paying its Cost as it is flipped face-up Contracts it."""
    game = started()
    them = game.casters[1]
    host = put(game, 1, beastie("Host"))
    eel = card("Eel", "Beastie", aura_cost={}, lp=60, traits=["Trap"])
    trap = in_chapter(game, 1, eel)
    game.place_trap(them, trap)
    game.move_trap(them, trap, host)
    contract(game, them, trap)
    assert them.traps == [] and host.trap is None and trap.host is None
    assert not trap.face_down and trap.zone == "chain"
    resolve(game, game.chain.pop())
    assert trap.zone == "arena" and trap in them.arena


def test_a_contract_is_logged_with_its_targets_and_a_spell_goes_to_the_cemetery():
    """How to Contract a Page (p. 18): reveal it, choose its targets, pay; a Spell's Effects
    resolve and it goes to the Cemetery (The Battleground, Cemetery)."""
    game = started()
    me = game.casters[0]
    aura = put(game, 0, flame_aura())
    otter = put(game, 1, beastie("Otter", lp=50, aura="water"))
    bolt = card(
        "Bolt",
        "Spell",
        aura_cost={"flame": 1},
        effects=[
            {"do": "damage", "n": 30, "target": "opposing_beastie"},
            {"do": "damage", "n": 10, "target": "opposing_caster"},
        ],
    )
    spell = in_chapter(game, 0, bolt)
    game.act(me, ("contract", spell))
    (made,) = events(game, "contract")
    assert (made["page"], made["name"], made["type"], made["cost"]) == (
        spell.uid,
        "Bolt",
        "Spell",
        {"flame": 1},
    )
    assert made["targets"] == {"opposing_beastie": otter.uid} and made["player"] == 0
    assert [(e["target"], e["source"]) for e in events(game, "damage")] == [
        (otter.uid, spell.uid),
        ("caster:1", spell.uid),
    ]
    assert game.casters[1].lp == 990
    assert otter.damage == 30 and spell.zone == "cemetery" and spell in me.cemetery
    assert me.plays == {"Bolt": 1} and aura.fatigued
    (resolved,) = events(game, "resolve")
    assert (resolved["player"], resolved["page"], resolved["kind"]) == (0, spell.uid, "contract")


def test_a_beastie_enters_fatigued_unless_fleet():
    """How to Contract a Page (p. 18): "it enters the Arena Fatigued"; README rules notes:
    Fleet enters the Arena Awakened."""
    game = started()
    me = game.casters[0]
    slow = in_chapter(game, 0, beastie("Slow", aura="neutral"))
    fast = in_chapter(game, 0, beastie("Fast", aura="neutral", traits=["Fleet"]))
    put(game, 0, flame_aura())
    put(game, 0, flame_aura())
    game.act(me, ("contract", slow))
    game.act(me, ("contract", fast))
    assert slow.fatigued and not fast.fatigued
    assert [e["fatigued"] for e in events(game, "enter") if e["page"] in (slow.uid, fast.uid)] == [
        True,
        False,
    ]


def test_a_beasties_contract_effects_resolve_then_it_enters_and_its_enter_effects_resolve():
    """How to Contract a Page (p. 18): "it resolves any CONTRACT Effects. Then, it enters the
    Arena Fatigued"; ENTER (Keywords, p. 21): "Effects that resolve when a Page enters the
    Arena"."""
    game = started()
    me, them = game.casters
    herald = card(
        "Herald",
        "Beastie",
        lp=20,
        effects=[
            {"do": "damage", "n": 10, "target": "opposing_caster"},
            {"when": "enter", "do": "damage", "n": 20, "target": "opposing_beastie"},
        ],
    )
    otter = put(game, 1, beastie("Otter", lp=50))
    page = in_chapter(game, 0, herald)
    game.act(me, ("contract", page))
    assert page.zone == "arena" and them.lp == 990 and otter.damage == 20
    hits = [(e["target"], e["amount"], e["source"]) for e in events(game, "damage")]
    assert hits == [("caster:1", 10, page.uid), (otter.uid, 20, page.uid)]
    entered = [
        e["event"]
        for e in game.log
        if e["event"] == "damage" or (e["event"] == "enter" and e["page"] == page.uid)
    ]
    assert entered == ["damage", "enter", "damage"]


def test_equipment_goes_under_its_beastie_or_to_limbo_if_the_beastie_left():
    """Equipment Pages (p. 38): placed underneath the target Beastie, +20 Damage (Powerup Red);
    its target gone before it resolves, it goes to its owner's Limbo (README rules notes)."""
    game = started()
    me = game.casters[0]
    for _ in range(3):
        put(game, 0, flame_aura())
    wolf = put(game, 0, beastie("Wolf"))
    kit, more = in_chapter(game, 0, powerup()), in_chapter(game, 0, powerup())
    game.act(me, ("contract", kit))
    assert kit.zone == "under" and wolf.carried == [kit] and wolf.bonus == 20
    assert kit not in me.arena and kit.controller == 0
    (equip,) = events(game, "equip")
    assert (equip["player"], equip["page"], equip["to"], equip["bonus"]) == (
        0,
        kit.uid,
        wolf.uid,
        20,
    )
    game.act(me, ("contract", more))
    assert wolf.carried == [kit, more] and wolf.bonus == 40
    other = in_chapter(game, 0, powerup())
    contract(game, me, other)
    game.destroy(wolf)
    resolve(game, game.chain.pop())
    assert other.zone == "limbo" and other in me.limbo


def test_a_power_fatigues_its_page_and_resolves_through_the_chain():
    """Use Powers (p. 17): Fatigue the Page to use the Power; an Action passes priority and
    goes on the chain (p. 20-22)."""
    game = started()
    me = game.casters[0]
    imp = card(
        "Imp",
        "Beastie",
        aura_cost={"dark": 1},
        lp=30,
        effects=[{"when": "power", "do": "damage", "n": 10, "target": "opposing_beastie"}],
    )
    page = put(game, 0, imp)
    otter = put(game, 1, beastie("Otter"))
    game.act(me, ("power", page, 0))
    assert page.fatigued and otter.damage == 10
    (used,) = events(game, "power")
    assert (used["player"], used["page"], used["name"], used["effect"], used["targets"]) == (
        0,
        page.uid,
        "Imp",
        0,
        {"opposing_beastie": otter.uid},
    )
    assert [e["source"] for e in events(game, "damage")] == [page.uid]
    assert [e["kind"] for e in events(game, "resolve")] == ["power"]


def test_an_action_gives_the_other_caster_priority_and_a_pass_resolves_the_chain():
    """Actions (p. 20): "After a Caster takes an Action, priority to take an Action is given to
    the opposing Caster ... Choosing to take no Action will end Priority"; Resolution Chains
    (p. 22): the last in resolves first."""
    game = started(Scripted(respond=[None]), Scripted(respond=[lambda g, d: d.options[0]]))
    me = game.casters[0]
    (theirs,) = answering(game, 1)
    answering(game, 0)
    theirs.damage = 20
    put(game, 0, flame_aura())
    pup = in_chapter(game, 0, beastie("Pup"))
    game.act(me, ("contract", pup))
    assert [e["player"] for e in events(game, "pass")] == [0]
    assert [e["kind"] for e in events(game, "resolve")] == ["any_time", "contract"]
    assert theirs.damage == 0 and pup.zone == "arena"
    assert theirs.used_any_time == game.turn
    assert ("any_time", theirs) not in responses(game, game.casters[1])  # once a turn (README)
    (used,) = events(game, "any_time")
    assert (used["player"], used["page"], used["name"]) == (1, theirs.uid, "Healer")


def test_an_any_time_effect_used_in_a_window_passes_priority_and_resolves_before_the_next():
    """Priority (p. 21): the active Caster gains priority and may use an "any time" effect;
    that Action passes priority to the opposing Caster; once it takes none the chain resolves,
    then priority goes to the opposing Caster as the window says."""
    game = started(Scripted(respond=[lambda g, d: d.options[0]]), Scripted(respond=[None, None]))
    mine, _ = answering(game, 0, 1)
    mine.damage = 20
    window(game, game.casters[0])
    assert mine.damage == 0 and mine.used_any_time == game.turn
    assert [e["player"] for e in events(game, "pass")] == [1, 1]


def test_a_caster_without_any_time_effects_is_never_asked_to_respond():
    """Priority (p. 21): "Casters can only Contract Pages or use Effects with 'any time' whenever
    they have priority"; with none there is nothing to ask."""
    quiet, other = Scripted(), Scripted()
    game = started(quiet, other)
    me = game.casters[0]
    answering(game, 0)
    window(game, me)
    assert [e["player"] for e in events(game, "pass")] == [0]
    assert "respond" not in other.asked


def test_a_priority_window_asks_the_active_caster_first_then_the_other():
    """Priority (p. 21): "the active Caster gains priority. Then ... priority will be given to
    the opposing Caster"."""
    game = started(Scripted(respond=[None, None]), Scripted(respond=[None, None]))
    answering(game, 0, 1)
    window(game, game.casters[1])
    assert [e["player"] for e in events(game, "pass")] == [1, 0]


def test_an_enter_effect_that_names_no_target_reaches_the_opposing_side():
    """ENTER (Keywords, p. 21): "Effects that resolve when a Page enters the Arena", for the
    Caster who Contracted it: one that names the opposing Caster or each opposing Beastie,
    without targeting, reaches that Caster's side."""
    game = started()
    me, them = game.casters
    herald = card(
        "Crier",
        "Beastie",
        lp=20,
        effects=[
            {"when": "enter", "do": "damage", "n": 10, "target": "opposing_caster"},
            {"when": "enter", "do": "damage", "n": 20, "target": "each_opposing_beastie"},
        ],
    )
    otters = [put(game, 1, beastie(f"Otter {n}", lp=50)) for n in range(2)]
    mine = put(game, 0, beastie("Mine", lp=50))
    page = in_chapter(game, 0, herald)
    game.act(me, ("contract", page))
    assert page.zone == "arena" and them.lp == 990 and me.lp == 1000
    assert [otter.damage for otter in otters] == [20, 20] and mine.damage == 0


def test_an_effect_the_engine_cannot_play_is_listed_and_the_pages_others_still_resolve():
    """A Page's effects of an action outside the engine's vocabulary are listed as unsupported
    (the card schema accepts them; docs/rules/metazoo.md: what the engine does not play is
    `unsupported`) and never resolved, while its other ENTER effects (Keywords, p. 21) still are."""
    game = started()
    me, them = game.casters
    odd = card(
        "Odd",
        "Beastie",
        lp=20,
        effects=[
            {"when": "enter", "do": "teleport"},
            {"when": "enter", "do": "damage", "n": 10, "target": "opposing_caster"},
        ],
    )
    assert odd.unsupported == ("unknown effect 'teleport'",)
    page = in_chapter(game, 0, odd)
    game.act(me, ("contract", page))
    assert page.zone == "arena" and them.lp == 990


def test_a_spell_answering_the_chain_is_contracted_only_with_a_chain_to_answer():
    """Reflection ("Any time: the next Spell targeting a Page you control targets its Caster's
    Page instead"), like a nullify, answers a Spell on the chain (Chain, p. 22): with no chain
    it has nothing to answer and is not offered; a Spell that answers nothing is."""
    game = started()
    me = game.casters[0]
    water = card("Water Aura", "Aura", aura_type="water", basic=True)
    put(game, 0, water)
    put(game, 0, water)
    redirect = {"when": "any_time", "do": "redirect"}
    reflection = in_chapter(
        game,
        0,
        card("Reflection", "Spell", aura_cost={"water": 1, "neutral": 1}, effects=[redirect]),
    )
    bookmark = {"do": "bookmark", "n": 1}
    splash = in_chapter(
        game, 0, card("Splash", "Spell", aura_cost={"water": 1}, effects=[bookmark])
    )
    assert not game.chain
    assert not contractable(game, me, reflection, budget(me))
    assert contractable(game, me, splash, budget(me))


def test_a_spell_or_equipment_that_targets_needs_a_valid_target_and_a_beastie_does_not():
    """A Spell or Potion that targets may be Contracted only with a valid target (p. 18), and so
    may Equipment (p. 38); a Beastie's CONTRACT effect needs none (docs/rules/metazoo.md)."""
    game = started()
    me = game.casters[0]
    for _ in range(3):
        put(game, 0, flame_aura())
    zap = {"do": "damage", "n": 10, "target": "opposing_beastie"}
    spell = in_chapter(game, 0, card("Zap", "Spell", aura_cost={"flame": 1}, effects=[zap]))
    kit = in_chapter(game, 0, powerup())
    biter = in_chapter(
        game, 0, card("Biter", "Beastie", aura_cost={"flame": 1}, lp=20, effects=[zap])
    )
    assert not contractable(game, me, spell, budget(me))
    assert not contractable(game, me, kit, budget(me))
    assert contractable(game, me, biter, budget(me))
    put(game, 1, beastie("Otter"))
    put(game, 0, beastie("Wolf"))
    assert contractable(game, me, spell, budget(me))
    assert contractable(game, me, kit, budget(me))


def test_an_any_time_nullify_is_offered_only_with_an_opposing_spell_on_the_chain():
    """Priority (p. 21): with priority a Caster may Contract an "any time" Spell; one that
    nullifies a Spell needs one to target (p. 18), and only the opposing Caster's Spells on the
    chain are targets, not its own."""
    game = started()
    me, them = game.casters
    me.answers = True
    put(game, 0, flame_aura())
    dampen = {"when": "any_time", "do": "nullify", "target": "spell"}
    counter = in_chapter(game, 0, card("Dampen", "Spell", aura_cost={"flame": 1}, effects=[dampen]))
    own = put(game, 0, card("Own Spell", "Spell", aura_cost={}, effects=[]))
    game.chain.append({"kind": "contract", "page": own, "caster": me, "targets": {}})
    assert ("contract", counter) not in responses(game, me)
    theirs = put(game, 1, card("Their Spell", "Spell", aura_cost={}, effects=[]))
    game.chain.append({"kind": "contract", "page": theirs, "caster": them, "targets": {}})
    assert ("contract", counter) in responses(game, me)
