"""The request and answer shapes of /metazoo/archive-swap/ for the OpenAPI schema.

The view reads requests with api.metazoo.requests (entries as strict as /validate/'s); these
serializers only describe that shape to clients.
"""

from rest_framework import serializers

from api.validation.serializers import EntrySerializer, IssueSerializer, ReportSerializer


class RegisteredListSerializer(serializers.Serializer):
    """One registered list: a Spellbook and, optionally, an Archive."""

    spellbook = EntrySerializer(many=True)
    archive = EntrySerializer(many=True, required=False)


class ArchiveSwapInputSerializer(serializers.Serializer):
    before = RegisteredListSerializer(help_text="The list registered for the last game.")
    after = RegisteredListSerializer(help_text="The list for the next game.")
    format = serializers.CharField(required=False, help_text="Default: the game's standard.")


class MovedPageSerializer(serializers.Serializer):
    name = serializers.CharField()
    key = serializers.CharField()
    quantity = serializers.IntegerField()


class MovedSerializer(serializers.Serializer):
    to_spellbook = MovedPageSerializer(many=True)
    to_archive = MovedPageSerializer(many=True)


class SwapIssueSerializer(IssueSerializer):
    list = serializers.ChoiceField(
        choices=["before", "after"], required=False, help_text="The list a card is unknown in."
    )


class SwapCountsSerializer(serializers.Serializer):
    before = serializers.DictField(child=serializers.IntegerField())
    after = serializers.DictField(child=serializers.IntegerField())


class ArchiveSwapOutputSerializer(serializers.Serializer):
    legal = serializers.BooleanField()
    moved = MovedSerializer()
    problems = SwapIssueSerializer(many=True)
    counts = SwapCountsSerializer()
    after = ReportSerializer(help_text="The new list's own validation report.")
