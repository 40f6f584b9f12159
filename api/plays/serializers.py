"""The shapes of /plays/ for the schema: the request, an answer, and a game as answered
(api.plays.views writes it)."""

from __future__ import annotations

from rest_framework import serializers

from api.choices import RegistryChoiceField, engine_game_choices
from api.simulations.serializers import DeckRefField
from jobs.models import Play
from rulebook.simulation import ENGINES
from rulebook.simulation.seeds import MAX_SEED


class PlayInputSerializer(serializers.Serializer):
    game = RegistryChoiceField(choices=engine_game_choices, help_text="A game with an engine.")
    deck = DeckRefField(help_text="Your deck: a stored deck's id or an inline deck.")
    opponent = DeckRefField(
        help_text="The bot's deck: a stored deck's id or an inline deck; for a table "
        "(millennium-blades), a list of one to four decks, a bot in each seat."
    )
    bot = serializers.ChoiceField(
        choices=sorted({name for engine in ENGINES.values() for name in engine.bots}),
        required=False,
        help_text="The bots' player: `default`, the engine's own (as test games play), or "
        "`random`, any legal option at random. Default `default`.",
    )
    seed = serializers.IntegerField(
        required=False, min_value=0, max_value=MAX_SEED, help_text="Drawn when not given."
    )
    store = serializers.ChoiceField(
        choices=list(ENGINES["millennium-blades"].options["store"]),
        required=False,
        help_text="Millennium Blades only: the declared Store clashes reveal from.",
    )


class AnswerInputSerializer(serializers.Serializer):
    number = serializers.IntegerField(
        min_value=0, help_text="The pending decision's `number` (an older one is a 409)."
    )
    option = serializers.IntegerField(help_text="The `id` of one of its options.")


class OptionSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="What an answer sends as `option`.")
    text = serializers.CharField()


class PendingSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seat = serializers.IntegerField(help_text="Your seat (0).")
    prompt = serializers.CharField(help_text="The decision as the rulebook asks it.")
    options = OptionSerializer(many=True)


class FinishedSerializer(serializers.Serializer):
    placements = serializers.ListField(
        child=serializers.IntegerField(), help_text="Each seat's placement, 1 first."
    )


class HistoryEntrySerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seat = serializers.IntegerField()
    option = serializers.IntegerField(
        allow_null=True, help_text="Your pick's id; null for a bot's answer."
    )
    text = serializers.CharField(help_text="The answer in words; a bot's secret is `(hidden)`.")
    question = serializers.CharField()


class LogLineSerializer(serializers.Serializer):
    turn = serializers.IntegerField(help_text="Turns begun so far (0 while setting up).")
    seat = serializers.IntegerField(
        allow_null=True, help_text="The seat it happened to or that did it; null for none."
    )
    text = serializers.CharField(
        help_text="What happened, in words, as far as your seat may know it: another seat's "
        'draw is "drew a card", a card set face down is not named.'
    )
    before = serializers.IntegerField(
        help_text="The `number` of the history entry it happened before (the history's length "
        "if after them all)."
    )


class PlaySerializer(serializers.Serializer):
    id = serializers.UUIDField()
    url = serializers.URLField()
    game = serializers.CharField()
    bot = serializers.CharField()
    seed = serializers.IntegerField()
    seat = serializers.IntegerField(help_text="Your seat.")
    status = serializers.ChoiceField(choices=Play.Status.choices)
    pending = PendingSerializer(allow_null=True, help_text="Null once the game is over.")
    finished = FinishedSerializer(allow_null=True, help_text="Null while the game goes on.")
    history = HistoryEntrySerializer(many=True, help_text="Every answer so far, in order.")
    log = LogLineSerializer(
        many=True,
        help_text="The game's events so far in words (dice and their results, damage, cards "
        "played, turns), in order, each placed among the answers by `before`.",
    )
    view = serializers.JSONField(
        help_text="What your seat may see: each seat's public zones, your hidden zones whole "
        "(your hand), the others' as `{\"hidden\": count}`, and the table's public facts."
    )
    share_url = serializers.URLField(
        allow_null=True, help_text="Once the game is over: a page anyone may read it at."
    )
    created = serializers.DateTimeField()
    updated = serializers.DateTimeField()


class PlaySummarySerializer(serializers.ModelSerializer):
    """A game in the list of yours: enough to find it and take it up again."""

    url = serializers.HyperlinkedIdentityField(
        view_name="play-detail", lookup_field="pk", lookup_url_kwarg="play_id"
    )
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    placements = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="Each seat's placement, 1 first, once the game is over.",
    )
    answers = serializers.SerializerMethodField(help_text="How many picks you have made.")

    class Meta:
        model = Play
        fields = ["id", "url", "game", "bot", "seed", "status", "placements", "answers",
                  "created", "updated"]  # fmt: skip
        read_only_fields = fields

    def get_answers(self, play: Play) -> int:
        return len(play.picks)
