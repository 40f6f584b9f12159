from django.contrib import admin

from .models import Curator, Proposal, Release


@admin.register(Curator)
class CuratorAdmin(admin.ModelAdmin):
    list_display = ["user", "game", "granted_by", "created"]
    list_filter = ["game"]
    autocomplete_fields = ["user"]


@admin.register(Proposal)
class ProposalAdmin(admin.ModelAdmin):
    list_display = ["key", "kind", "game", "status", "proposer", "created"]
    list_filter = ["game", "status", "kind"]


@admin.register(Release)
class ReleaseAdmin(admin.ModelAdmin):
    list_display = ["game", "number", "published_by", "created"]
    exclude = ["card_file"]
