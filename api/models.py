"""API tokens, the one token system: a user keeps several, each named for the script that uses
it (the website's account page and `POST /api/v1/auth/token/` both make them), and revokes one
without breaking the others. Only a digest of each key is stored; a password change ends them
all (api/signals.py)."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.db import models


def key_digest(key: str) -> str:
    """Only the sha256 of a key is stored: a leaked database row does not authenticate."""
    return hashlib.sha256(key.encode()).hexdigest()


class ApiToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=100)
    key_digest = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=8, help_text="The key's first characters, to tell it.")
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["user", "-created", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"
