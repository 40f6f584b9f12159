"""Face-down Traps under Attack (2023 rulebook: Combat step 1, p. 25, the targets of an Attack;
Trap Pages p. 39-40, a face-down Page "targeted for an Attack" flips and may be Contracted by
paying its Cost): which Attacks a Caster may declare on them, and which flipped Traps may be
Contracted."""

from __future__ import annotations

import pytest

from rulebook.metazoo.engine.combat import Combat
from rulebook.metazoo.engine.legal import ActionOptions, attack_targets
from rulebook.metazoo.engine.state import GameOver

from .builders import Scripted, beastie, card, events, flame_aura, in_chapter, put, started


def _face_down(game, seat, page_card, host=None):
    caster = game.casters[seat]
    trap = in_chapter(game, seat, page_card)
    game.place_trap(caster, trap)
    if host is not None:
        game.move_trap(caster, trap, host)
    return trap


def _snare(cost):
    return card(
        "Snare",
        "Spell",
        aura_cost=cost,
        traits=["Trap"],
        effects=[{"when": "flipped", "do": "damage", "n": 40, "target": "attacker"}],
    )


def test_an_opposing_face_down_trap_is_a_target_shown_by_its_back():
    """Combat step 1 (p. 25): the opposing Caster, their Beasties and Artifacts and their
    face-down Pages may be targeted; a face-down Page under another is attacked through its
    host. The attacking Caster sees the Trap's back only (Trap Pages, p. 39)."""
    game = started()
    me = game.casters[0]
    pup = put(game, 0, beastie("Pup"))
    alone = _face_down(game, 1, _snare({}))
    host = put(game, 1, beastie("Host"))
    _face_down(game, 1, _snare({}), host)
    caster, seen_host, back = attack_targets(game, me)
    assert caster is game.view(0).casters[1]
    assert seen_host == host and seen_host.card is host.card
    with pytest.raises(AttributeError):  # the Trap under it, by its back too
        seen_host.trap.card  # noqa: B018  (reading it is the check)
    assert back == alone and back.zone == alone.zone and back.controller == 1
    with pytest.raises(AttributeError):
        back.card  # noqa: B018  (reading it is the check)
    options = ActionOptions(game, me)
    assert ("attack", pup, 0, alone) in options
    assert [action[3] for action in options.of_kind("attack")] == [caster, host, alone]


def _attack_the_trap(trap_cost, aura=None, aura_page=False):
    theirs = Scripted(defenders=[[]])
    game = started(Scripted(), theirs)
    them = game.casters[1]
    if aura_page:
        put(game, 1, flame_aura())
    if aura:
        them.aura = dict(aura)
    trap = _face_down(game, 1, _snare(trap_cost))
    brute = put(game, 0, beastie("Brute", lp=50, damage=40))
    Combat(game, game.casters[0], brute, brute.card.attacks[0], trap).fight()
    return game, them, trap, brute, theirs.asked


def test_a_flipped_trap_is_paid_with_aura_already_generated():
    """Contracting a Trap Page (p. 39): its Caster pays its Cost (Aura Costs, p. 9: Aura
    generated and not yet spent pays first)."""
    game, them, trap, brute, _ = _attack_the_trap({"flame": 1}, aura={"flame": 1})
    assert trap.zone == "cemetery" and game.current_lp(brute) == 10
    assert them.aura.get("flame", 0) == 0


def test_a_flipped_trap_is_paid_by_an_awakened_aura_page():
    """Contracting a Trap Page (p. 39): an Awakened Aura Page in the Arena generates the Aura
    its Cost needs."""
    game, them, trap, brute, _ = _attack_the_trap({"flame": 1}, aura_page=True)
    assert trap.zone == "cemetery" and game.current_lp(brute) == 10
    (aura_page,) = [p for p in them.arena if p.card.name == "Flame Aura"]
    assert aura_page.fatigued


def test_a_flipped_trap_its_caster_cannot_pay_for_goes_to_the_afterlife_unasked():
    """Contracting a Trap Page (p. 39): a Trap whose Cost cannot be paid cannot be Contracted;
    it goes to the Afterlife, and the Attack goes on."""
    game, _, trap, brute, asked = _attack_the_trap({"flame": 1})
    assert trap.zone == "afterlife" and game.current_lp(brute) == 50
    assert "contract_trap" not in asked
    assert [e["page"] for e in events(game, "trap_flipped")] == [trap.uid]
    # the Attack's target is gone and no Defender was declared: nothing left to hit
    ended = [(e["player"], e["why"]) for e in events(game, "combat_ends")]
    assert ended == [(0, "no target left")]


def test_no_attack_on_ones_own_trap_nor_on_a_trap_under_a_page():
    """Combat step 1 (p. 25): an Attack targets the opposing Caster or their Pages; a Trap
    moved under a Page (Trap Pages, p. 39) is reached through that Page, not attacked itself."""
    game = started()
    me = game.casters[0]
    pup = put(game, 0, beastie("Pup"))
    mine = _face_down(game, 0, _snare({}))
    host = put(game, 1, beastie("Host"))
    under = _face_down(game, 1, _snare({}), host)
    options = ActionOptions(game, me)
    assert ("attack", pup, 0, host) in options
    assert ("attack", pup, 0, mine) not in options
    assert ("attack", pup, 0, under) not in options
    assert ("attack", pup, 0, me) not in options  # nor one's own Caster
    # an answer is an Action as offered, a tuple: not the same items in a list, nor nothing
    assert ("attack", pup, 0, host) in options and ["attack", pup, 0, host] not in options
    assert () not in options and None not in options
    rested = put(game, 0, beastie("Rested"), fatigued=True)  # a Fatigued Beastie cannot attack
    options = ActionOptions(game, me)
    assert ("attack", rested, 0, host) not in options and ("attack", pup, 0) not in options


def test_the_flip_is_logged_with_the_traps_caster_and_name():
    """Trap Pages (p. 39): a face-down Page targeted for an Attack flips face-up, so the log
    (docs/game-logs.md, `trap_flipped`) names the Caster who placed it and the Page shown."""
    game, them, trap, _, _ = _attack_the_trap({"flame": 1})
    (flipped,) = events(game, "trap_flipped")
    assert flipped["player"] == them.seat == 1
    assert flipped["page"] == trap.uid and flipped["name"] == "Snare"


def test_a_flipped_page_without_the_trap_trait_loses_the_game_for_its_caster():
    """Trap Pages (p. 39): "If a face-down Page is revealed during the game and it does not
    have the Trap Trait, the Caster who placed the Page face-down immediately loses the game."
    """
    game = started(Scripted(), Scripted(defenders=[[]]))
    bluff = _face_down(game, 1, beastie("Bluff"))
    brute = put(game, 0, beastie("Brute", lp=50, damage=40))
    with pytest.raises(GameOver):
        Combat(game, game.casters[0], brute, brute.card.attacks[0], bluff).fight()
    assert (game.winner, game.end) == (0, "not_a_trap")


def _mending_trap():
    mend = {"when": "flipped", "do": "recover", "n": 20, "target": "own_beastie"}
    return card("Mending Trap", "Spell", aura_cost={}, traits=["Trap"], effects=[mend])


@pytest.mark.parametrize("has_a_beastie", [True, False])
def test_a_flipped_trap_that_needs_a_target_is_contracted_only_when_one_is_there(has_a_beastie):
    """How to Contract a Page (p. 18): "Spells and Potions that require a target may only be
    Contracted if a valid target is present"; a flipped Trap is Contracted so (Trap Pages,
    p. 39), or goes to the Afterlife."""
    theirs = Scripted(defenders=[[]])
    game = started(Scripted(), theirs)
    if has_a_beastie:
        put(game, 1, beastie("Patient", lp=50), fatigued=True)
    trap = _face_down(game, 1, _mending_trap())
    brute = put(game, 0, beastie("Brute", lp=50, damage=40))
    Combat(game, game.casters[0], brute, brute.card.attacks[0], trap).fight()
    assert ("contract_trap" in theirs.asked) is has_a_beastie
    assert (trap.zone == "afterlife") is not has_a_beastie


def test_a_trap_left_by_its_host_stays_face_down_in_the_arena_and_is_a_target_itself():
    """Trap Pages (p. 39): "In the event that the Page the face-down Trap Page is under would be
    removed from the Arena, the Trap Page remains face-down in the Arena": no longer reached
    through a host, it is an Attack's target itself (Combat step 1, p. 25)."""
    game = started()
    me = game.casters[0]
    pup = put(game, 0, beastie("Pup"))
    host = put(game, 1, beastie("Host"))
    trap = _face_down(game, 1, _snare({}), host)
    assert ("attack", pup, 0, trap) not in ActionOptions(game, me)
    game.destroy(host)
    assert trap.face_down and trap in game.casters[1].traps
    assert ("attack", pup, 0, trap) in ActionOptions(game, me)
    assert [(e["player"], e["page"]) for e in events(game, "trap_uncovered")] == [(1, trap.uid)]
