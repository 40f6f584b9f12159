"""Request and response shapes of /api/v1/decks/.

Entries come in the same shape as /validate/'s sections, and errors name the exact path of the
bad field (`sections.main[2].quantity`), which the API's error handler passes through.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from api.entries import Problems, section_entries
from cards.models import Game
from cards.proxy_sheets import PAPERS
from decks.models import MAX_QUANTITY, Deck, DeckVersion, ProxyPrint
from decks.proxies import pages
from decks.resolution import DeckLine
from decks.uploads import MAX_UPLOAD_BYTES, UnreadableUpload, decklist_text
from rulebook.core.game import MAYBEBOARD
from rulebook.core.resolve import EntryRef
from rules.models import Format

_ENTRY_SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "key": {"type": "string"},
        "id": {"type": "integer"},
        "quantity": {"type": "integer", "minimum": 1, "maximum": MAX_QUANTITY},
        "set": {"type": "string"},
        "number": {"type": "string"},
    },
    "required": ["quantity"],
    "additionalProperties": False,  # api.entries refuses a field it does not know
}


@extend_schema_field(
    {"type": "object", "additionalProperties": {"type": "array", "items": _ENTRY_SCHEMA}}
)
class SectionsField(serializers.Field):
    """`{"main": [{"name"|"key"|"id", "quantity", "set"?, "number"?}, ...], ...}` as
    {section slug: [EntryRef, ...]}; which slugs the game has is checked against the game."""

    default_error_messages = {"not_object": "must be an object of section name to entry list"}

    def to_internal_value(self, data: Any) -> dict[str, list[EntryRef]]:
        if not isinstance(data, dict):
            self.fail("not_object")
        problems = Problems()
        entries = section_entries(data, problems, path="")
        if problems.fields:
            raise serializers.ValidationError(problems.fields)
        sections: dict[str, list[EntryRef]] = {slug: [] for slug in data}
        for entry in entries:
            sections[entry.section].append(entry)
        return sections


@extend_schema_field({"type": "array", "items": _ENTRY_SCHEMA})
class MaybeboardField(serializers.Field):
    """`[{"name"|"key"|"id", "quantity", "set"?, "number"?}, ...]`, the cards considered for the
    deck but not in it, as [EntryRef, ...] in section MAYBEBOARD.slug; a bad entry is named
    `maybeboard[2].quantity`."""

    default_error_messages = {"not_list": "must be a list of entries"}

    def to_internal_value(self, data: Any) -> list[EntryRef]:
        if not isinstance(data, list):
            self.fail("not_list")
        problems = Problems()
        entries = section_entries({MAYBEBOARD.slug: data}, problems, path="")
        if problems.fields:  # by index, as the error handler names a list's items
            found: dict[int, Any] = {}
            for path, messages in problems.fields.items():  # "maybeboard[2].quantity"
                index, _, field = path.removeprefix(f"{MAYBEBOARD.slug}[").partition("]")
                if field:
                    found.setdefault(int(index), {})[field.removeprefix(".")] = messages
                else:  # the item is no entry object at all
                    found[int(index)] = messages
            raise serializers.ValidationError(found)
        return entries


class GameField(serializers.SlugRelatedField):
    """A game by its slug; text holding a NUL character is refused before the database is
    asked (PostgreSQL cannot compare such text, and no slug holds one)."""

    default_error_messages = {"null_characters": "Null characters are not allowed."}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(slug_field="slug", queryset=Game.objects.registered(), **kwargs)

    def to_internal_value(self, data: Any) -> Game:
        if isinstance(data, str) and "\x00" in data:
            self.fail("null_characters")
        return super().to_internal_value(data)


def lines_by_section(lines: Sequence[DeckLine], game: Game) -> dict[str, list[dict[str, Any]]]:
    """Stored lines in the sections shape, every section of the game present, in its order; a
    card the reader may not read (decks.privacy) has no id or key and `"private": true`."""
    sections: dict[str, list[dict[str, Any]]] = {slug: [] for slug in game.spec.section_slugs}
    for line in lines:
        sections.setdefault(line.section, []).append(line_entry(line))
    return sections


def line_entry(line: DeckLine) -> dict[str, Any]:
    """One stored line as an entry of the sections shape (or of the maybeboard)."""
    entry: dict[str, Any] = {
        "id": line.card.pk,
        "key": line.card.key or None,
        "name": line.card.name,
        "quantity": line.quantity,
    }
    if line.private:
        entry["private"] = True
    if line.printing is not None:
        entry["set"] = line.printing.set.code
        entry["number"] = line.printing.number
    return entry


MAYBEBOARD_HELP = (
    "The cards considered for the deck but not in it, kept with it and its versions; never "
    "counted by legality, test games or the deck doctor."
)


class DeckInput(serializers.Serializer):
    """A deck's writable fields. The game comes from the body (create) or the deck (update)."""

    game = GameField()
    name = serializers.CharField(max_length=200)
    description = serializers.CharField(allow_blank=True, max_length=10_000, default="")
    visibility = serializers.ChoiceField(Deck.Visibility.choices, default=Deck.Visibility.PRIVATE)
    format = serializers.SlugField(allow_null=True, default=None)
    sections = SectionsField(default=dict)
    maybeboard = MaybeboardField(
        required=False,
        help_text=f"{MAYBEBOARD_HELP} Left out, the deck's maybeboard stays as it is (a PUT too).",
    )
    text = serializers.CharField(
        max_length=200_000,
        required=False,
        write_only=True,
        help_text="The whole deck as a plain-text decklist (as /decks/import/ reads it, its "
        "cards considered under `Maybeboard:`), instead of `sections` and `maybeboard`: it "
        "replaces every section and the maybeboard, as the deck's next version. A line that "
        "cannot be read or names no card is a 400 naming it under `text`, with `lines`.",
    )
    share_cards = serializers.BooleanField(
        default=False,
        write_only=True,
        help_text="With visibility unlisted or public: share your private user-made cards in "
        'the deck with everyone (until then others see each as "a private card").',
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].required = "deck" not in self.context

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        deck: Deck | None = self.context.get("deck")
        game = attrs.get("game", deck.game if deck else None)
        if deck is not None and game != deck.game:
            raise serializers.ValidationError({"game": [f"is {deck.game.slug}; it cannot change"]})
        attrs["game"] = game
        given = self.initial_data if isinstance(self.initial_data, dict) else {}
        if "text" in attrs and given.keys() & {"sections", "maybeboard"}:
            message = "give the deck as text, or as sections and maybeboard, not both"
            raise serializers.ValidationError({"text": [message]})
        if attrs.get("format") is not None:
            attrs["format"] = game_format(game, attrs["format"])
        unknown = sorted(set(attrs.get("sections", {})) - set(game.spec.section_slugs))
        if unknown:
            known = ", ".join(game.spec.section_slugs)
            message = f"is not a {game.name} section; use {known}"
            raise serializers.ValidationError({"sections": {slug: [message] for slug in unknown}})
        return attrs


def game_format(game: Game, slug: str) -> Format:
    formats = {row.slug: row for row in Format.objects.filter(game=game)}
    if slug not in formats:
        known = ", ".join(sorted(formats)) or "none yet"
        message = f"{game.name} has no format {slug!r}; use one of: {known}"
        raise serializers.ValidationError({"format": [message]})
    return formats[slug]


class DeckImportInput(serializers.Serializer):
    game = GameField()
    name = serializers.CharField(max_length=200)
    text = serializers.CharField(max_length=200_000)
    description = serializers.CharField(allow_blank=True, max_length=10_000, default="")
    visibility = serializers.ChoiceField(Deck.Visibility.choices, default=Deck.Visibility.PRIVATE)
    format = serializers.SlugField(allow_null=True, default=None)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["format"] is not None:
            attrs["format"] = game_format(attrs["game"], attrs["format"])
        return attrs


class DeckImportFileInput(DeckImportInput):
    """A decklist file as a new deck (multipart/form-data): the fields of a JSON import, with
    the list as `file` instead of `text`."""

    text = None
    file = serializers.FileField(
        help_text=f"The decklist: UTF-8 text of at most {MAX_UPLOAD_BYTES // 1024} KB, one card "
        "a line, as the site's and the API's exports write it."
    )
    name = serializers.CharField(
        max_length=200, required=False, help_text="Default: the file's name, less its extension."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        upload = attrs.pop("file")
        try:
            attrs["text"] = decklist_text(upload)
        except UnreadableUpload as refused:
            raise serializers.ValidationError({"file": [f"the file {refused}"]}) from None
        attrs.setdefault("name", PurePath(upload.name or "").stem[:200] or "Imported deck")
        return super().validate(attrs)


REVISION_HELP = (
    "Bumped by every saved change, of contents or not (name, format, entries, description, "
    'visibility); the ETag is "<revision>-<digest>", which tells nothing more. Not a version '
    "number: see `version`."
)
VERSION_HELP = (
    "The latest version: an immutable snapshot of the deck's contents (name, format and "
    "entries), written only when they change; a description or visibility change writes none. "
    "Diffs and tournament registrations name versions."
)


class DeckVersionOutput(serializers.ModelSerializer):
    """A version: a change of the deck's contents (name, format, entries), never of its
    description or visibility. Give it through a reader of decks.selectors (deck_versions,
    deck_version_get, deck_version_latest), which decides whether the reader may see its hash."""

    content_hash = serializers.CharField(
        source="hash_seen",
        allow_null=True,
        help_text="The sha256 of those contents; null if they hold a card you may not read (a "
        "private card): the hash covers each card's key, which a user-made card's name gives, "
        "so it would let anyone test guessed names.",
    )

    class Meta:
        model = DeckVersion
        fields = ["number", "created", "content_hash"]


class DeckSummaryOutput(serializers.ModelSerializer):
    """A deck as listed: everything but its entries."""

    owner = serializers.CharField(source="owner.get_username")
    game = serializers.CharField(source="game.slug")
    format = serializers.CharField(source="format.slug", allow_null=True, default=None)
    url = serializers.HyperlinkedIdentityField(view_name="deck-detail")
    link = serializers.HyperlinkedIdentityField(
        view_name="deck-detail",
        lookup_field="link_token",
        lookup_url_kwarg="pk",
        help_text="The address to share: it reads the deck once it is unlisted or public, and "
        "cannot be guessed (the id of a deck that is not public reads it for its owner alone).",
    )
    revision = serializers.IntegerField(read_only=True, help_text=REVISION_HELP)

    class Meta:
        model = Deck
        fields = [
            "id",
            "url",
            "link",
            "owner",
            "game",
            "format",
            "name",
            "description",
            "visibility",
            "revision",
            "created",
            "updated",
        ]


PRIVATE_ENTRY_HELP = (
    'true for a user-made card the reader may not read: named only "a private card" '
    "(decks.privacy)."
)


class SnapshotEntryOutput(serializers.Serializer):
    key = serializers.CharField(allow_null=True, help_text="null for a private card.")
    name = serializers.CharField()
    quantity = serializers.IntegerField()
    private = serializers.BooleanField(required=False, help_text=PRIVATE_ENTRY_HELP)
    set = serializers.CharField(required=False, help_text="The pinned printing's set, if any.")
    number = serializers.CharField(required=False, help_text="And its collector number.")


class DeckEntryOutput(SnapshotEntryOutput):
    """One line of a stored deck (lines_by_section): a snapshot's entry with the card's id."""

    id = serializers.IntegerField(allow_null=True, help_text="Null for a private card.")


class DeckOutput(DeckSummaryOutput):
    """A deck with its entries by section and its latest version."""

    sections = serializers.SerializerMethodField()
    version = serializers.SerializerMethodField(help_text=VERSION_HELP)
    private_cards = serializers.SerializerMethodField(
        help_text='Your own unshared cards in the deck, which others see as "a private card" '
        "(empty for anyone but the owner); PATCH share_cards: true to share them."
    )
    etag = serializers.CharField(
        read_only=True,
        help_text="The ETag header's value, for If-Match, to clients that do not read headers.",
    )

    maybeboard = serializers.SerializerMethodField(help_text=MAYBEBOARD_HELP)

    class Meta(DeckSummaryOutput.Meta):
        fields = [
            *DeckSummaryOutput.Meta.fields,
            "version",
            "sections",
            "maybeboard",
            "private_cards",
            "etag",
        ]

    @extend_schema_field(DeckEntryOutput(many=True))
    def get_maybeboard(self, deck: Deck) -> list[dict[str, Any]]:
        return [line_entry(line) for line in self.context["maybeboard"]]

    def get_private_cards(self, deck: Deck) -> list[str]:
        return [card.name for card in self.context["private_cards"]]

    @extend_schema_field(serializers.DictField(child=DeckEntryOutput(many=True)))
    def get_sections(self, deck: Deck) -> dict[str, list[dict[str, Any]]]:
        return lines_by_section(self.context["lines"], deck.game)

    @extend_schema_field(DeckVersionOutput(allow_null=True))
    def get_version(self, deck: Deck) -> dict[str, Any] | None:
        latest: DeckVersion | None = self.context["latest_version"]
        return None if latest is None else DeckVersionOutput(latest).data


class SnapshotOutput(serializers.Serializer):
    """A version's contents as they were: name, format and entries by section."""

    name = serializers.CharField()
    format = serializers.CharField(allow_null=True)
    sections = serializers.DictField(child=SnapshotEntryOutput(many=True))
    maybeboard = SnapshotEntryOutput(
        many=True, required=False, help_text=f"{MAYBEBOARD_HELP} None in versions made before it."
    )


class ExportEntryOutput(SnapshotEntryOutput):
    id = serializers.IntegerField()


class DeckExportOutput(serializers.Serializer):
    """`?format=json`: the deck in the shape POST /decks/ takes back."""

    game = serializers.CharField()
    name = serializers.CharField()
    format = serializers.CharField(allow_null=True)
    sections = serializers.DictField(child=ExportEntryOutput(many=True))
    maybeboard = ExportEntryOutput(many=True, help_text=MAYBEBOARD_HELP)


class ValueChangeOutput(serializers.Serializer):
    """A value that changed, `from` and `to` (keywords, so the fields are made in get_fields)."""

    def __init__(self, field: type[serializers.Field], **kwargs: Any) -> None:
        self.value_field = field
        super().__init__(**kwargs)

    def get_fields(self) -> dict[str, serializers.Field]:
        return {name: self.value_field(allow_null=True) for name in ("from", "to")}


class DiffEntryOutput(serializers.Serializer):
    key = serializers.CharField(allow_null=True, help_text="null for a private card.")
    name = serializers.CharField()
    private = serializers.BooleanField(required=False, help_text=PRIVATE_ENTRY_HELP)
    set = serializers.CharField(required=False)
    number = serializers.CharField(required=False)
    quantity = serializers.IntegerField(required=False, help_text="Added and removed entries.")

    def get_fields(self) -> dict[str, serializers.Field]:
        changed = {
            name: serializers.IntegerField(required=False, help_text="Changed entries.")
            for name in ("from", "to")
        }
        return {**super().get_fields(), **changed}


class SectionDiffOutput(serializers.Serializer):
    added = DiffEntryOutput(many=True)
    removed = DiffEntryOutput(many=True)
    changed = DiffEntryOutput(many=True)


class DeckDiffOutput(serializers.Serializer):
    """What changed between two versions: name and format when they did, every section."""

    name = ValueChangeOutput(serializers.CharField, required=False)
    format = ValueChangeOutput(serializers.CharField, required=False)
    sections = serializers.DictField(child=SectionDiffOutput())
    maybeboard = SectionDiffOutput(
        required=False, help_text="The maybeboard's changes, when either version has one."
    )

    def get_fields(self) -> dict[str, serializers.Field]:
        numbers = {name: serializers.IntegerField() for name in ("from", "to")}
        return {**numbers, **super().get_fields()}


class DeckVersionDetailOutput(DeckVersionOutput):
    snapshot = SnapshotOutput()

    class Meta(DeckVersionOutput.Meta):
        fields = [*DeckVersionOutput.Meta.fields, "snapshot"]


class ProxiesQuery(serializers.Serializer):
    """The query of a deck's proxies: the paper, and whether only the missing cards."""

    paper = serializers.ChoiceField(
        sorted(PAPERS), default="a4", help_text="The paper to print on: A4 or US Letter."
    )
    missing = serializers.BooleanField(
        default=False,
        help_text="true: only the copies your collection lacks (signed in; see "
        "/decks/{id}/missing/).",
    )


class ProxyPrintOutput(serializers.Serializer):
    """A deck's proxies printed in the background (more than 120 cards): where it stands, and
    once done, where its PDF is. Only whoever asked for it reads it, for a day."""

    id = serializers.UUIDField()
    status = serializers.ChoiceField(
        choices=ProxyPrint.Status.choices,
        source="state",
        help_text="queued until a worker has drawn it, then done (or failed: `error` says why).",
    )
    url = serializers.SerializerMethodField(help_text="Poll this until `status` is done.")
    pdf = serializers.SerializerMethodField(help_text="The PDF, once done (null until then).")
    paper = serializers.ChoiceField(sorted(PAPERS))
    missing = serializers.BooleanField(help_text="Only the copies your collection lacked.")
    copies = serializers.IntegerField(help_text="Cards printed, one per copy.")
    pages = serializers.SerializerMethodField()
    error = serializers.CharField(source="problem", help_text="Why it failed; empty otherwise.")
    created = serializers.DateTimeField()
    finished = serializers.DateTimeField(allow_null=True)

    def _address(self, name: str, proxy_print: ProxyPrint) -> str:
        deck = self.context["deck"]
        args = [deck.address, proxy_print.pk]
        return reverse(name, args=args, request=self.context.get("request"))

    def get_url(self, proxy_print: ProxyPrint) -> str:
        return self._address("deck-proxy-print", proxy_print)

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_pdf(self, proxy_print: ProxyPrint) -> str | None:
        if proxy_print.state != ProxyPrint.Status.DONE:
            return None
        return self._address("deck-proxy-print-pdf", proxy_print)

    def get_pages(self, proxy_print: ProxyPrint) -> int:
        return pages(proxy_print.copies)
