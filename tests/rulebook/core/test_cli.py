"""`python -m rulebook validate`: the core's command line, no Django, exit 1 on any illegal deck."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.core.decklist import write_decklist
from rulebook.neopets.cards import GAME
from tests.rulebook.core.factories import ALL_CARDS, legal_entries

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    cards = [
        {"name": c.name, "key": c.key, "type": c.type, "attributes": dict(c.attributes)}
        for c in ALL_CARDS
    ]
    paths = {
        "cards": tmp_path / "cards.json",
        "legal": tmp_path / "legal.txt",
        "illegal": tmp_path / "illegal.txt",
        "unreadable": tmp_path / "unreadable.txt",
    }
    paths["cards"].write_text(json.dumps({"game": "neopets", "cards": cards}))
    paths["legal"].write_text(write_decklist(GAME, legal_entries()))
    paths["illegal"].write_text(write_decklist(GAME, legal_entries()[1:]))
    paths["unreadable"].write_text("2 Hot Dog\nthis is not a card line\n")
    return {name: str(path) for name, path in paths.items()}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "rulebook", "validate", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True)


def test_it_exits_0_when_every_deck_is_legal(files):
    result = run(files["legal"], "--game", "neopets", "--cards", files["cards"])
    assert (result.returncode, result.stdout) == (0, f"{files['legal']}: LEGAL\n")


def test_it_exits_1_and_names_the_problems_when_a_deck_is_illegal(files):
    result = run(files["legal"], files["illegal"], "--game", "neopets", "--cards", files["cards"])
    assert result.returncode == 1
    assert f"{files['illegal']}: ILLEGAL" in result.stdout
    assert "error neopets.size (8.1.1)" in result.stdout


def test_it_exits_1_for_an_unreadable_line_naming_it_and_checks_the_rest(files):
    """Issue 7 item 7: the unreadable line is an error; the readable lines are checked too."""
    result = run(files["unreadable"], "--game", "neopets", "--cards", files["cards"])
    assert result.returncode == 1
    assert "ILLEGAL" in result.stdout
    assert (
        "decklist.unreadable" in result.stdout
        and "Line 2 'this is not a card line'" in result.stdout
    )
    assert "main.size" in result.stdout


def test_it_prints_a_json_array_when_asked(files):
    result = run(
        files["legal"], files["illegal"], "--game", "neopets", "--cards", files["cards"], "--json"
    )
    verdicts = [(item["verdict"], item["legal"]) for item in json.loads(result.stdout)]
    assert verdicts == [("LEGAL", True), ("ILLEGAL", False)]


def test_it_exits_2_for_a_card_file_it_cannot_use(files, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "neopets", "cards": [{"name": "X", "type": "Nope"}]}')
    result = run(files["legal"], "--game", "neopets", "--cards", str(bad))
    assert result.returncode == 2
    assert "cards[0] (X): type" in result.stderr


def test_it_exits_2_for_a_card_file_giving_a_key_twice(files, tmp_path):
    """json keeps the last value of a repeated key; which one the author meant is a guess."""
    twice = tmp_path / "twice.json"
    twice.write_text('{"game": "neopets", "cards": [{"name": "X", "type": "A", "type": "B"}]}')
    result = run(files["legal"], "--game", "neopets", "--cards", str(twice))
    assert result.returncode == 2
    assert 'cards[0] "X" gives the key "type" more than once' in result.stderr
