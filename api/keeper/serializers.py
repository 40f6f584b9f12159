"""The card builder's request and answer shapes (the answer's for the OpenAPI schema)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from api.catalogue.serializers import CardSerializer
from api.choices import RegistryChoiceField, issue_code_choices
from api.validation.serializers import IssueSerializer
from rulebook.keeper.cards import CREATURE, GAME, SPELL

MAX_TEXT_LENGTH = 4000


class KeeperCardInput(serializers.Serializer):
    """A card to cost: offense and defense for a Creature only (guide, "Introduction")."""

    name = serializers.CharField(max_length=200, required=False)
    type = serializers.ChoiceField(choices=GAME.card_types)
    text = serializers.CharField(max_length=MAX_TEXT_LENGTH)
    offense = serializers.IntegerField(min_value=0, max_value=99, required=False)
    defense = serializers.IntegerField(min_value=0, max_value=99, required=False)
    cost = serializers.IntegerField(
        min_value=0, required=False, help_text="the printed resource cost (the guide sets no cap)"
    )
    edition = serializers.IntegerField(
        min_value=1, max_value=99, required=False, help_text="the Edition Indicator, if any"
    )

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        problems: dict[str, list[str]] = {}
        for name in sorted(set(self.initial_data) - set(self.fields)):
            problems[name] = [f"is not a field; expected one of {', '.join(self.fields)}"]
        for stat in ("offense", "defense"):
            if data["type"] == CREATURE and stat not in data:
                problems[stat] = [f"is required for a {CREATURE}"]
            if data["type"] == SPELL and stat in data:
                problems[stat] = [f"a {SPELL} has no {stat}"]
        if problems:
            raise serializers.ValidationError(problems)
        return data


class CostStepOutput(serializers.Serializer):
    component = serializers.CharField()
    ability = serializers.IntegerField(allow_null=True)
    text = serializers.CharField(allow_null=True)
    formula = serializers.CharField(allow_null=True)
    variables = serializers.DictField(child=serializers.FloatField())
    base_cost = serializers.FloatField(allow_null=True)
    amount = serializers.FloatField()
    running_total = serializers.FloatField()
    note = serializers.CharField()


class NearestOutput(serializers.Serializer):
    text = serializers.CharField(help_text="the component's official text, with [x], [y], [z]")
    kind = serializers.CharField(help_text="caveat, activation condition, ..., effect")
    redacted_in = serializers.IntegerField(
        allow_null=True, help_text="the edition that redacted it (a card with it is banned)"
    )


class UnparsedOutput(serializers.Serializer):
    text = serializers.CharField()
    reason = serializers.CharField()
    code = RegistryChoiceField(
        choices=issue_code_choices,
        allow_null=True,
        help_text="the Card Building Guide must the text breaks; null for text that is no "
        "component of the guide (a card.unparsed error: a card is built only from them)",
    )
    nearest = NearestOutput(
        many=True,
        help_text="for text that is no component: the components nearest in wording, best "
        "first (a redacted one first when it is as near, so a re-worded redacted text shows)",
    )


class KeeperCostOutput(serializers.Serializer):
    name = serializers.CharField(allow_null=True)
    type = serializers.CharField()
    cost = serializers.IntegerField()
    steps = CostStepOutput(many=True)
    unparsed = UnparsedOutput(many=True)
    printed_cost = serializers.IntegerField(required=False)
    matches_printed = serializers.BooleanField(
        required=False, allow_null=True, help_text="null while part of the text is unread"
    )
    legal = serializers.BooleanField()
    errors = IssueSerializer(many=True)
    warnings = IssueSerializer(many=True)


class KeeperCardEditInput(KeeperCardInput):
    """A saved card's new name, type, text and stats (the cost is the formula's, not given)."""

    name = serializers.CharField(max_length=200)

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if "cost" in self.initial_data:
            raise serializers.ValidationError(
                {"cost": ["a saved card's cost is the formula's; it is not given"]}
            )
        return super().validate(data)


class DeckVerdictOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    legal = serializers.BooleanField()


class KeeperCardEditOutput(serializers.Serializer):
    # The card's own shape, so a generated client reads its fields (not an untyped mapping).
    card = CardSerializer(help_text="the card as GET /api/v1/cards/{id}/ shows it")
    decks = DeckVerdictOutput(many=True, help_text="your decks holding it, checked again")
