from django.contrib import admin

from basics.admin_urls import URLS_ASSUME_HTTPS

from .models import Event, Registration


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "date", "registration_deadline", "organiser", "published"]
    list_filter = ["game", "published"]
    search_fields = ["name", "organiser__username"]
    formfield_overrides = URLS_ASSUME_HTTPS


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["event", "player", "deck_version", "legal", "registered", "replaced", "dropped"]
    list_filter = ["legal"]
    raw_id_fields = ["event", "player", "deck_version"]
