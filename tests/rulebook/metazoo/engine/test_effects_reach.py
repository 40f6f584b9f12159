"""Whom an effect reaches (2023 rulebook: Keywords p. 25, DESTROYED; Combat step 6 p. 28, "Any
'DESTROYED' effects resolve"; Chain p. 22 and the sample Reflection: "the next Spell targeting a
Page you control targets its Caster's Page instead"), and what the log names (docs/game-logs.md:
`trigger`, `redirected`)."""

from __future__ import annotations

from rulebook.metazoo.engine.combat import Combat
from rulebook.metazoo.engine.effects import redirect

from .builders import Scripted, beastie, card, events, put, started


def test_a_defenders_destroyed_effect_on_the_attacker_reaches_the_attacking_beastie():
    """The defending Caster's Beastie, Destroyed by the Attack, deals its DESTROYED Damage to
    "the Beastie Attacking this Page's controller"; the log names the Page and its target."""
    game = started(Scripted(), Scripted(defenders=[[]]))
    spite = {"when": "destroyed", "do": "damage", "n": 20, "target": "attacker"}
    martyr = put(game, 1, card("Martyr", "Beastie", aura_cost={"earth": 1}, lp=10, effects=[spite]))
    brute = put(game, 0, beastie("Brute", lp=60, damage=30, aura="earth"))
    Combat(game, game.casters[0], brute, brute.card.attacks[0], martyr).fight()
    assert martyr.zone == "limbo" and game.current_lp(brute) == 40
    (told,) = events(game, "trigger")
    assert (told["player"], told["page"], told["name"], told["when"], told["targets"]) == (
        1, martyr.uid, "Martyr", "destroyed", {"attacker": brute.uid},
    )  # fmt: skip


def _spell_on_chain(game, caster, target_kind, target, kind="contract", type_="Spell"):
    spell = put(game, caster.seat, card("Zap", type_, effects=[]))
    game.chain.append(
        {"kind": kind, "page": spell, "caster": caster, "targets": {target_kind: target}}
    )
    return game.chain[-1]


def test_reflection_turns_a_spell_aimed_at_your_page_onto_its_casters_page():
    game = started()
    me, them = game.casters
    mine = put(game, 0, beastie("Mine"))
    theirs = put(game, 1, beastie("Theirs"))
    item = _spell_on_chain(game, them, "opposing_beastie", mine)
    redirect(game, me)
    assert item["targets"] == {"opposing_beastie": theirs}
    (told,) = events(game, "redirected")
    assert (told["player"], told["page"], told["target"]) == (0, item["page"].uid, theirs.uid)


def test_reflection_leaves_a_spell_aimed_at_its_own_casters_page_alone():
    """Only a Spell "targeting a Page you control" is turned."""
    game = started()
    me, them = game.casters
    put(game, 0, beastie("Mine"))
    theirs = put(game, 1, beastie("Theirs"))
    put(game, 1, beastie("Other"))
    item = _spell_on_chain(game, them, "own_beastie", theirs)
    redirect(game, me)
    assert item["targets"] == {"own_beastie": theirs}
    assert events(game, "redirected") == []


def test_reflection_turns_the_opposing_spell_beneath_it_not_other_things_on_the_chain():
    """Reflection turns "the next Spell targeting a Page you control" (Chain, p. 22): the
    opposing Caster's Spell beneath it, not one's own Spell nor an opposing Power above that
    Spell, though both aim at a Page of the Reflection's Caster."""
    game = started()
    me, them = game.casters
    mine = put(game, 0, beastie("Mine"))
    theirs = put(game, 1, beastie("Theirs"))
    spell = _spell_on_chain(game, them, "opposing_beastie", mine)
    own = _spell_on_chain(game, me, "own_beastie", mine)
    power = _spell_on_chain(game, them, "opposing_beastie", mine, kind="power", type_="Beastie")
    _spell_on_chain(game, me, "spell", spell["page"])  # the Reflection itself, on top
    redirect(game, me)
    assert spell["targets"] == {"opposing_beastie": theirs}
    assert own["targets"] == {"own_beastie": mine}
    assert power["targets"] == {"opposing_beastie": mine}
    assert [e["page"] for e in events(game, "redirected")] == [spell["page"].uid]


def test_destroyed_effects_of_pages_destroyed_at_once_resolve_seat_by_seat_from_the_first():
    """Simultaneous Effects (p. 23) let the active Caster order them, theirs first; the engine
    orders the DESTROYED effects of Pages Destroyed at once itself, seat by seat from the first
    seat and each in the order of the Arena, and every result says so (`simplifications`)."""
    game = started()
    bookmark = {"when": "destroyed", "do": "bookmark", "n": 1}
    pages = [
        put(game, seat, card(name, "Beastie", aura_cost={"earth": 1}, lp=10, effects=[bookmark]))
        for seat, name in ((1, "Theirs"), (0, "Mine"), (1, "Theirs Too"))
    ]
    game.active = 1
    for page in pages:
        page.damage = 10
    game.dirty = True
    before = len(game.log)
    game.sweep()
    assert all(page.zone == "limbo" for page in pages)
    told = [(e["event"], e["player"]) for e in game.log[before:] if e["event"] != "zone"]
    mine, theirs = [("destroyed", 0), ("bookmark", 0)], [("destroyed", 1), ("bookmark", 1)]
    assert told == mine + theirs + theirs
    assert any("DESTROYED effects" in s for s in game.finish(False).simplifications)
