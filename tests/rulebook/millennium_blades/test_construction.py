"""Millennium Blades Tournament Deck rules, each test citing the rules summary's text."""

from rulebook.core.cards import Deck, Entry
from rulebook.millennium_blades.construction import (
    ONE_COPY,
    SECTION_SETUP,
    TOURNAMENT_DECK,
    MillenniumBladesRuleset,
)

from .factories import ACCESSORIES, DECK_BOXES, SINGLES, STANDARD, deck, legal_deck

RULES = MillenniumBladesRuleset()


def codes(report) -> list[str]:
    return [issue["code"] for issue in report.as_dict()["errors"]]


def test_it_accepts_a_full_legal_tournament_deck():
    """Tournament Phase: up to eight Singles, one Deck Box, two Accessories."""
    report = RULES.check(legal_deck(), STANDARD)
    assert report.legal, report.as_dict()
    assert report.counts == {"singles": 8, "deck_box": 1, "accessories": 2}


def test_it_accepts_a_deck_under_every_limit():
    """Tournament Phase: the limits are maxima ("up to"), so fewer cards is legal."""
    report = RULES.check(deck(singles=[(SINGLES[0], 1)]), STANDARD)
    assert report.legal


def test_it_refuses_nine_singles_citing_the_tournament_deck_rule():
    """Tournament Phase: a legal Tournament Deck has up to eight Singles."""
    report = RULES.check(deck(singles=[(card, 1) for card in SINGLES[:9]]), STANDARD)
    (error,) = report.as_dict()["errors"]
    assert error["code"] == "singles.size"
    assert error["rule"] == TOURNAMENT_DECK
    assert error["section"] == "singles"
    assert "9 cards" in error["message"] and "at most 8" in error["message"]


def test_it_refuses_two_deck_boxes_citing_the_tournament_deck_rule():
    """Tournament Phase: a legal Tournament Deck has up to one Deck Box."""
    report = RULES.check(deck(deck_box=[(DECK_BOXES[0], 1), (DECK_BOXES[1], 1)]), STANDARD)
    assert codes(report) == ["deck_box.size"]
    assert report.errors[0].rule == TOURNAMENT_DECK


def test_it_refuses_three_accessories_citing_the_tournament_deck_rule():
    """Tournament Phase: a legal Tournament Deck has up to two Accessories."""
    report = RULES.check(deck(accessories=[(card, 1) for card in ACCESSORIES[:3]]), STANDARD)
    assert codes(report) == ["accessories.size"]
    assert report.errors[0].rule == TOURNAMENT_DECK


def test_it_refuses_a_second_copy_citing_the_one_copy_rule():
    """Deckbuilding Phase: "You may only have one copy of any card in your deck!"."""
    report = RULES.check(deck(singles=[(SINGLES[0], 2)]), STANDARD)
    (error,) = report.as_dict()["errors"]
    assert error["code"] == "copies.limit"
    assert error["rule"] == ONE_COPY
    assert error["cards"] == ["Single 0"]


def test_the_size_error_says_how_many_singles_to_remove_and_the_limit():
    """Tournament Phase: up to eight Singles; ten are two too many, and the error says so."""
    report = RULES.check(deck(singles=[(card, 1) for card in SINGLES[:10]]), STANDARD)
    (error,) = report.as_dict()["errors"]
    assert error["message"].startswith("Singles has 10 cards;")
    assert error["message"].endswith("Remove 2.")
    assert error["limit"] == 8


def test_the_copy_error_says_how_many_copies_to_remove_and_the_limit():
    """Deckbuilding Phase: one copy of any card; of three, two must go, and the error says so."""
    report = RULES.check(deck(singles=[(SINGLES[0], 3)]), STANDARD)
    (error,) = report.as_dict()["errors"]
    assert error["message"].startswith("Single 0 appears 3 times;")
    assert error["message"].endswith("Remove 2.")
    assert error["limit"] == 1


def test_it_counts_copies_by_card_across_entries_and_printings():
    """Deckbuilding Phase: one copy of any card, whichever printing each entry pins."""
    split = Deck(
        game="millennium-blades",
        sections={
            "singles": (
                Entry(SINGLES[0], 1, ("MB-SMP", "001")),
                Entry(SINGLES[0], 1, ("MB-SMP", "101")),
            )
        },
    )
    assert codes(RULES.check(split, STANDARD)) == ["copies.limit"]


def test_it_refuses_a_single_among_the_accessories():
    """Tournament Phase, Setup 3: Accessories and the Deck Box go on the board, Singles in hand."""
    report = RULES.check(deck(accessories=[(SINGLES[0], 1)]), STANDARD)
    (error,) = report.as_dict()["errors"]
    assert error["code"] == "card.section"
    assert error["rule"] == SECTION_SETUP
    assert error["section"] == "accessories"


def test_it_reports_every_problem_at_once():
    """Every breach of the Tournament Phase and Deckbuilding Phase rules, none hiding another."""
    report = RULES.check(
        deck(
            singles=[(card, 1) for card in SINGLES[:9]] + [(SINGLES[0], 1)],
            deck_box=[(DECK_BOXES[0], 1), (DECK_BOXES[1], 1)],
            accessories=[(card, 1) for card in ACCESSORIES[:3]],
        ),
        STANDARD,
    )
    assert sorted(codes(report)) == [
        "accessories.size",
        "copies.limit",
        "deck_box.size",
        "singles.size",
    ]


def test_a_single_in_the_deck_box_is_not_counted_as_its_deck_box():
    """Tournament Phase, Setup 3: each section holds its own kind; a Single set in the Deck Box
    is refused and does not count toward the one Deck Box allowed."""
    report = RULES.check(deck(deck_box=[(DECK_BOXES[0], 1), (SINGLES[0], 1)]), STANDARD)
    assert codes(report) == ["card.section"]
    assert report.counts["deck_box"] == 1 and report.not_counted == {"deck_box": 1}
