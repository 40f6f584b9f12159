"""The shapes of POST /validate/ for the OpenAPI schema.

The view reads requests with api.validation.requests (stricter than DRF fields: a quantity must
be a JSON integer) and answers with the core report's as_dict(); these serializers only describe
those shapes to clients.
"""

from rest_framework import serializers

from rules.registry import GAMES


class EntrySerializer(serializers.Serializer):
    refuses_unknown_fields = True  # api.entries refuses a field it does not know

    name = serializers.CharField(required=False, help_text="The card's name (any case).")
    key = serializers.CharField(required=False, help_text="Or the card's key.")
    id = serializers.IntegerField(required=False, help_text="Or the card's id.")
    quantity = serializers.IntegerField(min_value=1, max_value=999)
    set = serializers.CharField(required=False, help_text="Pins a printing, with number.")
    number = serializers.CharField(required=False)


class ValidateInputSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=sorted(GAMES), help_text="The game's slug.")
    format = serializers.CharField(required=False, help_text="Default: the game's standard.")
    as_of = serializers.DateField(required=False, help_text="Lists in force on YYYY-MM-DD.")
    sections = serializers.DictField(
        child=EntrySerializer(many=True),
        required=False,
        help_text="Entries by section slug; give sections or text.",
    )
    text = serializers.CharField(required=False, help_text="A plain-text decklist.")
    fix = serializers.BooleanField(required=False, help_text="millennium-blades only.")
    seed = serializers.IntegerField(required=False, help_text="The fix's seed.")


class IssueSerializer(serializers.Serializer):
    code = serializers.CharField()
    rule = serializers.CharField()
    section = serializers.CharField(allow_null=True)
    cards = serializers.ListField(child=serializers.CharField())
    message = serializers.CharField()
    suggestions = serializers.ListField(child=serializers.CharField(), required=False)


class ReportSerializer(serializers.Serializer):
    legal = serializers.BooleanField()
    game = serializers.CharField()
    format = serializers.CharField()
    errors = IssueSerializer(many=True)
    warnings = IssueSerializer(many=True)
    counts = serializers.DictField(child=serializers.IntegerField())
    fix = serializers.DictField(
        required=False,
        help_text="With fix=true: seed, removed (section, name, key, reason), deck, and legal with "
        "errors: whether the fixed deck is legal in the format.",
    )


class ErrorSerializer(serializers.Serializer):
    status = serializers.IntegerField()
    code = serializers.CharField()
    detail = serializers.CharField()
    fields = serializers.DictField(child=serializers.ListField(), required=False)
    lines = serializers.ListField(child=serializers.DictField(), required=False)


class HealthSerializer(serializers.Serializer):
    status = serializers.CharField()


class BatchDeckSerializer(ValidateInputSerializer):
    id = serializers.CharField(required=False, help_text="Yours; echoed in the deck's result.")
    fix = None  # not offered in a batch
    seed = None
    as_of = None


class BatchInputSerializer(serializers.Serializer):
    decks = BatchDeckSerializer(many=True, help_text="At most 2,000 decks.")
    as_of = serializers.DateField(required=False, help_text="Lists in force on YYYY-MM-DD.")


class BatchResultSerializer(serializers.Serializer):
    id = serializers.CharField(allow_null=True)
    legal = serializers.BooleanField()
    errors = IssueSerializer(many=True)
    warnings = IssueSerializer(many=True)
    counts = serializers.DictField(child=serializers.IntegerField())


class BatchSummarySerializer(serializers.Serializer):
    decks = serializers.IntegerField()
    legal = serializers.IntegerField()
    illegal = serializers.IntegerField()
    by_code = serializers.DictField(
        child=serializers.IntegerField(), help_text="Decks with each error code."
    )


class BatchOutputSerializer(serializers.Serializer):
    results = BatchResultSerializer(many=True)
    summary = BatchSummarySerializer()
