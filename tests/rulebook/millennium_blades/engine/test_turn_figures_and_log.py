"""One Action a turn, before or after the Single; what a tournament's result and log say of it
(rules summary, "Tournament Phase": "On your turn"; the README's Millennium Blades rules notes;
docs/game-logs.md)."""

from __future__ import annotations

from .builders import Scripted, board, deck, events, in_order, plain, single, store, tournament

ACTION_RP = {"when": "action", "do": "gain_rp", "n": 1}


def taking(game, decision):
    """Take the first Action offered, every time."""
    return decision.options[0]


class AfterTheSingle:
    """Decline the Action offered before the Single, take the one offered after it."""

    def __init__(self) -> None:
        self.asked = 0

    def __call__(self, game, decision):
        self.asked += 1
        return decision.options[0] if self.asked % 2 == 0 else None


def pouches_deck():
    """Two Singles, and a Deck Box and an Accessory of one name, each with an Action."""
    box = board("Pouch", ACTION_RP, card_type="Deck Box")
    return deck(plain("A", 2), deck_box=[box], accessories=[board("Pouch", ACTION_RP)])


def test_one_action_a_turn_even_with_two_action_cards_face_up():
    """ "You can use one action per turn, either before or after playing a Single.": taken
    before the Single, no second one after it."""
    policies = (Scripted(single=in_order, action=taking), Scripted(single=in_order))
    game, outcome = tournament([pouches_deck(), deck(plain("B", 2))], policies=policies, first=0)
    actions = events(outcome, "action")
    assert [e["player"] for e in actions] == [0, 0]
    assert len({e["turn"] for e in actions}) == 2  # one in each of player 0's two turns
    assert game.players[0].rp == 2


def test_an_action_declined_before_the_single_is_offered_after_it():
    """ "either before or after playing a Single": declining before it keeps the turn's
    Action for after it."""
    policies = (Scripted(single=in_order, action=AfterTheSingle()), Scripted(single=in_order))
    _, outcome = tournament([pouches_deck(), deck(plain("B", 2))], policies=policies, first=0)
    for action in events(outcome, "action"):
        (single_played,) = [e for e in events(outcome, "single") if e["turn"] == action["turn"]]
        assert outcome.log.index(single_played) < outcome.log.index(action)
    assert len(events(outcome, "action")) == 2


def test_the_result_counts_each_card_played_or_used_and_the_turns_and_flips():
    """The result's figures (docs/game-logs.md): turns and flips of the tournament, and per
    seat each Single played and each Action used, by name."""
    policies = (Scripted(single=in_order, action=taking), Scripted(single=in_order))
    _, outcome = tournament([pouches_deck(), deck(plain("B", 2))], policies=policies, first=0)
    assert outcome.figures["turns"] == 4 and outcome.figures["flips"] == 2
    assert outcome.seats[0]["plays"] == {"Pouch": 2, "A 0": 1, "A 1": 1}


def test_a_flip_with_no_face_up_card_to_flip_is_logged_as_having_no_target():
    """A "flip an opponent's card" effect with no face-up card among the opponents' does
    nothing, and the log says so, naming the card."""
    prank = single("Prank", 1, {"when": "play", "do": "flip_opponent"})
    _, outcome = tournament([deck([prank]), deck(plain("B", 1))], first=0)
    (nothing,) = events(outcome, "no_target")
    assert (nothing["player"], nothing["card"]) == (0, "Prank")
    assert not events(outcome, "flip")


def test_a_next_effect_blocked_is_logged_with_its_card():
    """Ongoing > Next: "opponents' Next effects do nothing"; the log names the card."""
    tinker = single("Tinker", 2, {"when": "next", "do": "gain_rp", "n": 2})
    warden = single("Warden", 5, {"when": "ongoing", "do": "block_next"})
    _, outcome = tournament(
        [deck([tinker, single("Other", 1)]), deck([warden, single("B", 1)])], first=1
    )
    assert [e["card"] for e in events(outcome, "next_blocked")] == ["Tinker"]


def test_an_empty_store_takes_its_discard_back_and_the_log_says_how_many():
    """Clashes reveal the Store's top card; an empty Store takes its discard back (the
    README's rules notes), logged with how many cards it holds again."""
    duel = single("Duel", 1, {"when": "play", "do": "clash", "win": 1})
    _, outcome = tournament([deck([duel]), deck(plain("B", 1))], the_store=store(3), first=0)
    refills = events(outcome, "store_refilled")
    assert refills and all(e["cards"] == 1 for e in refills)


def test_a_flip_effect_turns_an_opponents_face_up_card_face_down():
    """A "flip an opponent's card" effect: the player picks one of the opponents' face-up
    cards, which goes face down (no text, no stars) and is logged as flipped by the effect."""
    prank = single("Prank", 1, {"when": "play", "do": "flip_opponent"})
    game, outcome = tournament([deck([prank]), deck(plain("B", 2, stars=3))], first=1)
    target = game.players[1].tableau[0]
    assert target.card.name == "B 0" and not target.up
    flips = [e for e in events(outcome, "flip") if e["card"] == "B 0"]
    assert len(flips) == 1


def test_the_default_player_flips_the_leaders_top_card():
    """A "flip an opponent's card" effect asks its player which card (a `flip_target`
    decision); the default player flips the leading opponent's right-most card, its Top Card."""
    prank = single("Prank", 1, {"when": "play", "do": "flip_opponent"})
    game, _ = tournament([deck([single("A", 1), prank]), deck(plain("B", 3, stars=3))], first=1)
    first, second = game.players[1].tableau[:2]
    assert first.up and not second.up and second.card.name == "B 1"
