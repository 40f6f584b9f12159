"""Static files are served by WhiteNoise with DEBUG off, and the docs page uses no CDN."""

import re

import pytest
from django.test import override_settings


@override_settings(DEBUG=False)
@pytest.mark.parametrize(
    "path",
    [
        "/static/web/site.css",
        "/static/web/htmx.min.js",
        "/static/admin/css/base.css",
        "/static/rest_framework/css/bootstrap.min.css",
        "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js",
    ],
)
def test_it_serves_static_files_with_debug_off(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert b"".join(response.streaming_content)


@pytest.mark.django_db
def test_it_serves_the_docs_page_from_its_own_static_files(client):
    html = client.get("/api/v1/docs/").content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert any("swagger-ui-bundle.js" in asset for asset in assets)
    assert all(asset.startswith("/") for asset in assets), assets
    assert "cdn" not in html.lower()


@override_settings(DEBUG=False)
def test_favicon_ico_leads_to_the_sites_icon(client):
    """The admin's pages link no icon, so browsers ask /favicon.ico; it is not a 404."""
    response = client.get("/favicon.ico", follow=True)
    assert response.status_code == 200
    assert response.redirect_chain[-1][0].endswith("favicon.svg")


@pytest.mark.django_db
def test_the_admin_is_headed_with_the_sites_name(client):
    html = client.get("/admin/login/").content.decode()
    assert "Deckwarden administration" in html and "Django administration" not in html
