"""Reading the CSV card format: each problem of the CSV's own making is named by row and column."""

import pytest

from cards.cardfile.csv_format import CSV_COLUMNS, csv_read
from cards.cardfile.problems import CardFileError

HEADER = ",".join(CSV_COLUMNS)
ACARA = (
    'neopets,acara,Acara,Neopet,,"{""species"": ""Acara"", ""hp"": 8}",true,'
    "TST,Test Set,2024-01-01,false,001,common,"
)


def read(*rows: str, header: str = HEADER):
    return csv_read("\n".join([header, *rows]) + "\n", source="cards.csv")


def problems(*rows: str, header: str = HEADER) -> list[str]:
    with pytest.raises(CardFileError) as caught:
        read(*rows, header=header)
    return [str(problem) for problem in caught.value.problems]


def test_it_reads_rows_into_the_card_data_format():
    second_printing = ACARA.replace(",001,common,", ",001b,foil,https://example.org/a.png")
    assert read(ACARA, second_printing, "neopets,,,,,,,EMPTY,Empty,,,,,") == {
        "game": "neopets",
        "sets": [
            {"code": "TST", "name": "Test Set", "released": "2024-01-01", "sample": False},
            {"code": "EMPTY", "name": "Empty", "released": None},
        ],
        "cards": [
            {
                "key": "acara",
                "name": "Acara",
                "type": "Neopet",
                "text": "",
                "attributes": {"species": "Acara", "hp": 8},
                "sample": True,
                "printings": [
                    {"set": "TST", "number": "001", "rarity": "common"},
                    {
                        "set": "TST",
                        "number": "001b",
                        "rarity": "foil",
                        "image_url": "https://example.org/a.png",
                    },
                ],
            }
        ],
    }


def test_it_names_missing_unknown_and_repeated_columns():
    assert problems(header="game,name,colour,Name") == [
        "cards.csv: row 1: lacks the columns type",
        f"cards.csv: row 1: has unknown columns colour; use {', '.join(CSV_COLUMNS)}",
        "cards.csv: row 1: names the columns name more than once",
    ]


def test_a_community_spreadsheet_may_leave_out_every_column_but_name_and_type():
    """A list kept as a community keeps it: its own capitalisation and spacing, no key, no
    attributes, no printings; the absent columns read as empty cells (the file's defaults)."""
    data = read("Hot Dog,Food,Heal 2 HP.", "Cheese Pizza,Food,", header="Name, Type ,TEXT")
    assert data == {
        "game": "",
        "sets": [],
        "cards": [
            {
                "name": "Hot Dog",
                "type": "Food",
                "text": "Heal 2 HP.",
                "attributes": {},
                "printings": [],
            },
            {"name": "Cheese Pizza", "type": "Food", "text": "", "attributes": {}, "printings": []},
        ],
    }
    with_set = read("Hot Dog,Food,SET1,Set One,7", header="name,type,set,Set name,number")
    assert with_set["cards"][0]["printings"] == [{"set": "SET1", "number": "7", "rarity": ""}]


def test_it_names_each_bad_cell_by_row_and_column():
    assert problems(
        ACARA.replace('"{""species"": ""Acara"", ""hp"": 8}"', "{oops"),
        ACARA.replace(",true,", ",yes,").replace(",001,", ",002,"),
        ACARA.replace("neopets,", "keeper,", 1).replace(",001,", ",003,"),
        "neopets,,,,,,,,,,,,rare,",
        "neopets,,Kau,Food,,,,,,,,004,,",
        ACARA.replace("Test Set", "Another name").replace(",001,", ",005,"),
        ACARA + ",,extra",  # one cell past the last column, distinct_namesake
        ACARA.replace('"{""species"": ""Acara"", ""hp"": 8}"', '"{""hp"": NaN}"'),
    ) == [
        "cards.csv: row 2: attributes: is not valid JSON: Expecting property name enclosed in "
        "double quotes at line 1 column 2",
        "cards.csv: row 3: sample: must be true, false or empty, not 'yes'",
        "cards.csv: row 4: game: is 'keeper'; row 2 says 'neopets'",
        "cards.csv: row 5: names neither a card nor a set",
        "cards.csv: row 6: set: is needed for a printing (number, rarity, image_url)",
        "cards.csv: row 7: set_name: differs from row 4 for 'TST'",
        "cards.csv: row 8: has more cells than the header has columns",
        "cards.csv: row 9: attributes: is not valid JSON: NaN is not a JSON value",
    ]


def test_it_reads_a_row_with_only_the_game_as_a_game_with_no_cards():
    assert read("keeper") == {"game": "keeper", "sets": [], "cards": []}


def test_it_reads_rows_that_leave_out_trailing_empty_cells():
    short = "neopets,kau,Kau,Food"
    assert read(short)["cards"] == [
        {"key": "kau", "name": "Kau", "type": "Food", "text": "", "attributes": {}, "printings": []}
    ]


def test_it_names_a_line_the_csv_module_cannot_read():
    assert problems(ACARA, "neopets,kau," + "K" * 200_000) == [
        "cards.csv: row 3: is not valid CSV: field larger than field limit (131072)"
    ]
