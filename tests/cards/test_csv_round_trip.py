"""CSV carries everything the JSON card format does: a property over generated card files."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cards.cardfile.csv_format import csv_read, csv_write
from cards.cardfile.parsing import card_file_parse

# Any text but NUL (which the format refuses), including commas, quotes and line breaks.
texts = st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)))
names = texts.filter(lambda name: name.strip()).map(lambda name: name[:200])


@st.composite
def card_files(draw):
    """Exported Millennium Blades card data: every field written, as export_cards writes it."""
    codes = draw(st.lists(st.sampled_from(["MB-A", "MB-B", "PROMO"]), unique=True, max_size=3))
    sets = [
        {
            "code": code,
            "name": draw(names),
            "released": draw(st.sampled_from([None, "2024-05-01"])),
            "sample": draw(st.booleans()),
        }
        for code in sorted(codes)
    ]
    numbers = iter(range(10_000))
    cards = []
    for index in range(draw(st.integers(0, 6))):
        printings = [
            {
                "set": code,
                "number": f"{next(numbers):03d}",
                "rarity": draw(st.sampled_from(["", "common", "rare, foil"])),
                "image_url": draw(st.sampled_from(["", "https://example.org/a.png"])),
            }
            for code in (draw(st.lists(st.sampled_from(codes), max_size=3)) if codes else [])
        ]
        cards.append(
            {
                "key": f"card-{index}",
                "name": draw(names),
                "type": draw(st.sampled_from(["Single", "Deck Box", "Accessory"])),
                "text": draw(texts),
                "attributes": {"stars": draw(st.integers(0, 10)), "element": draw(texts)},
                "sample": draw(st.booleans()),
                "printings": printings,
            }
        )
    return {"game": "millennium-blades", "sets": sets, "cards": cards}


@settings(max_examples=150, deadline=None)
@given(card_files())
def test_it_reads_back_from_csv_exactly_what_was_written(data):
    from_json = card_file_parse(data, source="data.json")
    from_csv = card_file_parse(csv_read(csv_write(data), source="data.csv"), source="data.csv")
    assert from_csv.cards == from_json.cards
    assert sorted(from_csv.sets, key=by_code) == sorted(from_json.sets, key=by_code)


def by_code(card_set):
    return card_set.code


def test_the_distinct_namesake_marker_survives_csv(db):
    """Issue 7 item 1: exported MetaZoo namesakes carry distinct_namesake, in CSV too, so the
    export imports again."""
    import json
    from pathlib import Path

    from cards.services.exporter import cards_export
    from cards.services.importer import cards_import

    sample = Path(__file__).resolve().parents[2] / "cards" / "sample_data" / "metazoo.json"
    cards_import(data=json.loads(sample.read_text()), source=sample.name)
    exported = cards_export(game="metazoo")
    read = csv_read(csv_write(exported), source="metazoo.csv")
    marked = sorted(c["key"] for c in read["cards"] if c.get("distinct_namesake"))
    assert marked == ["chupacabra", "chupacabra-flame"]
    cards_import(data=read, source="metazoo.csv")  # imports again, nothing refused
