"""Issue 15, item 10: PostgreSQL closing a connection (idle timeout, failover, an admin's
pg_terminate_backend) must not turn the next request of each server process into a 500. A
persistent connection (CONN_MAX_AGE) is checked before a request reuses it (CONN_HEALTH_CHECKS).

Through gunicorn, as in production: its worker keeps its connection between requests (the
test client and the live test server do not)."""

from __future__ import annotations

import pytest
from django.conf import settings

from .servers import get, gunicorn, terminate_other_sessions

pytestmark = [
    pytest.mark.skipif(not settings.IS_POSTGRES, reason="needs PostgreSQL (DATABASE_URL)"),
    pytest.mark.django_db(transaction=True),
]


def test_the_next_request_after_the_database_closed_the_connection_answers():
    with gunicorn() as server:
        assert get(server, "/api/v1/games/").status == 200  # its connection is now kept
        assert terminate_other_sessions() >= 1
        assert get(server, "/api/v1/games/").status == 200
        assert get(server, "/api/v1/games/").status == 200
