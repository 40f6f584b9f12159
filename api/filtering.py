"""List filters (django-filter) that build, check and apply only the filters a request names.

A filter whose parameter is absent filters nothing (django-filter skips an empty value), yet
the FilterSet still made it a form field, copied that field into its form and cleaned it on
every request: with a lower and an upper bound for each stat of the search language
(cards.filtersets.CardFilterSet's 28 filters) that was 1.2 ms of a search page's CPU
(bench/search.py, issue 44). The browsable API's filter form (`to_html`) still offers them all.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet
from django_filters import Filter, utils
from django_filters.rest_framework import DjangoFilterBackend


class AskedFilters(DjangoFilterBackend):
    def filter_queryset(self, request: Any, queryset: QuerySet, view: Any) -> QuerySet:
        filterset = self.get_filterset(request, queryset, view)
        if filterset is None:
            return queryset
        params = request.query_params
        filterset.filters = {
            name: filter_
            for name, filter_ in filterset.filters.items()
            if name in params or not _absent_is_nothing(filter_)
        }
        if not filterset.is_valid() and self.raise_exception:
            raise utils.translate_validation(filterset.errors)
        return filterset.qs


def _absent_is_nothing(filter_: Filter) -> bool:
    """Whether the filter, without a parameter of its own name, certainly does nothing: it is
    not required (its absence is an error to report) and its widget reads that one name (a
    range's reads `name_min` and `name_max`)."""
    widget = filter_.extra.get("widget", filter_.field_class.widget)
    widget_class = widget if isinstance(widget, type) else type(widget)
    return not filter_.extra.get("required") and not issubclass(widget_class, forms.MultiWidget)
