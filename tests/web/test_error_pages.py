"""The site's own error pages (issue 27 item 5): 403, 404 and 500 in the site's design with a
way back, on one base (web/errors/base.html) that another status page can extend; the API keeps
its JSON errors."""

from __future__ import annotations

from pathlib import Path

from django.core.exceptions import PermissionDenied
from django.test import RequestFactory

from deckwarden import urls


def test_a_missing_page_is_the_sites_404_with_links_back(client, db):
    response = client.get("/decks/no-such-deck-here-at-all/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "There is nothing at this address" in html
    assert 'href="/">Go to the home page</a>' in html and "/static/web/site.css" in html
    assert "URLconf" not in html


def test_the_api_still_answers_json_for_a_missing_address(client, db):
    response = client.get("/api/v1/no-such-thing/")
    assert response.status_code == 404 and response.json()["code"] == "not_found"


def test_a_refusal_is_the_sites_403_page(db):
    request = RequestFactory().get("/tools/test-games/x/cancel/")
    response = urls.handler403(request, PermissionDenied("no"))
    html = response.content.decode()
    assert response.status_code == 403 and "You may not do this here" in html
    assert "Go to the home page" in html


def test_a_server_failure_is_the_sites_500_page_drawn_without_the_database(db):
    """Django draws the 500 page without the request's context: it needs no user or query."""
    request = RequestFactory().get("/decks/")
    response = urls.handler500(request)
    html = response.content.decode()
    assert response.status_code == 500 and "Something went wrong on our side" in html
    assert "Go to the home page" in html


def test_every_error_page_extends_the_one_error_base():
    templates = Path(urls.__file__).resolve().parents[1] / "web" / "templates"
    for name in ("403.html", "404.html", "500.html"):
        assert (templates / name).read_text().startswith('{% extends "web/errors/base.html" %}')
