"""The judge itself: it fails a log that breaks a rule (so a passing run means something). Each
test takes a real tournament's log and breaks one rule in it."""

from __future__ import annotations

import copy

import pytest

from rulebook.millennium_blades.engine import TournamentDeck, play_game
from rulebook.samples import MILLENNIUM_BLADES as SAMPLES

from .checker import ACTION, CLASH, END, FACE_DOWN, FIX, ORDER, RP, SINGLE, check_log

NAMES = ("clash", "disruption", "knights", "beasts")


@pytest.fixture(scope="module")
def game():
    decks = [SAMPLES.deck(name) for name in NAMES]
    prepared = [TournamentDeck.from_deck(deck) for deck in decks]
    for seed in range(50):
        log = list(play_game(prepared, seed, record_log=True).log)
        if any(e["event"] == "clash_end" and e["winner"] is not None for e in log):
            return decks, log
    raise AssertionError("no clash with a winner in 50 tournaments")


def broken(game, change) -> set[str]:
    decks, log = game
    log = copy.deepcopy(log)
    change(log)
    return {rule for rule, _ in check_log(decks, log)}


def first(log, event, **fields):
    return next(
        e for e in log if e["event"] == event and all(e.get(k) == v for k, v in fields.items())
    )


def test_it_passes_the_log_as_played(game):
    assert broken(game, lambda log: None) == set()


def test_it_fails_a_wrong_clash_total_or_winner(game):
    def change(log):
        clash = next(e for e in log if e["event"] == "clash_end" and e["winner"] is not None)
        clash["reveals"][0]["total"] += 1

    assert CLASH in broken(game, change)


def test_it_fails_turns_out_of_clockwise_order(game):
    def change(log):
        turns = [e for e in log if e["event"] == "turn"]
        turns[1]["player"] = (turns[1]["player"] + 1) % len(NAMES)

    assert ORDER in broken(game, change)


def test_it_fails_a_turn_without_the_required_single(game):
    def change(log):
        log.remove(first(log, "single"))

    assert SINGLE in broken(game, change)


def test_it_fails_a_card_flipped_twice(game):
    def change(log):
        flip = first(log, "flip")
        log.insert(log.index(flip) + 1, dict(flip))

    assert FACE_DOWN in broken(game, change)


def test_it_fails_two_actions_in_a_turn(game):
    def change(log):
        action = first(log, "action")
        log.insert(log.index(action), dict(action))

    assert ACTION in broken(game, change)


def test_it_fails_rp_that_does_not_add_up_and_wrong_placements(game):
    def change(log):
        log[-1]["placements"] = list(reversed(log[-1]["placements"]))
        gain = next(e for e in log if e["event"] == "rp" and e["by"] > 0)
        gain["by"] += 1

    assert {RP, END} <= broken(game, change)


def test_it_fails_a_legal_deck_that_lost_cards(game):
    def change(log):
        setup = first(log, "setup", player=0)
        name = setup["hand"].pop()
        setup["removed"].append({"section": "singles", "name": name, "reason": "random"})

    assert FIX in broken(game, change)


def test_it_fails_a_clash_whose_reveals_are_not_the_cards_revealed(game):
    """Clashing: each player reveals the top card of the Store; the clash's totals read the
    cards the `reveal` events showed, nothing else."""

    def change(log):
        end = next(e for e in log if e["event"] == "clash_end" and e["reveals"])
        end["reveals"][0]["revealed"] = "A card no one revealed"

    assert CLASH in broken(game, change)
