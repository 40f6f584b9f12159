"""Catalogue filters for the API's list endpoints (django-filter), one FilterSet per list.

`q` takes the search language (cards.search); `<stat>_min` / `<stat>_max` exist for each short
stat name of the language (`hp_min`, `atk_max`, `lvl_max`, `lp_min`, `edition_min`...), resolved
per game the same way as in `q`.
"""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms
from django.db.models import Exists, OuterRef, QuerySet

from basics.ids import MAX_ID
from rulebook.registry import GAMES

from .models import Card, CardSet, Printing
from .search.compiler import comparison_q, search_q
from .selectors import card_search


def _stat_names() -> list[str]:
    """The search language's short stat names: every game's aliases (`atk`, `lvl`), plus each
    numeric attribute that has no alias (`edition`), sorted."""
    names = set()
    for spec in GAMES.values():
        names.update(spec.stat_aliases)
        aliased = set(spec.stat_aliases.values())
        names.update(
            name for name, field in spec.attributes.items() if field.numeric and name not in aliased
        )
    return sorted(names)


def _game_choices() -> list[tuple[str, str]]:
    return [(slug, spec.name) for slug, spec in GAMES.items()]


class CardFilterSet(django_filters.FilterSet):
    game = django_filters.ChoiceFilter(field_name="game__slug", choices=_game_choices)
    type = django_filters.CharFilter(field_name="type", lookup_expr="iexact")
    set = django_filters.CharFilter(method="filter_set", label="Set code (any printing)")
    is_sample = django_filters.BooleanFilter()
    q = django_filters.CharFilter(method="filter_q", label="Search query (search language)")
    owned = django_filters.BooleanFilter(
        method="filter_owned", label="Only cards you own (true) or do not own (false)"
    )

    class Meta:
        model = Card
        fields = ["game", "type", "set", "is_sample", "q", "owned"]

    def filter_set(self, cards: QuerySet[Card], name: str, value: str) -> QuerySet[Card]:
        printings = Printing.objects.filter(card=OuterRef("pk"), set__code__iexact=value)
        return cards.filter(Exists(printings))

    def filter_q(self, cards: QuerySet[Card], name: str, value: str) -> QuerySet[Card]:
        """Raises cards.search.QuerySyntaxError; the API turns it into a 400 with the position."""
        viewer = self.request.user if self.request is not None else None
        return card_search(query=value, cards=cards, viewer=viewer)

    def filter_owned(self, cards: QuerySet[Card], name: str, value: bool | None) -> QuerySet[Card]:
        """`owned:true` or `owned:false` of the search language, as a checkbox sets it."""
        if value is None:
            return cards
        viewer = self.request.user if self.request is not None else None
        return cards.filter(search_q(f"owned:{str(value).lower()}", viewer=viewer))


class WholeNumberField(forms.IntegerField):
    """An integer a database column can hold: past 64 bits SQLite refuses it in the query (a
    500, issue 43), so it is refused here, naming the parameter."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", -MAX_ID)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(*args, **kwargs)


class IntegerFilter(django_filters.NumberFilter):
    """A whole-number filter for ids: `id=7.5` is refused, not truncated, and so is a number no
    column holds."""

    field_class = WholeNumberField


class StatFilter(django_filters.NumberFilter):
    """A stat bound: any whole number (`hp_min=7.5` is refused, not truncated). comparison_q
    compares it as the search language's `hp>=N` does, past 64 bits included, so it needs no
    column's range."""

    field_class = forms.IntegerField


def _stat_filter(stat: str, operator: str) -> StatFilter:
    bound = "at least" if operator == ">=" else "at most"

    def filter_stat(cards: QuerySet[Card], name: str, value: int) -> QuerySet[Card]:
        return cards.filter(comparison_q(stat, operator, value))

    return StatFilter(method=filter_stat, label=f"{stat} {bound} (cards whose game has it)")


def _add_stat_filters(filterset: type[django_filters.FilterSet]) -> None:
    """`<stat>_min` and `<stat>_max` for every stat the search language knows."""
    for stat in _stat_names():
        filterset.base_filters[f"{stat}_min"] = _stat_filter(stat, ">=")
        filterset.base_filters[f"{stat}_max"] = _stat_filter(stat, "<=")


_add_stat_filters(CardFilterSet)


class CardSetFilterSet(django_filters.FilterSet):
    game = django_filters.ChoiceFilter(field_name="game__slug", choices=_game_choices)
    is_sample = django_filters.BooleanFilter()

    class Meta:
        model = CardSet
        fields = ["game", "is_sample"]
