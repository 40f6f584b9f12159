"""Website tests: the sample cards as `make run` loads them, and logged-in clients."""

import io

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client


@pytest.fixture
def samples(db) -> None:
    call_command("load_samples", stdout=io.StringIO())


@pytest.fixture(autouse=True)
def fresh_attempt_counts():
    """Sign-up and log-in attempts are counted in the cache; each test starts from none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def alice_client(alice) -> Client:
    client = Client()
    client.force_login(alice)
    return client


@pytest.fixture
def charlie_client(charlie) -> Client:
    client = Client()
    client.force_login(charlie)
    return client
