from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from basics.admin_urls import URLS_ASSUME_HTTPS
from basics.errors import InvalidRequest

from .models import REVISED_FIELDS, Card, CardSet, Game, Printing
from .selectors import cards_given_image_urls
from .services.images import StoredImage, card_image_attach, card_image_store
from .services.revisions import RevisionNote, revisions_record


class PrintingInline(admin.TabularInline):
    model = Printing
    extra = 0
    autocomplete_fields = ["set"]
    formfield_overrides = URLS_ASSUME_HTTPS


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["slug", "name"]
    search_fields = ["slug", "name"]


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "game", "released", "is_sample"]
    list_filter = ["game", "is_sample"]
    search_fields = ["code", "name"]


class CardAdminForm(forms.ModelForm):
    """The card, with a picture to upload (checked and stored as the API's uploads are, by
    cards.services.images) or the one it has to remove."""

    image = forms.FileField(
        required=False,
        help_text="PNG, JPEG, WebP or GIF; stored as a thumbnail and a full size, without its "
        "metadata.",
    )
    remove_image = forms.BooleanField(required=False, label="Remove the picture")

    class Meta:
        model = Card
        fields = [
            "game",
            "key",
            "name",
            "type",
            "text",
            "attributes",
            "is_sample",
            "owner",
            "shared",
        ]

    def clean_image(self) -> StoredImage | None:
        upload = self.cleaned_data.get("image")
        if upload is None:
            return None
        try:
            return card_image_store(upload=upload)
        except InvalidRequest as refused:
            raise forms.ValidationError(f"This file {refused.message}.") from None


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardAdminForm
    list_display = ["name", "key", "game", "type", "is_sample", "owner", "shared"]
    list_filter = ["game", "type", "is_sample", "shared", ("owner", admin.EmptyFieldListFilter)]
    search_fields = ["name", "key", "text"]
    raw_id_fields = ["owner"]
    readonly_fields = ["picture_shown", "history"]
    inlines = [PrintingInline]

    @admin.display(description="Picture")
    def picture_shown(self, card: Card) -> str:
        image_urls = cards_given_image_urls([card])[0].image_urls
        if image_urls is None:
            return "none"
        return format_html('<img src="{}" alt="" width="122">', image_urls["thumb"])

    @admin.display(description="History")
    def history(self, card: Card) -> str:
        """The card's revisions, newest first (GET /api/v1/cards/{id}/history/ has them whole)."""
        revisions = card.revisions.select_related("proposed_by", "approved_by")[:20]
        return (
            format_html_join(
                "",
                "<p>{}: {} ({}; proposed by {}, approved by {})</p>",
                (
                    (
                        r.effective,
                        ", ".join(sorted(r.fields)),
                        r.reason,
                        r.proposed_by or "-",
                        r.approved_by or "-",
                    )
                    for r in revisions
                ),
            )
            if card.pk
            else "-"
        )

    def save_model(self, request: HttpRequest, card: Card, form: Any, change: bool) -> None:
        """Save, and write the change as the card's revision (an admin's edit is one too)."""
        changed = [name for name in REVISED_FIELDS if not change or name in form.changed_data]
        before = {name: form.initial.get(name) if change else None for name in changed}
        super().save_model(request, card, form, change)
        after = {name: getattr(card, name) for name in changed}
        # a JSON field is "changed" whenever its text is posted: compare the values
        fields = {
            name: (before[name], after[name]) for name in changed if before[name] != after[name]
        }
        if fields:
            note = RevisionNote(reason="edited in the admin", approved_by=request.user)
            revisions_record(changes=[(card, fields)], note=note)
        stored = form.cleaned_data.get("image")
        if stored is not None or form.cleaned_data.get("remove_image"):
            card_image_attach(card=card, image=stored)


@admin.register(Printing)
class PrintingAdmin(admin.ModelAdmin):
    list_display = ["card", "set", "number", "rarity"]
    list_filter = ["set__game", "set", "rarity"]
    search_fields = ["card__name", "number", "set__code"]
    autocomplete_fields = ["card", "set"]
    formfield_overrides = URLS_ASSUME_HTTPS
