"""The shapes of /simulations/: the job as answered, and the request and errors for the schema.

Requests are read by api.simulations.requests (strict JSON integers, decks read as /validate/
reads them); these serializers write the job and describe the shapes to clients.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.choices import RegistryChoiceField, engine_game_choices
from api.simulations.results import SimulationResultField
from api.validation.serializers import (
    EntrySerializer,
    ErrorSerializer,
    InlineCardSerializer,
    ReportSerializer,
)
from jobs.models import SimulationJob
from jobs.services.admission import MAX_CHUNK_SIZE, MAX_GAMES
from rulebook.simulation import ENGINES
from rulebook.simulation.seeds import MAX_SEED


class InlineDeckSerializer(serializers.Serializer):
    """An inline deck: as /validate/ takes one, without game and format, and optionally the
    user-made cards its entries name."""

    exactly_one_of = ("sections", "text")  # as /validate/'s (api.schema says so)

    sections = serializers.DictField(
        child=EntrySerializer(many=True),
        required=False,
        help_text="Entries by section slug, as in /validate/; give sections or text.",
    )
    text = serializers.CharField(required=False, help_text="A plain-text decklist.")
    cards = InlineCardSerializer(
        many=True,
        required=False,
        help_text="Cards not in the database (e.g. a Keeper card just designed), in the import "
        "format; entries name them by name or key, before any stored card of that name.",
    )


class DeckRefField(serializers.JSONField):
    """A deck of a job: a stored deck's id, or an inline deck. The schema gives it as one of an
    integer or an InlineDeck (api.schema), so an inline deck's fields are typed and checked."""

    one_of_id_or = InlineDeckSerializer


class SimulationInputSerializer(serializers.Serializer):
    game = RegistryChoiceField(choices=engine_game_choices, help_text="A game with an engine.")
    decks = serializers.ListField(
        min_length=2,
        max_length=5,
        child=DeckRefField(),
        help_text="Deck A and deck B, each a stored deck's id or an inline deck as in "
        "/validate/; two to five for a game played at a table (millennium-blades).",
    )
    games = serializers.IntegerField(min_value=1, max_value=MAX_GAMES)
    seed = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_SEED,
        help_text="Generated (and returned) when not given.",
    )
    chunk_size = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_CHUNK_SIZE,
        help_text="Games per worker task; default 250.",
    )
    store = serializers.ChoiceField(
        choices=list(ENGINES["millennium-blades"].options["store"]),
        required=False,
        help_text="Millennium Blades only: the declared Store clashes reveal from (default "
        "`sample`); another game's job refuses it.",
    )


class CardRefSerializer(serializers.Serializer):
    name = serializers.CharField(required=False)
    key = serializers.CharField(required=False)
    id = serializers.IntegerField(required=False)


class CardTestInputSerializer(serializers.Serializer):
    """A paired comparison: `deck` (holding the card) and `deck` with `replacement` in the
    card's place, each against `reference`, on the same seeds."""

    game = RegistryChoiceField(choices=engine_game_choices, help_text="A game with an engine.")
    deck = DeckRefField(
        help_text="The deck with the card: a stored deck's id or an inline deck, which may carry "
        "the card itself in `cards`."
    )
    card = CardRefSerializer(help_text="The tested card, as the deck's entries name it.")
    replacement = CardRefSerializer(
        help_text="The card that takes its place (every copy) in the deck without it."
    )
    reference = DeckRefField(help_text="The opponent: a stored deck's id or an inline deck.")
    games = serializers.IntegerField(min_value=1, max_value=MAX_GAMES, help_text="Pairs of games.")
    seed = serializers.IntegerField(required=False, min_value=0, max_value=MAX_SEED)
    chunk_size = serializers.IntegerField(required=False, min_value=1, max_value=MAX_CHUNK_SIZE)


class SimulationAcceptedSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    status = serializers.ChoiceField(choices=SimulationJob.Status.choices)
    url = serializers.URLField(help_text="Poll this for progress and the result.")
    games = serializers.IntegerField()
    seed = serializers.IntegerField()
    cancel_key = serializers.CharField(
        required=False,
        help_text="An anonymous job only: the secret that cancels it (POST .../cancel/ with "
        '{"cancel_key": …}), given this once. Its link alone reads it but cannot cancel it.',
    )


class CancelInputSerializer(serializers.Serializer):
    cancel_key = serializers.CharField(
        required=False, help_text="An anonymous job's cancel key, as its submission answered."
    )


class JobProgressSerializer(serializers.Serializer):
    done = serializers.IntegerField(help_text="Games played so far.")
    total = serializers.IntegerField(help_text="Games the job plays.")


class SimulationJobSerializer(serializers.ModelSerializer):
    """A job: status, progress and, once done, the result (see the README for its fields).
    `status` and `progress` are typed and always present (issue 26, item 10)."""

    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    status = serializers.ChoiceField(choices=SimulationJob.Status.choices, read_only=True)
    progress = serializers.SerializerMethodField()
    result = SimulationResultField(
        allow_null=True,
        help_text="Null until the job is done: a match's result (each list holds deck A's figure, "
        "then deck B's), a table's (one entry per deck, with placements), or a card test's "
        "(games, difference, with_card, without_card).",
    )

    class Meta:
        model = SimulationJob
        fields = [
            "id",
            "status",
            "game",
            "games",
            "seed",
            "chunk_size",
            "options",
            "progress",
            "result",
            "error",
            "created",
            "started",
            "finished",
        ]

    @extend_schema_field(JobProgressSerializer)
    def get_progress(self, job: SimulationJob) -> dict[str, int]:
        return {"done": job.done, "total": job.games}


class DeckIllegalSerializer(ErrorSerializer):
    reports = ReportSerializer(
        many=True,
        required=False,
        help_text="With code deck_illegal: every deck's validation report, in order (deck A "
        "and deck B; for a card test: the deck with the card, without it, the reference).",
    )
