"""Sample opening hands dealt by each game's set-up rules (rulebook/opening_hands.py)."""

from collections import Counter

from rulebook.opening_hands import opening_hand
from rulebook.registry import HAND_RULES

PILE = [f"card {number}" for number in range(40)]


def test_it_deals_five_neopets_cards_and_allows_one_mulligan_setting_up_the_game():
    """Comprehensive rules, Setting Up the Game: 5 cards, no more than one mulligan."""
    rule = HAND_RULES["neopets"]
    first = opening_hand(rule, PILE, seed=3)
    assert len(first.hand) == 5 and first.can_mulligan
    again = opening_hand(rule, PILE, seed=3, mulligans=1)
    assert len(again.hand) == 5 and not again.can_mulligan
    assert again.hand != first.hand
    assert opening_hand(rule, PILE, seed=3, mulligans=5) == again  # a second one is not allowed


def test_it_bookmarks_seven_metazoo_pages_and_one_fewer_each_mulligan():
    """2023 rulebook, Playing MetaZoo: Bookmark 7; a Mulligan Bookmarks N-1, as often as wished."""
    rule = HAND_RULES["metazoo"]
    sizes = [len(opening_hand(rule, PILE, seed=1, mulligans=n).hand) for n in range(9)]
    assert sizes == [7, 6, 5, 4, 3, 2, 1, 0, 0]
    assert not opening_hand(rule, PILE, seed=1, mulligans=7).can_mulligan


def test_it_sets_ten_keeper_reserves_aside_then_draws_five_of_the_thirty_left():
    """Keeper rulebook, before each game: 10 cards to the reserves, 5 drawn from the other 30."""
    dealt = opening_hand(HAND_RULES["keeper"], PILE, seed=9)
    assert len(dealt.reserves) == 10 and len(dealt.hand) == 5
    assert not set(dealt.hand) & set(dealt.reserves)
    assert not dealt.can_mulligan


def test_it_deals_the_same_hand_for_the_same_seed_and_only_cards_of_the_pile():
    rule = HAND_RULES["neopets"]
    pile = ["Hot Dog"] * 3 + ["Acara"] * 2
    hand = opening_hand(rule, pile, seed=42).hand
    assert hand == opening_hand(rule, pile, seed=42).hand
    assert Counter(hand) == Counter(pile)
