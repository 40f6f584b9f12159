"""Admin for curators: formats, with their banned and restricted lists inline."""

from django.contrib import admin

from .models import Format, FormatListEntry


class FormatListEntryInline(admin.TabularInline):
    model = FormatListEntry
    extra = 1
    autocomplete_fields = ["card"]
    fields = ["card", "status", "limit", "effective", "note"]


@admin.register(Format)
class FormatAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "slug", "ruleset", "rules_version", "is_default", "starts"]
    list_filter = ["game", "is_default"]
    search_fields = ["name", "slug"]
    inlines = [FormatListEntryInline]
