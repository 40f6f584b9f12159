"""The heuristic makes the strong sample deck beat the weak one (a fixed-seed statistical test)."""

from rulebook.neopets.engine import play_game

from .builders import sample_deck

GAMES = 400


def test_it_makes_the_strong_sample_deck_win_more_than_sixty_percent_from_either_seat():
    strong, weak = sample_deck("strong"), sample_deck("weak")
    as_a = sum(play_game([strong, weak], seed).winner == 0 for seed in range(GAMES // 2))
    as_b = sum(play_game([weak, strong], seed).winner == 1 for seed in range(GAMES // 2))
    assert (as_a + as_b) / GAMES > 0.6
    assert as_a / (GAMES // 2) > 0.6 and as_b / (GAMES // 2) > 0.6
