"""The request shape of /metazoo/archive-swap/ for the OpenAPI schema.

The view reads requests with api.metazoo.requests (entries as strict as /validate/'s); these
serializers only describe that shape to clients.
"""

from rest_framework import serializers

from api.validation.serializers import EntrySerializer


class RegisteredListSerializer(serializers.Serializer):
    """One registered list: a Spellbook and, optionally, an Archive."""

    refuses_unknown_fields = True  # a section other than these two is refused

    spellbook = EntrySerializer(many=True)
    archive = EntrySerializer(many=True, required=False)


class ArchiveSwapInputSerializer(serializers.Serializer):
    before = RegisteredListSerializer(help_text="The list registered for the last game.")
    after = RegisteredListSerializer(help_text="The list for the next game.")
    format = serializers.CharField(required=False, help_text="Default: the game's standard.")
