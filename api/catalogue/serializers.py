"""Catalogue representations: games, sets, cards with their printings, and the lookup inputs.

Every card and set shows `is_sample`: sample data Deckwarden invented is marked as such.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.choices import RegistryChoiceField, game_choices
from cards.models import Card, CardSet, Game
from cards.selectors import COLLECTION_LIMIT
from rules.models.formats import Format


class SectionSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    headers = serializers.ListField(child=serializers.CharField())


class AttributeSerializer(serializers.Serializer):
    """One attribute of a game's card schema."""

    name = serializers.CharField()
    kind = serializers.CharField()
    minimum = serializers.IntegerField(allow_null=True)
    maximum = serializers.IntegerField(allow_null=True)
    numeric = serializers.BooleanField(help_text="Comparable in the search language")
    choices = serializers.ListField(child=serializers.CharField())
    keys = serializers.ListField(child=serializers.CharField())
    help = serializers.CharField()


class FormatSerializer(serializers.ModelSerializer):
    class Meta:
        model = Format
        fields = ["slug", "name", "ruleset", "rules_version", "starts", "ends", "is_default"]


class GameSerializer(serializers.ModelSerializer):
    card_types = serializers.ListField(source="spec.card_types", child=serializers.CharField())
    sections = SectionSerializer(source="spec.sections", many=True)
    attributes = serializers.SerializerMethodField()
    stat_aliases = serializers.DictField(source="spec.stat_aliases", child=serializers.CharField())
    formats = FormatSerializer(many=True)

    class Meta:
        model = Game
        fields = ["slug", "name", "card_types", "sections", "attributes", "stat_aliases", "formats"]

    @extend_schema_field(AttributeSerializer(many=True))
    def get_attributes(self, game: Game) -> list[dict[str, Any]]:
        return [
            {
                "name": name,
                "kind": field.kind,
                "minimum": field.minimum,
                "maximum": field.maximum,
                "numeric": field.numeric,
                "choices": list(field.choices),
                "keys": list(field.keys),
                "help": field.help,
            }
            for name, field in game.spec.attributes.items()
        ]


class CardSetSerializer(serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = CardSet
        fields = ["id", "game", "code", "name", "released", "is_sample"]


class PrintingSerializer(serializers.Serializer):
    """A printing as cards.selectors.cards_for_display reads it (a plain row)."""

    set = serializers.CharField(source="set_code")
    set_name = serializers.CharField()
    set_is_sample = serializers.BooleanField()
    number = serializers.CharField()
    rarity = serializers.CharField()
    image_url = serializers.CharField(help_text="The image's URL; empty when none is known.")


class CardImageSerializer(serializers.Serializer):
    """A card's picture in its two sizes (WebP, under content-hashed names: cache them)."""

    thumb = serializers.URLField(help_text="At most 240x336 pixels, for lists and previews.")
    full = serializers.URLField(help_text="At most 750x1050 pixels, for the card's page.")


class CardSerializer(serializers.ModelSerializer):
    """A card from cards.selectors.card_queryset(), given its printings by
    cards_for_display()."""

    game = serializers.CharField(source="game_slug", read_only=True)
    printings = PrintingSerializer(source="printing_list", many=True, read_only=True)
    user_made = serializers.BooleanField(
        source="is_user_made",
        read_only=True,
        help_text="Made by a user in the card builder (yours, or shared by its author).",
    )
    image = serializers.SerializerMethodField(help_text="The card's picture; null when none.")

    class Meta:
        model = Card
        fields = [
            "id",
            "game",
            "key",
            "name",
            "type",
            "text",
            "attributes",
            "is_sample",
            "user_made",
            "shared",
            "printings",
            "image",
        ]

    def to_representation(self, card: Card) -> dict[str, Any]:
        """The fields above, read straight off the card: DRF's reading of them one field object
        at a time was a sixth of a search page's CPU (bench/search.py, issue 44).
        tests/catalogue/test_card_representation.py holds it to DRF's own reading."""
        return {
            "id": card.pk,
            "game": card.game_slug,
            "key": card.key,
            "name": card.name,
            "type": card.type,
            "text": card.text,
            "attributes": card.attributes,
            "is_sample": card.is_sample,
            "user_made": card.is_user_made,
            "shared": card.shared,
            "printings": [
                {
                    "set": printing["set_code"],
                    "set_name": printing["set_name"],
                    "set_is_sample": printing["set_is_sample"],
                    "number": printing["number"],
                    "rarity": printing["rarity"],
                    "image_url": printing["image_url"],
                }
                for printing in card.printing_list
            ],
            "image": self.get_image(card),
        }

    @extend_schema_field(CardImageSerializer(allow_null=True))
    def get_image(self, card: Card) -> dict[str, str] | None:
        request = self.context.get("request")
        if card.image_urls is None or request is None:
            return card.image_urls
        return {size: request.build_absolute_uri(url) for size, url in card.image_urls.items()}


class CardNamedInput(serializers.Serializer):
    game = RegistryChoiceField(choices=game_choices)
    exact = serializers.CharField(required=False, help_text="The name, case-insensitive")
    fuzzy = serializers.CharField(required=False, help_text="A name, possibly misspelt")

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if ("exact" in data) == ("fuzzy" in data):
            raise serializers.ValidationError({"exact": ["give exactly one of exact or fuzzy"]})
        return data


class CardAutocompleteInput(serializers.Serializer):
    game = RegistryChoiceField(choices=game_choices, required=False)
    q = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=False)


class NameListSerializer(serializers.Serializer):
    data = serializers.ListField(child=serializers.CharField())


class CardIdentifierSerializer(serializers.Serializer):
    """One card, by exactly one of: id; key + game; name + game; set + number + game."""

    id = serializers.IntegerField(required=False, min_value=1)
    key = serializers.CharField(required=False, max_length=200)
    name = serializers.CharField(required=False, max_length=200)
    set = serializers.CharField(required=False, max_length=20)
    number = serializers.CharField(required=False, max_length=20)
    game = RegistryChoiceField(choices=game_choices, required=False)

    SHAPES = ({"id"}, {"key", "game"}, {"name", "game"}, {"set", "number", "game"})

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if set(data) not in self.SHAPES:
            raise serializers.ValidationError(
                "give one of: id; key and game; name and game; set, number and game"
            )
        return data


class CardCollectionInput(serializers.Serializer):
    identifiers = serializers.ListField(
        child=CardIdentifierSerializer(), max_length=COLLECTION_LIMIT
    )


class CardCollectionOutput(serializers.Serializer):
    data = CardSerializer(many=True)
    not_found = CardIdentifierSerializer(many=True)
