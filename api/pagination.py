"""Page-number pagination whose query parameters are read as strictly as every other field."""

from __future__ import annotations

import re
from typing import Any

from django.core.paginator import Paginator
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from api.examples import EXAMPLE_ORIGIN
from basics.counted_pages import CappedCountPaginator
from basics.ids import integer_text


class Pagination(PageNumberPagination):
    """Page-number pagination; clients may ask for up to 200 results a page.

    DRF falls back to the first page or the default size when `page` or `page_size` cannot be
    read; here such a value is a 400 naming the parameter, like any other unreadable field. A
    page past the last one is still DRF's 404, and a size over 200 is still cut to 200.
    """

    page_size_query_param = "page_size"
    max_page_size = 200
    schema_path = "/api/v1/"  # the path of the operation being documented (api.schema)

    def get_page_size(self, request: Request) -> int | None:
        value = request.query_params.get(self.page_size_query_param)
        if not value:
            return self.page_size
        size = _positive_integer(value)
        if size is None:
            raise ValidationError(
                {self.page_size_query_param: [f"must be an integer from 1 to {self.max_page_size}"]}
            )
        return min(size, self.max_page_size)

    def get_page_number(self, request: Request, paginator: Paginator) -> Any:
        value = request.query_params.get(self.page_query_param)
        if not value:
            return 1
        if value in self.last_page_strings:
            return paginator.num_pages
        number = _positive_integer(value)
        if number is None:
            message = "must be a page number (1, 2, …) or last"
            raise ValidationError({self.page_query_param: [message]})
        return number

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_query_param:
                parameter["schema"] = {
                    "oneOf": [
                        {"type": "integer", "minimum": 1},
                        {"type": "string", "enum": list(self.last_page_strings)},
                    ]
                }
                parameter["description"] = "A page number (1, 2, …), or last."
            else:
                parameter["schema"]["minimum"] = 1
                parameter["description"] = f"Results a page: 1 to {self.max_page_size}."
        return parameters

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        """DRF's, with its example links on this operation's path (and a deck id or event token
        made up), not on a host that is not this service's."""
        paginated = super().get_paginated_response_schema(schema)
        address = EXAMPLE_ORIGIN + re.sub(r"\{\w+\}", "1", self.schema_path)
        paginated["properties"]["next"]["example"] = f"{address}?page=3"
        paginated["properties"]["previous"]["example"] = f"{address}?page=1"
        paginated["properties"]["count"].pop("example", None)
        return paginated


class SearchPagination(Pagination):
    """Pages of a search whose count stops a little past the page asked for (basics.counted_pages):
    `count` is exact when `count_exact` is true, and otherwise the number it passed ("more than
    `count`"). `?page=last` counts every match, to know which page is last."""

    django_paginator_class = CappedCountPaginator

    def get_page_number(self, request: Request, paginator: Paginator) -> Any:
        if request.query_params.get(self.page_query_param) in self.last_page_strings:
            paginator.count_all()
        number = super().get_page_number(request, paginator)
        paginator.count_through(number)
        return number

    def get_paginated_response(self, data: Any) -> Response:
        paginator = self.page.paginator
        return Response(
            {
                "count": paginator.count_shown,
                "count_exact": paginator.count_is_exact,
                "next": self.get_next_link(),
                "previous": self.get_previous_link(),
                "results": data,
            }
        )

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        paginated = super().get_paginated_response_schema(schema)
        paginated["properties"]["count"]["description"] = (
            "Matches: exact when count_exact is true, otherwise more than this."
        )
        # Not required: another list of cards (a user's own, /keeper/cards/) shares this
        # component and counts every card.
        paginated["properties"]["count_exact"] = {
            "type": "boolean",
            "description": "False when the search has more matches than count.",
        }
        return paginated


def _positive_integer(value: str) -> int | None:
    """`value` as an integer of at least 1 written in ASCII digits, or None."""
    number = integer_text(value)
    return number if number is not None and number >= 1 else None
