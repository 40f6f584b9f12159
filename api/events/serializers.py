"""The shapes of /api/v1/events/: events by their link token, registrations with their report."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from api.decks.serializers import game_format
from api.validation.serializers import IssueSerializer
from cards.models import Game
from events.models import Event, Registration
from events.selectors import is_open


class EventInput(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    game = serializers.SlugRelatedField(slug_field="slug", queryset=Game.objects.all())
    format = serializers.SlugField(
        allow_null=True, default=None, help_text="Default: the game's default format."
    )
    date = serializers.DateField(help_text="The day the banned and restricted lists are read on.")
    registration_deadline = serializers.DateTimeField()
    published = serializers.BooleanField(default=False, help_text="Show every decklist.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        event = self.context.get("event")
        game = attrs.get("game", event.game if event else None)
        game_changes = event is not None and attrs.get("game", event.game) != event.game
        if game_changes and event.registrations.exists():
            raise serializers.ValidationError({"game": ["cannot change once players registered"]})
        if game_changes:
            attrs.setdefault("format", None)  # the old game's format cannot stay
        if attrs.get("format") is not None:
            attrs["format"] = game_format(game, attrs["format"])
        return attrs


class EventOutput(serializers.ModelSerializer):
    id = serializers.CharField(source="token", help_text="The event's unguessable link token.")
    organiser = serializers.CharField(source="organiser.username")
    game = serializers.CharField(source="game.slug")
    format = serializers.SerializerMethodField()
    open = serializers.SerializerMethodField(help_text="Whether registration is still open.")

    class Meta:
        model = Event
        fields = [
            "id",
            "name",
            "organiser",
            "game",
            "format",
            "date",
            "registration_deadline",
            "open",
            "published",
        ]

    def get_format(self, event: Event) -> str:
        return event.format.slug if event.format else "standard"

    def get_open(self, event: Event) -> bool:
        return is_open(event=event)


class RegistrationInput(serializers.Serializer):
    deck = serializers.IntegerField(required=False, help_text="One of your decks, by id.")
    version = serializers.IntegerField(
        required=False, min_value=1, help_text="Its version number; default the latest."
    )
    text = serializers.CharField(
        required=False, help_text="Or a pasted decklist, which becomes a deck of yours."
    )
    name = serializers.CharField(
        required=False, max_length=200, help_text="The pasted deck's name."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("deck" in attrs) == ("text" in attrs):
            raise serializers.ValidationError(
                {"deck": ["give exactly one of deck (a deck id) or text (a decklist)"]}
            )
        return attrs


class RegistrationOutput(serializers.ModelSerializer):
    player = serializers.CharField(source="player.username")
    deck = serializers.IntegerField(source="deck_version.deck_id")
    deck_name = serializers.CharField(source="deck_version.deck.name")
    version = serializers.IntegerField(source="deck_version.number")
    errors = IssueSerializer(source="report.errors", many=True)
    warnings = IssueSerializer(source="report.warnings", many=True)
    counts = serializers.DictField(source="report.counts", child=serializers.IntegerField())
    sections = serializers.DictField(
        source="deck_version.snapshot.sections", help_text="The locked list, by section."
    )
    current = serializers.BooleanField(source="is_current")
    dropped = serializers.DateTimeField(allow_null=True)

    class Meta:
        model = Registration
        fields = [
            "id",
            "player",
            "deck",
            "deck_name",
            "version",
            "content_hash",
            "registered",
            "current",
            "dropped",
            "legal",
            "errors",
            "warnings",
            "counts",
            "sections",
        ]


class MyRegistrationOutput(serializers.Serializer):
    current = RegistrationOutput(allow_null=True)
    history = RegistrationOutput(many=True, help_text="Every entry, newest first.")
