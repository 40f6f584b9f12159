"""The Tournament Phase, rule by rule (rules summary, "Tournament Phase"; the README's
Millennium Blades rules notes for what the summary leaves open)."""

from __future__ import annotations

import pytest

from rulebook.core.resolve import EntryRef
from rulebook.millennium_blades.engine import SIMPLIFICATIONS, TournamentDeck, play_game
from rulebook.millennium_blades.engine.cards import TournamentCard
from rulebook.millennium_blades.engine.state import TABLEAU_SLOTS, Slot
from rulebook.samples import MILLENNIUM_BLADES as SAMPLES
from rulebook.validate import resolve_and_check, standard_format

from .builders import (
    Scripted,
    board,
    deck,
    events,
    in_order,
    never,
    plain,
    single,
    store,
    tournament,
)

GAIN = {"when": "play", "do": "gain_rp", "n": 1}


def test_setup_rp_zero_singles_in_hand_deck_box_and_accessories_on_the_board():
    """Setup 2-3."""
    _, outcome = tournament(
        [
            deck(plain("A", 2), [board("Box", card_type="Deck Box")], [board("Dice")]),
            deck(plain("B", 2)),
        ]
    )
    setup = events(outcome, "setup")
    assert [e["rp"] for e in setup] == [0, 0]
    assert setup[0]["hand"] == ["A 0", "A 1"] and setup[0]["board"] == ["Box", "Dice"]


def test_setup_4_the_first_player_is_drawn_at_random_and_turns_go_clockwise():
    decks = [TournamentDeck.from_deck(deck(plain(p, 2))) for p in "ABC"]
    firsts = {play_game(decks, seed).first for seed in range(40)}
    assert firsts == {0, 1, 2}
    outcome = play_game(decks, 5, record_log=True)
    turns = [e["player"] for e in events(outcome, "turn")]
    assert turns == [(outcome.first + n) % 3 for n in range(6)]


def test_a_single_is_required_and_goes_in_the_next_open_left_most_slot():
    """On your turn: Play a Single (Required), the next open left-most slot."""
    _, outcome = tournament([deck(plain("A", 3)), deck(plain("B", 3))])
    slots = [(e["player"], e["slot"]) for e in events(outcome, "single")]
    assert sorted(slots) == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]


def test_play_effects_happen_at_once_and_next_effects_on_the_next_single():
    """Effects on cards: Play and Next."""
    ronin = single("Ronin", 2, {"when": "next", "do": "stars", "n": 1})
    tinker = single("Tinker", 2, {"when": "next", "do": "gain_rp", "n": 2})
    game, _ = tournament([deck([ronin, tinker, single("Vanguard", 1, GAIN)]), deck(plain("B", 3))])
    me = game.players[0]
    assert [slot.bonus for slot in me.tableau] == [0, 1, 0]  # Ronin's Next on Tinker
    assert me.rp == 2 + 1  # Tinker's Next as Vanguard came, and Vanguard's Play


def test_play_resolves_before_next():
    """Priority Top > Ongoing > Play > Next: the Single's clash happens before the waiting +2
    stars reach it."""
    squire = single("Squire", 1, {"when": "next", "do": "stars", "n": 2})
    challenger = single("Challenger", 3, {"when": "play", "do": "clash", "win": 1})
    _, outcome = tournament(
        [deck([squire, challenger]), deck(plain("B", 2, stars=0))], the_store=store(0), first=0
    )
    clash = events(outcome, "clash_end")[0]
    assert clash["reveals"][0]["total"] == 3  # not 5: the stars came after the Play effect
    assert events(outcome, "stars")[0]["by"] == 2


def test_an_opponents_ongoing_block_cancels_next_effects():
    """Ongoing > Next: "opponents' Next effects do nothing"."""
    tinker = single("Tinker", 2, {"when": "next", "do": "gain_rp", "n": 2})
    warden = single("Warden", 5, {"when": "ongoing", "do": "block_next"})
    game, outcome = tournament(
        [deck([tinker, single("Other", 1)]), deck([warden, single("B", 1)])], first=1
    )
    assert game.players[0].rp == 0 and events(outcome, "next_blocked")


def test_an_action_is_optional_once_a_turn_and_flips_its_card_with_its_flip_effect():
    """On your turn: Use an Action; Flip effects when a card is flipped face-down."""
    pouch = board(
        "Pouch",
        {"when": "action", "do": "gain_rp", "n": 1},
        {"when": "flip", "do": "gain_rp", "n": 2},
    )
    sage = single("Sage", 3, {"when": "action", "do": "gain_rp", "n": 2})
    game, outcome = tournament(
        [deck([sage, single("X", 1)], accessories=[pouch]), deck(plain("B", 2))], first=0
    )
    actions = events(outcome, "action")
    assert len({e["turn"] for e in actions}) == len(actions)  # one a turn
    assert game.players[0].rp == 1 + 2 + 2  # Pouch's Action and Flip, Sage's Action
    assert all(not slot.up for slot in game.players[0].board)
    passive, _ = tournament(
        [deck([sage], accessories=[pouch]), deck(plain("B", 1))],
        policies=(Scripted(single=in_order, action=never),) * 2,
    )
    assert passive.players[0].rp == 0


def test_face_down_cards_have_no_stars_and_are_never_the_top_card():
    """Face-Down Cards and the Top Card: the right-most face-up card."""
    errata = single("Errata", 3, {"when": "play", "do": "flip_opponent"})
    game, _ = tournament(
        [deck([single("Big", 6), single("Small", 1)]), deck([errata, single("B", 1)])], first=0
    )
    me = game.players[0]
    flipped = [slot for slot in me.tableau if not slot.up]
    assert len(flipped) == 1 and me.top() is next(s for s in reversed(me.tableau) if s.up)
    assert game.clash_strength(me) == me.top().card.stars


def test_top_effects_stop_when_the_hand_is_empty_or_the_tableau_full():
    """Top Card: "Top effects stop working when the player's tableau is full or their hand is
    empty"."""
    golem = single("Golem", 5, {"when": "top", "do": "stars", "n": 2})
    game, _ = tournament([deck([golem]), deck(plain("B", 1))])
    me = game.players[0]
    assert not me.hand and game.clash_strength(me) == 5  # hand empty: no +2
    me.hand.append(me.tableau[0].card)
    assert game.clash_strength(me) == 7
    for card in plain("Down", TABLEAU_SLOTS - 1):  # the tableau full, Golem still the Top Card
        me.tableau.append(Slot(TournamentCard(card.key, card.name, card.type, card.attributes), 0))
        me.tableau[-1].up = False
    assert len(me.tableau) == TABLEAU_SLOTS and me.top() is me.tableau[0]
    assert game.clash_strength(me) == 5


def test_another_seat_sees_a_face_down_card_only_by_its_back():
    """Face-Down Cards: a face-down card "still counts as a card" in its tableau slot, but no
    other player may look at it; a face-up card is seen as it is."""
    errata = single("Errata", 3, {"when": "play", "do": "flip_opponent"})
    game, _ = tournament(
        [deck([single("Big", 6), single("Small", 1)]), deck([errata, single("B", 1)])], first=0
    )
    seen = game.view(1)
    assert seen.seat == 1 and seen.players[1] is game.players[1]  # its own seat whole
    down, up = sorted(seen.players[0].tableau, key=lambda slot: slot.up)
    assert not down.up and down.owner == 0
    with pytest.raises(AttributeError):
        down.card  # noqa: B018  # its face is hidden
    assert up.up and up.card.name in ("Big", "Small")


def test_a_clash_reveals_from_its_starter_clockwise_and_a_tie_for_highest_is_a_tie():
    """Clashing."""
    hunter = single("Hunter", 1, {"when": "play", "do": "clash", "win": 3})
    _, outcome = tournament(
        [deck([hunter]), deck([single("B", 1)]), deck([single("C", 1)])],
        the_store=store(2, 2, 2),
        first=0,
    )
    clash = events(outcome, "clash_end")[0]
    assert [r["player"] for r in clash["reveals"]] == [0, 1, 2]
    assert [r["total"] for r in clash["reveals"]] == [3, 2, 2]  # B and C have no Top Card yet
    assert clash["winner"] == 0


def test_a_clash_tie_gives_no_one_rp():
    hunter = single("Hunter", 2, {"when": "play", "do": "clash", "win": 3})
    game, outcome = tournament(
        [deck([single("A", 2), hunter]), deck([single("B", 2), single("B2", 2)])],
        the_store=store(1, 1, 1, 1),
        first=1,
    )
    assert events(outcome, "clash_end")[0]["winner"] is None and game.players[0].rp == 0


def test_reactions_are_optional_and_flip_their_card():
    """Reaction effects: optional, then flip the card."""
    breaker = single("Breaker", 3, {"when": "play", "do": "drain_rp", "n": 2})
    judge = single("Judge", 2, {"when": "reaction", "on": "drained", "do": "prevent"})
    gain3 = single("Rich", 1, {"when": "play", "do": "gain_rp", "n": 3})
    game, outcome = tournament([deck([gain3, judge]), deck([single("X", 1), breaker])], first=0)
    assert game.players[0].rp == 3 and events(outcome, "reaction")[0]["on"] == "drained"
    declined, _ = tournament(
        [deck([gain3, judge]), deck([single("X", 1), breaker])],
        policies=(Scripted(single=in_order, react_drained=never), Scripted(single=in_order)),
        first=0,
    )
    assert declined.players[0].rp == 1


def test_rp_never_falls_below_zero():
    breaker = single("Breaker", 3, {"when": "play", "do": "drain_rp", "n": 2})
    game, _ = tournament([deck([single("A", 1)]), deck([breaker])], first=0)
    assert game.players[0].rp == 0


def test_the_end_score_effects_and_placements_by_rp_with_ties_shared():
    """Score effects at the end; placements by RP, a tie shares its place (README)."""
    chimera = single("Chimera", 6, {"when": "score", "do": "gain_rp", "n": 3})
    paladin = single(
        "Paladin", 4, {"when": "score", "do": "gain_rp", "n": 1, "per": {"kind": "Knight"}}
    )
    game, outcome = tournament(
        [deck([chimera]), deck([paladin, single("Knight", 1)]), deck(plain("C", 1))]
    )
    assert [p.rp for p in game.players] == [3, 2, 0]
    assert outcome.placements == (1, 2, 3)
    _, outcome = tournament([deck(plain("A", 2)), deck(plain("B", 2)), deck([chimera])])
    assert outcome.placements == (2, 2, 1) and outcome.winner == 2
    _, draw = tournament([deck(plain("A", 1)), deck(plain("B", 1))])
    assert draw.placements == (1, 1) and draw.winner is None


def test_the_tournament_ends_when_no_player_can_play_a_single():
    """README: players out of Singles keep taking turns (an Action only) until no one can play."""
    _, outcome = tournament([deck(plain("A", 1)), deck(plain("B", 4))], first=0)
    assert len(events(outcome, "turn")) == 8 and len(events(outcome, "single")) == 5


def test_an_illegal_deck_is_played_after_the_random_fix_seeded_from_the_game():
    """Tournament Phase: "If your deck is 'illegal', randomly remove cards until it meets the
    card limit"; the outcome says what was removed."""
    illegal = deck(plain("A", 11), accessories=[board(f"Acc {n}") for n in range(3)])
    legal = deck(plain("B", 8))
    prepared = [TournamentDeck.from_deck(illegal), TournamentDeck.from_deck(legal)]
    outcomes = [play_game(prepared, seed, record_log=True) for seed in range(6)]
    for outcome in outcomes:
        removed = outcome.seats[0]["removed"]
        assert len(removed) == 4 and outcome.seats[1]["removed"] == ()
        assert len(events(outcome, "single")) == 16
    assert len({o.seats[0]["removed"] for o in outcomes}) > 1  # the seed draws the fix
    again = play_game(prepared, 3, record_log=True)
    assert again.seats[0]["removed"] == outcomes[3].seats[0]["removed"]


def test_every_result_lists_the_decisions_taken_for_what_the_summary_leaves_open():
    outcome = play_game([TournamentDeck.from_deck(deck(plain(p, 1))) for p in "AB"], 1)
    assert outcome.simplifications == SIMPLIFICATIONS
    for decided in (
        "RP is gained",
        "tournament ends",
        "Priority",
        "An Action",
        "A Reaction",
        "The Store",
        "Deckbuilding Phase",
        "Seats",
    ):
        assert any(decided in line for line in SIMPLIFICATIONS), decided


def test_a_card_text_without_effects_is_listed_as_unsupported_not_ignored():
    mystery = single("Mystery", 3)
    mystery = type(mystery)(
        mystery.key, mystery.name, "Single", "Play: do something.", {"stars": 3}
    )
    odd = board("Odd", {"when": "play", "do": "gain_rp", "n": 1})
    prepared = TournamentDeck.from_deck(deck([mystery], accessories=[odd]))
    assert prepared.unsupported == {
        "Mystery": ("rules text without structured effects",),
        "Odd": ("a play effect off the tableau (it never happens)",),
    }


def test_the_same_seed_replays_the_same_tournament_with_or_without_a_log():
    from rulebook.samples import MILLENNIUM_BLADES as SAMPLES

    decks = [TournamentDeck.from_deck(SAMPLES.deck(n)) for n in SAMPLES.names()]
    a = play_game(decks, 11, record_log=True)
    b = play_game(decks, 11)
    assert a.placements == b.placements and a.figures == b.figures and a.seats == b.seats
    assert {play_game(decks, s).placements for s in range(30)} != {a.placements}


def test_a_player_chooses_which_reaction_to_use_when_several_answer():
    """Reaction effects are optional, each card's own: with two that answer, the player picks."""
    breaker = single("Breaker", 3, {"when": "play", "do": "drain_rp", "n": 2})
    judge = single("Judge", 2, {"when": "reaction", "on": "drained", "do": "prevent"})
    whistle = board("Whistle", {"when": "reaction", "on": "drained", "do": "prevent"})
    last = Scripted(single=in_order, react_drained=lambda game, decision: decision.options[-1])
    rich = single("Rich", 1, {"when": "play", "do": "gain_rp", "n": 3})
    game, outcome = tournament(
        [deck([rich, judge], accessories=[whistle]), deck([single("X", 1), breaker])],
        policies=(last, Scripted(single=in_order)),
        first=0,
    )
    assert events(outcome, "reaction")[0]["card"] == "Whistle"
    assert game.players[0].tableau[1].up and not game.players[0].board[0].up


def test_a_reaction_to_losing_rp_is_not_offered_at_0_rp():
    """Reaction effects "are activated whenever the relevant condition on the effect is met":
    at 0 RP an opponent's drain makes no one lose RP, so a "would make you lose RP" Reaction is
    not offered, and its card stays face-up (issue 37: Judge's Whistle flipped for nothing)."""
    breaker = single("Breaker", 3, {"when": "play", "do": "drain_rp", "n": 2})
    whistle = board("Whistle", {"when": "reaction", "on": "drained", "do": "prevent"})

    def refuse(game, decision):
        raise AssertionError("a Reaction against losing RP offered at 0 RP")

    game, outcome = tournament(
        [deck([single("A", 1)], accessories=[whistle]), deck([breaker])],
        policies=(Scripted(single=in_order, react_drained=refuse), Scripted(single=in_order)),
        first=1,
    )
    assert game.players[0].board[0].up and events(outcome, "reaction") == []
    assert [(e["player"], e["by"]) for e in events(outcome, "rp")] == [(0, 0)]


def test_ties_between_leading_opponents_fall_at_random_not_by_seat():
    """The default player drains the leader; two opponents tied at the lead are offered in an
    order drawn from the game's Chance, so over seeds each is drained (issue 37: the lowest
    seat always was, and in tables of 3 to 5 the seat decided first places)."""
    breaker = single("Breaker", 1, {"when": "play", "do": "drain_rp", "n": 1})
    rich = single("Rich", 1, {"when": "play", "do": "gain_rp", "n": 2})
    drained = set()
    for seed in range(20):
        _, outcome = tournament(
            [deck([single("A", 1), breaker]), deck([rich]), deck([single("C", 1), rich])],
            seed=seed,
            first=1,
        )
        drained |= {e["player"] for e in events(outcome, "rp") if e["by"] < 0}
    assert drained == {1, 2}


def test_the_log_shows_a_clash_as_it_happens_and_the_offers_let_pass():
    """docs/game-logs.md (issue 37): a clash's start comes before what happens inside it; the
    card revealed before a "reveal again" Reaction is logged, then the Reaction, then the second
    reveal; an offer let pass is logged; the Score step is marked before its effects."""
    hunter = single("Hunter", 1, {"when": "play", "do": "clash", "win": 2})
    dice = board("Dice", {"when": "reaction", "on": "revealed", "do": "reveal_again"})
    chimera = single("Chimera", 1, {"when": "score", "do": "gain_rp", "n": 1})
    use_dice = Scripted(single=in_order, react_revealed=lambda game, decision: decision.options[0])
    _, outcome = tournament(
        [deck([hunter, chimera], accessories=[dice]), deck([single("B", 1)], accessories=[dice])],
        policies=(use_dice, Scripted(single=in_order, react_revealed=never)),
        the_store=store(1, 2, 3, 4),
        first=0,
    )
    turn = [(e["event"], e["player"]) for e in outcome.log if e["turn"] == 1]
    assert turn[2:] == [
        ("clash", 0), ("reveal", 0), ("reaction", 0), ("flip", 0), ("reveal", 0),
        ("reveal", 1), ("declined", 1), ("clash_end", 0), ("rp", 0),
    ]  # fmt: skip
    reveals = events(outcome, "reveal")
    assert [r["left"] for r in reveals] == [3, 2, 1]  # in the order they came off the Store
    end = events(outcome, "clash_end")[0]
    assert [r["revealed"] for r in end["reveals"]] == [reveals[1]["card"], reveals[2]["card"]]
    assert events(outcome, "declined")[0] == {
        "turn": 1, "event": "declined", "player": 1, "offer": "revealed", "cards": ["Dice"]
    }  # fmt: skip
    kinds = [e["event"] for e in outcome.log]
    assert kinds.index("score") < len(kinds) - 2
    assert kinds[kinds.index("score") + 1 :] == ["rp", "end"]


def test_a_card_revealed_in_place_of_another_is_revealed_too_and_may_be_replaced_again():
    """Reaction effects "are activated whenever the relevant condition on the effect is met"
    (rules summary): the card revealed in place of another is a card revealed in the clash,
    so a second "reveal again" Reaction is offered for it, and the last card revealed counts.
    Let pass, the offer is logged as declined."""
    hunter = single("Hunter", 1, {"when": "play", "do": "clash", "win": 2})
    again = {"when": "reaction", "on": "revealed", "do": "reveal_again"}
    reactions = [board("Dice", again), board("Shuffler", again)]
    use_all = Scripted(single=in_order, react_revealed=lambda game, decision: decision.options[0])
    use_one = Scripted(
        single=in_order,
        react_revealed=lambda game, decision: (
            decision.options[0] if len(decision.options) == 2 else None
        ),
    )
    told = {}
    for name, policy in (("all", use_all), ("one", use_one)):
        game, outcome = tournament(
            [deck([hunter], accessories=reactions), deck([single("B", 1)])],
            policies=(policy, Scripted(single=in_order)),
            the_store=store(1, 2, 3, 4),
            first=0,
        )
        turn = [(e["event"], e["player"]) for e in outcome.log if e["turn"] == 1]
        told[name] = turn[2 : turn.index(("clash_end", 0)) + 1]
        reveals = events(outcome, "reveal")
        end = events(outcome, "clash_end")[0]
        assert end["reveals"][0]["revealed"] == reveals[-2]["card"]  # player 0's last reveal
        assert [slot.up for slot in game.players[0].board] == [False, name == "one"]
    use = [("reaction", 0), ("flip", 0), ("reveal", 0)]
    assert told["all"] == [("clash", 0), ("reveal", 0), *use, *use, ("reveal", 1), ("clash_end", 0)]
    assert told["one"] == [
        ("clash", 0), ("reveal", 0), *use, ("declined", 0), ("reveal", 1), ("clash_end", 0),
    ]  # fmt: skip


def test_meta_breaker_at_0_rp_leaves_judges_whistle_face_up():
    """Reaction effects (issue 37's case, the sample cards, seed 1): Meta Breaker drains a seat
    at 0 RP, which loses nothing, so its Judge's Whistle is not used and stays face-up."""

    def sample_deck(*refs: EntryRef):
        return resolve_and_check(SAMPLES.game, refs, SAMPLES.pool, standard_format(SAMPLES.game))[0]

    breaker = sample_deck(EntryRef("singles", 1, name="Meta Breaker"))
    ronin = sample_deck(
        EntryRef("singles", 1, name="Papercut Ronin"),
        EntryRef("accessories", 1, name="Judge's Whistle"),
    )
    outcome = play_game([TournamentDeck.from_deck(d) for d in (breaker, ronin)], 1, record_log=True)
    assert events(outcome, "reaction") == [] and events(outcome, "flip") == []
    assert (1, 0) in [(e["player"], e["by"]) for e in events(outcome, "rp")]


def test_a_clashed_reaction_makes_the_clash_a_tie_before_any_reveal():
    """Reaction effects, "are activated whenever the relevant condition on the effect is met":
    another player starting a clash is offered the Reaction at once; used, the clash is a tie
    (no one gains RP) and its card flips. Each seat after the starter is offered it, the
    starter never."""
    hunter = single("Hunter", 1, {"when": "play", "do": "clash", "win": 3})
    fan = board("Fan", {"when": "reaction", "on": "clashed", "do": "tie_clash"})
    game, outcome = tournament(
        [deck([hunter], accessories=[fan]), deck([single("B", 1)]), deck([single("C", 1)])],
        the_store=store(5, 1, 1),
        first=0,
        policies=(
            Scripted(single=in_order, react_clashed=never),
            Scripted(single=in_order),
            Scripted(single=in_order),
        ),
    )
    assert game.players[0].board[0].up  # the starter was never offered its own
    assert [len(e["reveals"]) for e in events(outcome, "clash_end")] == [3]
    again = single("Hunter Again", 1, {"when": "play", "do": "clash", "win": 3})
    tied, outcome = tournament(
        [deck([hunter, again]), deck([single("B", 1)], accessories=[fan]), deck(plain("C", 2))],
        the_store=store(5, 1, 1),
        first=0,
    )
    first, second = events(outcome, "clash_end")
    assert (first["player"], first["card"], first["reveals"], first["winner"]) == (
        0,
        "Hunter",
        [],
        None,
    )
    assert len(second["reveals"]) == 3 and len(events(outcome, "reveal")) == 3
    assert not tied.players[1].board[0].up and outcome.figures["clashes"] == 2


def test_an_opponents_top_card_blocking_next_effects_works_only_while_its_top_effects_do():
    """Top Card: "Top effects work as long as the card [is] the right-most face-up card", and
    "stop working when the player's tableau is full or their hand is empty"."""
    tinker = single("Tinker", 1, {"when": "next", "do": "gain_rp", "n": 2})
    warden = single("Warden", 1, {"when": "top", "do": "block_next"})
    game, outcome = tournament(
        [deck([tinker, single("A", 1)]), deck([warden, single("B", 1), single("B2", 1)])],
        first=1,
    )
    assert game.players[0].rp == 2 and events(outcome, "next_blocked") == []
    game, outcome = tournament(
        [deck([tinker, single("A", 1)]), deck([single("B", 1), warden, single("B2", 1)])],
        first=1,
    )
    assert game.players[0].rp == 0 and len(events(outcome, "next_blocked")) == 1


def test_ongoing_stars_and_clash_bonuses_add_up_and_a_started_bonus_counts_only_when_started():
    """Ongoing effects work while the card is face-up; each adds to the player's total in a
    clash (Clashing), and a bonus "in clashes you start" only in those."""
    ongoing = [
        {"when": "ongoing", "do": "stars", "n": 1},
        {"when": "ongoing", "do": "stars", "n": 2},
        {"when": "ongoing", "do": "clash_bonus", "n": 1},
        {"when": "ongoing", "do": "clash_bonus", "n": 2},
        {"when": "ongoing", "do": "clash_bonus", "n": 4, "started": True},
        {"when": "ongoing", "do": "clash_bonus", "n": 8, "started": True},
    ]
    game, _ = tournament([deck([single("Champion", 1, *ongoing)]), deck(plain("B", 1))])
    me = game.players[0]
    assert game.clash_strength(me) == 1 + 3 + 3  # its stars, Ongoing stars, clash bonuses
    assert game.clash_strength(me, started=True) == 1 + 3 + 3 + 12


def test_an_effect_the_engine_cannot_play_is_listed_and_skipped_and_the_cards_others_play():
    """Effects on cards (docs/rules/millennium-blades.md: what the engine cannot play is listed
    as unsupported): a malformed effect (here a parameter no effect has) is listed in the
    deck's `unsupported` and not played, while the same card's next effect is; a Single's Play
    effect is not listed (only off the tableau does a Play never happen)."""
    odd = single("Odd", 1, {"when": "play", "do": "gain_rp", "n": 5, "bogus": 1}, GAIN)
    prepared = TournamentDeck.from_deck(deck([odd, single("Rich", 1, GAIN)]))
    assert prepared.unsupported == {"Odd": ("malformed 'gain_rp' effect",)}
    game, _ = tournament([deck([odd]), deck(plain("B", 1))], first=0)
    assert game.players[0].rp == 1  # the second effect's 1 RP, not the malformed one's 5
