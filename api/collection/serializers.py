"""The shapes of /api/v1/owned/ and /api/v1/decks/{id}/missing/."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from api.decks.serializers import GameField
from basics.ids import MAX_ID
from cards.models import MAX_OWNED, OwnedCard
from decks.collection import CSV_COLUMNS, MAX_CSV_BYTES
from decks.uploads import UnreadableUpload, decklist_text


class OwnedCardOutput(serializers.ModelSerializer):
    card = serializers.IntegerField(source="card_id")
    name = serializers.CharField(source="card.name")
    game = serializers.CharField(source="card.game.slug")
    printing = serializers.IntegerField(
        source="printing_id", allow_null=True, help_text="Null: a printing not said."
    )
    set = serializers.CharField(source="printing.set.code", allow_null=True, default=None)
    number = serializers.CharField(source="printing.number", allow_null=True, default=None)

    class Meta:
        model = OwnedCard
        fields = ["card", "name", "game", "printing", "set", "number", "quantity"]


class OwnedCardInput(serializers.Serializer):
    card = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    printing = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, required=False, allow_null=True, default=None
    )
    quantity = serializers.IntegerField(
        min_value=0,
        max_value=MAX_OWNED,
        help_text=f"Copies owned, from 0 (removes the row) to {MAX_OWNED}.",
    )


class OwnedImportInput(serializers.Serializer):
    """`text` (a pasted list, read as a decklist) or `file` (a CSV with a header), not both."""

    game = GameField()
    text = serializers.CharField(max_length=200_000, required=False)
    file = serializers.FileField(
        required=False,
        help_text="A CSV with a header naming the columns: "
        + "; ".join(f"{wanted}: {', '.join(names)}" for wanted, names in CSV_COLUMNS.items())
        + f" (set and number optional); UTF-8, at most {MAX_CSV_BYTES // 2**20} MB.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("text" in attrs) == ("file" in attrs):
            raise serializers.ValidationError(
                {"text": ["give the list as text or a CSV as file, one of the two"]}
            )
        if "file" in attrs:
            try:
                attrs["csv"] = decklist_text(attrs.pop("file"), limit=MAX_CSV_BYTES)
            except UnreadableUpload as refused:
                raise serializers.ValidationError({"file": [f"the file {refused}"]}) from None
        return attrs


class ImportedOutput(serializers.Serializer):
    copies = serializers.IntegerField(help_text="Copies added.")
    rows = serializers.IntegerField(help_text="Distinct cards (or printings) they were of.")


class MissingCardOutput(serializers.Serializer):
    name = serializers.CharField()
    card = serializers.IntegerField(source="card_id", allow_null=True)
    needed = serializers.IntegerField(help_text="Copies the deck holds, every section summed.")
    owned = serializers.IntegerField(help_text="Copies you own, every printing summed.")
    missing = serializers.IntegerField()


class DeckMissingOutput(serializers.Serializer):
    needed = serializers.IntegerField(help_text="Cards in the deck.")
    missing = serializers.IntegerField(help_text="Of those, cards you do not own.")
    cards = MissingCardOutput(many=True, help_text="Every card of the deck, in deck order.")
    text = serializers.CharField(help_text="The missing cards as a plain-text list.")


class ShareOutput(serializers.Serializer):
    token = serializers.CharField(help_text="The link's secret: whoever has it reads the list.")
    url = serializers.URLField(help_text="The shared collection in the API.")
    page = serializers.URLField(help_text="The shared collection on the website.")
