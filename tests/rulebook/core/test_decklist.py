"""Plain-text decklists (DESIGN "Plain-text decklists"): what the parser reads, what it refuses,
and a writer whose text reads back to the same entries."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.core.decklist import LineProblem, parse_decklist, write_decklist
from rulebook.core.resolve import EntryRef
from rulebook.registry import GAMES

NEOPETS = GAMES["neopets"]


def only_entry(text: str) -> EntryRef:
    parsed = parse_decklist(text, NEOPETS)
    assert parsed.problems == []
    [entry] = parsed.entries
    return entry


@pytest.mark.parametrize(
    "line", ["2 Hot Dog", "2x Hot Dog", "2X Hot Dog", "Hot Dog x2", "  2   Hot  Dog "]
)
def test_it_reads_every_quantity_form(line):
    entry = only_entry(line)
    assert (entry.quantity, entry.name, entry.section) == (2, "Hot Dog", "main")


def test_it_reads_a_pinned_printing():
    entry = only_entry("2 Hot Dog (SMP) 045")
    assert (entry.name, entry.set, entry.number) == ("Hot Dog", "SMP", "045")


def test_it_keeps_names_that_look_like_quantities_when_the_quantity_leads():
    assert only_entry("1x x Ray").name == "x Ray"
    assert only_entry("3 Hot Dog x2").name == "Hot Dog x2"
    assert only_entry("2 1000 Year Old Egg").name == "1000 Year Old Egg"


def test_it_follows_section_headers_comments_and_blank_lines():
    text = (
        "# a comment\n"
        "3 Green Codestone\n"
        "\n"
        "Neopets:\n"
        "1 Red Kau\n"
        "Rainbow Pool:\n"
        "1 Fire Kau\n"
        "MAIN DECK:\n"
        "2 Hot Dog\n"
    )
    parsed = parse_decklist(text, NEOPETS)
    assert parsed.problems == []
    assert [(e.section, e.name, e.line) for e in parsed.entries] == [
        ("main", "Green Codestone", 2),
        ("neopets", "Red Kau", 5),
        ("rainbow_pool", "Fire Kau", 7),
        ("main", "Hot Dog", 9),
    ]


def test_it_reads_each_games_headers():
    parsed = parse_decklist("Deck Box:\n1 Box\nAccessories:\n1 Ring", GAMES["millennium-blades"])
    assert [e.section for e in parsed.entries] == ["deck_box", "accessories"]


def test_it_reports_each_unreadable_line_with_its_number():
    text = "2 Hot Dog\nGraveyard:\nHot Dog\n0 Hot Dog\n1000 Hot Dog\n"
    problems = parse_decklist(text, NEOPETS).problems
    assert [(p.line, p.text) for p in problems] == [
        (2, "Graveyard:"),
        (3, "Hot Dog"),
        (4, "0 Hot Dog"),
        (5, "1000 Hot Dog"),
    ]
    assert "section header" in problems[0].message
    assert "1 to 999" in problems[2].message
    assert all(isinstance(p, LineProblem) for p in problems)


def test_it_writes_sections_in_the_games_order_with_their_names():
    entries = [
        EntryRef("rainbow_pool", 1, name="Fire Kau"),
        EntryRef("main", 2, name="Hot Dog", set="SMP", number="045"),
    ]
    assert write_decklist(NEOPETS, entries) == (
        "Main Deck:\n2 Hot Dog (SMP) 045\n\nRainbow Pool:\n1 Fire Kau\n"
    )


def test_it_refuses_to_write_what_it_cannot_read_back():
    with pytest.raises(ValueError, match="no name"):
        write_decklist(NEOPETS, [EntryRef("main", 1, key="hot-dog")])
    with pytest.raises(ValueError, match="sideboard"):
        write_decklist(NEOPETS, [EntryRef("sideboard", 1, name="Hot Dog")])


# Names as card names are written: words of letters, digits and punctuation (no parentheses,
# which mark a printing), single spaces, not starting with '#'.
_word = st.text(
    alphabet=st.characters(
        whitelist_categories=("Lu", "Ll", "Nd"),
        whitelist_characters="'-.,!&:/",
        max_codepoint=0x24F,
    ),
    min_size=1,
    max_size=12,
)
_name = (
    st.lists(_word, min_size=1, max_size=4).map(" ".join).filter(lambda s: not s.startswith("#"))
)
_code = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-", min_size=1, max_size=6)
_entry = st.builds(
    lambda section, quantity, name, printing: EntryRef(
        section, quantity, name=name, set=printing and printing[0], number=printing and printing[1]
    ),
    st.sampled_from(("main", "neopets", "rainbow_pool")),
    st.integers(1, 999),
    _name,
    st.none() | st.tuples(_code, _code),
)


@given(st.lists(_entry, max_size=12))
def test_it_reads_back_what_it_writes(entries):
    text = write_decklist(NEOPETS, entries)
    parsed = parse_decklist(text, NEOPETS)
    assert parsed.problems == []
    in_game_order = sorted(entries, key=lambda e: NEOPETS.section_slugs.index(e.section))
    assert [(e.section, e.quantity, e.name, e.set, e.number) for e in parsed.entries] == [
        (e.section, e.quantity, e.name, e.set, e.number) for e in in_game_order
    ]
    assert write_decklist(NEOPETS, parsed.entries) == text


# Issue 7 item 7: decklists as people write them.

AS_WRITTEN = (
    "\ufeff# My Kau deck\r\n"
    "## Neopets\r\n"
    "1 Red Kau\r\n"
    "Main Deck (50):\r\n"
    "2x Hot Dog\r\n"
    "# Rainbow Pool\r\n"
    "1 Fire Kau\r\n"
    "# a note about the deck\r\n"
    "Main Deck 50\r\n"
    "1 Cheese Roller\r\n"
)


def test_it_reads_a_byte_order_mark_counted_and_markdown_headers_and_windows_line_ends():
    parsed = parse_decklist(AS_WRITTEN, NEOPETS)
    assert parsed.problems == []
    assert [(e.section, e.quantity, e.name) for e in parsed.entries] == [
        ("neopets", 1, "Red Kau"),
        ("main", 2, "Hot Dog"),
        ("rainbow_pool", 1, "Fire Kau"),
        ("main", 1, "Cheese Roller"),
    ]


def test_a_hash_line_that_is_not_a_header_is_still_a_comment():
    parsed = parse_decklist("# Sideboard ideas\n2 Hot Dog\n", NEOPETS)
    assert parsed.problems == [] and [e.section for e in parsed.entries] == ["main"]


def test_it_reads_a_card_named_by_key_and_writes_it_back():
    """Issue 7 item 4: `[key]` tells apart Pages that share a name."""
    entry = only_entry("2 Chupacabra [chupacabra-flame]")
    assert (entry.name, entry.key) == ("Chupacabra", "chupacabra-flame")
    assert parse_decklist(write_decklist(NEOPETS, [entry]), NEOPETS).entries[0].key == entry.key


def test_it_reads_lists_as_people_paste_them_bullets_spaced_x_comments_and_totals():
    """Issue 19: Markdown bullets, "2 x Name", "//" comment lines and "Total: 50" lines."""
    text = (
        "Main Deck (50):\n"
        "- 2 Hot Dog\n"
        "* 3 x Omelette\n"
        "+ 1\u00d7 Teeny Hot Dog\n"
        "// the finishers\n"
        "Total: 6\n"
        "Total cards: 6\n"
    )
    parsed = parse_decklist(text, NEOPETS)
    assert parsed.problems == []
    assert [(e.quantity, e.name) for e in parsed.entries] == [
        (2, "Hot Dog"),
        (3, "Omelette"),
        (1, "Teeny Hot Dog"),
    ]


def test_a_name_starting_with_a_lone_x_is_written_so_it_reads_back():
    text = write_decklist(NEOPETS, [EntryRef("main", 1, name="x Ray")])
    assert text == "Main Deck:\n1x x Ray\n"
    assert only_entry(text.splitlines()[1]).name == "x Ray"


def test_a_name_with_parentheses_keeps_its_key() -> None:
    """Found by the legality properties (issue 14): `2 Lab Ray Map Piece (North) [key]` was
    read as the printing (North) numbered "[key]" of a card "Lab Ray Map Piece"."""
    game = GAMES["neopets"]
    (entry,) = parse_decklist("2 Lab Ray Map Piece (North) [lab-ray-north]\n", game).entries
    assert (entry.name, entry.key) == ("Lab Ray Map Piece (North)", "lab-ray-north")
    assert entry.set is None
    (pinned,) = parse_decklist("1 Lab Ray Map Piece (North) (SMP) 045\n", game).entries
    assert (pinned.name, pinned.set, pinned.number) == ("Lab Ray Map Piece (North)", "SMP", "045")


@pytest.mark.parametrize(
    "line",
    # (a thousand digits: read as a header too, they once took _HEADER half a minute)
    ["9" * 5000 + " Hot Dog", "Hot Dog x" + "9" * 5000, "9" * 1000 + " Hot Dog"],
)
def test_a_quantity_of_thousands_of_digits_is_an_unreadable_line_not_a_crash(line):
    """Issue 26, item 1's sibling: int() refuses a number past 4,300 digits (a ValueError, a 500
    on /validate/); the line is named as unreadable like any other."""
    parsed = parse_decklist(line, NEOPETS)
    assert parsed.entries == []
    [problem] = parsed.problems
    assert problem.line == 1 and "is not a card line" in problem.message
