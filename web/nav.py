"""The nav bar's links, for every page (a template context processor).

Each link names a URL; a link whose URL is not installed (the API docs' under a project that
mounts no API, say) is left out rather than breaking every page.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse

NAV_LINKS = (
    ("Cards", "web:card-search"),
    ("Decks", "web:deck-list"),
    ("Tools", "tools:index"),
    ("Events", "events:index"),
    ("Contribute", "web:contribute"),
    ("API docs", "docs"),
)


def nav_links(request: HttpRequest) -> dict[str, list[dict[str, str | bool]]]:
    links = []
    for label, url_name in NAV_LINKS:
        try:
            url = reverse(url_name)
        except NoReverseMatch:
            continue
        current = request.path.startswith(url) and url != "/"
        links.append({"label": label, "url": url, "current": current})
    return {"nav_links": links}
