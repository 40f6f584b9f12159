"""The shapes of /deck-doctor/: the request and the job as answered, for the schema.

Requests are read by api.doctor.requests; the result is written by the rules core
(rulebook.simulation.doctor) and these serializers only describe it.
"""

from __future__ import annotations

from rest_framework import serializers

from api.choices import RegistryChoiceField, engine_game_choices
from api.simulations.results import IntervalField
from api.simulations.serializers import (
    CardRefSerializer,
    DeckRefField,
    SimulationJobSerializer,
)
from jobs.services.admission import MAX_GAMES
from rulebook.simulation.seeds import MAX_SEED


class OpponentField(serializers.JSONField):
    """An opponent: a deck (a stored deck's id or an inline deck), or {"deck": …, "weight": w}."""


class SwapInputSerializer(serializers.Serializer):
    out = CardRefSerializer(help_text="A card the deck holds: a name, or {name|key|id}.")
    # "in" is a Python keyword: the field is declared under its JSON name below
    count = serializers.IntegerField(min_value=1, required=False, help_text="Copies; default 1.")


SwapInputSerializer._declared_fields["in"] = CardRefSerializer(help_text="The card that comes in.")


class PoolSerializer(serializers.Serializer):
    cards = serializers.ListField(
        child=CardRefSerializer(), required=False, help_text="Cards to try."
    )
    decks = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="Stored decks whose cards to try (yours, or public ones).",
    )
    format = serializers.CharField(
        required=False,
        max_length=60,
        help_text="A format's slug: try every card of the game it does not ban (at most 256 "
        "swaps in all).",
    )


class DoctorInputSerializer(serializers.Serializer):
    """The deck, its field and the swaps to rank (or a pool to draw one-copy swaps from)."""

    game = RegistryChoiceField(choices=engine_game_choices, help_text="A game with an engine.")
    deck = DeckRefField(help_text="A stored deck's id or an inline deck.")
    opponents = serializers.ListField(
        child=OpponentField(),
        help_text="The field: decks, each optionally {deck, weight}; a game played at a table "
        "seats the deck with all of them.",
    )
    swaps = SwapInputSerializer(many=True, required=False)
    pool = PoolSerializer(required=False, help_text="Instead of swaps: cards to swap in.")
    budget = serializers.IntegerField(min_value=1, max_value=MAX_GAMES, help_text="Games.")
    format = serializers.CharField(
        required=False,
        max_length=60,
        help_text="The format the deck, its opponents and every swap must be legal in: the "
        "pool's format when it names one, else the game's default.",
    )
    seed = serializers.IntegerField(required=False, min_value=0, max_value=MAX_SEED)


class SelectionFiguresSerializer(serializers.Serializer):
    delta = serializers.FloatField(
        help_text="The change over the selection rounds: for a finalist, read on the games that "
        "picked it, so too high on average (the winner's curse)."
    )
    ci95 = IntervalField(help_text="Each look's interval, not held for the whole answer.")
    games = serializers.IntegerField()


class SwapSummarySerializer(serializers.Serializer):
    out = serializers.CharField(help_text="The key of the card that leaves.")
    count = serializers.IntegerField()
    out_name = serializers.CharField()
    in_name = serializers.CharField()


SwapSummarySerializer._declared_fields["in"] = serializers.CharField(
    help_text="The key of the card that comes in."
)


class SwapResultSerializer(SwapSummarySerializer):
    delta = serializers.FloatField(
        help_text="The change in the deck's win (first-place) rate: for a finalist, measured "
        "on its confirmation round's fresh games."
    )
    ci95 = IntervalField(
        help_text="At least 95%, made at the level of the swap's step of Holm's method."
    )
    games = serializers.IntegerField(help_text="Its games, each paired with the deck's own.")
    distinguishable = serializers.BooleanField(
        help_text="The interval leaves out 0: better or worse, with the error held over the "
        "whole answer (error_control), not per swap."
    )
    rounds = serializers.IntegerField(help_text="Rounds of successive halving it played.")
    mean_placement = serializers.DictField(
        child=serializers.FloatField(allow_null=True),
        help_text="Mean placement with the swap (`with`) and without it (`without`).",
    )
    confirmed = serializers.BooleanField(
        help_text="A finalist: its figures are from fresh games the selection never saw."
    )
    selection = SelectionFiguresSerializer(
        allow_null=True, help_text="Its figures over the selection rounds (none for a lone swap)."
    )
    alike = SwapSummarySerializer(
        many=True,
        help_text="Swaps that ended every game it played alike with it: one entry for them all.",
    )


class RoundSerializer(serializers.Serializer):
    candidates = serializers.IntegerField()
    seeds = serializers.IntegerField()


class ConfidenceSerializer(serializers.Serializer):
    level = serializers.FloatField()
    looks = serializers.IntegerField(help_text="Rounds, the confirmation round included.")
    z = serializers.FloatField(
        help_text="The quantile of a selection-round look, before the whole answer's correction."
    )


class ErrorControlSerializer(serializers.Serializer):
    method = serializers.ChoiceField(choices=["holm"])
    level = serializers.FloatField(
        help_text="The chance that no swap that changes nothing is called better or worse."
    )
    finalists = serializers.FloatField(help_text="The error spent on the finalists' calls.")
    others = serializers.FloatField(help_text="The error spent on the other swaps' calls.")
    statement = serializers.CharField(help_text="What the answer promises, in words.")


class DoctorResultSerializer(serializers.Serializer):
    measure = serializers.ChoiceField(choices=["win_rate", "first_place_rate"])
    swaps = SwapResultSerializer(many=True, help_text="Best first: the finalists first.")
    games = serializers.IntegerField()
    rounds = RoundSerializer(many=True)
    confidence = ConfidenceSerializer()
    error_control = ErrorControlSerializer()
    no_signal = serializers.BooleanField(
        help_text="No swap changed the result of a single game: the games cannot tell them apart."
    )
    advice = serializers.CharField(allow_null=True, help_text="With no_signal: what to try.")
    simplifications = serializers.ListField(child=serializers.CharField())
    policy = serializers.CharField(help_text="How the engine's players play: what is measured.")


class DoctorJobSerializer(SimulationJobSerializer):
    """A deck doctor job: status, progress and, once done, the swaps ranked."""

    result = DoctorResultSerializer(allow_null=True, read_only=True)
