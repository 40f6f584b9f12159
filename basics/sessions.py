"""Django's database sessions, refusing a session cookie no session can have before a query."""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import db
from django.contrib.sessions.backends.base import VALID_KEY_CHARS


class SessionStore(db.SessionStore):
    """Database sessions; a cookie holding characters Django never puts in a key (a NUL, which
    PostgreSQL cannot even compare) reads as no session rather than failing the request."""

    def _validate_session_key(self, key: Any) -> bool:
        return bool(super()._validate_session_key(key)) and set(key) <= _KEY_CHARS


_KEY_CHARS = frozenset(VALID_KEY_CHARS)
