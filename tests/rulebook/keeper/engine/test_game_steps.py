"""The game's own steps as a player and a judge see them: setup's question and record, the
Resource Phase's log, what the figures count, the triggers checked after each action, and the
Battle Phase's restrictions and counters (rulebook, "Setup and Deck Building", "Turn Order",
"Creature Abilities", "Winning and Losing"; guide, "Caveats", "Restrictions", "Effects";
docs/game-logs.md)."""

from __future__ import annotations

from functools import partial

import pytest

from rulebook.core.stepping import direct_game
from rulebook.keeper.engine import HeuristicPolicy
from rulebook.keeper.engine.game import Game, GameOver
from rulebook.keeper.engine.state import RESERVES_CHOICE

from .builders import (
    PlacesResources,
    Willing,
    creature,
    deck,
    give_resources,
    in_play,
    new_game,
    spell,
)


class Noting(Willing):
    """`Willing`, keeping every decision it is asked."""

    def __init__(self) -> None:
        self.asked = []

    def answer(self, game, decision):
        self.asked.append(decision)
        return super().answer(game, decision)


def test_setup_asks_for_exactly_ten_reserves_and_records_what_it_dealt():
    """Setup and Deck Building: exactly 10 cards to the reserves (a person may not choose
    fewer), 30 shuffled into the deck, a hand of 5; the `setup` event records the reserves, the
    hand and the deck's 25, and each result whether the opening hand held a creature."""
    noting = Noting()
    creatures = deck([creature(f"C{n}", 1, 5) for n in range(40)])
    game = direct_game(Game, [creatures, deck()], 3, (noting, HeuristicPolicy()), record_log=True)
    game.set_up()
    (reserves,) = [d for d in noting.asked if d.kind == RESERVES_CHOICE]
    assert (reserves.least, reserves.most) == (10, 10)
    setups = [e for e in game.log if e["event"] == "setup"]
    assert [(e["deck"], len(e["hand"]), len(e["reserves"]), e["hp"]) for e in setups] == [
        (25, 5, 10, 20)
    ] * 2
    assert game.opening[0] == {"creature": True}


def test_places_are_logged_with_the_resources_after_and_draws_are_counted_by_name():
    """Turn Order 1: resources placed are logged with the Resource Zone's size and how much of
    it is spent after; each card drawn counts for the result's `drawn`, by name."""
    game = new_game(policies=(PlacesResources(1), PlacesResources(1)))
    me = game.players[0]
    me.hand = [creature("Kept", 1, 5)]
    me.deck = [creature("Drawn", 1, 5)] * 3
    game.resource_phase(me, first_turn=False)
    (place,) = [e for e in game.log if e["event"] == "place"]
    assert (place["resources"], place["spent"]) == (1, 0)
    assert me.drawn == {"Drawn"}


def test_a_creature_summoned_twice_counts_two_plays():
    """Each result counts every card played: a creature summoned twice, twice."""
    game = new_game()
    me = game.players[0]
    knight = creature("Knight", 1, 5, cost=0)
    me.hand = [knight, knight]
    game.summon(me, knight)
    game.summon(me, knight)
    assert me.plays["Knight"] == 2


def test_a_card_drawn_by_a_trigger_that_empties_the_deck_loses_at_the_check_after_it():
    """Winning and Losing: a player with an empty deck loses, checked after each trigger (the
    stated simplification): a spell waiting in hand draws the last card and its player loses."""
    game = new_game(policies=(Willing(), Willing()))
    me = game.players[0]
    me.hand = [spell("Study", "Activate when you take at least 5 damage. Draw 1 card.")]
    give_resources(me, 1)
    me.deck = me.deck[:1]
    game.damage_player(me, 5)
    with pytest.raises(GameOver) as over:
        game.settle()
    assert over.value.winner == 1 and not me.deck


SELF_DAMAGED = (
    "Activate when this card is damaged, but not destroyed. Increase your hitpoints by 2."
)


def test_each_creature_damaged_but_not_destroyed_uses_its_own_ability():
    """Creature Abilities: "Activate when this card is damaged, but not destroyed.": each
    creature so damaged uses its ability once; one destroyed by the damage does not."""
    game = new_game(policies=(Willing(), Willing()))
    me = game.players[0]
    hurt = [in_play(game, 0, creature(name, 1, 10, SELF_DAMAGED)) for name in ("A", "B")]
    doomed = in_play(game, 0, creature("Doomed", 1, 3, SELF_DAMAGED))
    for creature_hit in (*hurt, doomed):
        game.damage_creature(creature_hit, 3, 1, None)
    game.settle()
    assert me.hp == 20 + 2 + 2
    triggered = [e["n"] for e in game.log if e["event"] == "triggered"]
    assert sorted(triggered) == sorted(game.ref(c.card) for c in hurt)


IDLE = (
    "If this in-play creature is unexhausted at the end of your own Battle Phase, destroy this "
    "creature."
)


def test_only_a_restricted_idle_creature_is_destroyed_and_an_immortality_counter_saves_it():
    """Restriction "If this in-play creature is unexhausted at the end of your own Battle
    Phase, destroy this creature.": it explicitly destroys, so an immortality counter's placer
    may save it ("Effect that would explicitly destroy it" ruling); an unexhausted creature
    without the restriction stays."""

    class NoBattles(HeuristicPolicy):
        def next_battle(self, game, decision):
            return None

    game = new_game(policies=(NoBattles(), NoBattles()))
    me = game.players[0]
    idle = in_play(game, 0, creature("Idle", 1, 5, IDLE))
    saved = in_play(game, 0, creature("Saved", 1, 5, IDLE))
    saved.add_marks("immortality", 0, 1)
    in_play(game, 0, creature("Calm", 1, 5))  # unexhausted, as in_play puts each
    game.battle_phase(me)
    assert [c.card.name for c in me.creatures] == ["Saved", "Calm"]
    assert me.graveyard == [idle.card]


def test_an_exhaustion_counter_is_spent_only_on_an_unexhausted_creature():
    """Exhaustion counters: their placer removes one to exhaust the creature (as their Battle
    Phase begins): not on a creature already exhausted, which keeps its counter, and never on
    one with other counters only, which stays unexhausted."""
    game = new_game()
    me = game.players[0]
    tired = in_play(game, 1, creature("Tired", 1, 5), exhausted=True)
    tired.add_marks("exhaustion", 0, 1)
    fresh = in_play(game, 1, creature("Fresh", 1, 5))
    fresh.add_marks("offense", 0, 1)
    game.use_exhaustion_counters(me)
    assert tired.mark("exhaustion", 0) == 1
    assert not fresh.exhausted
    assert not [e for e in game.log if e["event"] == "counter_used"]


HEAL_2 = "Increase your hitpoints by 2."


def _watching(game, text: str, defense: int = 5):
    """Player 0's unexhausted creature whose ability, on the condition `text`, heals 2."""
    return in_play(game, 0, creature("Watcher", 1, defense, f"{text} {HEAL_2}"))


def _healed_after(game, *events) -> int:
    """The hitpoints the watcher's ability gave its player after the events and the triggers
    they met."""
    before = game.players[0].hp
    for event in events:
        event()
    game.settle()
    return game.players[0].hp - before


def test_others_damaged_is_met_by_x_other_cards_not_counting_itself():
    """ "Activate when at least [x] of your cards in play (excluding this card) are damaged, but
    not destroyed.": two others damaged meet x = 2; the watcher itself and one other do not."""
    game = new_game(policies=(Willing(), Willing()))
    watcher = _watching(
        game,
        "Activate when at least 2 of your cards in play (excluding this card) are damaged, but "
        "not destroyed.",
        defense=20,
    )
    first, second = (in_play(game, 0, creature(n, 1, 20)) for n in ("First", "Second"))
    hit = partial(game.damage_creature, amount=1, by=1, card=None)
    assert _healed_after(game, partial(hit, watcher), partial(hit, first)) == 0
    assert _healed_after(game, partial(hit, first), partial(hit, second)) == 2


def test_others_destroyed_is_met_by_exactly_x_other_cards():
    """ "Activate when at least [x] of your cards in play (excluding this card) are destroyed.":
    exactly x others destroyed at once meet it; fewer do not."""
    game = new_game(policies=(Willing(), Willing()))
    _watching(
        game, "Activate when at least 2 of your cards in play (excluding this card) are destroyed."
    )
    a, b, c = (in_play(game, 0, creature(n, 1, 5)) for n in "ABC")
    destroy = partial(game.destroy, explicit=True)
    assert _healed_after(game, partial(destroy, a)) == 0
    assert _healed_after(game, partial(destroy, b), partial(destroy, c)) == 2


def test_damage_to_cards_in_play_meets_a_total_condition():
    """ "Activate when your cards in play take a total of at least [x] damage.": the damage to
    all of the player's cards in play adds up, within the same events."""
    game = new_game(policies=(Willing(), Willing()))
    _watching(game, "Activate when your cards in play take a total of at least 5 damage.")
    a, b = (in_play(game, 0, creature(n, 1, 20)) for n in "AB")
    hit = partial(game.damage_creature, by=1, card=None)
    assert _healed_after(game, partial(hit, a, 4)) == 0
    assert _healed_after(game, partial(hit, a, 3), partial(hit, b, 2)) == 2


def test_a_destroyed_cards_own_trigger_is_used_from_the_graveyard_and_only_then():
    """ "Activate when this in-play card is destroyed.": used as it is destroyed, by the player
    whose zone it was in; the log names the card, and its damage counts as the card's. While it
    is in play, other events (its own damage) do not meet it."""
    game = new_game(policies=(Willing(), Willing()))
    them = game.players[1]
    martyr = in_play(
        game,
        0,
        creature(
            "Martyr",
            1,
            20,
            "Activate when this in-play card is destroyed. Inflict 3 damage to any one player.",
        ),
    )
    game.damage_creature(martyr, 2, 1, None)
    game.settle()
    assert them.hp == 20
    game.destroy(martyr, explicit=True)
    game.settle()
    assert them.hp == 20 - 3 and game.card_damage[0] == {"Martyr": 3}
    (told,) = [e for e in game.log if e["event"] == "triggered"]
    assert (told["player"], told["n"], told["when"]) == (0, game.ref(martyr.card), "self_destroyed")


def test_a_trigger_paid_with_its_own_counters_is_used_only_when_the_creature_has_them():
    """Activation costs on a triggered ability: "Remove [x] counters from this card." is paid
    from the creature's own counters; the player is asked with the creature named."""
    noting = Noting()
    game = new_game(policies=(noting, noting))
    me = game.players[0]
    text = (
        "Activate when this card is damaged, but not destroyed. Remove 1 counters from this "
        f"card. {HEAL_2}"
    )
    bare = in_play(game, 0, creature("Bare", 1, 20, text))
    game.damage_creature(bare, 1, 1, None)
    game.settle()
    assert me.hp == 20 and not [d for d in noting.asked if d.kind == "trigger"]
    charged = in_play(game, 0, creature("Charged", 1, 20, text))
    charged.counters = 1
    game.damage_creature(charged, 1, 1, None)
    game.settle()
    (asked,) = [d for d in noting.asked if d.kind == "trigger"]
    assert asked.context[1] is charged
    assert me.hp == 20 + 2 and charged.counters == 0


def test_a_defense_counter_saves_a_creature_only_when_it_would_be_destroyed():
    """ "Place [x] defense counters on each target; you can remove a defense counter from a card
    at any time to increase its defense by 5.": the placer removes one as the creature would
    be destroyed (the stated simplification), +5 each, as many as it takes; a creature left at
    1 defense keeps its counters. The log gives the damage and each counter's defense after."""
    game = new_game()
    them = game.players[1]
    guarded = in_play(game, 1, creature("Guarded", 1, 8))
    guarded.add_marks("defense", 1, 3)
    game.damage_creature(guarded, 7, 0, None)
    assert guarded.defense == 1 and guarded.mark("defense", 1) == 3
    game.damage_creature(guarded, 7, 0, None)  # -6: two counters, +5 each
    assert guarded in them.creatures and guarded.defense == 4
    assert guarded.mark("defense", 1) == 1
    exact = in_play(game, 1, creature("Exact", 1, 5))  # at exactly 0 it would be destroyed
    exact.add_marks("defense", 1, 1)
    game.damage_creature(exact, 5, 0, None)
    assert exact in them.creatures and exact.defense == 5
    told = [
        (e["event"], e["player"], e["n"], e.get("kind"), e["defense"])
        for e in game.log
        if e["event"] in ("damage", "counter_used") and e["n"] == game.ref(guarded.card)
    ]
    n = game.ref(guarded.card)
    assert told == [
        ("damage", 1, n, None, 1),
        ("damage", 1, n, None, -6),
        ("counter_used", 1, n, "defense", -1),
        ("counter_used", 1, n, "defense", 4),
    ]


def test_every_creature_switched_this_turn_goes_back_at_the_recovery_phase():
    """ "Switch control ... until the end of this turn": at the Recovery Phase each creature
    still switched goes back to its controller, however many before it were switched away and
    back within the turn; the log says `control`, `why` "recovery"."""
    game = new_game()
    me, them = game.players
    back_already = in_play(game, 1, creature("Back Already", 3, 10))  # away and back
    away = in_play(game, 0, creature("Away", 3, 10))
    away.owner = 1
    game.switched = [(back_already, 1), (away, 1)]
    game.recovery_phase()
    assert them.creatures == [back_already, away] and not me.creatures
    assert away.controller == 1
    (returned,) = [e for e in game.log if e["event"] == "control"]
    assert (returned["player"], returned["n"], returned["why"]) == (
        1,
        game.ref(away.card),
        "recovery",
    )


def test_damage_to_a_creature_at_0_defense_counts_none_as_dealt():
    """ "It is possible for creatures to have 0 defense; in such a case, any amount of damage
    will destroy the creature": it is destroyed, and the damage dealt that counts for the card
    is the defense it took away, none."""
    game = new_game()
    them = game.players[1]
    zero = in_play(game, 1, creature("Zero", 3, 0))
    bolt = spell("Bolt", "Inflict 3 damage to any one player.")
    assert game.damage_creature(zero, 3, 0, bolt) == 0
    assert zero not in them.creatures and game.card_damage[0]["Bolt"] == 0


def test_the_active_players_triggers_are_used_first():
    """Creature Abilities: the triggers the same events meet are used the active player's
    first, then the other's (each result states the batches), and the log names the card,
    its condition and its x."""
    game = new_game(policies=(Willing(), Willing()))
    game.active = 1
    hurt = "Activate when you take at least 1 damage. Increase your hitpoints by 1."
    for player in game.players:
        player.hand = [spell(f"Wince {player.index}", hurt)]
        give_resources(player, 1)
        game.damage_player(player, 1)
    game.settle()
    told = [(e["player"], e["when"], e["x"]) for e in game.log if e["event"] == "triggered"]
    assert told == [(1, "player_damage", 1), (0, "player_damage", 1)]


def test_a_creatures_trigger_is_logged_with_its_condition_and_x():
    """The log's `triggered` for a creature's ability names the creature, the condition and
    its x (docs/game-logs.md)."""
    game = new_game(policies=(Willing(), Willing()))
    watcher = _watching(
        game,
        "Activate when at least 1 of your cards in play (excluding this card) are damaged, but "
        "not destroyed.",
    )
    other = in_play(game, 0, creature("Other", 1, 20))
    game.damage_creature(other, 1, 1, None)
    game.settle()
    (told,) = [e for e in game.log if e["event"] == "triggered"]
    assert (told["player"], told["n"], told["when"], told["x"]) == (
        0,
        game.ref(watcher.card),
        "others_damaged",
        1,
    )
