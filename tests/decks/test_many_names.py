"""A long decklist or card file is read in chunks of lookups: on an SQLite built with the old
limit of 999 variables a statement it answers, never "too many SQL variables" (issue 17, item 7's
siblings)."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from decks.resolution import InvalidEntries
from decks.services import deck_import
from tests.cards.factories import acara, neopets_file


def test_a_decklist_of_1200_names_is_answered_with_its_unknown_cards(
    alice, neopets, sqlite_of_999_variables
):
    text = "".join(f"1 Nothing {n}\n" for n in range(1200))
    with pytest.raises(InvalidEntries) as refused:
        deck_import(owner=alice, game=neopets, name="Long", text=text)
    assert len(refused.value.problems) == 1200


def test_a_card_file_of_1200_cards_imports(db, tmp_path, sqlite_of_999_variables):
    cards = [
        acara(name=f"Acara {n}", printings=[{"set": "TST", "number": f"{n:04}", "rarity": "c"}])
        for n in range(1200)
    ]
    source = tmp_path / "many.json"
    source.write_text(json.dumps(neopets_file(cards)), encoding="utf-8")
    call_command("import_cards", str(source), stdout=io.StringIO())
    from cards.models import Card

    assert Card.objects.filter(game__slug="neopets", name__startswith="Acara ").count() == 1200
