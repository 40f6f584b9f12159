"""Issue 37: Status Effects on Casters and on Awakened Pages, Sleep's coin, the Terra rotation,
Bottled Fog against Attacks, "any time" effects of Fatigued Pages, and what the log shows of
them (2023 rulebook; the README's rules notes where the seed lost the Status Effects' table)."""

from __future__ import annotations

from rulebook.metazoo.engine.combat import Combat
from rulebook.metazoo.engine.legal import ActionOptions, attackers, responses

from .builders import (
    Scripted,
    beastie,
    card,
    coins,
    events,
    flame_aura,
    healer_card,
    in_chapter,
    put,
    started,
)


def test_a_casters_burn_and_poison_resolve_at_the_end_of_its_turn():
    """Status Effects (p. 29) reach Casters; README rules notes: Burn 10 Damage and Poison 10
    LP Loss an indicator at the end of its controller's turn, a Caster's as a Page's (End of
    Turn, p. 17: "Effects that state that they happen at the 'end' of your turn")."""
    game = started()
    me, them = game.casters
    game.inflict([me], "burn", them, automatically=True)
    game.inflict([me], "poison", them, automatically=True)
    game.end_effects(them)  # the other Caster's turn: nothing of mine resolves
    assert me.lp == 1000
    game.end_effects(me)
    assert me.damage == 10 and me.loss == 10 and me.lp == 980
    (order,) = events(game, "end_of_turn")[-1:]
    assert sorted(order["order"]) == [["burn", "caster:0"], ["poison", "caster:0"]]


def test_a_caster_takes_burn_and_poison_only_from_an_attacks_icon():
    """README rules notes: "A Caster suffers Burn and Poison only"; Status Effects (p. 29): an
    Attack's icon may inflict the opposing Page or Caster in Combat."""
    for status in ("scared", "paralyze", "sleep", "confusion", "frozen", "burn"):
        game = started(Scripted(), Scripted(defenders=[[]]))
        coins(game, *[True] * 4)
        icon = [{"name": "Icon", "damage": 10, "status": status}]
        pup = put(game, 0, beastie("Pup", attacks=icon))
        Combat(game, game.casters[0], pup, pup.card.attacks[0], game.casters[1]).fight()
        assert list(game.casters[1].statuses) == ([status] if status == "burn" else [])


def test_a_beastie_frozen_while_awakened_neither_attacks_nor_defends_until_it_thaws():
    """README rules notes (the seed lost Frozen's text, "Page 30: Updated Frozen"): Frozen
    Fatigues the Page and keeps it Fatigued through its controller's next Awaken."""
    game = started()
    me, them = game.casters
    cold = put(game, 1, beastie("Cold"))
    game.inflict([cold], "frozen", me, automatically=True)
    assert cold.fatigued  # it cannot defend this turn (Combat step 4: Awakened Beasties)
    game.awaken(them)
    assert cold.fatigued and cold not in attackers(game, them)
    game.awaken(them)
    assert not cold.fatigued and cold in attackers(game, them)


def test_a_sleeping_page_wakes_on_heads_only():
    """README rules notes: Sleep ends on heads of a coin at the start of its controller's
    turn; on tails it sleeps on (and neither attacks nor defends)."""
    game = started()
    me = game.casters[0]
    sleeper = put(game, 0, beastie("Dozy"))
    game.inflict([sleeper], "sleep", game.casters[1], automatically=True)
    coins(game, False, True)
    game.take_turn(me)
    assert "sleep" in sleeper.statuses and sleeper not in attackers(game, me)
    sleep_coins = [e["why"] for e in events(game, "coin")]
    assert sleep_coins == [f"sleep:{sleeper.uid}"]
    game.turn += 2
    game.take_turn(me)
    assert "sleep" not in sleeper.statuses


def test_the_terra_rotation_moves_on_slot_by_slot():
    """Terra Pages and Rotation (p. 13): "When a 7th Terra is Contracted into the Arena, it
    replaced the Terra in slot 1, and so on": the 8th slot 2, ..., the 13th slot 1 again."""
    game = started()
    river = card("River Terra", "Terra", terra="river", basic=True)
    pages = [in_chapter(game, n % 2, river) for n in range(13)]
    for n, page in enumerate(pages):
        game.contract_terra(game.casters[n % 2], page)
    placed = events(game, "terra")
    assert [e["slot"] for e in placed] == [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1]
    assert [e["replaced"] for e in placed[6:8]] == [pages[0].uid, pages[1].uid]
    assert placed[12]["replaced"] == pages[6].uid and pages[6].zone == "afterlife"


def test_bottled_fog_keeps_attacks_off_beasties_that_turn():
    """README rules notes: "Beasties cannot be targeted this turn" holds against Attacks too,
    since an Attack targets (Combat, p. 25-26: the Caster "being targeted for an Attack";
    Flipping a Trap Page Face-Up, p. 39: "targeted for an Attack"). The Caster stays a target."""
    game = started()
    me, them = game.casters
    pup = put(game, 0, beastie("Pup"))
    hound = put(game, 1, beastie("Hound"))
    fog = card("Bottled Fog", "Spell", effects=[{"when": "contract", "do": "shroud"}])
    game.act(them, ("contract", in_chapter(game, 1, fog)))
    options = ActionOptions(game, me)
    assert ("attack", pup, 0, hound) not in options
    assert ("attack", pup, 0, them) in options
    assert hound not in [a[3] for a in options.of_kind("attack")]
    game.turn += 1
    assert ("attack", pup, 0, hound) in ActionOptions(game, me)


def test_a_fatigued_pages_any_time_effect_is_an_action_of_the_turn_as_in_a_window():
    """Glossary, Any Time: "the ability to take an Action on your turn or during a generated
    priority window"; only a Power asks its Page to be Awakened (Use Powers, p. 17)."""
    game = started()
    me = game.casters[0]
    me.answers = True
    healer = put(game, 0, healer_card(), fatigued=True)
    assert ("any_time", healer) in responses(game, me)
    assert ("any_time", healer) in ActionOptions(game, me)


def test_the_log_names_the_targets_of_an_any_time_effect_and_the_aura_pages_that_paid():
    """The log (docs/game-logs.md) is enough to replay the game: an effect's targets, and
    which Aura Pages paid a Cost (How to Contract a Page, p. 18)."""
    game = started(Scripted(target=[lambda g, d: d.options[0]]), Scripted())
    me = game.casters[0]
    me.answers = True
    healer = put(game, 0, healer_card())
    healer.damage = 30
    game.act(me, ("any_time", healer))
    (used,) = events(game, "any_time")
    assert used["targets"] == {"own_beastie": healer.uid}
    aura = put(game, 0, flame_aura())
    pup = in_chapter(game, 0, beastie("Pup"))
    game.act(me, ("contract", pup))
    (paid,) = events(game, "pay")
    assert paid["pages"] == [aura.uid]
