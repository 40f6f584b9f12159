"""Request and response shapes of /api/v1/decks/.

Entries come in the same shape as /validate/'s sections, and errors name the exact path of the
bad field (`sections.main[2].quantity`), which the API's error handler passes through.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cards.models import Game
from decks.models import MAX_QUANTITY, Deck, DeckVersion
from decks.resolution import DeckLine
from rules.core.resolve import EntryRef
from rules.models import Format

_ENTRY_FIELDS = {"name", "key", "id", "quantity", "set", "number"}


def _strict_int(value: Any, low: int, high: int) -> str | None:
    """Why `value` is not an integer in [low, high]; None when it is. Booleans and numeric
    strings are not integers."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return f"must be an integer from {low} to {high}"
    return None


def _text(value: Any, max_length: int = 200) -> str | None:
    if not isinstance(value, str) or not value.strip() or len(value) > max_length:
        return f"must be a non-empty string of at most {max_length} characters"
    return None


_ENTRY_SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "key": {"type": "string"},
        "id": {"type": "integer"},
        "quantity": {"type": "integer", "minimum": 1, "maximum": MAX_QUANTITY},
        "set": {"type": "string"},
        "number": {"type": "string"},
    },
    "required": ["quantity"],
}


@extend_schema_field(
    {"type": "object", "additionalProperties": {"type": "array", "items": _ENTRY_SCHEMA}}
)
class SectionsField(serializers.Field):
    """`{"main": [{"name"|"key"|"id", "quantity", "set"?, "number"?}, ...], ...}` as
    {section slug: [EntryRef, ...]}; which slugs the game has is checked against the game."""

    default_error_messages = {"not_object": "must be an object of section name to entry list"}

    def to_internal_value(self, data: Any) -> dict[str, list[EntryRef]]:
        if not isinstance(data, dict):
            self.fail("not_object")
        errors: dict[str, list[str]] = {}
        sections: dict[str, list[EntryRef]] = {}
        for slug, entries in data.items():
            if not isinstance(entries, list):
                errors[slug] = ["must be a list of entries"]
                continue
            sections[slug] = [
                ref
                for index, entry in enumerate(entries)
                if (ref := _entry_ref(slug, index, entry, errors)) is not None
            ]
        if errors:
            raise serializers.ValidationError(errors)
        return sections


def _entry_ref(slug: str, index: int, entry: Any, errors: dict[str, list[str]]) -> EntryRef | None:
    """The entry as an EntryRef, or None after adding its problems to `errors`."""
    path = f"{slug}[{index}]"
    if not isinstance(entry, dict):
        errors[path] = ["must be an object with name, key or id, and quantity"]
        return None
    problems: dict[str, str | None] = {
        field: f"is not an entry field; use {', '.join(sorted(_ENTRY_FIELDS))}"
        for field in entry.keys() - _ENTRY_FIELDS
    }
    problems["quantity"] = _strict_int(entry.get("quantity"), 1, MAX_QUANTITY)
    if "id" in entry:
        problems["id"] = _strict_int(entry["id"], 1, 2**63 - 1)
    for field in ("name", "key", "set", "number"):
        if field in entry:
            problems[field] = _text(entry[field])
    if not entry.keys() & {"name", "key", "id"}:
        problems["name"] = "is required: name the card by name, key or id"
    if ("set" in entry) != ("number" in entry):
        missing = "number" if "set" in entry else "set"
        problems[missing] = "is required with set and number: a printing needs both"
    for field, message in problems.items():
        if message:
            errors[f"{path}.{field}"] = [message]
    if any(problems.values()):
        return None
    return EntryRef(
        section=slug,
        quantity=entry["quantity"],
        name=entry["name"].strip() if "name" in entry else None,
        key=entry.get("key"),
        id=entry.get("id"),
        set=entry.get("set"),
        number=entry.get("number"),
    )


def lines_by_section(lines: Sequence[DeckLine], game: Game) -> dict[str, list[dict[str, Any]]]:
    """Stored lines in the sections shape, every section of the game present, in its order."""
    sections: dict[str, list[dict[str, Any]]] = {slug: [] for slug in game.spec.section_slugs}
    for line in lines:
        entry: dict[str, Any] = {
            "id": line.card.pk,
            "key": line.card.key,
            "name": line.card.name,
            "quantity": line.quantity,
        }
        if line.printing is not None:
            entry["set"] = line.printing.set.code
            entry["number"] = line.printing.number
        sections.setdefault(line.section, []).append(entry)
    return sections


class DeckInput(serializers.Serializer):
    """A deck's writable fields. The game comes from the body (create) or the deck (update)."""

    game = serializers.SlugRelatedField(slug_field="slug", queryset=Game.objects.all())
    name = serializers.CharField(max_length=200)
    description = serializers.CharField(allow_blank=True, max_length=10_000, default="")
    visibility = serializers.ChoiceField(Deck.Visibility.choices, default=Deck.Visibility.PRIVATE)
    format = serializers.SlugField(allow_null=True, default=None)
    sections = SectionsField(default=dict)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].required = "deck" not in self.context

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        deck: Deck | None = self.context.get("deck")
        game = attrs.get("game", deck.game if deck else None)
        if deck is not None and game != deck.game:
            raise serializers.ValidationError({"game": [f"is {deck.game.slug}; it cannot change"]})
        attrs["game"] = game
        if attrs.get("format") is not None:
            attrs["format"] = _format(game, attrs["format"])
        unknown = sorted(set(attrs.get("sections", {})) - set(game.spec.section_slugs))
        if unknown:
            known = ", ".join(game.spec.section_slugs)
            message = f"is not a {game.name} section; use {known}"
            raise serializers.ValidationError({"sections": {slug: [message] for slug in unknown}})
        return attrs


def _format(game: Game, slug: str) -> Format:
    formats = {row.slug: row for row in Format.objects.filter(game=game)}
    if slug not in formats:
        known = ", ".join(sorted(formats)) or "none yet"
        message = f"{game.name} has no format {slug!r}; use one of: {known}"
        raise serializers.ValidationError({"format": [message]})
    return formats[slug]


class DeckImportInput(serializers.Serializer):
    game = serializers.SlugRelatedField(slug_field="slug", queryset=Game.objects.all())
    name = serializers.CharField(max_length=200)
    text = serializers.CharField(max_length=200_000)
    description = serializers.CharField(allow_blank=True, max_length=10_000, default="")
    visibility = serializers.ChoiceField(Deck.Visibility.choices, default=Deck.Visibility.PRIVATE)
    format = serializers.SlugField(allow_null=True, default=None)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["format"] is not None:
            attrs["format"] = _format(attrs["game"], attrs["format"])
        return attrs


class DeckSummaryOutput(serializers.ModelSerializer):
    """A deck as listed: everything but its entries."""

    owner = serializers.CharField(source="owner.get_username")
    game = serializers.CharField(source="game.slug")
    format = serializers.CharField(source="format.slug", allow_null=True, default=None)
    url = serializers.HyperlinkedIdentityField(view_name="deck-detail")

    class Meta:
        model = Deck
        fields = [
            "id",
            "url",
            "owner",
            "game",
            "format",
            "name",
            "description",
            "visibility",
            "revision",
            "created",
            "updated",
        ]


class DeckOutput(DeckSummaryOutput):
    """A deck with its entries by section and its latest version."""

    sections = serializers.SerializerMethodField()
    version = serializers.SerializerMethodField()

    class Meta(DeckSummaryOutput.Meta):
        fields = [*DeckSummaryOutput.Meta.fields, "version", "sections"]

    def get_sections(self, deck: Deck) -> dict[str, list[dict[str, Any]]]:
        return lines_by_section(self.context["lines"], deck.game)

    def get_version(self, deck: Deck) -> dict[str, Any] | None:
        latest: DeckVersion | None = self.context["latest_version"]
        if latest is None:
            return None
        return {"number": latest.number, "content_hash": latest.content_hash}


class DeckVersionOutput(serializers.ModelSerializer):
    class Meta:
        model = DeckVersion
        fields = ["number", "created", "content_hash"]


class DeckVersionDetailOutput(serializers.ModelSerializer):
    class Meta:
        model = DeckVersion
        fields = ["number", "created", "content_hash", "snapshot"]
