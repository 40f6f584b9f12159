"""Resolution of requested entries into a deck: the shared codes every game reports."""

from __future__ import annotations

import pytest

from rulebook.core.report import Report
from rulebook.core.resolve import EntryRef, resolve
from rulebook.neopets.cards import GAME
from rulebook.validate import validate
from tests.rulebook.core.factories import FAERIE, FOOD_CARD, POOL, STANDARD, legal_entries, ref


def test_it_reports_an_unknown_card_with_suggestions():
    entries = [*legal_entries(), EntryRef("main", 2, name="Test Fearie")]
    report = validate(GAME, entries, POOL, STANDARD)
    unknown = [issue for issue in report.errors if issue.code == "card.unknown"]
    assert len(unknown) == 1
    assert dict(unknown[0].details)["suggestions"][0] == "Test Faerie"
    assert "Did you mean Test Faerie" in unknown[0].message
    assert unknown[0].as_dict()["suggestions"][0] == "Test Faerie"


def test_it_counts_unknown_cards_towards_their_sections_size():
    entries = [*legal_entries(), EntryRef("main", 2, name="No Such Card")]
    report = validate(GAME, entries, POOL, STANDARD)
    assert report.counts["main"] == 52
    assert {issue.code for issue in report.errors} == {"card.unknown", "main.size"}


def test_it_reports_an_unknown_section():
    entries = [*legal_entries(), EntryRef("sideboard", 1, name=FAERIE.name)]
    report = validate(GAME, entries, POOL, STANDARD)
    [issue] = report.errors
    assert (issue.code, issue.section) == ("section.unknown", "sideboard")
    assert "main, neopets, rainbow_pool" in issue.message


def test_it_finds_cards_by_id_key_or_name_in_any_case():
    entries = [
        EntryRef("main", 1, id=FAERIE.id),
        EntryRef("main", 1, key=FOOD_CARD.key),
        EntryRef("main", 1, name=FOOD_CARD.name.upper()),
    ]
    deck = resolve(GAME, entries, POOL, Report("neopets", "standard"))
    assert [(entry.card, entry.quantity) for entry in deck.entries("main")] == [
        (FAERIE, 1),
        (FOOD_CARD, 2),
    ]


def test_it_merges_entries_of_one_card_keeping_a_printing_they_share():
    entries = [
        ref("main", FAERIE, set="AAA", number="1"),
        ref("main", FAERIE, set="AAA", number="1"),
        ref("main", FOOD_CARD, set="AAA", number="2"),
        ref("main", FOOD_CARD, set="BBB", number="2"),
    ]
    deck = resolve(GAME, entries, POOL, Report("neopets", "standard"))
    assert [(e.card.name, e.quantity, e.printing) for e in deck.entries("main")] == [
        (FAERIE.name, 2, ("AAA", "1")),
        (FOOD_CARD.name, 2, None),
    ]


def _metazoo_namesakes_pool():
    from rulebook.cardfile import MemoryPool
    from rulebook.core.cards import CardInfo

    first = CardInfo("chupacabra", "Chupacabra", "Beastie", "Bite.", {"lp": 40}, 1)
    second = CardInfo("chupacabra-flame", "Chupacabra", "Beastie", "Burn.", {"lp": 60}, 2)
    return MemoryPool([first, second], "metazoo")


def test_it_refuses_to_guess_between_cards_that_share_a_name():
    """MetaZoo Pages may share a name and differ (rulebook, Spellbook Limit): name is no key."""
    from rulebook.metazoo.cards import GAME as METAZOO

    report = Report(game="metazoo", format="standard")
    deck = resolve(
        METAZOO, [EntryRef("spellbook", 2, name="chupacabra")], _metazoo_namesakes_pool(), report
    )
    [issue] = report.errors
    assert issue.code == "card.ambiguous"
    assert dict(issue.details)["suggestions"] == ["chupacabra", "chupacabra-flame"]
    assert "name the one you mean by key" in issue.message
    assert deck.count("spellbook") == 2  # the copies still count towards the Spellbook's size


def test_a_key_picks_one_of_the_cards_that_share_a_name():
    from rulebook.metazoo.cards import GAME as METAZOO

    report = Report(game="metazoo", format="standard")
    deck = resolve(
        METAZOO,
        [EntryRef("spellbook", 2, key="chupacabra-flame")],
        _metazoo_namesakes_pool(),
        report,
    )
    assert report.errors == []
    assert [entry.card.text for entry in deck.entries("spellbook")] == ["Burn."]


def _printed_pool():
    from rulebook.cardfile import MemoryPool, read_cards

    data = {
        "game": "neopets",
        "cards": [
            {
                "name": "Hot Dog",
                "type": "Food",
                "printings": [{"set": "SMP", "number": "045"}, {"set": "SMP", "number": "046"}],
            }
        ],
    }
    return MemoryPool(read_cards(data), "neopets")


def test_it_warns_of_a_pinned_printing_the_card_never_had_and_still_counts_the_card():
    """Copies are counted by the card, whatever printing is named (CR 6.7.2)."""
    report = Report(game="neopets", format="standard")
    entries = [EntryRef("main", 2, name="Hot Dog", set="SMP", number="999", line=4)]
    deck = resolve(GAME, entries, _printed_pool(), report)
    assert report.errors == []
    [warning] = report.warnings
    assert warning.code == "printing.unknown"
    assert "(SMP) 999 (line 4)" in warning.message and "(SMP) 045, (SMP) 046" in warning.message
    assert deck.count("main") == 2


def test_it_accepts_a_pinned_printing_whatever_the_case_of_its_set_code():
    report = Report(game="neopets", format="standard")
    resolve(
        GAME,
        [EntryRef("main", 2, name="Hot Dog", set="smp", number="045")],
        _printed_pool(),
        report,
    )
    assert report.warnings == [] and report.errors == []


# Issue 7 item 4: Pages that share a name, told apart in a text decklist.


def _namesakes_pool():
    from rulebook.cardfile import MemoryPool
    from rulebook.core.cards import CardInfo

    bite = CardInfo(
        "chupacabra", "Chupacabra", "Beastie", "Bite.", printings=frozenset({("MZ1", "10")})
    )
    burn = CardInfo(
        "chupacabra-flame", "Chupacabra", "Beastie", "Burn.", printings=frozenset({("MZ2", "7")})
    )
    return MemoryPool([bite, burn], "metazoo")


@pytest.mark.parametrize(
    ("line", "key"),
    [("1 Chupacabra (MZ2) 7", "chupacabra-flame"), ("1 Chupacabra [chupacabra]", "chupacabra")],
)
def test_a_printing_or_a_key_tells_namesakes_apart_in_a_text_decklist(line, key):
    """Page Layout (p. 5): Pages sharing a name may differ; `(SET) number` or `[key]` says which."""
    from rulebook.core.decklist import parse_decklist
    from rulebook.registry import GAMES

    game = GAMES["metazoo"]
    report = Report(game="metazoo", format="standard")
    deck = resolve(
        game, parse_decklist(f"Spellbook:\n{line}\n", game).entries, _namesakes_pool(), report
    )
    assert report.errors == []
    assert [entry.card.key for entry in deck.entries("spellbook")] == [key]


def test_a_bare_shared_name_is_still_ambiguous():
    from rulebook.core.decklist import parse_decklist
    from rulebook.registry import GAMES

    game = GAMES["metazoo"]
    report = Report(game="metazoo", format="standard")
    resolve(
        game, parse_decklist("Spellbook:\n1 Chupacabra\n", game).entries, _namesakes_pool(), report
    )
    assert [issue.code for issue in report.errors] == ["card.ambiguous"]
