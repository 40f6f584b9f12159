"""Content-Security-Policy (django-csp): every page says the site loads scripts, styles and
everything else only from itself and runs no inline script or style, so markup injected into a
page cannot run; and no page of ours needs more (inline code would be refused by browsers)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted(
    path
    for app in ("web", "events", "cards", "decks", "api", "deckwarden")
    for path in (ROOT / app).rglob("templates/**/*.html")
)
INLINE = re.compile(
    r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=|javascript:", re.IGNORECASE
)


@pytest.mark.parametrize("path", ["/", "/cards/", "/accounts/login/", "/api/v1/docs/", "/events/"])
def test_every_page_refuses_inline_code_and_other_hosts(client, db, path):
    policy = client.get(path)["Content-Security-Policy"]
    directives = dict(
        (part.split()[0], part.split()[1:]) for part in policy.split(";") if part.strip()
    )
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"] and directives["style-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"] and directives["object-src"] == ["'none'"]


def test_the_api_docs_page_starts_swagger_ui_from_a_file_not_an_inline_script(client, db):
    page = client.get("/api/v1/docs/").content.decode()
    assert "swagger-ui" in page.lower()
    assert not INLINE.search(page)


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_template_holds_inline_script_style_or_handler(template):
    found = INLINE.search(template.read_text())
    assert found is None, f"{found.group(0)!r}: the Content-Security-Policy refuses it"


def test_the_browsable_api_keeps_scripts_and_style_elements_to_the_site(client, db):
    response = client.get("/api/v1/games/", HTTP_ACCEPT="text/html")
    assert response["Content-Type"].startswith("text/html")
    policy = response["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "style-src 'self';" in policy
    assert "style-src-attr 'unsafe-inline'" in policy  # DRF's page sets a few style attributes
    assert "<style>" not in response.content.decode()
