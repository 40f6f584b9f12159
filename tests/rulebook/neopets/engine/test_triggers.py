"""Triggered abilities go through the queue (CR 8.16.3-8.16.4): a Food may answer them, and a
trigger waits for the card whose resolution caused it."""

import pytest

from rulebook.neopets.engine.cards import EngineCard
from rulebook.neopets.engine.game import KnockOut
from rulebook.neopets.engine.state import QueueItem

from .builders import (
    Scripted,
    codestone,
    deck_of,
    empty_inventories,
    filler,
    game_between,
    info,
    sample_card,
)


def negate_everything():
    """A player who plays the first Food it may in every priority window."""
    return Scripted(choose_food=lambda game, decision, window: decision.options[0])


STING_POTION = info(
    "Sample Sting Potion",
    "Potion",
    "Deal 1 damage to your opponent's Neopet, then heal 1 damage from yours.",
    effects=[{"do": "damage", "n": 1}, {"do": "heal", "n": 1}],
)

SORE_LOSER_CHARM = info(
    "Sample Sore Loser Charm",
    "Equipment",
    "When your Neopet is dealt damage, draw 1 card.",
    effects=[{"do": "draw", "n": 1, "when": "dealt_damage"}],
)


def trigger_game(policies=None):
    game = game_between(deck_of(filler()), policies=policies)
    empty_inventories(game)
    me, opponent = game.sides
    for side in game.sides:
        side.codestones = [EngineCard(codestone(f"Stone {i}")) for i in range(3)]
        side.refresh()
    return game, me, opponent


def wear(side, name):
    side.equipment.append(sample_card(name))
    side.refresh()


def test_it_lets_the_opponent_negate_a_triggered_ability_with_hot_dog_of_justice():
    """CR 8.16.4 / 8.20.6a: Healing Bracelet's turn-start heal waits on the queue while both
    players have priority; the opponent's Hot Dog of Justice negates it, so nothing heals."""
    game, me, opponent = trigger_game(policies=(Scripted(), negate_everything()))
    wear(me, "Healing Bracelet")
    me.damage = 2
    justice = sample_card("Hot Dog of Justice")
    opponent.take(justice)
    game.trigger(me, "on_turn_start")
    assert me.damage == 2
    assert opponent.void == [justice]
    assert [card.name for card in me.equipment] == ["Healing Bracelet"]  # the source stays
    assert game.queue == []


def test_it_resolves_a_triggered_ability_nobody_answers():
    """CR 8.16.4: once both players pass, the turn-start heal resolves."""
    game, me, _ = trigger_game()
    wear(me, "Healing Bracelet")
    me.damage = 2
    game.trigger(me, "on_turn_start")
    assert me.damage == 1


def test_it_adds_a_dealt_damage_trigger_only_after_the_card_that_dealt_the_damage_resolves():
    """CR 8.16.3: Thorny Armour's counter-damage triggers on the potion's first sentence but
    joins the queue only after the whole potion (its heal too) has resolved."""
    game, me, opponent = trigger_game()
    wear(opponent, "Thorny Armour")
    me.damage = 1
    potion = EngineCard(STING_POTION)
    me.take(potion)
    game.play_card(me, potion, me.inventory)
    order = [(e["event"], e["player"]) for e in game.log if e["event"] != "draw"]
    sting = order.index(("play", 0))
    assert order[sting:] == [
        ("play", 0),
        ("damage", 1),
        ("heal", 0),
        ("put_away", 0),  # the potion has finished resolving: to the Discard
        ("trigger", 1),
        ("damage", 0),
    ]
    assert (me.damage, opponent.damage) == (1, 1)


def test_the_log_records_the_damage_a_heal_really_removed():
    """A heal removes damage, never below none: healing 1 from a Neopet with no damage removes
    nothing, and the log says 0, not 1."""
    game, me, _ = trigger_game()
    me.damage = 0
    game.heal(me, 1)
    me.damage = 3
    game.heal(me, 2)
    heals = [(e["amount"], e["total"]) for e in game.log if e["event"] == "heal"]
    assert heals == [(0, 0), (2, 1)]


def test_it_drops_dealt_damage_triggers_when_the_damage_knocks_the_neopet_out():
    """CR 5.5.7f / 5.5.9c: the knocked-out Neopet's Thorny Armour never deals its damage."""
    game, me, opponent = trigger_game()
    wear(opponent, "Thorny Armour")
    opponent.damage = opponent.hp - 1
    potion = EngineCard(STING_POTION)
    me.take(potion)
    with pytest.raises(KnockOut):
        game.play_card(me, potion, me.inventory)
    assert me.damage == 0 and game.pending == []


def test_it_fires_battle_start_triggers_for_a_frozen_neopet():
    """CR 5.5.2 / 8.20.4b: a frozen Neopet's Battle Phase still begins (Kass's +1 Attack
    triggers); it only does not attack."""
    game, me, _ = trigger_game()
    game.turn = 2
    me.faerie = sample_card("Kass")
    me.refresh()
    attack = me.attack
    me.frozen = True
    game.battle(me)
    assert me.attack == attack + 1
    assert game.battles == 0 and not me.frozen


def test_it_sends_the_cards_on_the_queue_to_the_discard_or_void_when_a_knock_out_ends_the_round():
    """CR 5.5.9c / 8.10.5: the potion whose damage knocked the Neopet out never finishes
    resolving, and the opponent's Food still waiting below is not resolved either; at End of
    Round Cleanup the potion goes to its owner's Discard and the Food to its owner's Void."""
    game, me, opponent = trigger_game()
    opponent.damage = opponent.hp - 1
    potion = EngineCard(STING_POTION)
    hot_dog = sample_card("Hot Dog")
    game.queue.append(QueueItem(hot_dog, opponent, None, hot_dog.played))
    me.take(potion)
    with pytest.raises(KnockOut):
        game.play_card(me, potion, me.inventory)
    game.new_round(round_winner=me.index)
    assert game.queue == []
    assert potion in me.discard
    assert opponent.void == [hot_dog]


def test_it_adds_the_active_players_triggers_to_the_queue_first():
    """CR 9.7.1: one potion deals damage to both Neopets; the active player's dealt-damage
    trigger is added (and resolves) before the other player's."""
    game, me, opponent = trigger_game()
    for side in game.sides:
        side.equipment.append(EngineCard(SORE_LOSER_CHARM))
        side.refresh()
    backfire = EngineCard(
        info(
            "Sample Backfire Potion",
            "Potion",
            "Deal 1 damage to your opponent's Neopet, then 1 damage to yours.",
            effects=[{"do": "damage", "n": 1}, {"do": "damage", "n": 1, "target": "self"}],
        )
    )
    me.take(backfire)
    game.play_card(me, backfire, me.inventory)
    assert [e["player"] for e in game.log if e["event"] == "trigger"] == [me.index, opponent.index]


def test_a_trigger_waits_for_its_own_source_even_when_that_source_plays_another_card():
    """CR 8.16.3: a dealt-damage trigger joins the queue once the card whose resolution dealt
    the damage has finished resolving. An echo potion deals 1 damage, then plays the Sting
    Potion from the Discard (CR 9.1), which deals 1 more: the Sting Potion's trigger comes as it
    is put away, the echo potion's only as the echo potion is, not with the Sting Potion's."""
    echo = info(
        "Sample Echo Potion",
        "Potion",
        "Deal 1 damage to your opponent's Neopet, then play a Sting Potion from your Discard.",
        effects=[{"do": "damage", "n": 1}, {"do": "replay", "name": "Sample Sting Potion"}],
    )
    game, me, opponent = trigger_game()
    opponent.equipment.append(EngineCard(SORE_LOSER_CHARM))
    opponent.refresh()
    me.discard = [EngineCard(STING_POTION)]
    potion = EngineCard(echo)
    me.take(potion)
    game.play_card(me, potion, me.inventory)
    order = [
        (e["event"], e.get("card"))
        for e in game.log
        if e["event"] in ("play", "put_away", "trigger")
    ]
    assert order == [
        ("play", "Sample Echo Potion"),
        ("play", "Sample Sting Potion"),
        ("put_away", "Sample Sting Potion"),
        ("trigger", "Sample Sore Loser Charm"),
        ("put_away", "Sample Echo Potion"),
        ("trigger", "Sample Sore Loser Charm"),
    ]
