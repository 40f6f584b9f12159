"""Creating, listing and revoking a user's named API tokens."""

from __future__ import annotations

import secrets

from django.contrib.auth.base_user import AbstractBaseUser
from django.db.models import QuerySet

from .models import ApiToken, key_digest

MAX_TOKENS_PER_USER = 25


class TooManyTokens(Exception):
    """The user already has MAX_TOKENS_PER_USER tokens; revoke one first."""


def token_list(*, user: AbstractBaseUser) -> QuerySet[ApiToken]:
    return ApiToken.objects.filter(user=user).order_by("-created", "-id")


def token_create(*, user: AbstractBaseUser, name: str) -> tuple[ApiToken, str]:
    """A new token and its key; the key is shown to the user once and never stored."""
    if token_list(user=user).count() >= MAX_TOKENS_PER_USER:
        raise TooManyTokens
    key = secrets.token_hex(20)
    token = ApiToken.objects.create(
        user=user, name=name, key_digest=key_digest(key), prefix=key[:8]
    )
    return token, key


def token_revoke(*, user: AbstractBaseUser, token_id: int) -> bool:
    """Delete one of the user's tokens; False if they have none with this id."""
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)


def token_user(*, key: str) -> AbstractBaseUser | None:
    """The active user a named token's key belongs to, if any."""
    token = ApiToken.objects.select_related("user").filter(key_digest=key_digest(key)).first()
    return token.user if token is not None and token.user.is_active else None
