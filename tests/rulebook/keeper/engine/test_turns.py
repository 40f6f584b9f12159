"""Setup, the Resource and Recovery Phases, and winning and losing (rulebook, "Setup and Deck
Building", "Turn Order", "Resources, Exhaustion, and Recovery", "Winning and Losing")."""

from __future__ import annotations

from collections import Counter

import pytest

from rulebook.core.stepping import direct_game
from rulebook.keeper.engine import HeuristicPolicy, RandomPolicy, play_game
from rulebook.keeper.engine.game import Game, GameOver
from rulebook.keeper.engine.policy import Policy

from .builders import PlacesResources, creature, deck, filler_card, in_play, new_game, sample


def test_setup_puts_ten_in_the_reserves_thirty_in_the_deck_and_deals_five():
    """Setup and Deck Building: 10 reserves, 30 shuffled, a hand of 5, 20 hitpoints."""
    players = (HeuristicPolicy(), RandomPolicy())
    game = direct_game(Game, [sample("aggro"), sample("control")], 3, players)
    game.set_up()
    for player in game.players:
        assert len(player.reserves) == 10
        assert len(player.deck) == 25 and len(player.hand) == 5
        assert player.hp == 20


def test_the_starting_player_places_one_or_draws_one_on_the_first_turn():
    """Turn Order 1, special exception: the starting player's first turn."""
    filler = filler_card()
    game = new_game(policies=(PlacesResources(), PlacesResources()))
    me = game.players[0]
    me.hand = [filler] * 5
    game.resource_phase(me, first_turn=True)
    assert len(me.resources) == 1 and len(me.hand) == 4


@pytest.mark.parametrize(("placed", "drawn"), [(0, 2), (1, 1), (2, 0)])
def test_a_turn_places_up_to_two_resources_and_draws_two_minus_that(placed, drawn):
    """Turn Order 1: (a) draw two, (b) place one and draw one, (c) place two."""
    filler = filler_card()
    game = new_game(policies=(PlacesResources(placed), PlacesResources(placed)))
    me = game.players[0]
    me.hand = [filler] * 5
    game.resource_phase(me, first_turn=False)
    assert len(me.resources) == placed
    assert len(me.hand) == 5 - placed + drawn


def test_hand_cards_can_be_swapped_with_reserves_in_the_resource_phase():
    """Turn Order 1: exchange any number of hand cards for as many reserves; a card swapped
    into the hand counts among the cards the player drew (each result's `drawn`)."""
    filler = filler_card()
    dragon = creature("Dragon", 6, 15, cost=5)
    game = new_game()
    me = game.players[0]
    me.hand = [dragon, filler]
    me.reserves = [creature("Sprite", 2, 5, cost=1)]
    game.resource_phase(me, first_turn=False)
    assert "Sprite" in {card.name for card in me.hand + me.resources}
    assert dragon in me.reserves
    assert "Sprite" in me.drawn


def test_recovery_unexhausts_everything_and_resets_stats_to_the_printed_values():
    """Resources, Exhaustion, and Recovery: every card in play and every resource unexhausted,
    offense and defense back to the printed values (damage and boosts gone)."""
    filler = filler_card()
    game = new_game()
    mine = in_play(game, 0, creature("Mine", 3, 10), exhausted=True)
    theirs = in_play(game, 1, creature("Theirs", 3, 10), exhausted=True)
    mine.offense, mine.defense = 7, 2
    game.players[0].resources.append(filler)
    game.players[0].spent = 1
    game.recovery_phase()
    assert (mine.offense, mine.defense, mine.exhausted) == (3, 10, False)
    assert not theirs.exhausted
    assert game.players[0].spent == 0


def test_a_summoned_creature_enters_exhausted_and_pays_its_cost():
    """Creatures: pay the resource cost, place it face-up and exhausted."""
    filler = filler_card()
    game = new_game()
    me = game.players[0]
    card = creature("Knight", 4, 10, cost=3)
    me.hand = [card]
    me.resources.extend([filler] * 3)
    assert game.can_summon(me, card)
    game.summon(me, card)
    assert me.creatures[0].exhausted and me.unspent == 0
    assert me.plays["Knight"] == 1


def test_a_summoning_caveat_must_be_paid_too():
    """Caveat "You must sacrifice [x] cards in play to summon this creature."."""
    filler = filler_card()
    game = new_game()
    me = game.players[0]
    dragon = creature(
        "Dragon", 6, 15, "You must sacrifice 2 cards in play to summon this creature.", cost=5
    )
    me.hand = [dragon]
    me.resources.extend([filler] * 5)
    in_play(game, 0, filler)
    assert not game.can_summon(me, dragon)
    in_play(game, 0, filler)
    game.summon(me, dragon)
    assert [c.card.name for c in me.creatures] == ["Dragon"]
    assert me.graveyard == [filler, filler]


def test_asking_whether_a_creature_can_be_summoned_leaves_the_hand_as_it_was():
    """A question changes nothing: the caveat's payment is looked for with the creature out of
    the hand, and it goes back to its place (a replay, which never asks, plays the same game;
    the heuristic breaks ties by hand order)."""
    filler = filler_card()
    game = new_game()
    me = game.players[0]
    dragon = creature(
        "Dragon", 6, 15, "You must sacrifice 1 cards in play to summon this creature.", cost=2
    )
    knight = creature("Knight", 2, 2)
    me.hand = [dragon, knight, filler]
    me.resources.extend([filler] * 5)
    in_play(game, 0, filler)
    assert game.can_summon(me, dragon)
    assert me.hand == [dragon, knight, filler]
    assert me.spent == 0


@pytest.mark.parametrize(
    ("hitpoints", "deck_sizes", "winner"),
    [((0, 20), (5, 5), 1), ((20, 20), (5, 0), 0), ((0, 0), (5, 5), None), ((20, 5), (0, 0), None)],
)
def test_a_player_loses_at_zero_hitpoints_or_with_an_empty_deck(hitpoints, deck_sizes, winner):
    """Winning and Losing: 0 hitpoints or an empty deck; both players at once is a draw."""
    filler = filler_card()
    game = new_game()
    for player, hp, size in zip(game.players, hitpoints, deck_sizes, strict=True):
        player.hp = hp
        player.deck = [filler] * size
    with pytest.raises(GameOver) as over:
        game.check()
    assert over.value.winner == winner


def test_every_game_between_the_sample_decks_ends_with_a_result():
    results = Counter(
        play_game([sample("aggro"), sample("value")], seed).winner for seed in range(200)
    )
    assert results[0] + results[1] + results[None] == 200
    assert results[0] > 50 and results[1] > 20


def test_the_heuristic_beats_the_random_policy_with_the_same_deck():
    """The heuristic plays sensibly: with equal decks it wins nearly every game."""
    players: tuple[Policy, Policy] = (HeuristicPolicy(), RandomPolicy())
    wins = Counter(
        play_game([sample("value"), sample("value")], seed, policies=players).winner
        for seed in range(200)
    )
    assert wins[0] >= 180


def test_a_deck_of_one_vanilla_creature_plays_to_the_end():
    lone = deck([creature("Ox", 2, 10)] * 40)
    record = play_game([lone, lone], 5)
    assert record.figures["turns"] > 2 and record.figures["battles"] > 0


class Watching(HeuristicPolicy):
    """The heuristic, noting whose turn its view says it is at every decision it is asked."""

    def __init__(self) -> None:
        self.seen: list[int] = []

    def answer(self, game, decision):
        self.seen.append(game.active)
        return super().answer(game, decision)


def test_a_players_view_says_whose_turn_it_is():
    """Turn Order: the active player takes the turn, and every player's view says whose turn it
    is (the engine plays that player's triggers first)."""
    watching = Watching()
    game = new_game(policies=(HeuristicPolicy(), watching))
    game.players[1].hand = [filler_card() for _ in range(3)]
    game.take_turn(game.players[1])
    assert watching.seen and set(watching.seen) == {1}
