from django.contrib import admin

from .models import Card, CardSet, Game, Printing


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


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["name", "key", "game", "type", "is_sample", "owner", "shared"]
    list_filter = ["game", "type", "is_sample", "shared", ("owner", admin.EmptyFieldListFilter)]
    search_fields = ["name", "key", "text"]
    raw_id_fields = ["owner"]
    inlines = [PrintingInline]


@admin.register(Printing)
class PrintingAdmin(admin.ModelAdmin):
    list_display = ["card", "set", "number", "rarity"]
    list_filter = ["set__game", "set", "rarity"]
    search_fields = ["card__name", "number", "set__code"]
    autocomplete_fields = ["card", "set"]
