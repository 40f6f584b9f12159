"""`?ordering=` on list operations (issue 18, item 10): DRF's OrderingFilter, read as strictly
as every other parameter.

A list view names the fields it can be ordered by in `ordering_fields`; `?ordering=-date,name`
orders by them (`-` for descending), the view's own order breaking ties so pages stay stable.
A field the view does not offer is a 400 naming `ordering`, where DRF would silently ignore it.
A view without `ordering_fields` offers no ordering and keeps its own order.
"""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ValidationError
from rest_framework.filters import OrderingFilter


class Ordering(OrderingFilter):
    def get_ordering(self, request: Any, queryset: Any, view: Any) -> list[str] | None:
        offered = getattr(view, "ordering_fields", None)
        value = request.query_params.get(self.ordering_param)
        if not offered or value is None:
            return None
        terms = [term.strip() for term in value.split(",")]
        unknown = [term for term in terms if term.removeprefix("-") not in offered]
        if unknown or not all(terms):
            choices = ", ".join(offered)
            message = f"must be fields among {choices} (each may start with -); not {value!r}"
            raise ValidationError({self.ordering_param: [message]})
        return [*terms, *queryset.query.order_by, "pk"]

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        offered = getattr(view, "ordering_fields", None)
        if not offered:
            return []
        field = "-?(?:" + "|".join(offered) + ")"
        return [
            {
                "name": self.ordering_param,
                "required": False,
                "in": "query",
                "description": f"Order by {', '.join(offered)}; comma-separated, - descending.",
                "schema": {"type": "string", "pattern": f"^{field}(?:,{field})*$"},
            }
        ]
