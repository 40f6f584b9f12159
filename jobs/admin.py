"""Admin: test-game jobs to watch (read-only: jobs change only through their workers)."""

from django.contrib import admin

from .models import SimulationChunk, SimulationJob


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
