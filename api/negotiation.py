"""Content negotiation, one rule for every operation (issue 18, item 7).

An operation with several representations (a deck's export: json or text; an event's report
and a batch: json or csv) answers the one `?format=` names, whatever Accept says: a client that
names the format in the address asked for it. Without `?format=`, Accept chooses, JSON by
default. `?format=` naming no representation of such an operation is a 400 naming `format`.
Elsewhere `?format=` is not the renderer's (on /validate/ it is the deck's format) and Accept
alone chooses; a client that accepts only application/problem+json gets JSON answers and
problem details for errors (api.errors), never a 406.

An OPTIONS answer (the endpoint's description) is always JSON: DRF rendered it with whatever
renderer the view would use, and a CSV report's or the docs page's cannot render one (a 500).
"""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ValidationError
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer, BrowsableAPIRenderer, JSONRenderer
from rest_framework.settings import api_settings

FORMAT = "format"
PROBLEM_JSON = "application/problem+json"


def asks_for_problem_json(request: Any) -> bool:
    return PROBLEM_JSON in request.META.get("HTTP_ACCEPT", "")


class _NoFormatOverride:
    """DRF's settings without its `?format=` renderer override: the rule above replaces it."""

    URL_FORMAT_OVERRIDE = None

    def __getattr__(self, name: str) -> Any:
        return getattr(api_settings, name)


def representations(renderers: list[BaseRenderer]) -> dict[str, BaseRenderer]:
    """An operation's answers by format name, when it has more than one (the browsable API's
    HTML is JSON for people, not a representation of its own)."""
    found = {r.format: r for r in renderers if not isinstance(r, BrowsableAPIRenderer)}
    return found if len(found) > 1 else {}


class ContentNegotiation(DefaultContentNegotiation):
    settings = _NoFormatOverride()

    def select_renderer(
        self, request: Any, renderers: list[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        if request.method == "OPTIONS":
            return (JSONRenderer(), JSONRenderer.media_type)
        choices = representations(renderers)
        wanted = request.query_params.get(FORMAT)
        if choices and wanted is not None:
            if wanted not in choices:
                message = f"must be one of {', '.join(choices)}; not {wanted!r}"
                raise ValidationError({FORMAT: [message]})
            return choices[wanted], choices[wanted].media_type
        try:
            return super().select_renderer(request, renderers, format_suffix)
        except Exception:
            if asks_for_problem_json(request):
                json = next(r for r in renderers if isinstance(r, JSONRenderer))
                return json, json.media_type
            raise


class OneRepresentation(ContentNegotiation):
    """For an operation of its own for one non-JSON answer (a report's CSV, a deck's text;
    issue 26, item 9): that answer, whatever Accept says, so a generated client, which types
    an operation by its one media type, always gets what it was typed for. Errors stay JSON
    (api.errors), and an OPTIONS answer too."""

    def select_renderer(
        self, request: Any, renderers: list[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        if request.method == "OPTIONS":
            return (JSONRenderer(), JSONRenderer.media_type)
        return renderers[0], renderers[0].media_type
