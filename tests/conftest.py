"""Shared fixtures: an API client and three users (alice, bob, charlie), healthchecks-style.

Alice owns things, Bob is another ordinary user, Charlie should have no access to Alice's stuff.
"""

import json
import uuid
from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from django.test.client import ClientHandler
from rest_framework.test import APIClient

import tests.hypothesis_profile  # noqa: F401  (the suite's Hypothesis settings, loaded on import)


@pytest.fixture(autouse=True, scope="session")
def only_enumerated_codes() -> Iterator[None]:
    """Every report and every error answer the suite meets carries a code the schema enumerates
    (api.codes): a code added without being listed fails the first test that reaches it, and a
    generated client, which refuses a value its enum lacks, never meets one."""
    from api.codes import ERROR_CODES, issue_codes
    from rulebook.core.report import Report
    from rulebook.registry import RULESETS

    add = Report.add

    def add_listed(report: Report, issue) -> None:
        listed = RULESETS[report.game].codes if report.game else issue_codes()
        assert issue.code in listed, f"{report.game} issue code {issue.code!r} is not listed"
        add(report, issue)

    answer = ClientHandler.__call__

    def answer_listed(handler, environ):
        response = answer(handler, environ)
        if (
            not response.streaming
            and response.status_code >= 300
            and response.get("Content-Type", "").startswith(
                ("application/json", "application/problem+json")
            )
        ):
            code = json.loads(response.content).get("code") if response.content else None
            assert code is None or code in ERROR_CODES, f"error code {code!r} is not listed"
        return response

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Report, "add", add_listed)
        patch.setattr(ClientHandler, "__call__", answer_listed)
        yield


@pytest.fixture(autouse=True)
def no_rate_limits(settings) -> None:
    """Rate limits off, each test with a cache of its own: the suite's thousands of requests
    from one address must not throttle each other. Tests of the limits set rates themselves."""
    rates = dict.fromkeys(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": str(uuid.uuid4()),
        }
    }


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def _user(username: str):
    return get_user_model().objects.create_user(username, f"{username}@example.org", "password")


@pytest.fixture
def alice(db):
    return _user("alice")


@pytest.fixture
def bob(db):
    return _user("bob")


@pytest.fixture
def charlie(db):
    return _user("charlie")


@pytest.fixture
def alice_api(alice) -> APIClient:
    client = APIClient()
    client.force_authenticate(alice)
    return client


@pytest.fixture
def charlie_api(charlie) -> APIClient:
    client = APIClient()
    client.force_authenticate(charlie)
    return client


@pytest.fixture
def sqlite_of_999_variables():
    """SQLite as many builds ship it: 999 variables a statement before 3.32 (Debian's allows
    250,000). Lookups whose lists grow with the request must still fit (basics.chunks)."""
    import sqlite3

    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("the variable limit is SQLite's")
    connection.ensure_connection()
    raw = connection.connection
    before = raw.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 999)
    yield
    raw.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, before)


@pytest.fixture
def media_root(settings, tmp_path):
    """Uploaded files (card images) go to a folder of this test's own, returned."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def private_root(settings, tmp_path):
    """Private files (proxies printed in the background) go to a folder of this test's own,
    returned."""
    folder = tmp_path / "private"
    storage = {"BACKEND": "django.core.files.storage.FileSystemStorage"}
    settings.STORAGES = {
        **settings.STORAGES,
        "private": {**storage, "OPTIONS": {"location": folder}},
    }
    return folder
