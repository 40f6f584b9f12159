"""DRF's token authentication, refusing keys no token can have before the database is asked."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions

from .tokens import token_user


class TokenAuthentication(authentication.TokenAuthentication):
    """`Authorization: Token <key>`: a named token made on the website's account page, or the
    one DRF token `POST /api/v1/auth/token/` hands out. A key holding a NUL character is an
    invalid token.

    DRF looks any key up as sent, and PostgreSQL refuses to compare text holding a NUL, which
    turned such a header into a 500 on every endpoint.
    """

    def authenticate_credentials(self, key: str) -> Any:
        if "\x00" in key:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user = token_user(key=key)
        if user is not None:
            return (user, key)
        return super().authenticate_credentials(key)
