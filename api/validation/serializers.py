"""The shapes of POST /validate/ for the OpenAPI schema.

The view reads requests with api.validation.requests (stricter than DRF fields: a quantity must
be a JSON integer) and answers with the core report's as_dict(); these serializers only describe
those shapes to clients.
"""

from rest_framework import serializers

from api.choices import RegistryChoiceField, game_choices, issue_code_choices
from api.codes import ERROR_CODES
from rulebook.millennium_blades.fix import BANNED, COPY, RANDOM, SECTION

# The error codes as choices, each labelled with its meaning: the schema's ErrorCodeEnum,
# described code by code (the issue codes follow the registry: api.choices).
ERROR_CODE_CHOICES = sorted(ERROR_CODES.items())


class EntrySerializer(serializers.Serializer):
    name = serializers.CharField(required=False, help_text="The card's name (any case).")
    key = serializers.CharField(required=False, help_text="Or the card's key.")
    id = serializers.IntegerField(required=False, help_text="Or the card's id.")
    quantity = serializers.IntegerField(min_value=1, max_value=999)
    set = serializers.CharField(required=False, help_text="Pins a printing, with number.")
    number = serializers.CharField(required=False)


class InlineCardSerializer(serializers.Serializer):
    """A user-made card in the import format (DESIGN, "Card data format")."""

    name = serializers.CharField()
    type = serializers.CharField(help_text="Keeper: Creature or Spell.")
    text = serializers.CharField(required=False, help_text="Ability text (Keeper: parsed).")
    key = serializers.CharField(required=False, help_text="Default: the slug of the name.")
    attributes = serializers.DictField(
        required=False, help_text='Keeper: {"cost": 3, "offense": 2, "defense": 5}.'
    )


class ValidateInputSerializer(serializers.Serializer):
    exactly_one_of = ("sections", "text")  # api.schema writes it as a oneOf

    game = RegistryChoiceField(choices=game_choices, help_text="The game's slug.")
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
    cards = InlineCardSerializer(
        many=True,
        required=False,
        help_text="User-made cards not in the database, in the import format; entries name "
        "them by name or key, before any stored card of that name (as /simulations/ reads them).",
    )


class IssueSerializer(serializers.Serializer):
    """One problem of a report. The fields after `message` come with the codes that carry them."""

    code = RegistryChoiceField(
        choices=issue_code_choices,
        help_text="Stable: clients switch on it; `message` is for people.",
    )
    rule = serializers.CharField()
    section = serializers.CharField(allow_null=True)
    cards = serializers.ListField(child=serializers.CharField())
    message = serializers.CharField()
    suggestions = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="card.unknown: did you mean."
    )
    line = serializers.IntegerField(required=False, help_text="decklist.unreadable: its number.")
    text = serializers.CharField(required=False, help_text="decklist.unreadable: the line.")
    keys = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="The cards' keys."
    )
    limit = serializers.IntegerField(required=False, help_text="The most copies allowed.")
    quantity = serializers.IntegerField(required=False, help_text="Copies added or removed.")
    before = serializers.IntegerField(required=False, help_text="Pages before a swap.")
    after = serializers.IntegerField(required=False, help_text="Pages after a swap.")
    restriction = serializers.DictField(
        required=False, help_text="spellbook.restriction: the clause broken, and its value."
    )
    required_edition = serializers.IntegerField(required=False, help_text="card.edition.")
    printed_cost = serializers.IntegerField(required=False, help_text="card.cost.")
    computed_cost = serializers.FloatField(required=False, help_text="card.cost.")
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="deck.invalid: the deck's unreadable fields.",
    )


class RemovedCopySerializer(serializers.Serializer):
    section = serializers.CharField()
    name = serializers.CharField()
    key = serializers.CharField(allow_null=True, help_text="Null for a card not looked up.")
    reason = serializers.ChoiceField(
        choices=[
            (BANNED, "The format bans it."),
            (SECTION, "Its section may not hold it."),
            (COPY, "A copy beyond the first."),
            (RANDOM, "Drawn at random to meet a section's limit."),
        ]
    )


class FixedEntrySerializer(serializers.Serializer):
    name = serializers.CharField()
    key = serializers.CharField(allow_null=True, help_text="Null for a card not looked up.")
    quantity = serializers.IntegerField()


class FixedDeckSerializer(serializers.Serializer):
    sections = serializers.DictField(child=FixedEntrySerializer(many=True))


class FixSerializer(serializers.Serializer):
    """The Millennium Blades fix (fix=true): what it removed and why, and the deck it leaves."""

    seed = serializers.IntegerField(help_text="The random draw's seed: the same fix again.")
    removed = RemovedCopySerializer(many=True, help_text="Every copy removed, in order.")
    deck = FixedDeckSerializer()
    legal = serializers.BooleanField(help_text="Whether the fixed deck is legal in the format.")
    errors = IssueSerializer(many=True, help_text="The fixed deck's errors.")


class ReportSerializer(serializers.Serializer):
    legal = serializers.BooleanField()
    game = serializers.CharField()
    format = serializers.CharField()
    errors = IssueSerializer(many=True)
    warnings = IssueSerializer(many=True)
    counts = serializers.DictField(child=serializers.IntegerField())
    not_counted = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="Copies a section holds without counting them, or may not hold.",
    )
    fix = FixSerializer(required=False, help_text="With fix=true (Millennium Blades).")


class UnreadableLineSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    text = serializers.CharField()
    message = serializers.CharField()


class ErrorSerializer(serializers.Serializer):
    """The one error shape (api.errors); the optional fields come with the codes that use them."""

    status = serializers.IntegerField()
    code = serializers.ChoiceField(
        choices=ERROR_CODE_CHOICES,
        help_text="Stable: clients switch on it; `detail` is for people.",
    )
    detail = serializers.CharField()
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Each request field that cannot be read, with why.",
    )
    lines = UnreadableLineSerializer(
        many=True, required=False, help_text="A decklist's unreadable lines."
    )
    suggestions = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Did you mean (unknown cards)."
    )
    position = serializers.IntegerField(
        required=False, help_text="Where a search query cannot be read (a character index)."
    )
    etag = serializers.CharField(
        required=False, help_text="412: the deck's current entity tag, to retry with."
    )
    job_status = serializers.CharField(
        required=False, help_text="409: the job's status, which cannot be cancelled."
    )
    print_status = serializers.CharField(
        required=False,
        help_text="409 (proxies_not_ready): the print's status, queued or failed, with no PDF.",
    )


class ProblemSerializer(ErrorSerializer):
    """The error shape as RFC 9457 problem details, for `Accept: application/problem+json`."""

    type = serializers.CharField(help_text="urn:deckwarden:error:<code>")
    title = serializers.CharField(help_text="The HTTP status's phrase.")
    instance = serializers.CharField(help_text="The path that answered.")


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
