"""`Authorization: Token <key>` or `Authorization: Bearer <key>`: the API tokens of api.models
(hashed at rest), read with DRF's header parsing."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from .tokens import token_use


class TokenAuthentication(authentication.TokenAuthentication):
    """A token made on the website's account page or by `POST /api/v1/auth/token/`; the request's
    `auth` is the ApiToken, so `DELETE /api/v1/auth/token/` knows which one to revoke.

    The same key is taken after either keyword: `Token` (DRF's, the one this service has always
    named) or `Bearer` (RFC 6750's, which generated clients such as openapi-python-client send
    by default; issue 26, item 8). A 401 still names `Token` in WWW-Authenticate.

    A key holding a NUL character is an invalid token before the database is asked: PostgreSQL
    refuses to compare text holding a NUL, which turned such a header into a 500.
    """

    keywords = ("Token", "Bearer")

    def authenticate(self, request: Any) -> Any:
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() not in {k.lower().encode() for k in self.keywords}:
            return None
        if len(header) == 1:
            raise exceptions.AuthenticationFailed(_("Invalid token header. No key given."))
        if len(header) > 2:
            raise exceptions.AuthenticationFailed(_("Invalid token header. A key has no spaces."))
        try:
            key = header[1].decode()
        except UnicodeError:
            raise exceptions.AuthenticationFailed(_("Invalid token header.")) from None
        return self.authenticate_credentials(key)

    def authenticate_credentials(self, key: str) -> Any:
        token = None if "\x00" in key else token_use(key=key)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        return (token.user, token)


class TokenScheme(OpenApiAuthenticationExtension):
    """The schema's word for it: an HTTP bearer scheme (so the docs page's Authorize sends
    `Bearer <key>`), whose description says `Token <key>` is read the same."""

    target_class = TokenAuthentication
    name = "tokenAuth"
    priority = 1  # over drf-spectacular's own extension for DRF's TokenAuthentication

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "An API token (from `POST /api/v1/auth/token/` or the account page), "
            "sent as `Authorization: Bearer <key>` or, the same, `Authorization: Token <key>`.",
        }
