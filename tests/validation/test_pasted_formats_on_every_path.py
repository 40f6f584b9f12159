"""Decklists as other sites export them, against the database (issue 38, item 4): every pasted
format on every path that takes a list (/validate/ text, the batch as JSON and as CSV, the deck
import API, the website's import) finds the cards the in-memory pool finds, one resolution rule
(rulebook.core.resolve.find_cards and the names DatabasePool fetches for it). The deck is the
legal deck of Neopets CR 8.3.1 (a 50-card Main Deck, CR 7.1.1 three Neopets, 8.2.1 the
Rainbow Pool); a format that loses a card makes it illegal or refuses it, so a lost card shows."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client

from decks.models import Deck
from rulebook.cardfile import MemoryPool
from rulebook.core.decklist import parse_decklist
from rulebook.core.resolve import find_cards
from rulebook.neopets.cards import GAME as NEOPETS
from tests.rulebook.core.factories import ALL_CARDS
from tests.validation.conftest import legal_text

# Each site's way of writing "N Name" (the header lines stay as written).
FORMATS = {
    "plain": "{n} {name}",
    "arkhamdb": "{n}x {name} (Core Set)",
    "moxfield": "{n} {name} (SMP) 045 *F*",
    "archidekt": "{n}x {name} [Food,Snack{{noDeck}}] ^Keep,#37d67a^",
    "archidekt_printed": "{n}x {name} (smp) 45 [Snack]",
    "markdown": "- {n} {name}",
    "trailing": "{name} x{n}",
}
CARD_LINE = re.compile(r"(\d+) (.+)")
SIZES = {"neopets": 3, "rainbow_pool": 2, "main": 50}


def pasted(form: str) -> str:
    lines = []
    for line in legal_text().splitlines():
        card = CARD_LINE.fullmatch(line)
        lines.append(FORMATS[form].format(n=card[1], name=card[2]) if card else line)
    return "\n".join(lines) + "\n"


def test_the_in_memory_pool_reads_every_format_8_3_1():
    """The pool the rulebook's tests use: the reference the database paths must agree with."""
    pool = MemoryPool(ALL_CARDS, NEOPETS)
    for form in FORMATS:
        parsed = parse_decklist(pasted(form), NEOPETS)
        assert parsed.problems == [], form
        found = find_cards(NEOPETS, parsed.entries, pool)
        assert all(card.__class__.__name__ == "CardInfo" for card in found), form


def validate_text(api, text: str) -> dict:
    response = api.post("/api/v1/validate/", {"game": "neopets", "text": text}, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


def batch_json(api, text: str) -> dict:
    body = {"decks": [{"id": "a", "game": "neopets", "text": text}]}
    response = api.post("/api/v1/validate/batch/", body, format="json")
    assert response.status_code == 200, response.json()
    return response.json()["results"][0]


def batch_csv(api, text: str) -> dict:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["id", "game", "text"])
    writer.writeheader()
    writer.writerow({"id": "a", "game": "neopets", "text": text})
    response = api.post("/api/v1/validate/batch/", out.getvalue(), content_type="text/csv")
    assert response.status_code == 200, response.json()
    return response.json()["results"][0]


def sizes(deck: Deck) -> dict[str, int]:
    counted: dict[str, int] = {}
    for entry in deck.entries.all():
        counted[entry.section] = counted.get(entry.section, 0) + entry.quantity
    return counted


@pytest.mark.parametrize("form", FORMATS)
@pytest.mark.parametrize("path", [validate_text, batch_json, batch_csv])
def test_every_format_is_the_legal_deck_on_every_validation_path_8_3_1(
    api, neopets_cards, form, path
):
    result = path(api, pasted(form))
    assert [e["code"] for e in result["errors"]] == [], (form, result["errors"])
    assert result["legal"], form


@pytest.mark.parametrize("form", FORMATS)
def test_every_format_imports_every_card_through_the_deck_import_api_8_3_1(
    alice_api, neopets_cards, form
):
    body = {"game": "neopets", "name": form, "text": pasted(form)}
    response = alice_api.post("/api/v1/decks/import/", body, format="json")
    assert response.status_code == 201, response.json()
    assert sizes(Deck.objects.get(pk=response.json()["id"])) == SIZES


@pytest.mark.parametrize("form", FORMATS)
def test_every_format_imports_every_card_on_the_website_8_3_1(alice, neopets_cards, form):
    """Moxfield's "(SMP) 045 *F*" names a printing the catalogue lacks: the card is imported
    all the same (as /validate/ counts it), never left out of the deck."""
    client = Client()
    client.force_login(alice)
    form_data = {"game": "neopets", "name": form, "visibility": "private", "text": pasted(form)}
    response = client.post("/decks/import/", form_data | {"leave_out": "on"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert sizes(Deck.objects.get(name=form)) == SIZES


@pytest.mark.parametrize("header", ["Side board:", "Side Board"])
def test_a_side_board_however_spaced_is_not_counted_in_the_main_deck_8_3_1(
    api, neopets_cards, header
):
    """8.3.1: the Main Deck holds exactly 50; the cards under a side section are reported and
    never among them (they were: "Side board:" was reported, its cards then counted)."""
    text = legal_text() + f"{header}\n2 Test Codestone 0\n"
    answer = api.post("/api/v1/validate/", {"game": "neopets", "text": text}, format="json")
    assert "not added" in str(answer.json()), answer.json()
    parsed = parse_decklist(text, NEOPETS)
    assert sum(e.quantity for e in parsed.entries if e.section == "main") == 50


@pytest.mark.parametrize("header", ["// Maybe board", "Maybeboard:", "Considering"])
def test_a_maybeboard_however_written_is_never_counted_8_3_1(api, neopets_cards, header):
    """8.3.1: the Main Deck holds exactly 50; a maybeboard's cards (issue 40) are considered,
    not in the deck: the list is legal, and they are read apart."""
    text = legal_text() + f"{header}\n2 Test Codestone 0\n"
    answer = api.post("/api/v1/validate/", {"game": "neopets", "text": text}, format="json")
    assert answer.json()["legal"] is True, answer.json()
    parsed = parse_decklist(text, NEOPETS)
    assert sum(e.quantity for e in parsed.entries if e.section == "main") == 50
    assert [(e.name, e.quantity) for e in parsed.maybeboard] == [("Test Codestone 0", 2)]


def test_an_archidekt_category_is_no_part_of_the_name_and_a_sideboard_category_is_the_side():
    parsed = parse_decklist(
        "Main Deck:\n2x Test Codestone 0 [Codestones] ^Have^\n1 Test Codestone 1 [Sideboard]\n"
        "1 Test Codestone 2 [test-codestone-2]\n",
        NEOPETS,
    )
    assert [(e.name, e.key) for e in parsed.entries] == [
        ("Test Codestone 0", None),
        ("Test Codestone 2", "test-codestone-2"),
    ]
    (problem,) = parsed.problems
    assert problem.line == 3 and "not added" in problem.message
