"""What a tournament's log and result say (docs/game-logs.md), and the turn's steps they show:
the Store named, each turn's hand, the end, the rounds begun, who flipped a card, Next effects
waiting on a Single (rules summary, "Tournament Phase", "On your turn", "Effects on cards",
"Top Card", "Clashing")."""

from __future__ import annotations

from math import ceil

from rulebook.core.stepping import direct_game
from rulebook.millennium_blades.engine import Game, TournamentDeck
from rulebook.millennium_blades.store import STORES

from .builders import Scripted, deck, events, in_order, plain, single, tournament

NEXT_STAR = {"when": "next", "do": "stars", "n": 1}
BLOCK_NEXT = {"when": "ongoing", "do": "block_next"}


def test_the_log_names_the_store_each_turns_hand_and_the_end_and_the_result_its_rounds():
    """Setup and "On your turn": the log names the Store and its size, each turn says how many
    Singles its player holds, the end gives the turns played and that nothing stopped it, and
    the result counts the rounds begun (each begins with the first player's turn) and each
    seat's RP as the end gives it."""
    game, outcome = tournament(
        [deck(plain("A", 3)), deck([single("B", 1, {"when": "play", "do": "gain_rp", "n": 2})])],
        first=0,
    )
    (first,) = events(outcome, "first")
    assert (first["store"], first["cards"]) == (game.store_cards.name, len(game.store_stars))
    held = {0: 3, 1: 1}
    turns = events(outcome, "turn")
    for turn in turns:
        assert turn["hand"] == held[turn["player"]], turn
        held[turn["player"]] = max(0, held[turn["player"]] - 1)
    end = outcome.log[-1]
    assert (end["event"], end["turns"], end["capped"]) == ("end", len(turns), False)
    assert outcome.capped is False  # a count: statistics add it up (rulebook.simulation.stats)
    assert len(turns) == 5  # 0, 1, 0, 1 (an Action only), 0
    assert outcome.figures["rounds"] == 3 == sum(t["player"] == 0 for t in turns)
    assert outcome.figures["rounds"] == ceil(len(turns) / 2)
    assert [seat["rp"] for seat in outcome.seats] == end["rp"] == [0, 2]


def test_a_fix_is_logged_with_each_removed_cards_section_name_and_reason():
    """Tournament Phase: "randomly remove cards until it meets the card limit"; the setup event
    says, for each card removed, its section, its name and why (docs/game-logs.md)."""
    illegal = deck(plain("A", 11))
    _, outcome = tournament([illegal, deck(plain("B", 8))])
    setup = events(outcome, "setup")[0]
    assert len(setup["removed"]) == 3
    for removed in setup["removed"]:
        assert set(removed) == {"section", "name", "reason"} and removed["reason"], removed


def test_a_clash_and_a_flip_by_an_opponent_name_the_card_that_did_it():
    """Clashing, and "Effects on cards" (an effect flipping an opponent's card): the clash's end
    names the card that started it, and the flip the card whose effect flipped it."""
    herald = single("Herald", 1, {"when": "play", "do": "clash", "win": 3})
    errata = single("Errata", 1, {"when": "play", "do": "flip_opponent"})
    _, outcome = tournament([deck([herald]), deck([errata])], first=0)
    (clash_end,) = events(outcome, "clash_end")
    assert clash_end["card"] == "Herald"
    (flip,) = events(outcome, "flip")
    assert (flip["card"], flip["by"]) == ("Herald", "Errata")


def test_the_result_lists_the_cards_with_an_effect_that_cannot_be_played():
    """The result lists the cards with an effect the engine cannot play (the README's rules
    notes: listed and skipped)."""
    odd = single("Odd", 1, {"when": "play", "do": "gain_rp", "n": 5, "bogus": 1})
    _, outcome = tournament([deck(plain("A", 2)), deck([odd, single("B", 1)])])
    assert list(outcome.unsupported) == ["Odd"]


def test_next_stars_go_on_the_next_single_and_a_cards_two_add_up_but_not_when_face_down():
    """Next effects ("Effects on cards") work on the player's next Single: a card with two
    that add a star each gives it two; a card flipped face-down before that has no text, so
    its Next effect does not work."""
    twice = single("Twice", 1, NEXT_STAR, NEXT_STAR)
    game, _ = tournament([deck([twice, single("Target", 1)]), deck(plain("B", 2))], first=0)
    assert [slot.bonus for slot in game.players[0].tableau] == [0, 2]
    errata = single("Errata", 1, {"when": "play", "do": "flip_opponent"})
    flipping = Scripted(single=in_order, flip_target=lambda g, d: (0, 0))
    game, _ = tournament(
        [
            deck([single("First", 1, NEXT_STAR), single("Target", 1)]),
            deck([errata, single("B", 1)]),
        ],
        policies=(Scripted(single=in_order), flipping),
        first=0,
    )
    first_slot, target_slot = game.players[0].tableau
    assert not first_slot.up and target_slot.bonus == 0


def test_next_effects_an_opponent_blocks_are_logged_as_the_players_and_no_others():
    """An opponent's Ongoing "Next effects do nothing": the Next effect waiting on the player's
    Single is blocked, and the log says whose; a Single with no Next effect waits for nothing,
    so nothing of it is blocked."""
    warden = single("Warden", 1, BLOCK_NEXT)
    _, outcome = tournament(
        [
            deck([single("First", 1, NEXT_STAR), single("Plain", 1), single("Last", 1)]),
            deck([warden, single("B", 1), single("B2", 1)]),
        ],
        first=1,
    )
    blocked = events(outcome, "next_blocked")
    assert [(e["player"], e["card"]) for e in blocked] == [(0, "First")]


def test_a_drain_is_aimed_at_an_opponent_the_player_chooses():
    """ "drain": an opponent loses RP; the player chooses which opponent (never themself)."""
    offered = []

    def drain(game, decision):
        offered.append(sorted(decision.options))
        return 2

    leech = single("Leech", 1, {"when": "play", "do": "drain_rp", "n": 1})
    rich = single("Rich", 1, {"when": "play", "do": "gain_rp", "n": 3})
    _, outcome = tournament(
        [deck([leech]), deck([rich]), deck([rich])],
        policies=(
            Scripted(single=in_order, drain=drain),
            Scripted(single=in_order),
            Scripted(single=in_order),
        ),
        first=1,
    )
    assert offered == [[1, 2]]
    assert [seat["rp"] for seat in outcome.seats] == [0, 3, 2]


def test_the_player_chooses_which_single_to_play():
    """ "Play a Single (Required)": the player chooses which of their Singles."""
    last = Scripted(single=lambda game, decision: decision.options[-1])
    _, outcome = tournament(
        [deck([single("Big", 6), single("Small", 1)]), deck(plain("B", 2))],
        policies=(last, Scripted(single=in_order)),
        first=0,
    )
    assert events(outcome, "single")[0]["card"] == "Small"


def test_an_action_on_the_single_just_played_may_be_used_after_it():
    """ "You can use one action per turn, either before or after playing a Single": with no
    Action face-up before the Single, the Single's own Action may be used after it."""
    sage = single("Sage", 1, {"when": "action", "do": "gain_rp", "n": 2})
    game, outcome = tournament([deck([sage]), deck(plain("B", 1))], first=0)
    assert [(e["turn"], e["card"]) for e in events(outcome, "action")] == [(1, "Sage")]
    assert game.players[0].rp == 2


def test_score_effects_resolve_from_the_first_player_clockwise():
    """ "Score effects are activated during the end of the tournament", from the first player
    clockwise (the README's rules notes): at a table of three, seats 1, 2, then 0."""
    scorer = single("Scorer", 1, {"when": "score", "do": "gain_rp", "n": 1})
    _, outcome = tournament([deck([scorer])] * 3, first=1)
    score = outcome.log.index(events(outcome, "score")[0])
    gains = [e["player"] for e in outcome.log[score:] if e["event"] == "rp"]
    assert gains == [1, 2, 0]


def test_a_tournament_given_its_store_by_name_plays_with_that_store_and_keeps_no_log_unasked():
    """A job names its Store ("sample"); a tournament played without a log keeps none (the log
    is recorded on request, docs/game-logs.md)."""
    prepared = [TournamentDeck.from_deck(deck(plain(p, 2))) for p in ("A", "B")]
    policy = Scripted(single=in_order)
    game = direct_game(Game, prepared, 0, (policy, policy), record_log=False, store="sample")
    game.begin()
    while game.next_turn():
        pass
    assert game.store_stars == STORES["sample"].stars
    assert game.finish(capped=False).log is None
