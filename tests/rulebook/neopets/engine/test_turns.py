"""Setting up, turn order, rounds and the end of the game (CR "Setting Up the Game", 5, 9.3)."""

from itertools import groupby, pairwise

import pytest

from rulebook.neopets.engine import TURN_CAP, play_game

from .builders import Scripted, deck_of, filler, game_between, neopet, sample_deck


@pytest.fixture
def logged_games():
    # Played for each test, not once per module: mutmut credits a test only with what ran for it,
    # so games shared by a module fixture would let only the first test judge a mutant.
    strong, weak = sample_deck("strong"), sample_deck("weak")
    return [play_game([strong, weak], seed, record_log=True) for seed in range(12)] + [
        play_game([strong, strong], seed, record_log=True) for seed in range(12)
    ]


def turns_of(record):
    """The log grouped by turn: (turn number, player, events) for every turn played."""
    events = [e for e in record.log if e["turn"] > 0]
    return [
        (turn, group[0]["player"], group)
        for turn, group in ((t, list(g)) for t, g in groupby(events, key=lambda e: e["turn"]))
    ]


def attacked(events):
    return any(e["event"] in ("battle", "frozen") for e in events)


def knocked_out(events):
    return any(e["event"] == "knock_out" for e in events)


def test_it_skips_only_the_first_players_first_battle_phase(logged_games):
    """CR 5.5.1: the first turn of the game has no Battle Phase; every other turn has one."""
    for record in logged_games:
        turns = turns_of(record)
        assert not attacked(turns[0][2])
        assert turns[0][1] == record.first
        for _turn, _player, events in turns[1:]:
            assert attacked(events) or knocked_out(events)


def test_it_alternates_turns_within_a_round(logged_games):
    """CR 5: players take turns one after the other."""
    for record in logged_games:
        turns = turns_of(record)
        for (_, player, events), (_, next_player, _) in pairwise(turns):
            if not knocked_out(events):
                assert next_player == 1 - player


def test_it_starts_a_new_round_with_the_knocked_out_player_and_no_battle_skip(logged_games):
    """CR 5.5.12: the player whose Neopet was knocked out takes the next turn, and attacks."""
    seen = 0
    for record in logged_games:
        turns = turns_of(record)
        for (_, _, events), (_, next_player, next_events) in pairwise(turns):
            knock_out = next((e for e in events if e["event"] == "knock_out"), None)
            if knock_out is not None:
                seen += 1
                assert next_player == knock_out["player"]
                assert attacked(next_events) or knocked_out(next_events)
    assert seen > 0


def test_it_plays_best_of_three_rounds(logged_games):
    """ "In-Game Rounds & Winning the Game": the first to win two rounds wins the game."""
    for record in logged_games:
        assert record.figures["rounds"] == len(record.figures["round_winners"]) in (2, 3)
        assert record.figures["round_winners"].count(record.winner) == 2


def test_it_picks_the_starting_player_at_random_by_seed():
    """ "Setting Up the Game": the starting player is determined at random."""
    deck = deck_of(filler(45))
    firsts = {play_game([deck, deck], seed).first for seed in range(20)}
    assert firsts == {0, 1}


def test_it_lets_the_starting_player_defer_the_first_turn():
    """ "Setting Up the Game": the starting player may defer taking the first turn to their
    opponent; the record names the player who actually took it."""
    deck = deck_of(filler(45))
    for seed in range(6):
        taken = play_game([deck, deck], seed, policies=(Scripted(take_first_turn=True),) * 2)
        deferred = play_game(
            [deck, deck], seed, policies=(Scripted(take_first_turn=False),) * 2, record_log=True
        )
        assert deferred.first == 1 - taken.first
        first_turn = next(e for e in deferred.log if e["event"] == "turn")
        assert first_turn["player"] == deferred.first


def test_it_chooses_starting_neopets_face_down():
    """ "Setting Up the Game": both choose before either is revealed."""
    seen = []

    def choose(game, decision):
        seen.append(game.sides[1 - decision.seat].active)
        return decision.options[0]

    policy = Scripted(choose_neopet=choose)
    game_between(deck_of(filler()), policies=(policy, policy))
    assert seen == [None, None]


def test_it_allows_at_most_one_mulligan():
    """ "Setting Up the Game": players may not mulligan more than once."""
    always = Scripted(mulligan=True)
    game = game_between(deck_of(filler()), policies=(always, always))
    assert [e["event"] for e in game.log].count("mulligan") == 2
    assert all(len(side.inventory) == 5 for side in game.sides)


def test_it_deals_one_damage_to_an_exhausted_players_neopet_at_the_draw_phase():
    """CR 9.3.1-9.3.2: a player with no cards in their deck is exhausted."""
    game = game_between(deck_of(filler()))
    me = game.sides[0]
    me.deck.clear()
    game.take_turn(me)  # the first turn: no battle follows
    assert me.damage == 1
    exhausted = [e for e in game.log if e["event"] == "exhausted"]
    assert [e["player"] for e in exhausted] == [me.index]  # the log says who is exhausted


def test_it_ends_a_game_nobody_can_win_as_a_draw_at_the_turn_cap():
    """No rule ends a game of Neopets that deal no damage: the engine stops at TURN_CAP."""
    harmless = [neopet(f"Tough {n}", hp=99, attack=0) for n in ("Kau", "Usul", "Lupe")]
    deck = deck_of(filler(45), neopets=harmless)
    record = play_game([deck, deck], seed=1)
    assert record.winner is None
    assert record.figures["turns"] == TURN_CAP
    # a draw by the engine's cap, not by a rule: the record says so, and states the cap
    assert record.capped
    assert any(str(TURN_CAP) in rule for rule in record.simplifications)


def test_it_makes_a_player_without_a_neopet_for_the_next_round_lose():
    """A new round needs a new Neopet from each Neopet Deck (CR 5.5.12)."""
    lonely = deck_of(filler(45), neopets=[neopet("Red Shoyru", attack=6, agility=6)])
    full = deck_of(filler(45))
    for seed in range(5):
        record = play_game([lonely, full], seed)
        assert record.figures["rounds"] == 1
        assert record.winner == 1


def test_5_5_12_a_round_lost_with_no_neopet_left_on_either_side_ends_the_game_drawn():
    """A new round needs a Neopet from each player (CR 5.5.12): with one Neopet each, the
    first knock-out leaves neither a Neopet to send in, and the game ends with no winner."""
    decks = [deck_of(filler(), neopets=[neopet("Lone Kau", hp=2, attack=6)]) for _ in range(2)]
    record = play_game(decks, seed=1, record_log=True)
    assert [e["event"] for e in record.log].count("knock_out") == 1
    assert record.log[-1]["event"] == "game_over" and record.log[-1]["player"] is None


def test_5_5_12_each_round_is_logged_numbered_with_the_player_who_starts_it(logged_games):
    """Rounds count up from 1 (a game is up to three rounds); the first is started by the
    first player, each later one by the player knocked out in the one before (CR 5.5.12)."""
    for record in logged_games:
        rounds = [e for e in record.log if e["event"] == "round"]
        knocked = [e["player"] for e in record.log if e["event"] == "knock_out"]
        assert [e["round"] for e in rounds] == list(range(1, len(rounds) + 1))
        assert [e["player"] for e in rounds] == [record.first, *knocked[: len(rounds) - 1]]


def test_every_result_states_the_choices_the_engine_makes_for_a_player():
    """The rules' choices the engine makes rather than asks are in every result: the order of
    triggers that trigger at once (CR 9.7.1), the die an effect changes, a Lab Ray's Neopet
    (CR 8.20.10a)."""
    deck = deck_of(filler(45), neopets=[neopet(f"N {n}", hp=10, attack=3) for n in "ABC"])
    stated = " ".join(play_game([deck, deck], seed=1).simplifications)
    for words in ("CR 9.7.1", "lowest", "Lab Ray", "CR 8.20.10a"):
        assert words in stated
