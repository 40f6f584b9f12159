"""Creating, listing, using and revoking a user's API tokens (api.models.ApiToken)."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.contrib.auth.base_user import AbstractBaseUser
from django.db.models import Q, QuerySet
from django.utils import timezone

from .models import ApiToken, key_digest

MAX_TOKENS_PER_USER = 25
# A token's last use is written at most this often, not on every request it authenticates.
LAST_USED_PRECISION = timedelta(minutes=1)


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


def token_revoke_all(*, user: AbstractBaseUser) -> int:
    """Delete every token of the user (their password changed); how many there were."""
    deleted, _ = ApiToken.objects.filter(user=user).delete()
    return deleted


def token_use(*, key: str) -> ApiToken | None:
    """The token with this key, if its user is active, noting that it was used."""
    token = ApiToken.objects.select_related("user").filter(key_digest=key_digest(key)).first()
    if token is None or not token.user.is_active:
        return None
    now = timezone.now()
    stale = Q(last_used__isnull=True) | Q(last_used__lt=now - LAST_USED_PRECISION)
    ApiToken.objects.filter(stale, pk=token.pk).update(last_used=now)
    return token
