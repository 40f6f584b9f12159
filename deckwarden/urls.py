import re

from django.conf import settings
from django.contrib import admin
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path, re_path, register_converter
from django.views import defaults
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe
from django.views.static import serve as static_serve

from api.errors import json_404, json_500
from basics.database_faults import unavailable_response_for_current_error
from decks.links import DeckAddressConverter

# The admin says whose it is ("Deckwarden administration", not Django's default heading).
admin.site.site_header = "Deckwarden administration"
admin.site.site_title = "Deckwarden admin"

# `<deck:pk>`: a deck's id or its link token, in the API's paths and the site's alike.
register_converter(DeckAddressConverter, "deck")


def favicon(request: HttpRequest) -> HttpResponse:
    """Pages without the site's <link rel="icon"> (the admin's) make browsers ask for this."""
    return HttpResponsePermanentRedirect(static("web/favicon.svg"))


@require_safe
@cache_control(public=True, max_age=settings.MEDIA_CACHE_SECONDS, immutable=True)
def media(request: HttpRequest, path: str) -> HttpResponse:
    """An uploaded file under MEDIA_ROOT (card images), DEBUG on or off. Their names are their
    content's hash, so browsers may keep them for a year without asking again.

    Django's own static.serve reads the file: it keeps the path inside MEDIA_ROOT, lists no
    folder, and answers If-Modified-Since with a 304. WhiteNoise, which serves the static files,
    serves only files that exist when the process starts, so it cannot serve uploads. A
    deployment may serve MEDIA_ROOT from its proxy instead, or keep the files in object storage
    (DECKWARDEN_MEDIA_BUCKET; docs/operations/media.md), whose URLs point there."""
    return static_serve(request, path, document_root=settings.MEDIA_ROOT)


urlpatterns = [
    path("favicon.ico", favicon),
    path("admin/", admin.site.urls),
    path("api/v1/", include("api.urls")),
    path("", include("web.urls")),
]
if not settings.MEDIA_BUCKET and settings.MEDIA_URL.startswith("/"):
    urlpatterns.insert(0, re_path(rf"^{re.escape(settings.MEDIA_URL[1:])}(?P<path>.+)$", media))


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


# Elsewhere the site's own pages: templates 403.html, 404.html and 500.html (web/templates/),
# in the site's design, with a way back, whether DEBUG is on or off.
def handler403(request: HttpRequest, exception: Exception) -> HttpResponse:
    return defaults.permission_denied(request, exception)


def handler404(request: HttpRequest, exception: Exception) -> HttpResponse:
    """JSON under /api/ (clients parse every answer), the site's page elsewhere."""
    if _is_api(request):
        return json_404(request, exception)
    return defaults.page_not_found(request, exception)


def handler500(request: HttpRequest) -> HttpResponse:
    """A database that is down or read-only is a 503 (basics.database_faults), even when a
    middleware met it; any other error, JSON under /api/, Django's page elsewhere."""
    unavailable = unavailable_response_for_current_error(request)
    if unavailable is not None:
        return unavailable
    if _is_api(request):
        return json_500(request)
    return defaults.server_error(request)


if settings.DEBUG:
    urlpatterns.append(path("api-auth/", include("rest_framework.urls")))
