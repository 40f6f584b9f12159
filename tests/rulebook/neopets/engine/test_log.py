"""The log tells a game as the rules play it (docs/game-logs.md): a reader who knows only the
rulebook can follow from it whose turn it is, what each player drew, attached and played, where
a resolved card went, and who won."""

from collections import Counter

from rulebook.neopets.engine import play_game

from .builders import sample_deck, sample_pool

# Where a resolved card goes (CR 8.20.15c): these stay in play, every other card is put away.
STAYS_IN_PLAY = {"Equipment", "Location", "Faerie", "Hero", "Villain"}
# CR 7.8.6 (Food) and 7.3.5 (Faeries, Heroes, Villains): to the Void; the rest to the Discard.
TO_THE_VOID = {"Food", "Faerie", "Hero", "Villain"}


def games():
    """Ten games of the sample decks, played afresh by each test: mutation testing runs only
    the tests that reach a rule, and a game shared between tests would reach it from one."""
    decks = sample_deck("strong"), sample_deck("weak")
    return [play_game(decks, seed=seed, record_log=True) for seed in range(10)]


def test_each_round_is_announced_and_its_players_take_turns_in_turn():
    """CR 5: the players take turns; "Setting Up the Game": the first player (who may defer)
    takes the first turn; CR 5.5.12: after a knock-out a new round begins and the player whose
    Neopet was knocked out takes its first turn."""
    for outcome in games():
        next_player, round_begun = None, False
        for event in outcome.log:
            kind, player = event["event"], event["player"]
            if kind in ("first_turn", "knock_out"):
                next_player, round_begun = player, False
            elif kind == "round":
                assert player == next_player, event
                round_begun = True
            elif kind == "turn":
                assert round_begun and player == next_player, event
                next_player = 1 - player
        assert next_player is not None


def test_each_player_draws_a_five_card_inventory_and_five_more_after_a_mulligan():
    """ "Setting Up the Game": each player draws five cards and may take one mulligan (shuffle
    them back, draw five again); the log names who drew and who took it."""
    for outcome in games():
        setup = [event for event in outcome.log if event["turn"] == 0]
        drawn = Counter(event["player"] for event in setup if event["event"] == "draw")
        mulligans = {event["player"] for event in setup if event["event"] == "mulligan"}
        took = {seat for seat in (0, 1) if outcome.seats[seat]["opening"]["mulligan"]}
        assert mulligans == took
        assert drawn == {seat: 10 if seat in took else 5 for seat in (0, 1)}


def test_each_codestone_is_attached_by_the_player_whose_turn_it_is_raising_their_level():
    """CR 5.3: at most one Codestone a turn, attached by the turn's player; the Neopet's level
    is the number of Codestones attached (v1.2 rulebook, "Codestones"), all of them put away at
    the end of a round (CR 5.5.10)."""
    attached = 0
    for outcome in games():
        whose_turn, levels, this_turn = None, [0, 0], 0
        for event in outcome.log:
            if event["event"] == "turn":
                whose_turn, this_turn = event["player"], 0
            elif event["event"] == "knock_out":
                levels = [0, 0]
            elif event["event"] == "codestone":
                assert event["player"] == whose_turn and this_turn == 0, event
                levels[whose_turn] += 1
                this_turn += 1
                assert event["level"] == levels[whose_turn], event
                attached += 1
    assert attached


def test_each_resolved_card_is_said_to_stay_in_play_or_where_it_was_put_away():
    """CR 8.20.15c: Equipment, a Location, a Faerie, Hero or Villain stays in play (the log gives
    its kind); Food (7.8.6) goes to the Void, as a Faerie, Hero or Villain that leaves does
    (7.3.5); every other card to its owner's Discard."""
    card_types = {card.name: card.type for card in sample_pool().cards}
    kinds, piles = set(), set()
    for outcome in games():
        for event in outcome.log:
            card_type = card_types.get(event.get("card"))
            if event["event"] == "in_play":
                assert event["kind"] == card_type and card_type in STAYS_IN_PLAY, event
                kinds.add(card_type)
            elif event["event"] == "put_away":
                assert event["to"] == ("void" if card_type in TO_THE_VOID else "discard"), event
                piles.add(event["to"])
    assert "Equipment" in kinds and piles == {"discard", "void"}


def test_the_game_over_names_the_player_who_won_two_rounds():
    """ "In-Game Rounds & Winning the Game": the first player to win two rounds wins."""
    for outcome in games():
        rounds_won = Counter(1 - e["player"] for e in outcome.log if e["event"] == "knock_out")
        (winner, won), *_ = rounds_won.most_common()
        assert won == 2
        over = outcome.log[-1]
        assert over["event"] == "game_over" and over["player"] == winner
        assert outcome.placements[winner] == 1
