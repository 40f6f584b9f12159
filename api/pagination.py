"""Page-number pagination whose query parameters are read as strictly as every other field."""

from __future__ import annotations

import re
from typing import Any

from django.core.paginator import Paginator
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request

from api.examples import EXAMPLE_ORIGIN
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


def _positive_integer(value: str) -> int | None:
    """`value` as an integer of at least 1 written in ASCII digits, or None."""
    number = integer_text(value)
    return number if number is not None and number >= 1 else None
