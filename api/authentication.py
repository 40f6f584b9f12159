"""`Authorization: Token <key>`: the API tokens of api.models (hashed at rest), read with DRF's
header parsing."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions

from .tokens import token_use


class TokenAuthentication(authentication.TokenAuthentication):
    """A token made on the website's account page or by `POST /api/v1/auth/token/`; the request's
    `auth` is the ApiToken, so `DELETE /api/v1/auth/token/` knows which one to revoke.

    A key holding a NUL character is an invalid token before the database is asked: PostgreSQL
    refuses to compare text holding a NUL, which turned such a header into a 500.
    """

    def authenticate_credentials(self, key: str) -> Any:
        token = None if "\x00" in key else token_use(key=key)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        return (token.user, token)
