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
    card_types = {card.name: card.type for card in sample_pool().cards}
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
                assert card_types[event["card"]] == "Codestone", event
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


def test_the_game_over_gives_the_last_turn_and_each_knock_out_its_round():
    """ "In-Game Rounds & Winning the Game": each knock-out ends the round it happened in; the
    game over says on which turn the game ended and that it was won, not stopped at the cap."""
    for outcome in games():
        round_number, last_turn = 0, 0
        for event in outcome.log:
            if event["event"] == "round":
                round_number = event["round"]
            elif event["event"] == "turn":
                last_turn = event["turn"]
            elif event["event"] == "knock_out":
                assert event["round"] == round_number, event
        assert outcome.log[-1] == {
            "turn": last_turn,
            "player": outcome.log[-1]["player"],
            "event": "game_over",
            "turns": last_turn,
            "capped": False,
        }
        assert not outcome.capped


def test_each_neopet_sent_in_is_named_with_its_player_before_its_round():
    """ "Setting Up the Game" and CR 5.5.12: before each round each player sends in one of their
    own Neopets, never one sent in before; the log names it and whose it is."""
    strong, weak = sample_deck("strong"), sample_deck("weak")
    names = [{card.name for card in deck.neopets} for deck in (strong, weak)]
    for outcome in games():
        sent: list[tuple[int, str]] = []
        seen: set[tuple[int, str]] = set()
        for event in outcome.log:
            if event["event"] == "neopet":
                sent.append((event["player"], event["card"]))
            elif event["event"] == "round":
                assert sorted(player for player, _ in sent) == [0, 1], event
                for player, card in sent:
                    assert card in names[player] and (player, card) not in seen, event
                    seen.add((player, card))
                sent = []


def test_each_draw_names_a_card_of_the_drawing_players_main_deck():
    """CR 5.2 and "Setting Up the Game": a player draws from their own Main Deck; the log names
    the card, which only that player may see."""
    decks = sample_deck("strong"), sample_deck("weak")
    names = [{card.name for card in deck.main} for deck in decks]
    for outcome in games():
        draws = [event for event in outcome.log if event["event"] == "draw"]
        assert draws
        for event in draws:
            assert event["card"] in names[event["player"]], event


def test_each_map_piece_collected_is_the_collecting_players_and_where_it_came_from():
    """CR 7.10.7-7.10.8: a Map Piece is collected, not played onto the queue; the log names the
    card, whose it is and the zone it came from."""
    decks = sample_deck("strong"), sample_deck("weak")
    pieces = [{c.name for c in deck.main if c.type == "Map Piece"} for deck in decks]
    collected = 0
    for outcome in games():
        for event in outcome.log:
            if event["event"] == "collect":
                assert event["card"] in pieces[event["player"]], event
                assert event["source"] in ("inventory", "discard"), event
                collected += 1
    assert collected


def test_each_battle_and_reroll_is_logged_by_the_player_who_rolled_it():
    """CR 5.5.4-5.5.6: in a player's Battle Phase that player attacks and may reroll first, then
    the defender may (each once); the log gives each roll its player."""
    for outcome in games():
        whose_turn, rerolled = None, []
        for event in outcome.log:
            if event["event"] == "turn":
                whose_turn, rerolled = event["player"], []
            elif event["event"] == "reroll":
                rerolled.append(event["player"])
            elif event["event"] == "battle":
                assert event["player"] == whose_turn, event
                assert rerolled in (
                    [],
                    [whose_turn],
                    [1 - whose_turn],
                    [whose_turn, 1 - whose_turn],
                )
                rerolled = []


def test_each_card_staying_in_play_is_logged_by_the_player_who_played_it():
    """CR 8.20.15c: a resolved Equipment, Location, Faerie, Hero or Villain stays on its own
    player's side; the log says whose."""
    stayed = 0
    for outcome in games():
        played_by: dict[str, int] = {}
        for event in outcome.log:
            if event["event"] == "play":
                played_by[event["card"]] = event["player"]
            elif event["event"] == "in_play":
                assert event["player"] == played_by[event["card"]], event
                stayed += 1
    assert stayed


def test_the_results_figures_and_each_seats_plays_and_opening_agree_with_the_log():
    """The result (docs/game-logs.md): Battle Phases with a roll and the battle damage dealt in
    all, each seat's cards played, collected or attached (a card twice counted twice, CR 5.3,
    5.4, 7.10.7), and whether the opening Inventory, after any mulligan, held a Codestone
    ("Setting Up the Game")."""
    card_types = {card.name: card.type for card in sample_pool().cards}
    twice = 0
    for outcome in games():
        battles = [event for event in outcome.log if event["event"] == "battle"]
        assert outcome.figures["battles"] == len(battles)
        assert outcome.figures["damage"] == sum(event["damage"] for event in battles)
        for seat in (0, 1):
            plays = Counter(
                event["card"]
                for event in outcome.log
                if event["event"] in ("play", "collect", "codestone") and event["player"] == seat
            )
            assert outcome.seats[seat]["plays"] == plays
            twice += sum(n > 1 for n in plays.values())
            opening = [
                event["card"]
                for event in outcome.log
                if event["event"] == "draw" and event["turn"] == 0 and event["player"] == seat
            ][-5:]
            has_codestone = any(card_types[name] == "Codestone" for name in opening)
            assert outcome.seats[seat]["opening"]["codestone"] == has_codestone
    assert twice
