"""The shape of a finished test-game job's `result`, for the OpenAPI schema.

The result is written by the rules core (rulebook.simulation.stats for a match between two decks,
rulebook.simulation.table for a table, rulebook.simulation.paired for a card test) and stored as
JSON; these serializers only describe it, so a generated client types every figure. The typed
session (tests/api) plays a job of each kind to the end and fails on any field the result carries
and these do not declare.
"""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

# [low, high], or null when there is nothing to estimate from (no games).
_INTERVAL = {
    "type": "array",
    "items": {"type": "number"},
    "minItems": 2,
    "maxItems": 2,
    "nullable": True,
    "description": "Wilson 95% interval [low, high]; null with no games.",
}


@extend_schema_field(_INTERVAL)
class IntervalField(serializers.JSONField):
    pass


class RecordSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    win_rate = serializers.FloatField(allow_null=True)
    ci95 = IntervalField()


class TurnOrderSerializer(serializers.Serializer):
    first = RecordSerializer(help_text="The deck's record when it took the first turn.")
    second = RecordSerializer(help_text="And when its opponent did.")


class DistributionSerializer(serializers.Serializer):
    histogram = serializers.DictField(
        child=serializers.IntegerField(), help_text="Games by value (the value as a string)."
    )
    mean = serializers.FloatField(allow_null=True)


class CardResultSerializer(RecordSerializer):
    """A card of a deck: times played, and the deck's record in the games it was played."""

    played = serializers.IntegerField()
    damage = serializers.IntegerField()
    when_drawn = RecordSerializer(
        required=False, help_text="The deck's record in the games the card was drawn."
    )
    unplayable = serializers.ListField(
        child=serializers.CharField(), help_text="The card's parts the engine cannot play."
    )


@extend_schema_field(
    {
        "type": "object",
        "properties": {
            "turn": {"type": "integer", "description": "Turns begun so far (0 in setup)."},
            "event": {"type": "string", "description": "What happened: docs/game-logs.md."},
            "player": {"type": "integer", "nullable": True, "description": "0 deck A, 1 B."},
        },
        "required": ["turn", "event", "player"],
        "additionalProperties": True,
        "description": "One event; its own fields are listed in docs/game-logs.md.",
    }
)
class LogEventField(serializers.JSONField):
    pass


class SampleGameSerializer(serializers.Serializer):
    game = serializers.IntegerField(help_text="The game's number in the job (0).")
    seed = serializers.IntegerField(help_text="Its seed: the game plays again from it.")
    log = serializers.ListField(child=LogEventField())


class MatchResultSerializer(serializers.Serializer):
    """Deck A against deck B: each list holds deck A's figure, then deck B's."""

    games = serializers.IntegerField()
    wins = serializers.ListField(child=serializers.IntegerField())
    draws = serializers.IntegerField()
    win_rate = serializers.ListField(child=serializers.FloatField(allow_null=True))
    ci95 = serializers.ListField(child=IntervalField())
    turn_order = TurnOrderSerializer(many=True)
    rounds = DistributionSerializer()
    turns = DistributionSerializer()
    battles = serializers.IntegerField()
    average_damage_per_battle = serializers.FloatField(allow_null=True)
    cards = serializers.ListField(
        child=serializers.DictField(child=CardResultSerializer()),
        help_text="Per deck: each card by name.",
    )
    opening_hand = serializers.ListField(
        child=serializers.DictField(child=serializers.FloatField(allow_null=True)),
        help_text="Per deck: how often the opening hand had each fact (`<fact>_rate`).",
    )
    unsupported = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Cards with parts the engine cannot play, and those parts.",
    )
    simplifications = serializers.ListField(
        child=serializers.CharField(),
        help_text="The rules the engine plays simpler than they read.",
    )
    draws_at_turn_cap = serializers.IntegerField()
    sample_game = SampleGameSerializer(
        allow_null=True, help_text="The full log of the job's game 0 (docs/game-logs.md)."
    )


class RemovedSerializer(serializers.Serializer):
    games = serializers.IntegerField(help_text="Games in which the random fix removed cards.")
    cards = serializers.DictField(
        child=serializers.IntegerField(), help_text="Copies removed, over all games, by card."
    )


class TableResultSerializer(MatchResultSerializer):
    """Two to five decks at one table (Millennium Blades): each list holds the decks' figures
    in the order given; `wins` counts first places alone (a shared first place is a draw)."""

    placements = serializers.ListField(
        child=serializers.DictField(child=serializers.IntegerField()),
        help_text='Per deck: games it finished in each place ({"1": …, "2": …}); tied '
        "decks share a place.",
    )
    removed = RemovedSerializer(
        many=True,
        help_text="Per deck: what the rulebook's random fix removed from an illegal deck.",
    )


class PairsSerializer(serializers.Serializer):
    """Paired games by who won: deck A with the card and without it, on the same seed."""

    both = serializers.IntegerField()
    with_only = serializers.IntegerField()
    without_only = serializers.IntegerField()
    neither = serializers.IntegerField()


class DifferenceSerializer(serializers.Serializer):
    win_rate = serializers.FloatField(
        allow_null=True, help_text="Deck A's win rate with the card minus without it."
    )
    ci95 = IntervalField()
    pairs = PairsSerializer()


class CardTestResultSerializer(serializers.Serializer):
    games = serializers.IntegerField(help_text="Pairs of games played.")
    difference = DifferenceSerializer()
    with_card = MatchResultSerializer()
    without_card = MatchResultSerializer()


@extend_schema_field(
    PolymorphicProxySerializer(
        component_name="SimulationResult",
        serializers=[MatchResultSerializer, TableResultSerializer, CardTestResultSerializer],
        resource_type_field_name=None,
    )
)
class SimulationResultField(serializers.JSONField):
    """A match's, a table's or a card test's result; null until the job is done."""
