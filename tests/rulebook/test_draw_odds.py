"""Exact chances of having drawn a card by a turn (rulebook/draw_odds.py), by each game's hand and
draw rules (rulebook/opening_hands.py)."""

from fractions import Fraction
from math import comb

from rulebook.draw_odds import chance_of_any, chances_by_turn, draw_pile_size
from rulebook.opening_hands import cards_drawn_by
from rulebook.registry import HAND_RULES


def test_it_is_the_hypergeometric_chance_of_at_least_one_copy():
    assert chance_of_any(40, 3, 7) == 1 - Fraction(comb(37, 7), comb(40, 7))
    assert chance_of_any(40, 0, 7) == 0
    assert chance_of_any(10, 1, 10) == 1  # every card seen
    assert chance_of_any(10, 1, 50) == 1  # more draws than cards: all of them


def test_neopets_draws_one_card_every_turn_including_the_first_rule_5_2():
    """Comprehensive rules 5.2 Draw Phase: the active player draws a card each turn."""
    rule = HAND_RULES["neopets"]
    assert [cards_drawn_by(rule, turn, going_first=True) for turn in range(4)] == [0, 1, 2, 3]
    chances = chances_by_turn(rule, 50, 2, 3, going_first=True)
    assert chances == [chance_of_any(50, 2, seen) for seen in (5, 6, 7, 8)]


def test_metazoo_bookmarks_one_page_at_the_start_of_each_turn():
    """2023 rulebook, Turn Steps: Bookmark a Page at the start of each turn, after 7 dealt."""
    rule = HAND_RULES["metazoo"]
    assert chances_by_turn(rule, 40, 1, 2, going_first=False)[2] == chance_of_any(40, 1, 9)


def test_keeper_draws_up_to_two_and_the_starting_player_one_on_turn_one():
    """11th-edition rulebook, Turn Order: draw 2 minus resources placed; the starting player
    only 1 on the first turn. The 10 reserves are chosen, so the draw pile is the other 30."""
    rule = HAND_RULES["keeper"]
    assert cards_drawn_by(rule, 1, going_first=True) == 1
    assert cards_drawn_by(rule, 1, going_first=False) == 2
    assert cards_drawn_by(rule, 3, going_first=True) == 5
    assert draw_pile_size(rule, 40) == 30
    assert chances_by_turn(rule, 40, 2, 1, going_first=True) == [
        chance_of_any(30, 2, 5),
        chance_of_any(30, 2, 6),
    ]
