"""Admin for curators: decks are viewed (and may be deleted) here, never edited.

Edits go through the API, which keeps each deck's revision and version history in step; a
version, once written, never changes.
"""

from django.contrib import admin
from django.http import HttpRequest

from .models import Deck, DeckEntry, DeckVersion


class ReadOnlyMixin:
    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class DeckEntryInline(ReadOnlyMixin, admin.TabularInline):
    model = DeckEntry
    extra = 0
    fields = readonly_fields = ["position", "section", "card", "printing", "quantity"]
    can_delete = False


class DeckVersionInline(ReadOnlyMixin, admin.TabularInline):
    model = DeckVersion
    extra = 0
    fields = readonly_fields = ["number", "created", "content_hash"]
    can_delete = False
    show_change_link = True


@admin.register(Deck)
class DeckAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["name", "owner", "game", "format", "visibility", "revision", "updated"]
    list_filter = ["game", "visibility"]
    search_fields = ["name", "owner__username"]
    inlines = [DeckEntryInline, DeckVersionInline]


@admin.register(DeckVersion)
class DeckVersionAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["deck", "number", "created", "content_hash"]
    search_fields = ["deck__name", "content_hash"]

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
