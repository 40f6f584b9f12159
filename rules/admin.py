"""Admin for curators: formats, with their banned and restricted lists inline; test-game jobs
to watch (read-only: jobs change only through their workers)."""

from django.contrib import admin

from .models import Format, FormatListEntry, SimulationChunk, SimulationJob


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


class ReadOnlyAdminMixin:
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class SimulationChunkInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = SimulationChunk
    fields = ["index", "first_game", "count", "status", "attempts", "claimed_at", "worker"]
    readonly_fields = fields
    can_delete = False
    extra = 0


@admin.register(SimulationJob)
class SimulationJobAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["id", "game", "kind", "status", "done", "games", "seed", "owner", "created"]
    list_filter = ["status", "game", "kind"]
    search_fields = ["id"]
    date_hierarchy = "created"
    inlines = [SimulationChunkInline]
