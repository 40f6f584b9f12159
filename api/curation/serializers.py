"""The shapes of /api/v1/proposals/, /api/v1/releases/, /api/v1/curators/ and a card's
history (issue 36)."""

from __future__ import annotations

from typing import Any

from django.core.files.storage import default_storage
from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.catalogue.serializers import CardImageSerializer
from api.choices import RegistryChoiceField, game_choices
from cards.models import CardRevision
from cards.selectors import catalogue_names
from curation.models import Proposal, Release
from curation.selectors import (
    proposal_diff,
    proposal_readout,
    proposals_stored_cards,
    review_right,
)

CARD_HELP = (
    "A card as a card file holds it (docs: the card data format): name, type, text, "
    "attributes, sample, printings, distinct_namesake; `key` names the card (default: the slug "
    "of its name), and for a change it names the stored card."
)


class ProposalInput(serializers.Serializer):
    game = RegistryChoiceField(game_choices)
    kind = serializers.ChoiceField(Proposal.Kind.choices)
    card = serializers.DictField(help_text=CARD_HELP)
    sets = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        default=list,
        help_text="New sets the card's printings name, as a card file lists them.",
    )
    reason = serializers.CharField(required=False, default="", allow_blank=True, max_length=2000)
    effective = serializers.DateField(
        required=False,
        allow_null=True,
        default=None,
        help_text="The day an erratum takes effect (default: the day it is approved).",
    )


class ProblemOutput(serializers.Serializer):
    row = serializers.IntegerField(
        allow_null=True,
        help_text="The spreadsheet row (the header is row 1); in a JSON card file the card's "
        "place among its cards, from 1.",
    )
    column = serializers.CharField(help_text="The column, or the card file's field path.")
    message = serializers.CharField()


class EffectReadoutOutput(serializers.Serializer):
    plays = serializers.ListField(child=serializers.CharField(), help_text="Effects it plays.")
    unsupported = serializers.ListField(
        child=serializers.CharField(), help_text="What of the card the engine cannot play."
    )


class ReadoutOutput(serializers.Serializer):
    construction = serializers.CharField(
        help_text="What the game's construction grammar reads from the card, in words."
    )
    effects = EffectReadoutOutput()


class ReviewOutput(serializers.Serializer):
    allowed = serializers.BooleanField(help_text="Whether you may review this proposal.")
    why = serializers.CharField(
        help_text="Why: nobody reviews their own proposal unless they are the game's only "
        "curator, which this says."
    )


class ProposalOutput(serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    proposer = serializers.CharField(source="proposer.username")
    reviewer = serializers.CharField(source="reviewer.username", default=None, allow_null=True)
    readout = serializers.SerializerMethodField()
    diff = serializers.SerializerMethodField()
    review = serializers.SerializerMethodField()
    card_id = serializers.IntegerField(
        allow_null=True, read_only=True, help_text="The stored card it names, once there is one."
    )
    image = serializers.SerializerMethodField(
        help_text="The picture proposed with the card (POST …/image/); null when none."
    )

    class Meta:
        model = Proposal
        fields = [
            "id",
            "game",
            "kind",
            "key",
            "status",
            "card",
            "sets",
            "reason",
            "effective",
            "proposer",
            "upload",
            "created",
            "reviewer",
            "review_note",
            "reviewed",
            "card_id",
            "readout",
            "diff",
            "review",
            "image",
        ]

    def _once(self, key: tuple[Any, ...], read: Any) -> Any:
        """A read shared by the proposals of one answer (a page reads each game's names and
        each proposer's review right once, not once a proposal)."""
        memo = self.context.setdefault("memo", {})
        if key not in memo:
            memo[key] = read()
        return memo[key]

    @extend_schema_field(ReadoutOutput)
    def get_readout(self, proposal: Proposal) -> dict[str, Any]:
        game = proposal.game.slug
        names = self._once(("names", game), lambda: catalogue_names(game=game))
        readout = proposal_readout(proposal=proposal, known_names=names)
        return {
            "construction": readout.construction,
            "effects": {
                "plays": list(readout.effects.plays),
                "unsupported": list(readout.effects.unsupported),
            },
        }

    @extend_schema_field(serializers.DictField(child=serializers.DictField()))
    def get_diff(self, proposal: Proposal) -> dict[str, Any]:
        """Each field the proposal changes: {"before", "after"} (before null for a new card)."""
        page = getattr(self.parent, "instance", None) or [proposal]
        stored = self._once(("stored",), lambda: proposals_stored_cards(proposals=page))
        return proposal_diff(proposal=proposal, stored=stored)

    @extend_schema_field(CardImageSerializer(allow_null=True))
    def get_image(self, proposal: Proposal) -> dict[str, str] | None:
        if not proposal.image_thumb.name:
            return None
        request = self.context["request"]
        names = {"thumb": proposal.image_thumb.name, "full": proposal.image_full.name}
        return {
            size: request.build_absolute_uri(default_storage.url(name))
            for size, name in names.items()
        }

    @extend_schema_field(ReviewOutput)
    def get_review(self, proposal: Proposal) -> dict[str, Any]:
        key = ("review", proposal.game_id, proposal.proposer_id)
        user = self.context["request"].user
        right = self._once(key, lambda: review_right(user=user, proposal=proposal))
        return {"allowed": right.allowed, "why": right.why}


class ImageInput(serializers.Serializer):
    image = serializers.FileField(
        help_text="The card's picture: PNG, JPEG, WebP or GIF (its first frame); stored without "
        "its metadata as a thumbnail and a full size."
    )


class ReasonInput(serializers.Serializer):
    reason = serializers.CharField(max_length=2000, help_text="Why; the proposer is told.")


class ApproveInput(serializers.Serializer):
    effective = serializers.DateField(
        required=False,
        allow_null=True,
        default=None,
        help_text="The day the change takes effect (default: the proposal's, else today).",
    )


class BulkInput(serializers.Serializer):
    game = RegistryChoiceField(game_choices)
    file = serializers.FileField(
        help_text="A CSV with a header (the card file's columns) or a JSON card file."
    )
    commit = serializers.BooleanField(
        default=False,
        help_text="Store one proposal per card the file adds or changes (only with no problems).",
    )
    reason = serializers.CharField(required=False, default="", allow_blank=True, max_length=2000)


class CardChangeOutput(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    fields = serializers.DictField(
        child=serializers.DictField(), help_text="Each changed field: {before, after}."
    )


class PreviewOutput(serializers.Serializer):
    added = serializers.ListField(child=serializers.CharField(), help_text="Keys of new cards.")
    changed = CardChangeOutput(many=True)
    unchanged = serializers.ListField(child=serializers.CharField())


class BulkOutput(serializers.Serializer):
    problems = ProblemOutput(many=True)
    preview = PreviewOutput()
    created = serializers.IntegerField(
        required=False, help_text="With commit: how many proposals were stored."
    )
    upload = serializers.IntegerField(
        required=False, help_text="With commit: the upload's id, to approve it whole."
    )


class UploadApproveOutput(serializers.Serializer):
    approved = serializers.IntegerField()


class PicturesInput(serializers.Serializer):
    file = serializers.FileField(
        help_text="A zip of PNG, JPEG, WebP or GIF pictures, each named by its card's key or "
        "name (snack-7.png, Snack 7.jpg); folders and archivers' bookkeeping files (__MACOSX/, "
        "dotfiles) are passed over."
    )


class PicturesOutput(serializers.Serializer):
    pictured = serializers.IntegerField(help_text="How many proposals got their picture.")
    skipped = serializers.IntegerField(help_text="Bookkeeping files passed over.")


class CuratorInput(serializers.Serializer):
    game = RegistryChoiceField(game_choices)
    username = serializers.CharField(max_length=150)


class CuratorOutput(serializers.Serializer):
    game = serializers.CharField(source="game.slug")
    username = serializers.CharField(source="user.username")
    granted_by = serializers.CharField(source="granted_by.username", default=None, allow_null=True)


class ReleaseInput(serializers.Serializer):
    game = RegistryChoiceField(game_choices)


class ChangelogLineOutput(serializers.Serializer):
    card = serializers.CharField(help_text="The card's key.")
    name = serializers.CharField()
    change = serializers.ChoiceField(["added", "changed"])
    fields = serializers.ListField(child=serializers.CharField())
    effective = serializers.DateField()
    reason = serializers.CharField()


class ReleaseOutput(serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    url = serializers.SerializerMethodField(help_text="The release's card file (JSON).")
    changelog = ChangelogLineOutput(many=True)

    class Meta:
        model = Release
        fields = ["game", "number", "url", "changelog", "created"]

    def get_url(self, release: Release) -> str:
        path = reverse("release-file", kwargs={"game": release.game.slug, "number": release.number})
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path


class RevisionFieldOutput(serializers.Serializer):
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField()


class RevisionOutput(serializers.ModelSerializer):
    fields = serializers.DictField(
        child=RevisionFieldOutput(), help_text="Each field the revision changed."
    )
    proposed_by = serializers.CharField(
        source="proposed_by.username", default=None, allow_null=True
    )
    approved_by = serializers.CharField(
        source="approved_by.username", default=None, allow_null=True
    )

    class Meta:
        model = CardRevision
        fields = ["id", "effective", "created", "reason", "proposed_by", "approved_by", "fields"]
