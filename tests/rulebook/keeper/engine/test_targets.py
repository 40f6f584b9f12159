"""Target selections (guide, "Target Selections"; rulebook, "Target" and "Selected by an
opponent" rulings): which cards an ability may target, in whose zone, and who selects them."""

from __future__ import annotations

import pytest

from rulebook.keeper.engine.policy import HeuristicPolicy

from .builders import VALUED, creature, in_play, new_game, spell

TO_RESOURCES = "Send all targets to the resource zone of their owners (exhausted)."


class NamesItself(HeuristicPolicy):
    """The heuristic, except that asked for "one player" it always names itself."""

    def choose_player(self, game, decision, hostile):
        return game.players[decision.seat]


class NamesTheOpponent(HeuristicPolicy):
    """The heuristic, except that asked for "one player" it always names the opponent."""

    def choose_player(self, game, decision, hostile):
        return game.players[1 - decision.seat]


def cast(game, text: str) -> None:
    card = spell("Test Spell", text)
    game.resolve(game.players[0], card.abilities[0], card, None)


def test_only_cards_with_at_least_y_counters_can_be_targeted():
    """ "Target up to [x] cards in play with at least [y] counters.": a card with exactly y
    counters qualifies; a more valuable one with fewer does not."""
    game = new_game()
    them = game.players[1]
    big = in_play(game, 1, creature("Big", 9, 30))
    big.counters = 1
    small = in_play(game, 1, creature("Small", 1, 5))
    small.counters = 2
    cast(game, "Target up to 1 card in play with at least 2 counters. Destroy all targets.")
    assert them.creatures == [big]
    assert them.graveyard == [small.card]


def test_a_selection_in_your_hand_never_reaches_the_opponents_hand():
    """ "Target up to [x] cards in your hand.": the caster's own hand, whatever the effect (a
    hostile one finds nothing there worth aiming at)."""
    game = new_game()
    me, them = game.players
    me.hand = [spell("Mine", "Draw 1 card.", cost=4)]
    them.hand = [spell("Theirs", "Draw 1 card.", cost=4)]
    cast(game, f"Target up to 1 card in your hand. {TO_RESOURCES}")
    assert [card.name for card in them.hand] == ["Theirs"] and them.resources == []


def test_the_opponent_selects_from_their_own_hand_and_gives_up_the_cheapest():
    """ "Target up to [x] cards in one opponent's hand selected by that player.": the opponent's
    hand, whoever the caster would name, and the opponent picks what costs the caster most
    ("Selected by an opponent" ruling): here their cheapest card."""
    game = new_game(policies=(NamesItself(), NamesItself()))
    me, them = game.players
    me.hand = [spell("Mine", "Draw 1 card.", cost=4)]
    cheap, dear = spell("Cheap", "Draw 1 card.", cost=1), spell("Dear", "Draw 1 card.", cost=6)
    them.hand = [dear, cheap]
    cast(
        game, f"Target up to 1 card in one opponent's hand selected by that player. {TO_RESOURCES}"
    )
    assert them.hand == [dear] and them.resources == [cheap]
    assert [card.name for card in me.hand] == ["Mine"] and me.resources == []


def test_the_caster_names_the_opponent_as_the_one_player_for_a_hostile_effect():
    """ "Target up to [x] cards in one player's hand randomly.": "one player" of the caster's
    choice; sending cards to the resource zone hurts, so the caster names the opponent."""
    game = new_game()
    me, them = game.players
    mine, theirs = spell("Mine", "Draw 1 card.", cost=4), spell("Theirs", "Draw 1 card.", cost=4)
    me.hand, them.hand = [mine], [theirs]
    cast(game, f"Target up to 1 card in one player's hand randomly. {TO_RESOURCES}")
    assert them.resources == [theirs] and me.hand == [mine]


def test_an_opponent_selecting_in_play_picks_the_casters_card_over_a_more_valuable_own():
    """ "Selected by an opponent" ruling: the opponent selects what hurts the caster most, so a
    hostile effect falls on the caster's card, though the opponent's own is worth more."""
    game = new_game()
    me, them = game.players
    mine = in_play(game, 0, creature("Mine", 1, 5))
    theirs = in_play(game, 1, creature("Theirs", 5, 10))
    cast(
        game,
        "Target up to 1 card in play selected by an opponent of your choice. Destroy all targets.",
    )
    assert me.creatures == [] and me.graveyard == [mine.card]
    assert them.creatures == [theirs]


def test_an_opponent_looks_at_exactly_x_cards_and_selects_y_of_them():
    """ "Have one opponent look at exactly [x] cards on top of your deck and target up to [y]
    of those cards selected by that player.": with exactly x cards there, the opponent picks
    y of them, the one that costs the caster most (here the dearer card goes to the resource
    zone)."""
    game = new_game()
    me = game.players[0]
    cheap, dear = spell("Cheap", "Draw 1 card.", cost=1), spell("Dear", "Draw 1 card.", cost=6)
    me.deck = [cheap, dear]  # the top of the deck is its end
    cast(
        game,
        "Have one opponent look at exactly 2 cards on top of your deck and target up to 1 of "
        f"those cards selected by that player. {TO_RESOURCES}",
    )
    assert me.resources == [dear] and me.deck == [cheap]


def test_an_opponent_looking_at_their_own_deck_gives_up_the_cheapest_of_those_cards():
    """ "Have one opponent look at exactly [x] cards on top of their own deck and target up to
    [y] of those cards selected by that player.": the opponent picks what costs the caster
    most, so of their own cards a hostile effect takes the cheapest."""
    game = new_game()
    them = game.players[1]
    cheap, dear = spell("Cheap", "Draw 1 card.", cost=1), spell("Dear", "Draw 1 card.", cost=6)
    them.deck = [dear, cheap]
    cast(
        game,
        "Have one opponent look at exactly 2 cards on top of their own deck and target up to 1 "
        f"of those cards selected by that player. {TO_RESOURCES}",
    )
    assert them.resources == [cheap] and them.deck == [dear]


def test_cards_on_the_top_of_a_deck_are_the_top_x_only():
    """ "Target up to [x] cards on the top of one player's deck.": the top x cards, no more
    (the caster names the opponent for a hostile effect)."""
    game = new_game()
    them = game.players[1]
    top = spell("Top", "Draw 1 card.", cost=2)
    them.deck = [spell(f"Under {n}", "Draw 1 card.", cost=2) for n in range(3)] + [top]
    cast(game, f"Target up to 1 card on the top of one player's deck. {TO_RESOURCES}")
    assert them.resources == [top] and len(them.deck) == 3


def test_the_player_the_caster_shows_their_hand_to_selects_from_it():
    """ "Show all cards in your hand to one player of your choice and target up to [x] cards
    in your hand selected by that player.": named, the opponent selects, and picks what costs
    the caster most: their dearest card, for a hostile effect."""
    game = new_game(policies=(NamesTheOpponent(), NamesTheOpponent()))
    me = game.players[0]
    cheap, dear = spell("Cheap", "Draw 1 card.", cost=1), spell("Dear", "Draw 1 card.", cost=6)
    me.hand = [cheap, dear]
    cast(
        game,
        "Show all cards in your hand to one player of your choice and target up to 1 card in "
        f"your hand selected by that player. {TO_RESOURCES}",
    )
    assert me.resources == [dear] and me.hand == [cheap]


@pytest.mark.parametrize(("x", "given_up"), [(1, {"Middling"}), (2, {"Middling", "Wall"})])
def test_an_opponent_selecting_in_their_hand_gives_up_the_cheapest_by_the_stated_valuation(
    x, given_up
):
    """Target Selections, "Target up to [x] cards in one opponent's hand selected by that
    player": the engine selects for the opponent the targets worst for the caster (every
    result's simplifications), so a destroying spell takes the cards of that hand worth least:
    a creature worth its printed offense plus a fifth of its defense."""
    game = new_game()
    caster, opponent = game.players
    opponent.hand = [creature(name, offense, defense) for name, offense, defense in VALUED]
    raid = spell(
        "Raid",
        f"Target up to {x} cards in one opponent's hand selected by that player. Destroy all "
        "targets.",
    )
    game.resolve(caster, raid.abilities[0], raid, None)
    kept = {card.name for card in opponent.hand}
    assert kept == {name for name, _, _ in VALUED} - given_up
