"""The browsable API (DRF's HTML pages of each endpoint) under the site's Content-Security-Policy.

Its template's inline code-highlighting styles are left out (api/templates/api/browsable_api.html).
Its page still sets a few `style` attributes (the filter and extra-action buttons), so these pages
alone let style attributes through; inline scripts and style elements stay refused.
"""

from __future__ import annotations

from typing import Any

from rest_framework import renderers


class BrowsableAPIRenderer(renderers.BrowsableAPIRenderer):
    template = "api/browsable_api.html"

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> Any:
        page = super().render(data, accepted_media_type, renderer_context)
        response = (renderer_context or {}).get("response")
        if response is not None:
            response._csp_update = {"style-src-attr": ["'unsafe-inline'"]}  # read by django-csp
        return page
