"""The import_cards, export_cards and load_samples commands, and the round trips they promise."""

import csv
import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from cards.models import Card, CardSet, Printing
from decks.management.commands.load_samples import sample_card_files
from rulebook.plugin import SHIPPED_SAMPLE_CARDS

from .factories import acara, neopets_file

pytestmark = pytest.mark.django_db


def write(path: Path, data) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def export(tmp_path: Path, game: str, fmt: str, name: str) -> bytes:
    output = tmp_path / name
    run("export_cards", game, "--format", fmt, "--output", str(output))
    return output.read_bytes()


def empty_the_database() -> None:
    Printing.objects.all().delete()
    Card.objects.all().delete()
    CardSet.objects.all().delete()


def test_it_imports_a_file_and_reports_what_it_did(tmp_path):
    out = run("import_cards", str(write(tmp_path / "cards.json", neopets_file())), "--quiet")
    assert "cards created 4, updated 0, unchanged 0" in out
    assert "printings created 3, updated 0, unchanged 0" in out
    out = run("import_cards", str(tmp_path / "cards.json"))
    assert "cards created 0, updated 0, unchanged 4" in out


def test_it_exits_non_zero_listing_every_problem_of_every_file(tmp_path):
    good = write(tmp_path / "good.json", neopets_file())
    bad = write(tmp_path / "bad.json", neopets_file(cards=[acara(type="Dragon")], game="neopets"))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    nan = tmp_path / "nan.json"
    nan.write_text('{"game": "neopets", "cards": [{"attributes": {"hp": NaN}}]}', encoding="utf-8")
    with pytest.raises(CommandError) as caught:
        run("import_cards", *map(str, (good, bad, broken, nan, tmp_path / "missing.json")))
    message = str(caught.value)
    assert message.startswith("4 problems found; nothing was imported:")
    assert f'{bad}: cards[0] "Acara": type: must be one of' in message
    assert (
        f"{broken}: is not valid JSON: Expecting property name enclosed in double quotes" in message
    )
    assert f"{nan}: is not valid JSON: NaN is not a JSON value" in message
    assert f"{tmp_path / 'missing.json'}: cannot be read" in message
    assert Card.objects.count() == 0  # the good file was rolled back with the bad ones


def test_it_round_trips_json_byte_for_byte(tmp_path):
    run("import_cards", str(write(tmp_path / "in.json", neopets_file())))
    first = export(tmp_path, "neopets", "json", "first.json")
    empty_the_database()
    run("import_cards", str(tmp_path / "first.json"))
    assert export(tmp_path, "neopets", "json", "second.json") == first
    assert json.loads(first)["cards"][0]["key"] == "acara"  # sorted by key


def test_it_round_trips_csv_byte_for_byte(tmp_path):
    run("import_cards", str(write(tmp_path / "in.json", neopets_file())))
    first = export(tmp_path, "neopets", "csv", "first.csv")
    empty_the_database()
    run("import_cards", str(tmp_path / "first.csv"))
    assert export(tmp_path, "neopets", "csv", "second.csv") == first
    assert export(tmp_path, "neopets", "json", "via-csv.json") == export(
        tmp_path, "neopets", "json", "again.json"
    )


def test_it_imports_the_same_content_from_csv_as_from_json(tmp_path):
    run("import_cards", str(write(tmp_path / "in.json", neopets_file())))
    from_json = export(tmp_path, "neopets", "json", "from-json.json")
    csv_file = tmp_path / "out.csv"
    run("export_cards", "neopets", "--format", "csv", "--output", str(csv_file))
    empty_the_database()
    run("import_cards", str(csv_file))
    assert export(tmp_path, "neopets", "json", "from-csv.json") == from_json


def test_it_writes_one_csv_row_per_printing_card_without_printing_and_unprinted_set(tmp_path):
    run("import_cards", str(write(tmp_path / "in.json", neopets_file())))
    text = export(tmp_path, "neopets", "csv", "out.csv").decode("utf-8-sig")
    header, *rows = csv.reader(io.StringIO(text))
    assert header[:8] == ["game", "key", "name", "type", "text", "attributes", "sample", "set"]
    assert [(row[1], row[7], row[11]) for row in rows] == [
        ("acara", "TST", "001"),
        ("hot-dog-of-justice", "", ""),
        ("kauvaras-cafe", "", ""),
        ("mau-codestone", "TST", "101"),
        ("mau-codestone", "TST", "101a"),
        ("", "EMPTY", ""),
    ]


def test_it_exports_to_standard_output():
    assert json.loads(run("export_cards", "keeper")) == {"game": "keeper", "sets": [], "cards": []}


def test_it_says_when_the_output_cannot_be_written(tmp_path):
    with pytest.raises(CommandError, match=r"no-such-dir/out\.json: cannot be written"):
        run("export_cards", "keeper", "--output", str(tmp_path / "no-such-dir" / "out.json"))


def test_it_refuses_to_export_an_unknown_game():
    with pytest.raises(CommandError, match="invalid choice: 'chess'"):
        run("export_cards", "chess")


def test_it_loads_every_sample_file_of_a_directory_idempotently(tmp_path):
    write(tmp_path / "neopets.json", neopets_file(sample=True))
    write(tmp_path / "keeper.json", {"game": "keeper", "sample": True, "cards": []})
    out = run("load_samples", "--directory", str(tmp_path), "--cards-only")
    assert out == "Sample cards (keeper, neopets): created 4, updated 0, unchanged 0.\n"
    out = run("load_samples", "--directory", str(tmp_path), "--cards-only")
    assert out == "Sample cards (keeper, neopets): created 0, updated 0, unchanged 4.\n"


def test_it_loads_no_sample_file_when_one_is_bad(tmp_path):
    write(tmp_path / "a.json", neopets_file())
    write(tmp_path / "b.json", {"game": "keeper", "cards": [{"name": "X", "type": "Trap"}]})
    with pytest.raises(CommandError, match=r"b\.json: cards\[0\] \"X\": type"):
        run("load_samples", "--directory", str(tmp_path))
    assert Card.objects.count() == 0


@pytest.mark.parametrize("path", sample_card_files(), ids=lambda path: path.name)
def test_it_loads_each_shipped_sample_file(path):
    assert "created" in run("import_cards", str(path))
    assert Card.objects.exists()


def test_it_loads_the_shipped_samples_twice_changing_nothing_the_second_time():
    run("load_samples")
    count = Card.objects.count()
    assert ": created 0, updated 0, unchanged" in run("load_samples")
    assert Card.objects.count() == count


def test_it_ships_millennium_blades_samples_of_all_three_kinds():
    run("import_cards", str(SHIPPED_SAMPLE_CARDS / "millennium-blades.json"))
    cards = Card.objects.filter(game__slug="millennium-blades")
    assert cards.count() >= 20
    assert set(cards.values_list("type", flat=True)) == {"Single", "Deck Box", "Accessory"}
    assert not cards.filter(is_sample=False).exists()
    assert all({"stars", "element", "kind"} <= card.attributes.keys() for card in cards)
    assert CardSet.objects.get(code="MB-SMP").is_sample


@pytest.mark.parametrize(
    "text, problem",
    [
        (
            json.dumps(neopets_file()).replace('"hp": 8', '"hp": ' + "9" * 5000, 1),
            "holds a number of more than 4300 digits",
        ),
        ('{"game": "neopets", "cards": ' + "[" * 5000 + "]" * 5000 + "}", "nested too deeply"),
        (
            json.dumps(neopets_file()).replace('"name": "Acara"', '"name": "Acara\\ud800"', 1),
            "cards[0].name holds a lone surrogate",
        ),
        (
            json.dumps(neopets_file()).replace('"hp": 8', '"hp": 8, "hp": 9', 1),
            'cards[0] "Acara".attributes gives the key "hp" more than once',
        ),
        (
            json.dumps(neopets_file()).replace('"name": "Acara"', '"name": "Acara", "name": "B"'),
            'cards[0] "B" gives the key "name" more than once',
        ),
    ],
    ids=["5000-digit integer", "deep nesting", "lone surrogate", "repeated key", "repeated name"],
)
def test_it_names_what_python_cannot_read_instead_of_a_traceback(tmp_path, text, problem):
    path = tmp_path / "cards.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CommandError, match="nothing was imported") as caught:
        run("import_cards", str(path))
    assert problem in str(caught.value)
    assert not Card.objects.exists()
