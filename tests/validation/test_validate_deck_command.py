"""`manage.py validate_deck`: a line per file, or JSON; exit status 1 when any deck is illegal."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from rulebook.core.decklist import write_decklist
from rulebook.neopets.cards import GAME
from tests.rulebook.core.factories import legal_entries


@pytest.fixture
def decklists(tmp_path: Path) -> dict[str, str]:
    texts = {
        "legal": write_decklist(GAME, legal_entries()),
        "illegal": write_decklist(GAME, legal_entries()[1:]),
        "unreadable": "Main Deck:\n2 Test Faerie\nwhat is this\n",
    }
    for name, text in texts.items():
        (tmp_path / f"{name}.txt").write_text(text)
    return {name: str(tmp_path / f"{name}.txt") for name in texts}


def run(*args: str) -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("validate_deck", *args, stdout=out)
    except SystemExit as exit:
        return int(exit.code), out.getvalue()
    return 0, out.getvalue()


def test_it_exits_0_when_every_deck_is_legal(neopets_cards, decklists):
    assert run(decklists["legal"], "--game", "neopets") == (0, f"{decklists['legal']}: LEGAL\n")


def test_it_exits_1_when_a_deck_is_illegal(neopets_cards, decklists):
    status, out = run(decklists["legal"], decklists["illegal"], "--game", "neopets")
    assert status == 1
    assert f"{decklists['illegal']}: ILLEGAL\n  error neopets.size (8.1.1)" in out


def test_it_exits_1_when_a_deck_has_an_unreadable_line_and_checks_the_rest(
    neopets_cards, decklists
):
    """Issue 7 item 7: an unreadable line is an error of the report, the rest still checked."""
    status, out = run(decklists["unreadable"], "--game", "neopets")
    assert status == 1
    assert "ILLEGAL" in out and "decklist.unreadable" in out and "Line 3 'what is this'" in out


def test_it_prints_json_with_the_format_and_day(neopets_cards, decklists):
    status, out = run(
        decklists["legal"],
        "--game",
        "neopets",
        "--format",
        "standard",
        "--as-of",
        "2024-01-01",
        "--json",
    )
    [result] = json.loads(out)
    assert (status, result["verdict"], result["format"]) == (0, "LEGAL", "standard")


def test_it_refuses_an_unknown_format_or_bad_date(neopets_cards, decklists):
    with pytest.raises(CommandError, match="--format"):
        call_command("validate_deck", decklists["legal"], "--game", "neopets", "--format", "x")
    with pytest.raises(CommandError, match="--as-of"):
        call_command("validate_deck", decklists["legal"], "--game", "neopets", "--as-of", "x")
