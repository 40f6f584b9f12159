"""What each card played and each card destroyed outside play does to the record and to the
conditions that wait for it (rulebook, "Casting Spells and Setting Traps"; "Creature
Abilities": activation conditions; guide, "Activation Conditions"; docs/game-logs.md)."""

from __future__ import annotations

import pytest

from rulebook.keeper.engine.game import GameOver

from .builders import creature, filler_card, give_resources, in_play, new_game, spell

BOLT = "Inflict 3 damage to any one player."


def test_each_spell_cast_and_trap_set_counts_once_in_the_players_plays():
    """Each result counts every card a player plays (`plays`), a copy played twice twice: a
    spell cast and a spell set as a trap are each one play, each time."""
    game = new_game()
    me = game.players[0]
    bolt, snare = spell("Bolt", BOLT, cost=0), spell("Snare", BOLT, cost=0)
    me.hand = [bolt, bolt, snare, snare]
    game.cast(me, bolt)
    game.set_trap(me, snare)
    assert dict(me.plays) == {"Bolt": 1, "Snare": 1}
    game.cast(me, bolt)
    game.set_trap(me, snare)
    assert dict(me.plays) == {"Bolt": 2, "Snare": 2}
    assert game.card_damage[0] == {"Bolt": 6}  # a spell's damage is the spell's


def test_damage_to_a_player_is_logged_and_adds_up_for_the_card_that_dealt_it():
    """Damage to a player is logged as `hp` with `why` "damage"; each hit adds to the card's
    damage dealt (each result's `card_damage`)."""
    game = new_game()
    me, them = game.players
    bolt = spell("Bolt", BOLT, cost=0)
    me.hand = [bolt, bolt]
    game.cast(me, bolt)
    game.cast(me, bolt)
    hits = [(e["player"], e["change"], e["why"]) for e in game.log if e["event"] == "hp"]
    assert hits == [(1, -3, "damage")] * 2
    assert game.card_damage[0] == {"Bolt": 6} and them.hp == 20 - 6


def test_a_destroyed_creature_is_logged_as_its_controllers():
    """Destroyed cards go to their owner's graveyard; the log's `destroyed` names the card and
    the player whose creature it was."""
    game = new_game()
    them = game.players[1]
    victim = in_play(game, 1, creature("Victim", 1, 5))
    game.destroy(victim, explicit=True)
    (told,) = [e for e in game.log if e["event"] == "destroyed"]
    assert (told["player"], told["n"]) == (1, game.ref(victim.card))
    assert them.graveyard == [victim.card]


def test_a_sprung_traps_damage_counts_as_the_traps():
    """Activating a trap resolves its ability as the trap card's: the damage it deals counts
    for the card (each result's `card_damage`)."""
    game = new_game()
    me, them = game.players
    trap = in_play(game, 0, spell("Snare", BOLT))
    game.activate_trap(me, trap)
    assert them.hp == 20 - 3
    assert game.card_damage[0] == {"Snare": 3}


def test_an_immortality_counter_is_logged_only_when_it_saves_the_creature():
    """ "Effect that would explicitly destroy it": the placer removes an immortality counter to
    save the creature, and the log says `counter_used`; a creature without one is destroyed
    and no counter is logged."""
    game = new_game()
    them = game.players[1]
    saint = in_play(game, 1, creature("Saint", 3, 10))
    saint.add_marks("immortality", 1, 1)
    plain = in_play(game, 1, creature("Plain", 3, 10))
    game.destroy(plain, explicit=True)
    assert plain not in them.creatures
    assert not [e for e in game.log if e["event"] == "counter_used"]
    game.destroy(saint, explicit=True)
    assert saint in them.creatures
    (used,) = [e for e in game.log if e["event"] == "counter_used"]
    assert (used["player"], used["n"], used["kind"]) == (1, game.ref(saint.card), "immortality")


def _watcher(game, zone: str, x: int):
    """A spell in hand waiting for "at least x cards in your <zone> are destroyed"."""
    me = game.players[0]
    watch = spell(
        "Watch", f"Activate when at least {x} cards in your {zone} are destroyed. Draw 1 card."
    )
    me.hand.append(watch)
    give_resources(me, 1)
    return watch


def test_cards_destroyed_from_the_hand_meet_a_hand_condition_one_each():
    """ "Activate when at least [x] cards in your hand are destroyed.": the cards destroyed
    from the hand at once count one each, and only those from the hand; the log says where
    each was destroyed from."""
    game = new_game()
    me = game.players[0]
    watch = _watcher(game, "hand", 2)
    cards = [filler_card() for _ in range(3)]
    me.hand += cards
    game.destroy_from(me, me.deck, me.deck[-1])  # from the deck: not a hand card
    game.destroy_from(me, me.hand, cards[0])
    game.settle()
    assert watch in me.hand  # one of two
    game.destroy_from(me, me.hand, cards[1])
    game.destroy_from(me, me.hand, cards[2])
    game.settle()
    assert watch not in me.hand and watch in me.graveyard
    destroyed = [(e["from"], e["of"]) for e in game.log if e["event"] == "destroyed"]
    assert destroyed == [("deck", 0)] + [("hand", 0)] * 3


def test_cards_destroyed_from_the_deck_meet_a_deck_condition_one_each():
    """ "Activate when at least [x] cards in your deck are destroyed.": the cards destroyed
    from the deck at once count one each."""
    game = new_game()
    me = game.players[0]
    watch = _watcher(game, "deck", 2)
    game.destroy_from(me, me.deck, me.deck[-1])
    game.settle()
    assert watch in me.hand  # one of two
    game.destroy_from(me, me.deck, me.deck[-1])
    game.destroy_from(me, me.deck, me.deck[-1])
    game.settle()
    assert watch not in me.hand and watch in me.graveyard


def test_a_card_from_outside_the_decks_is_named_once_in_the_log():
    """Each card's number in the log is named once: a card put into the game from outside its
    decks by a `card` event with its number and name (docs/game-logs.md, `card`)."""
    game = new_game()
    stray = creature("Stray", 1, 5)
    number = game.ref(stray)
    assert game.ref(stray) == number
    named = [(e["n"], e["name"]) for e in game.log if e["event"] == "card"]
    assert named.count((number, "Stray")) == 1


def test_a_creatures_ability_damage_counts_as_that_creatures():
    """Creature Abilities: an ability's effect is the creature's: the damage it deals counts
    for the creature's card (each result's `card_damage`)."""
    game = new_game()
    me, them = game.players
    slinger = in_play(game, 0, creature("Slinger", 1, 5, f"SLING: {BOLT}"))
    game.activate_creature(me, slinger, slinger.card.abilities[0])
    assert them.hp == 20 - 3
    assert game.card_damage[0] == {"Slinger": 3}


def test_a_creature_summoned_from_the_opponents_deck_stays_theirs():
    """ "Your" ruling: summoning does not change a card's owner: a creature summoned from the
    opponent's deck is the opponent's, controlled by the summoner; so is a spell cast from
    their graveyard, which goes back to their graveyard."""
    game = new_game()
    me, them = game.players
    stray = creature("Stray", 1, 5, cost=0)
    them.deck.append(stray)
    game.summon(me, stray, them.deck)
    (summoned,) = me.creatures
    assert (summoned.owner, summoned.controller) == (1, 0)
    bolt = spell("Bolt", BOLT, cost=0)
    them.graveyard.append(bolt)
    game.cast(me, bolt, them.graveyard)
    assert them.graveyard == [bolt] and bolt not in me.graveyard


def test_a_player_brought_to_exactly_0_hitpoints_outside_a_battle_loses_at_once():
    """Winning and Losing: a player at 0 hitpoints has lost, at once outside a battle."""
    game = new_game()
    me = game.players[0]
    with pytest.raises(GameOver) as over:
        game.damage_player(me, 20)
    assert over.value.winner == 1 and me.hp == 0


def test_effects_and_creatures_acting_are_logged_with_their_player_and_why():
    """The log's `effect` names the player whose ability it is, and an `exhaust` to attack,
    defend or use an ability says `why` "act"; no `draw` is logged when nothing is drawn
    (docs/game-logs.md)."""
    game = new_game()
    me = game.players[0]
    scholar = in_play(game, 0, creature("Scholar", 1, 5, "STUDY: Draw 1 card."))
    game.activate_creature(me, scholar, scholar.card.abilities[0])
    (effect,) = [e for e in game.log if e["event"] == "effect"]
    assert (effect["player"], effect["op"], effect["x"], effect["y"]) == (0, "draw", 1, 0)
    (resolved,) = [e for e in game.log if e["event"] == "resolved"]
    assert resolved["player"] == 0
    assert not [e for e in game.log if e["event"] == "targets"]  # it selects none
    (exhaust,) = [e for e in game.log if e["event"] == "exhaust"]
    assert (exhaust["player"], exhaust["why"]) == (0, "act")
    (drew,) = [e for e in game.log if e["event"] == "draw"]
    assert drew["deck"] == len(me.deck) == 19
    game.draw(me, 0)
    assert len([e for e in game.log if e["event"] == "draw"]) == 1


def test_an_abilitys_targets_are_logged_with_its_player():
    """An ability that selects targets logs them (`targets`, with the player whose ability it
    is) before its effects."""
    game = new_game()
    me = game.players[0]
    ally = in_play(game, 0, creature("Ally", 1, 5))
    game.resolve(me, spell("Rally", TWO_COUNTERS).abilities[0], None, None)
    (told,) = [e for e in game.log if e["event"] == "targets"]
    assert (told["player"], told["cards"]) == (0, [game.ref(ally.card)])
    assert ally.counters == 2


TWO_COUNTERS = "Target up to 1 card in play. Place 2 counters on each target."
