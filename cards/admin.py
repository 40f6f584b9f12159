from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html

from basics.errors import InvalidRequest

from .models import Card, CardSet, Game, Printing
from .services.images import StoredImage, card_image_attach, card_image_store


class PrintingInline(admin.TabularInline):
    model = Printing
    extra = 0
    autocomplete_fields = ["set"]


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
    readonly_fields = ["picture"]
    inlines = [PrintingInline]

    @admin.display(description="Picture")
    def picture(self, card: Card) -> str:
        if not card.image_thumb:
            return "none"
        return format_html('<img src="{}" alt="" width="122">', card.image_thumb.url)

    def save_model(self, request: HttpRequest, card: Card, form: Any, change: bool) -> None:
        super().save_model(request, card, form, change)
        stored = form.cleaned_data.get("image")
        if stored is not None or form.cleaned_data.get("remove_image"):
            card_image_attach(card=card, image=stored)


@admin.register(Printing)
class PrintingAdmin(admin.ModelAdmin):
    list_display = ["card", "set", "number", "rarity"]
    list_filter = ["set__game", "set", "rarity"]
    search_fields = ["card__name", "number", "set__code"]
    autocomplete_fields = ["card", "set"]
