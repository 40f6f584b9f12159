"""Named API tokens: a user keeps several, each named for the script that uses it, and revokes
one without breaking the others (DRF's authtoken allows one token per user)."""

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

    class Meta:
        ordering = ["user", "-created", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"
